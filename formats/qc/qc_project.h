// The QC project: what a QC file says about a model's meshes, read, interpreted and checked.
// Command meanings follow the Valve Developer Community wiki's QC pages (summarised in
// docs/qc.md); the QCs of Valve-compiled models are the judge.
//
// Paths. Every file a QC names is looked up inside the content root (--content-root, by default
// the QC's folder), never outside (the contained-path policy of formats/common/contained_path.h,
// shared with the VMDL reader); below, "the QC's folder" stands for that root:
//  - Mesh SMDs ($body, $model, $bodygroup studio, $lod replacemodel) and animation/physics SMDs are
//    relative to the QC's folder (they may climb out of it with "..", staying in the content
//    root); `.smd` is appended when the name has no such extension. `$include` files are relative
//    to the including file. A file missing at its path but present beside the QC (a flat copy of
//    a source tree) is read from there, with a note (QC016).
//  - An absolute path (`/x`, `\x`, `\\server\x`, `C:\x`, `C:x`) is an error (QC013) for every kind
//    of file.
//  - A path whose ".." climbs out of the QC's folder is an error (QC014) for mesh SMDs. For files
//    that do not shape the meshes it is treated like a missing file: a warning naming the line
//    (`.qci`: QC010, animation: QC051, physics: QC052, $includemodel: QC053). A `.qci` is first
//    looked for by its file name beside the including file, then beside the QC, with a note
//    (QC016): the corpus stores `../hl2mp_ported_anims/commonbones.qci` flat beside its QC.
//  - A name that matches an existing file only when letter case is ignored (QCs written on
//    Windows) reads that file, with a warning (QC017); several such matches: not found.
//  - A path that stays inside lexically but leaves the tree through a symbolic link: error QC014.
//  - `$modelname` must be relative without ".." components (error QC032): the output stays under
//    the output root. It must also name a file: no trailing separator, no leading dot (a hidden
//    file), no control character.
//
// Diagnostic codes: QC001-QC065 of kQcCodes (qc_codes.h; docs/diagnostics.md lists them).
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/common/file_system.h"
#include "formats/qc/qc_collision.h"
#include "formats/qc/qc_file_refs.h"
#include "formats/qc/qc_mdl_settings.h"
#include "formats/qc/qc_sequence.h"

#include <array>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vtxc {

struct QcModel {
    std::string name;              // the MDL model name: the reference SMD as written, or "blank"
    std::optional<QcFileRef> mesh; // nothing for `blank`
    QcPlacement placement;
    bool reversed = false; // `reverse` after the SMD name: flip the triangle winding
};

struct QcBodyPart {
    std::string name;
    std::vector<QcModel> models;
    SourceLocation definedAt;
};

struct QcModelIndex {
    std::size_t bodyPart = 0;
    std::size_t model = 0;
    bool operator==(const QcModelIndex&) const = default;
};

struct QcReplaceModel {
    std::string referenceWritten;      // the reference SMD as the QC named it
    std::vector<QcModelIndex> targets; // every model using that reference SMD
    QcFileRef lodMesh;
    bool reverse = false;
    QcPlacement placement;
    SourceLocation at; // where the reference SMD was named
};

struct QcRemoveModel {
    std::string referenceWritten;
    std::vector<QcModelIndex> targets;
    SourceLocation at;
};

struct QcMaterialReplacement {
    std::string from;
    std::string to;
    SourceLocation at;
};

struct QcBoneReplacement {
    std::string from;
    std::string to;
    SourceLocation at;
};

struct QcLod {
    float switchPoint = 0.0f; // -1 for the shadow LOD
    bool isShadow = false;
    bool isReference = false; // LOD 0: the reference meshes, implied by every QC
    SourceLocation definedAt;
    std::vector<QcReplaceModel> replaceModels;
    std::vector<QcRemoveModel> removeModels;
    std::vector<QcMaterialReplacement> replaceMaterials;
    std::vector<std::pair<std::string, SourceLocation>> removeMeshes; // by material name
    std::optional<bool> facial; // `nofacial` -> false, `facial` -> true
    std::vector<std::string> boneTreeCollapses;
    std::vector<SourceLocation> boneTreeCollapsesAt; // the line of each bonetreecollapse
    std::vector<QcBoneReplacement> replaceBones;
};

struct QcTextureGroup {
    std::string name;
    std::vector<std::vector<std::string>> skins; // each row replaces the first row's materials
    SourceLocation definedAt;
};

// `$renamematerial OLD NEW`: the texture the meshes call OLD is named NEW in the .mdl.
struct QcMaterialRename {
    std::string from;
    std::string to;
    SourceLocation definedAt;
};

struct QcDefinedBone {
    std::string name;
    std::string parent; // empty for a root bone
    std::array<double, 3> position{};
    std::array<double, 3> rotationDegrees{};
    std::optional<std::array<double, 3>> fixupPosition;
    std::optional<std::array<double, 3>> fixupRotationDegrees;
    SourceLocation definedAt;
};

// The .mdl header flags a QC command switches on (STATIC_PROP comes from `staticProp`).
struct QcMdlFlags {
    bool opaque = false;             // $opaque -> FORCE_OPAQUE
    bool noForcedFade = false;       // $noforcedfade -> NO_FORCED_FADE
    bool castTextureShadows = false; // $casttextureshadows -> CAST_TEXTURE_SHADOWS
    bool ambientBoost = false;       // $ambientboost -> AMBIENT_BOOST
    bool doNotCastShadows = false;   // $donotcastshadows -> DO_NOT_CAST_SHADOWS
    bool translucentTwoPass = false; // $mostlyopaque -> TRANSLUCENT_TWOPASS
    bool hasHitboxes = false;        // any $hbox: no AUTOGENERATED_HITBOX
};

struct QcProject {
    std::filesystem::path qcPath;
    std::filesystem::path rootDirectory;          // the content root: every file named is below it
    std::vector<std::filesystem::path> filesRead; // the QC and each .qci, in reading order

    std::string modelNameWritten; // as written: "props_combine\bunker_gun01.mdl"
    std::filesystem::path
        modelName; // relative output name without ".mdl": props_combine/bunker_gun01
    SourceLocation modelNameAt;

    std::vector<std::string> cdMaterials; // as written, in order
    bool staticProp = false;
    QcMdlFlags flags;
    std::optional<int> maxVerts;
    bool maxVertsClamp = false;

    std::vector<QcBodyPart> bodyParts;
    std::vector<QcLod> lods; // lods[0] is the implied reference LOD (switch point 0)
    std::vector<QcTextureGroup> textureGroups;
    std::vector<QcMaterialRename> materialRenames; // in order
    std::vector<QcSequence> sequences;
    std::vector<QcSequence> animations; // $animation entries (same fields)
    // The node names of the sequence graph, numbered (from 1) in the order the QC first names
    // them: QcSequenceReader::nodeNames() once every command is read.
    std::vector<std::string> nodeNames;
    std::vector<QcDefinedBone> definedBones;
    // $collisionmodel or $collisionjoints: the physics SMD and the block's options (the .phy).
    std::optional<QcCollisionModel> collisionModel;
    // The `$collisiontext { ... }` blocks, in order, as the .phy's text section takes them
    // (serializeQcCollisionText); empty when there is none.
    std::string collisionText;
    std::vector<SourceLocation> collisionTextAt; // where each $collisiontext was written
    std::vector<QcFileRef> includedModels;       // $includemodel targets (looked for beside the QC)
    QcMdlSettings mdl;                           // what the .mdl takes beyond the meshes
    std::vector<std::string> unusedCommands;     // commands not implemented, as first written

    bool hasShadowLod() const { return !lods.empty() && lods.back().isShadow; }
};

// The mesh one model has in one LOD: its replacement, its reference mesh, or none (blank model or
// removed by `removemodel`).
struct QcLodMesh {
    const QcFileRef* mesh = nullptr;
    bool reverse = false;
    QcPlacement placement;
};
QcLodMesh meshForLod(const QcProject& project, QcModelIndex model, std::size_t lod);

// Reads the QC and all it includes, interprets every command and checks the result. Returns
// nothing when any error was reported (all of them go to `sink`, up to its error limit).
// `contentRoot` (default: the QC's folder) is the folder no named file may lie outside; it must
// contain the QC (QC015, a usage error, otherwise).
std::optional<QcProject>
readQcProject(const std::filesystem::path& qc, FileSystem& files, DiagnosticSink& sink,
              const std::optional<std::filesystem::path>& contentRoot = {});
// The same, on the real file system.
std::optional<QcProject>
readQcProject(const std::filesystem::path& qc, DiagnosticSink& sink,
              const std::optional<std::filesystem::path>& contentRoot = {});

// What the reader's tables accept: every command it interprets (any other is a QC061 warning)
// and every `$lod` block option (any other is QC046). A test holds each to being implemented or
// warned about (tests/compiler/qc_accepted_names_test.cpp).
struct QcAcceptedNames {
    std::vector<std::string> commands; // lower case, with the `$`
    std::vector<std::string> lodOptions;
};
QcAcceptedNames qcAcceptedNames();

inline constexpr const char* kQcContentRoot = "QC015";

} // namespace vtxc
