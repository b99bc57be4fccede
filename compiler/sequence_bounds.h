// Sequence bounding boxes (docs/mdl-compile.md): over every frame of every
// animation a sequence plays, as the engine decodes it, the bounds of the skinned vertices, of
// the corners of the set-0 hitboxes and (without $skipboneinbbox) of the bone origins. A delta
// animation is measured posed on its reference (the frame it was subtracted from), which gives
// the boxes of Valve's delta sequences.
#pragma once

#include "compiler/animation_sources.h"
#include "compiler/built_project.h"
#include "formats/studio/mdl.h"

#include <Eigen/Geometry>
#include <vector>

namespace vtxc {

struct SkinnedModel {
    std::vector<Eigen::Vector3d> positions; // every vertex of every LOD
    std::vector<BoneWeights> weights;
    std::vector<MdlHitbox> hitboxes; // set 0
    bool boneOrigins = true;
};

SkinnedModel skinnedModelOf(const BuiltProject& built, const std::vector<MdlHitbox>& hitboxes,
                            bool boneOrigins);

struct BoundingBox {
    Eigen::Vector3d min = Eigen::Vector3d::Constant(1e300);
    Eigen::Vector3d max = Eigen::Vector3d::Constant(-1e300);
    bool empty() const { return min.x() > max.x(); }
    void add(const Eigen::Vector3d& p) {
        min = min.cwiseMin(p);
        max = max.cwiseMax(p);
    }
    void add(const BoundingBox& other) {
        if (other.empty()) return;
        add(other.min);
        add(other.max);
    }
};

// The box of one animation over all its frames.
BoundingBox animationBounds(const SkinnedModel& model, const std::vector<MdlBone>& bones,
                            const MdlAnimDesc& encoded, const AnimationFrames& source);

} // namespace vtxc
