#include "formats/common/diagnostic_catalogue.h"

#include <utility>

namespace vtxc {

void DiagnosticSink::report(const DiagnosticCode& code, SourceLocation location,
                            std::string message) {
    report(
        {code.severity, std::string(code.id), std::move(location), std::move(message), code.exit});
}

const DiagnosticCode* findCode(const DiagnosticCatalogue& catalogue, std::string_view id) {
    for (const DiagnosticCode& code : catalogue.codes)
        if (code.id == id) return &code;
    return nullptr;
}

std::string_view exitLabel(ExitCode exit) {
    switch (exit) {
    case ExitCode::Ok:
        return "ok";
    case ExitCode::Usage:
        return "usage";
    case ExitCode::Io:
        return "I/O";
    case ExitCode::InvalidInput:
        return "invalid input";
    case ExitCode::Internal:
        return "internal";
    case ExitCode::QualityRegression:
        return "quality regression";
    }
    return "internal";
}

} // namespace vtxc
