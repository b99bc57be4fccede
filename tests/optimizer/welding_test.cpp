// Tests of welding: exact position/UV/weight equality, the normal angle, first-appearance order,
// degenerate triangles (Valve's vertex counts for every corpus SMD: tests/corpus/).
#include "formats/smd/smd.h"
#include "optimizer/bone_weights.h"
#include "optimizer/welding.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <vector>

namespace vtxc {
namespace {

ModelVertex corner(float x, float y, float z, float u = 0, float v = 0, Vec3 normal = {0, 0, 1}) {
    ModelVertex m;
    m.position = {x, y, z};
    m.normal = normal;
    m.uv = {u, v};
    m.weights.count = 1;
    m.weights.weight[0] = 1.0f;
    return m;
}

Vec3 tilted(float degrees) {
    const float r = degrees * std::numbers::pi_v<float> / 180.0f;
    return {std::sin(r), 0.0f, std::cos(r)};
}

TEST(Welding, SharedCornersOfAQuadBecomeFourVertices) {
    const std::vector<ModelVertex> corners{corner(0, 0, 0), corner(1, 0, 0), corner(1, 1, 0),
                                           corner(0, 0, 0), corner(1, 1, 0), corner(0, 1, 0)};
    const WeldedMesh mesh = weldCorners(corners);
    EXPECT_EQ(mesh.vertices.size(), 4u);
    EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3}));
    EXPECT_EQ(mesh.cornerToVertex, (std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3}));
    EXPECT_EQ(mesh.sourceTriangles, (std::vector<std::uint32_t>{0, 1}));
    EXPECT_EQ(mesh.degenerateTriangles, 0u);
    EXPECT_EQ(mesh.vertices[3].position, (Vec3{0, 1, 0}));
}

TEST(Welding, DifferentUvOrWeightsKeepVerticesApart) {
    ModelVertex otherWeights = corner(0, 0, 0);
    otherWeights.weights.bone[0] = 1;
    const std::vector<ModelVertex> corners{corner(0, 0, 0),       corner(1, 0, 0), corner(0, 1, 0),
                                           corner(0, 0, 0, 0.5f), corner(1, 0, 0), corner(0, 1, 0),
                                           otherWeights,          corner(1, 0, 0), corner(0, 1, 0)};
    const WeldedMesh mesh = weldCorners(corners);
    EXPECT_EQ(mesh.vertices.size(), 5u);
    EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2, 3, 1, 2, 4, 1, 2}));
}

TEST(Welding, NormalsWithinTheAngleWeld) {
    const std::vector<ModelVertex> corners{
        corner(0, 0, 0, 0, 0, tilted(0)),   corner(1, 0, 0),  corner(0, 1, 0),
        corner(0, 0, 0, 0, 0, tilted(1.5)), corner(0, 1, 0),  corner(-1, 0, 0),
        corner(0, 0, 0, 0, 0, tilted(3)),   corner(-1, 0, 0), corner(0, -1, 0)};
    const WeldedMesh defaults = weldCorners(corners); // 2 degrees
    EXPECT_EQ(defaults.cornerToVertex[3], defaults.cornerToVertex[0]);
    EXPECT_NE(defaults.cornerToVertex[6], defaults.cornerToVertex[0]);
    EXPECT_EQ(defaults.vertices.size(), 6u);

    const WeldedMesh wide = weldCorners(corners, WeldOptions{5.0f});
    EXPECT_EQ(wide.cornerToVertex[6], wide.cornerToVertex[0]);
    EXPECT_EQ(wide.vertices.size(), 5u);

    const WeldedMesh exact = weldCorners(corners, WeldOptions{0.0f});
    EXPECT_NE(exact.cornerToVertex[3], exact.cornerToVertex[0]);
    EXPECT_EQ(exact.vertices.size(), 7u);
}

TEST(Welding, NormalLengthDoesNotMatterOnlyDirection) {
    const std::vector<ModelVertex> corners{
        corner(0, 0, 0, 0, 0, {0, 0, 1}), corner(1, 0, 0), corner(0, 1, 0),
        corner(0, 0, 0, 0, 0, {0, 0, 3}), corner(0, 1, 0), corner(-1, 0, 0)};
    EXPECT_EQ(weldCorners(corners).vertices.size(), 4u);
}

TEST(Welding, NegativeZeroEqualsZero) {
    const std::vector<ModelVertex> corners{corner(0, 0, 0), corner(1, 0, 0),
                                           corner(0, 1, 0), corner(-0.0f, 0, -0.0f, -0.0f),
                                           corner(0, 1, 0), corner(-1, 0, 0)};
    EXPECT_EQ(weldCorners(corners).vertices.size(), 4u);
}

TEST(Welding, DegenerateTrianglesAreDroppedAndTheirVerticesNotKept) {
    const std::vector<ModelVertex> corners{corner(5, 5, 5), corner(5, 5, 5), corner(9, 9, 9),
                                           corner(0, 0, 0), corner(1, 0, 0), corner(0, 1, 0)};
    const WeldedMesh mesh = weldCorners(corners);
    EXPECT_EQ(mesh.degenerateTriangles, 1u);
    EXPECT_EQ(mesh.vertices.size(), 3u);
    EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2}));
    EXPECT_EQ(mesh.sourceTriangles, (std::vector<std::uint32_t>{1}));
    EXPECT_EQ(mesh.cornerToVertex[0], kNoVertex);
    EXPECT_EQ(mesh.cornerToVertex[2], kNoVertex);
    EXPECT_EQ(mesh.cornerToVertex[3], 0u);
}

TEST(Welding, TrianglesWithEqualPositionsButDistinctCornersAreKept) {
    // bunker_gun01 has such triangles; studiomdl keeps them (different UVs, so not degenerate).
    const std::vector<ModelVertex> corners{corner(0, 0, 0, 0, 0), corner(0, 0, 0, 1, 0),
                                           corner(1, 0, 0)};
    const WeldedMesh mesh = weldCorners(corners);
    EXPECT_EQ(mesh.degenerateTriangles, 0u);
    EXPECT_EQ(mesh.vertices.size(), 3u);
}

TEST(Welding, PartialTrailingTriangleIsIgnoredAndEmptyInputIsFine) {
    EXPECT_TRUE(weldCorners({}).vertices.empty());
    const std::vector<ModelVertex> corners{corner(0, 0, 0), corner(1, 0, 0), corner(0, 1, 0),
                                           corner(7, 7, 7)};
    const WeldedMesh mesh = weldCorners(corners);
    EXPECT_EQ(mesh.vertices.size(), 3u);
    EXPECT_EQ(mesh.cornerToVertex.size(), 3u);
}

TEST(Welding, LargeGridWeldsToItsLatticeInOrderOfFirstUse) {
    const std::uint32_t n = 300; // 90,000 quads, 540,000 corners
    std::vector<ModelVertex> corners;
    corners.reserve(std::size_t(n) * n * 6);
    for (std::uint32_t y = 0; y < n; ++y)
        for (std::uint32_t x = 0; x < n; ++x) {
            const float fx = float(x), fy = float(y);
            for (auto [dx, dy] : {std::pair{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}})
                corners.push_back(corner(fx + dx, fy + dy, 0, (fx + dx) / n, (fy + dy) / n));
        }
    const WeldedMesh mesh = weldCorners(corners);
    EXPECT_EQ(mesh.vertices.size(), std::size_t(n + 1) * (n + 1));
    EXPECT_EQ(mesh.indices.size(), corners.size());
    // First use order: each index is either an earlier vertex or the next new one.
    std::uint32_t next = 0;
    bool firstUseOrder = true;
    for (std::uint32_t i : mesh.indices) {
        if (i == next)
            ++next;
        else if (i > next)
            firstUseOrder = false;
    }
    EXPECT_TRUE(firstUseOrder);
    for (std::size_t c = 0; c < corners.size(); c += 7919)
        EXPECT_EQ(mesh.vertices[mesh.cornerToVertex[c]].position, corners[c].position);
}

} // namespace
} // namespace vtxc
