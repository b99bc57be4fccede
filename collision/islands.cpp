#include "collision/islands.h"

#include "collision/convex_hull.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <unordered_map>

namespace vtxc {
namespace {

class UnionFind {
  public:
    explicit UnionFind(std::size_t size) : parent_(size) {
        std::iota(parent_.begin(), parent_.end(), 0u);
    }
    std::uint32_t find(std::uint32_t i) {
        while (parent_[i] != i)
            i = parent_[i] = parent_[parent_[i]];
        return i;
    }
    // The smaller root wins, so the result does not depend on the order of the joins.
    void join(std::uint32_t a, std::uint32_t b) {
        a = find(a), b = find(b);
        if (a != b) parent_[std::max(a, b)] = std::min(a, b);
    }

  private:
    std::vector<std::uint32_t> parent_;
};

bool normalsWeld(const Vec3d& a, const Vec3d& b, double threshold) {
    const double d = dot(a, b);
    return std::isfinite(d) && d > threshold;
}

struct CellKey {
    std::int64_t x, y, z;
    friend bool operator==(const CellKey&, const CellKey&) = default;
};
struct CellHash {
    std::size_t operator()(const CellKey& k) const {
        return static_cast<std::size_t>(k.x * 73856093LL ^ k.y * 19349663LL ^ k.z * 83492791LL);
    }
};

// Joins every pair of corners that weld. Exact positions: corners sorted by position, runs
// compared. A tolerance: a grid of cells of that size, each corner compared with the 27 cells
// around it.
void weldCorners(std::span<const CollisionCorner> corners, const WeldOptions& options,
                 UnionFind& vertices) {
    const auto count = static_cast<std::uint32_t>(corners.size());
    const auto welds = [&](std::uint32_t a, std::uint32_t b) {
        return length(corners[a].position - corners[b].position) <= options.position &&
               normalsWeld(corners[a].normal, corners[b].normal, options.normal);
    };
    if (!(options.position > 0)) {
        // Non-finite positions weld with nothing (and would break the sort's ordering).
        std::vector<std::uint32_t> order;
        for (std::uint32_t i = 0; i < count; ++i)
            if (isFinite(corners[i].position)) order.push_back(i);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            if (corners[a].position != corners[b].position)
                return corners[a].position < corners[b].position;
            return a < b;
        });
        for (std::size_t begin = 0, end = 0; begin < order.size(); begin = end) {
            end = begin + 1;
            while (end < order.size() &&
                   corners[order[end]].position == corners[order[begin]].position)
                ++end;
            for (std::size_t i = begin; i < end; ++i)
                for (std::size_t j = i + 1; j < end; ++j)
                    if (welds(order[i], order[j])) vertices.join(order[i], order[j]);
        }
        return;
    }
    const double cell = options.position;
    const auto keyOf = [&](const Vec3d& p) {
        return CellKey{static_cast<std::int64_t>(std::floor(p.x / cell)),
                       static_cast<std::int64_t>(std::floor(p.y / cell)),
                       static_cast<std::int64_t>(std::floor(p.z / cell))};
    };
    std::unordered_map<CellKey, std::vector<std::uint32_t>, CellHash> grid;
    for (std::uint32_t i = 0; i < count; ++i)
        if (isFinite(corners[i].position)) grid[keyOf(corners[i].position)].push_back(i);
    for (std::uint32_t i = 0; i < count; ++i) {
        if (!isFinite(corners[i].position)) continue;
        const CellKey key = keyOf(corners[i].position);
        for (std::int64_t dx = -1; dx <= 1; ++dx)
            for (std::int64_t dy = -1; dy <= 1; ++dy)
                for (std::int64_t dz = -1; dz <= 1; ++dz) {
                    const auto found = grid.find({key.x + dx, key.y + dy, key.z + dz});
                    if (found == grid.end()) continue;
                    for (std::uint32_t j : found->second)
                        if (j > i && welds(i, j)) vertices.join(i, j);
                }
    }
}

} // namespace

std::vector<Island> findIslands(std::span<const CollisionCorner> corners,
                                const WeldOptions& options) {
    const std::size_t faceCount = corners.size() / 3;
    const std::span<const CollisionCorner> used = corners.first(faceCount * 3);
    UnionFind vertices(used.size());
    weldCorners(used, options, vertices);

    // Faces joined through their welded vertices: each corner joins its face's first corner,
    // and each welded vertex joins its corners, so one union-find over corners holds both.
    UnionFind faces(used.size());
    for (std::uint32_t c = 0; c < used.size(); ++c) {
        faces.join(c, c - c % 3);
        faces.join(c, vertices.find(c));
    }

    std::map<std::uint32_t, std::size_t> islandOfRoot; // root corner -> island, in root order
    std::vector<Island> islands;
    for (std::uint32_t f = 0; f < faceCount; ++f) {
        const std::uint32_t root = faces.find(3 * f);
        auto [it, added] = islandOfRoot.emplace(root, islands.size());
        if (added) islands.emplace_back();
        islands[it->second].faces.push_back(f);
    }
    // The smallest corner of a set is its root, and faces come in order, so the islands are
    // already ordered by their smallest face.
    for (Island& island : islands) {
        for (std::uint32_t f : island.faces)
            for (int k = 0; k < 3; ++k)
                island.points.push_back(used[3 * f + k].position);
        // Distinct positions in first-appearance order.
        std::vector<std::uint32_t> order(island.points.size());
        std::iota(order.begin(), order.end(), 0u);
        // Non-finite points are kept as they are (each its own); the hull rejects them later.
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            const bool finiteA = isFinite(island.points[a]), finiteB = isFinite(island.points[b]);
            if (finiteA != finiteB) return finiteA;
            return finiteA && island.points[a] < island.points[b];
        });
        std::vector<bool> keep(island.points.size(), false);
        for (std::size_t i = 0; i < order.size(); ++i)
            if (i == 0 || !isFinite(island.points[order[i]]) ||
                island.points[order[i]] != island.points[order[i - 1]])
                keep[order[i]] = true;
        std::vector<Vec3d> distinct;
        for (std::size_t i = 0; i < island.points.size(); ++i)
            if (keep[i]) distinct.push_back(island.points[i]);
        island.points = std::move(distinct);
    }
    return islands;
}

std::optional<double> pointSetThickness(std::span<const Vec3d> points) {
    const HullResult result = buildConvexHull(points);
    if (result.ok()) return hullThickness(*result.hull);
    switch (result.failure.error) {
    case HullError::NonFinitePoint:
        return std::nullopt;
    case HullError::Flat:
        return result.failure.thickness;
    case HullError::TooFewPoints:
        return 0.0;
    case HullError::QhullFailed:
    case HullError::NotClosed:
        break;
    }
    return 0.0;
}

} // namespace vtxc
