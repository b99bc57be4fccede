// Tests of welding: exact position/UV/weight equality, the normal angle, first-appearance order,
// degenerate triangles (Valve's vertex counts for every corpus SMD: tests/corpus/).
#include "formats/smd/smd.h"
#include "optimizer/bone_weights.h"
#include "optimizer/vertices/welding.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <span>
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

// The welding rule spelled out by brute force: a corner takes the first earlier vertex with the
// same position, UV and weights and a normal within the angle (vertices of one key compared in the
// order they were made), then vertices are numbered by first use in the kept triangles.
std::vector<std::uint32_t> weldByBruteForce(const std::vector<ModelVertex>& corners, float degrees,
                                            std::vector<ModelVertex>& vertices) {
    const double cosLimit = std::cos(double(degrees) * std::numbers::pi / 180.0);
    auto sameKey = [](const ModelVertex& a, const ModelVertex& b) {
        return a.position.x == b.position.x && a.position.y == b.position.y &&
               a.position.z == b.position.z && a.uv.x == b.uv.x && a.uv.y == b.uv.y &&
               a.weights == b.weights;
    };
    auto closeNormals = [&](const Vec3& a, const Vec3& b) {
        const double dot = double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z;
        const double la = std::sqrt(double(a.x) * a.x + double(a.y) * a.y + double(a.z) * a.z);
        const double lb = std::sqrt(double(b.x) * b.x + double(b.y) * b.y + double(b.z) * b.z);
        return (a.x == b.x && a.y == b.y && a.z == b.z) || dot >= cosLimit * la * lb;
    };
    std::vector<ModelVertex> made;
    std::vector<std::uint32_t> madeOf(corners.size());
    for (std::size_t c = 0; c < corners.size(); ++c) {
        std::uint32_t match = kNoVertex;
        for (std::uint32_t v = 0; v < made.size() && match == kNoVertex; ++v)
            if (sameKey(made[v], corners[c]) && closeNormals(made[v].normal, corners[c].normal))
                match = v;
        if (match == kNoVertex) {
            match = static_cast<std::uint32_t>(made.size());
            made.push_back(corners[c]);
        }
        madeOf[c] = match;
    }
    std::vector<std::uint32_t> finalOf(made.size(), kNoVertex), indices;
    for (std::size_t t = 0; t + 2 < corners.size(); t += 3) {
        const std::uint32_t a = madeOf[t], b = madeOf[t + 1], c = madeOf[t + 2];
        if (a == b || b == c || a == c) continue;
        for (std::uint32_t p : {a, b, c}) {
            if (finalOf[p] == kNoVertex) {
                finalOf[p] = static_cast<std::uint32_t>(vertices.size());
                vertices.push_back(made[p]);
            }
            indices.push_back(finalOf[p]);
        }
    }
    return indices;
}

// A soup big enough to be welded in several partitions (in parallel): the same result as the
// rule spelled out, corner for corner.
TEST(Welding, BigSoupWeldsAsTheRuleSays) {
    std::vector<ModelVertex> corners;
    std::uint32_t state = 12345;
    auto next = [&](std::uint32_t n) {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) % n;
    };
    // 70,000 corners over about 2,000 keys, each with normals within and beyond the angle, and
    // some degenerate triangles.
    for (int i = 0; i < 70002; ++i) {
        const auto key = next(2000);
        ModelVertex v = corner(float(key % 50), float(key / 50), 0.0f, float(key % 7) / 8.0f);
        v.normal = tilted(float(next(3)) * 1.5f); // 0, 1.5 or 3 degrees
        corners.push_back(v);
    }
    std::vector<ModelVertex> expectedVertices;
    const auto expectedIndices = weldByBruteForce(corners, 2.0f, expectedVertices);
    const WeldedMesh mesh = weldCorners(corners);
    EXPECT_GT(mesh.degenerateTriangles, 0u);
    EXPECT_EQ(mesh.indices, expectedIndices);
    ASSERT_EQ(mesh.vertices.size(), expectedVertices.size());
    for (std::size_t v = 0; v < expectedVertices.size(); ++v)
        ASSERT_EQ(mesh.vertices[v], expectedVertices[v]) << v;
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

void expectSameWeld(const WeldedMesh& a, const WeldedMesh& b) {
    EXPECT_EQ(a.indices, b.indices);
    EXPECT_EQ(a.cornerToVertex, b.cornerToVertex);
    EXPECT_EQ(a.sourceTriangles, b.sourceTriangles);
    EXPECT_EQ(a.degenerateTriangles, b.degenerateTriangles);
    ASSERT_EQ(a.vertices.size(), b.vertices.size());
    for (std::size_t v = 0; v < a.vertices.size(); ++v)
        ASSERT_EQ(a.vertices[v], b.vertices[v]) << v;
}

WeldedMesh weldedWithRepeatsReused(std::span<const ModelVertex> corners, bool reuse) {
    WeldOptions options;
    options.reuseExactRepeats = reuse;
    return weldCorners(corners, options);
}

// Exact repeats take the vertex of their earlier corner without a search: the same weld as a
// search of every corner, on a soup of random repeats (several partitions) and on a grid.
TEST(Welding, ExactRepeatsWeldAsTheirSearchWould) {
    std::vector<ModelVertex> soup;
    std::uint32_t state = 777;
    for (int i = 0; i < 90000; ++i) {
        state = state * 1664525u + 1013904223u;
        const std::uint32_t key = (state >> 8) % 3000;
        ModelVertex v = corner(float(key % 60), float(key / 60), 0.0f, float(key % 5) / 4.0f);
        v.normal = tilted(float((state >> 4) % 3) * 1.5f);
        soup.push_back(v);
    }
    expectSameWeld(weldedWithRepeatsReused(soup, true), weldedWithRepeatsReused(soup, false));
    std::vector<ModelVertex> grid;
    for (int y = 0; y < 120; ++y)
        for (int x = 0; x < 120; ++x)
            for (auto [dx, dy] : {std::pair{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}})
                grid.push_back(corner(float(x + dx), float(y + dy), 0));
    expectSameWeld(weldedWithRepeatsReused(grid, true), weldedWithRepeatsReused(grid, false));
}

// A cone's apex with more distinct normals than a search compares: a repeat of an apex corner
// that made its vertex beyond them makes a vertex of its own, as the search does.
TEST(Welding, RepeatsBeyondTheComparedNormalsMakeVerticesOfTheirOwn) {
    std::vector<ModelVertex> corners;
    constexpr int kNormals = 100; // adjacent ones about 3.4 degrees apart
    for (int i = 0; i < kNormals; ++i) {
        const float a = 2.0f * std::numbers::pi_v<float> * float(i) / kNormals;
        const ModelVertex apex = corner(0, 0, 1, 0.5f, 0.5f, {std::cos(a), std::sin(a), 0.3f});
        for (int copy = 0; copy < 2; ++copy) {
            const float b = a + 0.01f * float(copy);
            corners.push_back(apex);
            corners.push_back(corner(std::cos(b), std::sin(b), 0, 0, 0, {0, 0, 1}));
            corners.push_back(corner(std::cos(b + 0.05f), std::sin(b + 0.05f), 0, 0, 0, {0, 0, 1}));
        }
    }
    const WeldedMesh reused = weldedWithRepeatsReused(corners, true);
    expectSameWeld(reused, weldedWithRepeatsReused(corners, false));
    std::size_t apexVertices = 0;
    for (const ModelVertex& v : reused.vertices)
        apexVertices += v.position.z == 1.0f;
    // 64 apex normals are welded with their repeats; each of the other 36 corners is alone.
    EXPECT_GT(apexVertices, std::size_t(kNormals));
}

} // namespace
} // namespace vtxc
