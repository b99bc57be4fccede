// Tests of buildCompactSurface: the layout of one and several pieces (shared pool, outer hull,
// tree shape), sound structure, a write -> read round trip, and the header values against the
// analytic ones of boxes.
#include "collision/compact_surface.h"
#include "collision/convex_hull.h"
#include "formats/phy/phy_family.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <set>
#include <vector>

namespace vtxc {
namespace {

constexpr double kMetre = 0.0254; // metres per Source unit

CompactSurfacePiece boxPiece(Vec3d lo, Vec3d hi, std::int32_t clientData = 0) {
    std::vector<Vec3d> corners;
    for (int i = 0; i < 8; ++i)
        corners.push_back({i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z});
    HullResult hull = buildConvexHull(corners);
    EXPECT_TRUE(hull.ok());
    CompactSurfacePiece piece;
    if (hull.ok()) {
        piece.points = hull.hull->points;
        piece.triangles = hull.hull->triangles;
    }
    piece.clientData = clientData;
    return piece;
}

PhySolid build(const std::vector<CompactSurfacePiece>& pieces, double* volume = nullptr) {
    const CompactSurfaceResult result = buildCompactSurface(pieces);
    EXPECT_TRUE(result.solid.has_value()) << result.error;
    if (volume) *volume = result.volume;
    return result.solid.value_or(PhySolid{});
}

// Source (x, y, z) -> physics (x, -z, y) in metres, in double.
Vec3d physics(Vec3d source) {
    return {source.x * kMetre, -source.z * kMetre, source.y * kMetre};
}

void expectNear(const Vec3& actual, Vec3d expected, double tolerance) {
    EXPECT_NEAR(actual.x, expected.x, tolerance);
    EXPECT_NEAR(actual.y, expected.y, tolerance);
    EXPECT_NEAR(actual.z, expected.z, tolerance);
}

void expectRoundTrip(const PhySolid& solid) {
    PhyFile file;
    file.checkSum = 1234;
    file.solids = {solid};
    file.text.blocks.push_back(makeEditParamsBlock({}));
    const std::vector<std::uint8_t> bytes = writePhy(file);
    CollectingSink sink;
    const auto back = readPhy(bytes, "built.phy", sink);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(back->solids.front(), solid);
    EXPECT_TRUE(checkPhy(*back, "built.phy").empty());
}

// The rotation inertia this builder writes for a box of sides a, b, c (Source units along x, y,
// z): per physics axis the hypot of the other two axes' second moments s^2 / 12.
Vec3d boxInertia(double a, double b, double c) {
    const Vec3d m{a * a / 12 * kMetre * kMetre, c * c / 12 * kMetre * kMetre,
                  b * b / 12 * kMetre * kMetre}; // physics axes: x, -z, y
    return {std::hypot(m.y, m.z), std::hypot(m.x, m.z), std::hypot(m.x, m.y)};
}

TEST(CompactSurface, CubeIsOneLedgeOneLeafAndAnalyticHeader) {
    double volume = 0;
    const PhySolid solid = build({boxPiece({-8, -8, 0}, {8, 8, 16})}, &volume);
    const PhyCompactSurface& s = solid.surface;
    ASSERT_EQ(s.ledges.size(), 1u);
    EXPECT_EQ(s.ledges[0].triangles.size(), 12u);
    EXPECT_EQ(s.points.size(), 8u);
    ASSERT_EQ(s.nodes.size(), 1u);
    EXPECT_EQ(s.nodes[0].rightNode, -1);
    EXPECT_EQ(s.nodes[0].ledge, 0);
    EXPECT_EQ(s.ledges[0].sizeDiv16, 1u + 12u + 8u);
    EXPECT_EQ(s.ledges[0].hasChildrenFlag, 0);
    EXPECT_NEAR(volume, 16.0 * 16 * 16, 1e-6);
    expectNear(s.massCenter, physics({0, 0, 8}), 1e-6);
    expectNear(s.rotationInertia, boxInertia(16, 16, 16), 1e-7);
    EXPECT_NEAR(s.upperLimitRadius, 8 * std::sqrt(3.0) * kMetre, 1e-6);
    // The leaf: the box's centre, its half-diagonal, and box sizes ceil(250 / sqrt 3) = 145.
    expectNear(s.nodes[0].center, physics({0, 0, 8}), 1e-6);
    EXPECT_NEAR(s.nodes[0].radius, 8 * std::sqrt(3.0) * kMetre, 1e-6);
    EXPECT_EQ(s.nodes[0].boxSizes, (std::array<std::uint8_t, 3>{145, 145, 145}));
    expectNear(solid.dragAxisAreas, {1, 1, 1}, 0);
    EXPECT_TRUE(checkCompactSurface(solid, "cube").empty());
    expectRoundTrip(solid);
}

TEST(CompactSurface, PointPoolIsInFirstUseOrderAndEdgesPairUp) {
    const PhySolid solid = build({boxPiece({0, 0, 0}, {4, 6, 10})});
    const PhyCompactSurface& s = solid.surface;
    std::vector<std::uint16_t> firstUse;
    for (const PhyTriangle& tri : s.ledges[0].triangles) {
        EXPECT_EQ(tri.triIndex, &tri - s.ledges[0].triangles.data());
        for (const PhyEdge& edge : tri.edges)
            if (std::find(firstUse.begin(), firstUse.end(), edge.startPointIndex) == firstUse.end())
                firstUse.push_back(edge.startPointIndex);
    }
    for (std::size_t i = 0; i < firstUse.size(); ++i)
        EXPECT_EQ(firstUse[i], i);
    // The pierce triangle of a box's face lies on the opposite face.
    const auto normal = [&](const PhyTriangle& tri) {
        const auto p = [&](int k) {
            const PhyPoint& q = s.points[tri.edges[static_cast<std::size_t>(k)].startPointIndex];
            return Vec3d{q.x, q.y, q.z};
        };
        const Vec3d n = cross(p(1) - p(0), p(2) - p(0));
        return n * (1 / length(n));
    };
    for (const PhyTriangle& tri : s.ledges[0].triangles)
        EXPECT_NEAR(dot(normal(tri), normal(s.ledges[0].triangles[tri.pierceIndex])), -1, 1e-6);
}

TEST(CompactSurface, TwoBoxesShareThePoolAndGetAnOuterHullAtTheRoot) {
    // Two boxes sharing a face: their four common corners are stored once.
    double volume = 0;
    const PhySolid solid =
        build({boxPiece({0, 0, 0}, {10, 10, 10}), boxPiece({10, 0, 0}, {30, 10, 10})}, &volume);
    const PhyCompactSurface& s = solid.surface;
    ASSERT_EQ(s.ledges.size(), 3u);
    EXPECT_EQ(s.points.size(), 12u);
    ASSERT_EQ(s.nodes.size(), 3u);
    EXPECT_EQ(s.nodes[0].ledge, 2);
    EXPECT_EQ(s.nodes[0].rightNode, 2);
    EXPECT_EQ(s.nodes[1].ledge, 0);
    EXPECT_EQ(s.nodes[2].ledge, 1);
    EXPECT_EQ(phyOuterHullLedge(s), std::optional<std::size_t>(2));
    const PhyLedge& hull = s.ledges[2];
    EXPECT_EQ(hull.hasChildrenFlag, 1);
    EXPECT_EQ(hull.triangles.size(), 12u); // the hull of the two is one box
    const PhySurfaceLayout layout = layoutCompactSurface(s);
    EXPECT_EQ(hull.clientData, static_cast<std::int32_t>(layout.treeOffset) -
                                   static_cast<std::int32_t>(layout.ledgeOffsets[2]));
    for (const PhyLedge& ledge : s.ledges)
        EXPECT_EQ(ledge.sizeDiv16, phyCompactLedgeSizeDiv16(ledge));
    EXPECT_NEAR(volume, 1000 + 2000, 1e-6);
    // Mass centre and second moments of the 30 x 10 x 10 box they make.
    expectNear(s.massCenter, physics({15, 5, 5}), 1e-6);
    expectNear(s.rotationInertia, boxInertia(30, 10, 10), 1e-7);
    EXPECT_TRUE(checkCompactSurface(solid, "two").empty());
    expectRoundTrip(solid);
}

TEST(CompactSurface, DoorFrameTreeJoinsThePostsFirstAsValveDoes) {
    // chamberdoor_frame's three boxes (Source units): two posts and a top bar overlapping them.
    // Valve's tree: root (outer hull) -> bar leaf, and an inner node -> post, post.
    const PhySolid solid =
        build({boxPiece({-57, -17, 0}, {-45, 17, 104}), boxPiece({-57, -17, 100}, {57, 17, 128}),
               boxPiece({44, -17, 0}, {56, 17, 104})});
    const PhyCompactSurface& s = solid.surface;
    ASSERT_EQ(s.ledges.size(), 4u);
    ASSERT_EQ(s.nodes.size(), 5u);
    EXPECT_EQ(s.nodes[0].ledge, 3);
    EXPECT_EQ(s.nodes[0].rightNode, 2);
    EXPECT_EQ(s.nodes[1].ledge, 1);
    EXPECT_EQ(s.nodes[1].rightNode, -1);
    EXPECT_EQ(s.nodes[2].ledge, -1);
    EXPECT_EQ(s.nodes[2].rightNode, 4);
    EXPECT_EQ(s.nodes[3].ledge, 0);
    EXPECT_EQ(s.nodes[4].ledge, 2);
    // The posts' node: the union of their quantised boxes, as in Valve's file (-0.0127,
    // -1.3208, 0), radius 2.004484, box sizes (180, 166, 55).
    expectNear(s.nodes[2].center, {-0.0127, -1.3208, 0}, 1e-4);
    EXPECT_NEAR(s.nodes[2].radius, 2.004484, 1e-4);
    EXPECT_EQ(s.nodes[2].boxSizes, (std::array<std::uint8_t, 3>{180, 166, 55}));
    // The drag areas: the frame's opening lets the rays along y through.
    EXPECT_EQ(solid.dragAxisAreas.x, 1.0f);
    EXPECT_LT(solid.dragAxisAreas.y, 0.5f);
    EXPECT_EQ(solid.dragAxisAreas.z, 1.0f);
    EXPECT_TRUE(checkCompactSurface(solid, "frame").empty());
    expectRoundTrip(solid);
}

TEST(CompactSurface, JointedSolidKeepsTheClientData) {
    const PhySolid solid =
        build({boxPiece({0, 0, 0}, {4, 4, 4}, 3), boxPiece({0, 0, 10}, {4, 4, 14}, 3)});
    const PhyCompactSurface& s = solid.surface;
    ASSERT_EQ(s.ledges.size(), 3u);
    EXPECT_EQ(s.ledges[0].clientData, 3);
    EXPECT_EQ(s.ledges[1].clientData, 3);
    EXPECT_GT(s.ledges[2].clientData, 0); // the hull: the offset to its tree node
    EXPECT_EQ(s.points.size(), 16u);
    EXPECT_TRUE(checkCompactSurface(solid, "joint").empty());
    expectRoundTrip(solid);
}

TEST(CompactSurface, DragAreasCountTheRaysThatHit) {
    // A wedge (the triangle x + y <= 10 extruded along z): it covers the whole box face seen
    // along x and along y, and half of it (the triangle) seen along z.
    std::vector<Vec3d> corners = {{0, 0, 0},  {10, 0, 0},  {0, 10, 0},
                                  {0, 0, 10}, {10, 0, 10}, {0, 10, 10}};
    HullResult hull = buildConvexHull(corners);
    ASSERT_TRUE(hull.ok());
    const PhySolid solid = build({{hull.hull->points, hull.hull->triangles, 0}});
    EXPECT_FLOAT_EQ(solid.dragAxisAreas.x, 1.0f);
    EXPECT_FLOAT_EQ(solid.dragAxisAreas.y, 1.0f);
    // 20 x 20 rays; those with (i + 0.5) + (j + 0.5) <= 20, i.e. i + j <= 19: 210 of 400.
    EXPECT_FLOAT_EQ(solid.dragAxisAreas.z, 210.0f / 400.0f);
}

TEST(CompactSurface, BadPiecesAreRefused) {
    EXPECT_FALSE(buildCompactSurface({}).solid.has_value());
    CompactSurfacePiece open = boxPiece({0, 0, 0}, {1, 1, 1});
    open.triangles.pop_back();
    const CompactSurfaceResult openResult = buildCompactSurface(std::vector{open});
    EXPECT_FALSE(openResult.solid.has_value());
    EXPECT_NE(openResult.error.find("piece 0"), std::string::npos);
    CompactSurfacePiece outOfRange = boxPiece({0, 0, 0}, {1, 1, 1});
    outOfRange.triangles[0][0] = 99;
    EXPECT_FALSE(buildCompactSurface(std::vector{outOfRange}).solid.has_value());
    CompactSurfacePiece inward = boxPiece({0, 0, 0}, {1, 1, 1});
    for (auto& tri : inward.triangles)
        std::swap(tri[1], tri[2]);
    EXPECT_FALSE(buildCompactSurface(std::vector{inward}).solid.has_value());
}

} // namespace
} // namespace vtxc
