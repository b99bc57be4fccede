// Tests of `vtxc bench`: model discovery (QC folders, reference SMDs with `_lodN` LODs, animations
// skipped), a saved run compared against itself, a doctored baseline, missing models and tolerance.
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"
#include "tools/bench_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

const std::string kArm = std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd";
TEST(BenchRun, DiscoversReferenceSmdsWithTheirLodsAndSkipsAnimations) {
    test::TempDir dir;
    writeBenchModelFolders(dir.path());
    fs::create_directories(dir / "qc");
    test::writeText(dir / "qc/b.qc", "$modelname b.mdl\n");
    test::writeText(dir / "qc/a.qc", "$modelname a.mdl\n");
    test::writeText(dir / "qc/ignored.smd", test::readText(kArm)); // a folder with a QC: QCs only
    CollectingSink sink;
    const auto models = discoverBenchModels(dir.path(), sink);
    ASSERT_FALSE(sink.hasErrors());
    ASSERT_EQ(models.size(), 4u);
    EXPECT_EQ(models[0].name, "arm/arm.smd");
    ASSERT_EQ(models[0].lods.size(), 1u);
    EXPECT_EQ(models[0].lods[0].smd.filename(), "arm_lod1.smd");
    EXPECT_EQ(models[0].lods[0].switchPoint, 10.0f);
    EXPECT_EQ(models[1].name, "qc/a.qc");
    EXPECT_TRUE(models[1].fromQc);
    EXPECT_EQ(models[2].name, "qc/b.qc");
    EXPECT_EQ(models[3].name, "tube/tube.smd");
    EXPECT_TRUE(models[3].lods.empty());
}

TEST(BenchRun, AFolderThatIsMissingIsAnIoError) {
    test::TempDir dir;
    CollectingSink sink;
    EXPECT_TRUE(discoverBenchModels(dir / "nowhere", sink).empty());
    ASSERT_NE(sink.find("BENCH001"), nullptr);
    EXPECT_EQ(sink.exitCode(), ExitCode::Io);
}

TEST(BenchRun, RecordsFiguresPerVariantAndLodAndAFailedModelGoesOn) {
    test::TempDir dir;
    writeBenchModelFolders(dir.path());
    fs::create_directories(dir / "broken");
    test::writeText(dir / "broken/broken.smd",
                    "version 1\nnodes\nend\ntriangles\nmat\n0 1 2\nend\n");
    CollectingSink sink;
    const auto run = runBench(discoverBenchModels(dir.path(), sink), {}, sink);
    EXPECT_TRUE(sink.hasErrors());
    const auto& models = run["models"];
    EXPECT_FALSE(models["broken/broken.smd"]["ok"].get<bool>());
    const auto& arm = models["arm/arm.smd"];
    ASSERT_TRUE(arm["ok"].get<bool>()) << arm.dump();
    EXPECT_EQ(arm["variants"]["dx90"]["lods"].size(), 2u);
    EXPECT_EQ(arm["variants"]["dx90"]["lods"][0]["triangles"].get<int>(), 288);
    EXPECT_GT(arm["bytes"]["vvd"].get<int>(), 0);
    EXPECT_GT(arm["bytes"]["sw.vtx"].get<int>(), 0);
    EXPECT_EQ(models["tube/tube.smd"]["variants"]["dx80"]["lods"][0]["triangles"].get<int>(), 300);
}

TEST(BenchRun, ComparisonSortsChangesAndAppliesTheTolerance) {
    const nlohmann::json before = {
        {"models",
         {{"m",
           {{"ok", true},
            {"timeMs", 5.0},
            {"bytes", {{"vvd", 1000}}},
            {"variants",
             {{"dx90",
               {{"lods",
                 {{{"acmr", 1.0}, {"atvr", 1.0}, {"storedVertices", 100}, {"strips", 2}}}}}}}}}},
          {"gone", {{"ok", true}}},
          {"failedBefore", {{"ok", false}}}}}};
    nlohmann::json now = before;
    now["models"].erase("gone");
    now["models"]["fresh"] = {{"ok", true}};
    auto& lod = now["models"]["m"]["variants"]["dx90"]["lods"][0];
    lod["acmr"] = 0.9;           // improved
    lod["atvr"] = 1.004;         // worse by 0.4%: within 0.5%
    lod["storedVertices"] = 110; // worse by 10%
    now["models"]["m"]["bytes"].erase("vvd");
    const BenchComparison c = compareBench(before, now, 0.5);
    EXPECT_EQ(c.missingModels, std::vector<std::string>{"gone"});
    EXPECT_EQ(c.newModels, std::vector<std::string>{"fresh"});
    ASSERT_EQ(c.changes.size(), 4u);
    EXPECT_EQ(c.changes[0].figure, "bytes");
    EXPECT_FALSE(c.changes[0].now);
    EXPECT_EQ(c.changes[0].kind, BenchChange::Kind::Regressed);
    EXPECT_EQ(c.changes[1].kind, BenchChange::Kind::Improved);
    EXPECT_EQ(c.changes[2].kind, BenchChange::Kind::WorseWithinTolerance);
    EXPECT_EQ(c.changes[3].kind, BenchChange::Kind::Regressed);
    EXPECT_NEAR(c.changes[3].changePercent, 10.0, 1e-9);
    EXPECT_TRUE(c.regressed());
    EXPECT_FALSE(compareBench(before, before, 0.5).regressed());
}

} // namespace
} // namespace vtxc
