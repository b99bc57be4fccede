// Reads a .vvd (IDSV version 4): header, fixup table, vertices and tangents, every range checked.
// Follows studio.h (docs/formats.md); the vertex count is numLODVertexes[0] (all root LODs'
// vertices).
#include "formats/common/binary_read_support.h"
#include "formats/studio/studio_codes.h"
#include "formats/studio/vvd.h"

#include <cstring>

namespace vtxc {

namespace {

// The reader's entries for the checks BinaryRecordReader makes.
constexpr BinaryReadCodes kReadCodes{kVvdCodes["VVD003"], kVvdCodes["VVD004"], kVvdCodes["VVD005"],
                                     kVvdCodes["VVD006"]};

VvdVertex readVertex(const ByteReader& r, std::size_t at) {
    VvdVertex v;
    for (int k = 0; k < 3; ++k)
        v.boneWeights.weight[k] = r.f32(at + 4 * k);
    for (int k = 0; k < 3; ++k)
        v.boneWeights.bone[k] = r.i8(at + 12 + k);
    v.boneWeights.numBones = r.u8(at + 15);
    v.position = {r.f32(at + 16), r.f32(at + 20), r.f32(at + 24)};
    v.normal = {r.f32(at + 28), r.f32(at + 32), r.f32(at + 36)};
    v.texCoord = {r.f32(at + 40), r.f32(at + 44)};
    return v;
}

bool readHeader(BinaryRecordReader& in, VvdFile& file) {
    if (!in.need("vertexFileHeader_t", 0, 1, kVvdHeaderSize)) return false;
    const ByteReader& r = in.bytes();
    std::memcpy(file.id.data(), r.bytes().data(), 4);
    if (std::memcmp(file.id.data(), "IDSV", 4) != 0) {
        in.fail(kVvdCodes["VVD001"],
                "file id is not IDSV; this is not an uncompressed .vvd vertex file");
        return false;
    }
    file.version = r.i32(4);
    if (file.version != kVvdVersion) {
        in.fail(kVvdCodes["VVD002"],
                "version " + std::to_string(file.version) +
                    " is not supported; only version 4 (Source 2007 and later) is read");
        return false;
    }
    file.checksum = r.i32(8);
    file.numLODs = r.i32(12);
    if (!in.countInRange("numLODs", 12, file.numLODs, kVvdMaxLods)) return false;
    for (int lod = 0; lod < kVvdMaxLods; ++lod)
        file.numLODVertexes[lod] = r.i32(16 + 4 * lod);
    return in.countInRange("numLODVertexes[0]", 16, file.numLODVertexes[0], 0x7fffffff);
}

bool readFixups(BinaryRecordReader& in, VvdFile& file) {
    const ByteReader& r = in.bytes();
    const std::int32_t numFixups = r.i32(48);
    const std::int32_t fixupTableStart = r.i32(52);
    if (!in.need("vertexFileFixup_t", fixupTableStart, numFixups, kVvdFixupSize)) return false;
    file.fixups.resize(static_cast<std::size_t>(numFixups));
    for (std::size_t i = 0; i < file.fixups.size(); ++i) {
        const std::size_t at = static_cast<std::size_t>(fixupTableStart) + i * kVvdFixupSize;
        file.fixups[i] = {r.i32(at), r.i32(at + 4), r.i32(at + 8)};
    }
    return true;
}

bool readVertices(BinaryRecordReader& in, VvdFile& file) {
    const ByteReader& r = in.bytes();
    const std::int32_t count = file.numLODVertexes[0];
    const std::int32_t vertexDataStart = r.i32(56);
    const std::int32_t tangentDataStart = r.i32(60);
    if (vertexDataStart == 0 && count > 0) {
        in.fail(kVvdCodes["VVD007"], "vertexDataStart is 0 but numLODVertexes[0] is " +
                                         std::to_string(count) + "; the file is corrupt");
        return false;
    }
    if (vertexDataStart != 0) {
        if (!in.need("mstudiovertex_t", vertexDataStart, count, kVvdVertexSize)) return false;
        file.vertices.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.vertices.size(); ++i)
            file.vertices[i] =
                readVertex(r, static_cast<std::size_t>(vertexDataStart) + i * kVvdVertexSize);
    }
    if (tangentDataStart != 0) {
        if (!in.need("tangent (Vector4D)", tangentDataStart, count, kVvdTangentSize)) return false;
        file.tangents.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.tangents.size(); ++i) {
            const std::size_t at = static_cast<std::size_t>(tangentDataStart) + i * kVvdTangentSize;
            file.tangents[i] = {r.f32(at), r.f32(at + 4), r.f32(at + 8), r.f32(at + 12)};
        }
    }
    return true;
}

} // namespace

std::optional<VvdFile> readVvd(std::span<const std::uint8_t> bytes, const std::string& fileName,
                               DiagnosticSink& sink) {
    BinaryRecordReader in(bytes, fileName, kReadCodes, sink);
    VvdFile file;
    if (!readHeader(in, file) || !readFixups(in, file) || !readVertices(in, file))
        return std::nullopt;
    return file;
}

} // namespace vtxc
