// Triangle order for a FIFO post-transform vertex cache of the .vtx header's vertCacheSize.
// Candidates: meshoptimizer's orders (Forsyth-style and Tipsify, Sander et al. 2007) and a FIFO-
// aware greedy of our own (fifo_greedy_order.h) under several weights, then two local searches
// (window_regreedy.h, forward_pull_search.h); the one the FIFO model (fifo_state.h) scores best
// wins.
#pragma once

#include "formats/studio/studiomdl_defaults.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vtxc {

// How hard the order is searched for on big meshes (past thoroughTriangleLimit; smaller ones
// always get the whole search). Fast: Tipsify and one greedy weighting. Thorough: also
// Forsyth's order and up to three weightings, for a fraction of a percent fewer misses.
enum class CacheOrderEffort { Fast, Thorough };

struct CacheOrderOptions {
    std::size_t cacheSize = kStudiomdlVertCacheSize;
    CacheOrderEffort effort = CacheOrderEffort::Fast;
    // Up to this many triangles every candidate runs, plus the local searches; past it, see
    // CacheOrderEffort (Thorough: three greedy weightings up to 10 times as many, then one).
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
