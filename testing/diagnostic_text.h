// What a test prints and counts of the diagnostics a CollectingSink gathered.
#pragma once

#include "formats/common/diagnostics.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace vtxc::test {

// How many diagnostics carry `code`.
inline std::size_t countCode(const CollectingSink& sink, std::string_view code) {
    std::size_t n = 0;
    for (const Diagnostic& d : sink.diagnostics())
        n += d.code == code;
    return n;
}

// Every diagnostic, formatted as the command line prints it, one a line (for failure messages).
inline std::string diagnosticsText(const CollectingSink& sink) {
    std::string out;
    for (const Diagnostic& d : sink.diagnostics())
        out += formatDiagnostic(d) + "\n";
    return out;
}

} // namespace vtxc::test
