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
    {"RST009", Severity::Error, ExitCode::InvalidInput,
     "a .vtx stores vertices past the last one its triangles use: the file is damaged",
     "restrip only sound models (see vtxc inspect); recompile this one"},
    {"RST010", Severity::Error, ExitCode::Usage,
     "a .bak from an earlier --in-place run exists and would be replaced",
     "move the .bak away first, or restrip with -o OUTDIR"},
};

inline constexpr DiagnosticCode kBenchCodeList[] = {
    {"BENCH001", Severity::Error, ExitCode::Io, "the folder to bench is not a folder",
     "give the folder that holds the models"},
    {"BENCH002", Severity::Error, ExitCode::InvalidInput,
     "the baseline file is not a saved bench run",
     "make one with `vtxc bench DIR --save FILE.json`"},
    {"BENCH003", Severity::Error, ExitCode::InvalidInput,
     "a key of the baseline bench run is missing or of the wrong type",
     "save the baseline again with `vtxc bench DIR --save FILE.json`"},
    {"BENCH004", Severity::Warning, ExitCode::Ok,
     "a folder link leads back to a folder already visited: skipped",
     "remove the link, or bench the folder it points to"},
    {"BENCH005", Severity::Warning, ExitCode::Ok,
     "an --exclude path names nothing in the bench folder: nothing was left out for it",
     "name a folder or QC relative to the bench folder, with '/' between names"},
};

inline constexpr DiagnosticCode kStatsCodeList[] = {
    {"STATS001", Severity::Error, ExitCode::Io, "no .vtx file found for the model",
     "give the base path: models/foo for foo.dx90.vtx"},
    {"STATS002", Severity::Warning, ExitCode::Ok,
     "the layout.json beside the model cannot be read: the generated LODs' figures are left out",
     "compile the model again with vtxc to write a new layout.json"},
    {"STATS003", Severity::Warning, ExitCode::Ok,
     "the layout.json beside the model is from another compile (another checksum): the "
     "generated LODs' figures are left out",
     "compile the model again with vtxc, or remove the stale layout.json"},
};

inline constexpr DiagnosticCatalogue kRestripCodes{"RST", "Restrip (vtxc restrip)",
                                                   kRestripCodeList};
inline constexpr DiagnosticCatalogue kBenchCodes{"BENCH", "Quality bench (vtxc bench)",
                                                 kBenchCodeList};
inline constexpr DiagnosticCatalogue kStatsCodes{"STATS", "Model statistics (vtxc stats)",
                                                 kStatsCodeList};

} // namespace vtxc
