// Tests of blending and comparing bone weights: blends stay valid skinning weights (three bones,
// summing to 1, largest first) and the distance runs from 0 (same) to 1 (no bone in common).
#include "optimizer/simplify/bone_weight_blend.h"

#include <array>
#include <gtest/gtest.h>
#include <numeric>

namespace vtxc {
namespace {

BoneWeights weights(std::initializer_list<std::pair<int, float>> bones) {
    BoneWeights w;
    for (const auto& [bone, weight] : bones) {
        w.bone[w.count] = static_cast<std::int16_t>(bone);
        w.weight[w.count] = weight;
        ++w.count;
    }
    return w;
}

void expectValid(const BoneWeights& w) {
    ASSERT_GE(w.count, 1);
    ASSERT_LE(w.count, kMaxBonesPerVertex);
    float sum = 0;
    for (int k = 0; k < w.count; ++k) {
        sum += w.weight[k];
        if (k > 0) {
            EXPECT_GE(w.weight[k - 1], w.weight[k]);
        }
    }
    EXPECT_NEAR(sum, 1.0f, 1e-6f);
}

TEST(BlendBoneWeights, KeepsTheThreeLargestAndSumsToOne) {
    const std::array<BoneWeights, 2> inputs{weights({{1, 0.5f}, {2, 0.3f}, {3, 0.2f}}),
                                            weights({{4, 0.6f}, {2, 0.4f}})};
    const std::array<double, 2> shares{0.5, 0.5};
    const BoneWeights blended = blendBoneWeights(inputs, shares);
    expectValid(blended);
    ASSERT_EQ(blended.count, 3);
    EXPECT_EQ(blended.bone[0], 2); // 0.15 + 0.2
    EXPECT_EQ(blended.bone[1], 4); // 0.3
    EXPECT_EQ(blended.bone[2], 1); // 0.25; bone 3 (0.1) dropped
}

TEST(BlendBoneWeights, SharesWeighTheInputs) {
    const std::array<BoneWeights, 2> inputs{weights({{1, 1}}), weights({{2, 1}})};
    const std::array<double, 2> mostlyFirst{0.9, 0.1};
    const BoneWeights blended = blendBoneWeights(inputs, mostlyFirst);
    expectValid(blended);
    EXPECT_EQ(blended.bone[0], 1);
    EXPECT_NEAR(blended.weight[0], 0.9f, 1e-6f);
    const std::array<double, 2> none{0, 0}; // no share given: equal
    EXPECT_NEAR(blendBoneWeights(inputs, none).weight[0], 0.5f, 1e-6f);
}

// Six vertices of two bones each (more than the blend gathers on the stack): the bones' shares
// summed over all of them, the largest three kept.
TEST(BlendBoneWeights, ManyVerticesBlendLikeTheirSums) {
    std::array<BoneWeights, 6> inputs;
    for (int i = 0; i < 6; ++i)
        inputs[static_cast<std::size_t>(i)] = weights({{i, 0.75f}, {10, 0.25f}});
    const std::array<double, 6> shares{1, 1, 1, 1, 1, 3};
    const BoneWeights blended = blendBoneWeights(inputs, shares);
    expectValid(blended);
    ASSERT_EQ(blended.count, 3);
    EXPECT_EQ(blended.bone[0], 5);  // 3/8 * 0.75
    EXPECT_EQ(blended.bone[1], 10); // 0.25
    EXPECT_EQ(blended.bone[2], 0);  // 1/8 * 0.75, the lowest of the five ties
    EXPECT_NEAR(blended.weight[0], 0.28125 / (0.28125 + 0.25 + 0.09375), 1e-6);
}

TEST(BlendBoneWeights, VerticesWithoutWeightsGiveNone) {
    const std::array<BoneWeights, 2> inputs{BoneWeights{}, BoneWeights{}};
    const std::array<double, 2> shares{1, 1};
    EXPECT_EQ(blendBoneWeights(inputs, shares).count, 0);
}

TEST(BoneWeightDistance, RunsFromSameToDisjoint) {
    const BoneWeights a = weights({{1, 0.5f}, {2, 0.5f}});
    EXPECT_DOUBLE_EQ(boneWeightDistance(a, a), 0);
    EXPECT_DOUBLE_EQ(boneWeightDistance(a, weights({{3, 1}})), 1);
    EXPECT_NEAR(boneWeightDistance(a, weights({{1, 1}})), 0.5, 1e-7);
    EXPECT_NEAR(boneWeightDistance(weights({{1, 1}}), a), 0.5, 1e-7);
    EXPECT_DOUBLE_EQ(boneWeightDistance(BoneWeights{}, weights({{0, 1}})), 0); // rigid on bone 0
}

} // namespace
} // namespace vtxc
