// Tests of findIslands (welding by position and normal, flood fill, order) and of the thickness
// measure behind the 2-D check.
#include "collision/convex_hull.h"
#include "collision/islands.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace vtxc {
namespace {

// The 12 faces of an axis-aligned box as corners. Smooth: each corner's normal points from the
// centre through the corner (shared by the three sides there, so corners weld). Hard: each side
// has its own face normal (corners at one place differ by 90 degrees and do not weld).
std::vector<CollisionCorner> boxFaces(Vec3d low, Vec3d high, bool smooth) {
    const Vec3d centre = (low + high) * 0.5;
    const auto corner = [&](int i) {
        return Vec3d{i & 1 ? high.x : low.x, i & 2 ? high.y : low.y, i & 4 ? high.z : low.z};
    };
    // Each side as four corner indices, counter-clockwise seen from outside, with its normal.
    const int sides[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                             {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    const Vec3d sideNormals[6] = {{0, 0, -1}, {0, 0, 1},  {0, -1, 0},
                                  {0, 1, 0},  {-1, 0, 0}, {1, 0, 0}};
    std::vector<CollisionCorner> corners;
    for (int s = 0; s < 6; ++s)
        for (const int k : {0, 1, 2, 0, 2, 3}) {
            const Vec3d p = corner(sides[s][k]);
            const Vec3d radial = (p - centre) * (1 / length(p - centre));
            corners.push_back({p, smooth ? radial : sideNormals[s]});
        }
    return corners;
}

void append(std::vector<CollisionCorner>& to, const std::vector<CollisionCorner>& from) {
    to.insert(to.end(), from.begin(), from.end());
}

TEST(Islands, TwoSeparateSmoothCubesAreTwoIslands) {
    std::vector<CollisionCorner> corners = boxFaces({0, 0, 0}, {1, 1, 1}, true);
    append(corners, boxFaces({5, 0, 0}, {6, 1, 1}, true));
    const std::vector<Island> islands = findIslands(corners);
    ASSERT_EQ(islands.size(), 2u);
    for (std::uint32_t i = 0; i < 2; ++i) {
        EXPECT_EQ(islands[i].faces.size(), 12u);
        EXPECT_EQ(islands[i].faces.front(), 12 * i);
        EXPECT_EQ(islands[i].points.size(), 8u);
        for (const Vec3d& p : islands[i].points)
            EXPECT_EQ(p.x >= 5, i == 1);
    }
}

TEST(Islands, FacesOfInterleavedIslandsStayInOrder) {
    const std::vector<CollisionCorner> a = boxFaces({0, 0, 0}, {1, 1, 1}, true);
    const std::vector<CollisionCorner> b = boxFaces({3, 3, 3}, {4, 4, 4}, true);
    std::vector<CollisionCorner> corners;
    for (std::size_t f = 0; f < 12; ++f) { // b's faces first, then alternating
        corners.insert(corners.end(), b.begin() + 3 * f, b.begin() + 3 * f + 3);
        corners.insert(corners.end(), a.begin() + 3 * f, a.begin() + 3 * f + 3);
    }
    const std::vector<Island> islands = findIslands(corners);
    ASSERT_EQ(islands.size(), 2u);
    EXPECT_EQ(islands[0].faces.front(), 0u);
    EXPECT_EQ(islands[1].faces.front(), 1u);
    EXPECT_EQ(islands[0].points.front(), b[0].position); // first appearance order
    for (std::size_t k = 0; k < 12; ++k)
        EXPECT_EQ(islands[1].faces[k], 2 * k + 1);
}

TEST(Islands, HardEdgesSplitABoxIntoItsSides) {
    const std::vector<Island> islands = findIslands(boxFaces({0, 0, 0}, {1, 1, 1}, false));
    ASSERT_EQ(islands.size(), 6u);
    for (const Island& island : islands) {
        EXPECT_EQ(island.faces.size(), 2u);
        EXPECT_EQ(island.points.size(), 4u);
        EXPECT_EQ(pointSetThickness(island.points), 0.0);
    }
    // A weld normal threshold below cos(90 degrees) welds them back into one island.
    EXPECT_EQ(findIslands(boxFaces({0, 0, 0}, {1, 1, 1}, false), {0, -0.5}).size(), 1u);
}

// Two triangles that meet at a corner (the second's first corner moved by `gap` along x), with
// the given normals at that corner.
std::vector<CollisionCorner> touchingTriangles(double gap, Vec3d normalA, Vec3d normalB) {
    return {{{0, 0, 0}, normalA},   {{-1, 0, 0}, normalA},      {{0, -1, 0}, normalA},
            {{gap, 0, 0}, normalB}, {{1 + gap, 0, 0}, normalB}, {{gap, 1, 0}, normalB}};
}

TEST(Islands, WeldPositionJoinsCornersWithinTheTolerance) {
    const Vec3d up{0, 0, 1};
    EXPECT_EQ(findIslands(touchingTriangles(0, up, up)).size(), 1u);
    EXPECT_EQ(findIslands(touchingTriangles(0.001, up, up)).size(), 2u);
    EXPECT_EQ(findIslands(touchingTriangles(0.001, up, up), {0.002, 0.999}).size(), 1u);
    EXPECT_EQ(findIslands(touchingTriangles(0.003, up, up), {0.002, 0.999}).size(), 2u);
}

TEST(Islands, WeldNormalKeepsCornersWithDifferentNormalsApart) {
    const Vec3d up{0, 0, 1};
    const double r = 10 * std::acos(-1.0) / 180; // 10 degrees apart: dot 0.985
    const Vec3d tilted{std::sin(r), 0, std::cos(r)};
    EXPECT_EQ(findIslands(touchingTriangles(0, up, tilted)).size(), 2u);
    EXPECT_EQ(findIslands(touchingTriangles(0, up, tilted), {0, 0.98}).size(), 1u);
}

TEST(Islands, NonFiniteValuesWeldWithNothingAndDoNotCrash) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<CollisionCorner> corners = touchingTriangles(0, {0, 0, 1}, {nan, 0, 1});
    EXPECT_EQ(findIslands(corners).size(), 2u);
    corners[0].position.x = nan;
    corners[3].position.x = nan;
    EXPECT_EQ(findIslands(corners, {0.5, 0.9}).size(), 2u);
    const std::vector<Island> islands = findIslands(corners);
    ASSERT_EQ(islands.size(), 2u);
    EXPECT_EQ(islands[0].points.size(), 3u);
    EXPECT_EQ(pointSetThickness(islands[0].points), std::nullopt);
}

TEST(Islands, TrailingPartialFaceIsIgnoredAndNoFacesNoIslands) {
    std::vector<CollisionCorner> corners = touchingTriangles(0, {0, 0, 1}, {0, 0, 1});
    corners.pop_back();
    const std::vector<Island> islands = findIslands(corners);
    ASSERT_EQ(islands.size(), 1u);
    EXPECT_EQ(islands[0].faces, (std::vector<std::uint32_t>{0}));
    EXPECT_TRUE(findIslands({}).empty());
}

TEST(Islands, FlatQuadIsAFlatErrorWithThicknessZero) {
    const std::vector<CollisionCorner> quad{{{0, 0, 2}, {0, 0, 1}}, {{4, 0, 2}, {0, 0, 1}},
                                            {{4, 4, 2}, {0, 0, 1}}, {{0, 0, 2}, {0, 0, 1}},
                                            {{4, 4, 2}, {0, 0, 1}}, {{0, 4, 2}, {0, 0, 1}}};
    const std::vector<Island> islands = findIslands(quad);
    ASSERT_EQ(islands.size(), 1u);
    EXPECT_EQ(islands[0].points.size(), 4u);
    const HullResult hull = buildConvexHull(islands[0].points);
    ASSERT_FALSE(hull.ok());
    EXPECT_EQ(hull.failure.error, HullError::Flat);
    EXPECT_EQ(hull.failure.thickness, 0.0);
    EXPECT_EQ(pointSetThickness(islands[0].points), 0.0);
}

TEST(Thickness, IsTheSmallestWidthAndSeparatesFlatIslands) {
    const std::vector<CollisionCorner> slab = boxFaces({0, 0, 0}, {8, 6, 0.3}, true);
    const std::vector<Island> islands = findIslands(slab);
    ASSERT_EQ(islands.size(), 1u);
    const std::optional<double> thin = pointSetThickness(islands[0].points);
    ASSERT_TRUE(thin.has_value());
    EXPECT_NEAR(*thin, 0.3, 1e-12);
    EXPECT_LT(*thin, kFlatIslandThickness);
    const std::vector<Island> box = findIslands(boxFaces({0, 0, 0}, {1, 2, 3}, true));
    EXPECT_NEAR(pointSetThickness(box[0].points).value_or(-1), 1.0, 1e-12);
    EXPECT_EQ(pointSetThickness(std::vector<Vec3d>{{0, 0, 0}, {1, 0, 0}}), 0.0);
}

} // namespace
} // namespace vtxc
