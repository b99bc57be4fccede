// Animation poses to .mdl records the way the engine decodes them (docs/mdl-compile.md;
// mstudioanim_t in the public SDK's studio.h): one record per bone that moves, in bone order; per
// component (rotation, position) nothing when it stays at the default, the raw form (Quaternion64,
// Vector48) when it is constant, RLE channels of quantised euler angles or positions when it varies
// (both components animated when one is and the other is not default, since a record cannot mix the
// forms); DELTA on every record of a delta animation.
#pragma once

#include "compiler/animation/animation_sources.h"
#include "compiler/skeleton/bone_setup.h"
#include "formats/studio/mdl.h"

#include <cstdint>
#include <vector>

namespace vtxc {

// The smallest rotation scale: pi/8 over the 16-bit range, as in Valve's files.
inline constexpr double kMinRotationRange = 0.39269908169872414; // pi / 8
// The smallest position range (model units): 128 over the 16-bit range, as in Valve's files.
inline constexpr double kMinPositionRange = 128.0;

// A value in steps of `scale`, as Valve's encoder stores animation and IK error values: computed in
// single precision and truncated toward zero (docs/mdl-compile.md, "Quantisation").
std::int16_t quantiseToSteps(double value, float scale);

// Per bone and axis: the range every animation's values need, over the 16-bit range.
std::vector<BoneScales> animationScales(const AnimationSet& animations, const Skeleton& skeleton);

// The animation's description and per-bone records (IK rules are added by the IK stage).
// `bones` carry the bind pose and the scales.
MdlAnimDesc encodeAnimation(const AnimationFrames& animation, const std::vector<MdlBone>& bones);

} // namespace vtxc
