// Diagnostics: formatting of located messages and the counting logic shared by every sink.
// Format follows the GNU "file:line:col: severity: message" convention, with a bracketed code.
#include "formats/common/diagnostics.h"

#include <algorithm>

namespace vtxc {

const char* severityLabel(Severity severity) {
    switch (severity) {
    case Severity::Note:
        return "note";
    case Severity::Warning:
        return "warning";
    case Severity::Error:
        return "error";
    }
    return "error";
}

namespace {

// Exit statuses ordered by how much they say: internal > invalid input > I/O > usage.
int exitRank(ExitCode code) {
    switch (code) {
    case ExitCode::Ok:
        return 0;
    case ExitCode::Usage:
        return 1;
    case ExitCode::QualityRegression:
        return 2;
    case ExitCode::Io:
        return 3;
    case ExitCode::InvalidInput:
        return 4;
    case ExitCode::Internal:
        return 5;
    }
    return 5;
}
} // namespace

std::string formatDiagnostic(const Diagnostic& diagnostic) {
    std::string out;
    const SourceLocation& where = diagnostic.location;
    if (!where.file.empty()) {
        out += where.file;
        if (where.line > 0) {
            out += ':' + std::to_string(where.line);
            if (where.column > 0) out += ':' + std::to_string(where.column);
        }
        out += ": ";
    }
    out += severityLabel(diagnostic.severity);
    if (!diagnostic.code.empty()) out += '[' + diagnostic.code + ']';
    out += ": ";
    out += diagnostic.message;
    return out;
}

void DiagnosticSink::report(Diagnostic diagnostic) {
    if (diagnostic.severity == Severity::Error) {
        ++errors_;
        if (exitRank(diagnostic.kind) > exitRank(worst_)) worst_ = diagnostic.kind;
    } else if (diagnostic.severity == Severity::Warning) {
        ++warnings_;
    }
    deliver(diagnostic);
}

void DiagnosticSink::error(std::string code, SourceLocation location, std::string message,
                           ExitCode kind) {
    report({Severity::Error, std::move(code), std::move(location), std::move(message), kind});
}

void DiagnosticSink::warning(std::string code, SourceLocation location, std::string message) {
    report({Severity::Warning, std::move(code), std::move(location), std::move(message),
            ExitCode::Ok});
}

void DiagnosticSink::note(std::string code, SourceLocation location, std::string message) {
    report(
        {Severity::Note, std::move(code), std::move(location), std::move(message), ExitCode::Ok});
}

const Diagnostic* CollectingSink::find(std::string_view code) const {
    auto it = std::find_if(diagnostics_.begin(), diagnostics_.end(),
                           [&](const Diagnostic& d) { return d.code == code; });
    return it == diagnostics_.end() ? nullptr : &*it;
}

std::vector<Diagnostic> CollectingSink::errors() const {
    std::vector<Diagnostic> out;
    std::copy_if(diagnostics_.begin(), diagnostics_.end(), std::back_inserter(out),
                 [](const Diagnostic& d) { return d.severity == Severity::Error; });
    return out;
}

} // namespace vtxc
