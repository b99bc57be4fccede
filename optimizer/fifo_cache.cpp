// Post-transform vertex cache simulation with a FIFO replacement policy.
// Follows the model of Hoppe 1999: a hit costs nothing, a miss pushes the vertex and evicts the
// oldest.
#include "optimizer/fifo_cache.h"

#include <vector>

namespace vtxc {

CacheFigures simulateFifoCache(std::span<const std::uint32_t> indices, std::size_t vertexCount,
                               std::size_t cacheSize) {
    CacheFigures figures;
    figures.triangles = indices.size() / 3;
    // A vertex is in the cache when it entered at most cacheSize pushes ago.
    std::vector<std::size_t> enteredAt(vertexCount, 0);
    std::vector<bool> seen(vertexCount, false);
    std::size_t pushes = 0;
    for (std::uint32_t index : indices) {
        if (index >= vertexCount) continue;
        if (!seen[index]) {
            seen[index] = true;
            ++figures.uniqueVertices;
        }
        const bool cached = enteredAt[index] != 0 && pushes - enteredAt[index] < cacheSize;
        if (!cached) {
            ++pushes;
            enteredAt[index] = pushes;
            ++figures.misses;
        }
    }
    return figures;
}

} // namespace vtxc
