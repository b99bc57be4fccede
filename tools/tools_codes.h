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

// The HTML page of a compiled model (model_view.h), written by `vtxc view` and `vtxc compile
// --view`.
inline constexpr DiagnosticCode kViewCodeList[] = {
    {"VIEW001", Severity::Error, ExitCode::Io, "no model files found at the path given",
     "give the model's base path: models/foo for foo.mdl, foo.vvd, foo.*.vtx"},
    {"VIEW002", Severity::Error, ExitCode::InvalidInput,
     "the model lacks a file the page needs: a readable .mdl, .vvd and at least one .vtx",
     "give a model with its .mdl, .vvd and .vtx files side by side"},
    {"VIEW003", Severity::Error, ExitCode::Usage, "--variant names a .vtx the model does not have",
     "give one of the model's variants (dx90, dx80, sw), or leave --variant out"},
    {"VIEW004", Severity::Error, ExitCode::Usage, "--lod is past the last LOD of the variant",
     "give a LOD from 0 to the variant's LOD count - 1"},
};

// Whole trees (`vtxc build`, tree_build.h).
inline constexpr DiagnosticCode kBuildCodeList[] = {
    {"BUILD001", Severity::Error, ExitCode::Usage,
     "the source tree of `vtxc build` is not a folder, or holds no QC that defines a model",
     "name the folder that holds the QCs (and their .qci, SMD and animation files)"},
    {"BUILD002", Severity::Warning, ExitCode::Ok,
     "the build record in the game folder does not parse: every model is compiled again",
     "nothing to do: the build writes a new record (remove .vtxc-build.json to silence this)"},
    {"BUILD003", Severity::Error, ExitCode::Io,
     "the build record cannot be written, or another build held its lock for too long",
     "check that the game folder is writable; wait for the other build or raise "
     "VTXC_LOCK_TIMEOUT"},
    {"BUILD004", Severity::Error, ExitCode::InvalidInput,
     "a model of the tree failed to compile; its previous files were left as they were",
     "fix what its first diagnostic names (`vtxc compile` of the QC shows them all), then build "
     "again"},
    {"BUILD005", Severity::Error, ExitCode::InvalidInput,
     "two QCs of the tree give the same $modelname: their files would overwrite each other",
     "give each QC its own $modelname; the first QC (in path order) is compiled"},
};

inline constexpr DiagnosticCatalogue kRestripCodes{"RST", "Restrip (vtxc restrip)",
                                                   kRestripCodeList};
inline constexpr DiagnosticCatalogue kBenchCodes{"BENCH", "Quality bench (vtxc bench)",
                                                 kBenchCodeList};
inline constexpr DiagnosticCatalogue kStatsCodes{"STATS", "Model statistics (vtxc stats)",
                                                 kStatsCodeList};
inline constexpr DiagnosticCatalogue kViewCodes{"VIEW", "Model page (vtxc view)", kViewCodeList};
inline constexpr DiagnosticCatalogue kPhysicsCheckCodes{
    "PHYCHK", "Collision model against the .mdl (vtxc inspect MODEL)", kPhysicsCheckCodeList};

inline constexpr DiagnosticCatalogue kBuildCodes{"BUILD", "Whole trees (vtxc build)",
                                                 kBuildCodeList};

} // namespace vtxc
