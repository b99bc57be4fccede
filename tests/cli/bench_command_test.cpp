// Tests of `vtxc bench` as a command: a saved run compared against itself, a doctored baseline,
// a model missing from the folder, an unreadable baseline.
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"
#include "tools/bench_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

TEST(BenchCli, ASavedRunMatchesItselfAndADoctoredBaselineExitsFive) {
    test::TempDir models;
    writeBenchModelFolders(models.path());
    test::TempDir out;
    const std::string saved = (out / "run.json").string();
    const auto first = test::runVtxc({"bench", models.path().string(), "--save", saved, "--quiet"});
    ASSERT_EQ(first.exitStatus, 0) << first.err;
    const auto again = test::runVtxc({"bench", models.path().string(), "--baseline", saved});
    EXPECT_EQ(again.exitStatus, 0) << again.out << again.err;
    EXPECT_NE(again.out.find("no quality regression"), std::string::npos) << again.out;

    // The baseline claims a 10% better dx90 LOD0 ATVR for the tube than the compiler gives now.
    auto json = nlohmann::json::parse(test::readText(saved));
    auto& atvr = json["models"]["tube/tube.smd"]["variants"]["dx90"]["lods"][0]["atvr"];
    atvr = atvr.get<double>() * 0.9;
    const std::string doctored = (out / "doctored.json").string();
    test::writeText(doctored, json.dump(2));
    const auto regressed =
        test::runVtxc({"bench", models.path().string(), "--baseline", doctored, "--quiet"});
    EXPECT_EQ(regressed.exitStatus, 5) << regressed.out << regressed.err;
    const auto row = regressed.out.find("tube/tube.smd");
    ASSERT_NE(row, std::string::npos) << regressed.out;
    const std::string line = regressed.out.substr(row, regressed.out.find('\n', row) - row);
    EXPECT_NE(line.find("dx90"), std::string::npos) << line;
    EXPECT_NE(line.find("atvr"), std::string::npos) << line;
    EXPECT_NE(line.find("+11.11%"), std::string::npos) << line;
    EXPECT_NE(line.find("REGRESSED"), std::string::npos) << line;

    // 11% worse passes a 20% tolerance, fails a 10% one.
    EXPECT_EQ(test::runVtxc({"bench", models.path().string(), "--baseline", doctored, "--tolerance",
                             "20", "--quiet"})
                  .exitStatus,
              0);
    EXPECT_EQ(test::runVtxc({"bench", models.path().string(), "--baseline", doctored, "--tolerance",
                             "10", "--quiet"})
                  .exitStatus,
              5);
}

TEST(BenchCli, AModelMissingFromTheFolderIsARegression) {
    test::TempDir models;
    writeBenchModelFolders(models.path());
    test::TempDir out;
    const std::string saved = (out / "run.json").string();
    ASSERT_EQ(
        test::runVtxc({"bench", models.path().string(), "--save", saved, "--quiet"}).exitStatus, 0);
    fs::remove_all(models / "tube");
    const auto result =
        test::runVtxc({"bench", models.path().string(), "--baseline", saved, "--quiet"});
    EXPECT_EQ(result.exitStatus, 5);
    EXPECT_NE(result.out.find("REGRESSED: tube/tube.smd is in the baseline"), std::string::npos)
        << result.out;
}

// The summary tells an animation library (an .mdl alone, nothing to strip) from a model that
// does not compile.
TEST(BenchCli, TheSummaryShowsAnAnimationLibraryAsSuchAndAFailureAsFailed) {
    test::TempDir models;
    fs::create_directories(models / "lib");
    fs::create_directories(models / "broken");
    test::writeText(models / "lib" / "walk.smd",
                    "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\n");
    test::writeText(models / "lib" / "lib.qc", "$modelname lib.mdl\n$sequence idle walk\n");
    test::writeText(models / "broken" / "broken.qc", "$modelname b.mdl\n$body b missing\n");
    const auto result = test::runVtxc({"bench", models.path().string()});
    const auto lineOf = [&](const std::string& name) {
        const auto at = result.out.find(name);
        return at == std::string::npos ? std::string()
                                       : result.out.substr(at, result.out.find('\n', at) - at);
    };
    EXPECT_NE(lineOf("lib/lib.qc").find("(animations only)"), std::string::npos) << result.out;
    EXPECT_EQ(lineOf("lib/lib.qc").find("FAILED"), std::string::npos) << result.out;
    EXPECT_NE(lineOf("broken/broken.qc").find("FAILED"), std::string::npos) << result.out;
}

TEST(BenchCli, AnUnreadableBaselineIsReported) {
    test::TempDir models;
    writeBenchModelFolders(models.path());
    test::writeText(models / "bad.json", "{\"not\": 1}");
    const auto result = test::runVtxc(
        {"bench", models.path().string(), "--baseline", (models / "bad.json").string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find("BENCH002"), std::string::npos) << result.err;
}

} // namespace
} // namespace vtxc
