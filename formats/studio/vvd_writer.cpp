// Writes a .vvd: 64-byte header, fixup table at 64, vertices at align16(64 + 12 * numFixups), then
// tangents, no trailing padding (studio.h; the layout Valve's files show, docs/formats.md).
#include "formats/common/byte_writer.h"
#include "formats/studio/vvd.h"

namespace vtxc {

namespace {

struct VvdLayout {
    std::size_t fixupTableStart = kVvdHeaderSize;
    std::size_t vertexDataStart = 0;
    std::size_t tangentDataStart = 0; // 0 when there are no tangents
    std::size_t end = 0;
};

std::size_t align16(std::size_t offset) {
    return (offset + 15) & ~std::size_t(15);
}

VvdLayout planLayout(const VvdFile& file) {
    VvdLayout layout;
    layout.vertexDataStart = align16(layout.fixupTableStart + kVvdFixupSize * file.fixups.size());
    const std::size_t verticesEnd = layout.vertexDataStart + kVvdVertexSize * file.vertices.size();
    layout.tangentDataStart = file.tangents.empty() ? 0 : verticesEnd;
    layout.end = verticesEnd + kVvdTangentSize * file.tangents.size();
    return layout;
}

void writeHeader(ByteWriter& w, const VvdFile& file, const VvdLayout& layout) {
    auto record = w.record("vertexFileHeader_t", kVvdHeaderSize, 0);
    w.raw(file.id.data(), file.id.size());
    w.i32(file.version);
    w.i32(file.checksum);
    w.i32(file.numLODs);
    for (std::int32_t count : file.numLODVertexes)
        w.i32(count);
    w.i32(static_cast<std::int32_t>(file.fixups.size()));
    w.i32(static_cast<std::int32_t>(layout.fixupTableStart));
    w.i32(static_cast<std::int32_t>(layout.vertexDataStart));
    w.i32(static_cast<std::int32_t>(layout.tangentDataStart));
}

void writeVertex(ByteWriter& w, const VvdVertex& vertex) {
    for (float weight : vertex.boneWeights.weight)
        w.f32(weight);
    for (std::int8_t bone : vertex.boneWeights.bone)
        w.i8(bone);
    w.u8(vertex.boneWeights.numBones);
    w.f32(vertex.position.x);
    w.f32(vertex.position.y);
    w.f32(vertex.position.z);
    w.f32(vertex.normal.x);
    w.f32(vertex.normal.y);
    w.f32(vertex.normal.z);
    w.f32(vertex.texCoord.x);
    w.f32(vertex.texCoord.y);
}

} // namespace

std::vector<std::uint8_t> writeVvd(const VvdFile& file) {
    const VvdLayout layout = planLayout(file);
    ByteWriter w;
    w.reserve(layout.end);
    writeHeader(w, file, layout);
    for (std::size_t i = 0; i < file.fixups.size(); ++i) {
        const VvdFixup& fixup = file.fixups[i];
        auto record = w.record("vertexFileFixup_t", kVvdFixupSize,
                               layout.fixupTableStart + i * kVvdFixupSize);
        w.i32(fixup.lod);
        w.i32(fixup.sourceVertexID);
        w.i32(fixup.numVertexes);
    }
    w.padTo(layout.vertexDataStart);
    for (std::size_t i = 0; i < file.vertices.size(); ++i) {
        auto record = w.record("mstudiovertex_t", kVvdVertexSize,
                               layout.vertexDataStart + i * kVvdVertexSize);
        writeVertex(w, file.vertices[i]);
    }
    for (std::size_t i = 0; i < file.tangents.size(); ++i) {
        auto record = w.record("tangent (Vector4D)", kVvdTangentSize,
                               layout.tangentDataStart + i * kVvdTangentSize);
        const Vec4& t = file.tangents[i];
        w.f32(t.x);
        w.f32(t.y);
        w.f32(t.z);
        w.f32(t.w);
    }
    return w.take();
}

} // namespace vtxc
