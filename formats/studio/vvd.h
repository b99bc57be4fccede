// Data model of the .vvd vertex file (IDSV, version 4) and its reader and writer.
// Follows studio.h of the public Source SDK 2013 and what Valve's files show (docs/formats.md).
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/common/vector_types.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vtxc {

inline constexpr std::size_t kVvdHeaderSize = 64;
inline constexpr std::size_t kVvdFixupSize = 12;
inline constexpr std::size_t kVvdVertexSize = 48;
inline constexpr std::size_t kVvdTangentSize = 16;
// Where vertexFileHeader_t holds the checksum (after id and version), for patching written bytes.
inline constexpr std::size_t kVvdChecksumOffset = 8;
inline constexpr std::int32_t kVvdVersion = 4;
inline constexpr int kVvdMaxLods = 8;
inline constexpr int kMaxBonesPerVert = 3;

// mstudioboneweight_t: up to three bones; unused slots hold bone 0 with weight 0.
struct VvdBoneWeights {
    std::array<float, 3> weight{0.0f, 0.0f, 0.0f};
    std::array<std::int8_t, 3> bone{0, 0, 0};
    std::uint8_t numBones = 0;
    bool operator==(const VvdBoneWeights&) const = default;
};

// mstudiovertex_t, 48 bytes.
struct VvdVertex {
    VvdBoneWeights boneWeights;
    Vec3 position;
    Vec3 normal;
    Vec2 texCoord;
    bool operator==(const VvdVertex&) const = default;
};

// vertexFileFixup_t: a run of `numVertexes` pool vertices from `sourceVertexID`, used by root LODs
// up to `lod`; the runs, taken in table order, restore mesh order.
struct VvdFixup {
    std::int32_t lod = 0;
    std::int32_t sourceVertexID = 0;
    std::int32_t numVertexes = 0;
    bool operator==(const VvdFixup&) const = default;
};

// A whole .vvd file. numFixups and the three offsets are derived by the writer.
struct VvdFile {
    std::array<char, 4> id{'I', 'D', 'S', 'V'};
    std::int32_t version = kVvdVersion;
    std::int32_t checksum = 0;
    std::int32_t numLODs = 1;
    std::array<std::int32_t, kVvdMaxLods> numLODVertexes{};
    std::vector<VvdFixup> fixups;
    std::vector<VvdVertex> vertices;
    std::vector<Vec4> tangents; // empty, or one per vertex; empty writes tangentDataStart 0
    bool operator==(const VvdFile&) const = default;
};

// Serialises: 64-byte header, fixups at 64, vertices at align16(64 + 12 * numFixups), tangents
// right after, no trailing padding.
std::vector<std::uint8_t> writeVvd(const VvdFile& file);

// Parses a .vvd; reports VVD0xx errors naming the record and byte offset, and returns nothing when
// the file is truncated or inconsistent. `fileName` is used in the diagnostics.
std::optional<VvdFile> readVvd(std::span<const std::uint8_t> bytes, const std::string& fileName,
                               DiagnosticSink& sink);

} // namespace vtxc
