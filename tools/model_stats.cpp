// Quality figures of a compiled model for `vtxc stats`: the compile report's figures plus reference
// points (lower bound, meshoptimizer's unconstrained order, batch-GPU cache models via
// meshoptimizer).
#include "tools/model_stats.h"

#include "collision/collision.h"
#include "compiler/compile_json.h"
#include "compiler/physics/physics_model.h"
#include "formats/common/file_io.h"
#include "formats/phy/phy_check.h"
#include "optimizer/strips/fifo_cache.h"
#include "optimizer/strips/vtx_analysis.h"
#include "tools/model_physics_check.h"
#include "tools/tools_codes.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <meshoptimizer.h>

namespace vtxc {

namespace {
struct GpuModel {
    const char* name;
    unsigned cacheSize, warpSize, primgroupSize;
};
constexpr GpuModel kGpuModels[] = {
    {"nvidia", 32, 32, 32}, {"amd", 14, 64, 128}, {"intel", 128, 0, 0}};

// Every mesh's triangles of one LOD, renumbered to compact ids (mesh vertices are disjoint).
struct LodMeshes {
    std::vector<std::vector<std::uint32_t>> meshes; // compact ids per mesh
    std::vector<std::size_t> vertexCounts;
};

LodMeshes collectLod(const VtxFile& file, std::size_t lod) {
    LodMeshes out;
    for (const VtxBodyPart& part : file.bodyParts)
        for (const VtxModel& model : part.models) {
            if (lod >= model.lods.size()) continue;
            for (const VtxMesh& mesh : model.lods[lod].meshes) {
                std::vector<std::uint32_t> tris = meshTriangles(mesh);
                std::vector<std::uint32_t> ids(tris);
                std::sort(ids.begin(), ids.end());
                ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
                for (std::uint32_t& v : tris)
                    v = static_cast<std::uint32_t>(std::lower_bound(ids.begin(), ids.end(), v) -
                                                   ids.begin());
                out.meshes.push_back(std::move(tris));
                out.vertexCounts.push_back(ids.size());
            }
        }
    return out;
}

AcmrAtvr headroom(const LodMeshes& lod, std::size_t cacheSize) {
    CacheFigures total;
    for (std::size_t m = 0; m < lod.meshes.size(); ++m) {
        const auto& tris = lod.meshes[m];
        std::vector<std::uint32_t> fifo(tris.size()), lru(tris.size());
        meshopt_optimizeVertexCacheFifo(fifo.data(), tris.data(), tris.size(), lod.vertexCounts[m],
                                        static_cast<unsigned>(cacheSize));
        meshopt_optimizeVertexCache(lru.data(), tris.data(), tris.size(), lod.vertexCounts[m]);
        const CacheFigures a = simulateFifoCache(fifo, lod.vertexCounts[m], cacheSize);
        const CacheFigures b = simulateFifoCache(lru, lod.vertexCounts[m], cacheSize);
        const CacheFigures& best = a.misses <= b.misses ? a : b;
        total.triangles += best.triangles;
        total.misses += best.misses;
        total.uniqueVertices += best.uniqueVertices;
    }
    return {reportedRatio(total.acmr()), reportedRatio(total.atvr())};
}

std::vector<GpuCacheFigures> gpuFigures(const LodMeshes& lod) {
    std::vector<GpuCacheFigures> out;
    for (const GpuModel& gpu : kGpuModels) {
        double transformed = 0, triangles = 0, vertices = 0;
        for (std::size_t m = 0; m < lod.meshes.size(); ++m) {
            const auto& tris = lod.meshes[m];
            if (tris.empty()) continue;
            const meshopt_VertexCacheStatistics s =
                meshopt_analyzeVertexCache(tris.data(), tris.size(), lod.vertexCounts[m],
                                           gpu.cacheSize, gpu.warpSize, gpu.primgroupSize);
            transformed += s.vertices_transformed;
            triangles += double(tris.size()) / 3;
            vertices += double(lod.vertexCounts[m]);
        }
        out.push_back({gpu.name,
                       {reportedRatio(triangles > 0 ? transformed / triangles : 0),
                        reportedRatio(vertices > 0 ? transformed / vertices : 0)}});
    }
    return out;
}

std::uintmax_t fileBytes(const std::filesystem::path& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    return ec ? 0 : size;
}

std::vector<LodReferences> lodReferences(const VtxFile& file,
                                         const std::vector<LodQualityReport>& lods) {
    std::vector<LodReferences> out;
    const std::size_t cacheSize = static_cast<std::size_t>(std::max(1, file.vertCacheSize));
    for (std::size_t l = 0; l < lods.size(); ++l) {
        const LodMeshes lod = collectLod(file, l);
        const QualityFigures& total = lods[l].total;
        const double triangles = double(total.triangles);
        out.push_back({reportedRatio(triangles > 0 ? double(total.uniqueVertices) / triangles : 0),
                       headroom(lod, cacheSize), gpuFigures(lod)});
    }
    return out;
}
} // namespace

ModelStats modelStats(const ModelFilePaths& paths, const LoadedModel& model,
                      const StatsOptions& options) {
    std::vector<NamedVtx> named;
    for (const LoadedModel::Vtx& vtx : model.vtx)
        named.push_back({vtx.variant, &vtx.file});
    ModelStats stats;
    stats.quality = qualityReport(named, options.extraCacheSizes);
    for (std::size_t v = 0; v < model.vtx.size(); ++v)
        stats.references.push_back(
            lodReferences(model.vtx[v].file, stats.quality.variants[v].lods));
    if (!paths.mdl.empty())
        stats.files.push_back({paths.mdl.filename().string(), fileBytes(paths.mdl)});
    if (!paths.vvd.empty())
        stats.files.push_back({paths.vvd.filename().string(), fileBytes(paths.vvd)});
    for (const auto& vtx : paths.vtx)
        stats.files.push_back({vtx.path.filename().string(), fileBytes(vtx.path)});
    std::sort(stats.files.begin(), stats.files.end(),
              [](const FileSize& a, const FileSize& b) { return a.name < b.name; });
    return stats;
}

std::filesystem::path layoutPathOf(const ModelFilePaths& paths) {
    // NAME.vvd, NAME.mdl or NAME.VARIANT.vtx: the base is the name before the last extension
    // (two for a .vtx).
    std::filesystem::path base;
    if (!paths.vvd.empty())
        base = std::filesystem::path(paths.vvd).replace_extension();
    else if (!paths.mdl.empty())
        base = std::filesystem::path(paths.mdl).replace_extension();
    else if (!paths.vtx.empty())
        base =
            std::filesystem::path(paths.vtx.front().path).replace_extension().replace_extension();
    if (base.empty()) return {};
    return base.string() + ".layout.json";
}

namespace {
// The checksum every file of the model carries (the first file's; the readers compare them).
std::optional<std::int32_t> modelChecksum(const LoadedModel& model) {
    if (model.vvd) return model.vvd->checksum;
    if (model.mdl) return model.mdl->checksum;
    if (!model.vtx.empty()) return model.vtx.front().file.checkSum;
    return std::nullopt;
}
} // namespace

std::vector<GeneratedLodFigures>
generatedLodsBeside(const ModelFilePaths& paths, const LoadedModel& model, DiagnosticSink& sink) {
    const std::filesystem::path path = layoutPathOf(paths);
    std::error_code error;
    if (path.empty() || !std::filesystem::exists(path, error)) return {};
    CollectingSink readErrors;
    const auto bytes = readWholeFile(path, readErrors);
    const auto layout =
        bytes ? layoutLodFigures(std::string_view(bytes->data(), bytes->size())) : std::nullopt;
    if (!layout) {
        sink.report(kStatsCodes["STATS002"], {path.string()},
                    "not a layout.json vtxc writes: the generated LODs' figures are left out "
                    "(compile the model again to write a new one)");
        return {};
    }
    if (layout->checksum != modelChecksum(model)) {
        sink.report(kStatsCodes["STATS003"], {path.string()},
                    "its checksum is not the model's (another compile wrote it): the generated "
                    "LODs' figures are left out (compile again, or remove the stale file)");
        return {};
    }
    return layout->generatedLods;
}

namespace {
// The render mesh's LOD-0 vertices: through the fixup table when there is one (every fixup
// serves LOD 0, as the engine reads them: a fixup is used by the LODs up to its own), else the
// first numLODVertexes[0].
std::vector<Vec3d> lodZeroPositions(const VvdFile& vvd) {
    std::vector<Vec3d> out;
    const auto add = [&](std::size_t first, std::size_t count) {
        for (std::size_t i = first; i < first + count && i < vvd.vertices.size(); ++i) {
            const Vec3& p = vvd.vertices[i].position;
            out.push_back({p.x, p.y, p.z});
        }
    };
    if (vvd.fixups.empty()) {
        add(0, static_cast<std::size_t>(std::max(0, vvd.numLODVertexes[0])));
        return out;
    }
    for (const VvdFixup& fixup : vvd.fixups)
        if (fixup.lod >= 0 && fixup.sourceVertexID >= 0 && fixup.numVertexes > 0)
            add(static_cast<std::size_t>(fixup.sourceVertexID),
                static_cast<std::size_t>(fixup.numVertexes));
    return out;
}

double convexHullVolume(const std::vector<Vec3d>& points) {
    const HullResult hull = buildConvexHull(points);
    if (!hull.ok()) return 0;
    return computeMassProperties(hull.hull->points, hull.hull->triangles).volume;
}

std::string countText(std::size_t n) {
    return std::to_string(n);
}
} // namespace

CollisionStats collisionStats(const PhyFile& phy, const VvdFile* vvd) {
    CollisionStats stats;
    stats.jointed = isJointedPhy(phy);
    const std::vector<const PhyTextBlock*> blocks = phySolidBlocks(phy);
    double solidMasses = 0;
    for (std::size_t s = 0; s < phy.solids.size(); ++s) {
        const PhyCompactSurface& surface = phy.solids[s].surface;
        CollisionSolidStats solid;
        if (const PhyTextBlock* block = s < blocks.size() ? blocks[s] : nullptr) {
            if (const std::string* name = block->find("name")) solid.name = *name;
            solid.mass = block->number("mass").value_or(0);
        }
        for (std::size_t ledge : phyPieceLedges(surface)) {
            const std::size_t points = phyLedgePointIndices(surface.ledges[ledge]).size();
            stats.minPointsPerPiece =
                stats.pieces == 0 ? points : std::min(stats.minPointsPerPiece, points);
            stats.maxPointsPerPiece = std::max(stats.maxPointsPerPiece, points);
            ++stats.pieces;
            ++solid.pieces;
            solid.points += points;
            solid.volume += phyLedgeVolume(surface, surface.ledges[ledge]);
        }
        stats.totalPoints += solid.points;
        stats.hullVolume += solid.volume;
        solidMasses += solid.mass;
        stats.solids.push_back(std::move(solid));
    }
    const auto edit = phy.text.blocksOf(PhyBlockKind::EditParams);
    const auto params = edit.empty() ? std::nullopt : editParams(*edit.front());
    stats.totalMass = params ? double(params->totalmass) : solidMasses;
    if (vvd) stats.referenceVolume = convexHullVolume(lodZeroPositions(*vvd));

    for (const CollisionSolidStats& solid : stats.solids) {
        const std::string name = solid.name.empty() ? "a solid" : "solid '" + solid.name + "'";
        if (solid.pieces > kCostlyPiecesPerSolid)
            stats.costly.push_back(name + " has " + countText(solid.pieces) +
                                   " convex pieces (more than " + countText(kCostlyPiecesPerSolid) +
                                   ")");
        if (solid.points > kCostlyPointsPerSolid)
            stats.costly.push_back(name + " has " + countText(solid.points) +
                                   " hull points (more than " + countText(kCostlyPointsPerSolid) +
                                   ")");
    }
    if (stats.jointed && stats.solids.size() > kRagdollSolidLimit)
        stats.costly.push_back("the ragdoll has " + countText(stats.solids.size()) +
                               " solids (the engine loads " + countText(kRagdollSolidLimit) + ")");
    return stats;
}

std::optional<CollisionStats> collisionStatsBeside(const ModelFilePaths& paths,
                                                   const LoadedModel& model, DiagnosticSink& sink) {
    std::filesystem::path base;
    if (!paths.mdl.empty())
        base = std::filesystem::path(paths.mdl).replace_extension();
    else if (!paths.vvd.empty())
        base = std::filesystem::path(paths.vvd).replace_extension();
    else if (!paths.vtx.empty())
        base =
            std::filesystem::path(paths.vtx.front().path).replace_extension().replace_extension();
    if (base.empty()) return std::nullopt;
    const std::filesystem::path path = findModelPhy(base);
    if (path.empty()) return std::nullopt;
    CollectingSink readErrors;
    const auto phy = loadPhyFile(path, readErrors);
    if (!phy) {
        const auto errors = readErrors.errors();
        sink.report(kStatsCodes["STATS004"], {path.string()},
                    (errors.empty() ? std::string("not a .phy") : errors.front().message) +
                        ": the collision model's figures are left out (check it with vtxc "
                        "inspect)");
        return std::nullopt;
    }
    CollisionStats stats = collisionStats(*phy, model.vvd ? &*model.vvd : nullptr);
    stats.file = path.filename().string();
    return stats;
}

} // namespace vtxc
