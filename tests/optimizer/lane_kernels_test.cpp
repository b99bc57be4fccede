// Tests of the lane kernels (optimizer/simplify/face_quadrics.h,
// optimizer/simplify/collapse_cost.h): each lane gives, to the bit, what the scalar code gives one
// face or one collapse, on random faces and collapses with the awkward cases mixed in (degenerate
// faces, a quadric without a minimum, an edge of no curvature, bones that differ or not). Skipped
// where the processor has no lanes (the simplifier then takes the scalar code).
#include "optimizer/simplify/collapse_cost.h"
#include "optimizer/simplify/double_lanes.h"
#include "optimizer/simplify/face_quadrics.h"
#include "optimizer/simplify/quadric.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <bit>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>

namespace vtxc {
namespace {

std::uint64_t bits(double x) {
    return std::bit_cast<std::uint64_t>(x);
}

void expectSameQuadric(const Quadric& x, const Quadric& y) {
    const double xs[] = {x.a00, x.a01, x.a02, x.a11, x.a12, x.a22, x.b0, x.b1, x.b2, x.c, x.weight};
    const double ys[] = {y.a00, y.a01, y.a02, y.a11, y.a12, y.a22, y.b0, y.b1, y.b2, y.c, y.weight};
    for (int i = 0; i < 11; ++i)
        EXPECT_EQ(bits(xs[i]), bits(ys[i])) << "field " << i;
}

void expectSameAttributes(const AttributeQuadric& x, const AttributeQuadric& y) {
    EXPECT_EQ(std::bit_cast<std::uint32_t>(x.area), std::bit_cast<std::uint32_t>(y.area));
    for (std::size_t i = 0; i < x.reduced.size(); ++i)
        EXPECT_EQ(std::bit_cast<std::uint32_t>(x.reduced[i]),
                  std::bit_cast<std::uint32_t>(y.reduced[i]));
    for (std::size_t i = 0; i < x.mean.size(); ++i)
        EXPECT_EQ(std::bit_cast<std::uint32_t>(x.mean[i]), std::bit_cast<std::uint32_t>(y.mean[i]));
}

struct Face {
    std::array<Vector3d, 3> positions;
    std::array<AttributeValues, 3> values;
};

std::vector<Face> randomFaces(std::mt19937& random, int count) {
    std::uniform_real_distribution<double> coordinate(-0.5, 0.5), value(-0.01, 0.01);
    std::vector<Face> faces(count);
    for (int f = 0; f < count; ++f) {
        for (int k = 0; k < 3; ++k) {
            faces[f].positions[k] = {coordinate(random), coordinate(random), coordinate(random)};
            for (double& v : faces[f].values[k])
                v = value(random);
        }
        if (f % 7 == 3) faces[f].positions[2] = faces[f].positions[0]; // no area
        if (f % 11 == 5) // collinear: area, but no plane of its own
            faces[f].positions[2] = 2 * faces[f].positions[1] - faces[f].positions[0];
    }
    return faces;
}

TEST(FaceQuadrics, EachLaneIsWhatOneFaceGives) {
    if (!doubleLanesAvailable()) GTEST_SKIP() << "this processor has no lanes";
    std::mt19937 random(5);
    const std::vector<Face> faces = randomFaces(random, 400);
    for (std::size_t first = 0; first + kFaceLanes <= faces.size(); first += kFaceLanes) {
        std::array<FaceCorners, kFaceLanes> corners;
        for (int l = 0; l < kFaceLanes; ++l)
            for (int k = 0; k < 3; ++k) {
                corners[l].position[k] = &faces[first + l].positions[k];
                corners[l].values[k] = &faces[first + l].values[k];
            }
        std::array<FaceQuadrics, kFaceLanes> lanes;
        faceQuadrics(corners, lanes);
        for (int l = 0; l < kFaceLanes; ++l) {
            const FaceQuadrics scalar =
                faceQuadricsOf(faces[first + l].positions, faces[first + l].values);
            ASSERT_EQ(lanes[l].degenerate, scalar.degenerate) << first + l;
            if (scalar.degenerate) continue;
            EXPECT_EQ(bits(lanes[l].area), bits(scalar.area));
            expectSameQuadric(lanes[l].plane, scalar.plane);
            expectSameAttributes(lanes[l].attributes.quadric(), scalar.attributes.quadric());
        }
    }
}

// A point's quadric and a wedge's attribute quadric as the simplifier builds them: the sums of
// a few faces around it.
struct Side {
    Quadric quadric;
    AttributeQuadric wedge;
    Vector3d position;
};

Side randomSide(std::mt19937& random, const Vector3d& position, bool flat) {
    std::uniform_real_distribution<double> unit(-1, 1), value(-0.01, 0.01);
    Side side;
    side.position = position;
    AttributeMoments moments;
    for (int f = 0; f < 5; ++f) {
        Face face;
        face.positions = {
            position, position + 0.01 * Vector3d(unit(random), unit(random), 0),
            position + 0.01 * Vector3d(unit(random), unit(random), flat ? 0.0 : unit(random))};
        for (auto& corner : face.values)
            for (double& v : corner)
                v = value(random);
        const FaceQuadrics q = faceQuadricsOf(face.positions, face.values);
        if (q.degenerate) continue;
        side.quadric += q.plane;
        moments += q.attributes;
    }
    side.wedge = moments.quadric();
    return side;
}

// One collapse alone: both points' quadrics and both wedges', then the scalar candidates.
CollapseCandidates scalarCollapse(const MergingPair& pair, double skinScale) {
    Quadric q = *pair.quadricA;
    q += *pair.quadricB;
    addReducedAttributeQuadric(q, *pair.wedgeA, *pair.wedgeB);
    return collapseCandidates(q, *pair.positionA, *pair.positionB, pair.skinA, pair.skinB,
                              skinScale);
}

TEST(CollapseCost, EachLaneIsWhatOneCollapseGives) {
    if (!doubleLanesAvailable()) GTEST_SKIP() << "this processor has no lanes";
    std::mt19937 random(9);
    std::uniform_real_distribution<double> unit(-1, 1);
    std::vector<std::array<Side, 2>> collapses;
    for (int i = 0; i < 200; ++i) {
        const Vector3d a(unit(random), unit(random), unit(random));
        const Vector3d b = a + 0.01 * Vector3d(unit(random), unit(random), unit(random));
        const bool flat = i % 3 == 0; // a plane of minima: no single minimum
        collapses.push_back({randomSide(random, a, flat), randomSide(random, b, flat)});
        if (i % 5 == 1) collapses.back()[1].quadric = Quadric{}; // less curvature
        if (i % 7 == 6) // nothing to minimise: only the ends
            for (Side& side : collapses.back()) {
                side.quadric = Quadric{};
                side.wedge = AttributeQuadric{};
            }
    }
    const double skinScale = 0.003 * 0.003;
    std::array<int, 5> byCount{}; // collapses by how many candidates they have
    for (std::size_t first = 0; first + kCostLanes <= collapses.size(); first += kCostLanes) {
        std::array<MergingPair, kCostLanes> pairs;
        for (int l = 0; l < kCostLanes; ++l) {
            const auto& [a, b] = collapses[first + l];
            pairs[l] = {&a.quadric, &b.quadric, &a.wedge, &b.wedge, &a.position, &b.position};
            if (l % 2 == 1) { // bones that differ
                pairs[l].skinA = 0.25 * a.wedge.area;
                pairs[l].skinB = 0.25 * b.wedge.area;
            }
        }
        std::array<CollapseCandidates, kCostLanes> lanes;
        mergingPairCandidates(pairs, skinScale, lanes);
        for (int l = 0; l < kCostLanes; ++l) {
            const CollapseCandidates scalar = scalarCollapse(pairs[l], skinScale);
            ASSERT_EQ(lanes[l].count, scalar.count) << first + l;
            ++byCount[scalar.count];
            EXPECT_EQ(bits(lanes[l].weight), bits(scalar.weight));
            EXPECT_EQ(bits(lanes[l].cheapest), bits(scalar.cheapest));
            for (int c = 0; c < scalar.count; ++c) {
                EXPECT_EQ(bits(lanes[l].cost[c]), bits(scalar.cost[c])) << first + l << " " << c;
                EXPECT_EQ(bits(lanes[l].t[c]), bits(scalar.t[c]));
                for (int k = 0; k < 3; ++k)
                    EXPECT_EQ(bits(lanes[l].position[c][k]), bits(scalar.position[c][k]));
            }
        }
    }
    // Every kind met: only the ends, the ends and one more, all four.
    EXPECT_GT(byCount[2], 0);
    EXPECT_GT(byCount[3], 0);
    EXPECT_GT(byCount[4], 0);
}

} // namespace
} // namespace vtxc
