// Animation processing of a CVanim: frame range, loop checks, smooth loop, adjustment and root
// motion extraction on the frames of an SMD skeleton (docs/vmdl-animation.md, "Processing").
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/smd/smd.h"
#include "formats/vmdl/vmdl_document.h"

#include <Eigen/Geometry>
#include <array>
#include <optional>
#include <vector>

namespace vtxc {

// SMD Euler angles (radians about x, y, z) as a rotation: R = Rz(z) * Ry(y) * Rx(x), i.e. x is
// applied first, then y, then z, all about the parent's fixed axes.
Eigen::Quaterniond rotationFromSmdAngles(const Eigen::Vector3d& angles);
// The inverse: angles in (-pi, pi] for x and z, [-pi/2, pi/2] for y; x = 0 at gimbal lock.
Eigen::Vector3d smdAnglesFromRotation(const Eigen::Quaterniond& rotation);

// Extracted root motion of one output frame: [tx, ty, tz, rx, ry, rz] (SMD units: the file's
// length unit, radians), cumulative from the first output frame.
using MotionSample = std::array<double, kMotionAxisCount>;

struct ProcessedAnimation {
    SmdFile smd; // nodes of the source; one frame per output frame (time 0..n-1), every bone
    std::vector<MotionSample> motion; // one per output frame (all zeros without motion frames)
    int frameCount() const { return static_cast<int>(smd.frames.size()); }
};

// Largest frames x bones table an animation may expand to (about 450 MB of poses).
inline constexpr std::size_t kMaxAnimationPoses = 16u << 20;

// Processes `animation` from its already-read source, in this order: frame range (with frames
// and bones the file leaves out held from the previous frame), m_adjustAnimation on every root
// bone, motion extraction on the first root bone, smooth loop. Errors name the document's line;
// codes VMDL020..VMDL032 (anim_codes.h).
std::optional<ProcessedAnimation> processAnimation(const AnimationDefinition& animation,
                                                   const SmdFile& source, DiagnosticSink& sink);

// Reads animation.sourcePath: VMDL020 when it does not exist, the SMD reader's codes when it is
// malformed.
std::optional<SmdFile> readAnimationSource(const AnimationDefinition& animation,
                                           DiagnosticSink& sink);

// readAnimationSource, then processAnimation.
std::optional<ProcessedAnimation> loadAndProcessAnimation(const AnimationDefinition& animation,
                                                          DiagnosticSink& sink);

} // namespace vtxc
