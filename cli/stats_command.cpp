// `vtxc stats MODEL [--json] [--cache-sizes 16,24,32]`: quality figures of a compiled model per
// variant, LOD and mesh, as an aligned table or JSON.
#include "cli/command.h"
#include "formats/studio/model_check.h"
#include "tools/model_stats.h"
#include "tools/tools_codes.h"

#include <cstdio>
#include <iostream>

namespace vtxc::cli {

namespace {
std::string fixed(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", v);
    return buffer;
}

void printRow(const std::string& variant, const std::string& lod, const nlohmann::json& f,
              const std::vector<std::size_t>& extra, bool withReference) {
    std::printf("%-6s %-6s %8d %8d %8d %6s %6d %6d %6d %7s %7s", variant.c_str(), lod.c_str(),
                f["triangles"].get<int>(), f["uniqueVertices"].get<int>(),
                f["storedVertices"].get<int>(), fixed(f["duplication"].get<double>()).c_str(),
                f["stripGroups"].get<int>(), f["strips"].get<int>(),
                f["boneStateChanges"].get<int>(), fixed(f["acmr"].get<double>()).c_str(),
                fixed(f["atvr"].get<double>()).c_str());
    for (std::size_t size : extra) {
        const auto& at = f["cacheSizes"][std::to_string(size)];
        std::printf(" %7s", at.is_null() ? "-" : fixed(at["acmr"].get<double>()).c_str());
    }
    if (withReference)
        std::printf(" %7s %8s %7s %7s %7s", fixed(f["lowerBound"].get<double>()).c_str(),
                    fixed(f["headroom"]["acmr"].get<double>()).c_str(),
                    fixed(f["gpu"]["nvidia"]["acmr"].get<double>()).c_str(),
                    fixed(f["gpu"]["amd"]["acmr"].get<double>()).c_str(),
                    fixed(f["gpu"]["intel"]["acmr"].get<double>()).c_str());
    std::printf("\n");
}

void printTable(const nlohmann::json& stats, const std::vector<std::size_t>& extra) {
    std::printf("%-6s %-6s %8s %8s %8s %6s %6s %6s %6s %7s %7s", "vtx", "LOD", "tris", "unique",
                "stored", "dup", "groups", "strips", "bsc", "ACMR", "ATVR");
    for (std::size_t size : extra)
        std::printf(" %7s", ("ACMR@" + std::to_string(size)).c_str());
    std::printf(" %7s %8s %7s %7s %7s\n", "bound", "meshopt", "nvidia", "amd", "intel");
    for (const char* variant : {"dx90", "dx80", "sw"}) {
        if (!stats["variants"].contains(variant)) continue;
        const auto& lods = stats["variants"][variant]["lods"];
        for (std::size_t l = 0; l < lods.size(); ++l) {
            printRow(variant, std::to_string(l), lods[l], extra, true);
            const auto& meshes = lods[l]["meshes"];
            if (meshes.size() > 1)
                for (std::size_t m = 0; m < meshes.size(); ++m)
                    printRow("", "  m" + std::to_string(m), meshes[m], extra, false);
        }
    }
    std::printf(
        "ACMR/ATVR: FIFO of the header's vertCacheSize, emptied per strip; bound: unique/tris;\n"
        "meshopt: same triangles ordered by meshoptimizer with no bone limit; nvidia/amd/intel:\n"
        "meshopt_analyzeVertexCache (32/32/32, 14/64/128, 128/0/0).\nfiles:");
    for (const auto& [name, bytes] : stats["files"].items())
        std::printf(" %s %llu B;", name.c_str(),
                    static_cast<unsigned long long>(bytes.get<std::uint64_t>()));
    std::printf("\n");
}
} // namespace

void addStatsCommand(CLI::App& app, CommandContext& context) {
    auto* sub =
        app.add_subcommand("stats", "Quality figures of a compiled model (ACMR, ATVR, strips, "
                                    "duplicated vertices, bone state changes) per variant and LOD");
    auto model = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto sizes = std::make_shared<std::vector<std::size_t>>();
    sub->add_option("MODEL", *model, "model base path (models/foo for foo.mdl, foo.vvd, foo.*.vtx)")
        ->required();
    sub->add_flag("--json", *json, "machine-readable output");
    sub->add_option("--cache-sizes", *sizes, "more FIFO cache sizes to simulate, e.g. 16,24,32")
        ->delimiter(',')
        ->check(CLI::Range(std::size_t(1), std::size_t(4096)));
    sub->callback([&context, model, json, sizes] {
        StderrSink sink;
        const ModelFilePaths paths = findModelFiles(*model);
        if (paths.vtx.empty()) {
            sink.report(kStatsCodes["STATS001"], {*model},
                        "no .vtx file found for this model (give the base path: models/foo for "
                        "foo.dx90.vtx)");
            context.exitStatus = exitStatusOf(sink);
            return;
        }
        const LoadedModel loaded = loadModelFiles(paths, sink);
        if (!sink.hasErrors()) {
            const nlohmann::json stats = modelStatsJson(paths, loaded, StatsOptions{*sizes});
            if (*json)
                std::cout << stats.dump(2) << "\n";
            else
                printTable(stats, *sizes);
        }
        context.exitStatus = exitStatusOf(sink);
    });
}

} // namespace vtxc::cli
