// Sequences and pose parameters (docs/mdl-compile.md; mstudioseqdesc_t
// and mstudioposeparamdesc_t of the public SDK's studio.h):
//  - flags: `loop` LOOPING, `snap` SNAP, `delta` DELTA, `autoplay` AUTOPLAY, POST on delta +
//    autoplay, `realtime` REALTIME, `hidden` HIDDEN, LOCAL with a `local` layer; activity name
//    and weight; fades (0.2 s); nodes (sequence_nodes.h);
//  - blends: one axis per `blend`, then per `calcblend`; groupsize (n, 1), or for two axes
//    `blendwidth` columns (the square root of n without it); pose keys spread evenly from start
//    to end, or for `calcblend` measured on the attachment in each animation posed on its
//    reference, along the grid's row (axis 0) or column (axis 1) through its centre;
//  - pose parameters: the $poseparameter ones (flags 1) in QC order, then the ones blends name
//    without declaring them (flags 0, range = the blends' range, low to high);
//  - events: cycle = frame / (frames - 1); numbers as old-style events, names as new-style (0x400);
//  - weight list: the sequence's `weightlist`, else its first animation's, else 1 per bone;
//  - the box of 11.5 (sequence_bounds.h).
#pragma once

#include "compiler/animation/animation_sources.h"
#include "compiler/sequences/sequence_bounds.h"
#include "compiler/skeleton/bone_setup.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_project.h"
#include "formats/studio/mdl.h"

#include <optional>
#include <vector>

namespace vtxc {

// Sequence flags (studio.h).
inline constexpr std::int32_t kStudioSnap = 0x2;
inline constexpr std::int32_t kStudioRealtime = 0x100;
inline constexpr std::int32_t kStudioLocal = 0x200;    // a layer of it is STUDIO_AL_LOCAL
inline constexpr std::int32_t kStudioAlLocal = 0x1000; // mstudioautolayer_t flags
inline constexpr std::int32_t kStudioHidden = 0x400;
// `worldspace`: the engine blends the sequence's bones in model space (STUDIO_WORLD).
inline constexpr std::int32_t kStudioWorld = 0x4000;
inline constexpr std::int32_t kNewEventStyle = 0x400;

struct SequenceSet {
    std::vector<MdlSeqDesc> sequences;
    std::vector<MdlPoseParameter> poseParameters;
};

struct SequenceInputs {
    const QcProject& qc;
    const AnimationSet& animations;
    const std::vector<MdlAnimDesc>& encoded; // same order as animations
    const std::vector<MdlBone>& bones;
    const Skeleton& skeleton;
    const std::vector<MdlAttachment>& attachments;
    const SkinnedModel& skinned;
    bool staticProp = false; // animations of a $staticprop are not turned
};

// A sequence whose animations are all missing is left out (SEQ006, a warning at its line);
// unknown pose parameters of `calcblend` attachments, bad blend grids and unknown weight lists are
// errors at the sequence's line.
std::optional<SequenceSet> buildSequences(const SequenceInputs& inputs, DiagnosticSink& sink);

} // namespace vtxc
