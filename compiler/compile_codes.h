// Diagnostic codes of the compile pipeline (compiler/, what `vtxc compile` runs): meshes and
// materials (MESH), the bone table (BONE) and bone weights (WEIGHT).
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kMeshCodeList[] = {
    {"MESH001", Severity::Error, ExitCode::InvalidInput,
     "a LOD uses a material that no reference mesh uses",
     "use the reference meshes' materials, or swap one with replacematerial"},
    {"MESH002", Severity::Error, ExitCode::InvalidInput,
     "vertices use more than 128 bones (the .vvd stores bone indices as signed bytes)",
     "split the model, or collapse bones"},
    {"MESH003", Severity::Warning, ExitCode::Ok,
     "a mesh SMD has no triangles section: it is an animation",
     "give the reference SMD of the mesh"},
    {"MESH004", Severity::Note, ExitCode::Ok,
     "faces with a null material (null, debug/debugempty, tools/toolsnodraw) were left out",
     "nothing: null faces are meant to be invisible"},
    {"MESH005", Severity::Note, ExitCode::Ok,
     "degenerate triangles (two corners on one vertex) were left out",
     "nothing, unless the triangles were meant to be seen: then fix them in the modelling tool"},
};

inline constexpr DiagnosticCode kBoneCodeList[] = {
    {"BONE001", Severity::Error, ExitCode::InvalidInput,
     "a LOD mesh uses a bone that is not in the reference skeleton",
     "rename the bone, or add it to the reference SMD"},
    {"BONE002", Severity::Warning, ExitCode::Ok,
     "a bone has another parent than in an earlier file: the first file's hierarchy is kept",
     "export all meshes from one skeleton"},
};

inline constexpr DiagnosticCode kWeightCodeList[] = {
    {"WEIGHT001", Severity::Warning, ExitCode::Ok,
     "vertex corners lost bone influence (weights under the threshold or past the third)",
     "adjust --weight-threshold, or weight the vertices to three bones at most"},
};

inline constexpr DiagnosticCatalogue kMeshCodes{"MESH", "Compiler: meshes and materials",
                                                kMeshCodeList};
inline constexpr DiagnosticCatalogue kBoneCodes{"BONE", "Compiler: bone table", kBoneCodeList};
inline constexpr DiagnosticCatalogue kWeightCodes{"WEIGHT", "Compiler: bone weights",
                                                  kWeightCodeList};

} // namespace vtxc
