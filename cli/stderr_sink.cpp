// Diagnostic sink of the command line: one formatted line per diagnostic on stderr.
// Kept apart from the library, which never prints.
#include "cli/command.h"

namespace vtxc::cli {

void StderrSink::deliver(const Diagnostic& diagnostic) {
    if (quiet_ && diagnostic.severity != Severity::Error) return;
    std::fprintf(stderr, "%s\n", formatDiagnostic(diagnostic).c_str());
}

int exitStatusOf(const DiagnosticSink& sink) {
    return static_cast<int>(sink.exitCode());
}

} // namespace vtxc::cli
