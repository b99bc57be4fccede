// A bounding volume hierarchy over triangles for nearest-point queries: the distance from a point
// to a triangle mesh's surface. Axis-aligned boxes, split at the median of the longest axis.
#pragma once

#include "formats/common/vector_types.h"

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace vtxc {

// Double-precision point for the distance computations (positions are floats; differences of
// nearby floats lose nothing in double).
struct Point3d {
    double x = 0, y = 0, z = 0;
};

inline Point3d toPoint3d(const Vec3& v) {
    return {v.x, v.y, v.z};
}

// The point of triangle (a, b, c) nearest to p (Ericson, "Real-Time Collision Detection", 2005,
// section 5.1.5: regions of the triangle's Voronoi diagram). Works for degenerate triangles too.
Point3d closestPointOnTriangle(const Point3d& p, const Point3d& a, const Point3d& b,
                               const Point3d& c);

class TriangleBvh {
  public:
    // Triangles are three indices each into `positions`; both are copied.
    TriangleBvh(std::span<const Vec3> positions, std::span<const std::uint32_t> indices);

    bool empty() const { return triangles_.empty(); }

    struct Nearest {
        double distanceSquared = 0;
        Point3d point;
        std::uint32_t triangle = 0; // index of the triangle (indices / 3)
    };
    // The nearest surface point to `p` (the lowest triangle index among equally near ones).
    // Undefined for an empty tree (check empty()).
    Nearest nearest(const Point3d& p) const {
        return nearest(p, [](std::uint32_t) { return true; });
    }
    // The same among the triangles `accept(triangle)` is true for; distanceSquared is infinite
    // when it accepts none.
    template <class Accept> Nearest nearest(const Point3d& p, Accept&& accept) const;

  private:
    struct Box {
        Point3d lo, hi;
    };
    struct Node {
        Box box;
        std::uint32_t first = 0; // leaf: first triangle in order_; inner: index of the left child
        std::uint32_t count = 0; // leaf: triangle count; inner: 0 (right child is first + 1)
    };
    void build(std::uint32_t self, std::uint32_t begin, std::uint32_t end,
               const std::vector<Point3d>& centres);
    Box boundsOf(std::uint32_t begin, std::uint32_t end) const;
    static double distanceSquaredToBox(const Point3d& p, const Box& box);
    static double distanceSquared(const Point3d& a, const Point3d& b) {
        const double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
        return dx * dx + dy * dy + dz * dz;
    }

    std::vector<std::array<Point3d, 3>> triangles_;
    std::vector<std::uint32_t> order_; // triangle indices, grouped by leaf
    std::vector<Node> nodes_;
};

template <class Accept>
TriangleBvh::Nearest TriangleBvh::nearest(const Point3d& p, Accept&& accept) const {
    Nearest best;
    best.distanceSquared = std::numeric_limits<double>::infinity();
    if (nodes_.empty()) return best;
    std::uint32_t stack[128];
    std::size_t top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& node = nodes_[stack[--top]];
        if (distanceSquaredToBox(p, node.box) > best.distanceSquared) continue;
        if (node.count > 0) {
            for (std::uint32_t i = node.first; i < node.first + node.count; ++i) {
                const std::uint32_t t = order_[i];
                if (!accept(t)) continue;
                const auto& tri = triangles_[t];
                const Point3d q = closestPointOnTriangle(p, tri[0], tri[1], tri[2]);
                const double d = distanceSquared(p, q);
                if (d < best.distanceSquared || (d == best.distanceSquared && t < best.triangle))
                    best = {d, q, t};
            }
            continue;
        }
        const double dl = distanceSquaredToBox(p, nodes_[node.first].box);
        const double dr = distanceSquaredToBox(p, nodes_[node.first + 1].box);
        // The nearer child goes on top of the stack, so it is searched first.
        const bool leftFirst = dl <= dr;
        stack[top++] = leftFirst ? node.first + 1 : node.first;
        stack[top++] = leftFirst ? node.first : node.first + 1;
    }
    return best;
}

} // namespace vtxc
