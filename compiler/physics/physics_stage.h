// Stage 5 of vtxc_compiler, `physics`: the collision model (docs/mdl-compile.md, "Collision
// model").
// Takes: the QC's $collisionmodel or $collisionjoints, the physics SMD, the bone table and the
// pose of the model's first animation (skeleton stage); the geometry of collision/.
// Gives: the .phy's solids, joints and text section, and what the .mdl takes from it (total mass,
// each bone's physics bone).
// Includes the project and skeleton stages.
//
//   buildPhysicsModel(qc, smd, bones, options, sink)       (physics_model.h)
//   firstAnimationPose(qc, bones)                          (physics_model.h)
#pragma once

#include "compiler/physics/physics_model.h"
