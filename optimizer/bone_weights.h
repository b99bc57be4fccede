// Bone weight capping: merge, sort, drop small weights, keep the largest three, renormalise.
// Follows studiomdl's bone-weight rules (docs/formats.md, "SMD"; its 0.05 cut-off, made
// adjustable).
#pragma once

#include "optimizer/mesh_types.h"

#include <cstddef>
#include <span>

namespace vtxc {

struct BoneWeightOptions {
    // Weights below this are dropped while more than one influence remains.
    float dropThreshold = 0.05f;
};

struct CappedBoneWeights {
    BoneWeights weights;
    // True when an influence of positive weight was dropped (under the threshold or past the 3rd).
    bool lostInfluence = false;
    // The largest weight dropped, as given in the input (before renormalising); 0 if none.
    float largestDroppedWeight = 0;
};

// Equal bones are summed; the influences are sorted by weight, largest first (ties: the lower bone
// index first); those under the threshold are dropped while more than one remains; the largest
// kMaxBonesPerVertex are kept and renormalised to sum 1 (a sum <= 0 is shared equally). Weights
// that are negative or not finite count as 0. An empty input gives count 0.
CappedBoneWeights capBoneWeights(std::span<const BoneInfluence> influences,
                                 const BoneWeightOptions& options = {});

// Totals for the driver's summary warning ("N vertices lost influence; largest weight dropped W").
struct InfluenceLossSummary {
    std::size_t verticesLosingInfluence = 0;
    float largestDroppedWeight = 0;

    void add(const CappedBoneWeights& capped);
    void merge(const InfluenceLossSummary& other);
};

} // namespace vtxc
