// Per-vertex tangents with handedness (the .vvd tangent block: xyz and w = +1 or -1).
// Method: per-triangle dP/du and dP/dv (Lengyel 2001, "Computing tangent space basis vectors"),
// each normalised, summed per vertex, then Gram-Schmidt against the normal.
#pragma once

#include "optimizer/mesh_types.h"

#include <cstdint>
#include <span>
#include <vector>

namespace vtxc {

// One tangent per vertex of `vertices`, for the triangles `indices` (three per triangle; a partial
// last triangle is ignored). Precondition (VTXC_ASSERT): every index is below vertices.size().
// xyz is a unit vector perpendicular to the normal along which u grows; w is +1 when
// cross(normal, tangent) points the way v grows, else -1 (matches Valve's .vvd files).
// Give it the UVs as they will be stored (after the driver's `1 - v`): flipping v flips w.
// Vertices without a usable UV gradient (degenerate UVs, unused vertices) get some unit vector
// perpendicular to their normal and w = +1. Never NaN for finite input. Deterministic.
std::vector<Vec4> computeTangents(std::span<const ModelVertex> vertices,
                                  std::span<const std::uint32_t> indices);

// computeTangents' tangents, and for each vertex whether its triangles gave it a usable u
// direction (0: the tangent is only some vector perpendicular to the normal; Valve's .vvd files
// store (0, 0, 0, 1) there). The LOD unification compares tangents and needs to know which.
struct TangentFrames {
    std::vector<Vec4> tangents;
    std::vector<std::uint8_t> usable;
};
TangentFrames computeTangentFrames(std::span<const ModelVertex> vertices,
                                   std::span<const std::uint32_t> indices);

} // namespace vtxc
