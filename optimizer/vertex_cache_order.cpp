// Vertex-cache triangle ordering: several candidate orders, each scored with the FIFO simulation of
// fifo_cache.h; the best is kept. The greedy of our own picks, among the triangles that touch the
// cache, the one with the lowest cost = misses + weight * (evicted vertices still needed) - bonus
// for using vertices that are about to leave the FIFO (a FIFO hit does not refresh a vertex).
// Its results swing with the weights, so a portfolio runs, and two local searches polish the best.
#include "optimizer/vertex_cache_order.h"

#include "optimizer/fifo_cache.h"

#include <algorithm>
#include <meshoptimizer.h>

namespace vtxc {
namespace {

struct GreedyWeights {
    double eviction = 1.0; // cost of pushing out a vertex that still has triangles to draw
    double urgency = 0.5;  // bonus per cached vertex used, scaled by its age in the FIFO
    double finish = 0.0;   // bonus per cached vertex whose last triangle this is
};

// Greedy FIFO-aware ordering. State: the FIFO as a ring of the last `cacheSize` pushes.
class FifoGreedyOrder {
  public:
    FifoGreedyOrder(std::span<const std::uint32_t> indices, std::size_t vertexCount,
                    std::size_t cacheSize, GreedyWeights weights)
        : indices_(indices), cacheSize_(cacheSize), weights_(weights), stamp_(vertexCount, 0),
          remaining_(vertexCount, 0), ring_(cacheSize, 0), emitted_(indices.size() / 3, 0),
          scoredAt_(indices.size() / 3, 0) {
        buildAdjacency(vertexCount);
    }

    // Starts from a FIFO already holding `vertices` (oldest first) instead of an empty one.
    void preload(std::span<const std::uint32_t> vertices) {
        for (std::uint32_t v : vertices) {
            ++pushes_;
            stamp_[v] = pushes_;
            ring_[(pushes_ - 1) % cacheSize_] = v;
        }
    }

    std::vector<std::uint32_t> run() {
        const std::size_t triangleCount = indices_.size() / 3;
        std::vector<std::uint32_t> order;
        order.reserve(indices_.size());
        for (std::size_t step = 1; step <= triangleCount; ++step) {
            std::uint32_t next = bestCachedNeighbour(step);
            if (next == kNone) next = restartTriangle();
            emit(next);
            order.insert(order.end(), indices_.begin() + 3 * next, indices_.begin() + 3 * next + 3);
        }
        return order;
    }

  private:
    static constexpr std::uint32_t kNone = 0xffffffffu;
    // Far above the valence of real mesh vertices (16 at most on the corpus), so their orders
    // are as before; only pathological fans are cut short.
    static constexpr std::uint32_t kMaxScoredPerVertex = 64;

    void buildAdjacency(std::size_t vertexCount) {
        adjacencyStart_.assign(vertexCount + 1, 0);
        for (std::uint32_t v : indices_)
            ++adjacencyStart_[v + 1];
        for (std::size_t v = 0; v < vertexCount; ++v)
            adjacencyStart_[v + 1] += adjacencyStart_[v];
        adjacency_.resize(indices_.size());
        std::vector<std::uint32_t> fill(adjacencyStart_.begin(), adjacencyStart_.end() - 1);
        for (std::size_t i = 0; i < indices_.size(); ++i) {
            const std::uint32_t v = indices_[i];
            const std::uint32_t t = static_cast<std::uint32_t>(i / 3);
            // A triangle listing a vertex twice is adjacent to it once.
            if (fill[v] > adjacencyStart_[v] && adjacency_[fill[v] - 1] == t) continue;
            adjacency_[fill[v]++] = t;
            ++remaining_[v];
        }
        adjacencyEnd_ = std::move(fill);
    }

    bool cachedAfter(std::uint32_t v, std::uint64_t pushes) const {
        return stamp_[v] != 0 && pushes - stamp_[v] < cacheSize_;
    }

    // The vertex a push with number `push` (1-based) evicts, if any.
    std::uint32_t evictedBy(std::uint64_t push) const {
        if (push <= cacheSize_) return kNone;
        const std::uint32_t v = ring_[(push - 1) % cacheSize_];
        return stamp_[v] == push - cacheSize_ ? v : kNone;
    }

    double cost(std::uint32_t t) const {
        const std::uint32_t* corners = &indices_[3 * t];
        std::uint64_t pushes = pushes_;
        double total = 0;
        std::uint32_t pushed[3];
        int pushedCount = 0;
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = corners[k];
            if (std::find(pushed, pushed + pushedCount, v) != pushed + pushedCount) continue;
            if (cachedAfter(v, pushes)) {
                total -= weights_.urgency * double(pushes - stamp_[v] + 1) / double(cacheSize_);
                if (remaining_[v] == 1) total -= weights_.finish;
                continue;
            }
            total += 1.0;
            ++pushes;
            pushed[pushedCount++] = v;
            const std::uint32_t evicted = evictedBy(pushes);
            if (evicted == kNone) continue;
            const bool usedHere =
                evicted == corners[0] || evicted == corners[1] || evicted == corners[2];
            if (remaining_[evicted] > (usedHere ? 1u : 0u)) total += weights_.eviction;
        }
        return total;
    }

    std::uint32_t bestCachedNeighbour(std::size_t step) {
        std::uint32_t best = kNone;
        double bestCost = 0;
        const std::size_t live = std::min<std::uint64_t>(pushes_, cacheSize_);
        for (std::size_t age = 0; age < live; ++age) {
            const std::uint64_t push = pushes_ - age;
            const std::uint32_t v = ring_[(push - 1) % cacheSize_];
            if (stamp_[v] != push || remaining_[v] == 0) continue;
            // A vertex shared by thousands of triangles (a fan, one triangle repeated) would
            // cost its valence at every step: on such crowded lists drawn triangles leave the
            // list as it is walked (each once), and at most kMaxScoredPerVertex are scored.
            // Other lists are walked as they are, so ordinary meshes keep their orders.
            const bool crowded = adjacencyEnd_[v] - adjacencyStart_[v] > kMaxScoredPerVertex;
            std::uint32_t scored = 0;
            for (std::uint32_t a = adjacencyStart_[v];
                 a < adjacencyEnd_[v] && scored < kMaxScoredPerVertex;) {
                const std::uint32_t t = adjacency_[a];
                if (emitted_[t] && crowded) {
                    adjacency_[a] = adjacency_[--adjacencyEnd_[v]];
                    continue;
                }
                ++a;
                if (emitted_[t]) continue;
                if (scoredAt_[t] == step) continue;
                ++scored;
                scoredAt_[t] = step;
                const double c = cost(t);
                if (best == kNone || c < bestCost || (c == bestCost && t < best)) {
                    best = t;
                    bestCost = c;
                }
            }
        }
        return best;
    }

    // No triangle touches the cache: continue from the most recent vertex with work left, else
    // from the first triangle not yet drawn.
    std::uint32_t restartTriangle() {
        while (!deadEnds_.empty()) {
            const std::uint32_t v = deadEnds_.back();
            deadEnds_.pop_back();
            if (remaining_[v] == 0) continue;
            for (std::uint32_t a = adjacencyStart_[v]; a < adjacencyEnd_[v]; ++a)
                if (!emitted_[adjacency_[a]]) return adjacency_[a];
        }
        while (emitted_[cursor_])
            ++cursor_;
        return cursor_;
    }

    void emit(std::uint32_t t) {
        emitted_[t] = 1;
        const std::uint32_t* corners = &indices_[3 * t];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = corners[k];
            if (!cachedAfter(v, pushes_)) {
                ++pushes_;
                stamp_[v] = pushes_;
                ring_[(pushes_ - 1) % cacheSize_] = v;
            }
            if (k == 0 || (v != corners[0] && (k == 1 || v != corners[1]))) {
                --remaining_[v];
                deadEnds_.push_back(v);
            }
        }
    }

    std::span<const std::uint32_t> indices_;
    std::size_t cacheSize_;
    GreedyWeights weights_;
    std::vector<std::uint64_t> stamp_;
    std::vector<std::uint32_t> remaining_;
    std::vector<std::uint32_t> ring_;
    std::vector<std::uint8_t> emitted_;
    std::vector<std::size_t> scoredAt_;
    std::vector<std::uint32_t> adjacencyStart_, adjacencyEnd_, adjacency_;
    std::vector<std::uint32_t> deadEnds_;
    std::uint64_t pushes_ = 0;
    std::uint32_t cursor_ = 0;
};

// Local search over an order: walking it front to back with the true FIFO state, try pulling each
// of the next `reach` triangles forward to the current position; keep the move when the misses over
// the next reach + horizon triangles drop. The caller re-checks the whole order afterwards.
class ForwardPullSearch {
  public:
    ForwardPullSearch(std::size_t vertexCount, std::size_t cacheSize)
        : cacheSize_(cacheSize), epochOf_(vertexCount, 0), enteredAt_(vertexCount, 0),
          stamp_(vertexCount, 0), ring_(cacheSize, 0) {}

    void improve(std::vector<std::uint32_t>& order, std::size_t reach, std::size_t horizon) {
        const std::size_t triangleCount = order.size() / 3;
        for (std::size_t i = 0; i < triangleCount; ++i) {
            const std::size_t end = std::min(triangleCount, i + reach + horizon + 1);
            const std::size_t baseline = missesOf(order, i, end, kNoPull);
            std::size_t best = baseline, bestPull = kNoPull;
            for (std::size_t j = i + 1; j < std::min(triangleCount, i + reach + 1); ++j) {
                const std::size_t misses = missesOf(order, i, end, j);
                if (misses < best) {
                    best = misses;
                    bestPull = j;
                }
            }
            if (bestPull != kNoPull)
                std::rotate(order.begin() + 3 * i, order.begin() + 3 * bestPull,
                            order.begin() + 3 * bestPull + 3);
            advance(&order[3 * i]);
        }
    }

  private:
    static constexpr std::size_t kNoPull = ~std::size_t(0);

    bool cached(std::uint32_t v) const {
        return stamp_[v] != 0 && pushes_ - stamp_[v] < cacheSize_;
    }

    void advance(const std::uint32_t* corners) {
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = corners[k];
            if (cached(v)) continue;
            ++pushes_;
            stamp_[v] = pushes_;
            ring_[(pushes_ - 1) % cacheSize_] = v;
        }
    }

    // Misses over triangles [from, end) starting from the current FIFO, with triangle `pulled`
    // (if any) drawn first. Uses an epoch-tagged copy of the FIFO.
    std::size_t missesOf(const std::vector<std::uint32_t>& order, std::size_t from, std::size_t end,
                         std::size_t pulled) {
        ++epoch_;
        std::uint64_t pushes = 0;
        const std::size_t live = std::min<std::uint64_t>(pushes_, cacheSize_);
        for (std::size_t age = live; age-- > 0;) {
            const std::uint32_t v = ring_[(pushes_ - age - 1) % cacheSize_];
            epochOf_[v] = epoch_;
            enteredAt_[v] = ++pushes;
        }
        std::size_t misses = 0;
        auto touch = [&](std::size_t t) {
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t v = order[3 * t + k];
                if (epochOf_[v] == epoch_ && pushes - enteredAt_[v] < cacheSize_) continue;
                ++misses;
                epochOf_[v] = epoch_;
                enteredAt_[v] = ++pushes;
            }
        };
        if (pulled != kNoPull) touch(pulled);
        for (std::size_t t = from; t < end; ++t)
            if (t != pulled) touch(t);
        return misses;
    }

    std::size_t cacheSize_;
    std::vector<std::uint32_t> epochOf_;
    std::vector<std::uint64_t> enteredAt_;
    std::vector<std::uint64_t> stamp_;
    std::vector<std::uint32_t> ring_;
    std::uint64_t pushes_ = 0;
    std::uint32_t epoch_ = 0;
};

// Large-neighbourhood search: walking the order with the true FIFO state, re-run the greedy on
// each window of triangles starting from that state (several weight settings), and keep a window's
// new order when it misses less over the window plus a horizon after it. Windows overlap by half,
// so a gain near one window's end can be taken up by the next.
class WindowRegreedy {
  public:
    WindowRegreedy(std::size_t vertexCount, std::size_t cacheSize)
        : cacheSize_(cacheSize), epochOf_(vertexCount, 0), enteredAt_(vertexCount, 0),
          stamp_(vertexCount, 0), ring_(cacheSize, 0), localOf_(vertexCount, kNone) {}

    void improve(std::vector<std::uint32_t>& order, std::size_t window, std::size_t horizon,
                 std::span<const GreedyWeights> settings) {
        const std::size_t triangleCount = order.size() / 3;
        const std::size_t step = std::max<std::size_t>(window / 2, 1);
        for (std::size_t i = 0; i < triangleCount; i += step) {
            const std::size_t end = std::min(triangleCount, i + window);
            const std::size_t tailEnd = std::min(triangleCount, end + horizon);
            const std::span<const std::uint32_t> current(order.data() + 3 * i, 3 * (end - i));
            const std::span<const std::uint32_t> tail(order.data() + 3 * end, 3 * (tailEnd - end));
            std::size_t best = missesOf(current, tail);
            std::vector<std::uint32_t> bestWindow;
            buildLocalProblem(current);
            for (const GreedyWeights& weights : settings) {
                FifoGreedyOrder greedy(localIndices_, globalOf_.size(), cacheSize_, weights);
                greedy.preload(localCache_);
                std::vector<std::uint32_t> candidate = greedy.run();
                for (std::uint32_t& v : candidate)
                    v = globalOf_[v];
                const std::size_t misses = missesOf(candidate, tail);
                if (misses < best) {
                    best = misses;
                    bestWindow = std::move(candidate);
                }
            }
            for (std::uint32_t v : globalOf_)
                localOf_[v] = kNone;
            if (!bestWindow.empty())
                std::copy(bestWindow.begin(), bestWindow.end(), order.begin() + 3 * i);
            for (std::size_t t = i; t < std::min(triangleCount, i + step); ++t)
                advance(&order[3 * t]);
        }
    }

  private:
    static constexpr std::uint32_t kNone = 0xffffffffu;

    // The window's triangles over local vertex numbers, and the FIFO content (oldest first) in
    // local numbers too; cached vertices the window does not use get numbers of their own.
    void buildLocalProblem(std::span<const std::uint32_t> window) {
        globalOf_.clear();
        localIndices_.clear();
        localCache_.clear();
        auto local = [&](std::uint32_t v) {
            if (localOf_[v] == kNone) {
                localOf_[v] = static_cast<std::uint32_t>(globalOf_.size());
                globalOf_.push_back(v);
            }
            return localOf_[v];
        };
        for (std::uint32_t v : window)
            localIndices_.push_back(local(v));
        const std::size_t live = std::min<std::uint64_t>(pushes_, cacheSize_);
        for (std::size_t age = live; age-- > 0;)
            localCache_.push_back(local(ring_[(pushes_ - age - 1) % cacheSize_]));
    }

    bool cached(std::uint32_t v) const {
        return stamp_[v] != 0 && pushes_ - stamp_[v] < cacheSize_;
    }

    void advance(const std::uint32_t* corners) {
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = corners[k];
            if (cached(v)) continue;
            ++pushes_;
            stamp_[v] = pushes_;
            ring_[(pushes_ - 1) % cacheSize_] = v;
        }
    }

    // Misses of `first` then `second` from the current FIFO (an epoch-tagged copy of it).
    std::size_t missesOf(std::span<const std::uint32_t> first,
                         std::span<const std::uint32_t> second) {
        ++epoch_;
        std::uint64_t pushes = 0;
        const std::size_t live = std::min<std::uint64_t>(pushes_, cacheSize_);
        for (std::size_t age = live; age-- > 0;) {
            const std::uint32_t v = ring_[(pushes_ - age - 1) % cacheSize_];
            epochOf_[v] = epoch_;
            enteredAt_[v] = ++pushes;
        }
        std::size_t misses = 0;
        for (std::span<const std::uint32_t> part : {first, second})
            for (std::uint32_t v : part) {
                if (epochOf_[v] == epoch_ && pushes - enteredAt_[v] < cacheSize_) continue;
                ++misses;
                epochOf_[v] = epoch_;
                enteredAt_[v] = ++pushes;
            }
        return misses;
    }

    std::size_t cacheSize_;
    std::vector<std::uint32_t> epochOf_;
    std::vector<std::uint64_t> enteredAt_;
    std::vector<std::uint64_t> stamp_;
    std::vector<std::uint32_t> ring_;
    std::vector<std::uint32_t> localOf_, globalOf_, localIndices_, localCache_;
    std::uint64_t pushes_ = 0;
    std::uint32_t epoch_ = 0;
};

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
    std::size_t bestMisses = simulateFifoCache(best, vertexCount, cacheSize).misses;
    auto consider = [&](std::vector<std::uint32_t> candidate) {
        const std::size_t misses = simulateFifoCache(candidate, vertexCount, cacheSize).misses;
        if (misses < bestMisses) {
            bestMisses = misses;
            best = std::move(candidate);
        }
    };
    consider(meshoptForsyth(indices, vertexCount));
    consider(meshoptTipsify(indices, vertexCount, cacheSize));
    // The greedy scans the triangles around every cached vertex at each step: cheap for the
    // hardware FIFO sizes, not for a 512-entry one (where the meshoptimizer orders are near 1.0).
    if (cacheSize > kGreedyMaxCache) return best;
    // The greedy is sensitive to its weights in no predictable way (measured on the corpus LODs),
    // so a small portfolio runs and the FIFO simulation picks; fewer on big meshes, the most
    // robust first (best or near best on the corpus LODs and on generated tubes).
    const GreedyWeights settings[] = {{1.0, 1.0, 0.5},  {0.5, 0.25, 0.1},  {1.0, 1.0, 0.25},
                                      {1.0, 0.25, 0.0}, {1.25, 0.25, 0.0}, {0.5, 0.25, 0.0},
                                      {1.0, 1.0, 0.1},  {1.0, 0.5, 0.0}};
    const std::size_t triangles = indices.size() / 3;
    const std::size_t runs = triangles <= options.thoroughTriangleLimit        ? std::size(settings)
                             : triangles <= 10 * options.thoroughTriangleLimit ? 3
                                                                               : 1;
    for (std::size_t r = 0; r < runs; ++r)
        consider(FifoGreedyOrder(indices, vertexCount, cacheSize, settings[r]).run());
    if (triangles <= options.thoroughTriangleLimit) {
        for (int pass = 0; pass < kWindowPasses; ++pass) {
            std::vector<std::uint32_t> improved = best;
            WindowRegreedy(vertexCount, cacheSize)
                .improve(improved, kWindowTriangles, kWindowHorizon,
                         std::span(settings).first(kWindowSettings));
            consider(std::move(improved));
        }
        std::vector<std::uint32_t> improved = best;
        ForwardPullSearch(vertexCount, cacheSize).improve(improved, kPullReach, kPullHorizon);
        consider(std::move(improved));
    }
    return best;
}

} // namespace vtxc
