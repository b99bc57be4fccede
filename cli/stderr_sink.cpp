// Diagnostic sink of the command line: one formatted line per diagnostic on stderr.
// Kept apart from the library, which never prints.
#include "cli/command.h"

namespace vtxc::cli {

void StderrSink::deliver(const Diagnostic& diagnostic) {
    if (quiet_ && diagnostic.severity != Severity::Error) return;
    if (diagnostic.severity != Severity::Error && shownRepeats_ > 0) {
        const auto key = std::make_pair(diagnostic.code, diagnostic.message);
        auto [it, added] = repeats_.try_emplace(key);
        if (added) {
            it->second.first = diagnostic;
            order_.push_back(key);
        }
        if (++it->second.seen > shownRepeats_) return;
    }
    std::fprintf(stderr, "%s\n", formatDiagnostic(diagnostic).c_str());
}

StderrSink::~StderrSink() {
    for (const auto& key : order_) {
        const Repeats& repeats = repeats_.at(key);
        if (repeats.seen <= shownRepeats_) continue;
        Diagnostic summary = repeats.first;
        summary.severity = Severity::Note;
        summary.message = std::to_string(repeats.seen - shownRepeats_) + " more time(s) at other "
                          "places, not shown (--all-warnings shows every one): " +
                          repeats.first.message;
        std::fprintf(stderr, "%s\n", formatDiagnostic(summary).c_str());
    }
}

int exitStatusOf(const DiagnosticSink& sink) {
    return static_cast<int>(sink.exitCode());
}

} // namespace vtxc::cli
