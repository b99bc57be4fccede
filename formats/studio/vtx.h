// Data model of the .vtx strip file (OptimizedModel, version 7) and its reader and writer.
// Follows optimize.h of the public Source SDK 2013 and what Valve's files show (docs/formats.md).
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/studio/studiomdl_defaults.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vtxc {

// Record sizes on disk (#pragma pack(1) in optimize.h).
inline constexpr std::size_t kVtxFileHeaderSize = 36;
inline constexpr std::size_t kVtxBodyPartHeaderSize = 8;
inline constexpr std::size_t kVtxModelHeaderSize = 8;
inline constexpr std::size_t kVtxModelLodHeaderSize = 12;
inline constexpr std::size_t kVtxMeshHeaderSize = 9;
inline constexpr std::size_t kVtxStripGroupHeaderSize = 25;
inline constexpr std::size_t kVtxStripHeaderSize = 27;
inline constexpr std::size_t kVtxVertexSize = 9;
inline constexpr std::size_t kVtxIndexSize = 2;
inline constexpr std::size_t kVtxBoneStateChangeSize = 8;
inline constexpr std::size_t kVtxMaterialReplacementListHeaderSize = 8;
inline constexpr std::size_t kVtxMaterialReplacementHeaderSize = 6;

inline constexpr std::int32_t kVtxVersion = 7;
// Where FileHeader_t holds checkSum (after version, vertCacheSize, maxBonesPerStrip,
// maxBonesPerTri and maxBonesPerVert), for patching written bytes.
inline constexpr std::size_t kVtxChecksumOffset = 16;

// Flag values (optimize.h).
inline constexpr std::uint8_t kStripIsTriList = 0x01;
inline constexpr std::uint8_t kStripIsTriStrip = 0x02;
inline constexpr std::uint8_t kStripGroupIsFlexed = 0x01;
inline constexpr std::uint8_t kStripGroupIsHwSkinned = 0x02;
inline constexpr std::uint8_t kStripGroupIsDeltaFlexed = 0x04;
inline constexpr std::uint8_t kStripGroupSuppressHwMorph = 0x08;
inline constexpr std::uint8_t kMeshIsTeeth = 0x01;
inline constexpr std::uint8_t kMeshIsEyes = 0x02;

// Vertex_t: one vertex of a strip group, referring to a vertex of the mesh in the .vvd.
struct VtxVertex {
    std::array<std::uint8_t, 3> boneWeightIndex{0, 1, 2};
    std::uint8_t numBones = 0;
    std::uint16_t origMeshVertID = 0; // index into the mesh's vertex range in the .vvd
    std::array<std::int8_t, 3> boneID{0, 0, 0};
    bool operator==(const VtxVertex&) const = default;
};

// BoneStateChangeHeader_t: hardware bone slot -> model bone, applied before drawing the strip.
struct VtxBoneStateChange {
    std::int32_t hardwareID = 0;
    std::int32_t newBoneID = 0;
    bool operator==(const VtxBoneStateChange&) const = default;
};

// StripHeader_t. indexOffset/vertOffset are element offsets into the strip group's index and
// vertex arrays (not byte offsets); they are the caller's choice, so they are stored here.
struct VtxStrip {
    std::int32_t indexOffset = 0;
    std::int32_t numIndices = 0;
    std::int32_t vertOffset = 0;
    std::int32_t numVerts = 0;
    std::int16_t numBones = 0;
    std::uint8_t flags = kStripIsTriList;
    std::vector<VtxBoneStateChange> boneStateChanges;
    // Zero-filled bone state change records written after the counted ones but not counted in
    // numBoneStateChanges. Valve's studiomdl writes one per strip of a $staticprop (numBones 0);
    // a compiler matching it byte for byte sets 1 there, else 0.
    std::int32_t reservedBoneStateChanges = 0;
    bool operator==(const VtxStrip&) const = default;
};

// StripGroupHeader_t: one vertex buffer and one index buffer (indices are into `vertices`).
struct VtxStripGroup {
    std::uint8_t flags = 0;
    std::vector<VtxVertex> vertices;
    std::vector<std::uint16_t> indices;
    std::vector<VtxStrip> strips;
    bool operator==(const VtxStripGroup&) const = default;
};

// MeshHeader_t: one material of a model LOD.
struct VtxMesh {
    std::uint8_t flags = 0;
    std::vector<VtxStripGroup> stripGroups;
    bool operator==(const VtxMesh&) const = default;
};

// ModelLODHeader_t. switchPoint: 0 for LOD 0, the $lod threshold for others, -1 for a $shadowlod.
struct VtxModelLod {
    float switchPoint = 0.0f;
    std::vector<VtxMesh> meshes;
    bool operator==(const VtxModelLod&) const = default;
};

// ModelHeader_t: one per model of the .mdl.
struct VtxModel {
    std::vector<VtxModelLod> lods;
    bool operator==(const VtxModel&) const = default;
};

// BodyPartHeader_t: one per body part of the .mdl.
struct VtxBodyPart {
    std::vector<VtxModel> models;
    bool operator==(const VtxBodyPart&) const = default;
};

// MaterialReplacementHeader_t: in one LOD, material `materialID` is drawn with material `name`.
struct VtxMaterialReplacement {
    std::int16_t materialID = 0;
    std::string name;
    bool operator==(const VtxMaterialReplacement&) const = default;
};

// A whole .vtx file. Counts and byte offsets are derived by the writer; numLODs is stored because
// the header carries it separately from the per-model LOD lists.
struct VtxFile {
    std::int32_t version = kVtxVersion;
    std::int32_t vertCacheSize = kStudiomdlVertCacheSize;
    std::uint16_t maxBonesPerStrip = kStudiomdlMaxBonesPerStrip;
    std::uint16_t maxBonesPerTri = kStudiomdlMaxBonesPerTri;
    std::int32_t maxBonesPerVert = kStudiomdlMaxBonesPerVert;
    std::int32_t checkSum = 0;
    std::int32_t numLODs = 1;
    std::vector<VtxBodyPart> bodyParts;
    // One list per LOD (numLODs of them; the writer emits exactly numLODs list headers, using
    // an empty list for any LOD missing here).
    std::vector<std::vector<VtxMaterialReplacement>> materialReplacements;
    bool operator==(const VtxFile&) const = default;
};

// Serialises the file in the section order of docs/formats.md (".vtx"). Raises InternalError
// (internal_error.h) only on an inconsistency of its own (a record written with the wrong size or
// at the wrong offset).
std::vector<std::uint8_t> writeVtx(const VtxFile& file);

// Parses a .vtx; reports VTX0xx errors naming the record and byte offset, and returns nothing
// when the file is truncated or inconsistent. `fileName` is used in the diagnostics.
std::optional<VtxFile> readVtx(std::span<const std::uint8_t> bytes, const std::string& fileName,
                               DiagnosticSink& sink);

} // namespace vtxc
