// Quality figures of compiled strips, computed from the .vtx records alone so that Valve's files
// and vtxc's are measured the same way. FIFO simulation per strip follows Hoppe 1999 (see
// fifo_cache.h).
#include "optimizer/strips/vtx_analysis.h"

#include "optimizer/strips/fifo_cache.h"

#include <algorithm>

namespace vtxc {

void StripQuality::add(const StripQuality& other) {
    triangles += other.triangles;
    uniqueVertices += other.uniqueVertices;
    storedVertices += other.storedVertices;
    stripGroups += other.stripGroups;
    strips += other.strips;
    boneStateChanges += other.boneStateChanges;
    if (cacheSizes.empty()) {
        cacheSizes = other.cacheSizes;
        misses.assign(other.misses.size(), 0);
    }
    for (std::size_t i = 0; i < misses.size() && i < other.misses.size(); ++i)
        misses[i] += other.misses[i];
}

namespace {
// Misses of one strip: its indices, relative to the strip group, replayed on a cold cache.
std::size_t stripMisses(const VtxStripGroup& group, const VtxStrip& strip, std::size_t cacheSize) {
    const auto begin = static_cast<std::size_t>(std::max(0, strip.indexOffset));
    const auto end = std::min(group.indices.size(),
                              begin + static_cast<std::size_t>(std::max(0, strip.numIndices)));
    if (begin >= end) return 0;
    std::vector<std::uint32_t> indices(group.indices.begin() + static_cast<std::ptrdiff_t>(begin),
                                       group.indices.begin() + static_cast<std::ptrdiff_t>(end));
    return simulateFifoCache(indices, group.vertices.size(), cacheSize).misses;
}
} // namespace

std::vector<std::uint32_t> meshTriangles(const VtxMesh& mesh) {
    std::vector<std::uint32_t> out;
    for (const VtxStripGroup& group : mesh.stripGroups)
        for (std::size_t i = 0; i + 2 < group.indices.size(); i += 3) {
            const std::uint16_t a = group.indices[i], b = group.indices[i + 1],
                                c = group.indices[i + 2];
            if (a >= group.vertices.size() || b >= group.vertices.size() ||
                c >= group.vertices.size())
                continue;
            out.insert(out.end(),
                       {group.vertices[a].origMeshVertID, group.vertices[b].origMeshVertID,
                        group.vertices[c].origMeshVertID});
        }
    return out;
}

StripQuality analyseMesh(const VtxMesh& mesh, const std::vector<std::size_t>& cacheSizes) {
    StripQuality q;
    q.cacheSizes = cacheSizes;
    q.misses.assign(cacheSizes.size(), 0);
    // Mesh vertex ids are 16-bit: one flag per possible id counts them as they come, without
    // sorting the (millions of) corners.
    std::vector<std::uint8_t> used(std::size_t(1) << 16, 0);
    for (const VtxStripGroup& group : mesh.stripGroups) {
        ++q.stripGroups;
        q.storedVertices += group.vertices.size();
        q.triangles += group.indices.size() / 3;
        for (std::uint16_t index : group.indices)
            if (index < group.vertices.size()) {
                std::uint8_t& seen = used[group.vertices[index].origMeshVertID];
                q.uniqueVertices += seen == 0;
                seen = 1;
            }
        for (const VtxStrip& strip : group.strips) {
            ++q.strips;
            q.boneStateChanges += strip.boneStateChanges.size();
            for (std::size_t i = 0; i < cacheSizes.size(); ++i)
                q.misses[i] += stripMisses(group, strip, cacheSizes[i]);
        }
    }
    return q;
}

std::vector<LodQuality> analyseVtx(const VtxFile& file,
                                   const std::vector<std::size_t>& cacheSizes) {
    std::vector<LodQuality> lods(static_cast<std::size_t>(std::max(0, file.numLODs)));
    for (auto& lod : lods) {
        lod.total.cacheSizes = cacheSizes;
        lod.total.misses.assign(cacheSizes.size(), 0);
    }
    for (const VtxBodyPart& bodyPart : file.bodyParts)
        for (const VtxModel& model : bodyPart.models)
            for (std::size_t l = 0; l < model.lods.size() && l < lods.size(); ++l)
                for (const VtxMesh& mesh : model.lods[l].meshes) {
                    StripQuality q = analyseMesh(mesh, cacheSizes);
                    lods[l].total.add(q);
                    lods[l].meshes.push_back(std::move(q));
                }
    return lods;
}

} // namespace vtxc
