// Tests of the point-to-surface error: closest points on triangles, known distances between
// simple surfaces, both directions, empty meshes, and results that do not depend on threads.
#include "optimizer/simplify/surface_error.h"
#include "optimizer/simplify/triangle_bvh.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <tbb/global_control.h>
#include <vector>

namespace vtxc {
namespace {

struct Mesh {
    std::vector<Vec3> positions;
    std::vector<std::uint32_t> indices;
    SurfaceMesh surface() const { return {positions, indices}; }
};

// The rectangle [x0, x1] x [y0, y1] at height z, as an n x n grid of quads.
Mesh rectangle(float x0, float x1, float y0, float y1, float z, int n = 4) {
    Mesh mesh;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i)
            mesh.positions.push_back(
                {x0 + (x1 - x0) * float(i) / float(n), y0 + (y1 - y0) * float(j) / float(n), z});
    auto at = [n](int i, int j) { return std::uint32_t(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
            mesh.indices.insert(mesh.indices.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1),
                                                     at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    return mesh;
}

double distance(const Point3d& a, const Point3d& b) {
    return std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) +
                     (a.z - b.z) * (a.z - b.z));
}

TEST(ClosestPointOnTriangle, FindsTheFaceEdgeOrVertexNearest) {
    const Point3d a{0, 0, 0}, b{2, 0, 0}, c{0, 2, 0};
    EXPECT_DOUBLE_EQ(distance(closestPointOnTriangle({0.5, 0.5, 3}, a, b, c), {0.5, 0.5, 0}), 0);
    EXPECT_DOUBLE_EQ(distance(closestPointOnTriangle({-1, -1, 0}, a, b, c), a), 0);
    EXPECT_DOUBLE_EQ(distance(closestPointOnTriangle({3, -1, 1}, a, b, c), b), 0);
    EXPECT_DOUBLE_EQ(distance(closestPointOnTriangle({1, -5, 0}, a, b, c), {1, 0, 0}), 0);
    EXPECT_NEAR(distance(closestPointOnTriangle({2, 2, 0}, a, b, c), {1, 1, 0}), 0, 1e-12);
    // A degenerate triangle (all corners on a line) behaves as its segment.
    EXPECT_NEAR(distance(closestPointOnTriangle({1, 1, 0}, a, b, {1, 0, 0}), {1, 0, 0}), 0, 1e-12);
}

TEST(TriangleBvh, NearestAgreesWithBruteForce) {
    const Mesh mesh = rectangle(0, 10, 0, 10, 0, 12);
    const TriangleBvh tree(mesh.positions, mesh.indices);
    for (int k = 0; k < 200; ++k) {
        const Point3d p{std::fmod(k * 0.731, 14.0) - 2, std::fmod(k * 1.379, 14.0) - 2,
                        std::fmod(k * 0.37, 3.0) - 1.5};
        double brute = std::numeric_limits<double>::infinity();
        for (std::size_t t = 0; t < mesh.indices.size() / 3; ++t) {
            const Point3d q =
                closestPointOnTriangle(p, toPoint3d(mesh.positions[mesh.indices[3 * t]]),
                                       toPoint3d(mesh.positions[mesh.indices[3 * t + 1]]),
                                       toPoint3d(mesh.positions[mesh.indices[3 * t + 2]]));
            brute = std::min(brute, distance(p, q) * distance(p, q));
        }
        EXPECT_NEAR(tree.nearest(p).distanceSquared, brute, 1e-9) << k;
    }
}

TEST(SurfaceError, IdenticalSurfacesHaveNone) {
    const Mesh mesh = rectangle(0, 1, 0, 1, 0);
    const SurfaceError error = measureSurfaceError(mesh.surface(), mesh.surface());
    // Zero up to the rounding of the closest-point computation.
    EXPECT_NEAR(error.mean, 0, 1e-12);
    EXPECT_NEAR(error.max, 0, 1e-12);
    EXPECT_NEAR(error.diagonal, std::sqrt(2.0), 1e-6);
}

TEST(SurfaceError, ParallelSurfacesAreTheirDistanceApart) {
    const Mesh reference = rectangle(0, 1, 0, 1, 0, 6);
    const Mesh lod = rectangle(0, 1, 0, 1, 0.1f, 1); // two triangles, 0.1 above
    const SurfaceError error = measureSurfaceError(reference.surface(), lod.surface());
    EXPECT_NEAR(error.mean, 0.1, 1e-6);
    EXPECT_NEAR(error.max, 0.1, 1e-6);
    EXPECT_NEAR(error.meanPercent(), 100 * 0.1 / std::sqrt(2.0), 1e-4);
}

// The LOD covers only x <= 0.5: from the reference the distance grows to 0.5 across the missing
// half (mean 1/8 over the whole square), from the LOD it is 0.
TEST(SurfaceError, MissingSurfaceCountsFromTheReferenceSide) {
    const Mesh reference = rectangle(0, 1, 0, 1, 0, 8);
    const Mesh lod = rectangle(0, 0.5f, 0, 1, 0, 2);
    const SurfaceError error = measureSurfaceError(reference.surface(), lod.surface());
    EXPECT_NEAR(error.meanReferenceToLod, 0.125, 2e-3);
    EXPECT_NEAR(error.meanLodToReference, 0, 1e-9);
    EXPECT_NEAR(error.mean, 0.0625, 1e-3);
    EXPECT_NEAR(error.max, 0.5, 1e-6); // the far corners are vertices: measured exactly
    EXPECT_NEAR(error.worstPoint.x, 1.0f, 1e-6f);
    // Swapped, the extra surface counts from the LOD side.
    const SurfaceError swapped = measureSurfaceError(lod.surface(), reference.surface());
    EXPECT_NEAR(swapped.meanLodToReference, 0.125, 2e-3);
}

TEST(SurfaceError, AnEmptyLodIsInfinitelyFar) {
    const Mesh reference = rectangle(0, 1, 0, 1, 0);
    const Mesh empty;
    EXPECT_TRUE(std::isinf(measureSurfaceError(reference.surface(), empty.surface()).max));
    EXPECT_EQ(measureSurfaceError(empty.surface(), empty.surface()).max, 0);
}

TEST(SurfaceError, SameResultOnOneThreadOrMany) {
    const Mesh reference = rectangle(0, 3, 0, 2, 0, 20);
    Mesh lod = rectangle(0, 3, 0, 2, 0, 3);
    for (Vec3& p : lod.positions)
        p.z = 0.05f * std::sin(3 * p.x) * std::cos(2 * p.y);
    const SurfaceError many = measureSurfaceError(reference.surface(), lod.surface());
    SurfaceError one;
    {
        tbb::global_control single(tbb::global_control::max_allowed_parallelism, 1);
        one = measureSurfaceError(reference.surface(), lod.surface());
    }
    EXPECT_EQ(one.mean, many.mean);
    EXPECT_EQ(one.max, many.max);
    EXPECT_GT(many.max, 0.01);
}

} // namespace
} // namespace vtxc
