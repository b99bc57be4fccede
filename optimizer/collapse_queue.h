// The simplifier's priority queue: candidate collapses, cheapest first, ties broken by the point
// numbers so the order never depends on anything but the costs. Entries are not updated in place:
// a changed point gets a new version, and entries with an old version are skipped when popped.
//
// A binary heap of a million entries spends its time in cache misses. Here the entries are
// spread over buckets by the high bits of their priority (the bits of a non-negative float
// order like the floats), each bucket a small heap; a bitmap finds the first bucket in use.
// The order is exactly that of one heap.
#pragma once

#include "optimizer/simplify_mesh.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
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
        return x.b > y.b;
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

// The entries of a big mesh's local passes, one heap per block of points (a range of point
// numbers, so a block's points, wedges and triangles lie close together in memory). A pass takes
// the blocks in turn, each one's entries cheapest first up to a bound: the points a pass works on
// stay in cache, where one queue for the whole mesh visits them in cost order, all over it. An
// entry belongs to the block of its point `a`, a part removal to that of the part's first point.
// As a queue (push, pop, topPriority) it stands for the present block with the bound on top.
class BlockQueues {
  public:
    // Blocks of 2^shift points; partPoint: each part's first point.
    BlockQueues(std::size_t points, unsigned shift, std::vector<std::uint32_t> partPoint)
        : heaps_((points >> shift) + 1), shift_(shift), partPoint_(std::move(partPoint)) {}

    std::uint32_t blocks() const { return static_cast<std::uint32_t>(heaps_.size()); }
    // Adds many entries at once.
    void assign(const std::vector<CollapseEntry>& entries) {
        for (const CollapseEntry& entry : entries)
            heaps_[blockOf(entry)].push_back(entry);
        for (std::vector<CollapseEntry>& heap : heaps_)
            std::make_heap(heap.begin(), heap.end(), Later{});
    }
    // About the priority of the entry that comes `rank`-th (from 0) of all blocks' entries (the
    // last entry's when there are fewer), estimated from every kSampleStep-th entry of each heap:
    // the bound of a pass need not be exact, and all entries are many.
    float priorityAt(std::size_t rank) const {
        std::vector<float> sample;
        for (const std::vector<CollapseEntry>& heap : heaps_)
            for (std::size_t i = 0; i < heap.size(); i += kSampleStep)
                sample.push_back(heap[i].priority);
        if (sample.empty()) return 0;
        const std::size_t k = std::min(sample.size() - 1, rank / kSampleStep);
        std::nth_element(sample.begin(), sample.begin() + std::ptrdiff_t(k), sample.end());
        return sample[k];
    }
    void select(std::uint32_t block, float bound) {
        current_ = block;
        bound_ = bound;
    }
    // The present block has an entry within the bound.
    bool hasNext() const {
        const std::vector<CollapseEntry>& heap = heaps_[current_];
        return !heap.empty() && heap.front().priority <= bound_;
    }
    bool empty() const { return false; } // the loop checks hasNext() before each turn
    float topPriority() const {
        const std::vector<CollapseEntry>& heap = heaps_[current_];
        return heap.empty() ? bound_ : std::min(bound_, heap.front().priority);
    }
    CollapseEntry pop() {
        std::vector<CollapseEntry>& heap = heaps_[current_];
        std::pop_heap(heap.begin(), heap.end(), Later{});
        const CollapseEntry entry = heap.back();
        heap.pop_back();
        return entry;
    }
    void push(const CollapseEntry& entry) {
        std::vector<CollapseEntry>& heap = heaps_[blockOf(entry)];
        heap.push_back(entry);
        std::push_heap(heap.begin(), heap.end(), Later{});
    }
    // Every entry left, block after block.
    std::vector<CollapseEntry> drain() {
        std::vector<CollapseEntry> all;
        for (std::vector<CollapseEntry>& heap : heaps_) {
            all.insert(all.end(), heap.begin(), heap.end());
            std::vector<CollapseEntry>().swap(heap);
        }
        return all;
    }

  private:
    static constexpr std::size_t kSampleStep = 8;
    std::uint32_t blockOf(const CollapseEntry& entry) const {
        return (entry.b == kNone ? partPoint_[entry.a] : entry.a) >> shift_;
    }
    std::vector<std::vector<CollapseEntry>> heaps_;
    unsigned shift_;
    std::vector<std::uint32_t> partPoint_;
    std::uint32_t current_ = 0;
    float bound_ = 0;
};

// The versions at which each edge was last queued again after its entry went stale. Several stale
// entries can stand for one edge (those of both points that collapsed into its ends): once one of
// them has queued the edge at the present versions, the others need no evaluation. Open
// addressing; the table only grows (a simplification queues each edge again a few times at most).
class RequeuedEdges {
  public:
    // True if (a, b) was queued again at exactly these versions.
    bool contains(std::uint32_t a, std::uint32_t b, std::uint32_t versions) const {
        if (slots_.empty()) return false;
        const std::uint64_t key = keyOf(a, b);
        for (std::size_t i = slotOf(key);; i = (i + 1) & (slots_.size() - 1)) {
            if (slots_[i].key == kEmpty) return false;
            if (slots_[i].key == key) return slots_[i].versions == versions;
        }
    }
    void record(std::uint32_t a, std::uint32_t b, std::uint32_t versions) {
        if (2 * (used_ + 1) > slots_.size()) grow();
        const std::uint64_t key = keyOf(a, b);
        std::size_t i = slotOf(key);
        while (slots_[i].key != kEmpty && slots_[i].key != key)
            i = (i + 1) & (slots_.size() - 1);
        used_ += slots_[i].key == kEmpty;
        slots_[i] = {key, versions};
    }

  private:
    struct Slot {
        std::uint64_t key;
        std::uint32_t versions;
    };
    static constexpr std::uint64_t kEmpty = ~std::uint64_t(0); // a == b never occurs
    static std::uint64_t keyOf(std::uint32_t a, std::uint32_t b) {
        return std::uint64_t(a) << 32 | b;
    }
    // By point a first, so that the edges of nearby points share cache lines: a local pass
    // (BlockQueues) looks up the edges of one block of points after another.
    std::size_t slotOf(std::uint64_t key) const {
        const auto a = static_cast<std::size_t>(key >> 32), b = static_cast<std::size_t>(key);
        return (4 * a + (b & 3)) & (slots_.size() - 1);
    }
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(std::max<std::size_t>(1024, 2 * old.size()), Slot{kEmpty, 0});
        used_ = 0;
        for (const Slot& slot : old)
            if (slot.key != kEmpty)
                record(std::uint32_t(slot.key >> 32), std::uint32_t(slot.key), slot.versions);
    }
    std::vector<Slot> slots_;
    std::size_t used_ = 0;
};

} // namespace vtxc::simplification
