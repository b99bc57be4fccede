// Stage 2 of vtxc_compiler, `skeleton`: the model's bones.
// Takes: the reference SMDs' nodes and the QC's $definebone, $scale and $origin (project stage).
// Gives: the BoneTable every mesh, animation and collision SMD is mapped onto, the bind pose as
// a Skeleton, the .mdl's bone records with their BONE_USED_BY_* flags, and the pose arithmetic
// (LocalPose, Euler angles as the SDK's mathlib turns them) the later stages share.
// Includes the project stage only.
//
//   BoneTable::fromReferences, fromDefinitions, mapNodes   (bone_table.h)
//   bonesToKeep(table, needs), lodBoneMap(table, lod)      (bone_table.h)
//       Which bones studiomdl keeps; a LOD's replacebone and bonetreecollapse.
//   buildSkeleton(table), boneFlags, mdlBones              (bone_setup.h)
//   placeSkeleton, placePositions, placeNodePoses          (skeleton_placement.h)
//       $scale and $origin on an SMD's skeleton and points.
//   LocalPose, transformOf, quaternionFromEuler, ...       (pose_math.h)
#pragma once

#include "compiler/skeleton/bone_setup.h"
#include "compiler/skeleton/bone_table.h"
#include "compiler/skeleton/pose_math.h"
#include "compiler/skeleton/skeleton_placement.h"
