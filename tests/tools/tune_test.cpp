// Tests of `vtxc tune`: every combination measured, files written (CSV, JSON, SVG), Pareto choices
// per cache size, the cross-cache matrix, and usage errors.
#include "testing/test_support.h"
#include "tools/tune.h"

#include <atomic>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

const std::string kArm = std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd";

TEST(Tune, MeasuresEveryCombinationAndFindsParetoChoicesPerCacheSize) {
    TuneOptions options;
    options.cacheSizes = {8, 16, 24};
    options.bonesPerStrip = {9, 53};
    options.cross = true;
    std::atomic<std::size_t> calls{0}, wrongTotals{0};
    options.progress = [&](std::size_t, std::size_t total) {
        ++calls;
        if (total != 6u) ++wrongTotals;
    };
    CollectingSink sink;
    const auto report =
        tuneModel(projectFromSmds(kArm, {}, std::nullopt), CompileOptions{}, options, sink);
    ASSERT_TRUE(report);
    EXPECT_EQ(calls.load(), 6u);
    EXPECT_EQ(wrongTotals.load(), 0u);
    ASSERT_EQ(report->results.size(), 6u);
    for (const TuneResult& r : report->results) {
        EXPECT_EQ(r.triangles, 288u);
        EXPECT_GE(r.storedVertices, r.uniqueVertices);
        EXPECT_GE(r.atvr, 1.0);
        ASSERT_EQ(r.crossAcmr.size(), 3u);
        // Measured at its own size, the order equals the cross entry for that size.
        const std::size_t own = r.cacheSize == 8 ? 0 : r.cacheSize == 16 ? 1 : 2;
        EXPECT_DOUBLE_EQ(r.crossAcmr[own], r.acmr);
    }
    for (int cache : options.cacheSizes) {
        const bool any =
            std::any_of(report->pareto.begin(), report->pareto.end(),
                        [&](std::size_t i) { return report->results[i].cacheSize == cache; });
        EXPECT_TRUE(any) << "cache " << cache;
    }
    EXPECT_EQ(paretoReasons(*report).size(), report->pareto.size());
}

} // namespace
} // namespace vtxc
