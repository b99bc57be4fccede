// Large-neighbourhood search over a triangle order for a FIFO vertex cache: walking the order with
// the true FIFO state, re-run the greedy (fifo_greedy_order.h) on each window of triangles from
// that state under several weight settings, and keep a window's new order when it misses less
// over the window plus a horizon after it. Windows overlap by half, so a gain near one window's
// end can be taken up by the next.
#pragma once

#include "formats/studio/studiomdl_defaults.h"
#include "optimizer/strips/fifo_greedy_order.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vtxc {

struct WindowRegreedyOptions {
    std::size_t cacheSize = kStudiomdlVertCacheSize;
    std::size_t window = 400;
    std::size_t horizon = 50;
};

// Precondition: every index < vertexCount, order.size() a multiple of 3. The result is a
// permutation of whole triangles; the caller re-checks the whole order.
void windowRegreedy(std::vector<std::uint32_t>& order, std::size_t vertexCount,
                    const WindowRegreedyOptions& options, std::span<const GreedyWeights> settings);

} // namespace vtxc
