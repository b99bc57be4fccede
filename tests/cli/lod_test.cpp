// Tests of `vtxc lod` (generated LOD SMDs and their .qci) and `vtxc compile --auto-lods` on the
// corpus: the files, the counts asked for, valid bone weights on the skinned character, a model
// whose files agree, bad arguments.
#include "formats/smd/smd.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

fs::path soldier() {
    return test::corpusDir() / "combine_super_soldier_choreo" /
           "combine_super_soldier_Super_Soldier_reference.smd";
}

SmdFile readSmd(const fs::path& path) {
    CollectingSink sink;
    auto file = readSmdFile(path, sink);
    EXPECT_TRUE(file.has_value()) << path;
    return file ? *file : SmdFile{};
}

TEST(LodCommand, WritesTheLodSmdsAndTheirQci) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir out;
    const fs::path reference =
        test::corpusDir() / "chamberdoor_frame" / "chamberdoor_frame_ref.smd";
    const auto run = test::runVtxc(
        {"lod", reference.string(), "-o", out.path().string(), "--triangles", "60,38"});
    ASSERT_EQ(run.exitStatus, 0) << run.err;
    EXPECT_EQ(readSmd(out / "chamberdoor_frame_ref_lod1.smd").triangles.size(), 60u);
    EXPECT_EQ(readSmd(out / "chamberdoor_frame_ref_lod2.smd").triangles.size(), 38u);
    const std::string qci = test::readText(out / "chamberdoor_frame_ref_lods.qci");
    EXPECT_NE(qci.find("replacemodel \"chamberdoor_frame_ref\" \"chamberdoor_frame_ref_lod1\""),
              std::string::npos)
        << qci;
    EXPECT_NE(qci.find("replacemodel \"chamberdoor_frame_ref\" \"chamberdoor_frame_ref_lod2\""),
              std::string::npos);
    EXPECT_NE(qci.find("$lod "), std::string::npos);
    EXPECT_NE(run.out.find("38"), std::string::npos) << run.out;
}

TEST(LodCommand, GeneratedVerticesOfTheSkinnedCharacterHaveValidWeights) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir out;
    const auto run = test::runVtxc({"lod", soldier().string(), "-o", out.path().string(),
                                    "--ratios", "0.25", "--shadow-lod", "0.14"});
    ASSERT_EQ(run.exitStatus, 0) << run.err;
    const SmdFile reference = readSmd(soldier());
    const std::string stem = soldier().stem().string();
    const SmdFile lod = readSmd(out / (stem + "_lod1.smd"));
    EXPECT_NEAR(double(lod.triangles.size()), 5123 * 0.25, 5123 * 0.25 * 0.01);
    EXPECT_EQ(lod.nodes.size(), reference.nodes.size());
    std::size_t blended = 0;
    for (const SmdTriangle& triangle : lod.triangles)
        for (const SmdVertex& v : triangle.corners) {
            const auto links = lod.influences(v);
            ASSERT_GE(links.size(), 1u);
            ASSERT_LE(links.size(), 3u);
            double sum = 0;
            for (const SmdLink& link : links) {
                EXPECT_GE(link.bone, 0);
                EXPECT_LT(std::size_t(link.bone), reference.nodes.size());
                EXPECT_GT(link.weight, 0.0f);
                sum += link.weight;
            }
            EXPECT_NEAR(sum, 1.0, 1e-5);
            blended += links.size() > 1;
        }
    EXPECT_GT(blended, 0u); // the character is skinned: weights survive simplification
    const std::string qci = test::readText(out / (stem + "_lods.qci"));
    EXPECT_NE(qci.find("$shadowlod"), std::string::npos) << qci;
}

TEST(LodCommand, BadRatiosAreAUsageError) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir out;
    const auto run = test::runVtxc(
        {"lod", soldier().string(), "-o", out.path().string(), "--ratios", "0.5,two"});
    EXPECT_EQ(run.exitStatus, 1);
    EXPECT_NE(run.err.find("--ratios"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("error[CLI014]"), std::string::npos) << run.err;
    EXPECT_TRUE(fs::is_empty(out.path()));
}

TEST(LodCommand, AReferenceWithoutTrianglesIsInvalidInputAndWritesNothing) {
    test::TempDir dir;
    const fs::path animation = dir / "walk.smd";
    test::writeText(animation, "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n"
                               "0 0 0 0 0 0 0\nend\n");
    const fs::path out = dir / "out";
    const auto run = test::runVtxc({"lod", animation.string(), "-o", out.string()});
    EXPECT_EQ(run.exitStatus, 3);
    EXPECT_NE(run.err.find(animation.string() + ": error[LOD001]"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(out));
}

TEST(CompileAutoLods, TheSoldierWithFourGeneratedLodsIsAConsistentModel) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir out;
    const auto plain = test::runVtxc({"compile", soldier().string(), "-o", (out / "plain").string(),
                                      "--report", (out / "plain.json").string()});
    ASSERT_EQ(plain.exitStatus, 0) << plain.err;
    const auto run =
        test::runVtxc({"compile", soldier().string(), "--auto-lods", "4", "-o",
                       (out / "auto").string(), "--report", (out / "auto.json").string()});
    ASSERT_EQ(run.exitStatus, 0) << run.err;
    const auto report = nlohmann::json::parse(test::readText(out / "auto.json"));
    const auto before = nlohmann::json::parse(test::readText(out / "plain.json"));
    ASSERT_EQ(report["autoLods"].size(), 4u);
    double previousSwitch = 0;
    double share = 1;
    for (const auto& lod : report["autoLods"]) {
        const std::size_t triangles = lod["triangles"];
        share /= 2; // each LOD half the triangles of the one before, within 1%
        EXPECT_NEAR(double(triangles), 5123 * share, 5123 * share * 0.01);
        EXPECT_GE(lod["switchPoint"].get<double>(), previousSwitch);
        EXPECT_GT(lod["maxErrorPercent"].get<double>(), 0.0);
        previousSwitch = lod["switchPoint"];
    }
    // LOD 0 draws what it draws without generated LODs.
    for (const char* variant : {"dx90", "dx80", "sw"})
        EXPECT_EQ(report["variants"][variant]["lods"][0]["triangles"],
                  before["variants"][variant]["lods"][0]["triangles"])
            << variant;
    // The model check: every LOD's vertices a prefix of the .vvd, the files agree.
    const auto check = test::runVtxc({"inspect", (out / "auto").string()});
    EXPECT_EQ(check.exitStatus, 0) << check.err;
    EXPECT_NE(check.out.find("consistent"), std::string::npos) << check.out;
    EXPECT_NE(check.out.find("numLODs 5"), std::string::npos) << check.out;
}

// The generated LODs' figures are in layout.json (and only with generated LODs), the same as in
// --report, with switch points that follow from their errors; vtxc stats --json carries them from
// the layout.json beside the model.
TEST(CompileAutoLods, LayoutAndStatsCarryTheGeneratedLodsFigures) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir out;
    const auto run =
        test::runVtxc({"compile", soldier().string(), "--auto-lods", "2", "--auto-shadow-lod",
                       "0.1", "--lod-pixel-error", "2", "-o", (out / "auto").string(), "--report",
                       (out / "auto.json").string(), "--quiet"});
    ASSERT_EQ(run.exitStatus, 0) << run.err;
    const auto layout = nlohmann::json::parse(test::readText(out / "auto.layout.json"));
    const auto report = nlohmann::json::parse(test::readText(out / "auto.json"));
    const auto& lods = layout["generatedLods"];
    ASSERT_EQ(lods.size(), 3u);
    EXPECT_EQ(lods, report["autoLods"]);
    for (std::size_t i = 0; i < lods.size(); ++i) {
        const auto& lod = lods[i];
        EXPECT_EQ(lod["lod"], i + 1);
        EXPECT_EQ(lod["switchPoint"], layout["lods"][i + 1]["switchPoint"]);
        EXPECT_EQ(lod["pixelError"], 2.0);
        EXPECT_GT(lod["meanErrorPercent"].get<double>(), 0.0);
        EXPECT_GE(lod["maxErrorPercent"].get<double>(), lod["meanErrorPercent"].get<double>());
        EXPECT_GE(lod["maxError"].get<double>(), lod["meanError"].get<double>());
    }
    // One model: each LOD's switch point is 100 * its own largest error / 2 pixels, rounded up
    // to a hundredth, unless raised to the LOD before's.
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(lods[i]["switchError"], lods[i]["maxError"]);
        const double fromError =
            std::ceil(100.0 * 100.0 * lods[i]["maxError"].get<double>() / 2.0) / 100.0;
        if (lods[i]["switchPointRule"] == "error")
            EXPECT_NEAR(lods[i]["switchPoint"].get<double>(), fromError, 1e-4) << i;
        else
            EXPECT_EQ(lods[i]["switchPointRule"], "previous") << i;
    }
    EXPECT_EQ(lods[2]["switchPointRule"], "shadow");
    EXPECT_EQ(lods[2]["shadow"], true);
    EXPECT_EQ(lods[2]["switchPoint"], -1.0);

    const auto stats = test::runVtxc({"stats", (out / "auto").string(), "--json"});
    ASSERT_EQ(stats.exitStatus, 0) << stats.err;
    EXPECT_EQ(nlohmann::json::parse(stats.out)["generatedLods"], lods);
}

TEST(CompileAutoLods, WithoutGeneratedLodsLayoutAndStatsHaveNoFigures) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir out;
    const auto run = test::runVtxc({"compile", soldier().string(), "-o", (out / "plain").string()});
    ASSERT_EQ(run.exitStatus, 0) << run.err;
    const auto layout = nlohmann::json::parse(test::readText(out / "plain.layout.json"));
    EXPECT_FALSE(layout.contains("generatedLods"));
    const auto stats = test::runVtxc({"stats", (out / "plain").string(), "--json"});
    ASSERT_EQ(stats.exitStatus, 0) << stats.err;
    EXPECT_FALSE(nlohmann::json::parse(stats.out).contains("generatedLods"));
}

TEST(StatsCommand, AStaleOrDamagedLayoutBesideTheModelIsAWarning) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir out;
    const auto run = test::runVtxc(
        {"compile", soldier().string(), "--auto-lods", "1", "-o", (out / "m").string()});
    ASSERT_EQ(run.exitStatus, 0) << run.err;
    const fs::path layoutPath = out / "m.layout.json";
    auto layout = nlohmann::json::parse(test::readText(layoutPath));
    ASSERT_EQ(layout["generatedLods"].size(), 1u);
    layout["checksum"] = layout["checksum"].get<std::int64_t>() + 1;
    test::writeText(layoutPath, layout.dump());
    auto stats = test::runVtxc({"stats", (out / "m").string(), "--json"});
    EXPECT_EQ(stats.exitStatus, 0) << stats.err;
    EXPECT_NE(stats.err.find(layoutPath.string() + ": warning[STATS003]"), std::string::npos)
        << stats.err;
    EXPECT_FALSE(nlohmann::json::parse(stats.out).contains("generatedLods"));

    test::writeText(layoutPath, "{\"checksum\": 1, \"generatedLods\": [{\"lod\": \"one\"}]}");
    stats = test::runVtxc({"stats", (out / "m").string(), "--json"});
    EXPECT_EQ(stats.exitStatus, 0) << stats.err;
    EXPECT_NE(stats.err.find(layoutPath.string() + ": warning[STATS002]"), std::string::npos)
        << stats.err;
    EXPECT_FALSE(nlohmann::json::parse(stats.out).contains("generatedLods"));
}

} // namespace
} // namespace vtxc
