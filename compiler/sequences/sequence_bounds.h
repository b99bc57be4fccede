// Sequence bounding boxes (docs/mdl-compile.md): over every frame of every animation a sequence
// plays, the bounds of the skinned vertices, of the corners of the bounding hitboxes and (without
// $skipboneinbbox) of the bone origins. As in Valve's files, the frames are the animation's before
// its weight list, and a delta animation is measured played on the first frame of the model's
// first animation with the sequence's bone weights, as the engine plays a delta layer.
#pragma once

#include "compiler/animation/animation_sources.h"
#include "compiler/meshes/built_project.h"
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

// The box of one animation over all its frames; a delta's frames are played on deltaBase, each
// bone's delta scaled by the sequence's weight for it (boneWeights; 1 for a bone it lacks).
BoundingBox animationBounds(const SkinnedModel& model, const std::vector<MdlBone>& bones,
                            const AnimationFrames& source, const std::vector<LocalPose>& deltaBase,
                            const std::vector<float>& boneWeights);

} // namespace vtxc
