// Stage 6 of vtxc_compiler, `animation`: animation SMDs decoded into the poses the engine plays.
// Takes: the QC's $animation and $sequence sources and options, the Skeleton (skeleton stage).
// Gives: an AnimationSet, each animation's frames as local poses per bone with its movements,
// delta reference, weight list and IK rules, and their encoding as .mdl animation records.
// Includes the skeleton stage (and through it the project). Inside it, the types
// (animation_frames.h) sit below the steps that shape frames (motion, blends, weight lists),
// which sit below the builder.
//
//   buildAnimations(qc, skeleton, staticProp, sink)        (animation_sources.h)
//   AnimationFrames, AnimationSet, deltaOnBase             (animation_frames.h)
//   applyMotion, closeLoop, movementAtFrame                (motion_extraction.h)
//   blendSequencesForIk, sequenceBoneWeights               (sequence_blend.h)
//   blendInModelSpace                                      (world_space_blend.h)
//   resolveWeightList, namedWeightList                     (weight_lists.h)
//   encodeAnimation(animation, bones), animationScales     (animation_encoding.h)
#pragma once

#include "compiler/animation/animation_encoding.h"
#include "compiler/animation/animation_frames.h"
#include "compiler/animation/animation_sources.h"
#include "compiler/animation/motion_extraction.h"
#include "compiler/animation/sequence_blend.h"
#include "compiler/animation/weight_lists.h"
#include "compiler/animation/world_space_blend.h"
