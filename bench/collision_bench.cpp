// Collision geometry (collision/): convex hulls of 10k random points in a ball and of a 5k-vertex
// closed mesh (a sphere of 5k vertices: most are corners, the worst case for the face rebuild),
// the same with studiomdl's low corners removed,
// and merging 100 islands down to 20 pieces (studiomdl's older $maxconvexpieces).
#include "collision/convex_hull.h"
#include "collision/piece_merge.h"

#include <benchmark/benchmark.h>
#include <cmath>
#include <random>
#include <vector>

namespace {

using vtxc::Vec3d;

double unit(std::mt19937_64& random) {
    return static_cast<double>(random() >> 11) * 0x1.0p-53;
}

std::vector<Vec3d> ballPoints(std::size_t count, double radius, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<Vec3d> points;
    while (points.size() < count) {
        const Vec3d p{2 * unit(random) - 1, 2 * unit(random) - 1, 2 * unit(random) - 1};
        if (vtxc::length(p) <= 1) points.push_back(p * radius);
    }
    return points;
}

// The vertices of a UV sphere of about `count` vertices (rings x segments), radius 40 units.
std::vector<Vec3d> sphereMeshVertices(std::size_t count, double radius = 40) {
    const auto rings = static_cast<std::size_t>(std::sqrt(static_cast<double>(count) / 2));
    const std::size_t segments = count / rings;
    std::vector<Vec3d> points;
    for (std::size_t r = 0; r < rings; ++r) {
        const double theta = 3.14159265358979 * (static_cast<double>(r) + 0.5) / rings;
        for (std::size_t s = 0; s < segments; ++s) {
            const double phi = 2 * 3.14159265358979 * static_cast<double>(s) / segments;
            points.push_back({radius * std::sin(theta) * std::cos(phi),
                              radius * std::sin(theta) * std::sin(phi), radius * std::cos(theta)});
        }
    }
    return points;
}

void BM_ConvexHullRandom10k(benchmark::State& state) {
    const std::vector<Vec3d> points = ballPoints(10000, 50, 1);
    std::size_t corners = 0;
    for (auto _ : state) {
        const vtxc::HullResult result = vtxc::buildConvexHull(points);
        corners = result.ok() ? result.hull->points.size() : 0;
        benchmark::DoNotOptimize(corners);
    }
    state.counters["corners"] = static_cast<double>(corners);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(points.size()));
}
BENCHMARK(BM_ConvexHullRandom10k)->Unit(benchmark::kMillisecond);

void BM_ConvexHullMesh5k(benchmark::State& state) {
    const std::vector<Vec3d> points = sphereMeshVertices(5000);
    std::size_t corners = 0;
    for (auto _ : state) {
        const vtxc::HullResult result = vtxc::buildConvexHull(points);
        corners = result.ok() ? result.hull->points.size() : 0;
        benchmark::DoNotOptimize(corners);
    }
    state.counters["corners"] = static_cast<double>(corners);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(points.size()));
}
BENCHMARK(BM_ConvexHullMesh5k)->Unit(benchmark::kMillisecond);

// studiomdl's hull: corners lower than 0.5 units removed, round by round. Radius 40: the rows
// near the poles are removed; radius 12: most corners are lower than 0.5 at first.
void BM_ConvexHullMesh5kLowCornersRemoved(benchmark::State& state) {
    const std::vector<Vec3d> points = sphereMeshVertices(5000, static_cast<double>(state.range(0)));
    std::size_t corners = 0;
    for (auto _ : state) {
        const vtxc::HullResult result = vtxc::buildConvexHull(
            points, {.smallestCornerHeight = vtxc::kStudiomdlSmallestCornerHeight});
        corners = result.ok() ? result.hull->points.size() : 0;
        benchmark::DoNotOptimize(corners);
    }
    state.counters["corners"] = static_cast<double>(corners);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(points.size()));
}
BENCHMARK(BM_ConvexHullMesh5kLowCornersRemoved)->Arg(40)->Arg(12)->Unit(benchmark::kMillisecond);

// 100 islands of 40 points each scattered in a 200-unit cube, merged down to 20.
void BM_MergePieces100(benchmark::State& state) {
    std::mt19937_64 random(3);
    std::vector<std::vector<Vec3d>> pieces;
    for (int i = 0; i < 100; ++i) {
        const Vec3d at{unit(random) * 200, unit(random) * 200, unit(random) * 200};
        std::vector<Vec3d> piece = ballPoints(40, 2 + unit(random) * 6, 100 + i);
        for (Vec3d& p : piece)
            p += at;
        pieces.push_back(std::move(piece));
    }
    for (auto _ : state) {
        const vtxc::PieceMergeResult result = vtxc::mergePieces(pieces, 20);
        benchmark::DoNotOptimize(result.addedVolume);
    }
}
BENCHMARK(BM_MergePieces100)->Unit(benchmark::kMillisecond);

} // namespace
