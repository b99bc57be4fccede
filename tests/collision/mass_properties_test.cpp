// Tests of computeMassProperties against analytic values (box, tetrahedron), its independence of
// rotation and placement, and the bounds and radius helpers.
#include "collision/convex_hull.h"
#include "collision/mass_properties.h"

#include <cmath>
#include <gtest/gtest.h>
#include <vector>

namespace vtxc {
namespace {

ConvexHull hullOf(const std::vector<Vec3d>& points) {
    HullResult result = buildConvexHull(points);
    EXPECT_TRUE(result.ok());
    return result.ok() ? *result.hull : ConvexHull{};
}

std::vector<Vec3d> boxCorners(Vec3d centre, Vec3d size) {
    std::vector<Vec3d> corners;
    for (int i = 0; i < 8; ++i)
        corners.push_back({centre.x + (i & 1 ? 0.5 : -0.5) * size.x,
                           centre.y + (i & 2 ? 0.5 : -0.5) * size.y,
                           centre.z + (i & 4 ? 0.5 : -0.5) * size.z});
    return corners;
}

TEST(MassProperties, BoxMatchesTheAnalyticValues) {
    const double a = 2, b = 3, c = 5; // sides along x, y, z
    const ConvexHull hull = hullOf(boxCorners({1, -2, 7}, {a, b, c}));
    const MassProperties m = computeMassProperties(hull.points, hull.triangles);
    const double volume = a * b * c;
    EXPECT_NEAR(m.volume, volume, 1e-12);
    EXPECT_NEAR(m.centreOfMass.x, 1, 1e-12);
    EXPECT_NEAR(m.centreOfMass.y, -2, 1e-12);
    EXPECT_NEAR(m.centreOfMass.z, 7, 1e-12);
    // Solid cuboid about its centre: I_xx = V (b^2 + c^2) / 12, no products of inertia.
    EXPECT_NEAR(m.inertia[0][0], volume * (b * b + c * c) / 12, 1e-9);
    EXPECT_NEAR(m.inertia[1][1], volume * (a * a + c * c) / 12, 1e-9);
    EXPECT_NEAR(m.inertia[2][2], volume * (a * a + b * b) / 12, 1e-9);
    for (int r = 0; r < 3; ++r)
        for (int col = 0; col < 3; ++col)
            if (r != col) {
                EXPECT_NEAR(m.inertia[r][col], 0, 1e-9);
            }
    EXPECT_NEAR(m.axisMoments.x, (b * b + c * c) / 12, 1e-12);
    EXPECT_NEAR(m.axisMoments.y, (a * a + c * c) / 12, 1e-12);
    EXPECT_NEAR(m.axisMoments.z, (a * a + b * b) / 12, 1e-12);
    // Principal moments ascending: (a^2 + b^2), (a^2 + c^2), (b^2 + c^2) over 12.
    EXPECT_NEAR(m.principalMoments.x, (a * a + b * b) / 12, 1e-12);
    EXPECT_NEAR(m.principalMoments.y, (a * a + c * c) / 12, 1e-12);
    EXPECT_NEAR(m.principalMoments.z, (b * b + c * c) / 12, 1e-12);
}

TEST(MassProperties, TetrahedronMatchesTheAnalyticValues) {
    // The unit corner tetrahedron: V = 1/6, centroid (1/4, 1/4, 1/4); over it the integral of
    // x^2 is 1/60 and of x y is 1/120, so about the centroid the second moment of x is
    // 1/60 - V/16 = 1/160 and the product x y is 1/120 - V/16 = -1/480.
    const ConvexHull hull = hullOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
    const MassProperties m = computeMassProperties(hull.points, hull.triangles);
    EXPECT_NEAR(m.volume, 1.0 / 6, 1e-15);
    EXPECT_NEAR(m.centreOfMass.x, 0.25, 1e-15);
    EXPECT_NEAR(m.centreOfMass.y, 0.25, 1e-15);
    EXPECT_NEAR(m.centreOfMass.z, 0.25, 1e-15);
    for (int axis = 0; axis < 3; ++axis)
        EXPECT_NEAR(m.inertia[axis][axis], 2.0 / 160, 1e-15);
    EXPECT_NEAR(m.inertia[0][1], 1.0 / 480, 1e-15);
    EXPECT_NEAR(m.inertia[1][2], 1.0 / 480, 1e-15);
    EXPECT_NEAR(m.inertia[0][2], 1.0 / 480, 1e-15);
    // Eigenvalues of a I + b (J - I) with a = 1/80, b = 1/480: a - b (twice) and a + 2b.
    const double a = 1.0 / 80, b = 1.0 / 480, v = 1.0 / 6;
    EXPECT_NEAR(m.principalMoments.x, (a - b) / v, 1e-13);
    EXPECT_NEAR(m.principalMoments.y, (a - b) / v, 1e-13);
    EXPECT_NEAR(m.principalMoments.z, (a + 2 * b) / v, 1e-13);
}

TEST(MassProperties, PrincipalMomentsDoNotDependOnRotation) {
    const std::vector<Vec3d> box = boxCorners({0, 0, 0}, {1, 2, 4});
    const double angle = 0.7;
    std::vector<Vec3d> turned;
    for (const Vec3d& p : box) // about z, then about x
        turned.push_back(
            {p.x * std::cos(angle) - p.y * std::sin(angle),
             (p.x * std::sin(angle) + p.y * std::cos(angle)) * std::cos(0.3) - p.z * std::sin(0.3),
             (p.x * std::sin(angle) + p.y * std::cos(angle)) * std::sin(0.3) +
                 p.z * std::cos(0.3)});
    const ConvexHull straight = hullOf(box), rotated = hullOf(turned);
    const MassProperties a = computeMassProperties(straight.points, straight.triangles);
    const MassProperties b = computeMassProperties(rotated.points, rotated.triangles);
    EXPECT_NEAR(a.volume, b.volume, 1e-12);
    EXPECT_NEAR(a.principalMoments.x, b.principalMoments.x, 1e-12);
    EXPECT_NEAR(a.principalMoments.y, b.principalMoments.y, 1e-12);
    EXPECT_NEAR(a.principalMoments.z, b.principalMoments.z, 1e-12);
    EXPECT_GT(std::abs(b.inertia[0][1]), 1e-3); // the rotated tensor is not diagonal
}

TEST(MassProperties, InwardWindingGivesNegativeVolumeAndEmptyMeshNothing) {
    ConvexHull hull = hullOf(boxCorners({0, 0, 0}, {1, 1, 1}));
    for (auto& t : hull.triangles)
        std::swap(t[1], t[2]);
    EXPECT_NEAR(computeMassProperties(hull.points, hull.triangles).volume, -1, 1e-12);
    const MassProperties none = computeMassProperties({}, {});
    EXPECT_EQ(none.volume, 0);
    EXPECT_EQ(none.centreOfMass, Vec3d{});
}

TEST(MassProperties, BoundsAndLargestDistance) {
    const std::vector<Vec3d> points{{1, -2, 3}, {-4, 5, 0}, {2, 2, -6}};
    const Bounds bounds = computeBounds(points);
    EXPECT_EQ(bounds.min, (Vec3d{-4, -2, -6}));
    EXPECT_EQ(bounds.max, (Vec3d{2, 5, 3}));
    EXPECT_DOUBLE_EQ(largestDistance(points, {0, 0, 0}), std::sqrt(44.0));
    EXPECT_DOUBLE_EQ(largestDistance(points, {2, 2, -5}), 9.0); // from (1, -2, 3)
    EXPECT_EQ(largestDistance({}, {1, 1, 1}), 0);
    EXPECT_EQ(computeBounds({}).max, Vec3d{});
}

} // namespace
} // namespace vtxc
