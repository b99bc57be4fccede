// The simplifier's priority queue: candidate collapses, cheapest first, ties broken by the point
// numbers so the order never depends on anything but the costs. Entries are not updated in place:
// a changed point gets a new version, and entries with an old version are skipped when popped.
//
// A binary heap of a million entries spends its time in cache misses. Here the entries are
// spread over buckets by the high bits of their priority (the bits of a non-negative float
// order like the floats), each bucket a small heap; a bitmap finds the first bucket in use.
// The order is exactly that of one heap.
#pragma once

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
    // The heap's comparison puts the largest on top: "x comes later than y". A function object
    // (not a function pointer) so the heap algorithms inline it.
    struct Later {
        bool operator()(const CollapseEntry& x, const CollapseEntry& y) const {
            if (x.priority != y.priority) return x.priority > y.priority;
            if (x.a != y.a) return x.a > y.a;
            return x.b > y.b;
        }
    };

    std::vector<std::vector<CollapseEntry>> buckets_;
    std::vector<std::uint64_t> used_; // one bit per bucket: not empty
    std::uint32_t first_ = kBuckets;  // no bucket before it is in use
    std::size_t size_ = 0;
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
    std::size_t slotOf(std::uint64_t key) const {
        // The splitmix64 finaliser: every key bit reaches the bits the table indexes with.
        key = (key ^ (key >> 30)) * 0xBF58476D1CE4E5B9ull;
        key = (key ^ (key >> 27)) * 0x94D049BB133111EBull;
        return static_cast<std::size_t>(key ^ (key >> 31)) & (slots_.size() - 1);
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
