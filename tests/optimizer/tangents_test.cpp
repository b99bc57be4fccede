// Tests of per-vertex tangents: direction of increasing u, Gram-Schmidt against the normal,
// handedness for mirrored UVs, robustness for degenerate input (agreement with Valve's .vvd is
// checked in tests/corpus/tangents_corpus_test.cpp).
#include "formats/common/file_io.h"
#include "formats/common/internal_error.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"
#include "optimizer/vertices/tangents.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace vtxc {
namespace {

ModelVertex vertex(Vec3 position, Vec2 uv, Vec3 normal = {0, 0, 1}) {
    ModelVertex v;
    v.position = position;
    v.uv = uv;
    v.normal = normal;
    return v;
}

// A unit quad in the XY plane facing +Z, u along +x (or -x when mirrored), v along +y.
std::vector<ModelVertex> quad(bool mirrored, Vec3 normal = {0, 0, 1}) {
    const float s = mirrored ? -1.0f : 1.0f;
    return {vertex({0, 0, 0}, {0, 0}, normal), vertex({1, 0, 0}, {s, 0}, normal),
            vertex({1, 1, 0}, {s, 1}, normal), vertex({0, 1, 0}, {0, 1}, normal)};
}
const std::vector<std::uint32_t> kQuadIndices{0, 1, 2, 0, 2, 3};

float dot(const Vec4& t, const Vec3& n) {
    return t.x * n.x + t.y * n.y + t.z * n.z;
}
float length(const Vec4& t) {
    return std::sqrt(t.x * t.x + t.y * t.y + t.z * t.z);
}
bool finite(const Vec4& t) {
    return std::isfinite(t.x) && std::isfinite(t.y) && std::isfinite(t.z) && std::isfinite(t.w);
}

TEST(Tangents, FollowIncreasingUWithRightHandedness) {
    for (const Vec4& t : computeTangents(quad(false), kQuadIndices)) {
        EXPECT_NEAR(t.x, 1.0f, 1e-6);
        EXPECT_NEAR(t.y, 0.0f, 1e-6);
        EXPECT_NEAR(t.z, 0.0f, 1e-6);
        EXPECT_EQ(t.w, 1.0f);
    }
}

TEST(Tangents, MirroredUvFlipsTheTangentAndTheHandedness) {
    for (const Vec4& t : computeTangents(quad(true), kQuadIndices)) {
        EXPECT_NEAR(t.x, -1.0f, 1e-6);
        EXPECT_EQ(t.w, -1.0f);
    }
}

TEST(Tangents, FlippingVFlipsOnlyTheHandedness) {
    std::vector<ModelVertex> flipped = quad(false);
    for (ModelVertex& v : flipped)
        v.uv.y = 1.0f - v.uv.y;
    for (const Vec4& t : computeTangents(flipped, kQuadIndices)) {
        EXPECT_NEAR(t.x, 1.0f, 1e-6);
        EXPECT_EQ(t.w, -1.0f);
    }
}

TEST(Tangents, AreOrthogonalisedAgainstATiltedNormal) {
    const Vec3 normal{0.6f, 0.0f, 0.8f};
    for (const Vec4& t : computeTangents(quad(false, normal), kQuadIndices)) {
        EXPECT_NEAR(dot(t, normal), 0.0f, 1e-6);
        EXPECT_NEAR(length(t), 1.0f, 1e-6);
        EXPECT_GT(t.x, 0.0f);
    }
}

TEST(Tangents, DegenerateUvsFallBackToAPerpendicularUnitVector) {
    std::vector<ModelVertex> same = quad(false);
    for (ModelVertex& v : same)
        v.uv = {0.5f, 0.5f};
    for (const Vec4& t : computeTangents(same, kQuadIndices)) {
        ASSERT_TRUE(finite(t));
        EXPECT_NEAR(length(t), 1.0f, 1e-6);
        EXPECT_NEAR(dot(t, {0, 0, 1}), 0.0f, 1e-6);
        EXPECT_EQ(t.w, 1.0f);
    }
}

// The LOD sharing rule (docs/formats.md, "LOD vertex sharing") tells vertices without a usable u
// direction apart: the frames say which, with the same tangents as computeTangents.
TEST(Tangents, FramesSayWhichVerticesHadAUsableDirection) {
    std::vector<ModelVertex> vertices = quad(false);
    vertices.push_back(vertex({5, 5, 0}, {0.5f, 0.5f})); // a triangle with one UV for all corners
    vertices.push_back(vertex({6, 5, 0}, {0.5f, 0.5f}));
    vertices.push_back(vertex({6, 6, 0}, {0.5f, 0.5f}));
    vertices.push_back(vertex({9, 9, 9}, {0, 0})); // used by no triangle
    const std::vector<std::uint32_t> indices{0, 1, 2, 0, 2, 3, 4, 5, 6};
    const TangentFrames frames = computeTangentFrames(vertices, indices);
    EXPECT_EQ(frames.usable, (std::vector<std::uint8_t>{1, 1, 1, 1, 0, 0, 0, 0}));
    const std::vector<Vec4> tangents = computeTangents(vertices, indices);
    ASSERT_EQ(frames.tangents.size(), tangents.size());
    for (std::size_t v = 0; v < tangents.size(); ++v) {
        EXPECT_EQ(frames.tangents[v].x, tangents[v].x);
        EXPECT_EQ(frames.tangents[v].y, tangents[v].y);
        EXPECT_EQ(frames.tangents[v].z, tangents[v].z);
        EXPECT_EQ(frames.tangents[v].w, tangents[v].w);
    }
}

TEST(Tangents, NeverNaNForBrokenInput) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<ModelVertex> vertices = quad(false, {0, 0, 0}); // zero normals
    vertices.push_back(vertex({nan, 0, 0}, {nan, 1}, {nan, 0, 1}));
    vertices.push_back(vertex({2, 2, 2}, {0, 0})); // used by no triangle
    const std::vector<std::uint32_t> indices{0, 1, 2, 0, 2, 3, 4, 1, 2, 0, 0, 0, 1, 2};
    const std::vector<Vec4> tangents = computeTangents(vertices, indices);
    ASSERT_EQ(tangents.size(), vertices.size());
    for (const Vec4& t : tangents) {
        EXPECT_TRUE(finite(t));
        EXPECT_TRUE(t.w == 1.0f || t.w == -1.0f);
    }
}

TEST(Tangents, AnIndexPastTheVerticesBreaksThePrecondition) {
    if (!VTXC_ASSERTIONS) GTEST_SKIP() << "built with -DVTXC_ASSERTIONS=OFF";
    const std::vector<ModelVertex> vertices = quad(false, {0, 0, 1});
    const std::vector<std::uint32_t> indices{0, 1, 2, 1, 2, 99};
    EXPECT_THROW(computeTangents(vertices, indices), InternalError);
}

TEST(Tangents, AreDeterministicAndIndependentOfTriangleOrder) {
    std::vector<ModelVertex> vertices;
    std::vector<std::uint32_t> indices;
    for (int y = 0; y <= 8; ++y)
        for (int x = 0; x <= 8; ++x)
            vertices.push_back(
                vertex({float(x), float(y), float((x * y) % 3) * 0.25f}, {x * 0.125f, y * 0.1f}));
    for (std::uint32_t y = 0; y < 8; ++y)
        for (std::uint32_t x = 0; x < 8; ++x) {
            const std::uint32_t a = y * 9 + x;
            indices.insert(indices.end(), {a, a + 1, a + 10, a, a + 10, a + 9});
        }
    const std::vector<Vec4> forward = computeTangents(vertices, indices);
    EXPECT_EQ(forward, computeTangents(vertices, indices));
    std::vector<std::uint32_t> reversed;
    for (std::size_t t = indices.size(); t >= 3; t -= 3)
        reversed.insert(reversed.end(), indices.begin() + t - 3, indices.begin() + t);
    const std::vector<Vec4> backward = computeTangents(vertices, reversed);
    for (std::size_t v = 0; v < vertices.size(); ++v) {
        EXPECT_NEAR(forward[v].x, backward[v].x, 1e-5);
        EXPECT_EQ(forward[v].w, backward[v].w);
    }
}

} // namespace
} // namespace vtxc
