// vtxc_compiler: what `vtxc compile` runs: a QC or SMDs in, the model's files out. Index of the
// entry points; each is declared in the header named beside it. Depends on vtxc_optimizer,
// vtxc_collision, vtxc_phy, vtxc_keyvalues, vtxc_smd, vtxc_qc, vtxc_studio. Codes MESH, BONE,
// PHYS, WEIGHT (compile_codes.h).
//
//   readQcModelProject(qc, sink)                          (qc_import.h)
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
//   buildPhysicsModel(qc, physicsSmd, bones, options, sink) (physics_model.h)
//       The .phy of a $collisionmodel/$collisionjoints (compileProject calls it; NAME.phy is one
//       of CompileOutput::files), with the .mdl's total mass and each bone's physics bone.
#pragma once

#include "compiler/compile.h"
#include "compiler/compile_codes.h"
#include "compiler/compile_options.h"
#include "compiler/model_project.h"
#include "compiler/physics_model.h"
#include "compiler/qc_import.h"
#include "compiler/version.h"
