// Rebuilds the .vtx strip files of an existing compiled model (.mdl + .vvd + .vtx, Valve's or ours)
// with the project's partition and vertex-cache order; checks that nothing but the strips changed.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/studio/model_files.h"
#include "formats/studio/vtx.h"
#include "optimizer/vtx_analysis.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

struct RestripOptions {
    std::vector<std::string> variants; // "dx90", "dx80", "sw"; empty: every variant the model has
    // Overrides of the header values; unset keeps the file's. vertCacheSize applies to the
    // hardware variants (dx90, dx80), bonesPerStrip to dx90, dx80BonesPerStrip to dx80.
    std::optional<int> vertCacheSize;
    std::optional<int> bonesPerStrip;
    std::optional<int> dx80BonesPerStrip;
};

// One rebuilt variant with its figures before and after, per LOD, both simulated at the new
// header's vertCacheSize.
struct RestrippedVtx {
    std::string variant;
    std::string name; // the source file's name as used in diagnostics
    VtxFile file;
    std::vector<std::uint8_t> bytes;
    std::size_t sourceBytes = 0; // the source file re-serialised
    std::vector<StripQuality> before;
    std::vector<StripQuality> after;
};

// Rebuilds the .vtx strips of a compiled model from its .mdl, .vvd and .vtx. Codes RST001-RST006
// (tools_codes.h). Returns nothing after reporting an error.
std::optional<std::vector<RestrippedVtx>>
restripModel(const LoadedModel& model, const RestripOptions& options, DiagnosticSink& sink);

// Each mesh's triangles as origMeshVertID triples rotated to start at their smallest id (winding
// kept) and sorted: two meshes draw the same triangles when these lists are equal.
std::vector<std::array<std::uint32_t, 3>> canonicalTriangles(const VtxMesh& mesh);

// Reports RST004 for each LOD mesh whose triangles differ between `before` and `after`.
bool sameTriangles(const VtxFile& before, const VtxFile& after, const std::string& name,
                   DiagnosticSink& sink);

// Reports RST005 for each strip group or strip that breaks the header's limits or its ranges.
bool stripsWithinLimits(const VtxFile& file, const std::string& name, DiagnosticSink& sink);

} // namespace vtxc
