// The cost of the simplifier's most common candidate collapse, several at a time: two points that
// each have a single wedge, the two wedges merging (an edge inside a smooth region of one
// material). The arithmetic is the simplifier's own (optimizer/simplify/simplify.cpp: the quadric
// of both points and both wedges, its minimum, the best point on the edge, both ends, the skin
// penalty), done for kCostLanes collapses side by side without branches, each lane computing the
// same values, to the bit, that one collapse evaluated alone gives. Evaluating every edge of a mesh
// once (the queue's start) is a long run of independent collapses: side by side, one collapse's
// divisions and square roots overlap the others' instead of waiting in turn.
#pragma once

#include "optimizer/simplify/quadric.h"

#include <array>

namespace vtxc {

inline constexpr int kCostLanes = 4;

struct MergingPair {
    const Quadric* quadricA = nullptr; // the points' quadrics
    const Quadric* quadricB = nullptr;
    const AttributeQuadric* wedgeA = nullptr; // their wedges' attribute quadrics
    const AttributeQuadric* wedgeB = nullptr;
    const Vector3d* positionA = nullptr;
    const Vector3d* positionB = nullptr;
    // The skin penalty's terms, d^2 times each wedge's area (d: boneWeightDistance of the two
    // wedges' weights); both 0 when the weights are the same or skinning is not weighed.
    double skinA = 0;
    double skinB = 0;
};

// A collapse's candidate positions in the simplifier's order: the quadric's minimum (when it is
// well defined and near the edge), the best point on the edge (when strictly inside it), then
// both ends. Each with its cost and where it projects onto the edge (0 at A, 1 at B).
struct CollapseCandidates {
    std::array<Vector3d, 4> position;
    std::array<double, 4> cost;
    std::array<double, 4> t;
    int count = 0;
    double weight = 0;   // the area both points stand for
    double cheapest = 0; // the least of the costs
};

// One collapse: the candidates of the quadric q (both points' and their wedges', the attributes
// at their optimum) on the edge pa -> pb, each cost with the skin penalty
// skinScale * (t^2 skinA + (1-t)^2 skinB) added unless both terms are 0. The simplifier's scalar
// evaluation, and what each lane of mergingPairCandidates gives.
CollapseCandidates collapseCandidates(const Quadric& q, const Vector3d& pa, const Vector3d& pb,
                                      double skinA, double skinB, double skinScale);

// kCostLanes collapses. Only where doubleLanesAvailable() (optimizer/simplify/double_lanes.h);
// elsewhere it does nothing, and the simplifier evaluates one collapse at a time. `skinScale`:
// SimplifyOptions::skinWeight squared (0: no skin penalty).
void mergingPairCandidates(const std::array<MergingPair, kCostLanes>& pairs, double skinScale,
                           std::array<CollapseCandidates, kCostLanes>& out);

} // namespace vtxc
