// Bone weight capping: merge equal bones, sort, threshold, keep three, renormalise.
// The rules are studiomdl's, as docs/formats.md ("SMD") lists them.
#include "optimizer/bone_weights.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace vtxc {
namespace {

float usableWeight(float weight) {
    return std::isfinite(weight) && weight > 0 ? weight : 0.0f;
}

// One entry per distinct bone, weights summed, sorted largest first (ties: lower bone first).
std::vector<BoneInfluence> mergedAndSorted(std::span<const BoneInfluence> influences) {
    std::vector<BoneInfluence> merged;
    merged.reserve(influences.size());
    for (const BoneInfluence& influence : influences) {
        auto same = std::find_if(merged.begin(), merged.end(),
                                 [&](const BoneInfluence& m) { return m.bone == influence.bone; });
        if (same == merged.end())
            merged.push_back({influence.bone, usableWeight(influence.weight)});
        else
            same->weight += usableWeight(influence.weight);
    }
    std::sort(merged.begin(), merged.end(), [](const BoneInfluence& a, const BoneInfluence& b) {
        return a.weight != b.weight ? a.weight > b.weight : a.bone < b.bone;
    });
    return merged;
}

} // namespace

CappedBoneWeights capBoneWeights(std::span<const BoneInfluence> influences,
                                 const BoneWeightOptions& options) {
    std::vector<BoneInfluence> kept = mergedAndSorted(influences);
    CappedBoneWeights result;
    auto drop = [&] {
        const float weight = kept.back().weight;
        if (weight > 0) {
            result.lostInfluence = true;
            result.largestDroppedWeight = std::max(result.largestDroppedWeight, weight);
        }
        kept.pop_back();
    };
    while (kept.size() > 1 && kept.back().weight < options.dropThreshold)
        drop();
    while (kept.size() > std::size_t(kMaxBonesPerVertex))
        drop();

    double sum = 0;
    for (const BoneInfluence& influence : kept)
        sum += influence.weight;
    BoneWeights& weights = result.weights;
    weights.count = static_cast<std::uint8_t>(kept.size());
    for (std::size_t k = 0; k < kept.size(); ++k) {
        weights.bone[k] = static_cast<std::int16_t>(kept[k].bone);
        weights.weight[k] = sum > 0 ? static_cast<float>(kept[k].weight / sum)
                                    : 1.0f / static_cast<float>(kept.size());
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
