// Diagnostic codes of the command line's own argument checks (cli/): CLI010-CLI013, all usage
// errors (exit status 1). Errors CLI11 finds itself (unknown options, missing values) are printed
// by CLI11 without a code.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kCliCodeList[] = {
    {"CLI010", Severity::Error, ExitCode::Usage, "--variants is not a list of dx90, dx80, sw",
     "give a comma-separated list such as dx90,dx80"},
    {"CLI011", Severity::Error, ExitCode::Usage,
     "--lod is not SWITCH=FILE.smd with a switch point above 0", "write e.g. --lod 10=lod1.smd"},
    {"CLI012", Severity::Error, ExitCode::Usage,
     "a list or range option of `vtxc tune` is malformed or out of limits",
     "give a list such as 16,24,32 or a range such as 12:32 (or 12:32:4)"},
    {"CLI013", Severity::Error, ExitCode::Usage,
     "--lod, --shadow-lod or --static-prop given with a QC",
     "set these in the QC with $lod, $shadowlod and $staticprop"},
};

inline constexpr DiagnosticCatalogue kCliCodes{"CLI", "Command line", kCliCodeList};

} // namespace vtxc
