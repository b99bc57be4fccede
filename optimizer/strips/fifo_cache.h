// Post-transform vertex cache simulation: a FIFO of a fixed size, as the .vtx header's
// vertCacheSize describes (Hoppe 1999, "Optimization of mesh locality for transparent vertex
// caching").
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace vtxc {

struct CacheFigures {
    std::size_t triangles = 0;
    std::size_t misses = 0;         // vertex shader invocations
    std::size_t uniqueVertices = 0; // distinct vertex ids referenced
    double acmr() const { return triangles ? double(misses) / double(triangles) : 0.0; }
    // Misses per unique vertex; 1.0 is the physical limit.
    double atvr() const { return uniqueVertices ? double(misses) / double(uniqueVertices) : 0.0; }
};

// Simulates a FIFO cache of `cacheSize` entries over a triangle list. The cache starts empty (a
// draw call begins with a cold cache). Precondition (VTXC_ASSERT): every index is below
// vertexCount.
CacheFigures simulateFifoCache(std::span<const std::uint32_t> indices, std::size_t vertexCount,
                               std::size_t cacheSize);

} // namespace vtxc
