// Level-of-detail simplification on a generated skinned mesh of 200k triangles (100 bones, three
// weights per vertex, welded as the compile welds it) down to a quarter of its triangles: vtxc's
// simplifier (attributes, seams, bone weights) and meshoptimizer's meshopt_simplify (positions
// only) on the same input. items_per_second counts input triangles per second of CPU time (one
// thread: both run on one core); counters give the triangles reached and the error reported.
#include "optimizer/simplify/simplify.h"
#include "optimizer/vertices/welding.h"
#include "testing/smd_synthesis.h"

#include <benchmark/benchmark.h>
#include <meshoptimizer.h>

namespace {

const vtxc::WeldedMesh& skinnedMesh() {
    static const vtxc::WeldedMesh mesh = [] {
        vtxc::SmdSynthesisOptions options;
        options.triangles = 200000;
        options.bones = 100;
        options.maxInfluences = 3;
        return vtxc::weldCorners(vtxc::synthesizeCorners(options));
    }();
    return mesh;
}

// state.range(0): 1 with the vector lanes (where the processor has them), 0 without (the same
// output, the scalar code a processor without AVX2 runs).
void BM_Simplify(benchmark::State& state) {
    const vtxc::WeldedMesh& mesh = skinnedMesh();
    vtxc::SimplifyOptions options;
    options.targetRatio = 0.25;
    options.vectorLanes = state.range(0) != 0;
    vtxc::SimplifiedMesh result;
    for (auto _ : state) {
        result = vtxc::simplifyMesh({mesh.vertices, mesh.indices, {}}, options);
        benchmark::DoNotOptimize(result.indices.data());
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) *
                            std::int64_t(mesh.indices.size() / 3));
    state.counters["triangles"] = double(result.indices.size() / 3);
    state.counters["vertices"] = double(result.vertices.size());
    state.counters["error"] = result.error;
}
BENCHMARK(BM_Simplify)->ArgName("lanes")->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// meshoptimizer 0.18 on the same triangles, positions only (its seams are vertices it must keep).
void BM_MeshoptSimplify(benchmark::State& state) {
    const vtxc::WeldedMesh& mesh = skinnedMesh();
    std::vector<float> positions;
    positions.reserve(3 * mesh.vertices.size());
    for (const vtxc::ModelVertex& v : mesh.vertices)
        positions.insert(positions.end(), {v.position.x, v.position.y, v.position.z});
    std::vector<unsigned int> destination(mesh.indices.size());
    std::size_t indices = 0;
    float error = 0;
    for (auto _ : state) {
        indices = meshopt_simplify(destination.data(), mesh.indices.data(), mesh.indices.size(),
                                   positions.data(), mesh.vertices.size(), 3 * sizeof(float),
                                   mesh.indices.size() / 4, 1.0f, 0, &error);
        benchmark::DoNotOptimize(destination.data());
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) *
                            std::int64_t(mesh.indices.size() / 3));
    state.counters["triangles"] = double(indices / 3);
    state.counters["error"] = error;
}
BENCHMARK(BM_MeshoptSimplify)->Unit(benchmark::kMillisecond);

} // namespace
