// Quality figures of strip groups, with the FIFO simulation of fifo_cache.h run once per strip
// (a cold cache at every draw call), which is how docs/formats.md defines ACMR and ATVR.
#include "optimizer/strips/strip_analysis.h"

#include "optimizer/strips/fifo_cache.h"

#include <algorithm>
#include <vector>

namespace vtxc {

void StripFigures::add(const StripFigures& other) {
    triangles += other.triangles;
    uniqueVertices += other.uniqueVertices;
    storedVertices += other.storedVertices;
    strips += other.strips;
    boneStateChanges += other.boneStateChanges;
    cacheMisses += other.cacheMisses;
}

StripFigures analyzeStripGroups(std::span<const StripGroup> groups, std::size_t cacheSize) {
    StripFigures figures;
    std::vector<std::uint32_t> meshVertices, stripIndices;
    for (const StripGroup& group : groups) {
        figures.storedVertices += group.vertices.size();
        for (const StripGroupVertex& vertex : group.vertices)
            meshVertices.push_back(vertex.meshVertex);
        for (const Strip& strip : group.strips) {
            ++figures.strips;
            figures.boneStateChanges += strip.boneStateChanges.size();
            figures.triangles += strip.indexCount / 3;
            const std::size_t end = std::min<std::size_t>(
                group.indices.size(), std::size_t(strip.indexOffset) + strip.indexCount);
            if (strip.indexOffset >= end) continue;
            stripIndices.assign(group.indices.begin() + strip.indexOffset,
                                group.indices.begin() + end);
            figures.cacheMisses +=
                simulateFifoCache(stripIndices, group.vertices.size(), cacheSize).misses;
        }
    }
    std::sort(meshVertices.begin(), meshVertices.end());
    figures.uniqueVertices =
        std::unique(meshVertices.begin(), meshVertices.end()) - meshVertices.begin();
    return figures;
}

} // namespace vtxc
