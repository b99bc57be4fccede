// Diagnostic codes of the compile pipeline (compiler/, what `vtxc compile` runs): meshes and
// materials (MESH), the bone table (BONE), animations and sequences (SEQ), bone weights (WEIGHT)
// and generated levels of detail (LOD: `vtxc compile --auto-lods` and `vtxc lod`).
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
    {"MESH006", Severity::Error, ExitCode::InvalidInput,
     "$scale, $origin or its rotation takes positions or normals past the range of 32-bit floats",
     "use a smaller $scale, $origin or rotation"},
    {"MESH007", Severity::Warning, ExitCode::Ok,
     "a second $texturegroup is ignored: only the first makes the .mdl's skin families",
     "put every skin family in one $texturegroup"},
    {"MESH008", Severity::Warning, ExitCode::Ok,
     "a $renamematerial names a material no mesh or $texturegroup of the model uses",
     "name the material as the SMD does (case and extension do not matter)"},
};

inline constexpr DiagnosticCode kBoneCodeList[] = {
    {"BONE001", Severity::Error, ExitCode::InvalidInput,
     "a LOD mesh uses a bone that is not in the reference skeleton",
     "rename the bone, or add it to the reference SMD"},
    {"BONE002", Severity::Warning, ExitCode::Ok,
     "a bone has another parent than in an earlier file: the first file's hierarchy is kept",
     "export all meshes from one skeleton"},
    {"BONE003", Severity::Error, ExitCode::InvalidInput,
     "a $definebone names a parent no earlier $definebone defines", "define parents first"},
    {"BONE004", Severity::Error, ExitCode::InvalidInput,
     "$attachment, $hbox, $ikchain, $bonemerge, $weightlist or an animation names a bone the "
     "model does not have",
     "name one of the model's bones (names are matched ignoring case)"},
    {"BONE005", Severity::Error, ExitCode::InvalidInput,
     "an $ikchain bone has no parent or no grandparent (a chain has three links)",
     "name the chain's end bone, two levels below the chain's root"},
    {"BONE006", Severity::Error, ExitCode::InvalidInput,
     "more than 254 bones (animation records number bones in one byte)",
     "collapse bones, or split the model"},
    {"BONE007", Severity::Warning, ExitCode::Ok,
     "a $lod replacebone or bonetreecollapse names a bone the model does not have; the rule is "
     "skipped",
     "name one of the model's bones (names are matched ignoring case)"},
    {"BONE008", Severity::Note, ExitCode::Ok,
     "a bone nothing keeps (see docs/mdl-compile.md, unused bones) was folded into its parent",
     "declare it with $definebone, or name it in $bonemerge, to keep it"},
};

inline constexpr DiagnosticCode kPhysicsCodeList[] = {
    {"PHYS001", Severity::Error, ExitCode::InvalidInput,
     "the physics mesh of $collisionmodel/$collisionjoints has no faces",
     "give the SMD that holds the collision mesh's triangles"},
    {"PHYS002", Severity::Warning, ExitCode::Ok,
     "$concave found more islands than $maxconvexpieces: one hull of everything is made instead, "
     "as "
     "studiomdl does",
     "raise $maxconvexpieces, join islands in the mesh, or compile with --collision-pieces merge"},
    {"PHYS003", Severity::Note, ExitCode::Ok,
     "--collision-pieces merge joined islands into the allowed number of hulls",
     "nothing; the note gives the volume the merge added"},
    {"PHYS004", Severity::Warning, ExitCode::Ok,
     "$automass without the game's surface properties: the default density is used",
     "give --game-dir DIR or --surface-properties FILE"},
    {"PHYS005", Severity::Warning, ExitCode::Ok,
     "a surface property of the collision model is not defined: \"default\" is used",
     "name a surface of the game's scripts/surfaceproperties*.txt"},
    {"PHYS006", Severity::Warning, ExitCode::Ok,
     "the ragdoll has more solids than the engine loads (24; 32 in later branches)",
     "merge bones with $jointmerge or leave some out with $jointskip"},
    {"PHYS007", Severity::Error, ExitCode::InvalidInput,
     "a collision option names a bone the physics mesh's model does not have",
     "name one of the model's bones (names are matched ignoring case)"},
    {"PHYS008", Severity::Warning, ExitCode::Ok,
     "$remove2d left out a flat island of the collision mesh",
     "nothing, unless the island was meant to collide: give it thickness"},
    {"PHYS009", Severity::Error, ExitCode::InvalidInput,
     "an island of the collision mesh is 2-dimensional (thinner than 0.5 units)",
     "give the island thickness, weld its vertices ($weldposition), or add $remove2d"},
    {"PHYS010", Severity::Error, ExitCode::InvalidInput,
     "a solid of the collision model cannot be laid out as a .phy solid",
     "split the collision mesh into smaller pieces"},
    {"PHYS011", Severity::Warning, ExitCode::Ok,
     "a prop's collision mesh follows its first animation's first frame, away from the reference",
     "start the first animation in the reference pose to match the collision and render meshes"},
    {"PHYS012", Severity::Warning, ExitCode::Ok,
     "a $collisionjoints rule names a bone the model leaves out as unused: the rule is skipped",
     "name a bone the model keeps, or keep that one with $definebone or $bonemerge"},
};

inline constexpr DiagnosticCode kWeightCodeList[] = {
    {"WEIGHT001", Severity::Warning, ExitCode::Ok,
     "vertex corners lost bone influence (weights under the threshold or past the third)",
     "adjust --weight-threshold, or weight the vertices to three bones at most"},
};

inline constexpr DiagnosticCode kLodCodeList[] = {
    {"LOD001", Severity::Error, ExitCode::InvalidInput,
     "the reference SMD has no triangles to simplify",
     "give a reference SMD with a triangles section of non-null materials"},
    {"LOD002", Severity::Warning, ExitCode::Ok,
     "a generated LOD has more triangles than asked for (more than 1% over)",
     "raise --max-error, or ask for more triangles"},
    {"LOD003", Severity::Warning, ExitCode::Ok,
     "--auto-lods given for a project that has its own LODs: none were generated",
     "drop --auto-lods, or the $lod blocks"},
};

inline constexpr DiagnosticCode kSequenceCodeList[] = {
    {"SEQ001", Severity::Error, ExitCode::InvalidInput,
     "a sequence plays an animation no earlier $animation or $sequence defines",
     "define the animation first, or name its SMD"},
    {"SEQ002", Severity::Error, ExitCode::InvalidInput,
     "a sequence option names a weight list, command list or pose parameter that is not defined",
     "define it before the sequence"},
    {"SEQ003", Severity::Error, ExitCode::InvalidInput,
     "frame/frames/startframe asks for frames the animation SMD does not have",
     "give frames inside the file's range"},
    {"SEQ004", Severity::Error, ExitCode::InvalidInput, "an animation SMD has no skeleton frame",
     "export the animation again"},
    {"SEQ005", Severity::Error, ExitCode::InvalidInput,
     "an ikrule or $ikautoplaylock names a chain no $ikchain defines",
     "define the chain with $ikchain"},
    {"SEQ006", Severity::Warning, ExitCode::Ok,
     "a sequence has no animation it can play (its files are missing): it is left out",
     "add the animation SMDs"},
    {"SEQ007", Severity::Error, ExitCode::InvalidInput,
     "a blend grid on more than two pose parameters, or one its animations do not fill",
     "blend on one or two pose parameters with a full grid of animations"},
    {"SEQ008", Severity::Error, ExitCode::InvalidInput,
     "the model has no sequence it can play (the engine needs one)",
     "add $sequence idle \"<reference>.smd\""},
    {"SEQ009", Severity::Warning, ExitCode::Ok,
     "$illumposition names an attachment no $attachment defines: the position is used alone",
     "name a defined attachment, or leave the name out"},
    {"SEQ010", Severity::Error, ExitCode::InvalidInput,
     "a transition leads from or to a node numbered past 255, which the .mdl's transition table "
     "cannot hold",
     "name at most 255 nodes before the last one a transition uses"},
    {"SEQ011", Severity::Warning, ExitCode::Ok,
     "worldspaceblend or match on a sequence that plays an earlier animation by name is ignored",
     "write the option on the $animation that reads the file"},
    {"SEQ012", Severity::Error, ExitCode::InvalidInput,
     "the $scale or $origin in force takes an animation's bone positions past the range of "
     "32-bit floats",
     "use a smaller $scale or $origin before the $sequence or $animation"},
};

inline constexpr DiagnosticCatalogue kMeshCodes{"MESH", "Compiler: meshes and materials",
                                                kMeshCodeList};
inline constexpr DiagnosticCatalogue kBoneCodes{"BONE", "Compiler: bone table", kBoneCodeList};
inline constexpr DiagnosticCatalogue kPhysicsCodes{"PHYS", "Compiler: collision model (.phy)",
                                                   kPhysicsCodeList};
inline constexpr DiagnosticCatalogue kLodCodes{"LOD", "Compiler: generated levels of detail",
                                               kLodCodeList};
inline constexpr DiagnosticCatalogue kSequenceCodes{"SEQ", "Compiler: animations and sequences",
                                                    kSequenceCodeList};
inline constexpr DiagnosticCatalogue kWeightCodes{"WEIGHT", "Compiler: bone weights",
                                                  kWeightCodeList};

} // namespace vtxc
