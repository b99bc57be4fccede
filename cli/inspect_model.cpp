// `vtxc inspect` of compiled files: interim body until the VVD/VTX/MDL readers land.
#include "cli/inspect.h"

namespace vtxc::cli {
void inspectCompiledFile(const std::filesystem::path& file, bool, DiagnosticSink& sink) {
    sink.error("CLI002", {file.string()}, "compiled-file inspection is not built yet",
               ExitCode::Internal);
}
void inspectModel(const std::filesystem::path& basePath, bool, DiagnosticSink& sink) {
    sink.error("CLI002", {basePath.string()}, "model inspection is not built yet",
               ExitCode::Internal);
}
} // namespace vtxc::cli
