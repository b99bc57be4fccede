// The islands of a $concave collision model (docs: the PHY spec, "How studiomdl builds it"):
// corners welded, faces that share a welded vertex joined, one island per connected set.
#pragma once

#include "collision/vec3d.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace vtxc {

// One corner of a face of the physics mesh, in model space.
struct CollisionCorner {
    Vec3d position;
    Vec3d normal;
};

struct WeldOptions {
    // $weldposition: corners this close (Euclidean distance) may weld; 0: only equal positions.
    double position = 0;
    // $weldnormal: corners weld only when the dot product of their normals is above this.
    double normal = 0.999;
};

struct Island {
    std::vector<std::uint32_t> faces; // indices of the input faces, ascending
    // The distinct positions of the island's corners, in the order of their first appearance.
    std::vector<Vec3d> points;
};

// The islands of the faces `corners` makes, three corners per face (a trailing partial face is
// ignored). Islands are ordered by their smallest face index.
//
// The welding rule: two corners are the same vertex when their positions are within
// `options.position` of each other AND their normals' dot product is above `options.normal`;
// welding is transitive (the vertices are the connected sets of that relation). Faces that share
// a welded vertex are in one island, so faces meeting only at a hard edge (corners at the same
// place with normals apart by more than acos(weldnormal), about 2.6 degrees at 0.999) are NOT
// joined there: a box with hard edges (each side its own normals) is six flat islands, which is
// studiomdl's "2-dimensional geometry" error for unsmoothed physics meshes. A corner whose normal
// is not finite welds with nothing.
std::vector<Island> findIslands(std::span<const CollisionCorner> corners,
                                const WeldOptions& options = {});

// The thinnest extent of `points` along a face normal of their convex hull (0 when they span no
// volume: fewer than four, or all in one plane within the hull tolerance). nullopt when a point
// is not finite. An island below 0.5 units is 2-dimensional for studiomdl unless $remove2d.
std::optional<double> pointSetThickness(std::span<const Vec3d> points);

// studiomdl's limit below which an island is 2-dimensional.
inline constexpr double kFlatIslandThickness = 0.5;

} // namespace vtxc
