// `vtxc inspect FILE.smd [--json]`: kind, counts, materials and bone-influence figures of an SMD.
// A "vertex" in the influence figures is a distinct vertex line (equal lines count once).
#include "cli/inspect/inspect.h"
#include "formats/smd/smd.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <unordered_set>

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

// Every value of a vertex line, bytes included, so that equal lines (and only those) compare equal.
std::string vertexKey(const SmdFile& file, const SmdVertex& vertex) {
    std::string key;
    const auto append = [&key](const void* data, std::size_t size) {
        key.append(static_cast<const char*>(data), size);
    };
    append(&vertex.bone, sizeof vertex.bone);
    append(&vertex.position, sizeof vertex.position);
    append(&vertex.normal, sizeof vertex.normal);
    append(&vertex.uv, sizeof vertex.uv);
    append(&vertex.linkCount, sizeof vertex.linkCount);
    for (const SmdLink& link : file.linksOf(vertex)) {
        append(&link.bone, sizeof link.bone);
        append(&link.weight, sizeof link.weight);
    }
    return key;
}

SmdSummary summarize(const SmdFile& file) {
    SmdSummary summary;
    summary.kind = file.kind() == SmdKind::Reference ? "reference" : "animation";
    summary.nodes = file.nodes.size();
    summary.frames = file.frames.size();
    summary.triangles = file.triangles.size();
    for (const std::string& name : file.materials)
        summary.materials.push_back({name, 0});
    std::unordered_set<std::string> seen;
    for (const SmdTriangle& triangle : file.triangles) {
        ++summary.materials[triangle.material].triangles;
        for (const SmdVertex& corner : triangle.corners) {
            const std::size_t influences = file.influences(corner).size();
            summary.maxInfluences = std::max(summary.maxInfluences, influences);
            if (influences > 3 && seen.insert(vertexKey(file, corner)).second)
                ++summary.verticesOverThreeInfluences;
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
