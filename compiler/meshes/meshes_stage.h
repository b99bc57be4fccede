// Stage 3 of vtxc_compiler, `meshes`: triangles in, the .vvd and the .vtx variants out.
// Takes: each model's SMD per LOD (project stage) mapped onto the bone table (skeleton stage).
// Gives: the BuiltProject (each model's meshes, welded, LOD vertices shared with earlier LODs,
// LOD-sorted and split past 65536 vertices), the .vvd (vertex pool, fixups) and per variant the
// .vtx (bone-limited, cache-ordered strips from optimizer/strips), and their quality figures.
// Includes the project and skeleton stages.
//
//   extractMesh(smd, nodeToBone, placement, options)       (mesh_extraction.h)
//       Corners per material, weights capped, placed, in Valve's winding and UV convention.
//   assembleModel(name, lods, ...)                         (model_assembly.h)
//       One model's meshes across its LODs.
//   BuiltProject, bonesWeightedPerLod                      (built_project.h)
//   assembleVvd(built)                                     (vvd_assembly.h)
//   assembleVtx(built, options, ...), toVtxStripGroup      (vtx_assembly.h, strip_records.h)
//   qualityReport(files, cacheSizes)                       (quality_report.h)
//       ACMR, ATVR and strip figures per variant, LOD and mesh.
#pragma once

#include "compiler/meshes/built_project.h"
#include "compiler/meshes/mesh_extraction.h"
#include "compiler/meshes/model_assembly.h"
#include "compiler/meshes/quality_report.h"
#include "compiler/meshes/strip_records.h"
#include "compiler/meshes/vtx_assembly.h"
#include "compiler/meshes/vvd_assembly.h"
