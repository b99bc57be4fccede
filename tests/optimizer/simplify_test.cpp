// Tests of the simplifier: triangle targets, error limit, flat and curved surfaces, materials, UV
// seams, open borders, small parts, bone weights, no flipped or degenerate triangles, invalid
// input, and output that depends on nothing but the input.
#include "optimizer/simplify/double_lanes.h"
#include "optimizer/simplify/simplify.h"
#include "optimizer/simplify/surface_error.h"
#include "optimizer/simplify/triangle_bvh.h"
#include "optimizer/vertices/welding.h"
#include "testing/smd_synthesis.h"

#include <cmath>
#include <cstdio>
#include <gtest/gtest.h>
#include <map>
#include <numbers>
#include <set>
#include <span>
#include <tuple>
#include <vector>

namespace vtxc {
namespace {

struct Mesh {
    std::vector<ModelVertex> vertices;
    std::vector<std::uint32_t> indices;
    std::vector<std::uint32_t> materials;
    SimplifyInput input() const { return {vertices, indices, materials}; }
    std::size_t triangles() const { return indices.size() / 3; }
};

ModelVertex vertex(Vec3 position, Vec3 normal = {0, 0, 1}, Vec2 uv = {}) {
    ModelVertex v;
    v.position = position;
    v.normal = normal;
    v.uv = uv;
    v.weights.count = 1;
    v.weights.weight[0] = 1;
    return v;
}

// An n x n grid of quads over [0, 1]^2 in the z = 0 plane; `material(i, j)` per quad.
template <class Material> Mesh grid(int n, Material material, float offset = 0) {
    Mesh mesh;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            const float x = float(i) / float(n), y = float(j) / float(n);
            mesh.vertices.push_back(vertex({x + offset, y, 0}, {0, 0, 1}, {x, y}));
        }
    auto at = [n](int i, int j) { return std::uint32_t(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            mesh.indices.insert(mesh.indices.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1),
                                                     at(i, j), at(i + 1, j + 1), at(i, j + 1)});
            mesh.materials.insert(mesh.materials.end(), 2, material(i, j));
        }
    return mesh;
}

Mesh grid(int n) {
    return grid(n, [](int, int) { return 0u; });
}

// A sphere of radius 1 from `rings` x `segments` quads, one vertex per position (no seams).
Mesh sphere(int rings, int segments) {
    Mesh mesh;
    const double pi = std::numbers::pi;
    mesh.vertices.push_back(vertex({0, 0, 1}, {0, 0, 1}));
    for (int r = 1; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const double theta = pi * r / rings, phi = 2 * pi * s / segments;
            const Vec3 p{float(std::sin(theta) * std::cos(phi)),
                         float(std::sin(theta) * std::sin(phi)), float(std::cos(theta))};
            mesh.vertices.push_back(vertex(p, p));
        }
    mesh.vertices.push_back(vertex({0, 0, -1}, {0, 0, -1}));
    const auto last = std::uint32_t(mesh.vertices.size() - 1);
    auto at = [&](int r, int s) { return std::uint32_t(1 + (r - 1) * segments + s % segments); };
    for (int s = 0; s < segments; ++s) {
        mesh.indices.insert(mesh.indices.end(), {0, at(1, s), at(1, s + 1)});
        mesh.indices.insert(mesh.indices.end(), {last, at(rings - 1, s + 1), at(rings - 1, s)});
        for (int r = 1; r + 1 < rings; ++r)
            mesh.indices.insert(mesh.indices.end(), {at(r, s), at(r + 1, s), at(r + 1, s + 1),
                                                     at(r, s), at(r + 1, s + 1), at(r, s + 1)});
    }
    return mesh;
}

std::vector<Vec3> positionsOf(std::span<const ModelVertex> vertices) {
    std::vector<Vec3> out;
    for (const ModelVertex& v : vertices)
        out.push_back(v.position);
    return out;
}

using Position = std::tuple<float, float, float>;
Position key(const Vec3& p) {
    return {p.x, p.y, p.z};
}

// Edges (between positions) used by exactly one triangle: open borders and cracks.
std::vector<std::pair<Vec3, Vec3>> borderEdges(const std::vector<ModelVertex>& vertices,
                                               const std::vector<std::uint32_t>& indices) {
    std::map<std::pair<Position, Position>, std::pair<Vec3, Vec3>> edges;
    std::map<std::pair<Position, Position>, int> uses;
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            Vec3 a = vertices[indices[t + k]].position;
            Vec3 b = vertices[indices[t + (k + 1) % 3]].position;
            if (key(b) < key(a)) std::swap(a, b);
            edges[{key(a), key(b)}] = {a, b};
            ++uses[{key(a), key(b)}];
        }
    std::vector<std::pair<Vec3, Vec3>> out;
    for (const auto& [edge, n] : uses)
        if (n == 1) out.push_back(edges[edge]);
    return out;
}

Vec3 normalOf(const SimplifiedMesh& mesh, std::size_t t, double* area = nullptr) {
    const Vec3& a = mesh.vertices[mesh.indices[3 * t]].position;
    const Vec3& b = mesh.vertices[mesh.indices[3 * t + 1]].position;
    const Vec3& c = mesh.vertices[mesh.indices[3 * t + 2]].position;
    const double ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z;
    const double vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
    const Vec3 n{float(uy * vz - uz * vy), float(uz * vx - ux * vz), float(ux * vy - uy * vx)};
    if (area) *area = 0.5 * std::sqrt(double(n.x) * n.x + double(n.y) * n.y + double(n.z) * n.z);
    return n;
}

TEST(Simplify, FlatGridReachesTheTargetWithNoError) {
    const Mesh mesh = grid(10);
    SimplifyOptions options;
    options.targetTriangles = 20;
    const SimplifiedMesh out = simplifyMesh(mesh.input(), options);
    EXPECT_EQ(out.indices.size() / 3, 20u);
    for (const ModelVertex& v : out.vertices)
        EXPECT_EQ(v.position.z, 0.0f);
    EXPECT_LT(out.error, 1e-6);
    const std::vector<Vec3> before = positionsOf(mesh.vertices), after = positionsOf(out.vertices);
    EXPECT_LT(measureSurfaceError({before, mesh.indices}, {after, out.indices}).max, 1e-5);
}

TEST(Simplify, OpenBordersArePenalisedNotFrozen) {
    // Every vertex of a 4 x 4 grid but the centre ones is on the border; it still goes down to
    // two triangles, the square's corners kept.
    const Mesh mesh = grid(4);
    SimplifyOptions options;
    options.targetTriangles = 2;
    const SimplifiedMesh out = simplifyMesh(mesh.input(), options);
    ASSERT_EQ(out.indices.size() / 3, 2u);
    std::set<Position> corners;
    for (const ModelVertex& v : out.vertices)
        corners.insert(key(v.position));
    EXPECT_EQ(corners, (std::set<Position>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}));
}

TEST(Simplify, RatioAndOddTargets) {
    const Mesh mesh = grid(8); // 128 triangles
    SimplifyOptions options;
    options.targetRatio = 0.5;
    EXPECT_EQ(simplifyTarget(mesh.triangles(), options), 64u);
    EXPECT_EQ(simplifyMesh(mesh.input(), options).indices.size() / 3, 64u);
    options.targetTriangles = 37; // an interior collapse removes two: a border one reaches 37
    EXPECT_EQ(simplifyMesh(mesh.input(), options).indices.size() / 3, 37u);
}

TEST(Simplify, MaxErrorStopsBeforeTheTarget) {
    Mesh mesh = sphere(12, 24);
    SimplifyOptions options;
    options.targetTriangles = 8;
    options.maxError = 0.01; // 1% of the diagonal
    const SimplifiedMesh out = simplifyMesh(mesh.input(), options);
    EXPECT_GT(out.indices.size() / 3, 8u);
    EXPECT_LT(out.indices.size(), mesh.indices.size());
    EXPECT_LE(out.error, 0.01);
}

TEST(Simplify, NoFlippedOrDegenerateTriangles) {
    const Mesh mesh = sphere(16, 32);
    const std::vector<Vec3> positions = positionsOf(mesh.vertices);
    const TriangleBvh input(positions, mesh.indices);
    for (std::size_t target : {400u, 120u, 40u, 12u}) {
        SimplifyOptions options;
        options.targetTriangles = target;
        const SimplifiedMesh out = simplifyMesh(mesh.input(), options);
        EXPECT_EQ(out.indices.size() / 3, target);
        std::set<std::set<std::uint32_t>> seen;
        for (std::size_t t = 0; t < out.indices.size() / 3; ++t) {
            double area = 0;
            const Vec3 n = normalOf(out, t, &area);
            EXPECT_GT(area, 1e-6) << "degenerate triangle " << t;
            // Facing outwards like the sphere at the triangle's centre.
            Vec3 centre{};
            for (int k = 0; k < 3; ++k) {
                const Vec3& p = out.vertices[out.indices[3 * t + k]].position;
                centre = {centre.x + p.x / 3, centre.y + p.y / 3, centre.z + p.z / 3};
            }
            EXPECT_GT(n.x * centre.x + n.y * centre.y + n.z * centre.z, 0) << "flipped " << t;
            EXPECT_TRUE(
                seen.insert({out.indices[3 * t], out.indices[3 * t + 1], out.indices[3 * t + 2]})
                    .second);
        }
    }
}

TEST(Simplify, TrianglesKeepTheirMaterialAndBoundariesStayClosed) {
    // Left half material 0, right half 1: the boundary column is shared.
    const Mesh mesh = grid(12, [](int i, int) { return i < 6 ? 0u : 1u; });
    SimplifyOptions options;
    options.targetTriangles = 24;
    const SimplifiedMesh out = simplifyMesh(mesh.input(), options);
    ASSERT_EQ(out.indices.size() / 3, 24u);
    std::vector<int> materialOfVertex(out.vertices.size(), -1);
    for (std::size_t t = 0; t < out.indices.size() / 3; ++t) {
        // Each triangle lies on its material's side of x = 0.5.
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = out.indices[3 * t + k];
            const float x = out.vertices[v].position.x;
            if (out.materials[t] == 0) {
                EXPECT_LE(x, 0.5f + 1e-6f);
            }
            if (out.materials[t] == 1) {
                EXPECT_GE(x, 0.5f - 1e-6f);
            }
            // A vertex belongs to one material (the .vvd splits meshes by material).
            if (materialOfVertex[v] < 0) materialOfVertex[v] = int(out.materials[t]);
            EXPECT_EQ(materialOfVertex[v], int(out.materials[t]));
        }
    }
    // Both sides move their shared corners together: no crack opens along x = 0.5; the only
    // open edges are on the square's outline.
    auto onOutline = [](const Vec3& p) { return p.x == 0 || p.x == 1 || p.y == 0 || p.y == 1; };
    const auto open = borderEdges(out.vertices, out.indices);
    EXPECT_GE(open.size(), 4u);
    for (const auto& [a, b] : open) {
        EXPECT_TRUE(onOutline(a) && onOutline(b))
            << a.x << " " << a.y << " - " << b.x << " " << b.y;
        EXPECT_TRUE(a.x == b.x || a.y == b.y);
    }
}

TEST(Simplify, UvSeamsCollapseTogetherAlongTheSeam) {
    // A tube with a UV seam (the seam column is two vertices per position, u = 0 and u = 1).
    SmdSynthesisOptions tube;
    tube.triangles = 2000;
    tube.bones = 1;
    tube.maxInfluences = 1;
    // The synthetic tube jitters every grid point's radius, the doubled seam column too: put
    // the seam's u = 1 corners at their u = 0 twins, so that the seam is closed geometrically.
    std::vector<ModelVertex> corners = synthesizeCorners(tube);
    std::map<float, Vec3> seamStart; // by v
    for (const ModelVertex& c : corners)
        if (c.uv.x == 0) seamStart[c.uv.y] = c.position;
    for (ModelVertex& c : corners)
        if (c.uv.x == 1) c.position = seamStart.at(c.uv.y);
    const WeldedMesh welded = weldCorners(corners);
    float top = 0;
    for (const ModelVertex& v : welded.vertices)
        top = std::max(top, v.position.z);
    // (The synthetic tube's last row of quads is partly filled: its top end is a step one row,
    // 3% of the length, high.)
    const float slack = 0.05f * top;
    auto atAnEnd = [&](const Vec3& p) { return p.z < slack || p.z > top - slack; };
    for (const auto& [a, b] : borderEdges(welded.vertices, welded.indices))
        ASSERT_TRUE(atAnEnd(a) && atAnEnd(b)) << "input " << a.z << " " << b.z;
    SimplifyOptions options;
    options.targetTriangles = 300;
    const SimplifiedMesh out = simplifyMesh({welded.vertices, welded.indices, {}}, options);
    ASSERT_EQ(out.indices.size() / 3, 300u);
    // No crack along the seam: the only open edges are those of the tube's two ends (whose
    // vertices may slide a little off the end plane: the tube's radius is jittered, so its
    // border constraints are not exactly horizontal).
    for (const auto& [a, b] : borderEdges(out.vertices, out.indices)) {
        EXPECT_TRUE(atAnEnd(a) && atAnEnd(b)) << a.z << " " << b.z;
        EXPECT_NEAR(a.z, b.z, 2 * slack);
    }
    // The seam is still there: some positions carry two UVs, one of each side (u 0 and 1).
    std::map<Position, std::set<float>> us;
    for (const ModelVertex& v : out.vertices)
        us[key(v.position)].insert(v.uv.x);
    std::size_t seamPositions = 0;
    for (const auto& [position, u] : us)
        if (u.size() == 2) {
            ++seamPositions;
            EXPECT_NEAR(*u.rbegin() - *u.begin(), 1.0f, 1e-3f);
        }
    EXPECT_GE(seamPositions, 2u);
}

TEST(Simplify, SmallPartsGoOnlyWhenTheyMust) {
    // A flat grid (collapses there are free) and a small box just above it.
    Mesh mesh = grid(8);
    const auto base = std::uint32_t(mesh.vertices.size());
    for (int k = 0; k < 8; ++k)
        mesh.vertices.push_back(
            vertex({0.45f + 0.1f * float(k & 1), 0.45f + 0.1f * float((k >> 1) & 1),
                    0.01f + 0.1f * float(k >> 2)}));
    const std::uint32_t faces[12][3] = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6},
                                        {0, 1, 4}, {1, 5, 4}, {2, 6, 3}, {3, 6, 7},
                                        {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
    for (const auto& f : faces) {
        for (std::uint32_t k : f)
            mesh.indices.push_back(base + k);
        mesh.materials.push_back(0);
    }
    SimplifyOptions options;
    options.targetTriangles = 14; // the grid down to 2, the box untouched
    SimplifiedMesh out = simplifyMesh(mesh.input(), options);
    ASSERT_EQ(out.indices.size() / 3, 14u);
    std::size_t boxCorners = 0;
    for (const ModelVertex& v : out.vertices)
        boxCorners += v.position.z > 0.005f;
    EXPECT_EQ(boxCorners, 8u);
    options.targetTriangles = 2; // only by removing the box
    out = simplifyMesh(mesh.input(), options);
    ASSERT_EQ(out.indices.size() / 3, 2u);
    for (const ModelVertex& v : out.vertices)
        EXPECT_EQ(v.position.z, 0.0f);
}

TEST(Simplify, BoneWeightsStayValid) {
    SmdSynthesisOptions tube;
    tube.triangles = 3000;
    tube.bones = 6;
    tube.maxInfluences = 3;
    // The synthetic tube jitters every grid point's radius, the doubled seam column too: put
    // the seam's u = 1 corners at their u = 0 twins, so that the seam is closed geometrically.
    std::vector<ModelVertex> corners = synthesizeCorners(tube);
    std::map<float, Vec3> seamStart; // by v
    for (const ModelVertex& c : corners)
        if (c.uv.x == 0) seamStart[c.uv.y] = c.position;
    for (ModelVertex& c : corners)
        if (c.uv.x == 1) c.position = seamStart.at(c.uv.y);
    const WeldedMesh welded = weldCorners(corners);
    SimplifyOptions options;
    options.targetRatio = 0.1;
    const SimplifiedMesh out = simplifyMesh({welded.vertices, welded.indices, {}}, options);
    std::size_t blended = 0;
    for (std::size_t v = 0; v < out.vertices.size(); ++v) {
        const BoneWeights& w = out.vertices[v].weights;
        ASSERT_GE(w.count, 1);
        ASSERT_LE(w.count, kMaxBonesPerVertex);
        float sum = 0;
        for (int k = 0; k < w.count; ++k) {
            EXPECT_GE(w.bone[k], 0);
            EXPECT_LT(w.bone[k], 6);
            EXPECT_GT(w.weight[k], 0);
            sum += w.weight[k];
        }
        EXPECT_NEAR(sum, 1.0f, 1e-5f);
        if (out.sourceVertex[v] == kNewVertex)
            ++blended;
        else
            EXPECT_EQ(out.vertices[v], welded.vertices[out.sourceVertex[v]]);
    }
    EXPECT_GT(blended, 0u);
}

// Left columns follow bone 0, right columns bone 1, the middle column both: on a flat grid the
// geometry costs nothing, so only the bone penalty orders the collapses.
TEST(Simplify, CollapsesAcrossDifferentBonesCostMore) {
    Mesh mesh = grid(12);
    for (ModelVertex& v : mesh.vertices) {
        const float x = v.position.x;
        v.weights = {};
        if (x < 0.49f || x > 0.51f) {
            v.weights.count = 1;
            v.weights.bone[0] = x < 0.5f ? 0 : 1;
            v.weights.weight[0] = 1;
        } else {
            v.weights.count = 2;
            v.weights.bone = {0, 1, 0};
            v.weights.weight = {0.5f, 0.5f, 0};
        }
    }
    SimplifyOptions options;
    options.targetTriangles = 40;
    const SimplifiedMesh out = simplifyMesh(mesh.input(), options);
    ASSERT_EQ(out.indices.size() / 3, 40u);
    for (const ModelVertex& v : out.vertices) {
        // No vertex needed weights blended from different bone sets, and each kept its side.
        const bool middle = v.weights.count == 2;
        EXPECT_TRUE(middle ? std::abs(v.position.x - 0.5f) < 1e-6f
                           : (v.weights.bone[0] == 0) == (v.position.x < 0.5f))
            << v.position.x;
    }
}

TEST(Simplify, SameOutputEveryTime) {
    SmdSynthesisOptions tube;
    tube.triangles = 4000;
    tube.bones = 8;
    // The synthetic tube jitters every grid point's radius, the doubled seam column too: put
    // the seam's u = 1 corners at their u = 0 twins, so that the seam is closed geometrically.
    std::vector<ModelVertex> corners = synthesizeCorners(tube);
    std::map<float, Vec3> seamStart; // by v
    for (const ModelVertex& c : corners)
        if (c.uv.x == 0) seamStart[c.uv.y] = c.position;
    for (ModelVertex& c : corners)
        if (c.uv.x == 1) c.position = seamStart.at(c.uv.y);
    const WeldedMesh welded = weldCorners(corners);
    SimplifyOptions options;
    options.targetRatio = 0.2;
    const SimplifiedMesh a = simplifyMesh({welded.vertices, welded.indices, {}}, options);
    const SimplifiedMesh b = simplifyMesh({welded.vertices, welded.indices, {}}, options);
    EXPECT_EQ(a.indices, b.indices);
    EXPECT_EQ(a.vertices, b.vertices);
    EXPECT_EQ(a.error, b.error);
}

// Local passes (blocks of points, each block's cheapest first) against one queue for the whole
// mesh, on meshes above the size where they start: the count asked for, and the surface no
// further from the input (within a few per cent).
void expectLocalPassesAsGoodAsOneQueue(const SimplifyInput& input, double ratio) {
    SimplifyOptions local;
    local.targetRatio = ratio;
    ASSERT_GE(input.vertices.size(), local.localPassesFromPoints);
    SimplifyOptions oneQueue = local;
    oneQueue.localPassesFromPoints = 0;
    const SimplifiedMesh a = simplifyMesh(input, local);
    const SimplifiedMesh b = simplifyMesh(input, oneQueue);
    EXPECT_EQ(a.indices.size(), b.indices.size());
    EXPECT_NE(a.indices, b.indices);                          // the passes were made
    EXPECT_EQ(a.indices, simplifyMesh(input, local).indices); // deterministic
    for (const ModelVertex& v : a.vertices) {
        ASSERT_GE(v.weights.count, 1);
        ASSERT_LE(v.weights.count, kMaxBonesPerVertex);
        float sum = 0;
        for (int k = 0; k < v.weights.count; ++k)
            sum += v.weights.weight[k];
        EXPECT_NEAR(sum, 1.0f, 1e-5f);
    }
    const std::vector<Vec3> in = positionsOf(input.vertices);
    const std::vector<Vec3> outA = positionsOf(a.vertices), outB = positionsOf(b.vertices);
    const SurfaceError errorA = measureSurfaceError({in, input.indices}, {outA, a.indices});
    const SurfaceError errorB = measureSurfaceError({in, input.indices}, {outB, b.indices});
    std::printf("local passes: mean %.4f%% max %.4f%%; one queue: mean %.4f%% max %.4f%%\n",
                errorA.meanPercent(), errorA.maxPercent(), errorB.meanPercent(),
                errorB.maxPercent());
    EXPECT_LE(errorA.mean, 1.05 * errorB.mean);
    EXPECT_LE(errorA.max, 1.10 * errorB.max);
}

TEST(Simplify, LocalPassesOnABigSphere) {
    const Mesh mesh = sphere(180, 240); // 86k triangles, 43k points
    expectLocalPassesAsGoodAsOneQueue(mesh.input(), 0.1);
}

TEST(Simplify, LocalPassesOnABigSkinnedTube) {
    SmdSynthesisOptions tube;
    tube.triangles = 90000;
    tube.bones = 40;
    const WeldedMesh welded = weldCorners(synthesizeCorners(tube));
    expectLocalPassesAsGoodAsOneQueue({welded.vertices, welded.indices, {}}, 0.25);
}

// The lanes (several faces or collapses costed at once) change the speed, not the result: the same
// output to the bit with them and without, on a mesh simplified in one queue and on meshes big
// enough for local passes, with materials, seams and skinning.
void expectSameWithAndWithoutLanes(const SimplifyInput& input, double ratio) {
    SimplifyOptions lanes;
    lanes.targetRatio = ratio;
    SimplifyOptions scalar = lanes;
    scalar.vectorLanes = false;
    const SimplifiedMesh a = simplifyMesh(input, lanes);
    const SimplifiedMesh b = simplifyMesh(input, scalar);
    ASSERT_FALSE(a.indices.empty());
    EXPECT_EQ(a.indices, b.indices);
    EXPECT_EQ(a.vertices, b.vertices);
    EXPECT_EQ(a.materials, b.materials);
    EXPECT_EQ(a.sourceVertex, b.sourceVertex);
    EXPECT_EQ(a.error, b.error);
}

TEST(Simplify, VectorLanesGiveTheSameResult) {
    if (!doubleLanesAvailable()) GTEST_SKIP() << "this processor has no lanes";
    const Mesh tiles = grid(40, [](int i, int j) { return std::uint32_t((i / 10 + j / 10) % 3); });
    expectSameWithAndWithoutLanes(tiles.input(), 0.2);
    const Mesh ball = sphere(180, 240);
    expectSameWithAndWithoutLanes(ball.input(), 0.1);
    SmdSynthesisOptions tube;
    tube.triangles = 90000;
    tube.bones = 40;
    const WeldedMesh welded = weldCorners(synthesizeCorners(tube));
    expectSameWithAndWithoutLanes({welded.vertices, welded.indices, {}}, 0.25);
}

TEST(Simplify, InvalidOrEmptyInputGivesNothing) {
    Mesh mesh = grid(2);
    mesh.indices[4] = 1000;
    SimplifyOptions options;
    EXPECT_TRUE(simplifyMesh(mesh.input(), options).indices.empty());
    EXPECT_TRUE(simplifyMesh({}, options).indices.empty());
    // Only degenerate triangles: nothing to draw.
    const std::vector<ModelVertex> vertices{vertex({0, 0, 0}), vertex({1, 0, 0})};
    const std::vector<std::uint32_t> indices{0, 0, 1};
    EXPECT_TRUE(simplifyMesh({vertices, indices, {}}, options).indices.empty());
}

} // namespace
} // namespace vtxc
