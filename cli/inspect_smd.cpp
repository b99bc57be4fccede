// `vtxc inspect FILE.smd`: interim body until the SMD reader lands (owned by the SMD work).
#include "cli/inspect.h"

namespace vtxc::cli {
void inspectSmd(const std::filesystem::path& file, bool, DiagnosticSink& sink) {
    sink.error("CLI002", {file.string()}, "SMD inspection is not built yet", ExitCode::Internal);
}
} // namespace vtxc::cli
