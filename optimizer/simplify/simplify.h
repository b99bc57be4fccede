// Mesh simplification for levels of detail: edge collapse ordered by quadric error (Garland and
// Heckbert 1997, 1998) with appearance attributes in Hoppe's form (Hoppe 1999), for the meshes
// a model compiler sees: several materials, UV seams, open borders, small disconnected parts and
// skinned vertices with up to three bones.
//
// optimizer/simplify: the entry point of its folder. Takes a mesh with materials and weights
// (simplify_options.h); gives fewer triangles and their error. Includes only the mesh types.
// Its parts: the working mesh (simplify_mesh.h), quadrics (quadric.h, face_quadrics.h), the
// queues (collapse_queue.h), collapses costed four at a time (collapse_cost.h on the lanes of
// double_lanes.h), reading memory ahead (read_ahead.h), blended weights (bone_weight_blend.h);
// and the measure of a LOD against its source: measureSurfaceError (surface_error.h, over a
// triangle BVH, triangle_bvh.h).
#pragma once

#include "optimizer/mesh_types.h"
#include "optimizer/simplify/simplify_options.h"
#include "optimizer/simplify/surface_error.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace vtxc {

// The triangle count SimplifyOptions asks for on an input of `triangles` triangles.
std::size_t simplifyTarget(std::size_t triangles, const SimplifyOptions& options);

inline constexpr std::uint32_t kNewVertex = std::numeric_limits<std::uint32_t>::max();

struct SimplifiedMesh {
    // Vertices in order of first use by `indices`; each either an input vertex unchanged or a
    // new one (moved position, attributes and weights blended from the vertices it replaces).
    std::vector<ModelVertex> vertices;
    std::vector<std::uint32_t> indices;      // three per triangle, input winding kept
    std::vector<std::uint32_t> materials;    // one per triangle: the material of its source
    std::vector<std::uint32_t> sourceVertex; // per vertex: its input index, or kNewVertex
    // The largest error of a collapse made, as a fraction of the bounding-box diagonal.
    double error = 0;
    std::size_t collapses = 0;
};

// Collapses edges, cheapest first, until the target count or the error limit is reached.
// Triangles never change material; vertices on a material boundary or UV seam move together
// with every corner at their position; no triangle is flipped or degenerate; bone weights stay
// valid. The output depends only on the input and options (no threads, no hashing order).
SimplifiedMesh simplifyMesh(const SimplifyInput& input, const SimplifyOptions& options);

} // namespace vtxc
