// What a compile is asked to build: body parts, models, their mesh SMD per LOD, and LOD edits.
// Filled from the command line (one SMD plus --lod files) or from a QC project; the driver reads
// it.
#pragma once

#include "compiler/project/generated_lod_figures.h"
#include "formats/common/diagnostics.h"
#include "formats/common/vector_types.h"
#include "formats/qc/qc_project.h"
#include "formats/smd/smd.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// One mesh source: an SMD file and how to place it.
struct MeshSourceRef {
    std::filesystem::path smdPath;
    SourceLocation requestedAt; // the QC line (or command-line argument) that asked for it
    float scale = 1.0f;
    Vec3 origin;                        // $origin: subtracted from positions
    float originRotationDegrees = 0.0f; // $origin's optional rotation about Z
    bool reverseWinding = false;        // replacemodel ... reverse
};

// One model of a body part: its mesh per LOD (nullopt: the model draws nothing in that LOD, as
// `blank` or `removemodel` make it).
struct ProjectModel {
    std::string name;
    std::vector<std::optional<MeshSourceRef>> lods; // one entry per LOD of the project
};

struct ProjectBodyPart {
    std::string name;
    std::vector<ProjectModel> models;
};

struct MaterialReplacementRule {
    std::string from;
    std::string to;
};

// One level of detail: LOD 0 has switch point 0; a shadow LOD comes last with -1.
struct ProjectLod {
    float switchPoint = 0.0f;
    bool shadow = false;
    std::vector<MaterialReplacementRule> replaceMaterials;
    std::vector<std::string> removeMeshes; // materials left out of this LOD
};

struct ModelProject {
    std::string name; // model name ($modelname without .mdl), for layout.json
    std::vector<ProjectBodyPart> bodyParts;
    std::vector<ProjectLod> lods{ProjectLod{}};
    bool staticProp = false;
    std::vector<std::string> cdMaterials;
    std::vector<std::vector<std::string>> textureGroups; // skin families: rows of material names
    struct Sequence {
        std::string name;
        std::vector<std::filesystem::path> files;
        float fps = 30.0f;
        bool loop = false;
        int frames = 0; // filled by the driver after reading the files
    };
    std::vector<Sequence> sequences;
    std::int32_t mdlFlags = 0; // recorded for layout.json ($opaque, $casttextureshadows, ...)
    // Meshes made in memory (generated LODs), by the name their MeshSourceRef gives: the
    // compile takes them from here instead of reading a file.
    std::map<std::filesystem::path, std::shared_ptr<const SmdFile>> generatedSmds;
    // Their figures, per model and LOD (for layout.json).
    std::vector<GeneratedLodFigures> generatedLodFigures;
    // What the .mdl takes beyond the meshes: the QC, or the SMD form's defaults (model name, an
    // `idle` sequence of the reference). Without it no .mdl is built.
    std::shared_ptr<const QcProject> description;
};

} // namespace vtxc
