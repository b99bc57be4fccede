// SMD parse throughput (bytes/s and triangles/s) on a generated skinned SMD of about 57 MB.
#include "formats/smd/smd.h"
#include "testing/smd_synthesis.h"

#include <benchmark/benchmark.h>

namespace {

// Made once per process: 160k triangles with 3 influences is about 57 MB of text.
const std::string& skinnedSmdText() {
    static const std::string text = [] {
        vtxc::SmdSynthesisOptions options;
        options.triangles = 160000;
        options.bones = 32;
        options.maxInfluences = 3;
        options.materials = 4;
        return vtxc::synthesizeSmdText(options);
    }();
    return text;
}

// Argument 0: the default (triangle blocks on all threads); 1: one serial pass. CPU time of the
// calling thread, so the per-core figure is the serial one.
void BM_ParseSkinnedSmd(benchmark::State& state) {
    const std::string& text = skinnedSmdText();
    vtxc::SmdReadOptions options;
    if (state.range(0) == 1) options.parallelFromBytes = SIZE_MAX;
    std::size_t triangles = 0;
    for (auto _ : state) {
        vtxc::NullSink sink;
        auto file = vtxc::parseSmd(text, "bench.smd", sink, options);
        if (!file) {
            state.SkipWithError("the generated SMD did not parse");
            return;
        }
        triangles = file->triangles.size();
        benchmark::DoNotOptimize(file->triangles.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * triangles));
    state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}
BENCHMARK(BM_ParseSkinnedSmd)
    ->Arg(0)
    ->Arg(1)
    ->ArgName("serial")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

void BM_WriteSkinnedSmd(benchmark::State& state) {
    vtxc::NullSink sink;
    const auto file = vtxc::parseSmd(skinnedSmdText(), "bench.smd", sink);
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::string text = vtxc::writeSmd(*file);
        bytes = text.size();
        benchmark::DoNotOptimize(text.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_WriteSkinnedSmd)->Unit(benchmark::kMillisecond);

} // namespace
