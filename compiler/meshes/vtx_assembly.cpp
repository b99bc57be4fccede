// Builds the .vtx files: one task per (variant, model, LOD, mesh) run in parallel with TBB, results
// placed by task index so the bytes never depend on scheduling. Record rules: docs/formats.md
// (".vtx").
#include "compiler/meshes/vtx_assembly.h"

#include "compiler/meshes/mesh_extraction.h"
#include "compiler/meshes/strip_records.h"
#include "optimizer/strips/strip_partition.h"

#include <atomic>
#include <optional>
#include <tbb/parallel_for.h>

namespace vtxc {

namespace {
struct MeshTask {
    std::size_t variant;
    const BuiltMesh* mesh;
    std::size_t lod;
};

StripLimits limitsFor(const HardwareParameters& p, bool staticProp, CacheOrderEffort effort) {
    StripLimits limits;
    limits.maxBonesPerStrip = p.maxBonesPerStrip;
    limits.maxBonesPerTriangle = p.maxBonesPerTri;
    limits.maxBonesPerVertex = p.maxBonesPerVert;
    limits.hardwareSkinned = p.hardwareSkinned;
    limits.staticProp = staticProp;
    limits.vertexCacheSize = static_cast<std::size_t>(p.vertCacheSize);
    limits.cacheOrderEffort = effort;
    return limits;
}

std::vector<std::vector<VtxMaterialReplacement>> replacementLists(const BuiltProject& project) {
    std::vector<std::vector<VtxMaterialReplacement>> lists(project.lodCount());
    for (std::size_t lod = 0; lod < project.lodCount(); ++lod)
        for (const MaterialReplacementRule& rule : project.lods[lod].replaceMaterials)
            for (std::size_t m = 0; m < project.materials.size(); ++m)
                if (sameMaterial(project.materials[m], rule.from))
                    lists[lod].push_back({static_cast<std::int16_t>(m), rule.to});
    return lists;
}
} // namespace

std::optional<std::vector<VtxAssembly>> assembleVtx(const BuiltProject& project,
                                                    const CompileOptions& options,
                                                    DiagnosticSink& sink, StripMemo* memo) {
    std::optional<StripMemo> ownMemo;
    if (!memo) memo = &ownMemo.emplace();
    std::vector<MeshTask> tasks;
    for (std::size_t v = 0; v < options.variants.size(); ++v)
        for (const BuiltBodyPart& part : project.bodyParts)
            for (const BuiltModel& model : part.models)
                for (std::size_t lod = 0; lod < project.lodCount(); ++lod)
                    for (const BuiltMesh& mesh : model.meshes)
                        tasks.push_back({v, &mesh, lod});

    std::vector<std::optional<std::vector<StripGroup>>> results(tasks.size());
    std::vector<CollectingSink> sinks(tasks.size());
    std::atomic<std::size_t> done{0};
    tbb::parallel_for(std::size_t(0), tasks.size(), [&](std::size_t i) {
        const MeshTask& task = tasks[i];
        const HardwareParameters p = options.parametersFor(options.variants[task.variant]);
        std::vector<BoneWeights> weights;
        weights.reserve(task.mesh->vertices.size());
        for (const ModelVertex& vertex : task.mesh->vertices)
            weights.push_back(vertex.weights);
        results[i] = buildStripGroups(task.mesh->lodIndices[task.lod], weights,
                                      limitsFor(p, project.staticProp, options.cacheOrderEffort),
                                      sinks[i], memo);
        if (options.progress) options.progress(++done, tasks.size());
    });
    bool ok = true;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        for (const Diagnostic& d : sinks[i].diagnostics())
            sink.report(d);
        ok = ok && results[i].has_value();
    }
    if (!ok) return std::nullopt;

    std::vector<VtxAssembly> out;
    std::size_t next = 0;
    for (VtxVariant variant : options.variants) {
        const HardwareParameters p = options.parametersFor(variant);
        VtxAssembly assembly{variant, {}};
        VtxFile& file = assembly.file;
        file.vertCacheSize = p.vertCacheSize;
        file.maxBonesPerStrip = static_cast<std::uint16_t>(p.maxBonesPerStrip);
        file.maxBonesPerTri = static_cast<std::uint16_t>(p.maxBonesPerTri);
        file.maxBonesPerVert = p.maxBonesPerVert;
        file.numLODs = static_cast<std::int32_t>(project.lodCount());
        const std::uint8_t groupFlags =
            (p.hardwareSkinned || project.staticProp) ? kStripGroupIsHwSkinned : 0;
        for (const BuiltBodyPart& part : project.bodyParts) {
            VtxBodyPart& bodyPart = file.bodyParts.emplace_back();
            for (const BuiltModel& model : part.models) {
                VtxModel& vtxModel = bodyPart.models.emplace_back();
                for (std::size_t lod = 0; lod < project.lodCount(); ++lod) {
                    VtxModelLod& vtxLod = vtxModel.lods.emplace_back();
                    vtxLod.switchPoint = project.lods[lod].switchPoint;
                    for (std::size_t m = 0; m < model.meshes.size(); ++m) {
                        VtxMesh& vtxMesh = vtxLod.meshes.emplace_back();
                        for (const StripGroup& group : *results[next++])
                            vtxMesh.stripGroups.push_back(
                                toVtxStripGroup(group, groupFlags, project.staticProp));
                    }
                }
            }
        }
        file.materialReplacements = replacementLists(project);
        out.push_back(std::move(assembly));
    }
    return out;
}

} // namespace vtxc
