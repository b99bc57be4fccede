// Local search over a triangle order for a FIFO vertex cache: walking the order front to back
// with the true FIFO state, try pulling each of the next `reach` triangles forward to the current
// position, and keep the move when the misses over the next reach + horizon triangles drop.
#pragma once

#include "formats/studio/studiomdl_defaults.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vtxc {

struct ForwardPullOptions {
    std::size_t cacheSize = kStudiomdlVertCacheSize;
    std::size_t reach = 16;
    std::size_t horizon = 32;
};

// Precondition: every index < vertexCount, order.size() a multiple of 3. The result is a
// permutation of whole triangles; the caller re-checks the whole order (a local gain can cost
// misses past the horizon).
void forwardPullSearch(std::vector<std::uint32_t>& order, std::size_t vertexCount,
                       const ForwardPullOptions& options);

} // namespace vtxc
