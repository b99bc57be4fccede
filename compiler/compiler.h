// vtxc_compiler: what `vtxc compile` runs: a QC or SMDs in, the model's files out. Index of the
// entry points; each is declared in the header named beside it. Depends on vtxc_optimizer,
// vtxc_collision, vtxc_phy, vtxc_keyvalues, vtxc_smd, vtxc_qc, vtxc_studio. Codes MESH, BONE,
// SEQ, WEIGHT, LOD, PHYS (project/compile_codes.h).
//
// The driver (compile.h, with the layout, its JSON, the checksum and the version) sits here; the
// stages it runs have a folder each, with an index header saying what the stage takes and gives.
// A stage includes only itself and the stages before it (CONTRIBUTING.md, "Inside compiler/"):
//   project/    what to compile and how: ModelProject, CompileOptions, the codes (project_stage.h)
//   skeleton/   the bone table, the bind pose, the .mdl's bones              (skeleton_stage.h)
//   meshes/     extraction, welding into LODs, the .vvd and .vtx assembly   (meshes_stage.h)
//   lods/       LODs generated from LOD 0 by the simplifier                  (lods_stage.h)
//   physics/    the collision model (.phy)                                   (physics_stage.h)
//   animation/  animation SMDs decoded into poses, and their encoding        (animation_stage.h)
//   sequences/  sequences, their boxes, IK, nodes                            (sequences_stage.h)
//   mdl/        the .mdl's records assembled                                 (mdl_stage.h)
//
//   readQcModelProject(qc, sink)                          (project/qc_import.h)
//   projectFromSmds(reference, lods, shadowLod)           (compile.h)
//       What to compile: body parts, models, LODs and their SMDs, from a QC or from SMD paths.
//   compileProject(project, options, sink)                (compile.h)
//       Reads every SMD, welds, LOD-sorts, strips every variant and assembles the .vvd and .vtx
//       files in memory. Nothing after an error. The bytes do not depend on options.threads.
//       Pre: options valid (CompileOptions' hardware parameters within the .vtx limits).
//   prepareModel, stripPreparedModel                      (compile.h)
//       The two halves of compileProject, for tools that strip one model many ways.
//       Pre: the project and the sink outlive the prepared model.
//   writeCompileOutput(output, outBase, sink)             (compile.h)
//       NAME.vvd, NAME.<variant>.vtx and NAME.layout.json, all or none. A QC of animations alone
//       (no body part) compiles to NAME.mdl and NAME.layout.json only.
//   buildPhysicsModel(qc, physicsSmd, bones, options, sink) (physics/physics_model.h)
//       The .phy of a $collisionmodel/$collisionjoints (compileProject calls it; NAME.phy is one
//       of CompileOutput::files), with the .mdl's total mass and each bone's physics bone.
#pragma once

#include "compiler/compile.h"
#include "compiler/physics/physics_model.h"
#include "compiler/project/compile_codes.h"
#include "compiler/project/compile_options.h"
#include "compiler/project/model_project.h"
#include "compiler/project/qc_import.h"
#include "compiler/version.h"
