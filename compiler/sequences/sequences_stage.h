// Stage 7 of vtxc_compiler, `sequences`: what the .mdl's sequence records hold.
// Takes: the AnimationSet (animation stage), the Skeleton and bone records (skeleton stage), the
// built meshes for the boxes (meshes stage), the QC's $sequence, $poseparameter, $ikchain,
// $ikautoplaylock and node lines.
// Gives: sequence descriptions (flags, blends, pose parameters, events, activities, layers),
// their bounding boxes, IK chains, locks and rules with their error tracks, and the node graph.
// Includes the skeleton, meshes and animation stages; not lods or physics, whose results it
// does not need.
//
//   buildSequences(inputs, sink)                           (sequences.h)
//   skinnedModelOf, animationBounds                        (sequence_bounds.h)
//   buildIkChains, buildAutoplayLocks, buildIkRules        (ik.h)
//   buildSequenceGraph(qc, sink)                           (sequence_nodes.h)
#pragma once

#include "compiler/sequences/ik.h"
#include "compiler/sequences/sequence_bounds.h"
#include "compiler/sequences/sequence_nodes.h"
#include "compiler/sequences/sequences.h"
