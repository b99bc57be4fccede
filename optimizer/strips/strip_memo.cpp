// One table per memoised function: entries found by a hash of the input and then compared in
// full, so a hash collision costs time but never a wrong answer. tbb::collaborative_call_once
// computes each entry once; unlike std::call_once it lets a waiting TBB worker take part in the
// computation's nested parallel work instead of blocking (or deadlocking on itself).
#include "optimizer/strips/strip_memo.h"

#include "optimizer/strips/strip_partition.h"

#include <atomic>
#include <mutex>
#include <tbb/collaborative_call_once.h>
#include <unordered_map>

namespace vtxc {
namespace {

// FNV-1a over 32-bit words (Fowler, Noll, Vo): fast, and collisions are resolved by comparison.
class WordHash {
  public:
    void add(std::uint32_t word) { hash_ = (hash_ ^ word) * 0x100000001b3ull; }
    std::uint64_t value() const { return hash_; }

  private:
    std::uint64_t hash_ = 0xcbf29ce484222325ull;
};

struct PartitionKey {
    std::vector<std::uint32_t> indices;
    std::vector<BoneWeights> weights;
    int maxBonesPerStrip = 0;
    friend bool operator==(const PartitionKey&, const PartitionKey&) = default;
};

struct OrderKey {
    std::vector<std::uint32_t> indices;
    std::size_t vertexCount = 0;
    std::size_t cacheSize = 0;
    CacheOrderEffort effort = CacheOrderEffort::Fast;
    std::size_t thoroughTriangleLimit = 0;
    friend bool operator==(const OrderKey&, const OrderKey&) = default;
};

template <class Key, class Value> class OnceTable {
  public:
    // The value for `key`, computed by compute(key) the first time it is asked for.
    template <class Compute>
    const Value& get(std::uint64_t hash, Key&& key, Compute&& compute,
                     std::atomic<std::size_t>& computed, std::atomic<std::size_t>& reused) {
        Entry* entry = find(hash, std::move(key));
        bool ran = false;
        tbb::collaborative_call_once(entry->once, [&] {
            entry->value = compute(entry->key);
            ran = true;
        });
        ++(ran ? computed : reused);
        return entry->value;
    }

  private:
    struct Entry {
        Key key;
        tbb::collaborative_once_flag once;
        Value value;
    };

    Entry* find(std::uint64_t hash, Key&& key) {
        std::lock_guard lock(mutex_);
        auto [first, last] = entries_.equal_range(hash);
        for (auto it = first; it != last; ++it)
            if (it->second->key == key) return it->second.get();
        auto entry = std::make_unique<Entry>();
        entry->key = std::move(key);
        return entries_.emplace(hash, std::move(entry))->second.get();
    }

    std::mutex mutex_;
    std::unordered_multimap<std::uint64_t, std::unique_ptr<Entry>> entries_;
};

} // namespace

struct StripMemo::Tables {
    OnceTable<PartitionKey, std::vector<std::vector<std::uint32_t>>> partitions;
    OnceTable<OrderKey, std::vector<std::uint32_t>> orders;
    std::atomic<std::size_t> computed{0}, reused{0};
};

StripMemo::StripMemo() : tables_(std::make_unique<Tables>()) {}
StripMemo::~StripMemo() = default;

const std::vector<std::vector<std::uint32_t>>&
StripMemo::partition(std::span<const std::uint32_t> indices, std::span<const BoneWeights> weights,
                     int maxBonesPerStrip) {
    WordHash hash;
    hash.add(static_cast<std::uint32_t>(maxBonesPerStrip));
    for (std::uint32_t i : indices)
        hash.add(i);
    for (const BoneWeights& w : weights) {
        hash.add(w.count);
        for (std::int16_t bone : w.bone)
            hash.add(static_cast<std::uint16_t>(bone));
    }
    PartitionKey key{
        {indices.begin(), indices.end()}, {weights.begin(), weights.end()}, maxBonesPerStrip};
    return tables_->partitions.get(
        hash.value(), std::move(key),
        [](const PartitionKey& k) {
            return partitionTrianglesByBones(k.indices, k.weights, k.maxBonesPerStrip);
        },
        tables_->computed, tables_->reused);
}

const std::vector<std::uint32_t>& StripMemo::cacheOrder(std::span<const std::uint32_t> indices,
                                                        std::size_t vertexCount,
                                                        const CacheOrderOptions& options) {
    WordHash hash;
    hash.add(static_cast<std::uint32_t>(vertexCount));
    hash.add(static_cast<std::uint32_t>(options.cacheSize));
    for (std::uint32_t i : indices)
        hash.add(i);
    OrderKey key{{indices.begin(), indices.end()},
                 vertexCount,
                 options.cacheSize,
                 options.effort,
                 options.thoroughTriangleLimit};
    return tables_->orders.get(
        hash.value(), std::move(key),
        [](const OrderKey& k) {
            CacheOrderOptions o;
            o.cacheSize = k.cacheSize;
            o.effort = k.effort;
            o.thoroughTriangleLimit = k.thoroughTriangleLimit;
            return orderForVertexCache(k.indices, k.vertexCount, o);
        },
        tables_->computed, tables_->reused);
}

std::size_t StripMemo::computed() const {
    return tables_->computed;
}

std::size_t StripMemo::reused() const {
    return tables_->reused;
}

} // namespace vtxc
