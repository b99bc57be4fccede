// `vtxc inspect FILE.smd [--json]`: kind, counts, materials and bone-influence figures of an SMD.
// A "vertex" in the influence figures is a distinct vertex line (equal lines count once).
#include "cli/inspect/inspect.h"
#include "formats/common/huge_pages.h"
#include "formats/smd/smd.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <nlohmann/json.hpp>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace vtxc::cli {

namespace {

struct MaterialCount {
    std::string name;
    std::size_t triangles = 0;
};

struct SmdSummary {
    const char* kind = "reference";
    std::size_t nodes = 0, frames = 0, triangles = 0;
    std::vector<MaterialCount> materials; // in order of first appearance
    std::size_t maxInfluences = 0;
    std::size_t verticesOverThreeInfluences = 0; // distinct vertex lines with more than 3 links
};

// One vertex line: the vertex and its links (the vertex's firstLink is not part of it).
struct VertexLine {
    const SmdVertex* vertex;
    const SmdLink* links;
};

// A vertex's values (bone, position, normal, uv) come first, with no padding, and a link is a
// bone and a weight, with none: lines compare as bytes.
constexpr std::size_t kVertexValueBytes = sizeof(int) + 2 * sizeof(Vec3) + sizeof(Vec2);
static_assert(offsetof(SmdVertex, bone) == 0 &&
              offsetof(SmdVertex, firstLink) == kVertexValueBytes);
static_assert(sizeof(SmdLink) == sizeof(int) + sizeof(float));

// Equal vertex lines: every value equal, bytes included (so -0 and 0 differ, as the text does).
bool sameVertexLine(const VertexLine& a, const VertexLine& b) {
    const std::uint32_t links = a.vertex->linkCount;
    return links == b.vertex->linkCount &&
           std::memcmp(a.vertex, b.vertex, kVertexValueBytes) == 0 &&
           std::memcmp(a.links, b.links, links * sizeof(SmdLink)) == 0;
}

// One multiply-xor step per word of values; the final mix spreads every bit into the low bits that
// pick a slot. Equal lines give equal hashes (the same bits in the same order).
std::uint64_t mixed(std::uint64_t h, std::uint64_t value) {
    return (h ^ value) * 0x9E3779B97F4A7C15ull;
}

template <typename T> T loaded(const std::byte* p) {
    T value;
    std::memcpy(&value, p, sizeof value);
    return value;
}

// The values are read as 8-byte words where they lie (kVertexValueBytes: four words and uv.y).
std::uint64_t vertexLineHash(const VertexLine& line) {
    const auto* values = reinterpret_cast<const std::byte*>(line.vertex);
    std::uint64_t h = mixed(loaded<std::uint64_t>(values), loaded<std::uint64_t>(values + 8));
    h = mixed(h, loaded<std::uint64_t>(values + 16));
    h = mixed(h, loaded<std::uint64_t>(values + 24));
    h = mixed(h, loaded<std::uint32_t>(values + 32));
    static_assert(kVertexValueBytes == 36);
    const auto* links = reinterpret_cast<const std::byte*>(line.links);
    for (std::uint32_t i = 0; i < line.vertex->linkCount; ++i)
        h = mixed(h, loaded<std::uint64_t>(links + i * sizeof(SmdLink)));
    // MurmurHash3's 64-bit finaliser: the multiplies above carry low bits up only, never down.
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 33);
}

// The slot table of the set below, which a big mesh makes many megabytes large and probes at
// random. On Linux, transparent huge pages are asked for (madvise(2)): a probe then misses the
// TLB far less often, and filling the table takes a page fault per 2 MiB instead of per 4 KiB
// (a 1M-triangle inspect: 9,000 page faults instead of 17,000). Tables under a huge page are
// allocated as usual. (The copies of the lines, written front to back, keep plain pages: huge ones
// measured no faster there and took 8 MiB more memory.)
struct FreeMemory {
    void operator()(void* p) const { std::free(p); }
};
template <typename T> using HugePageArray = std::unique_ptr<T[], FreeMemory>;

// `count` elements of T, left uninitialised (T is trivial); aligned to huge pages, so that all of
// a table that spans one is advised.
template <typename T> HugePageArray<T> allocateHugePageArray(std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T> && alignof(T) <= alignof(std::max_align_t));
    const std::size_t bytes = count * sizeof(T);
    if (bytes < kHugePageBytes) {
        void* p = std::malloc(bytes);
        if (!p) throw std::bad_alloc();
        return HugePageArray<T>(static_cast<T*>(p));
    }
    const std::size_t rounded = (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
    void* p = std::aligned_alloc(kHugePageBytes, rounded);
    if (!p) throw std::bad_alloc();
    adviseHugePages(p, rounded);
    return HugePageArray<T>(static_cast<T*>(p));
}

// Copies of vertex lines, each vertex followed by its links, in chunks that never move: keeping
// a line copies it once, and the memory is touched once (a growing array would copy and touch
// everything again at every doubling).
class VertexLineStore {
  public:
    VertexLine keep(const VertexLine& line) {
        const std::size_t bytes =
            sizeof(SmdVertex) + std::size_t(line.vertex->linkCount) * sizeof(SmdLink);
        if (used_ + bytes > chunkBytes_) {
            chunks_.push_back(std::make_unique_for_overwrite<std::byte[]>(
                std::max(kChunkBytes, bytes))); // a line longer than a chunk gets its own
            chunkBytes_ = std::max(kChunkBytes, bytes);
            used_ = 0;
        }
        std::byte* at = chunks_.back().get() + used_;
        used_ += bytes;
        auto* vertex = new (at) SmdVertex(*line.vertex);
        auto* links = reinterpret_cast<SmdLink*>(at + sizeof(SmdVertex));
        for (std::uint32_t i = 0; i < line.vertex->linkCount; ++i)
            new (links + i) SmdLink(line.links[i]);
        return {vertex, links};
    }
    // The line kept at `vertex` (a pointer keep() returned).
    static VertexLine kept(const SmdVertex* vertex) {
        return {vertex, reinterpret_cast<const SmdLink*>(
                            reinterpret_cast<const std::byte*>(vertex) + sizeof(SmdVertex))};
    }

  private:
    static_assert(sizeof(SmdVertex) % alignof(SmdLink) == 0 &&
                  alignof(SmdVertex) == alignof(SmdLink));
    static constexpr std::size_t kChunkBytes = 1u << 20;
    std::vector<std::unique_ptr<std::byte[]>> chunks_;
    std::size_t chunkBytes_ = 0, used_ = 0;
};

// Distinct vertex lines, as an open-addressing set over copies of the distinct lines (the
// triangles are read a piece at a time and not kept). Each slot keeps its line's hash: a probe
// compares hashes first, so it reads a stored line only when the hashes are equal, and growing
// never hashes again.
class DistinctVertexLines {
  public:
    DistinctVertexLines() : slots_(emptySlots(1024)), slotCount_(1024) {}

    // Starts inserting `line`: hashes it and asks for its slot's cache line, so that several
    // lines can be on their way from memory at once (the table is far larger than the caches
    // and its slots are hit at random). Returns what insert() takes.
    struct Pending {
        std::uint64_t hash;
        VertexLine line;
    };
    Pending prepare(const VertexLine& line) const {
        const std::uint64_t hash = vertexLineHash(line);
        __builtin_prefetch(&slots_[hash & (slotCount_ - 1)]);
        return {hash, line};
    }
    // True when no equal line was inserted before.
    bool insert(const Pending& pending) {
        if (2 * (count_ + 1) > slotCount_) grow();
        const std::size_t mask = slotCount_ - 1;
        for (std::size_t i = pending.hash & mask;; i = (i + 1) & mask) {
            Slot& here = slots_[i];
            if (!here.line) {
                here = {pending.hash, store_.keep(pending.line).vertex};
                ++count_;
                return true;
            }
            if (here.hash == pending.hash &&
                sameVertexLine(VertexLineStore::kept(here.line), pending.line))
                return false;
        }
    }

  private:
    struct Slot {
        std::uint64_t hash = 0;
        const SmdVertex* line = nullptr; // kept in store_
    };

    void grow() {
        const HugePageArray<Slot> old = std::exchange(slots_, emptySlots(2 * slotCount_));
        const std::size_t oldCount = std::exchange(slotCount_, 2 * slotCount_);
        const std::size_t mask = slotCount_ - 1;
        for (const Slot& slot : std::span(old.get(), oldCount)) {
            if (!slot.line) continue;
            std::size_t i = slot.hash & mask;
            while (slots_[i].line) // lines in the set are distinct already
                i = (i + 1) & mask;
            slots_[i] = slot;
        }
    }

    static HugePageArray<Slot> emptySlots(std::size_t count) {
        HugePageArray<Slot> slots = allocateHugePageArray<Slot>(count);
        std::uninitialized_fill_n(slots.get(), count, Slot{});
        return slots;
    }

    HugePageArray<Slot> slots_;
    std::size_t slotCount_;
    std::size_t count_ = 0;
    VertexLineStore store_;
};

// The figures of the triangles, taken a piece at a time as the reader hands them on.
class TriangleTally {
  public:
    void add(std::span<const SmdTriangle> triangles, std::span<const SmdLink> links) {
        triangles_ += triangles.size();
        for (const SmdTriangle& triangle : triangles) {
            if (triangle.material >= trianglesOfMaterial_.size())
                trianglesOfMaterial_.resize(triangle.material + 1, 0);
            ++trianglesOfMaterial_[triangle.material];
            for (const SmdVertex& corner : triangle.corners)
                addCorner({&corner, links.data() + corner.firstLink});
        }
        // The lines in flight point into this piece, which the reader reuses.
        for (std::size_t i = queued_ > kInFlight ? queued_ - kInFlight : 0; i < queued_; ++i)
            if (seen_.insert(inFlight_[i % kInFlight])) ++verticesOverThreeInfluences_;
        queued_ = 0;
    }
    std::size_t triangles() const { return triangles_; }
    std::size_t trianglesOf(std::size_t material) const {
        return material < trianglesOfMaterial_.size() ? trianglesOfMaterial_[material] : 0;
    }
    std::size_t maxInfluences() const { return maxInfluences_; }
    std::size_t verticesOverThreeInfluences() const { return verticesOverThreeInfluences_; }

  private:
    // A line is inserted kInFlight lines after it is hashed (the count does not depend on the
    // order of insertion).
    static constexpr std::size_t kInFlight = 16;

    void addCorner(const VertexLine& line) {
        // A vertex with no links is rigid: one influence.
        const std::size_t influences = std::max<std::size_t>(line.vertex->linkCount, 1);
        maxInfluences_ = std::max(maxInfluences_, influences);
        if (influences <= 3) return;
        auto& slot = inFlight_[queued_++ % kInFlight];
        if (queued_ > kInFlight && seen_.insert(slot)) ++verticesOverThreeInfluences_;
        slot = seen_.prepare(line);
    }

    std::size_t triangles_ = 0;
    std::vector<std::size_t> trianglesOfMaterial_;
    std::size_t maxInfluences_ = 0;
    std::size_t verticesOverThreeInfluences_ = 0;
    DistinctVertexLines seen_;
    std::array<DistinctVertexLines::Pending, kInFlight> inFlight_;
    std::size_t queued_ = 0;
};

SmdSummary summarize(const SmdFile& file, const TriangleTally& tally) {
    SmdSummary summary;
    summary.kind = file.kind() == SmdKind::Reference ? "reference" : "animation";
    summary.nodes = file.nodes.size();
    summary.frames = file.frames.size();
    summary.triangles = tally.triangles();
    for (std::size_t m = 0; m < file.materials.size(); ++m)
        summary.materials.push_back({file.materials[m], tally.trianglesOf(m)});
    summary.maxInfluences = tally.maxInfluences();
    summary.verticesOverThreeInfluences = tally.verticesOverThreeInfluences();
    // A material that lost all its triangles to errors never reaches here; keep only used ones.
    std::erase_if(summary.materials, [](const MaterialCount& m) { return m.triangles == 0; });
    return summary;
}

void printJson(const SmdSummary& summary) {
    nlohmann::ordered_json json;
    json["kind"] = summary.kind;
    json["nodes"] = summary.nodes;
    json["frames"] = summary.frames;
    json["triangles"] = summary.triangles;
    json["materials"] = nlohmann::ordered_json::array();
    for (const MaterialCount& material : summary.materials)
        json["materials"].push_back({{"name", material.name}, {"triangles", material.triangles}});
    json["maxInfluences"] = summary.maxInfluences;
    json["verticesOverThreeInfluences"] = summary.verticesOverThreeInfluences;
    std::printf("%s\n", json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
}

void printText(const std::filesystem::path& path, const SmdSummary& summary) {
    constexpr int kLabelWidth = 30;
    const auto row = [&](const char* label, const std::string& value) {
        std::printf("  %-*s%s\n", kLabelWidth, label, value.c_str());
    };
    std::printf("%s\n", path.string().c_str());
    row("kind", summary.kind);
    row("nodes", std::to_string(summary.nodes));
    row("frames", std::to_string(summary.frames));
    row("triangles", std::to_string(summary.triangles));
    row("materials", std::to_string(summary.materials.size()));
    for (const MaterialCount& material : summary.materials)
        std::printf("    %-*s%zu triangles\n", kLabelWidth - 2, material.name.c_str(),
                    material.triangles);
    row("max influences on a vertex", std::to_string(summary.maxInfluences));
    row("vertices over 3 influences", std::to_string(summary.verticesOverThreeInfluences));
}

} // namespace

void inspectSmd(const std::filesystem::path& file, bool json, DiagnosticSink& sink) {
    // The triangles are tallied as they are read, never all held (a big mesh's triangles take
    // more memory than its text).
    TriangleTally tally;
    SmdReadOptions options;
    options.triangles = [&](std::span<const SmdTriangle> triangles,
                            std::span<const SmdLink> links) { tally.add(triangles, links); };
    const auto smd = readSmdFile(file, sink, options);
    if (!smd) return;
    const SmdSummary summary = summarize(*smd, tally);
    if (json)
        printJson(summary);
    else
        printText(file, summary);
}

} // namespace vtxc::cli
