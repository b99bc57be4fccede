// Tests of `vtxc tune` as a command: the CSV, JSON and SVG it writes, usage errors.
#include "testing/test_support.h"
#include "tools/tune.h"

#include <atomic>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

const std::string kArm = std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd";

TEST(TuneCli, WritesCsvJsonAndSvg) {
    test::TempDir dir;
    const auto result =
        test::runVtxc({"tune", kArm, "--cache-sizes", "12:24:6", "--bones-per-strip", "9,16", "-o",
                       dir.path().string(), "--cross"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const std::string csv = test::readText(dir / "tune.csv");
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 3 * 2);
    const auto json = nlohmann::json::parse(test::readText(dir / "tune.json"));
    EXPECT_EQ(json["results"].size(), 6u);
    EXPECT_TRUE(json["results"][0].contains("acmrAtCacheSize"));
    EXPECT_FALSE(json["pareto"].empty());
    const std::string svg = test::readText(dir / "tune.svg");
    EXPECT_EQ(svg.rfind("<svg", 0), 0u);
    EXPECT_NE(svg.find("polyline"), std::string::npos);
    EXPECT_NE(result.out.find("Pareto-best"), std::string::npos);
    EXPECT_NE(result.out.find("A\\B"), std::string::npos);
}

TEST(TuneCli, BadRangesAreUsageErrors) {
    for (const char* sizes : {"32:12", "abc", "0:4", "12:32:0"}) {
        const auto result = test::runVtxc({"tune", kArm, "--cache-sizes", sizes});
        EXPECT_EQ(result.exitStatus, 1) << sizes;
        EXPECT_NE(result.err.find("CLI012"), std::string::npos) << result.err;
    }
}

} // namespace
} // namespace vtxc
