// The whole compile (SMD file in, .vvd and three .vtx variants out, in memory) and the file writing
// on a generated skinned SMD of 100k triangles and 50 bones. items_per_second counts triangles;
// counters give dx90 LOD 0 ACMR/ATVR (FIFO of 24, emptied per strip, as docs/formats.md defines
// them).
#include "compiler/compile.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"
#include "testing/smd_synthesis.h"

#include <benchmark/benchmark.h>
#include <filesystem>
#include <unistd.h>

namespace {

// The SMD is written to a temporary file once per process and removed at exit.
struct SyntheticSmdFile {
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("vtxc_compile_bench_" + std::to_string(::getpid()) + ".smd");
    bool written = false;
    SyntheticSmdFile() {
        vtxc::SmdSynthesisOptions options;
        options.triangles = 100000;
        options.bones = 50;
        options.maxInfluences = 3;
        options.materials = 2;
        vtxc::NullSink sink;
        written = vtxc::writeSynthesizedSmdFile(path, options, sink);
    }
    ~SyntheticSmdFile() {
        std::error_code ec;
        std::filesystem::remove(path, ec);
    }
};

const SyntheticSmdFile& syntheticSmd() {
    static const SyntheticSmdFile file;
    return file;
}

std::optional<vtxc::CompileOutput> compileSynthetic() {
    vtxc::NullSink sink;
    return vtxc::compileProject(vtxc::projectFromSmds(syntheticSmd().path, {}, std::nullopt),
                                vtxc::CompileOptions{}, sink);
}

void setQualityCounters(benchmark::State& state, const vtxc::CompileOutput& output) {
    const vtxc::VariantQualityReport* dx90 = output.report.find("dx90");
    if (!dx90 || dx90->lods.empty()) return state.SkipWithError("no dx90 LOD 0 in the report");
    const vtxc::QualityFigures& lod0 = dx90->lods[0].total;
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(lod0.triangles));
    state.counters["acmr"] = lod0.acmr;
    state.counters["atvr"] = lod0.atvr;
}

void BM_WholeCompile(benchmark::State& state) {
    if (!syntheticSmd().written) return state.SkipWithError("could not write the synthetic SMD");
    std::optional<vtxc::CompileOutput> output;
    for (auto _ : state) {
        output = compileSynthetic();
        if (!output) return state.SkipWithError("the synthetic model did not compile");
        benchmark::DoNotOptimize(output->vvd.vertices.data());
    }
    setQualityCounters(state, *output);
}
BENCHMARK(BM_WholeCompile)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_WriteFiles(benchmark::State& state) {
    if (!syntheticSmd().written) return state.SkipWithError("could not write the synthetic SMD");
    static const std::optional<vtxc::CompileOutput> output = compileSynthetic();
    if (!output) return state.SkipWithError("the synthetic model did not compile");
    std::size_t bytes = 0;
    for (auto _ : state) {
        bytes = 0;
        const auto vvd = vtxc::writeVvd(output->vvd);
        bytes += vvd.size();
        benchmark::DoNotOptimize(vvd.data());
        for (const vtxc::VtxAssembly& v : output->vtx) {
            const auto vtx = vtxc::writeVtx(v.file);
            bytes += vtx.size();
            benchmark::DoNotOptimize(vtx.data());
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes));
    state.counters["MB"] = double(bytes) / 1e6;
    setQualityCounters(state, *output);
}
BENCHMARK(BM_WriteFiles)->Unit(benchmark::kMillisecond);

} // namespace
