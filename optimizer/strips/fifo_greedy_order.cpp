// The greedy keeps, per vertex, only the triangles still to draw (removed as they are drawn), so
// each step scans the live triangles around the cached vertices and nothing else. The cost of a
// triangle is evaluated against the FIFO as it would be while the triangle's own corners go in:
// a corner after a miss is one push older, and a push may evict a corner of the same triangle.
#include "optimizer/strips/fifo_greedy_order.h"

#include "optimizer/strips/fifo_state.h"

#include <algorithm>

namespace vtxc {

namespace {

constexpr std::uint32_t kNone = FifoState::kNone;
constexpr std::uint32_t kMaxScoredPerVertex = 64;

class FifoGreedy {
  public:
    FifoGreedy(std::span<const std::uint32_t> indices, const TriangleAdjacency& adjacency,
               const GreedyRun& run)
        : indices_(indices), start_(adjacency.start()), live_(adjacency.triangles()),
          remaining_(adjacency.vertexCount()), fifo_(adjacency.vertexCount(), run.cacheSize),
          weights_(run.weights), emitted_(indices.size() / 3, 0), scoredAt_(indices.size() / 3, 0),
          cachedCorners_(indices.size() / 3, 0), nearPosition_(indices.size() / 3, kNone),
          ageBonus_(run.cacheSize + 3), missLimit_(run.missLimit) {
        for (std::uint32_t v = 0; v < remaining_.size(); ++v)
            remaining_[v] = start_[v + 1] - start_[v];
        // The urgency bonus of a cached corner by its age (at most the size, plus the corner's
        // own two earlier pushes), computed as the cost always did, so a lookup gives the same
        // double bit for bit.
        for (std::uint32_t age = 0; age < ageBonus_.size(); ++age)
            ageBonus_[age] = weights_.urgency * double(age) / double(fifo_.size());
        for (std::uint32_t v : run.preload)
            push(v);
        for (std::uint32_t v = 0; v < remaining_.size(); ++v)
            needy_ += remaining(v) > 0 && !fifo_.contains(v);
    }

    std::optional<GreedyOrder> run() {
        const std::size_t triangleCount = indices_.size() / 3;
        GreedyOrder out;
        out.indices.reserve(indices_.size());
        for (std::uint32_t step = 1; step <= triangleCount; ++step) {
            std::uint32_t next = bestCachedNeighbour(step);
            if (next == kNone) next = restartTriangle();
            emit(next);
            if (misses_ + needy_ >= missLimit_) return std::nullopt;
            out.indices.insert(out.indices.end(), indices_.begin() + 3 * next,
                               indices_.begin() + 3 * next + 3);
        }
        out.misses = misses_;
        return out;
    }

  private:
    std::uint32_t remaining(std::uint32_t v) const { return remaining_[v]; }

    // What every candidate's cost at this step reads: the FIFO's push count and the vertices
    // that the next three pushes would evict, with their remaining triangle counts.
    struct StepState {
        std::uint32_t pushes = 0;
        std::uint32_t victim[3] = {kNone, kNone, kNone};
        std::uint32_t victimRemaining[3] = {0, 0, 0};
    };

    StepState stepState() const {
        StepState state;
        state.pushes = fifo_.pushes();
        for (std::uint32_t j = 0; j < 3; ++j) {
            state.victim[j] = fifo_.evictedBy(state.pushes + j + 1);
            if (state.victim[j] != kNone) state.victimRemaining[j] = remaining(state.victim[j]);
        }
        return state;
    }

    double cost(std::uint32_t t, const StepState& state) const {
        const std::uint32_t* corners = &indices_[3 * t];
        const std::uint32_t cacheSize = fifo_.size();
        std::uint32_t pushes = state.pushes;
        double total = 0;
        std::uint32_t pushed[2] = {kNone, kNone};
        std::uint32_t pushedCount = 0;
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = corners[k];
            if (v == pushed[0] || v == pushed[1]) continue;
            const std::uint32_t entered = fifo_.enteredAt(v);
            if (entered != 0 && pushes - entered < cacheSize) {
                total -= ageBonus_[pushes - entered + 1];
                if (remaining(v) == 1) total -= weights_.finish;
                continue;
            }
            total += 1.0;
            ++pushes;
            const std::uint32_t evicted = state.victim[pushedCount];
            if (pushedCount < 2) pushed[pushedCount] = v;
            ++pushedCount;
            if (evicted == kNone) continue;
            const bool usedHere =
                evicted == corners[0] || evicted == corners[1] || evicted == corners[2];
            if (state.victimRemaining[pushedCount - 1] > (usedHere ? 1u : 0u))
                total += weights_.eviction;
        }
        return total;
    }

    // The triangle of lowest cost (lowest number on ties) among those touching the cache. The
    // "near" triangles (every distinct corner but one cached) are scored first; the others miss
    // twice, so their cost has a lower bound (othersLowerBound) and they are scored only when a
    // near triangle does not beat it. Either way the choice is that of scoring every candidate.
    std::uint32_t bestCachedNeighbour(std::uint32_t step) {
        const StepState state = stepState();
        if (!near_.empty()) {
            std::uint32_t best = kNone;
            double bestCost = 0;
            for (std::uint32_t t : near_)
                consider(t, cost(t, state), best, bestCost);
            if (bestCost < othersLowerBound(state)) return best;
        }
        std::uint32_t best = kNone;
        double bestCost = 0;
        fifo_.forEachCached([&](std::uint32_t v, std::uint32_t) {
            // A vertex shared by thousands of triangles (a fan, one triangle repeated) would cost
            // its valence at every step, time quadratic in it: only its first
            // kMaxScoredPerVertex live triangles are scored. Ordinary meshes stay far below the
            // cap, so their orders are those of scoring every candidate.
            const std::uint32_t scored = std::min(remaining(v), kMaxScoredPerVertex);
            for (std::uint32_t a = start_[v], end = start_[v] + scored; a < end; ++a) {
                const std::uint32_t t = live_[a];
                if (scoredAt_[t] == step) continue;
                scoredAt_[t] = step;
                consider(t, cost(t, state), best, bestCost);
            }
        });
        return best;
    }

    static void consider(std::uint32_t t, double c, std::uint32_t& best, double& bestCost) {
        if (best == kNone || c < bestCost || (c == bestCost && t < best)) {
            best = t;
            bestCost = c;
        }
    }

    // A triangle touching the cache that is not near has one cached corner and two misses (three
    // if a push evicts that corner): cost >= 2 + the evictions of two pushes that hurt whatever
    // the triangle - the largest bonus one corner can earn (age at most size + 2 after its own
    // pushes). A small margin keeps rounding from ever deciding.
    double othersLowerBound(const StepState& state) const {
        const double cacheSize = double(fifo_.size());
        double bound =
            2.0 - weights_.urgency * (cacheSize + 2.0) / cacheSize - std::max(weights_.finish, 0.0);
        for (int j = 0; j < 2; ++j)
            if (state.victim[j] != kNone && state.victimRemaining[j] > 1)
                bound += std::max(weights_.eviction, 0.0);
        return bound - 1e-9;
    }

    // How many cached corners make a triangle near: all distinct corners but one, at least one.
    std::uint32_t nearThreshold(std::uint32_t t) const {
        const std::uint32_t* c = &indices_[3 * t];
        const std::uint32_t distinct = 1u + (c[1] != c[0]) + (c[2] != c[0] && c[2] != c[1]);
        return std::max(distinct - 1, 1u);
    }
    void addNear(std::uint32_t t) {
        nearPosition_[t] = static_cast<std::uint32_t>(near_.size());
        near_.push_back(t);
    }
    void removeNear(std::uint32_t t) {
        const std::uint32_t at = nearPosition_[t];
        if (at == kNone) return;
        near_[at] = near_.back();
        nearPosition_[near_[at]] = at;
        near_.pop_back();
        nearPosition_[t] = kNone;
    }

    // Pushes v, keeping the cached-corner counts of the undrawn triangles and the near set.
    void push(std::uint32_t v) {
        const std::uint32_t evicted = fifo_.evictedBy(fifo_.pushes() + 1);
        if (evicted != kNone)
            for (std::uint32_t a = start_[evicted], end = a + remaining(evicted); a < end; ++a) {
                const std::uint32_t t = live_[a];
                if (emitted_[t]) continue;
                if (cachedCorners_[t]-- == nearThreshold(t)) removeNear(t);
            }
        fifo_.push(v);
        for (std::uint32_t a = start_[v], end = a + remaining(v); a < end; ++a) {
            const std::uint32_t t = live_[a];
            if (emitted_[t]) continue;
            if (++cachedCorners_[t] == nearThreshold(t)) addNear(t);
        }
    }

    // No triangle touches the cache: continue from the most recent vertex with work left (its
    // lowest-numbered triangle), else from the first triangle not yet drawn.
    std::uint32_t restartTriangle() {
        while (!deadEnds_.empty()) {
            const std::uint32_t v = deadEnds_.back();
            deadEnds_.pop_back();
            if (remaining(v) == 0) continue;
            const auto first = live_.begin() + start_[v];
            return *std::min_element(first, first + remaining(v));
        }
        while (emitted_[cursor_])
            ++cursor_;
        return cursor_;
    }

    void removeLive(std::uint32_t v, std::uint32_t t) {
        const auto first = live_.begin() + start_[v], last = first + remaining_[v];
        std::iter_swap(std::find(first, last, t), last - 1);
        --remaining_[v];
    }

    // Corner by corner, as the FIFO sees them: a corner's triangle count drops before the next
    // corner's push, which may evict it.
    void emit(std::uint32_t t) {
        emitted_[t] = 1;
        removeNear(t);
        const std::uint32_t* corners = &indices_[3 * t];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = corners[k];
            if (!fifo_.contains(v)) {
                const std::uint32_t evicted = fifo_.evictedBy(fifo_.pushes() + 1);
                if (evicted != kNone && remaining(evicted) > 0) ++needy_;
                if (remaining(v) > 0) --needy_;
                ++misses_;
                push(v);
            }
            if (k == 0 || (v != corners[0] && (k == 1 || v != corners[1]))) {
                removeLive(v, t);
                deadEnds_.push_back(v);
            }
        }
    }

    std::span<const std::uint32_t> indices_;
    const std::vector<std::uint32_t>& start_;
    std::vector<std::uint32_t> live_;      // per vertex: its undrawn triangles first
    std::vector<std::uint32_t> remaining_; // per vertex: how many triangles it has undrawn
    FifoState fifo_;
    GreedyWeights weights_;
    std::vector<std::uint8_t> emitted_;
    std::vector<std::uint32_t> scoredAt_;
    std::vector<std::uint8_t> cachedCorners_; // per undrawn triangle: distinct corners cached
    std::vector<std::uint32_t> nearPosition_; // per triangle: its place in near_, or kNone
    std::vector<std::uint32_t> near_;
    std::vector<std::uint32_t> deadEnds_;
    std::vector<double> ageBonus_;
    std::uint32_t cursor_ = 0;
    std::size_t misses_ = 0;
    std::size_t needy_ = 0; // vertices with work left that are not cached
    std::size_t missLimit_;
};

} // namespace

std::optional<GreedyOrder> greedyFifoOrder(std::span<const std::uint32_t> indices,
                                           const TriangleAdjacency& adjacency,
                                           const GreedyRun& run) {
    return FifoGreedy(indices, adjacency, run).run();
}

} // namespace vtxc
