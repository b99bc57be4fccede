#include "collision/piece_merge.h"

#include "collision/mass_properties.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tbb/parallel_for.h>

namespace vtxc {
namespace {

// A group's shape: the corners of its hull (all its points when it has no hull), the volume.
struct Shape {
    std::vector<Vec3d> points;
    double volume = 0;
    bool valid = true; // false when the hull failed for a reason other than flatness
};

Shape shapeOf(std::vector<Vec3d> points, const HullOptions& options) {
    const HullResult result = buildConvexHull(points, options);
    if (result.ok()) {
        const ConvexHull& hull = *result.hull;
        return {hull.points, computeMassProperties(hull.points, hull.triangles).volume, true};
    }
    const HullError error = result.failure.error;
    const bool flat = error == HullError::Flat || error == HullError::TooFewPoints;
    return {std::move(points), 0, flat};
}

std::vector<Vec3d> joined(const Shape& a, const Shape& b) {
    std::vector<Vec3d> points = a.points;
    points.insert(points.end(), b.points.begin(), b.points.end());
    return points;
}

double mergeCost(const Shape& a, const Shape& b, const HullOptions& options) {
    const Shape joint = shapeOf(joined(a, b), options);
    if (!joint.valid || !a.valid || !b.valid) return std::numeric_limits<double>::infinity();
    return joint.volume - a.volume - b.volume;
}

} // namespace

PieceMergeResult mergePieces(std::span<const std::vector<Vec3d>> pieces, std::size_t limit,
                             const HullOptions& options) {
    const std::size_t n = pieces.size();
    limit = std::max<std::size_t>(limit, 1);
    PieceMergeResult result;
    std::vector<std::vector<std::uint32_t>> members(n);
    for (std::size_t i = 0; i < n; ++i)
        members[i] = {static_cast<std::uint32_t>(i)};
    if (n <= limit) {
        result.groups = std::move(members);
        return result;
    }

    std::vector<Shape> shapes(n);
    tbb::parallel_for(std::size_t{0}, n,
                      [&](std::size_t i) { shapes[i] = shapeOf(pieces[i], options); });
    // cost[i * n + j] for i < j.
    std::vector<double> cost(n * n, 0.0);
    tbb::parallel_for(std::size_t{0}, n * n, [&](std::size_t k) {
        const std::size_t i = k / n, j = k % n;
        if (i < j) cost[k] = mergeCost(shapes[i], shapes[j], options);
    });
    std::vector<bool> alive(n, true);
    std::vector<std::size_t> aliveList(n);
    for (std::size_t i = 0; i < n; ++i)
        aliveList[i] = i;

    for (std::size_t groups = n; groups > limit; --groups) {
        std::size_t bestI = 0, bestJ = 0;
        double best = std::numeric_limits<double>::quiet_NaN();
        for (std::size_t a = 0; a < aliveList.size(); ++a)
            for (std::size_t b = a + 1; b < aliveList.size(); ++b) {
                const std::size_t i = aliveList[a], j = aliveList[b];
                const double c = cost[i * n + j];
                if (std::isnan(best) || c < best) best = c, bestI = i, bestJ = j;
            }
        // Join bestJ into bestI (bestI < bestJ: aliveList is ascending).
        result.merges.push_back(
            {members[bestI].front(), members[bestJ].front(), std::isfinite(best) ? best : 0});
        if (std::isfinite(best)) result.addedVolume += best;
        members[bestI].insert(members[bestI].end(), members[bestJ].begin(), members[bestJ].end());
        std::sort(members[bestI].begin(), members[bestI].end());
        members[bestJ].clear();
        alive[bestJ] = false;
        std::erase(aliveList, bestJ);
        const Shape merged = shapeOf(joined(shapes[bestI], shapes[bestJ]), options);
        shapes[bestI] = merged;
        shapes[bestJ] = {};
        tbb::parallel_for(std::size_t{0}, aliveList.size(), [&](std::size_t a) {
            const std::size_t k = aliveList[a];
            if (k == bestI) return;
            const std::size_t i = std::min(k, bestI), j = std::max(k, bestI);
            cost[i * n + j] = mergeCost(shapes[i], shapes[j], options);
        });
    }
    for (std::size_t i = 0; i < n; ++i)
        if (alive[i]) result.groups.push_back(std::move(members[i]));
    return result;
}

} // namespace vtxc
