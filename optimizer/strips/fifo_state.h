// The state of a FIFO post-transform vertex cache (Hoppe 1999, "Optimization of mesh locality for
// transparent vertex caching"): the one model every ordering and search in the optimizer uses.
// A vertex is cached when it entered at most `size` pushes ago; a hit does not refresh it. Pushes
// are numbered from 1; `entered` keeps each vertex's last push number (0: never pushed), and the
// ring keeps the last `size` pushes so the oldest entries can be named.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vtxc {

class FifoState {
  public:
    static constexpr std::uint32_t kNone = 0xffffffffu;

    FifoState(std::size_t vertexCount, std::size_t size)
        : size_(static_cast<std::uint32_t>(size)), entered_(vertexCount, 0), ring_(size, kNone) {}

    std::uint32_t size() const { return size_; }
    std::uint32_t pushes() const { return pushes_; }
    std::uint32_t enteredAt(std::uint32_t v) const { return entered_[v]; }

    // Whether v is cached once `pushes` pushes have happened (pushes >= pushes()).
    bool containsAfter(std::uint32_t v, std::uint32_t pushes) const {
        return entered_[v] != 0 && pushes - entered_[v] < size_;
    }
    bool contains(std::uint32_t v) const { return containsAfter(v, pushes_); }

    void push(std::uint32_t v) {
        ++pushes_;
        entered_[v] = pushes_;
        ring_[(pushes_ - 1) % size_] = v;
    }
    // Pushes v unless cached; returns whether it missed.
    bool touch(std::uint32_t v) {
        if (contains(v)) return false;
        push(v);
        return true;
    }

    // The vertex push number `push` (> pushes()) would evict, or kNone.
    std::uint32_t evictedBy(std::uint32_t push) const {
        if (push <= size_ || push - size_ > pushes_) return kNone;
        const std::uint32_t v = ring_[(push - 1) % size_];
        return entered_[v] == push - size_ ? v : kNone;
    }

    // The cached vertices, newest first (f(vertex, age) with age 0 for the newest push).
    template <typename F> void forEachCached(F&& f) const {
        const std::uint32_t live = std::min(pushes_, size_);
        for (std::uint32_t age = 0; age < live; ++age) {
            const std::uint32_t push = pushes_ - age;
            const std::uint32_t v = ring_[(push - 1) % size_];
            if (entered_[v] == push) f(v, age);
        }
    }

    // The cached vertices, oldest first.
    void cachedOldestFirst(std::vector<std::uint32_t>& out) const {
        out.clear();
        forEachCached([&](std::uint32_t v, std::uint32_t) { out.push_back(v); });
        std::reverse(out.begin(), out.end());
    }

    // Forgets the vertices in `vertices` (those the state may hold): the state of an empty cache
    // at the cost of the vertices touched, not of the whole vertex array.
    void clear(std::span<const std::uint32_t> vertices) {
        for (std::uint32_t v : vertices)
            entered_[v] = 0;
        std::fill(ring_.begin(), ring_.end(), kNone);
        pushes_ = 0;
    }

  private:
    std::uint32_t size_;
    std::uint32_t pushes_ = 0;
    std::vector<std::uint32_t> entered_;
    std::vector<std::uint32_t> ring_;
};

// Misses of a triangle list from a given FIFO state, without changing that state: a scratch FIFO
// loaded with the state's content, its vertex stamps tagged by an epoch so that starting a new
// count costs the cache size, not the vertex count. Counting stops once `limit` is passed (a
// candidate that cannot win is not simulated to its end).
class FifoScratch {
  public:
    FifoScratch(std::size_t vertexCount, std::size_t size)
        : size_(static_cast<std::uint32_t>(size)), epochOf_(vertexCount, 0),
          entered_(vertexCount, 0) {}

    void start(const FifoState& from) {
        if (++epoch_ == 0) { // wrapped: old tags could look current
            std::fill(epochOf_.begin(), epochOf_.end(), 0);
            epoch_ = 1;
        }
        pushes_ = 0;
        loaded_.clear();
        from.cachedOldestFirst(loaded_);
        for (std::uint32_t v : loaded_)
            pushRaw(v);
    }
    // Adds the misses of `indices` to the count; false once the count exceeds `limit`.
    bool run(std::span<const std::uint32_t> indices, std::size_t limit = SIZE_MAX) {
        for (std::uint32_t v : indices) {
            if (epochOf_[v] == epoch_ && pushes_ - entered_[v] < size_) continue;
            pushRaw(v);
            if (++misses_ > limit) return false;
        }
        return true;
    }
    std::size_t misses() const { return misses_; }
    void resetCount() { misses_ = 0; }

  private:
    void pushRaw(std::uint32_t v) {
        ++pushes_;
        epochOf_[v] = epoch_;
        entered_[v] = pushes_;
    }

    std::uint32_t size_;
    std::uint32_t epoch_ = 0;
    std::uint32_t pushes_ = 0;
    std::size_t misses_ = 0;
    std::vector<std::uint32_t> epochOf_;
    std::vector<std::uint32_t> entered_;
    std::vector<std::uint32_t> loaded_;
};

// The fewest misses any order of some triangles can have from a FIFO state: their distinct
// vertices that are not cached (each must enter the FIFO at least once). A search that already
// reaches this bound on a stretch cannot improve it there.
class MissLowerBound {
  public:
    explicit MissLowerBound(std::size_t vertexCount) : mark_(vertexCount, 0) {}

    std::size_t of(std::span<const std::uint32_t> indices, const FifoState& fifo) {
        if (++token_ == 0) { // wrapped: old marks could look current
            std::fill(mark_.begin(), mark_.end(), 0);
            token_ = 1;
        }
        std::size_t count = 0;
        for (std::uint32_t v : indices) {
            if (mark_[v] == token_) continue;
            mark_[v] = token_;
            count += !fifo.contains(v);
        }
        return count;
    }

  private:
    std::vector<std::uint32_t> mark_;
    std::uint32_t token_ = 0;
};

} // namespace vtxc
