// The simplifier's priority queue: candidate collapses, cheapest first, ties broken by the point
// numbers so the order never depends on anything but the costs. Entries are not updated in place:
// a changed point gets a new version, and entries with an old version are skipped when popped.
//
// A binary heap of a million entries spends its time in cache misses. Here the entries are
// spread over buckets by the high bits of their priority (the bits of a non-negative float
// order like the floats), each bucket a small heap; a bitmap finds the first bucket in use.
// The order is exactly that of one heap.
#pragma once

#include "optimizer/simplify/read_ahead.h"
#include "optimizer/simplify/simplify_mesh.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace vtxc::simplification {

struct CollapseEntry {
    float priority = 0; // non-negative
    std::uint32_t a = 0;
    std::uint32_t b = 0; // kNone: remove part `a` whole
    std::uint16_t versionA = 0;
    std::uint16_t versionB = 0;
};

// The heaps' comparison puts the largest on top: "x comes later than y". A function object (not
// a function pointer) so the heap algorithms inline it.
struct Later {
    bool operator()(const CollapseEntry& x, const CollapseEntry& y) const {
        const std::uint64_t kx = orderKey(x), ky = orderKey(y);
        if (kx != ky) return kx > ky;
        if (x.b != y.b) return x.b > y.b;
        // Entries alike but for their versions (one stale): in a fixed order, whatever holds them.
        return (std::uint32_t(x.versionA) << 16 | x.versionB) >
               (std::uint32_t(y.versionA) << 16 | y.versionB);
    }
    // Priority, then a, in one integer: the bits of a non-negative float order like the float,
    // and one comparison of integers is one branch where two of floats and points were two.
    static std::uint64_t orderKey(const CollapseEntry& entry) {
        return std::uint64_t(std::bit_cast<std::uint32_t>(entry.priority)) << 32 | entry.a;
    }
};

class CollapseQueue {
  public:
    CollapseQueue() : buckets_(kBuckets), used_(kBuckets / 64, 0) {}

    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }

    void push(const CollapseEntry& entry) {
        const std::uint32_t b = bucketOf(entry.priority);
        std::vector<CollapseEntry>& bucket = buckets_[b];
        bucket.push_back(entry);
        std::push_heap(bucket.begin(), bucket.end(), Later{});
        used_[b / 64] |= std::uint64_t(1) << (b % 64);
        first_ = std::min(first_, b);
        ++size_;
    }
    // The cheapest entry's priority; the queue must not be empty.
    float topPriority() {
        findFirst();
        return buckets_[first_].front().priority;
    }
    // The cheapest entry; the queue must not be empty.
    CollapseEntry pop() {
        findFirst();
        std::vector<CollapseEntry>& bucket = buckets_[first_];
        std::pop_heap(bucket.begin(), bucket.end(), Later{});
        const CollapseEntry entry = bucket.back();
        bucket.pop_back();
        if (bucket.empty()) used_[first_ / 64] &= ~(std::uint64_t(1) << (first_ % 64));
        --size_;
        return entry;
    }
    // Entries likely to come next (the front's bucket's first few, in heap order), up to `most`.
    std::span<const CollapseEntry> upcoming(std::size_t most) {
        if (size_ == 0) return {};
        findFirst();
        const std::vector<CollapseEntry>& bucket = buckets_[first_];
        return {bucket.data(), std::min(most, bucket.size())};
    }
    // Adds many entries at once.
    void assign(const std::vector<CollapseEntry>& entries) {
        for (const CollapseEntry& entry : entries)
            buckets_[bucketOf(entry.priority)].push_back(entry);
        for (std::uint32_t b = 0; b < kBuckets; ++b) {
            if (buckets_[b].empty()) continue;
            std::make_heap(buckets_[b].begin(), buckets_[b].end(), Later{});
            used_[b / 64] |= std::uint64_t(1) << (b % 64);
            first_ = std::min(first_, b);
        }
        size_ += entries.size();
    }

  private:
    void findFirst() {
        while (!(used_[first_ / 64] >> (first_ % 64) & 1)) {
            const std::uint64_t rest = used_[first_ / 64] >> (first_ % 64);
            first_ = rest != 0 ? first_ + static_cast<std::uint32_t>(std::countr_zero(rest))
                               : (first_ / 64 + 1) * 64;
        }
    }
    // 2^15 buckets: sign, exponent and the 7 leading mantissa bits of the float.
    static constexpr std::uint32_t kBuckets = 1u << 15;
    static std::uint32_t bucketOf(float priority) {
        std::uint32_t bits;
        std::memcpy(&bits, &priority, sizeof bits);
        return std::min(bits >> 16, kBuckets - 1);
    }
    std::vector<std::vector<CollapseEntry>> buckets_;
    std::vector<std::uint64_t> used_; // one bit per bucket: not empty
    std::uint32_t first_ = kBuckets;  // no bucket before it is in use
    std::size_t size_ = 0;
};

// The entries of a big mesh's local passes, one pool per block of points (a range of point
// numbers, so a block's points, wedges and triangles lie close together in memory). A pass takes
// the blocks in turn, each one's entries cheapest first up to a bound: the points a pass works on
// stay in cache, where one queue for the whole mesh visits them in cost order, all over it. An
// entry belongs to the block of its point `a`, a part removal to that of the part's first point.
// As a queue (push, pop, topPriority) it stands for the present block with the bound on top.
//
// A pool is kept unsorted. When its block comes up, the entries within the bound are moved out
// and sorted once (a pass takes most of them); entries pushed to the block meanwhile go to a
// small heap beside them if they are within the bound, else back to the pool. A heap of the whole
// block would make every pop a walk down thousands of entries that do not fit in the first-level
// cache.
class BlockQueues {
  public:
    // Blocks of 2^shift points; partPoint: each part's first point.
    BlockQueues(std::size_t points, unsigned shift, std::vector<std::uint32_t> partPoint)
        : pools_((points >> shift) + 1), shift_(shift), partPoint_(std::move(partPoint)) {}

    std::uint32_t blocks() const { return static_cast<std::uint32_t>(pools_.size()); }
    // Adds many entries at once.
    void assign(const std::vector<CollapseEntry>& entries) {
        for (const CollapseEntry& entry : entries)
            pools_[blockOf(entry)].push_back(entry);
    }
    // About the priority of the entry that comes `rank`-th (from 0) of all blocks' entries (the
    // last entry's when there are fewer), estimated from every kSampleStep-th entry of each pool:
    // the bound of a pass need not be exact, and all entries are many.
    float priorityAt(std::size_t rank) {
        putBack();
        std::vector<float> sample;
        for (const std::vector<CollapseEntry>& pool : pools_)
            for (std::size_t i = 0; i < pool.size(); i += kSampleStep)
                sample.push_back(pool[i].priority);
        if (sample.empty()) return 0;
        const std::size_t k = std::min(sample.size() - 1, rank / kSampleStep);
        std::nth_element(sample.begin(), sample.begin() + std::ptrdiff_t(k), sample.end());
        return sample[k];
    }
    void select(std::uint32_t block, float bound) {
        putBack();
        current_ = block;
        bound_ = bound;
        selected_ = true;
        std::vector<CollapseEntry>& pool = pools_[block];
        const auto within = std::partition(pool.begin(), pool.end(), [bound](const auto& entry) {
            return entry.priority > bound;
        });
        run_.assign(within, pool.end());
        pool.erase(within, pool.end());
        std::sort(run_.begin(), run_.end(), Later{}); // the cheapest last
        selectedCount_ = run_.size();
    }
    // How many entries within the bound the present block had when selected.
    std::size_t selected() const { return selectedCount_; }
    // The present block has an entry within the bound.
    bool hasNext() const {
        return !run_.empty() || (!side_.empty() && side_.front().priority <= bound_);
    }
    bool empty() const { return false; } // the loop checks hasNext() before each turn
    float topPriority() const {
        float top = bound_;
        if (!run_.empty()) top = std::min(top, run_.back().priority);
        if (!side_.empty()) top = std::min(top, side_.front().priority);
        return top;
    }
    CollapseEntry pop() {
        if (!side_.empty() && (run_.empty() || Later{}(run_.back(), side_.front()))) {
            std::pop_heap(side_.begin(), side_.end(), Later{});
            const CollapseEntry entry = side_.back();
            side_.pop_back();
            return entry;
        }
        const CollapseEntry entry = run_.back();
        run_.pop_back();
        return entry;
    }
    void push(const CollapseEntry& entry) {
        const std::uint32_t block = blockOf(entry);
        // Beyond the bound, an entry of the present block waits for the next pass in its pool:
        // the small heap holds only what this block may still take.
        if (selected_ && block == current_ && entry.priority <= bound_) {
            side_.push_back(entry);
            std::push_heap(side_.begin(), side_.end(), Later{});
        } else {
            pools_[block].push_back(entry);
        }
    }
    // Every entry left, block after block.
    std::vector<CollapseEntry> drain() {
        putBack();
        std::vector<CollapseEntry> all;
        for (std::vector<CollapseEntry>& pool : pools_) {
            all.insert(all.end(), pool.begin(), pool.end());
            std::vector<CollapseEntry>().swap(pool);
        }
        return all;
    }

  private:
    static constexpr std::size_t kSampleStep = 8;
    std::uint32_t blockOf(const CollapseEntry& entry) const {
        return (entry.b == kNone ? partPoint_[entry.a] : entry.a) >> shift_;
    }
    // The present block's entries not taken go back to its pool.
    void putBack() {
        if (!selected_) return;
        std::vector<CollapseEntry>& pool = pools_[current_];
        pool.insert(pool.end(), run_.begin(), run_.end());
        pool.insert(pool.end(), side_.begin(), side_.end());
        run_.clear();
        side_.clear();
        selected_ = false;
    }
    std::vector<std::vector<CollapseEntry>> pools_;
    unsigned shift_;
    std::vector<std::uint32_t> partPoint_;
    std::vector<CollapseEntry> run_;  // the present block's entries within the bound, sorted
    std::vector<CollapseEntry> side_; // entries pushed to the present block, a heap
    std::uint32_t current_ = 0;
    float bound_ = 0;
    bool selected_ = false;
    std::size_t selectedCount_ = 0;
};

// The edges queued again after their entry went stale, per point a at its present version.
// Several stale entries can stand for one edge (those of both points that collapsed into its
// ends): once one of them has queued the edge at the present versions, the others need no
// evaluation. Each point keeps the last few such edges in a slot of its own, so a local pass
// (BlockQueues), which works on one block of points after another, finds them in cache; a slot
// whose version is not the point's present one is empty (the point changed since). A slot that
// is full forgets its oldest edge: the entry is then evaluated again, which costs time only.
class RequeuedEdges {
  public:
    void reset(std::size_t points) { slots_.assign(points, Slot{}); }
    // The slots of points [first, last) are read ahead.
    void readAhead(ReadAhead& ahead, std::size_t first, std::size_t last) const {
        ahead.add(&slots_[first], &slots_[last - 1] + 1);
    }
    // True if (a, b) was queued again at exactly these versions (a's above, b's below).
    bool contains(std::uint32_t a, std::uint32_t b, std::uint32_t versions) const {
        const Slot& slot = slots_[a];
        if (slot.count == 0 || slot.versionA != versions >> 16) return false;
        for (unsigned i = 0; i < slot.count; ++i)
            if (slot.b[i] == b) return slot.versionB[i] == static_cast<std::uint16_t>(versions);
        return false;
    }
    void record(std::uint32_t a, std::uint32_t b, std::uint32_t versions) {
        Slot& slot = slots_[a];
        const auto versionA = static_cast<std::uint16_t>(versions >> 16);
        if (slot.versionA != versionA) {
            slot.versionA = versionA;
            slot.count = 0;
            slot.next = 0;
        }
        unsigned i = 0;
        while (i < slot.count && slot.b[i] != b)
            ++i;
        if (i == slot.count) {
            if (slot.count < kEdges) {
                ++slot.count;
            } else {
                i = slot.next;
                slot.next = static_cast<std::uint8_t>((slot.next + 1) % kEdges);
            }
        }
        slot.b[i] = b;
        slot.versionB[i] = static_cast<std::uint16_t>(versions);
    }

  private:
    static constexpr unsigned kEdges = 6;
    struct Slot {
        std::uint16_t versionA = 0;
        std::uint8_t count = 0;
        std::uint8_t next = 0; // the oldest edge, once the slot is full
        std::array<std::uint32_t, kEdges> b{};
        std::array<std::uint16_t, kEdges> versionB{};
    };
    std::vector<Slot> slots_;
};

} // namespace vtxc::simplification
