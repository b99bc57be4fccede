// Diagnostic codes of the model tools (tools/): restrip (RST), bench (BENCH) and stats (STATS).
// Some are reported by the command line in front of a tool (cli/*_command.cpp); they belong to
// the tool's catalogue all the same.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kRestripCodeList[] = {
    {"RST001", Severity::Error, ExitCode::InvalidInput,
     "the model lacks a file restrip needs: a readable .mdl, .vvd and at least one .vtx",
     "restrip needs the model's .mdl (where each mesh's vertices are) and .vvd (bone weights)"},
    {"RST002", Severity::Error, ExitCode::InvalidInput,
     "the .vtx does not belong to the .mdl and .vvd beside it",
     "give the model's own files, compiled together"},
    {"RST003", Severity::Error, ExitCode::InvalidInput,
     "a variant asked for with --variants has no .vtx", "leave the variant out of --variants"},
    {"RST007", Severity::Error, ExitCode::Usage,
     "neither or both of -o and --in-place, or a folder without --recursive",
     "give exactly one of -o OUTDIR and --in-place; add --recursive for a folder"},
    {"RST008", Severity::Error, ExitCode::Io,
     "no model files at the path given, or no .mdl or .dx90.vtx under the folder",
     "give a model's base path (models/foo for foo.mdl, foo.vvd, foo.*.vtx)"},
};

inline constexpr DiagnosticCode kBenchCodeList[] = {
    {"BENCH001", Severity::Error, ExitCode::Io, "the folder to bench is not a folder",
     "give the folder that holds the models"},
    {"BENCH002", Severity::Error, ExitCode::InvalidInput,
     "the baseline file is not a saved bench run",
     "make one with `vtxc bench DIR --save FILE.json`"},
};

inline constexpr DiagnosticCode kStatsCodeList[] = {
    {"STATS001", Severity::Error, ExitCode::Io, "no .vtx file found for the model",
     "give the base path: models/foo for foo.dx90.vtx"},
};

inline constexpr DiagnosticCatalogue kRestripCodes{"RST", "Restrip (vtxc restrip)",
                                                   kRestripCodeList};
inline constexpr DiagnosticCatalogue kBenchCodes{"BENCH", "Quality bench (vtxc bench)",
                                                 kBenchCodeList};
inline constexpr DiagnosticCatalogue kStatsCodes{"STATS", "Model statistics (vtxc stats)",
                                                 kStatsCodeList};

} // namespace vtxc
