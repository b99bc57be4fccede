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

// Influences merged in a buffer on the stack up to this many (a vertex has a handful; a blend of
// simplified vertices a few more); longer lists use the heap.
constexpr std::size_t kInlineInfluences = 16;

// A merged influence. No default values: the buffer is written as it fills (capping runs once
// per vertex of every model).
struct Merged {
    int bone;
    float weight;
};

// Largest weight first; equal weights: lower bone first (bones are distinct once merged).
bool comesFirst(const Merged& x, const Merged& y) {
    return x.weight != y.weight ? x.weight > y.weight : x.bone < y.bone;
}

// One entry per distinct bone, weights summed, sorted (comesFirst), written to `merged` (room for
// every influence); returns how many.
std::size_t mergeAndSort(std::span<const BoneInfluence> influences, Merged* merged) {
    std::size_t count = 0;
    for (const BoneInfluence& influence : influences) {
        const float weight = usableWeight(influence.weight);
        std::size_t same = 0;
        while (same < count && merged[same].bone != influence.bone)
            ++same;
        if (same == count)
            merged[count++] = {influence.bone, weight};
        else
            merged[same].weight += weight;
    }
    if (count > kInlineInfluences) {
        std::sort(merged, merged + count, comesFirst);
        return count;
    }
    for (std::size_t i = 1; i < count; ++i) // a handful: insertion
        for (std::size_t k = i; k > 0 && comesFirst(merged[k], merged[k - 1]); --k)
            std::swap(merged[k], merged[k - 1]);
    return count;
}

} // namespace

CappedBoneWeights capBoneWeights(std::span<const BoneInfluence> influences,
                                 const BoneWeightOptions& options) {
    Merged onStack[kInlineInfluences];
    std::vector<Merged> onHeap;
    Merged* kept = onStack;
    if (influences.size() > kInlineInfluences) {
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
