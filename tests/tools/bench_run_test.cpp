// Tests of `vtxc bench`: model discovery (QC folders, reference SMDs with `_lodN` LODs, animations
// skipped), a saved run compared against itself, a doctored baseline, missing models and tolerance.
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"
#include "tools/bench_run.h"
#include "tools/tools_json.h"

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
    const BenchRun run = runBench(discoverBenchModels(dir.path(), sink), {}, sink);
    EXPECT_TRUE(sink.hasErrors());
    ASSERT_EQ(run.models.size(), 3u);
    const BenchModelResult& broken = run.models.at("broken/broken.smd");
    EXPECT_FALSE(broken.ok);
    EXPECT_TRUE(broken.timeMs.has_value());
    const BenchModelResult& arm = run.models.at("arm/arm.smd");
    ASSERT_TRUE(arm.ok);
    ASSERT_EQ(arm.variants.at("dx90").size(), 2u);
    EXPECT_EQ(arm.variants.at("dx90")[0].triangles, 288.0);
    EXPECT_GT(arm.variants.at("dx90")[0].acmr.value_or(0), 0.0);
    EXPECT_GT(arm.bytes.at("vvd"), 0.0);
    EXPECT_GT(arm.bytes.at("sw.vtx"), 0.0);
    EXPECT_EQ(run.models.at("tube/tube.smd").variants.at("dx80")[0].triangles, 300.0);

    // Saved and read back, the run is the same.
    const std::optional<BenchRun> back = parseBenchRun(benchRunJsonText(run));
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, run);
}

// A QC model with a sequence: its animation is read after the mesh, where a sink that counted
// every earlier model's errors once made it stop.
void writeQcModel(const fs::path& folder, const std::string& name, const std::string& extra = "") {
    fs::create_directories(folder);
    test::writeText(folder / "arm.smd", test::readText(kArm));
    test::writeText(folder / (name + ".qc"), "$modelname " + name + ".mdl\n$body body arm.smd\n" +
                                                 "$sequence idle arm.smd\n" + extra);
}

TEST(BenchRun, AModelWithManyErrorsLeavesTheNextModelsResultAlone) {
    test::TempDir dir;
    writeQcModel(dir / "a", "a");
    std::string unknownBones;
    for (int i = 0; i < 2 * int(DiagnosticSink::kErrorLimit); ++i)
        unknownBones += "$attachment a" + std::to_string(i) + " nobone 0 0 0\n"; // BONE004 each
    writeQcModel(dir / "b", "b", unknownBones);
    writeQcModel(dir / "c", "c");
    CollectingSink sink;
    const BenchRun run = runBench(discoverBenchModels(dir.path(), sink), {}, sink);
    ASSERT_EQ(run.models.size(), 3u);
    EXPECT_FALSE(run.models.at("b/b.qc").ok);
    EXPECT_GE(sink.errorCount(), DiagnosticSink::kErrorLimit); // the failure really was that loud
    EXPECT_TRUE(run.models.at("a/a.qc").ok);
    EXPECT_TRUE(run.models.at("c/c.qc").ok);
    EXPECT_EQ(run.models.at("c/c.qc").variants, run.models.at("a/a.qc").variants);
}

TEST(BenchRun, ExcludedFoldersAndQcsAreLeftOutAndAnExclusionOfNothingIsReported) {
    test::TempDir dir;
    writeQcModel(dir / "a", "a");
    writeQcModel(dir / "tree/b", "b");
    writeQcModel(dir / "tree/c", "c");
    writeQcModel(dir / "d", "d");
    CollectingSink sink;
    const auto models = discoverBenchModels(dir.path(), sink, {"tree/b", "d/d.qc", "nowhere"});
    ASSERT_EQ(models.size(), 2u);
    EXPECT_EQ(models[0].name, "a/a.qc");
    EXPECT_EQ(models[1].name, "tree/c/c.qc");
    const Diagnostic* nothing = sink.find("BENCH005");
    ASSERT_NE(nothing, nullptr);
    EXPECT_EQ(nothing->severity, Severity::Warning);
    EXPECT_EQ(nothing->location.file, (dir / "nowhere").string());
    EXPECT_FALSE(sink.hasErrors());
}

TEST(BenchRun, AnExclusionHoldsWhenTheBenchFolderIsGivenThroughDotDot) {
    test::TempDir dir;
    writeQcModel(dir / "corpus/a", "a");
    writeQcModel(dir / "corpus/projects/b", "b");
    fs::create_directories(dir / "elsewhere");
    CollectingSink sink;
    const fs::path throughParent = dir / "elsewhere" / ".." / "corpus";
    const auto models = discoverBenchModels(throughParent, sink, {"projects/"});
    ASSERT_EQ(models.size(), 1u);
    EXPECT_EQ(models[0].name, "a/a.qc");
    EXPECT_FALSE(sink.find("BENCH005"));
}

TEST(BenchRun, ASavedRunReadsBackLeavingOutWhatIsNotANumber) {
    const std::optional<BenchRun> run = parseBenchRun(R"({"models": {
        "m": {"ok": true, "timeMs": "slow", "bytes": {"vvd": 10, "sw.vtx": null},
              "variants": {"dx90": {"lods": [{"acmr": 1.5, "strips": "two"}, 7]},
                           "sw": {"lods": 3}}},
        "n": {"ok": "yes"}, "o": 5}})");
    ASSERT_TRUE(run.has_value());
    const BenchModelResult& m = run->models.at("m");
    EXPECT_TRUE(m.ok);
    EXPECT_FALSE(m.timeMs);
    EXPECT_EQ(m.bytes, (std::map<std::string, double>{{"vvd", 10.0}}));
    ASSERT_EQ(m.variants.size(), 1u);
    ASSERT_EQ(m.variants.at("dx90").size(), 2u);
    EXPECT_EQ(m.variants.at("dx90")[0].acmr, 1.5);
    EXPECT_FALSE(m.variants.at("dx90")[0].strips);
    EXPECT_EQ(m.variants.at("dx90")[1], BenchLodFigures{});
    EXPECT_FALSE(run->models.at("n").ok);
    EXPECT_FALSE(run->models.at("o").ok);
    EXPECT_FALSE(parseBenchRun("{\"not\": 1}"));
    EXPECT_FALSE(parseBenchRun("{\"models\": []}"));
    EXPECT_FALSE(parseBenchRun("not json"));
}

TEST(BenchRun, ComparisonSortsChangesAndAppliesTheTolerance) {
    BenchRun before;
    BenchModelResult& m = before.models["m"];
    m.ok = true;
    m.timeMs = 5.0;
    m.bytes["vvd"] = 1000;
    BenchLodFigures figures;
    figures.acmr = 1.0;
    figures.atvr = 1.0;
    figures.storedVertices = 100;
    figures.strips = 2;
    m.variants["dx90"] = {figures};
    before.models["gone"].ok = true;
    before.models["failedBefore"].ok = false;
    BenchRun now = before;
    now.models.erase("gone");
    now.models["fresh"].ok = true;
    BenchLodFigures& lod = now.models["m"].variants["dx90"][0];
    lod.acmr = 0.9;           // improved
    lod.atvr = 1.004;         // worse by 0.4%: within 0.5%
    lod.storedVertices = 110; // worse by 10%
    now.models["m"].bytes.erase("vvd");
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
