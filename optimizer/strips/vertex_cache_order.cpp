// Vertex-cache triangle ordering: several candidate orders, each scored with the FIFO model of
// fifo_state.h; the best is kept. The greedy of fifo_greedy_order.h is sensitive to its weights,
// so a small portfolio runs, and two local searches polish the best. A candidate is dropped as
// soon as it cannot beat the best so far.
#include "optimizer/strips/vertex_cache_order.h"

#include "optimizer/strips/fifo_greedy_order.h"
#include "optimizer/strips/fifo_state.h"
#include "optimizer/strips/forward_pull_search.h"
#include "optimizer/strips/window_regreedy.h"

#include <algorithm>
#include <meshoptimizer.h>

namespace vtxc {
namespace {

std::vector<std::uint32_t> meshoptForsyth(std::span<const std::uint32_t> indices,
                                          std::size_t vertexCount) {
    std::vector<std::uint32_t> out(indices.size());
    meshopt_optimizeVertexCache(out.data(), indices.data(), indices.size(), vertexCount);
    return out;
}

std::vector<std::uint32_t> meshoptTipsify(std::span<const std::uint32_t> indices,
                                          std::size_t vertexCount, std::size_t cacheSize) {
    std::vector<std::uint32_t> out(indices.size());
    meshopt_optimizeVertexCacheFifo(out.data(), indices.data(), indices.size(), vertexCount,
                                    static_cast<unsigned>(cacheSize));
    return out;
}

constexpr std::size_t kGreedyMaxCache = 64;
// Window search: on the corpus character it takes LOD 0 from ATVR ~1.043-1.048 (portfolio alone)
// to ~1.036-1.039; bigger windows or more passes gained little more for more time.
constexpr int kWindowPasses = 2;
constexpr std::size_t kWindowTriangles = 400;
constexpr std::size_t kWindowHorizon = 50;
constexpr std::size_t kWindowSettings = 4;
// Local search reach and horizon (triangles), chosen by measurement on the corpus LODs: wider
// settings or more passes gained less than 0.1% of misses for twice the time.
constexpr std::size_t kPullReach = 16;
constexpr std::size_t kPullHorizon = 32;

// What one effort level runs, for a mesh of a given size.
struct SearchPlan {
    bool forsyth = true;
    std::size_t greedyRuns = 0;
    int windowPasses = 0;
    std::size_t windowSettings = 0;
    bool forwardPull = false;
};

// Up to the thorough limit both efforts run everything (the corpus meshes all fall there, so
// their orders are the same). Past it, Thorough runs Forsyth's order and one to three greedy
// weightings as before; Fast runs Tipsify and the most robust greedy only, which is what keeps
// a big mesh at several million triangles per second.
SearchPlan planFor(const CacheOrderOptions& options, std::size_t triangles) {
    SearchPlan plan;
    if (triangles <= options.thoroughTriangleLimit) {
        plan.greedyRuns = 8;
        plan.windowPasses = kWindowPasses;
        plan.windowSettings = kWindowSettings;
        plan.forwardPull = true;
    } else if (options.effort == CacheOrderEffort::Thorough) {
        plan.greedyRuns = triangles <= 10 * options.thoroughTriangleLimit ? 3 : 1;
    } else {
        plan.forsyth = false;
        plan.greedyRuns = 1;
    }
    return plan;
}

} // namespace

std::vector<std::uint32_t> orderForVertexCache(std::span<const std::uint32_t> indices,
                                               std::size_t vertexCount,
                                               const CacheOrderOptions& options) {
    const std::size_t cacheSize = std::max<std::size_t>(options.cacheSize, 3);
    indices = indices.first(indices.size() / 3 * 3);
    std::vector<std::uint32_t> best(indices.begin(), indices.end());
    const bool inRange = std::all_of(indices.begin(), indices.end(),
                                     [&](std::uint32_t i) { return i < vertexCount; });
    if (indices.size() <= 3 || !inRange) return best;
    const FifoState cold(0, cacheSize);
    FifoScratch scratch(vertexCount, cacheSize);
    scratch.start(cold);
    scratch.run(best);
    std::size_t bestMisses = scratch.misses();
    // A candidate's simulation stops once it misses as often as the best: it cannot win.
    auto consider = [&](std::vector<std::uint32_t> candidate) {
        scratch.start(cold);
        scratch.resetCount();
        if (!scratch.run(candidate, bestMisses - 1)) return false;
        bestMisses = scratch.misses();
        best = std::move(candidate);
        return true;
    };
    const std::size_t triangles = indices.size() / 3;
    const SearchPlan plan = planFor(options, triangles);
    if (plan.forsyth || cacheSize > kGreedyMaxCache) consider(meshoptForsyth(indices, vertexCount));
    consider(meshoptTipsify(indices, vertexCount, cacheSize));
    // The greedy scans the triangles around every cached vertex at each step: cheap for the
    // hardware FIFO sizes, not for a 512-entry one (where the meshoptimizer orders are near 1.0).
    if (cacheSize > kGreedyMaxCache) return best;
    // The greedy is sensitive to its weights in no predictable way (measured on the corpus LODs),
    // so a small portfolio runs and the FIFO model picks; fewer on big meshes, the most robust
    // first (best or near best on the corpus LODs and on generated tubes).
    const GreedyWeights settings[] = {{1.0, 1.0, 0.5},  {0.5, 0.25, 0.1},  {1.0, 1.0, 0.25},
                                      {1.0, 0.25, 0.0}, {1.25, 0.25, 0.0}, {0.5, 0.25, 0.0},
                                      {1.0, 1.0, 0.1},  {1.0, 0.5, 0.0}};
    const TriangleAdjacency adjacency(indices, vertexCount);
    for (std::size_t r = 0; r < std::min(plan.greedyRuns, std::size(settings)); ++r) {
        GreedyRun run;
        run.cacheSize = cacheSize;
        run.weights = settings[r];
        run.missLimit = bestMisses;
        if (auto greedy = greedyFifoOrder(indices, adjacency, run)) {
            // The greedy simulates the FIFO as it goes: its count is the order's count.
            if (greedy->misses < bestMisses) {
                bestMisses = greedy->misses;
                best = std::move(greedy->indices);
            }
        }
    }
    WindowRegreedyOptions window;
    window.cacheSize = cacheSize;
    window.window = kWindowTriangles;
    window.horizon = kWindowHorizon;
    for (int pass = 0; pass < plan.windowPasses; ++pass) {
        std::vector<std::uint32_t> improved = best;
        windowRegreedy(
            improved, vertexCount, window,
            std::span(settings).first(std::min(plan.windowSettings, std::size(settings))));
        // A pass that does not win leaves `best` as it was, and the search is deterministic: the
        // next pass would only repeat it.
        if (!consider(std::move(improved))) break;
    }
    if (plan.forwardPull) {
        std::vector<std::uint32_t> improved = best;
        forwardPullSearch(improved, vertexCount, {cacheSize, kPullReach, kPullHorizon});
        consider(std::move(improved));
    }
    return best;
}

} // namespace vtxc
