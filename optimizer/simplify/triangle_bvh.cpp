// Nearest-point queries on a triangle mesh: a median-split box hierarchy searched nearest child
// first, pruning boxes farther than the best distance found so far.
#include "optimizer/simplify/triangle_bvh.h"

#include <algorithm>
#include <limits>

namespace vtxc {

namespace {

Point3d operator-(const Point3d& a, const Point3d& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
Point3d operator+(const Point3d& a, const Point3d& b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
Point3d operator*(const Point3d& a, double s) {
    return {a.x * s, a.y * s, a.z * s};
}
double dot(const Point3d& a, const Point3d& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
double axis(const Point3d& p, int k) {
    return k == 0 ? p.x : (k == 1 ? p.y : p.z);
}

constexpr std::uint32_t kLeafSize = 4;

} // namespace

Point3d closestPointOnTriangle(const Point3d& p, const Point3d& a, const Point3d& b,
                               const Point3d& c) {
    const Point3d ab = b - a, ac = c - a, ap = p - a;
    const double d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0 && d2 <= 0) return a; // vertex region A
    const Point3d bp = p - b;
    const double d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0 && d4 <= d3) return b; // vertex region B
    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) { // edge region AB
        const double denominator = d1 - d3;
        return denominator > 0 ? a + ab * (d1 / denominator) : a;
    }
    const Point3d cp = p - c;
    const double d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0 && d5 <= d6) return c; // vertex region C
    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) { // edge region AC
        const double denominator = d2 - d6;
        return denominator > 0 ? a + ac * (d2 / denominator) : a;
    }
    const double va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) { // edge region BC
        const double denominator = (d4 - d3) + (d5 - d6);
        return denominator > 0 ? b + (c - b) * ((d4 - d3) / denominator) : b;
    }
    const double sum = va + vb + vc;
    if (!(sum > 0)) { // degenerate triangle: the nearest of its three edges' points
        const Point3d candidates[3] = {closestPointOnTriangle(p, a, b, b),
                                       closestPointOnTriangle(p, b, c, c),
                                       closestPointOnTriangle(p, a, c, c)};
        const Point3d* best = &candidates[0];
        for (const Point3d& q : candidates)
            if (dot(q - p, q - p) < dot(*best - p, *best - p)) best = &q;
        return *best;
    }
    const double v = vb / sum, w = vc / sum; // inside the face
    return a + ab * v + ac * w;
}

TriangleBvh::TriangleBvh(std::span<const Vec3> positions, std::span<const std::uint32_t> indices) {
    const std::size_t count = indices.size() / 3;
    triangles_.reserve(count);
    std::vector<Point3d> centres;
    centres.reserve(count);
    for (std::size_t t = 0; t < count; ++t) {
        std::array<Point3d, 3> corners;
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t index = indices[3 * t + k];
            corners[k] = index < positions.size() ? toPoint3d(positions[index]) : Point3d{};
        }
        triangles_.push_back(corners);
        centres.push_back((corners[0] + corners[1] + corners[2]) * (1.0 / 3.0));
    }
    order_.resize(count);
    for (std::uint32_t t = 0; t < count; ++t)
        order_[t] = t;
    if (count == 0) return;
    nodes_.reserve(2 * count);
    nodes_.emplace_back();
    build(0, 0, static_cast<std::uint32_t>(count), centres);
}

TriangleBvh::Box TriangleBvh::boundsOf(std::uint32_t begin, std::uint32_t end) const {
    constexpr double inf = std::numeric_limits<double>::infinity();
    Box box{{inf, inf, inf}, {-inf, -inf, -inf}};
    for (std::uint32_t i = begin; i < end; ++i)
        for (const Point3d& p : triangles_[order_[i]]) {
            box.lo = {std::min(box.lo.x, p.x), std::min(box.lo.y, p.y), std::min(box.lo.z, p.z)};
            box.hi = {std::max(box.hi.x, p.x), std::max(box.hi.y, p.y), std::max(box.hi.z, p.z)};
        }
    return box;
}

// Fills node `self` for the triangles order_[begin, end); inner nodes get their two children
// appended side by side.
void TriangleBvh::build(std::uint32_t self, std::uint32_t begin, std::uint32_t end,
                        const std::vector<Point3d>& centres) {
    nodes_[self].box = boundsOf(begin, end);
    if (end - begin <= kLeafSize) {
        nodes_[self].first = begin;
        nodes_[self].count = end - begin;
        return;
    }
    const Point3d extent = nodes_[self].box.hi - nodes_[self].box.lo;
    const int split =
        extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
    const std::uint32_t middle = begin + (end - begin) / 2;
    std::nth_element(order_.begin() + begin, order_.begin() + middle, order_.begin() + end,
                     [&](std::uint32_t a, std::uint32_t b) {
                         const double ca = axis(centres[a], split), cb = axis(centres[b], split);
                         return ca < cb || (ca == cb && a < b);
                     });
    const auto left = static_cast<std::uint32_t>(nodes_.size());
    nodes_[self].first = left;
    nodes_[self].count = 0;
    nodes_.emplace_back();
    nodes_.emplace_back();
    build(left, begin, middle, centres);
    build(left + 1, middle, end, centres);
}

double TriangleBvh::distanceSquaredToBox(const Point3d& p, const Box& box) {
    const double dx = std::max({box.lo.x - p.x, 0.0, p.x - box.hi.x});
    const double dy = std::max({box.lo.y - p.y, 0.0, p.y - box.hi.y});
    const double dz = std::max({box.lo.z - p.z, 0.0, p.z - box.hi.z});
    return dx * dx + dy * dy + dz * dz;
}

} // namespace vtxc
