// Printers behind `vtxc inspect`: one per kind of input. Each prints to stdout (a compact tree, or
// JSON with --json) and reports problems through the sink; the command turns the sink into a
// status.
#pragma once

#include "formats/common/diagnostics.h"

#include <filesystem>

namespace vtxc::cli {

void inspectSmd(const std::filesystem::path& file, bool json, DiagnosticSink& sink);
// .vvd, .vtx or .mdl; `frames` adds the decoded frames of every animation of an .mdl.
void inspectCompiledFile(const std::filesystem::path& file, bool json, bool frames,
                         DiagnosticSink& sink);
// .phy: the solids, their pieces measured, the text blocks and the structural check.
void inspectPhyFile(const std::filesystem::path& file, bool json, DiagnosticSink& sink);
// A model's base path (models/foo for foo.mdl, foo.vvd, foo.*.vtx, foo.phy): opens what exists,
// cross-checks.
void inspectModel(const std::filesystem::path& basePath, bool json, DiagnosticSink& sink);

} // namespace vtxc::cli
