// A FIFO-aware greedy triangle order: at each step, among the triangles that touch the cache, the
// one with the lowest cost = misses + weight * (evicted vertices still needed) - bonus for using
// vertices about to leave the FIFO (a FIFO hit does not refresh a vertex), as in Lin & Yu 2006,
// "An efficient vertex cache reordering". When no triangle touches the cache it restarts from the
// most recent vertex with work left.
#pragma once

#include "formats/studio/studiomdl_defaults.h"
#include "optimizer/strips/triangle_adjacency.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace vtxc {

struct GreedyWeights {
    double eviction = 1.0; // cost of pushing out a vertex that still has triangles to draw
    double urgency = 0.5;  // bonus per cached vertex used, scaled by its age in the FIFO
    double finish = 0.0;   // bonus per cached vertex whose last triangle this is
};

struct GreedyOrder {
    std::vector<std::uint32_t> indices; // the triangles of the input, reordered
    std::size_t misses = 0;             // FIFO misses of that order from the starting cache
};

struct GreedyRun {
    std::size_t cacheSize = kStudiomdlVertCacheSize;
    GreedyWeights weights;
    // Vertices already in the FIFO at the start, oldest first (distinct); empty: a cold cache.
    std::span<const std::uint32_t> preload;
    // Stop, returning nothing, once the order cannot miss fewer than this many times (misses so
    // far plus the vertices with work left that are not cached, each of which must miss again).
    std::size_t missLimit = SIZE_MAX;
};

// Preconditions: indices.size() is a multiple of 3, every index < adjacency.vertexCount(), and
// `adjacency` was built from `indices`. Deterministic (ties go to the lowest triangle number).
std::optional<GreedyOrder> greedyFifoOrder(std::span<const std::uint32_t> indices,
                                           const TriangleAdjacency& adjacency,
                                           const GreedyRun& run);

} // namespace vtxc
