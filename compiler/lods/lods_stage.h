// Stage 4 of vtxc_compiler, `lods`: levels of detail made from LOD 0 (docs/lod.md).
// Takes: a ModelProject without $lod (project stage) and LOD 0's SMDs, read with the meshes
// stage's material rules; the simplifier of optimizer/simplify.
// Gives: LOD SMDs held in the project (ModelProject::generatedSmds) with their figures and switch
// points, which the meshes stage then compiles as any LOD; `vtxc lod` writes them as files.
// Includes the project and meshes stages.
//
//   addAutoLods(project, request, sink)                    (auto_lods.h)
//       `vtxc compile --auto-lods`.
//   planLods(lod0, targets, options), lodSmd(reference, mesh) (auto_lods.h)
//       The simplified meshes, their measured errors and switch points; one as an SMD.
#pragma once

#include "compiler/lods/auto_lods.h"
