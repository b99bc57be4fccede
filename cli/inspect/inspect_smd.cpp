// `vtxc inspect FILE.smd [--json]`: kind, counts, materials and bone-influence figures of an SMD.
// A "vertex" in the influence figures is a distinct vertex line (equal lines count once).
#include "cli/inspect/inspect.h"
#include "formats/smd/smd.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
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

// Equal vertex lines: every value equal, bytes included (so -0 and 0 differ, as the text does).
bool sameVertexLine(const SmdFile& file, const SmdVertex& a, const SmdVertex& b) {
    const auto linksA = file.linksOf(a), linksB = file.linksOf(b);
    return a.bone == b.bone && std::memcmp(&a.position, &b.position, sizeof a.position) == 0 &&
           std::memcmp(&a.normal, &b.normal, sizeof a.normal) == 0 &&
           std::memcmp(&a.uv, &b.uv, sizeof a.uv) == 0 && a.linkCount == b.linkCount &&
           std::equal(linksA.begin(), linksA.end(), linksB.begin(),
                      [](const SmdLink& x, const SmdLink& y) {
                          return x.bone == y.bone &&
                                 std::memcmp(&x.weight, &y.weight, sizeof x.weight) == 0;
                      });
}

// One multiply-xor step per value; the final mix spreads every bit into the low bits that pick a
// slot. Equal lines give equal hashes (the same bits in the same order).
std::uint64_t mixed(std::uint64_t h, std::uint64_t value) {
    return (h ^ value) * 0x9E3779B97F4A7C15ull;
}

template <typename T> std::uint64_t bitsOf(const T& value) {
    static_assert(sizeof(T) <= sizeof(std::uint64_t));
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof value);
    return bits;
}

std::uint64_t pairOf(float a, float b) {
    return bitsOf(a) << 32 | bitsOf(b);
}

std::uint64_t vertexLineHash(const SmdFile& file, const SmdVertex& v) {
    std::uint64_t h = mixed(bitsOf(v.bone), pairOf(v.position.x, v.position.y));
    h = mixed(h, pairOf(v.position.z, v.normal.x));
    h = mixed(h, pairOf(v.normal.y, v.normal.z));
    h = mixed(h, pairOf(v.uv.x, v.uv.y));
    for (const SmdLink& link : file.linksOf(v))
        h = mixed(h, bitsOf(link.bone) << 32 | bitsOf(link.weight));
    // MurmurHash3's 64-bit finaliser: the multiplies above carry low bits up only, never down.
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 33);
}

// Distinct vertex lines, as an open-addressing set of pointers into the file (no copy of a line,
// no allocation per line). Each slot keeps its line's hash: a probe compares hashes first, so it
// reads a stored line only when the hashes are equal, and growing never hashes again.
class DistinctVertexLines {
  public:
    explicit DistinctVertexLines(const SmdFile& file) : file_(file), slots_(1024) {}

    // Starts inserting `v`: hashes it and asks for its slot's cache line, so that several lines
    // can be on their way from memory at once (the table is far larger than the caches and its
    // slots are hit at random). Returns what insert() takes.
    struct Pending {
        std::uint64_t hash;
        const SmdVertex* line;
    };
    Pending prepare(const SmdVertex& v) const {
        const std::uint64_t hash = vertexLineHash(file_, v);
        __builtin_prefetch(&slots_[hash & (slots_.size() - 1)]);
        return {hash, &v};
    }
    // True when no equal line was inserted before.
    bool insert(const Pending& pending) {
        if (2 * (count_ + 1) > slots_.size()) grow();
        if (!place({pending.hash, pending.line}, true)) return false;
        ++count_;
        return true;
    }

  private:
    struct Slot {
        std::uint64_t hash = 0;
        const SmdVertex* line = nullptr;
    };

    bool place(const Slot& slot, bool compare) {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = slot.hash & mask;; i = (i + 1) & mask) {
            Slot& here = slots_[i];
            if (!here.line) {
                here = slot;
                return true;
            }
            if (compare && here.hash == slot.hash && sameVertexLine(file_, *here.line, *slot.line))
                return false;
        }
    }
    void grow() {
        std::vector<Slot> old(slots_.size() * 2);
        old.swap(slots_);
        for (const Slot& slot : old)
            if (slot.line) place(slot, false); // lines in the set are distinct already
    }

    const SmdFile& file_;
    std::vector<Slot> slots_;
    std::size_t count_ = 0;
};

SmdSummary summarize(const SmdFile& file) {
    SmdSummary summary;
    summary.kind = file.kind() == SmdKind::Reference ? "reference" : "animation";
    summary.nodes = file.nodes.size();
    summary.frames = file.frames.size();
    summary.triangles = file.triangles.size();
    for (const std::string& name : file.materials)
        summary.materials.push_back({name, 0});
    // Lines are inserted kInFlight lines after they are hashed (the count does not depend on the
    // order of insertion).
    constexpr std::size_t kInFlight = 16;
    DistinctVertexLines seen(file);
    std::array<DistinctVertexLines::Pending, kInFlight> inFlight;
    std::size_t queued = 0;
    for (const SmdTriangle& triangle : file.triangles) {
        ++summary.materials[triangle.material].triangles;
        for (const SmdVertex& corner : triangle.corners) {
            const std::size_t influences = file.influences(corner).size();
            summary.maxInfluences = std::max(summary.maxInfluences, influences);
            if (influences <= 3) continue;
            auto& slot = inFlight[queued++ % kInFlight];
            if (queued > kInFlight && seen.insert(slot)) ++summary.verticesOverThreeInfluences;
            slot = seen.prepare(corner);
        }
    }
    for (std::size_t i = queued > kInFlight ? queued - kInFlight : 0; i < queued; ++i)
        if (seen.insert(inFlight[i % kInFlight])) ++summary.verticesOverThreeInfluences;
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
    const auto smd = readSmdFile(file, sink);
    if (!smd) return;
    const SmdSummary summary = summarize(*smd);
    if (json)
        printJson(summary);
    else
        printText(file, summary);
}

} // namespace vtxc::cli
