// Bone weight capping: merge equal bones, sort, threshold, keep three, renormalise.
// The rules are studiomdl's, as docs/formats.md ("SMD") lists them.
#include "optimizer/bone_weights.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace vtxc {
namespace {

float usableWeight(float weight) {
    return std::isfinite(weight) && weight > 0 ? weight : 0.0f;
}

// Influences merged in a buffer on the stack up to this many (a vertex has a handful; a blend of
// simplified vertices a few more); longer lists use the heap.
constexpr std::size_t kInlineInfluences = 16;

// One entry per distinct bone, weights summed, sorted largest first (ties: lower bone first),
// written to `merged` (room for every influence); returns how many.
std::size_t mergeAndSort(std::span<const BoneInfluence> influences, BoneInfluence* merged) {
    std::size_t count = 0;
    for (const BoneInfluence& influence : influences) {
        BoneInfluence* const end = merged + count;
        BoneInfluence* const same = std::find_if(
            merged, end, [&](const BoneInfluence& m) { return m.bone == influence.bone; });
        if (same == end)
            merged[count++] = {influence.bone, usableWeight(influence.weight)};
        else
            same->weight += usableWeight(influence.weight);
    }
    std::sort(merged, merged + count, [](const BoneInfluence& a, const BoneInfluence& b) {
        return a.weight != b.weight ? a.weight > b.weight : a.bone < b.bone;
    });
    return count;
}

} // namespace

CappedBoneWeights capBoneWeights(std::span<const BoneInfluence> influences,
                                 const BoneWeightOptions& options) {
    std::array<BoneInfluence, kInlineInfluences> onStack;
    std::vector<BoneInfluence> onHeap;
    BoneInfluence* kept = onStack.data();
    if (influences.size() > onStack.size()) {
        onHeap.resize(influences.size());
        kept = onHeap.data();
    }
    std::size_t count = mergeAndSort(influences, kept);
    CappedBoneWeights result;
    auto drop = [&] {
        const float weight = kept[count - 1].weight;
        if (weight > 0) {
            result.lostInfluence = true;
            result.largestDroppedWeight = std::max(result.largestDroppedWeight, weight);
        }
        --count;
    };
    while (count > 1 && kept[count - 1].weight < options.dropThreshold)
        drop();
    while (count > std::size_t(kMaxBonesPerVertex))
        drop();

    double sum = 0;
    for (std::size_t k = 0; k < count; ++k)
        sum += kept[k].weight;
    BoneWeights& weights = result.weights;
    weights.count = static_cast<std::uint8_t>(count);
    for (std::size_t k = 0; k < count; ++k) {
        weights.bone[k] = static_cast<std::int16_t>(kept[k].bone);
        weights.weight[k] =
            sum > 0 ? static_cast<float>(kept[k].weight / sum) : 1.0f / static_cast<float>(count);
    }
    return result;
}

void InfluenceLossSummary::add(const CappedBoneWeights& capped) {
    if (!capped.lostInfluence) return;
    ++verticesLosingInfluence;
    largestDroppedWeight = std::max(largestDroppedWeight, capped.largestDroppedWeight);
}

void InfluenceLossSummary::merge(const InfluenceLossSummary& other) {
    verticesLosingInfluence += other.verticesLosingInfluence;
    largestDroppedWeight = std::max(largestDroppedWeight, other.largestDroppedWeight);
}

} // namespace vtxc
