// Bone weights of a vertex that stands for several (mesh simplification): a blend that stays a
// valid skinning vertex (at most kMaxBonesPerVertex bones, summing to 1), and a measure of how
// differently two vertices follow the skeleton.
#pragma once

#include "optimizer/bone_weights.h"
#include "optimizer/mesh_types.h"

#include <span>

namespace vtxc {

// sum_i shares[i] * weights[i] over every bone, then capped and renormalised as capBoneWeights
// does (largest first, at most three bones, summing to 1). Shares <= 0 count as 0; all zero
// shares weigh the inputs equally. Vertices without weights (count 0) contribute nothing; if
// none has weights the result has none either.
BoneWeights blendBoneWeights(std::span<const BoneWeights> weights, std::span<const double> shares,
                             const BoneWeightOptions& options = {});

// Half the L1 distance between the two weight vectors over all bones: 0 for the same bones and
// weights, 1 for no bone in common. A vertex without weights counts as rigid on bone 0.
double boneWeightDistance(const BoneWeights& a, const BoneWeights& b);

} // namespace vtxc
