// `vtxc inspect FILE.smd [--json]`: kind, counts, materials and bone-influence figures of an SMD.
// A "vertex" in the influence figures is a distinct vertex line (equal lines count once).
#include "cli/inspect/inspect.h"
#include "formats/smd/smd.h"

#include <algorithm>
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

std::uint64_t mixed(std::uint64_t h, std::uint64_t value) {
    h ^= value + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h * 0xBF58476D1CE4E5B9ull;
}

template <typename T> std::uint64_t bitsOf(const T& value) {
    static_assert(sizeof(T) <= sizeof(std::uint64_t));
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof value);
    return bits;
}

std::uint64_t vertexLineHash(const SmdFile& file, const SmdVertex& v) {
    std::uint64_t h = mixed(0, bitsOf(v.bone));
    for (const float f : {v.position.x, v.position.y, v.position.z, v.normal.x, v.normal.y,
                          v.normal.z, v.uv.x, v.uv.y})
        h = mixed(h, bitsOf(f));
    for (const SmdLink& link : file.linksOf(v))
        h = mixed(h, bitsOf(link.bone) << 32 | bitsOf(link.weight));
    return h;
}

// Distinct vertex lines, as an open-addressing set of pointers into the file (no copy of a line,
// no allocation per line).
class DistinctVertexLines {
  public:
    explicit DistinctVertexLines(const SmdFile& file) : file_(file), slots_(1024, nullptr) {}

    // True when no equal line was inserted before.
    bool insert(const SmdVertex& v) {
        if (2 * (count_ + 1) > slots_.size()) grow();
        if (!place(v, vertexLineHash(file_, v))) return false;
        ++count_;
        return true;
    }

  private:
    bool place(const SmdVertex& v, std::uint64_t hash) {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            if (!slots_[i]) {
                slots_[i] = &v;
                return true;
            }
            if (sameVertexLine(file_, *slots_[i], v)) return false;
        }
    }
    void grow() {
        std::vector<const SmdVertex*> old(slots_.size() * 2, nullptr);
        old.swap(slots_);
        for (const SmdVertex* v : old)
            if (v) place(*v, vertexLineHash(file_, *v));
    }

    const SmdFile& file_;
    std::vector<const SmdVertex*> slots_;
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
    DistinctVertexLines seen(file);
    for (const SmdTriangle& triangle : file.triangles) {
        ++summary.materials[triangle.material].triangles;
        for (const SmdVertex& corner : triangle.corners) {
            const std::size_t influences = file.influences(corner).size();
            summary.maxInfluences = std::max(summary.maxInfluences, influences);
            if (influences > 3 && seen.insert(corner)) ++summary.verticesOverThreeInfluences;
        }
    }
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
    std::printf("%s\n", json.dump(2).c_str());
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
