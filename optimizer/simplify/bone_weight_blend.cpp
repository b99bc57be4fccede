// Blending and comparing bone weights for simplification: the blend goes through the same cap
// (three largest bones, renormalised) as weights read from a source file.
#include "optimizer/simplify/bone_weight_blend.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace vtxc {

namespace {
template <std::size_t N>
void addBoneValue(std::array<int, N>& bones, std::array<double, N>& values, int& count, int bone,
                  double value) {
    for (int i = 0; i < count; ++i)
        if (bones[i] == bone) {
            values[i] += value;
            return;
        }
    bones[count] = bone;
    values[count] = value;
    ++count;
}
} // namespace

BoneWeights blendBoneWeights(std::span<const BoneWeights> weights, std::span<const double> shares,
                             const BoneWeightOptions& options) {
    double total = 0;
    for (std::size_t i = 0; i < weights.size(); ++i)
        if (i < shares.size() && shares[i] > 0) total += shares[i];
    // The usual blend (a few vertices) gathers its influences on the stack.
    std::array<BoneInfluence, 4 * kMaxBonesPerVertex> onStack;
    std::vector<BoneInfluence> onHeap;
    BoneInfluence* influences = onStack.data();
    if (weights.size() * kMaxBonesPerVertex > onStack.size()) {
        onHeap.resize(weights.size() * kMaxBonesPerVertex);
        influences = onHeap.data();
    }
    std::size_t count = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const double share = total > 0
                                 ? (i < shares.size() && shares[i] > 0 ? shares[i] / total : 0.0)
                                 : 1.0 / static_cast<double>(weights.size());
        if (!(share > 0)) continue;
        for (int k = 0; k < weights[i].count && k < kMaxBonesPerVertex; ++k)
            influences[count++] = {weights[i].bone[k],
                                   static_cast<float>(share * weights[i].weight[k])};
    }
    return capBoneWeights({influences, count}, options).weights;
}

double boneWeightDistance(const BoneWeights& a, const BoneWeights& b) {
    // The weights of each distinct bone of either vertex (at most six), a's minus b's.
    std::array<int, 2 * kMaxBonesPerVertex> bones{};
    std::array<double, 2 * kMaxBonesPerVertex> difference{};
    int distinct = 0;
    auto add = [&](const BoneWeights& w, double sign) {
        if (w.count == 0) {
            addBoneValue(bones, difference, distinct, 0, sign);
            return;
        }
        for (int k = 0; k < w.count && k < kMaxBonesPerVertex; ++k)
            addBoneValue(bones, difference, distinct, w.bone[k], sign * w.weight[k]);
    };
    add(a, 1.0);
    add(b, -1.0);
    double sum = 0;
    for (int i = 0; i < distinct; ++i)
        sum += std::abs(difference[i]);
    return std::min(1.0, 0.5 * sum);
}

} // namespace vtxc
