// The decoded animations of a model (animation_sources.h builds them): each animation's frames as
// local poses per bone, with what the later stages need beside them (movements, the delta's
// reference, the frames before a weight list or a frame range, IK rules), and the rule by which a
// delta animation's frame is posed for measuring. The stages that shape the frames (motion
// extraction, sequence blends) and those that measure them (sequence boxes, IK rules) take these
// types from here, below the builder that calls them.
#pragma once

#include "compiler/skeleton/pose_math.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_project.h"
#include "formats/studio/mdl.h"

#include <optional>
#include <string>
#include <vector>

namespace vtxc {

struct AnimationFrames {
    std::string name; // the $animation name, or "@" + the sequence name
    float fps = 30.0f;
    bool loop = false;
    bool delta = false;
    // `noanimation`: a delta of zeros (STUDIO_ALLZEROS with STUDIO_DELTA in Valve's files).
    bool allZeros = false;
    // The root's motion taken out of the frames (motion_extraction.h), one per piece.
    std::vector<MdlMovement> movements;
    // Frames the last movement ends before the end of the piece it was taken over (the motion
    // rollback of a non-looping animation's bare motion words, motion_extraction.h); 0 otherwise.
    int movementRollback = 0;
    std::vector<std::vector<LocalPose>> frames; // [frame][bone]
    // For a delta animation, the pose it is played on when posed alone: the subtracted frame
    // (zero pose without `subtract`). Empty for other animations.
    std::vector<LocalPose> reference;
    std::optional<std::string> weightList; // as named by the animation
    // A weighed animation that is not a delta: its frames before the weight list (empty
    // otherwise), on which its sequence boxes are measured (sequence_bounds.h).
    std::vector<std::vector<LocalPose>> unweighted;
    std::vector<QcIkRule> ikRules; // from its `cmdlist` and `ikrule` options
    // The file's frames before `frame`/`frames` picks some, for IK rules that say `usesource`
    // (empty when none does): Valve's cover_pistol_layer (`frame 0 0 numframes 30`) measures its
    // touch rule on a_walkN_hold_pistol's frames 0 to 29.
    std::vector<std::vector<LocalPose>> source;
    // For IK rules that say `usesequence` (empty when none does): the first sequence that plays
    // it with its layers blended in, per unrolled frame 0 to 2 * last + 2 (sequence_blend.h).
    std::vector<std::vector<LocalPose>> sequenceBlend;
    // The frame count its IK rules' ranges are cycles of: its own before a sequence playing it
    // by name reshapes it (Valve's a_Run_turretCarry_Upperbody_idle, 19 frames cut to 1 by its
    // sequence's `frame 0 0`, keeps `range 0 0 18 18` as 0 0 1 1).
    std::optional<int> ruleFrameCount;
    // Whether the chains no rule names get a release rule (`autoik`, the default, or `noautoik`).
    bool autoIk = true;
    SourceLocation definedAt;

    int frameCount() const { return static_cast<int>(frames.size()); }
};

struct AnimationSet {
    std::vector<AnimationFrames> animations; // in the order of their $animation/$sequence
    // Per QC sequence (in order): the animations it plays, in the order written.
    std::vector<std::vector<int>> sequenceAnimations;
    std::optional<int> find(const std::string& name) const; // case-insensitive
};

// The pose delta animations are measured on: the first frame of the model's first animation
// (none when that one is itself a delta; the delta is then measured alone).
std::vector<LocalPose> deltaBoundsBase(const AnimationSet& animations);

// A frame of `animation` as it is measured: a delta's added, bone by bone in the parent's frame,
// to `deltaBase` (deltaBoundsBase), or without one to the frame it was taken from (its
// `reference`); any other animation's frame as it is. Sequence boxes, IK rules and the sequence
// blends of `usesequence` rules all measure deltas so.
std::vector<LocalPose> deltaOnBase(const AnimationFrames& animation,
                                   const std::vector<LocalPose>& frame,
                                   const std::vector<LocalPose>& deltaBase);

} // namespace vtxc
