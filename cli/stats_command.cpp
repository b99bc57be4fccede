// `vtxc stats MODEL [--json] [--cache-sizes 16,24,32]`: quality figures of a compiled model per
// variant, LOD and mesh, as an aligned table or JSON.
#include "cli/command.h"
#include "formats/studio/model_check.h"
#include "tools/model_stats.h"
#include "tools/tools_codes.h"
#include "tools/tools_json.h"

#include <cstdio>

namespace vtxc::cli {

namespace {
std::string fixed(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", v);
    return buffer;
}

void printRow(const std::string& variant, const std::string& lod, const QualityFigures& f,
              const std::vector<std::size_t>& extra, const LodReferences* references) {
    std::printf("%-6s %-6s %8zu %8zu %8zu %6s %6zu %6zu %6zu %7s %7s", variant.c_str(), lod.c_str(),
                f.triangles, f.uniqueVertices, f.storedVertices, fixed(f.duplication).c_str(),
                f.stripGroups, f.strips, f.boneStateChanges, fixed(f.acmr).c_str(),
                fixed(f.atvr).c_str());
    for (std::size_t size : extra) {
        const CacheSizeFigures* at = f.atCacheSize(size);
        std::printf(" %7s", at ? fixed(at->acmr).c_str() : "-");
    }
    if (references) {
        std::printf(" %7s %8s", fixed(references->lowerBound).c_str(),
                    fixed(references->headroom.acmr).c_str());
        for (const GpuCacheFigures& gpu : references->gpu)
            std::printf(" %7s", fixed(gpu.figures.acmr).c_str());
    }
    std::printf("\n");
}

void printCollision(const CollisionStats& c) {
    std::printf("collision (%s, %s): %zu solids, %zu pieces, points per piece %zu..%zu (total "
                "%zu), total mass %s kg\n",
                c.file.c_str(), c.jointed ? "jointed" : "prop", c.solids.size(), c.pieces,
                c.minPointsPerPiece, c.maxPointsPerPiece, c.totalPoints,
                fixed(c.totalMass).c_str());
    if (c.referenceVolume > 0)
        std::printf("  hull volume %s cu in = %s x the convex hull of the LOD-0 render vertices "
                    "(%s cu in)\n",
                    fixed(c.hullVolume).c_str(), fixed(c.hullVolume / c.referenceVolume).c_str(),
                    fixed(c.referenceVolume).c_str());
    else
        std::printf("  hull volume %s cu in\n", fixed(c.hullVolume).c_str());
    std::printf("  %-32s %6s %7s %14s %10s\n", "solid", "pieces", "points", "volume", "mass");
    for (const CollisionSolidStats& s : c.solids)
        std::printf("  %-32s %6zu %7zu %14s %10s\n", s.name.c_str(), s.pieces, s.points,
                    fixed(s.volume).c_str(), fixed(s.mass).c_str());
    for (const std::string& reason : c.costly)
        std::printf("warning: costly collision model: %s\n", reason.c_str());
}

void printTable(const ModelStats& stats, const std::vector<std::size_t>& extra) {
    std::printf("%-6s %-6s %8s %8s %8s %6s %6s %6s %6s %7s %7s", "vtx", "LOD", "tris", "unique",
                "stored", "dup", "groups", "strips", "bsc", "ACMR", "ATVR");
    for (std::size_t size : extra)
        std::printf(" %7s", ("ACMR@" + std::to_string(size)).c_str());
    std::printf(" %7s %8s %7s %7s %7s\n", "bound", "meshopt", "nvidia", "amd", "intel");
    for (const char* name : {"dx90", "dx80", "sw"}) {
        const VariantQualityReport* variant = stats.quality.find(name);
        if (!variant) continue;
        const std::vector<LodReferences>& references =
            stats.references.at(static_cast<std::size_t>(variant - stats.quality.variants.data()));
        for (std::size_t l = 0; l < variant->lods.size(); ++l) {
            const LodQualityReport& lod = variant->lods[l];
            printRow(name, std::to_string(l), lod.total, extra, &references.at(l));
            if (lod.meshes.size() > 1)
                for (std::size_t m = 0; m < lod.meshes.size(); ++m)
                    printRow("", "  m" + std::to_string(m), lod.meshes[m], extra, nullptr);
        }
    }
    std::printf(
        "ACMR/ATVR: FIFO of the header's vertCacheSize, emptied per strip; bound: unique/tris;\n"
        "meshopt: same triangles ordered by meshoptimizer with no bone limit; nvidia/amd/intel:\n"
        "meshopt_analyzeVertexCache (32/32/32, 14/64/128, 128/0/0).\nfiles:");
    for (const FileSize& file : stats.files)
        std::printf(" %s %llu B;", file.name.c_str(), static_cast<unsigned long long>(file.bytes));
    std::printf("\n");
    printGeneratedLods(stats.generatedLods);
    if (stats.collision) printCollision(*stats.collision);
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
            ModelStats stats = modelStats(paths, loaded, StatsOptions{*sizes});
            stats.generatedLods = generatedLodsBeside(paths, loaded, sink);
            stats.collision = collisionStatsBeside(paths, loaded, sink);
            if (*json)
                std::fputs(modelStatsJsonText(stats).c_str(), stdout);
            else
                printTable(stats, *sizes);
        }
        context.exitStatus = exitStatusOf(sink);
    });
}

} // namespace vtxc::cli
