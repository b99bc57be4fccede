// Diagnostic codes of the mesh algorithms (optimizer/): OPT001, reported while strip
// groups are built for one mesh and one .vtx variant.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kOptimizerCodeList[] = {
    {"OPT001", Severity::Error, ExitCode::InvalidInput,
     "a vertex or triangle uses more bones than the .vtx variant allows",
     "raise --bones-per-strip, or reduce the bone weights of that part of the mesh"},
};

inline constexpr DiagnosticCatalogue kOptimizerCodes{"OPT", "Strip builder", kOptimizerCodeList};

} // namespace vtxc
