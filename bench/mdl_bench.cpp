// .mdl read, write and frame-decode throughput on the corpus soldier (32 KB, 56 bones, 18
// animations including a 101-frame one); skipped without the corpus.
#include "formats/studio/mdl.h"
#include "formats/studio/mdl_codecs.h"
#include "testing/test_support.h"

#include <benchmark/benchmark.h>

namespace {

class NullSink : public vtxc::DiagnosticSink {
  protected:
    void deliver(const vtxc::Diagnostic&) override {}
};

const std::vector<std::uint8_t>& soldierBytes() {
    static const std::vector<std::uint8_t> bytes = [] {
        const auto dir = vtxc::test::corpusDir();
        if (dir.empty()) return std::vector<std::uint8_t>{};
        const std::string text = vtxc::test::readText(dir / "combine_super_soldier_choreo" /
                                                      "combine_super_soldier_choreo.mdl");
        return std::vector<std::uint8_t>(text.begin(), text.end());
    }();
    return bytes;
}

void BM_ReadMdl(benchmark::State& state) {
    const auto& bytes = soldierBytes();
    if (bytes.empty()) return state.SkipWithError("the corpus is missing");
    for (auto _ : state) {
        NullSink sink;
        auto file = vtxc::readMdl(bytes, "soldier.mdl", sink);
        benchmark::DoNotOptimize(file);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_ReadMdl)->Unit(benchmark::kMicrosecond);

void BM_WriteMdl(benchmark::State& state) {
    const auto& bytes = soldierBytes();
    if (bytes.empty()) return state.SkipWithError("the corpus is missing");
    NullSink sink;
    const auto file = vtxc::readMdl(bytes, "soldier.mdl", sink);
    for (auto _ : state) {
        auto written = vtxc::writeMdl(*file);
        benchmark::DoNotOptimize(written.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_WriteMdl)->Unit(benchmark::kMicrosecond);

// Every frame of every animation to bone poses (items = bone poses).
void BM_DecodeAllFrames(benchmark::State& state) {
    const auto& bytes = soldierBytes();
    if (bytes.empty()) return state.SkipWithError("the corpus is missing");
    NullSink sink;
    const auto file = vtxc::readMdl(bytes, "soldier.mdl", sink);
    std::int64_t poses = 0;
    for (auto _ : state)
        for (const vtxc::MdlAnimDesc& anim : file->animations)
            for (int frame = 0; frame < anim.numframes; ++frame) {
                auto decoded = vtxc::decodeAnimationFrame(anim, file->bones, frame);
                poses += static_cast<std::int64_t>(decoded.size());
                benchmark::DoNotOptimize(decoded.data());
            }
    state.SetItemsProcessed(poses);
}
BENCHMARK(BM_DecodeAllFrames)->Unit(benchmark::kMicrosecond);

} // namespace
