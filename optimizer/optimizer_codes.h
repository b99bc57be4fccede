// Diagnostic codes of the mesh algorithms (optimizer/): OPT001-OPT002, reported while strip
// groups are built for one mesh and one .vtx variant.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kOptimizerCodeList[] = {
    {"OPT001", Severity::Error, ExitCode::InvalidInput,
     "a vertex or triangle uses more bones than the .vtx variant allows",
     "raise --bones-per-strip, or reduce the bone weights of that part of the mesh"},
    {"OPT002", Severity::Error, ExitCode::Internal,
     "a triangle refers to a vertex the mesh does not have (a bug in vtxc)",
     "report the bug with the input that shows it"},
};

inline constexpr DiagnosticCatalogue kOptimizerCodes{"OPT", "Strip builder", kOptimizerCodeList};

} // namespace vtxc
