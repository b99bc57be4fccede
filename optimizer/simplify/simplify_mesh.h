// The working mesh of the simplifier (optimizer/simplify/simplify.cpp): unique positions
// ("points"), corners that share all attributes at a point ("wedges", Hoppe 1999), triangles over
// both, and the disconnected parts of the mesh; with the quadrics that start each point's and
// wedge's error. Internal to the simplifier; built once per simplification.
#pragma once

#include "optimizer/mesh_types.h"
#include "optimizer/simplify/quadric.h"
#include "optimizer/simplify/simplify_options.h"

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace vtxc::simplification {

inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// A point's connectivity. Its position and quadric are kept in arrays of their own: the flip test
// reads the positions of every neighbour, and dense positions share cache lines.
struct Point {
    std::uint32_t part = 0;
    std::uint32_t firstTriangle = 0; // into WorkingMesh::pool
    std::uint32_t triangleCount = 0;
    std::uint32_t onlyWedge = kNone; // its only wedge, or kNone when its corners have several
    bool alive = true;
    bool moved = false;       // no longer at an input position
    bool droppedEdge = false; // an edge of it left the collapse queue without being collapsed
};

// Its attribute quadric is kept apart (WorkingMesh::wedgeQuadrics, two cache lines each): every
// candidate collapse reads those of two wedges, most of the rest only a collapse made.
struct Wedge {
    AttributeValues values{}; // normal and UV, times their weights
    BoneWeights weights;
    std::uint32_t point = 0;
    std::uint32_t source = kNone; // the input vertex, while the wedge is unchanged
};

struct Triangle {
    std::array<std::uint32_t, 3> points{};
    std::array<std::uint32_t, 3> wedges{};
    std::uint32_t material = 0;
    bool alive = true;
};

// A connected part (triangles joined through shared positions).
struct Part {
    double area = 0;
    // Largest squared distance from its vertices and triangle centres to the other parts: what
    // removing it costs per unit area. Its squared half-diagonal when it is not removable.
    double distanceSquared = 0;
    bool removable = false; // small enough to be removed whole
    std::size_t liveTriangles = 0;
    std::vector<std::uint32_t> triangles;
};

struct WorkingMesh {
    std::vector<Point> points;
    std::vector<Vector3d>
        positions;                 // per point, scaled: model position = position / scale + centre
    std::vector<Quadric> quadrics; // per point: face planes and edge constraints, accumulated
    std::vector<Vec3> originals;   // per point: its input position
    std::vector<Wedge> wedges;
    std::vector<AttributeQuadric> wedgeQuadrics; // per wedge
    std::vector<Triangle> triangles;
    std::vector<Part> parts;
    std::vector<std::uint32_t> pool; // per-point triangle lists
    Vector3d centre = Vector3d::Zero();
    double scale = 1;
    std::size_t liveTriangles = 0;

    std::span<const std::uint32_t> trianglesOf(std::uint32_t p) const {
        return {pool.data() + points[p].firstTriangle, points[p].triangleCount};
    }
    static int cornerOf(const Triangle& t, std::uint32_t p) {
        return t.points[0] == p ? 0 : (t.points[1] == p ? 1 : (t.points[2] == p ? 2 : -1));
    }
};

// Welds the input by position (points) and by position, attributes and material (wedges); drops
// triangles with two corners at one position; finds the parts and how far small parts lie from
// the rest; accumulates the face quadrics and the constraint planes along open borders and
// attribute or material discontinuities (Garland and Heckbert 1998). False when the input has
// no triangle or an index out of range.
bool buildWorkingMesh(const SimplifyInput& input, const SimplifyOptions& options,
                      WorkingMesh& mesh);

// Attribute weights below this would lose the values stored in the quadrics.
double attributeWeight(double weight);

} // namespace vtxc::simplification
