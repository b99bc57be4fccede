// Tests of the quadrics: plane distances, the minimum of intersecting planes, and Hoppe's
// attribute quadric (exact for one face, the spread of the faces' attributes when merged, the
// same when summed through raw moments).
#include "optimizer/simplify/quadric.h"

#include <cmath>
#include <gtest/gtest.h>
#include <random>

namespace vtxc {
namespace {

TEST(Quadric, PlaneQuadricIsWeightedSquaredDistance) {
    const Quadric q = planeQuadric(Vector3d(0, 0, 1), -2.0, 3.0); // z = 2, weight 3
    EXPECT_DOUBLE_EQ(q.evaluate(Vector3d(5, -1, 2)), 0);
    EXPECT_DOUBLE_EQ(q.evaluate(Vector3d(0, 0, 4)), 3 * 4.0);
    EXPECT_DOUBLE_EQ(q.weight, 3);
}

TEST(Quadric, MinimumOfThreePlanesIsTheirCorner) {
    Quadric q = planeQuadric(Vector3d(1, 0, 0), -1, 1);
    q += planeQuadric(Vector3d(0, 1, 0), -2, 1);
    q += planeQuadric(Vector3d(0, 0, 1), -3, 1);
    const auto p = quadricMinimum(q);
    ASSERT_TRUE(p);
    EXPECT_NEAR((*p - Vector3d(1, 2, 3)).norm(), 0, 1e-12);
    // One plane (or two) leaves a whole plane (line) of minima: no single answer.
    EXPECT_FALSE(quadricMinimum(planeQuadric(Vector3d(0, 0, 1), 0, 1)));
}

std::array<Vector3d, 3> triangle(double z = 0) {
    return {Vector3d(0, 0, z), Vector3d(1, 0, z), Vector3d(0, 1, z)};
}

TEST(AttributeQuadric, OneFaceFitsItsAttributesExactly) {
    const std::array<AttributeValues, 3> values{AttributeValues{0.1, 0.2, 0.3, 0.4, 0.5},
                                                AttributeValues{1.1, 0.2, -0.3, 0.4, 2.5},
                                                AttributeValues{0.1, 3.2, 0.3, -1.4, 0.5}};
    const AttributeQuadric q = faceAttributeQuadric(triangle(), values, 0.5);
    const auto corners = triangle();
    for (int k = 0; k < 3; ++k) {
        const AttributeValues s = optimalAttributes(q, corners[k]);
        for (int j = 0; j < kQuadricAttributes; ++j)
            EXPECT_NEAR(s[j], values[k][j], 1e-6) << k << " " << j;
    }
    Quadric reduced;
    addReducedAttributeQuadric(reduced, q);
    EXPECT_NEAR(reduced.evaluate(Vector3d(0.3, 0.3, 0)), 0, 1e-12);
}

// Two faces with different attribute gradients merged: the reduced quadric at p equals
// sum_f area_f (s_f(p) - s*(p))^2, s* the area-weighted mean: the error of one shared value.
TEST(AttributeQuadric, MergedFacesCostTheSpreadOfTheirAttributes) {
    std::mt19937 random(7);
    std::uniform_real_distribution<double> value(-1, 1);
    auto randomValues = [&] {
        std::array<AttributeValues, 3> v;
        for (auto& corner : v)
            for (double& x : corner)
                x = value(random);
        return v;
    };
    const auto p1 = triangle(0);
    const std::array<Vector3d, 3> p2{Vector3d(0, 0, 0), Vector3d(0, 1, 0), Vector3d(-1, 0, 0.5)};
    const auto v1 = randomValues(), v2 = randomValues();
    const AttributeQuadric f1 = faceAttributeQuadric(p1, v1, 0.5),
                           f2 = faceAttributeQuadric(p2, v2, 0.7);
    AttributeQuadric merged = f1;
    merged += f2;
    const Vector3d p(0.2, -0.1, 0.3);
    const AttributeValues s1 = optimalAttributes(f1, p), s2 = optimalAttributes(f2, p);
    double expected = 0;
    for (int j = 0; j < kQuadricAttributes; ++j) {
        const double mean = (0.5 * s1[j] + 0.7 * s2[j]) / 1.2;
        expected += 0.5 * (s1[j] - mean) * (s1[j] - mean) + 0.7 * (s2[j] - mean) * (s2[j] - mean);
        EXPECT_NEAR(optimalAttributes(merged, p)[j], mean, 1e-5);
    }
    Quadric fromMerged, fromPair;
    addReducedAttributeQuadric(fromMerged, merged);
    addReducedAttributeQuadric(fromPair, f1, f2);
    EXPECT_GT(expected, 0);
    EXPECT_NEAR(fromMerged.evaluate(p), expected, 1e-5 * expected);
    EXPECT_NEAR(fromPair.evaluate(p), expected, 1e-5 * expected);
}

// Summing many faces through raw moments gives what merging them one by one gives: the same
// means, and the same error at any point (the spread about the mean, centred once at the end).
TEST(AttributeMoments, SumOfFacesEqualsMergingThemOneByOne) {
    std::mt19937 random(11);
    std::uniform_real_distribution<double> value(-1, 1);
    AttributeQuadric oneByOne;
    AttributeMoments moments;
    for (int face = 0; face < 7; ++face) {
        std::array<Vector3d, 3> corners;
        for (Vector3d& corner : corners)
            corner = Vector3d(value(random), value(random), value(random));
        std::array<AttributeValues, 3> values;
        for (auto& corner : values)
            for (double& x : corner)
                x = value(random);
        const AttributeQuadric q = faceAttributeQuadric(corners, values, 0.1 + face * 0.2);
        oneByOne += q;
        moments += AttributeMoments(q);
    }
    const AttributeQuadric summed = moments.quadric();
    EXPECT_FLOAT_EQ(summed.area, oneByOne.area);
    for (int i = 0; i < 4 * kQuadricAttributes; ++i)
        EXPECT_NEAR(summed.mean[i], oneByOne.mean[i], 1e-5 * (1 + std::abs(oneByOne.mean[i])));
    for (const Vector3d& p : {Vector3d(0, 0, 0), Vector3d(0.3, -0.7, 0.2), Vector3d(1, 1, -1)}) {
        Quadric a, b;
        addReducedAttributeQuadric(a, summed);
        addReducedAttributeQuadric(b, oneByOne);
        EXPECT_GT(b.evaluate(p), 0);
        EXPECT_NEAR(a.evaluate(p), b.evaluate(p), 1e-5 * b.evaluate(p));
    }
    // Nothing added: an empty quadric, as a wedge without faces has.
    const AttributeQuadric empty = AttributeMoments().quadric();
    EXPECT_EQ(empty.area, 0.0f);
    EXPECT_EQ(empty.reduced, AttributeQuadric{}.reduced);
}

// The moments of one face, formed directly, are those of its single-precision quadric, to the bit
// (the mesh build sums thousands of faces this way).
TEST(AttributeMoments, OfFaceIsTheMomentsOfTheFaceQuadric) {
    std::mt19937 random(3);
    std::uniform_real_distribution<double> value(-1, 1);
    for (int face = 0; face < 50; ++face) {
        std::array<Vector3d, 3> corners;
        for (Vector3d& corner : corners)
            corner = Vector3d(value(random), value(random), value(random));
        if (face % 10 == 0) corners[2] = corners[1]; // no area in its plane: no moments
        std::array<AttributeValues, 3> values;
        for (auto& corner : values)
            for (double& x : corner)
                x = value(random);
        const double area = 0.05 + 0.01 * face;
        const AttributeQuadric direct = AttributeMoments::ofFace(corners, values, area).quadric();
        const AttributeQuadric viaQuadric =
            AttributeMoments(faceAttributeQuadric(corners, values, area)).quadric();
        EXPECT_EQ(direct.area, viaQuadric.area);
        EXPECT_EQ(direct.reduced, viaQuadric.reduced);
        EXPECT_EQ(direct.mean, viaQuadric.mean);
        EXPECT_EQ(direct.area > 0, face % 10 != 0);
    }
}

} // namespace
} // namespace vtxc
