// A uniform hash grid over 3D points with radius and nearest-point queries.
// Nearest search grows square rings of cells until no closer point can lie outside them.
#include "optimizer/vertices/point_grid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vtxc {

namespace {
float distanceSquared(const Vec3& a, const Vec3& b) {
    const float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    return dx * dx + dy * dy + dz * dz;
}
} // namespace

PointGrid::PointGrid(float cellSize) : cellSize_(cellSize > 0 ? cellSize : 1.0f) {}

PointGrid::Cell PointGrid::cellOf(const Vec3& p) const {
    auto index = [&](float v) {
        const double q = std::floor(double(v) / double(cellSize_));
        constexpr double limit = double(1 << 20);
        return static_cast<std::int64_t>(std::clamp(q, -limit, limit));
    };
    return {index(p.x), index(p.y), index(p.z)};
}

std::uint64_t PointGrid::keyOf(const Cell& c) {
    auto part = [](std::int64_t v) { return static_cast<std::uint64_t>(v + (1 << 20)) & 0x1fffff; };
    return part(c.x) << 42 | part(c.y) << 21 | part(c.z);
}

void PointGrid::insert(std::uint32_t id, const Vec3& point) {
    const Cell c = cellOf(point);
    if (points_.empty()) {
        lo_ = hi_ = c;
    } else {
        lo_ = {std::min(lo_.x, c.x), std::min(lo_.y, c.y), std::min(lo_.z, c.z)};
        hi_ = {std::max(hi_.x, c.x), std::max(hi_.y, c.y), std::max(hi_.z, c.z)};
    }
    maxRing_ = std::max({hi_.x - lo_.x, hi_.y - lo_.y, hi_.z - lo_.z}) + 1;
    cells_[keyOf(c)].push_back(static_cast<std::uint32_t>(points_.size()));
    points_.push_back({id, point});
}

template <class Visit>
void PointGrid::visitRing(const Cell& centre, std::int64_t ring, Visit&& visit) const {
    for (std::int64_t dx = -ring; dx <= ring; ++dx)
        for (std::int64_t dy = -ring; dy <= ring; ++dy)
            for (std::int64_t dz = -ring; dz <= ring; ++dz) {
                if (std::max({std::abs(dx), std::abs(dy), std::abs(dz)}) != ring) continue;
                auto it = cells_.find(keyOf({centre.x + dx, centre.y + dy, centre.z + dz}));
                if (it == cells_.end()) continue;
                for (std::uint32_t slot : it->second)
                    visit(points_[slot]);
            }
}

std::vector<std::uint32_t> PointGrid::within(const Vec3& point, float radius) const {
    std::vector<std::uint32_t> out;
    const float r2 = radius * radius;
    const Cell centre = cellOf(point);
    const auto rings = static_cast<std::int64_t>(std::ceil(radius / cellSize_));
    for (std::int64_t ring = 0; ring <= rings; ++ring)
        visitRing(centre, ring, [&](const std::pair<std::uint32_t, Vec3>& p) {
            if (distanceSquared(p.second, point) <= r2) out.push_back(p.first);
        });
    std::sort(out.begin(), out.end());
    return out;
}

std::optional<std::uint32_t> PointGrid::nearest(const Vec3& point) const {
    if (points_.empty()) return std::nullopt;
    const Cell centre = cellOf(point);
    std::optional<std::uint32_t> best;
    float bestDistance = std::numeric_limits<float>::infinity();
    const std::int64_t lastRing =
        maxRing_ + std::max({std::abs(centre.x - lo_.x), std::abs(centre.x - hi_.x),
                             std::abs(centre.y - lo_.y), std::abs(centre.y - hi_.y),
                             std::abs(centre.z - lo_.z), std::abs(centre.z - hi_.z)});
    for (std::int64_t ring = 0; ring <= lastRing; ++ring) {
        // Every point outside ring r is at least (r) cells away from the query's cell edge.
        const float guaranteed = float(ring - 1) * cellSize_;
        if (best && ring > 0 && guaranteed > 0 && guaranteed * guaranteed > bestDistance) break;
        visitRing(centre, ring, [&](const std::pair<std::uint32_t, Vec3>& p) {
            const float d = distanceSquared(p.second, point);
            if (!best || d < bestDistance || (d == bestDistance && p.first < *best)) {
                bestDistance = d;
                best = p.first;
            }
        });
    }
    return best;
}

float PointGrid::suggestCellSize(const std::vector<Vec3>& points, float atLeast) {
    if (points.empty()) return std::max(atLeast, 1.0f);
    Vec3 lo = points[0], hi = points[0];
    for (const Vec3& p : points) {
        lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
        hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    }
    const double extent = std::max({double(hi.x) - lo.x, double(hi.y) - lo.y, double(hi.z) - lo.z});
    const double perAxis = std::sqrt(double(points.size())) + 1.0; // points lie on surfaces
    return std::max(atLeast, static_cast<float>(extent / perAxis));
}

} // namespace vtxc
