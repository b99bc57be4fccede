// Post-transform vertex cache simulation with a FIFO replacement policy.
// Follows the model of Hoppe 1999: a hit costs nothing, a miss pushes the vertex and evicts the
// oldest.
#include "optimizer/strips/fifo_cache.h"

#include "formats/common/internal_error.h"
#include "optimizer/strips/fifo_state.h"

#include <algorithm>

namespace vtxc {

CacheFigures simulateFifoCache(std::span<const std::uint32_t> indices, std::size_t vertexCount,
                               std::size_t cacheSize) {
    CacheFigures figures;
    figures.triangles = indices.size() / 3;
    // A FIFO of no entries misses on every corner; the ring of FifoState needs one entry.
    FifoState fifo(vertexCount, std::max<std::size_t>(cacheSize, 1));
    for (std::uint32_t index : indices) {
        VTXC_ASSERT(index < vertexCount);
        figures.uniqueVertices += fifo.enteredAt(index) == 0;
        const bool missed = fifo.touch(index);
        figures.misses += missed || cacheSize == 0;
    }
    return figures;
}

} // namespace vtxc
