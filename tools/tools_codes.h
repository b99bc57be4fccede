// Diagnostic codes of the model tools (tools/): restrip (RST), bench (BENCH), stats (STATS) and
// the collision model's cross-check (PHYCHK).
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
    {"STATS004", Severity::Warning, ExitCode::Ok,
     "the .phy beside the model cannot be read: the collision model's figures are left out",
     "compile the model again, or check the .phy with vtxc inspect"},
};

// The .phy against the .mdl beside it (model_physics_check.h), run by `vtxc inspect MODEL`.
inline constexpr DiagnosticCode kPhysicsCheckCodeList[] = {
    {"PHYCHK001", Severity::Warning, ExitCode::Ok,
     "the .phy's checkSum differs from the .mdl's: the two come from different compiles",
     "recompile the model; the engine loads the .phy all the same (it does not compare them)"},
    {"PHYCHK002", Severity::Error, ExitCode::InvalidInput,
     "a solid of a jointed model names no bone of the .mdl",
     "name the solid after a bone; the engine refuses a ragdoll whose solid names no bone"},
    {"PHYCHK003", Severity::Error, ExitCode::InvalidInput,
     "a bone's physicsbone is not the solid it moves with (its own, or its nearest ancestor's)",
     "recompile the .mdl together with its collision model"},
    {"PHYCHK004", Severity::Error, ExitCode::InvalidInput,
     "the .mdl's mass differs from the totalmass of the .phy's editparams",
     "recompile the .mdl together with its collision model"},
    {"PHYCHK005", Severity::Error, ExitCode::InvalidInput,
     "a piece's client data names another bone than the one its solid is named after",
     "recompile the .mdl together with its collision model"},
    {"PHYCHK006", Severity::Error, ExitCode::InvalidInput,
     "a solid has no \"solid\" block in the .phy's text section, so it has no name",
     "recompile the collision model"},
};

inline constexpr DiagnosticCatalogue kRestripCodes{"RST", "Restrip (vtxc restrip)",
                                                   kRestripCodeList};
inline constexpr DiagnosticCatalogue kBenchCodes{"BENCH", "Quality bench (vtxc bench)",
                                                 kBenchCodeList};
inline constexpr DiagnosticCatalogue kStatsCodes{"STATS", "Model statistics (vtxc stats)",
                                                 kStatsCodeList};
inline constexpr DiagnosticCatalogue kPhysicsCheckCodes{
    "PHYCHK", "Collision model against the .mdl (vtxc inspect MODEL)", kPhysicsCheckCodeList};

} // namespace vtxc
