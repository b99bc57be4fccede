// A sequence as the engine shows it with its layers blended in, frame by frame: what IK rules
// that say `usesequence` are measured on (docs/mdl-compile.md, "IK rules and locks").
#pragma once

#include "compiler/animation/animation_frames.h"
#include "compiler/skeleton/bone_setup.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_project.h"

#include <optional>
#include <vector>

namespace vtxc {

// The weight a sequence gives each bone (mstudioseqdesc_t's weight list): its own `weightlist`,
// else the first list of an animation it plays; every bone 1 without a list, every bone 0 for a
// `noanimation` sequence (only its layers move the model). Nothing after an unknown list (SEQ002
// at the sequence) or a bone the model lacks (BONE004).
std::optional<std::vector<double>>
sequenceBoneWeights(const QcSequence& sequence, const std::vector<int>& played,
                    const AnimationSet& animations, const QcMdlSettings& settings,
                    const Skeleton& skeleton, DiagnosticSink& sink);

// Fills AnimationFrames::sequenceBlend of every animation an IK rule of which says
// `usesequence`: the first sequence that plays it, with its `addlayer`/`blendlayer` layers
// blended over it as the engine blends autolayers, per unrolled frame. Layers driven by a pose
// parameter or playing on their own cycle (`local`) are left out: at compile time no pose
// parameter has a value and no layer its own clock.
void blendSequencesForIk(AnimationSet& animations, const QcProject& qc, const Skeleton& skeleton);

} // namespace vtxc
