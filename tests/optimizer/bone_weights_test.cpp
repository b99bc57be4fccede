// Tests of bone weight capping: merging, sorting, the drop threshold, the three-bone cap,
// renormalising, and the loss figures behind the driver's summary warning.
#include "optimizer/bone_weights.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace vtxc {
namespace {

CappedBoneWeights cap(std::vector<BoneInfluence> influences, float threshold = 0.05f) {
    return capBoneWeights(influences, BoneWeightOptions{threshold});
}

TEST(BoneWeights, RigidVertexKeepsOneBoneOfWeightOne) {
    const CappedBoneWeights c = cap({{7, 1.0f}});
    EXPECT_EQ(c.weights.count, 1);
    EXPECT_EQ(c.weights.bone[0], 7);
    EXPECT_FLOAT_EQ(c.weights.weight[0], 1.0f);
    EXPECT_FALSE(c.lostInfluence);
    // Unused slots are bone 0, weight 0, so equal vertices compare equal.
    EXPECT_EQ(c.weights.bone[1], 0);
    EXPECT_EQ(c.weights.weight[2], 0.0f);
}

TEST(BoneWeights, EqualBonesAreSummedBeforeSorting) {
    const CappedBoneWeights c = cap({{2, 0.3f}, {5, 0.4f}, {2, 0.3f}});
    ASSERT_EQ(c.weights.count, 2);
    EXPECT_EQ(c.weights.bone[0], 2);
    EXPECT_NEAR(c.weights.weight[0], 0.6f, 1e-6);
    EXPECT_EQ(c.weights.bone[1], 5);
    EXPECT_NEAR(c.weights.weight[1], 0.4f, 1e-6);
    EXPECT_FALSE(c.lostInfluence);
}

TEST(BoneWeights, SortsLargestFirstAndBreaksTiesByLowerBone) {
    const CappedBoneWeights c = cap({{9, 0.25f}, {4, 0.25f}, {1, 0.5f}});
    ASSERT_EQ(c.weights.count, 3);
    EXPECT_EQ(c.weights.bone[0], 1);
    EXPECT_EQ(c.weights.bone[1], 4);
    EXPECT_EQ(c.weights.bone[2], 9);
}

TEST(BoneWeights, DropsWeightsUnderTheThresholdAndRenormalises) {
    const CappedBoneWeights c = cap({{0, 0.6f}, {1, 0.36f}, {2, 0.04f}});
    ASSERT_EQ(c.weights.count, 2);
    EXPECT_NEAR(c.weights.weight[0], 0.6f / 0.96f, 1e-6);
    EXPECT_NEAR(c.weights.weight[1], 0.36f / 0.96f, 1e-6);
    EXPECT_TRUE(c.lostInfluence);
    EXPECT_FLOAT_EQ(c.largestDroppedWeight, 0.04f);
}

TEST(BoneWeights, KeepsAtLeastOneInfluenceWhenAllAreSmall) {
    const CappedBoneWeights c = cap({{3, 0.01f}, {8, 0.02f}});
    ASSERT_EQ(c.weights.count, 1);
    EXPECT_EQ(c.weights.bone[0], 8);
    EXPECT_FLOAT_EQ(c.weights.weight[0], 1.0f);
    EXPECT_FLOAT_EQ(c.largestDroppedWeight, 0.01f);
}

TEST(BoneWeights, ThresholdIsConfigurable) {
    const std::vector<BoneInfluence> in{{0, 0.7f}, {1, 0.2f}, {2, 0.1f}};
    EXPECT_EQ(cap(in, 0.05f).weights.count, 3);
    EXPECT_EQ(cap(in, 0.15f).weights.count, 2);
    EXPECT_EQ(cap(in, 0.25f).weights.count, 1);
    EXPECT_EQ(cap(in, 0.0f).weights.count, 3);
}

TEST(BoneWeights, KeepsTheLargestThreeAndReportsTheLargestDropped) {
    const CappedBoneWeights c = cap({{0, 0.1f}, {1, 0.3f}, {2, 0.2f}, {3, 0.15f}, {4, 0.25f}});
    ASSERT_EQ(c.weights.count, 3);
    EXPECT_EQ(c.weights.bone[0], 1);
    EXPECT_EQ(c.weights.bone[1], 4);
    EXPECT_EQ(c.weights.bone[2], 2);
    EXPECT_NEAR(c.weights.weight[0] + c.weights.weight[1] + c.weights.weight[2], 1.0f, 1e-6);
    EXPECT_NEAR(c.weights.weight[0], 0.3f / 0.75f, 1e-6);
    EXPECT_TRUE(c.lostInfluence);
    EXPECT_FLOAT_EQ(c.largestDroppedWeight, 0.15f);
}

TEST(BoneWeights, ZeroSumIsSharedEqually) {
    const CappedBoneWeights c = cap({{4, 0.0f}, {2, 0.0f}, {6, 0.0f}}, 0.0f);
    ASSERT_EQ(c.weights.count, 3);
    EXPECT_EQ(c.weights.bone[0], 2); // equal weights: lower bone first
    for (int k = 0; k < 3; ++k)
        EXPECT_FLOAT_EQ(c.weights.weight[k], 1.0f / 3.0f);
    EXPECT_FALSE(c.lostInfluence); // nothing of positive weight was dropped
}

TEST(BoneWeights, NegativeAndNonFiniteWeightsCountAsZero) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    const CappedBoneWeights c = cap({{1, nan}, {2, -0.5f}, {3, 0.5f}, {4, inf}});
    ASSERT_EQ(c.weights.count, 1);
    EXPECT_EQ(c.weights.bone[0], 3);
    EXPECT_FLOAT_EQ(c.weights.weight[0], 1.0f);
    EXPECT_FALSE(c.lostInfluence);
    for (float w : c.weights.weight)
        EXPECT_TRUE(std::isfinite(w));
}

TEST(BoneWeights, WeightsThatDoNotSumToOneAreRescaled) {
    const CappedBoneWeights c = cap({{0, 2.0f}, {1, 2.0f}});
    ASSERT_EQ(c.weights.count, 2);
    EXPECT_FLOAT_EQ(c.weights.weight[0], 0.5f);
    EXPECT_FLOAT_EQ(c.weights.weight[1], 0.5f);
}

TEST(BoneWeights, EmptyInputGivesNoBones) {
    const CappedBoneWeights c = cap({});
    EXPECT_EQ(c.weights.count, 0);
    EXPECT_FALSE(c.lostInfluence);
}

TEST(BoneWeights, SameInfluencesInAnyOrderGiveEqualWeights) {
    const CappedBoneWeights a = cap({{5, 0.2f}, {1, 0.5f}, {3, 0.3f}});
    const CappedBoneWeights b = cap({{3, 0.3f}, {5, 0.2f}, {1, 0.5f}});
    EXPECT_EQ(a.weights, b.weights);
}

// Twenty bones, each listed twice: more influences than the capping merges on the stack (it moves
// to the heap past sixteen). Listed twice or once with the sums, the result is the same.
TEST(BoneWeights, LongListsAreMergedLikeShortOnes) {
    std::vector<BoneInfluence> twice, once;
    for (int bone = 0; bone < 20; ++bone) {
        const float weight = 0.01f * static_cast<float>(bone + 1);
        twice.push_back({bone, weight});
        once.push_back({bone, 2 * weight});
    }
    for (int bone = 0; bone < 20; ++bone)
        twice.push_back(twice[static_cast<std::size_t>(bone)]);
    const CappedBoneWeights c = cap(twice);
    EXPECT_EQ(c.weights, cap(once).weights);
    ASSERT_EQ(c.weights.count, 3);
    EXPECT_EQ(c.weights.bone[0], 19);
    EXPECT_EQ(c.weights.bone[1], 18);
    EXPECT_EQ(c.weights.bone[2], 17);
    EXPECT_NEAR(c.weights.weight[0], 0.40 / 1.14, 1e-6);
    EXPECT_TRUE(c.lostInfluence);
    EXPECT_FLOAT_EQ(c.largestDroppedWeight, 0.34f); // bone 16's sum
}

TEST(BoneWeights, SummaryCountsVerticesThatLostInfluence) {
    InfluenceLossSummary summary;
    summary.add(cap({{0, 1.0f}}));
    summary.add(cap({{0, 0.97f}, {1, 0.03f}}));
    summary.add(cap({{0, 0.3f}, {1, 0.3f}, {2, 0.28f}, {3, 0.12f}}));
    EXPECT_EQ(summary.verticesLosingInfluence, 2u);
    EXPECT_FLOAT_EQ(summary.largestDroppedWeight, 0.12f);

    InfluenceLossSummary other;
    other.add(cap({{0, 0.8f}, {1, 0.04f}, {2, 0.16f}}));
    summary.merge(other);
    EXPECT_EQ(summary.verticesLosingInfluence, 3u);
    EXPECT_FLOAT_EQ(summary.largestDroppedWeight, 0.12f);
}

} // namespace
} // namespace vtxc
