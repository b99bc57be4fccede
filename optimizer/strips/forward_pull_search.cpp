// Each position's moves are judged on a scratch copy of the FIFO. Two cuts keep it cheap without
// changing a single decision: a position whose stretch already misses only on vertices that are
// not cached (each must miss at least once, whatever the order) cannot improve and is skipped,
// and a move's simulation stops as soon as it is no better than the best so far.
#include "optimizer/strips/forward_pull_search.h"

#include "optimizer/strips/fifo_state.h"

#include <algorithm>
#include <span>

namespace vtxc {

void forwardPullSearch(std::vector<std::uint32_t>& order, std::size_t vertexCount,
                       const ForwardPullOptions& options) {
    const std::size_t triangleCount = order.size() / 3;
    FifoState fifo(vertexCount, options.cacheSize);
    FifoScratch scratch(vertexCount, options.cacheSize);
    MissLowerBound lowerBound(vertexCount);
    const std::span<const std::uint32_t> all(order);
    for (std::size_t i = 0; i < triangleCount; ++i) {
        const std::size_t end = std::min(triangleCount, i + options.reach + options.horizon + 1);
        const std::span<const std::uint32_t> stretch = all.subspan(3 * i, 3 * (end - i));
        scratch.start(fifo);
        scratch.resetCount();
        scratch.run(stretch);
        std::size_t best = scratch.misses();
        std::size_t bestPull = 0;
        if (best > lowerBound.of(stretch, fifo)) {
            for (std::size_t j = i + 1; j < std::min(triangleCount, i + options.reach + 1); ++j) {
                scratch.start(fifo);
                scratch.resetCount();
                const std::size_t limit = best - 1;
                if (scratch.run(all.subspan(3 * j, 3), limit) &&
                    scratch.run(all.subspan(3 * i, 3 * (j - i)), limit) &&
                    scratch.run(all.subspan(3 * (j + 1), 3 * (end - j - 1)), limit)) {
                    best = scratch.misses();
                    bestPull = j;
                }
            }
        }
        if (bestPull != 0)
            std::rotate(order.begin() + 3 * i, order.begin() + 3 * bestPull,
                        order.begin() + 3 * bestPull + 3);
        for (int k = 0; k < 3; ++k)
            fifo.touch(order[3 * i + k]);
    }
}

} // namespace vtxc
