// Model-space blending of `worldspaceblend`. The rule (rotations in model space, positions in the
// parent's frame) reproduces Valve's combine_soldier_anims.mdl @mp_jump_smg1, CS_Jump.smd with
// CombatIdle1_SMG1.smd's first frame blended by SlowerUpperbodyBlend, within its quantization
// (0.006 units, 0.04 degrees); blending positions in model space too is 3 units off at the
// clavicles, and blending rotations in the parent's frame 12.8 degrees off at the neck. A root
// turns by its weight but keeps its own position: the hl2mp `_mod` layers (UpperbodyBlend, pelvis
// 0.1) have Valve's sequence boxes so, and are 0.276 units off them when the pelvis moves a tenth
// of the way to the idle's (docs/mdl-compile.md, "worldspaceblend").
#include "compiler/animation/world_space_blend.h"

#include <algorithm>

namespace vtxc {

namespace {

std::vector<Eigen::Quaterniond> modelRotations(const std::vector<LocalPose>& pose,
                                               const std::vector<int>& parents) {
    std::vector<Eigen::Quaterniond> rotations(pose.size());
    for (std::size_t bone = 0; bone < pose.size(); ++bone) {
        const int parent = bone < parents.size() ? parents[bone] : -1;
        rotations[bone] = parent >= 0
                              ? rotations[static_cast<std::size_t>(parent)] * pose[bone].rotation
                              : pose[bone].rotation;
    }
    return rotations;
}

void blendFrame(std::vector<LocalPose>& frame, const std::vector<LocalPose>& overlay,
                const std::vector<double>& weights, const std::vector<int>& parents) {
    const std::vector<Eigen::Quaterniond> base = modelRotations(frame, parents);
    const std::vector<Eigen::Quaterniond> over = modelRotations(overlay, parents);
    std::vector<Eigen::Quaterniond> blended = base;
    for (std::size_t bone = 0; bone < frame.size() && bone < overlay.size(); ++bone) {
        const double w = bone < weights.size() ? weights[bone] : 1.0;
        blended[bone] = base[bone].slerp(w, over[bone]).normalized();
        const int parent = bone < parents.size() ? parents[bone] : -1;
        frame[bone].rotation =
            parent >= 0 ? (blended[static_cast<std::size_t>(parent)].conjugate() * blended[bone])
                              .normalized()
                        : blended[bone];
        if (parent >= 0)
            frame[bone].position += w * (overlay[bone].position - frame[bone].position);
    }
}

} // namespace

void blendInModelSpace(std::vector<std::vector<LocalPose>>& frames,
                       const std::vector<std::vector<LocalPose>>& overlay,
                       const std::vector<double>& weights, const std::vector<int>& parents) {
    if (overlay.empty()) return;
    for (std::size_t f = 0; f < frames.size(); ++f)
        blendFrame(frames[f], overlay[std::min(f, overlay.size() - 1)], weights, parents);
}

} // namespace vtxc
