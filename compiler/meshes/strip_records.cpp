// Converts the optimizer's strip groups into .vtx records (Vertex_t, StripHeader_t, bone state
// changes). Record rules: docs/formats.md (".vtx").
#include "compiler/meshes/strip_records.h"

#include <utility>

namespace vtxc {

namespace {
VtxVertex toVtxVertex(const StripGroupVertex& v) {
    VtxVertex vertex;
    vertex.numBones = v.numBones;
    vertex.origMeshVertID = static_cast<std::uint16_t>(v.meshVertex);
    for (std::size_t k = 0; k < std::size_t(kMaxBonesPerVertex); ++k)
        vertex.boneID[k] = static_cast<std::int8_t>(v.boneID[k]);
    return vertex;
}

VtxStrip toVtxStrip(const Strip& s, bool staticProp) {
    VtxStrip strip;
    strip.indexOffset = static_cast<std::int32_t>(s.indexOffset);
    strip.numIndices = static_cast<std::int32_t>(s.indexCount);
    strip.vertOffset = static_cast<std::int32_t>(s.vertexOffset);
    strip.numVerts = static_cast<std::int32_t>(s.vertexCount);
    strip.numBones = static_cast<std::int16_t>(s.numBones);
    strip.flags = kStripIsTriList;
    for (const BoneStateChange& change : s.boneStateChanges)
        strip.boneStateChanges.push_back({change.hardwareID, change.newBoneID});
    // Valve's files reserve one (uncounted) bone state change record per strip of a static prop.
    strip.reservedBoneStateChanges = staticProp ? 1 : 0;
    return strip;
}
} // namespace

VtxStripGroup toVtxStripGroup(const StripGroup& group, std::uint8_t flags, bool staticProp) {
    VtxStripGroup out;
    out.flags = flags;
    out.indices = group.indices;
    out.vertices.reserve(group.vertices.size());
    for (const StripGroupVertex& v : group.vertices)
        out.vertices.push_back(toVtxVertex(v));
    for (const Strip& s : group.strips)
        out.strips.push_back(toVtxStrip(s, staticProp));
    return out;
}

} // namespace vtxc
