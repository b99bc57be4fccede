// Optimizer stages on a generated skinned mesh of 200k triangles (100 bones, 3 weights): welding,
// strip partition with cache order (dx90: 53 bones, dx80: 16), and cache order alone.
// items_per_second counts triangles; counters give ACMR/ATVR at the FIFO size of the variant.
#include "optimizer/bone_weights.h"
#include "optimizer/strips/fifo_cache.h"
#include "optimizer/strips/strip_analysis.h"
#include "optimizer/strips/strip_partition.h"
#include "optimizer/strips/vertex_cache_order.h"
#include "optimizer/vertices/welding.h"
#include "testing/smd_synthesis.h"

#include <benchmark/benchmark.h>

namespace {

// The corners of the generated mesh, weights capped, as the driver hands them to welding.
const std::vector<vtxc::ModelVertex>& skinnedCorners() {
    static const std::vector<vtxc::ModelVertex> corners = [] {
        vtxc::SmdSynthesisOptions options;
        options.triangles = 200000;
        options.bones = 100;
        options.maxInfluences = 3;
        return vtxc::synthesizeCorners(options);
    }();
    return corners;
}

struct WeldedInput {
    std::vector<vtxc::BoneWeights> weights;
    std::vector<std::uint32_t> indices;
};

const WeldedInput& weldedMesh() {
    static const WeldedInput mesh = [] {
        const vtxc::WeldedMesh welded = vtxc::weldCorners(skinnedCorners());
        WeldedInput out;
        for (const vtxc::ModelVertex& v : welded.vertices)
            out.weights.push_back(v.weights);
        out.indices = welded.indices;
        return out;
    }();
    return mesh;
}

void BM_Weld(benchmark::State& state) {
    const auto& corners = skinnedCorners();
    std::size_t vertices = 0;
    for (auto _ : state) {
        const vtxc::WeldedMesh mesh = vtxc::weldCorners(corners);
        vertices = mesh.vertices.size();
        benchmark::DoNotOptimize(mesh.indices.data());
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(corners.size() / 3));
    state.counters["vertices"] = double(vertices);
}
BENCHMARK(BM_Weld)->Unit(benchmark::kMillisecond);

// Partition, per-strip cache order and records, as the driver runs it for one mesh and variant.
void BM_StripGroups(benchmark::State& state) {
    const WeldedInput& mesh = weldedMesh();
    vtxc::StripLimits limits;
    limits.maxBonesPerStrip = int(state.range(0));
    vtxc::StripFigures figures;
    for (auto _ : state) {
        vtxc::NullSink sink;
        const auto groups = vtxc::buildStripGroups(mesh.indices, mesh.weights, limits, sink);
        if (!groups) {
            state.SkipWithError("buildStripGroups failed");
            return;
        }
        figures = vtxc::analyzeStripGroups(*groups, limits.vertexCacheSize);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) *
                            std::int64_t(mesh.indices.size() / 3));
    state.counters["strips"] = double(figures.strips);
    state.counters["stored"] = double(figures.storedVertices);
    state.counters["unique"] = double(figures.uniqueVertices);
    state.counters["acmr"] = figures.acmr();
    state.counters["atvr"] = figures.atvr();
}
BENCHMARK(BM_StripGroups)->Arg(53)->Arg(16)->Unit(benchmark::kMillisecond);

// Cache order of the whole mesh at a FIFO of `cacheSize` (24: dx90/dx80, 512: sw), at the
// default effort (0: fast) or the thorough one (1).
void BM_CacheOrder(benchmark::State& state) {
    const WeldedInput& mesh = weldedMesh();
    vtxc::CacheOrderOptions options;
    options.cacheSize = std::size_t(state.range(0));
    options.effort =
        state.range(1) ? vtxc::CacheOrderEffort::Thorough : vtxc::CacheOrderEffort::Fast;
    vtxc::CacheFigures figures;
    for (auto _ : state) {
        const auto ordered = vtxc::orderForVertexCache(mesh.indices, mesh.weights.size(), options);
        figures = vtxc::simulateFifoCache(ordered, mesh.weights.size(), options.cacheSize);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) *
                            std::int64_t(mesh.indices.size() / 3));
    state.counters["acmr"] = figures.acmr();
    state.counters["atvr"] = figures.atvr();
}
BENCHMARK(BM_CacheOrder)
    ->Args({24, 0})
    ->Args({24, 1})
    ->Args({512, 0})
    ->ArgNames({"fifo", "thorough"})
    ->Unit(benchmark::kMillisecond);

} // namespace
