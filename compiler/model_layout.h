// The layout of a compile: what an .mdl writer needs to relate its records to the .vvd and .vtx
// vtxc wrote (checksum, bones, materials, body parts -> models -> meshes with vertex ranges and LOD
// counts, LODs, sequences). Typed data; compile_json.h writes it as NAME.layout.json.
#pragma once

#include "compiler/meshes/built_project.h"
#include "compiler/meshes/vvd_assembly.h"
#include "compiler/project/generated_lod_figures.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace vtxc {

struct LayoutBone {
    std::string name;
    int parent = -1;
    bool operator==(const LayoutBone&) const = default;
};

struct LayoutLod {
    float switchPoint = 0;
    bool shadow = false;
    bool operator==(const LayoutLod&) const = default;
};

struct LayoutMesh {
    std::uint32_t material = 0; // index into ModelLayout::materials
    std::string materialName;
    std::size_t vertexOffset = 0; // relative to its model's first vertex
    std::size_t vertexCount = 0;
    // Vertices used by LODs >= n, for each LOD n (the .mdl's mesh numLODVertexes).
    std::vector<std::size_t> lodVertexCounts;
    bool operator==(const LayoutMesh&) const = default;
};

struct LayoutModel {
    std::string name;
    std::size_t vertexIndex = 0; // first vertex in mesh order (the .mdl's vertexindex / 48)
    std::size_t vertexCount = 0;
    std::vector<LayoutMesh> meshes;
    bool operator==(const LayoutModel&) const = default;
};

struct LayoutBodyPart {
    std::string name;
    std::vector<LayoutModel> models;
    bool operator==(const LayoutBodyPart&) const = default;
};

struct LayoutSequence {
    std::string name;
    std::vector<std::string> files; // relative to the QC's content root, '/'-separated
    float fps = 30.0f;
    bool loop = false;
    int frames = 0;
    bool operator==(const LayoutSequence&) const = default;
};

struct ModelLayout {
    std::string generator; // "vtxc <version>"
    std::string name;
    std::int32_t checksum = 0; // the checksum in every file's header
    bool staticProp = false;
    std::int32_t mdlFlags = 0;
    std::vector<LayoutBone> bones;
    std::vector<std::string> materials;
    std::vector<std::string> cdMaterials;
    std::vector<std::vector<std::string>> textureGroups;
    std::vector<LayoutLod> lods;
    std::vector<LayoutBodyPart> bodyParts;
    std::vector<LayoutSequence> sequences;
    // Per generated LOD of each model (--auto-lods); the key is left out when there is none.
    std::vector<GeneratedLodFigures> generatedLods;
    bool operator==(const ModelLayout&) const = default;
};

// The layout of a built project whose vertices `vvd` placed; the checksum is left 0 for the
// caller, who knows it once the files are serialised.
ModelLayout modelLayout(const BuiltProject& built, const ModelProject& project,
                        const VvdAssembly& vvd);

} // namespace vtxc
