// The animations of a model, decoded from their SMDs into the poses the engine must play: one pose
// per bone per frame, relative to the model's parent bones. Mirrors what Valve's compiled models
// show (docs/mdl-compile.md):
//  - animation bones are matched to the model's by name; their model-space transforms are taken
//    in the SMD's own hierarchy and re-expressed under the model's parents (animation files may
//    have other roots, as the Valve biped's do);
//  - a model bone the SMD does not name keeps its bind pose; a node the SMD names but leaves out
//    of a frame keeps its previous frame's pose (zero in the first frame);
//  - non-delta animations are turned +90 degrees about Z (the model's root bones carry it);
//  - `subtract ANIM FRAME` makes a delta from that frame of ANIM (positions subtracted, rotations
//    as inverse(reference) * rotation, in the parent's frame), scaled per bone by `weightlist`;
//    ANIM may name the animation being defined: a frame of its own source. A sequence's `delta`
//    option flags the sequence only: its file's animation is built as any other;
//  - $staticprop animations are the identity pose of the single bone;
//  - motion options (walkframe, LX LY LZ LZR, rotate, rotateto, alignto, startloop) move the
//    root and write movements (motion_extraction.h) before `subtract`; a `loop` animation ends
//    on its first pose but for the roots; a $sequence that plays an animation by name applies
//    its frame range, frame count and motion options to that animation.
#pragma once

#include "compiler/bone_setup.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_project.h"

#include <map>
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

// Reads every animation SMD the QC names and builds the set; reports unknown names (SEQ001),
// frame ranges outside a file (SEQ003) and files without frames (SEQ004) at their QC line.
// Returns nothing after an error.
std::optional<AnimationSet> buildAnimations(const QcProject& qc, const Skeleton& skeleton,
                                            bool staticProp, DiagnosticSink& sink);

} // namespace vtxc
