// Triangle order for a FIFO post-transform vertex cache of the .vtx header's vertCacheSize.
// Candidates: meshoptimizer's orders (Forsyth-style and Tipsify, Sander et al. 2007) and a FIFO-
// aware greedy of our own (misses plus the cost of evicting still-needed vertices, as in Lin & Yu
// 2006, "An efficient vertex cache reordering") under several weights, then a window search that
// re-runs the greedy on stretches of the best order; the one that simulates best (fifo_cache.h)
// wins.
#pragma once

#include "formats/studio/studiomdl_defaults.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vtxc {

struct CacheOrderOptions {
    std::size_t cacheSize = kStudiomdlVertCacheSize;
    // Up to this many triangles every candidate runs, plus the local searches; up to 10 times as
    // many, three greedy candidates; beyond, one. Each candidate costs a pass over the mesh.
    std::size_t thoroughTriangleLimit = 20000;
};

// The same triangles as `indices` (three per triangle, indices < vertexCount), reordered so that a
// FIFO cache of options.cacheSize that starts empty misses as rarely as the candidates manage;
// never worse than the input order. Each triangle keeps its corners in the same order (winding and
// first corner unchanged). Deterministic.
std::vector<std::uint32_t> orderForVertexCache(std::span<const std::uint32_t> indices,
                                               std::size_t vertexCount,
                                               const CacheOrderOptions& options = {});

} // namespace vtxc
