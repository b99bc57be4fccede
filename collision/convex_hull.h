// The convex hull of a point set as the .phy needs it (docs: the PHY spec, "Hulls"): a closed
// triangle mesh with no point inside a flat face or along a straight edge, and the hull's planes.
#pragma once

#include "collision/vec3d.h"
#include "formats/common/diagnostics.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

struct HullOptions {
    // Points within this distance outside a face are taken as on it, and faces whose centres lie
    // within it of a neighbour's plane are merged (studiomdl's 0.01 units, the PHY spec). A point
    // set thinner than twice this is flat.
    double mergeTolerance = 0.01;
    // Corners that stand less than this far from the edge that would replace them (the distance
    // to the line through their two neighbours around a face; a triangle's altitude) are
    // removed, the lowest first, and the hull rebuilt from the points left, until every corner
    // stands at least this far, four corners remain, or the next removal would leave a flat set
    // (it is not made). 0 keeps every corner (the exact hull).
    // studiomdl's collision hulls follow this rule at 0.5 units (docs/mdl-compile.md, "Collision
    // model": Valve's w_357 and labturret hulls); kStudiomdlSmallestCornerHeight.
    double smallestCornerHeight = 0;
};

// The smallest corner height of studiomdl's collision hulls (HullOptions::smallestCornerHeight).
inline constexpr double kStudiomdlSmallestCornerHeight = 0.5;

// A face plane: dot(normal, p) == offset on the face, < offset inside. `normal` is unit length
// and points out of the hull.
struct HullPlane {
    Vec3d normal;
    double offset = 0;
    friend bool operator==(const HullPlane&, const HullPlane&) = default;
};

struct ConvexHull {
    // The input points that are corners of the hull, each once, sorted (x, then y, then z).
    std::vector<Vec3d> points;
    // For each point, the index in the input of its first occurrence.
    std::vector<std::uint32_t> sourceIndices;
    // Every input point lies on or behind every triangle's plane within 3 x the merge tolerance:
    // qhull merges chains of nearly coplanar facets (each step within the tolerance), so a point
    // can end up a little more than the tolerance beyond a merged face (up to 2.5 x measured on
    // dense sphere samplings; for collision, hundredths of an inch). Merged faces are
    // triangulated convexly (no inward fold where a face bends).
    // Corners index `points`. Winding: counter-clockwise seen from outside, so
    // cross(b - a, c - a) points out of the hull. This is the winding of the triangles in the
    // ledges of Valve's .phy files (checked on every ledge of w_grenade.phy and bunker_gun01.phy:
    // all outward), and the axis turn into physics space (x, -z, y) is a rotation, so it keeps it.
    std::vector<std::array<std::uint32_t, 3>> triangles;
    // For each triangle, the index of its face in `planes`.
    std::vector<std::uint32_t> trianglePlanes;
    // One plane per (merged) face: its corners lie on it or behind it by at most 5 x the merge
    // tolerance (a merged face may bend: up to 4 x measured on dense sphere samplings; exactly
    // planar faces stay exact); faces ordered by
    // their corner cycles (each starting at its smallest corner), compared lexicographically.
    std::vector<HullPlane> planes;
};

enum class HullError {
    NonFinitePoint, // a coordinate is NaN or infinite (COLL003)
    TooFewPoints,   // fewer than four points (COLL002)
    Flat,           // all points within the tolerance of one plane, line or point (COLL001)
    QhullFailed,    // qhull reported an error (COLL004)
    NotClosed,      // the rebuilt mesh has an edge not used exactly twice (COLL005)
};

struct HullFailure {
    HullError error = HullError::QhullFailed;
    // Flat: how thin the set is: 0 for coincident or collinear points; else the smallest width
    // along a face normal of qhull's unmerged hull when qhull builds one, or the extent along
    // the normal of the plane through three points far apart (an upper bound of the width).
    double thickness = 0;
    // NonFinitePoint: the index of the first such point.
    std::size_t pointIndex = 0;
    // QhullFailed: qhull's exit code and message.
    std::string detail;
};

struct HullResult {
    std::optional<ConvexHull> hull;
    HullFailure failure; // meaningful only when `hull` is empty

    bool ok() const { return hull.has_value(); }
};

// The convex hull of `points`. Never throws for bad input; a failure says which kind. The result
// does not depend on the order of the points (they are sorted before qhull sees them) and is the
// same bytes on every run.
HullResult buildConvexHull(std::span<const Vec3d> points, const HullOptions& options = {});

// Reports `failure` of the piece `pieceName` (the island or bone) at `where` with the COLL code
// its kind maps to.
void reportHullFailure(const HullFailure& failure, std::string_view pieceName,
                       const SourceLocation& where, DiagnosticSink& sink);

// The width of the hull along each face normal, smallest first: the "thickness" the 2-D check of
// $concave islands compares with 0.5 units.
double hullThickness(const ConvexHull& hull);

// True when every edge of `triangles` appears exactly once in each direction (a closed,
// consistently wound mesh).
bool isClosedMesh(std::span<const std::array<std::uint32_t, 3>> triangles);

} // namespace vtxc
