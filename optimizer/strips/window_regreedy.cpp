// A window whose stretch (window plus horizon) misses only on vertices that are not cached cannot
// improve (each of them must miss at least once in any order) and is skipped; a greedy run stops
// as soon as it cannot beat the best so far. Neither cut changes a decision.
#include "optimizer/strips/window_regreedy.h"

#include "optimizer/strips/fifo_state.h"

#include <algorithm>

namespace vtxc {

namespace {

constexpr std::uint32_t kNone = FifoState::kNone;

// A window's triangles over local vertex numbers, the FIFO content (oldest first) in local
// numbers too; cached vertices the window does not use get numbers of their own.
class LocalProblem {
  public:
    explicit LocalProblem(std::size_t vertexCount) : localOf_(vertexCount, kNone) {}

    void build(std::span<const std::uint32_t> window, const FifoState& fifo) {
        globalOf_.clear();
        indices_.clear();
        fifo.cachedOldestFirst(cache_);
        for (std::uint32_t v : window)
            indices_.push_back(local(v));
        for (std::uint32_t& v : cache_)
            v = local(v);
    }
    // Back to global numbers; leaves the map empty for the next window.
    void toGlobal(std::vector<std::uint32_t>& indices) const {
        for (std::uint32_t& v : indices)
            v = globalOf_[v];
    }
    void forget() {
        for (std::uint32_t v : globalOf_)
            localOf_[v] = kNone;
    }
    std::span<const std::uint32_t> indices() const { return indices_; }
    std::span<const std::uint32_t> cache() const { return cache_; }
    std::size_t vertexCount() const { return globalOf_.size(); }

  private:
    std::uint32_t local(std::uint32_t v) {
        if (localOf_[v] == kNone) {
            localOf_[v] = static_cast<std::uint32_t>(globalOf_.size());
            globalOf_.push_back(v);
        }
        return localOf_[v];
    }

    std::vector<std::uint32_t> localOf_, globalOf_, indices_, cache_;
};

} // namespace

void windowRegreedy(std::vector<std::uint32_t>& order, std::size_t vertexCount,
                    const WindowRegreedyOptions& options, std::span<const GreedyWeights> settings) {
    const std::size_t triangleCount = order.size() / 3;
    const std::size_t step = std::max<std::size_t>(options.window / 2, 1);
    FifoState fifo(vertexCount, options.cacheSize);
    FifoScratch scratch(vertexCount, options.cacheSize);
    LocalProblem problem(vertexCount);
    MissLowerBound lowerBound(vertexCount);
    for (std::size_t i = 0; i < triangleCount; i += step) {
        const std::size_t end = std::min(triangleCount, i + options.window);
        const std::size_t tailEnd = std::min(triangleCount, end + options.horizon);
        const std::span<const std::uint32_t> current(order.data() + 3 * i, 3 * (end - i));
        const std::span<const std::uint32_t> tail(order.data() + 3 * end, 3 * (tailEnd - end));
        const std::span<const std::uint32_t> stretch(order.data() + 3 * i, 3 * (tailEnd - i));
        scratch.start(fifo);
        scratch.resetCount();
        scratch.run(stretch);
        std::size_t best = scratch.misses();
        std::vector<std::uint32_t> bestWindow;
        if (best > lowerBound.of(stretch, fifo)) {
            problem.build(current, fifo);
            const TriangleAdjacency adjacency(problem.indices(), problem.vertexCount());
            for (const GreedyWeights& weights : settings) {
                GreedyRun run;
                run.cacheSize = options.cacheSize;
                run.weights = weights;
                run.preload = problem.cache();
                run.missLimit = best;
                auto candidate = greedyFifoOrder(problem.indices(), adjacency, run);
                if (!candidate) continue;
                problem.toGlobal(candidate->indices);
                scratch.start(fifo);
                scratch.resetCount();
                if (scratch.run(candidate->indices, best - 1) && scratch.run(tail, best - 1)) {
                    best = scratch.misses();
                    bestWindow = std::move(candidate->indices);
                }
            }
            problem.forget();
        }
        if (!bestWindow.empty())
            std::copy(bestWindow.begin(), bestWindow.end(), order.begin() + 3 * i);
        for (std::size_t t = i; t < std::min(triangleCount, i + step); ++t)
            for (int k = 0; k < 3; ++k)
                fifo.touch(order[3 * t + k]);
    }
}

} // namespace vtxc
