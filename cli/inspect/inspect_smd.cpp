// `vtxc inspect FILE.smd [--json]`: kind, counts, materials and bone-influence figures of an SMD.
// A "vertex" in the influence figures is a distinct vertex line (equal lines count once).
#include "cli/inspect/inspect.h"
#include "formats/common/internal_error.h"
#include "formats/common/page_prefault.h"
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

template <typename T> T loaded(const std::byte* p) {
    T value;
    std::memcpy(&value, p, sizeof value);
    return value;
}

// Equal vertex lines: every value equal, bytes included (so -0 and 0 differ, as the text does).
bool sameVertexLine(const VertexLine& a, const VertexLine& b) {
    return identicalVertexLines(*a.vertex, a.links, *b.vertex, b.links);
}

// One multiply-xor step per word of values; the final mix spreads every bit into the low bits that
// pick a slot. Equal lines give equal hashes (the same bits in the same order).
std::uint64_t mixed(std::uint64_t h, std::uint64_t value) {
    return (h ^ value) * 0x9E3779B97F4A7C15ull;
}

// The values are read as 8-byte words where they lie (kSmdVertexValueBytes: four words and uv.y).
std::uint64_t vertexLineHash(const VertexLine& line) {
    const auto* values = reinterpret_cast<const std::byte*>(line.vertex);
    std::uint64_t h = mixed(loaded<std::uint64_t>(values), loaded<std::uint64_t>(values + 8));
    h = mixed(h, loaded<std::uint64_t>(values + 16));
    h = mixed(h, loaded<std::uint64_t>(values + 24));
    h = mixed(h, loaded<std::uint32_t>(values + 32));
    static_assert(kSmdVertexValueBytes == 36);
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
// random: zeroed by the kernel as it is first touched (calloc of fresh memory), in small pages
// (see formats/common/page_prefault.h for why not huge ones).
struct FreeMemory {
    void operator()(void* p) const { std::free(p); }
};
template <typename T> using ZeroedArray = std::unique_ptr<T[], FreeMemory>;

// `count` elements of T, all bytes zero (T is trivial and all-zero is its empty value).
template <typename T> ZeroedArray<T> allocateZeroedArray(std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T> && alignof(T) <= alignof(std::max_align_t));
    void* p = std::calloc(count, sizeof(T));
    if (!p) throw std::bad_alloc();
    prefaultPages(p, count * sizeof(T)); // one call instead of a fault per page
    return ZeroedArray<T>(static_cast<T*>(p));
}

// Copies of vertex lines, each vertex followed by its links, in chunks that never move: keeping
// a line copies it once, and the memory is touched once (a growing array would copy and touch
// everything again at every doubling). A kept line is named by a 32-bit number, its place in
// 4-byte units.
class VertexLineStore {
  public:
    std::uint32_t keep(const VertexLine& line) {
        const std::size_t bytes =
            sizeof(SmdVertex) + std::size_t(line.vertex->linkCount) * sizeof(SmdLink);
        if (used_ + bytes > kChunkBytes) {
            // A line is kept for each distinct line of the text, and takes at most about 2.5
            // times its text (44 bytes and 8 a link, against at least 18 bytes and 4 a link):
            // a 4 GiB file stays within the 16 GiB that the numbers reach.
            VTXC_CHECK(chunks_.size() < kMaxChunks, "vertex line store over 16 GiB");
            chunks_.push_back(std::make_unique_for_overwrite<std::byte[]>(kChunkBytes));
            prefaultPages(chunks_.back().get(), kChunkBytes);
            used_ = 0;
        }
        std::byte* at = chunks_.back().get() + used_;
        const auto number =
            static_cast<std::uint32_t>(((chunks_.size() - 1) << kUnitsPerChunkBits) + used_ / 4);
        used_ += bytes;
        new (at) SmdVertex(*line.vertex);
        auto* links = reinterpret_cast<SmdLink*>(at + sizeof(SmdVertex));
        for (std::uint32_t i = 0; i < line.vertex->linkCount; ++i)
            new (links + i) SmdLink(line.links[i]);
        return number;
    }
    // The line kept as `number` (what keep() returned).
    VertexLine kept(std::uint32_t number) const {
        const std::byte* at = chunks_[number >> kUnitsPerChunkBits].get() +
                              std::size_t(number & ((1u << kUnitsPerChunkBits) - 1)) * 4;
        return {reinterpret_cast<const SmdVertex*>(at),
                reinterpret_cast<const SmdLink*>(at + sizeof(SmdVertex))};
    }

  private:
    static_assert(sizeof(SmdVertex) % 4 == 0 && sizeof(SmdLink) % 4 == 0 &&
                  alignof(SmdVertex) <= 4 && alignof(SmdLink) <= 4);
    static constexpr int kUnitsPerChunkBits = 18;
    static constexpr std::size_t kChunkBytes = std::size_t(4) << kUnitsPerChunkBits; // 1 MiB
    static constexpr std::size_t kMaxChunks = std::size_t(1) << (32 - kUnitsPerChunkBits);
    static_assert(sizeof(SmdVertex) + kSmdMaxLinksPerVertex * sizeof(SmdLink) <= kChunkBytes);
    std::vector<std::unique_ptr<std::byte[]>> chunks_;
    std::size_t used_ = kChunkBytes; // the first line opens a chunk
};

// Distinct vertex lines, as an open-addressing set over copies of the distinct lines (the
// triangles are read a piece at a time and not kept). A slot is 8 bytes: 32 bits of the line's
// hash, which place it and are compared first (a stored line is read only when they are equal,
// and growing never hashes again), and the kept line's number plus one (0: an empty slot).
class DistinctVertexLines {
  public:
    DistinctVertexLines() : slots_(emptySlots(1024)), slotCount_(1024) {}

    // Starts inserting `line`: hashes it and asks for its slot's cache line, so that several
    // lines can be on their way from memory at once (the table is far larger than the caches
    // and its slots are hit at random). Returns what insert() takes.
    struct Pending {
        std::uint32_t hash;
        VertexLine line;
    };
    Pending prepare(const VertexLine& line) const {
        const auto hash = static_cast<std::uint32_t>(vertexLineHash(line));
        __builtin_prefetch(&slots_[hash & (slotCount_ - 1)]);
        return {hash, line};
    }
    // True when no equal line was inserted before.
    bool insert(const Pending& pending) {
        if (2 * (count_ + 1) > slotCount_) grow();
        const std::size_t mask = slotCount_ - 1;
        for (std::size_t i = pending.hash & mask;; i = (i + 1) & mask) {
            Slot& here = slots_[i];
            if (here.linePlusOne == 0) {
                here = {pending.hash, store_.keep(pending.line) + 1};
                ++count_;
                return true;
            }
            if (here.hash == pending.hash &&
                sameVertexLine(store_.kept(here.linePlusOne - 1), pending.line))
                return false;
        }
    }

  private:
    struct Slot {
        std::uint32_t hash;
        std::uint32_t linePlusOne;
    };

    void grow() {
        const ZeroedArray<Slot> old = std::exchange(slots_, emptySlots(2 * slotCount_));
        const std::size_t oldCount = std::exchange(slotCount_, 2 * slotCount_);
        const std::size_t mask = slotCount_ - 1;
        for (const Slot& slot : std::span(old.get(), oldCount)) {
            if (slot.linePlusOne == 0) continue;
            std::size_t i = slot.hash & mask;
            while (slots_[i].linePlusOne != 0) // lines in the set are distinct already
                i = (i + 1) & mask;
            slots_[i] = slot;
        }
    }

    static ZeroedArray<Slot> emptySlots(std::size_t count) {
        static_assert(std::is_trivially_copyable_v<Slot>); // all zero: empty
        return allocateZeroedArray<Slot>(count);
    }

    ZeroedArray<Slot> slots_;
    std::size_t slotCount_;
    std::size_t count_ = 0;
    VertexLineStore store_;
};

// The figures of the triangles, taken a piece at a time as the reader hands them on.
class TriangleTally {
  public:
    void add(const SmdTrianglePiece& piece) {
        triangles_ += piece.triangles.size();
        for (std::size_t t = 0; t < piece.triangles.size(); ++t) {
            const SmdTriangle& triangle = piece.triangles[t];
            if (triangle.material >= trianglesOfMaterial_.size())
                trianglesOfMaterial_.resize(triangle.material + 1, 0);
            ++trianglesOfMaterial_[triangle.material];
            // A corner whose line repeats an earlier one was counted with it (most corners).
            const unsigned repeated = piece.repeatedCorners[t];
            for (unsigned k = 0; k < 3; ++k) {
                if (repeated & (1u << k)) continue;
                const SmdVertex& corner = triangle.corners[k];
                addCorner({&corner, piece.links.data() + corner.firstLink});
            }
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
    options.triangles = [&](const SmdTrianglePiece& piece) { tally.add(piece); };
    const auto smd = readSmdFile(file, sink, options);
    if (!smd) return;
    const SmdSummary summary = summarize(*smd, tally);
    if (json)
        printJson(summary);
    else
        printText(file, summary);
}

} // namespace vtxc::cli
