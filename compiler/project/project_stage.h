// Stage 1 of vtxc_compiler, `project`: what a compile is asked to build, and how.
// Takes: a QC (formats/qc) or SMD paths and the command line's options.
// Gives: a ModelProject (body parts, models, each model's SMD per LOD, LOD edits, placement,
// what layout.json records) and CompileOptions (.vtx hardware parameters, tolerances, threads,
// the collision model's choices); the diagnostic catalogues every later stage reports with.
// Includes no other stage: every later stage may include this one.
//
//   readQcModelProject(qc, sink), projectFromQc(qc, sink)  (qc_import.h)
//       A QC project read and turned into what to compile; smdFormDescription gives the QC an
//       SMD on the command line stands for.
//   ModelProject, MeshSourceRef, ProjectLod                (model_project.h)
//   CompileOptions, HardwareParameters, VtxVariant         (compile_options.h)
//   GeneratedLodFigures                                    (generated_lod_figures.h)
//   kMeshCodes, kBoneCodes, kSequenceCodes, kWeightCodes, kLodCodes,
//   kPhysicsCodes                                          (compile_codes.h)
#pragma once

#include "compiler/project/compile_codes.h"
#include "compiler/project/compile_options.h"
#include "compiler/project/generated_lod_figures.h"
#include "compiler/project/model_project.h"
#include "compiler/project/qc_import.h"
