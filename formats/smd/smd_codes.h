// Diagnostic codes of the SMD reader (formats/smd): SMD001-SMD023. Reported with the file, line
// and column of the offending text; every error makes the file unusable (exit status 3).
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kSmdCodeList[] = {
    {"SMD001", Severity::Error, ExitCode::InvalidInput,
     "the first line is not 'version N', or the file is empty",
     "start the file with the line 'version 1'"},
    {"SMD002", Severity::Error, ExitCode::InvalidInput, "'version N' with N other than 1",
     "write 'version 1': it is the only SMD version"},
    {"SMD003", Severity::Error, ExitCode::InvalidInput,
     "a value that does not parse as the number expected there",
     "write the value as a plain decimal (3, -1.250000)"},
    {"SMD004", Severity::Error, ExitCode::InvalidInput, "a value is NaN or infinite",
     "fix the broken value in the modelling tool and export again"},
    {"SMD005", Severity::Error, ExitCode::InvalidInput,
     "a line has fewer values than its kind needs",
     "complete the line (vertex: bone x y z nx ny nz u v; pose: bone px py pz rx ry rz)"},
    {"SMD006", Severity::Error, ExitCode::InvalidInput,
     "a 'links' count is negative, above 128, or more than the pairs on the line",
     "make the count match the bone/weight pairs that follow it"},
    {"SMD007", Severity::Error, ExitCode::InvalidInput, "values left over after a complete line",
     "remove the extra values"},
    {"SMD008", Severity::Error, ExitCode::InvalidInput,
     "a vertex or link names a bone that is not in 'nodes'",
     "fix the bone number, or add the bone to 'nodes'"},
    {"SMD009", Severity::Error, ExitCode::InvalidInput, "a link weight below 0",
     "give every link a weight of 0 or more"},
    {"SMD010", Severity::Error, ExitCode::InvalidInput,
     "a node index other than the number of nodes before it",
     "number the nodes 0, 1, 2... in order"},
    {"SMD011", Severity::Error, ExitCode::InvalidInput,
     "a node's parent is neither -1 nor an earlier node",
     "use -1 for a root, or list the parent before its children"},
    {"SMD012", Severity::Error, ExitCode::InvalidInput, "a node name without its double quotes",
     "write the name in double quotes: 0 \"root\" -1"},
    {"SMD013", Severity::Error, ExitCode::InvalidInput,
     "a skeleton line poses a bone that is not in 'nodes'",
     "fix the bone number, or add the bone to 'nodes'"},
    {"SMD014", Severity::Error, ExitCode::InvalidInput,
     "a triangle cut off by 'end', another material line or the end of the file",
     "give every triangle a material line and three vertex lines; export the file again"},
    {"SMD015", Severity::Error, ExitCode::InvalidInput,
     "NUL or other control bytes: not a text file (binary data, or UTF-16)",
     "export the SMD as plain ASCII or UTF-8 text"},
    {"SMD016", Severity::Error, ExitCode::InvalidInput,
     "a line outside any section that is not a section keyword",
     "check for a missing or doubled 'end' line"},
    {"SMD017", Severity::Warning, ExitCode::Ok, "a section is still open at the end of the file",
     "add 'end' after the section's last line"},
    {"SMD018", Severity::Error, ExitCode::InvalidInput, "no 'nodes' or no 'skeleton' section",
     "export the file with its bones and at least the frame 'time 0'"},
    {"SMD019", Severity::Error, ExitCode::InvalidInput,
     "a section repeated, or 'skeleton'/'triangles' before 'nodes'",
     "keep one section of each kind, 'nodes' first"},
    {"SMD020", Severity::Error, ExitCode::InvalidInput,
     "a frame 'time N' is negative or not after the previous frame",
     "number the frames upwards from 'time 0'"},
    {"SMD021", Severity::Error, ExitCode::InvalidInput, "a bone is posed twice in one frame",
     "keep one line per bone and frame"},
    {"SMD022", Severity::Error, ExitCode::InvalidInput, "a bone pose before any 'time' line",
     "start each frame with 'time N'"},
    {"SMD023", Severity::Warning, ExitCode::Ok,
     "the 'vertexanimation' section (flex shapes) is skipped",
     "nothing, unless the model needs flexes: vtxc does not compile them"},
};

inline constexpr DiagnosticCatalogue kSmdCodes{"SMD", "SMD reader", kSmdCodeList};

} // namespace vtxc
