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

#include "compiler/animation/animation_frames.h"
#include "compiler/skeleton/bone_setup.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_project.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// Reads every animation SMD the QC names and builds the set; reports unknown names (SEQ001),
// frame ranges outside a file (SEQ003) and files without frames (SEQ004) at their QC line.
// Returns nothing after an error.
std::optional<AnimationSet> buildAnimations(const QcProject& qc, const Skeleton& skeleton,
                                            bool staticProp, DiagnosticSink& sink);

} // namespace vtxc
