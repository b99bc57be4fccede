// Rebuilds the .vtx strip files of an existing compiled model (.mdl + .vvd + .vtx, Valve's or ours)
// with the project's partition and vertex-cache order; checks that nothing but the strips changed.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/studio/model_files.h"
#include "formats/studio/vtx.h"
#include "optimizer/strips/vtx_analysis.h"

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

// Rebuilds the .vtx strips of a compiled model from its .mdl, .vvd and .vtx. Codes RST001-RST003
// and RST009, damaged input refused before any work (tools_codes.h). Returns nothing after
// reporting an error. The result is verified before it is returned (same triangles, strips within
// their limits, no new model-check finding); output that fails is a bug in vtxc and raises
// InternalError (internal_error.h).
std::optional<std::vector<RestrippedVtx>>
restripModel(const LoadedModel& model, const RestripOptions& options, DiagnosticSink& sink);

// Each mesh's triangles as origMeshVertID triples rotated to start at their smallest id (winding
// kept) and sorted: two meshes draw the same triangles when these lists are equal.
std::vector<std::array<std::uint32_t, 3>> canonicalTriangles(const VtxMesh& mesh);

// What differs between the triangles of `before` and `after` ("the triangles of body part 0, model
// 0, LOD 1, mesh 2", or "the body part/model/LOD/mesh structure"); empty when they draw the same.
std::string triangleChange(const VtxFile& before, const VtxFile& after);

// The first strip group or strip that breaks the header's limits or its ranges, described; empty
// when every one keeps them.
std::string stripLimitProblem(const VtxFile& file);

// The first model-check finding (formatted) that `rebuilt` has and `model` did not; empty if none.
std::string newModelCheckFinding(const LoadedModel& model,
                                 const std::vector<RestrippedVtx>& rebuilt);

} // namespace vtxc
