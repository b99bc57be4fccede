// Data model of the parts of a .mdl (studiohdr_t, versions 44 to 49) that relate it to its .vvd and
// .vtx files, and its reader. Layouts: studio.h of the public Source SDK 2013 (see VDC wiki, MDL).
#pragma once

#include "formats/common/diagnostics.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vtxc {

inline constexpr std::size_t kMdlHeaderSize = 408;  // studiohdr_t
inline constexpr std::size_t kMdlBoneSize = 216;    // mstudiobone_t
inline constexpr std::size_t kMdlTextureSize = 64;  // mstudiotexture_t
inline constexpr std::size_t kMdlBodyPartSize = 16; // mstudiobodyparts_t
inline constexpr std::size_t kMdlModelSize = 148;   // mstudiomodel_t
inline constexpr std::size_t kMdlMeshSize = 116;    // mstudiomesh_t
inline constexpr std::int32_t kMdlMinVersion = 44;
inline constexpr std::int32_t kMdlMaxVersion = 49;

struct MdlBone {
    std::string name;
    std::int32_t parent = -1;
};

struct MdlTexture {
    std::string name; // material name, searched for in every $cdmaterials path
    std::int32_t flags = 0;
};

// mstudiomesh_t: one material's share of a model's vertices.
struct MdlMesh {
    std::int32_t material = 0; // index into the texture list (through the skin table)
    std::int32_t numvertices = 0;
    std::int32_t vertexoffset = 0; // first vertex, counted from the model's first vertex
    std::int32_t meshid = 0;
    std::array<std::int32_t, 8> numLODVertexes{}; // vertices used by root LOD n and coarser LODs
};

// mstudiomodel_t. vertexindex and tangentsindex are byte offsets into the .vvd's vertex and
// tangent pools (multiples of 48 and 16).
struct MdlModel {
    std::string name;
    float boundingradius = 0.0f;
    std::int32_t numvertices = 0;
    std::int32_t vertexindex = 0;
    std::int32_t tangentsindex = 0;
    std::vector<MdlMesh> meshes;
};

struct MdlBodyPart {
    std::string name;
    std::int32_t base = 0;
    std::vector<MdlModel> models;
};

struct MdlFile {
    std::int32_t version = 0;
    std::int32_t checksum = 0;
    std::string name;
    std::int32_t length = 0;
    std::int32_t flags = 0;
    std::vector<MdlBone> bones;
    std::vector<MdlTexture> textures;
    std::vector<std::string> cdmaterials;
    // skin families x skin references: texture index used by each material slot in each skin.
    std::vector<std::vector<std::int16_t>> skinFamilies;
    std::vector<MdlBodyPart> bodyParts;
};

// Names of the set STUDIOHDR_FLAGS_* bits (e.g. "STATIC_PROP"), lowest bit first; unknown bits
// appear as hex.
std::vector<std::string> mdlFlagNames(std::int32_t flags);

// Parses a .mdl of version 44 to 49; reports MDL0xx errors naming the record and byte offset.
std::optional<MdlFile> readMdl(std::span<const std::uint8_t> bytes, const std::string& fileName,
                               DiagnosticSink& sink);

} // namespace vtxc
