// Tests of buildConvexHull: corners only (no points inside faces or along edges), closed and
// outward-wound meshes, planes that hold every input point, canonical output, and a typed
// failure for every kind of hostile point set.
#include "collision/collision_codes.h"
#include "collision/convex_hull.h"
#include "collision/mass_properties.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <map>
#include <numbers>
#include <random>
#include <set>
#include <vector>

namespace vtxc {
namespace {

// A uniform double in [0, 1) from the generator's bits, the same on every standard library.
double unit(std::mt19937_64& random) {
    return static_cast<double>(random() >> 11) * 0x1.0p-53;
}

std::vector<Vec3d> boxCorners(Vec3d low, Vec3d high) {
    std::vector<Vec3d> corners;
    for (int i = 0; i < 8; ++i)
        corners.push_back({i & 1 ? high.x : low.x, i & 2 ? high.y : low.y, i & 4 ? high.z : low.z});
    return corners;
}

std::vector<Vec3d> spherePoints(std::size_t count, double radius, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<Vec3d> points;
    while (points.size() < count) {
        const Vec3d p{2 * unit(random) - 1, 2 * unit(random) - 1, 2 * unit(random) - 1};
        const double r = length(p);
        if (r > 0.1 && r <= 1) points.push_back(p * (radius / r));
    }
    return points;
}

Vec3d centroid(const std::vector<Vec3d>& points) {
    Vec3d sum;
    for (const Vec3d& p : points)
        sum += p;
    return sum * (1.0 / static_cast<double>(points.size()));
}

// ConvexHull's documented bounds, in tolerances.
constexpr double kOutsideBound = 3;
constexpr double kBendBound = 5;

// The structural checks every hull must pass, whatever its input. `held`: the points that must lie
// behind every face (all of `input` unless corners were removed on purpose).
void expectWellFormed(const ConvexHull& hull, const std::vector<Vec3d>& input, double tolerance,
                      const std::vector<Vec3d>* held = nullptr) {
    const std::vector<Vec3d>& behind = held != nullptr ? *held : input;
    ASSERT_EQ(hull.triangles.size(), hull.trianglePlanes.size());
    EXPECT_TRUE(isClosedMesh(hull.triangles));
    EXPECT_TRUE(std::is_sorted(hull.points.begin(), hull.points.end()));
    const Vec3d inside = centroid(hull.points);
    for (std::size_t t = 0; t < hull.triangles.size(); ++t) {
        const auto& [a, b, c] = hull.triangles[t];
        const Vec3d pa = hull.points[a], pb = hull.points[b], pc = hull.points[c];
        const Vec3d normal = cross(pb - pa, pc - pa);
        EXPECT_GT(dot(normal, pa - inside), 0) << "triangle " << t << " is wound inward";
        // Every input point on or behind the triangle's own plane, within the bound the header
        // gives (qhull's merging lets a point stand a little beyond the tolerance itself).
        const Vec3d unitNormal = normal * (1 / length(normal));
        for (const Vec3d& p : behind)
            ASSERT_LE(dot(unitNormal, p - pa), kOutsideBound * tolerance) << "triangle " << t;
        // The merged face's plane: corners on it or behind it within the bend the header
        // allows, facing the way the triangle does.
        const HullPlane& plane = hull.planes.at(hull.trianglePlanes[t]);
        EXPECT_GT(dot(normal, plane.normal), 0) << "triangle " << t << " faces against its plane";
        for (const Vec3d& corner : {pa, pb, pc})
            EXPECT_LE(plane.offset - dot(plane.normal, corner), kBendBound * tolerance);
    }
    for (const HullPlane& plane : hull.planes) {
        EXPECT_NEAR(length(plane.normal), 1.0, 1e-12);
        for (const Vec3d& p : behind)
            EXPECT_LE(dot(plane.normal, p), plane.offset + kOutsideBound * tolerance);
    }
    // Each corner is where three or more faces meet: none inside a face or along an edge.
    std::vector<std::set<std::uint32_t>> facesAt(hull.points.size());
    for (std::size_t t = 0; t < hull.triangles.size(); ++t)
        for (std::uint32_t corner : hull.triangles[t])
            facesAt[corner].insert(hull.trianglePlanes[t]);
    for (std::size_t i = 0; i < hull.points.size(); ++i)
        EXPECT_GE(facesAt[i].size(), 3u) << "point " << i << " lies inside a face or an edge";
    for (std::size_t i = 0; i < hull.points.size(); ++i)
        EXPECT_EQ(input.at(hull.sourceIndices[i]), hull.points[i]);
}

TEST(ConvexHull, CubeCornersSurviveInteriorAndFaceCentrePointsDisappear) {
    std::vector<Vec3d> points = boxCorners({-1, -1, -1}, {1, 1, 1});
    for (const Vec3d& centre :
         std::vector<Vec3d>{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}})
        points.push_back(centre);
    points.push_back({0, 0, 0});
    points.push_back({0.5, -0.25, 0.1});
    points.push_back({1, 1, 0}); // the middle of an edge
    const HullResult result = buildConvexHull(points);
    ASSERT_TRUE(result.ok());
    const ConvexHull& hull = *result.hull;
    EXPECT_EQ(hull.points.size(), 8u);
    EXPECT_EQ(hull.triangles.size(), 12u);
    EXPECT_EQ(hull.planes.size(), 6u);
    EXPECT_EQ(computeMassProperties(hull.points, hull.triangles).volume, 8.0);
    expectWellFormed(hull, points, 1e-9);
    // Corner i of boxCorners is input i; sorted, the first is (-1, -1, -1).
    EXPECT_EQ(hull.points.front(), (Vec3d{-1, -1, -1}));
    EXPECT_EQ(hull.sourceIndices.front(), 0u);
}

TEST(ConvexHull, PointsWithinTheToleranceOfAFaceDisappear) {
    std::vector<Vec3d> points = boxCorners({0, 0, 0}, {4, 4, 4});
    points.push_back({2, 2, 4.006}); // just outside the top face
    points.push_back({4.004, 1, 3});
    points.push_back({2, -0.008, 2});
    const HullResult result = buildConvexHull(points);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result.hull->points.size(), 8u);
    EXPECT_EQ(result.hull->planes.size(), 6u);
    expectWellFormed(*result.hull, points, 0.01);
    // A point beyond the tolerance is a corner.
    points.push_back({2, 2, 4.5});
    const HullResult raised = buildConvexHull(points);
    ASSERT_TRUE(raised.ok());
    EXPECT_EQ(raised.hull->points.size(), 9u);
    expectWellFormed(*raised.hull, points, 0.01);
}

TEST(ConvexHull, SphereSamplingHoldsEveryPointBehindEveryFace) {
    const std::vector<Vec3d> points = spherePoints(3000, 20.0, 7);
    const HullResult result = buildConvexHull(points);
    ASSERT_TRUE(result.ok()) << result.failure.detail;
    const ConvexHull& hull = *result.hull;
    EXPECT_GT(hull.points.size(), 500u);
    EXPECT_LE(hull.points.size(), points.size());
    expectWellFormed(hull, points, 0.01);
    // Euler: a closed triangulated sphere has V - E + F = 2, with E = 3F/2.
    const auto v = static_cast<long>(hull.points.size());
    const auto f = static_cast<long>(hull.triangles.size());
    EXPECT_EQ(v - 3 * f / 2 + f, 2);
    const double volume = computeMassProperties(hull.points, hull.triangles).volume;
    const double sphere = 4.0 / 3.0 * std::numbers::pi * 20 * 20 * 20;
    EXPECT_LT(volume, sphere);
    EXPECT_GT(volume, 0.95 * sphere);
}

TEST(ConvexHull, EveryEdgeIsUsedTwiceInOppositeDirections) {
    const std::vector<Vec3d> points = spherePoints(400, 3.0, 11);
    const HullResult result = buildConvexHull(points);
    ASSERT_TRUE(result.ok());
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> directed;
    for (const auto& t : result.hull->triangles)
        for (int i = 0; i < 3; ++i)
            ++directed[{t[i], t[(i + 1) % 3]}];
    for (const auto& [edge, uses] : directed) {
        EXPECT_EQ(uses, 1);
        EXPECT_EQ(directed.count({edge.second, edge.first}), 1u);
    }
}

TEST(ConvexHull, OutputDoesNotDependOnTheInputOrder) {
    std::vector<Vec3d> points = spherePoints(1000, 5.0, 3);
    const HullResult first = buildConvexHull(points);
    std::mt19937_64 random(99);
    std::shuffle(points.begin(), points.end(), random);
    points.push_back(points[10]); // a duplicate changes nothing either
    const HullResult second = buildConvexHull(points);
    ASSERT_TRUE(first.ok());
    ASSERT_TRUE(second.ok());
    EXPECT_EQ(first.hull->points, second.hull->points);
    EXPECT_EQ(first.hull->triangles, second.hull->triangles);
    EXPECT_EQ(first.hull->trianglePlanes, second.hull->trianglePlanes);
    EXPECT_EQ(first.hull->planes, second.hull->planes);
}

TEST(ConvexHull, ThicknessIsTheSmallestWidthAlongAFaceNormal) {
    const std::vector<Vec3d> box = boxCorners({0, 0, 0}, {3, 1, 2});
    const HullResult result = buildConvexHull(box);
    ASSERT_TRUE(result.ok());
    EXPECT_DOUBLE_EQ(hullThickness(*result.hull), 1.0);
}

// studiomdl's collision hulls: corners lower than 0.5 units removed.
const HullOptions kStudiomdl{.smallestCornerHeight = kStudiomdlSmallestCornerHeight};

bool hasCorner(const ConvexHull& hull, Vec3d p) {
    return std::find(hull.points.begin(), hull.points.end(), p) != hull.points.end();
}

// A 4 x 4 x 2 box with `extra` points in the plane of its top face, beyond its front edge.
std::vector<Vec3d> boxWithTopPoints(const std::vector<Vec3d>& extra) {
    std::vector<Vec3d> points = boxCorners({0, 0, 0}, {4, 4, 2});
    points.insert(points.end(), extra.begin(), extra.end());
    return points;
}

TEST(ConvexHullLowCorners, ACornerLowerThanTheLimitGoesAndAHigherOneStays) {
    // (2, -0.3, 2) stands 0.3 from the top face's front edge, which would replace it.
    const std::vector<Vec3d> low = boxWithTopPoints({{2, -0.3, 2}});
    const HullResult exact = buildConvexHull(low);
    const HullResult studiomdl = buildConvexHull(low, kStudiomdl);
    ASSERT_TRUE(exact.ok());
    ASSERT_TRUE(studiomdl.ok());
    EXPECT_EQ(exact.hull->points.size(), 9u);
    EXPECT_EQ(studiomdl.hull->points.size(), 8u);
    EXPECT_FALSE(hasCorner(*studiomdl.hull, {2, -0.3, 2}));
    EXPECT_DOUBLE_EQ(
        computeMassProperties(studiomdl.hull->points, studiomdl.hull->triangles).volume, 32.0);
    expectWellFormed(*studiomdl.hull, low, 0.01, &studiomdl.hull->points);
    // 0.6 from the edge: kept.
    const HullResult high = buildConvexHull(boxWithTopPoints({{2, -0.6, 2}}), kStudiomdl);
    ASSERT_TRUE(high.ok());
    EXPECT_EQ(high.hull->points.size(), 9u);
    EXPECT_TRUE(hasCorner(*high.hull, {2, -0.6, 2}));
}

TEST(ConvexHullLowCorners, TheLowestGoesFirstAndItsNeighboursAreMeasuredAgain) {
    // Along the front edge of the top face: (2, -1.1) stands 0.1 from the line through its
    // neighbours, (1, -1) and (3, -1) 0.39 from theirs. With the lowest gone, those two stand
    // 0.63 from the lines through the box's corners and (2, -1.1)'s place: they stay. Removing
    // every corner lower than the limit at once would take all three.
    const std::vector<Vec3d> points = boxWithTopPoints({{1, -1, 2}, {2, -1.1, 2}, {3, -1, 2}});
    const HullResult result = buildConvexHull(points, kStudiomdl);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result.hull->points.size(), 10u);
    EXPECT_FALSE(hasCorner(*result.hull, {2, -1.1, 2}));
    EXPECT_TRUE(hasCorner(*result.hull, {1, -1, 2}));
    EXPECT_TRUE(hasCorner(*result.hull, {3, -1, 2}));
    expectWellFormed(*result.hull, points, 0.01, &result.hull->points);
}

TEST(ConvexHullLowCorners, APointInsideBecomesACornerWhenTheCornerAboveItGoes) {
    // (2, -0.2, 1.9) is inside the hull of the box and (2, -0.3, 2); with that low corner gone
    // it is outside the box, a corner of its own (0.2 from the front face's top edge: it goes
    // too), and the hull is the box again.
    const HullResult result =
        buildConvexHull(boxWithTopPoints({{2, -0.3, 2}, {2, -0.2, 1.9}}), kStudiomdl);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result.hull->points, buildConvexHull(boxWithTopPoints({})).hull->points);
    // Kept where it stands high enough: 0.6 in front of the front face's middle.
    const HullResult kept =
        buildConvexHull(boxWithTopPoints({{2, -0.3, 2}, {2, -0.6, 1}}), kStudiomdl);
    ASSERT_TRUE(kept.ok());
    EXPECT_TRUE(hasCorner(*kept.hull, {2, -0.6, 1}));
    EXPECT_FALSE(hasCorner(*kept.hull, {2, -0.3, 2}));
}

TEST(ConvexHullLowCorners, ATinyPieceKeepsFourCornersAtLeast) {
    // A 0.3-unit cube: every corner is lower than 0.5.
    const std::vector<Vec3d> cube = boxCorners({0, 0, 0}, {0.3, 0.3, 0.3});
    const HullResult result = buildConvexHull(cube, kStudiomdl);
    ASSERT_TRUE(result.ok());
    EXPECT_GE(result.hull->points.size(), 4u);
    EXPECT_LT(result.hull->points.size(), 8u);
    EXPECT_GT(computeMassProperties(result.hull->points, result.hull->triangles).volume, 0.0);
    expectWellFormed(*result.hull, cube, 0.01, &result.hull->points);
}

TEST(ConvexHullLowCorners, ARemovalThatWouldFlattenThePieceIsUndoneAndTheEarlierOnesStand) {
    // A low pyramid: a 0.75-unit square, a point 0.05 beyond the middle of each side, and an
    // apex 0.3 above the centre. The side points go first (0.05 from the square's sides); then
    // the apex is the lowest (0.48 from the square's sides; the square's corners stand 0.53 and
    // more), but without it the points left are flat: that removal is undone, and the square
    // pyramid stands (not the exact hull of all nine points).
    const std::vector<Vec3d> points{{0.375, 0.375, 0},  {-0.375, 0.375, 0}, {-0.375, -0.375, 0},
                                    {0.375, -0.375, 0}, {0.425, 0, 0},      {-0.425, 0, 0},
                                    {0, 0.425, 0},      {0, -0.425, 0},     {0, 0, 0.3}};
    const HullResult result = buildConvexHull(points, kStudiomdl);
    ASSERT_TRUE(result.ok());
    const std::vector<Vec3d> pyramid{{-0.375, -0.375, 0},
                                     {-0.375, 0.375, 0},
                                     {0, 0, 0.3},
                                     {0.375, -0.375, 0},
                                     {0.375, 0.375, 0}};
    EXPECT_EQ(result.hull->points, pyramid);
    expectWellFormed(*result.hull, points, 0.01, &result.hull->points);
}

TEST(ConvexHullLowCorners, AFineCylinderCapLosesItsLowCornersAndTheOrderDoesNotMatter) {
    // 64 points round a circle of radius 2 at each end of a 6-unit cylinder: neighbours 0.196
    // apart stand 0.0096 from their chord. Removing until every corner stands 0.5 leaves
    // polygons of 7 or 8 sides (a side of an n-gon stands 2 (1 - cos(2 pi / n)) from its chord).
    std::vector<Vec3d> points;
    for (int i = 0; i < 64; ++i) {
        const double a = 2 * std::numbers::pi * i / 64;
        points.push_back({2 * std::cos(a), 2 * std::sin(a), 0});
        points.push_back({2 * std::cos(a), 2 * std::sin(a), 6});
    }
    const HullResult result = buildConvexHull(points, kStudiomdl);
    ASSERT_TRUE(result.ok());
    const std::size_t corners = result.hull->points.size();
    EXPECT_GE(corners, 2 * 6u);
    EXPECT_LE(corners, 2 * 9u);
    expectWellFormed(*result.hull, points, 0.01, &result.hull->points);
    std::mt19937_64 random(5);
    std::shuffle(points.begin(), points.end(), random);
    const HullResult shuffled = buildConvexHull(points, kStudiomdl);
    ASSERT_TRUE(shuffled.ok());
    EXPECT_EQ(shuffled.hull->points, result.hull->points);
    EXPECT_EQ(shuffled.hull->triangles, result.hull->triangles);
}

TEST(ConvexHullFailure, NonFinitePointNamesItsIndex) {
    std::vector<Vec3d> points = boxCorners({0, 0, 0}, {1, 1, 1});
    points[5].y = std::numeric_limits<double>::quiet_NaN();
    HullResult result = buildConvexHull(points);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.failure.error, HullError::NonFinitePoint);
    EXPECT_EQ(result.failure.pointIndex, 5u);
    points[5].y = 0;
    points[2].z = -std::numeric_limits<double>::infinity();
    result = buildConvexHull(points);
    EXPECT_EQ(result.failure.error, HullError::NonFinitePoint);
    EXPECT_EQ(result.failure.pointIndex, 2u);
}

TEST(ConvexHullFailure, FewerThanFourPoints) {
    const std::vector<Vec3d> points{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    for (std::size_t n = 0; n <= 3; ++n) {
        const HullResult result = buildConvexHull(std::span(points).first(n));
        ASSERT_FALSE(result.ok());
        EXPECT_EQ(result.failure.error, HullError::TooFewPoints);
    }
}

TEST(ConvexHullFailure, FlatSetsReportTheirThickness) {
    const std::vector<Vec3d> quad{{0, 0, 5}, {4, 0, 5}, {4, 3, 5}, {0, 3, 5}, {2, 1, 5}};
    HullResult result = buildConvexHull(quad);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.failure.error, HullError::Flat);
    EXPECT_EQ(result.failure.thickness, 0.0);

    const std::vector<Vec3d> line{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {-1, -1, -1}};
    result = buildConvexHull(line);
    EXPECT_EQ(result.failure.error, HullError::Flat);
    EXPECT_EQ(result.failure.thickness, 0.0);

    const std::vector<Vec3d> coincident(6, Vec3d{1, 2, 3});
    result = buildConvexHull(coincident);
    EXPECT_EQ(result.failure.error, HullError::Flat);
    EXPECT_EQ(result.failure.thickness, 0.0);

    // A slab 0.015 thick: thinner than twice the tolerance.
    const std::vector<Vec3d> slab = boxCorners({0, 0, 0}, {10, 10, 0.015});
    result = buildConvexHull(slab);
    EXPECT_EQ(result.failure.error, HullError::Flat);
    EXPECT_NEAR(result.failure.thickness, 0.015, 1e-12);
    // The same slab at 0.05 is a hull.
    EXPECT_TRUE(buildConvexHull(boxCorners({0, 0, 0}, {10, 10, 0.05})).ok());
}

TEST(ConvexHullFailure, EachKindIsReportedWithItsCodeAndLocation) {
    const SourceLocation where{"props/crate_physics.smd", 42, 1};
    const std::pair<HullFailure, const char*> cases[] = {
        {{HullError::Flat, 0.25, 0, {}}, "COLL001"},
        {{HullError::TooFewPoints, 0, 0, {}}, "COLL002"},
        {{HullError::NonFinitePoint, 0, 3, {}}, "COLL003"},
        {{HullError::QhullFailed, 0, 0, "QH6154"}, "COLL004"},
        {{HullError::NotClosed, 0, 0, {}}, "COLL005"},
    };
    for (const auto& [failure, code] : cases) {
        CollectingSink sink;
        reportHullFailure(failure, "island 2", where, sink);
        ASSERT_EQ(sink.diagnostics().size(), 1u);
        const Diagnostic& diagnostic = sink.diagnostics()[0];
        EXPECT_EQ(diagnostic.code, code);
        EXPECT_EQ(diagnostic.severity, Severity::Error);
        EXPECT_EQ(diagnostic.location.file, where.file);
        EXPECT_EQ(diagnostic.location.line, 42u);
        EXPECT_NE(diagnostic.message.find("island 2"), std::string::npos);
    }
    CollectingSink sink;
    reportHullFailure({HullError::Flat, 0.25, 0, {}}, "island 2", where, sink);
    EXPECT_NE(sink.diagnostics()[0].message.find("0.25 units"), std::string::npos);
}

TEST(ClosedMesh, OpenOrDoublyUsedEdgesAreNotClosed) {
    const std::vector<Vec3d> box = boxCorners({0, 0, 0}, {1, 1, 1});
    const HullResult result = buildConvexHull(box);
    ASSERT_TRUE(result.ok());
    std::vector<std::array<std::uint32_t, 3>> triangles = result.hull->triangles;
    EXPECT_TRUE(isClosedMesh(triangles));
    triangles.pop_back();
    EXPECT_FALSE(isClosedMesh(triangles));
    triangles = result.hull->triangles;
    std::swap(triangles[0][1], triangles[0][2]); // one triangle flipped
    EXPECT_FALSE(isClosedMesh(triangles));
    EXPECT_FALSE(isClosedMesh({}));
}

} // namespace
} // namespace vtxc
