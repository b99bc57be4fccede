// Tests of `vtxc compile MODEL.qc` as a command: output under models/, escaping names refused,
// the .mdl written with the other files or nothing, every corpus QC inspected, --content-root.
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "testing/model_comparison.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

TEST(QcCompileCli, WritesUnderModelsAndRefusesEscapingNames) {
    test::TempDir dir;
    test::writeText(dir / "src/a.smd", quadSmdText("skin", 0));
    test::writeText(dir / "src/ok.qc", "$modelname \"props/thing.mdl\"\n$body \"b\" \"a.smd\"\n");
    auto result =
        test::runVtxc({"compile", (dir / "src/ok.qc").string(), "-o", (dir / "game").string()});
    EXPECT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_TRUE(std::filesystem::exists(dir / "game/models/props/thing.dx90.vtx"));
    test::writeText(dir / "src/bad.qc", "$body \"b\" \"a.smd\"\n$modelname \"../../evil.mdl\"\n");
    result =
        test::runVtxc({"compile", (dir / "src/bad.qc").string(), "-o", (dir / "game").string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find("bad.qc:2:"), std::string::npos) << result.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "evil.vvd"));
    test::writeText(dir / "src/missing.qc", "$modelname \"m.mdl\"\n$body \"b\" \"nothere.smd\"\n");
    result = test::runVtxc(
        {"compile", (dir / "src/missing.qc").string(), "-o", (dir / "game").string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find("missing.qc:2:"), std::string::npos) << result.err;
    result =
        test::runVtxc({"compile", (dir / "src/ok.qc").string(), "--lod", "10=x.smd", "-o", "x"});
    EXPECT_EQ(result.exitStatus, 1);
}

// A QC with .mdl commands: four files that agree with each other, or none when the .mdl stage
// finds a mistake (an attachment on a bone the model lacks).
TEST(QcCompileCli, WritesTheMdlWithTheOtherFilesOrNothing) {
    test::TempDir dir;
    test::writeText(dir / "src/a.smd", quadSmdText("skin", 0));
    test::writeText(dir / "src/ok.qc", "$modelname \"props/thing.mdl\"\n$body \"b\" \"a.smd\"\n"
                                       "$attachment tip root 0 0 1\n$surfaceprop metal\n"
                                       "$sequence idle \"a.smd\" loop\n");
    auto result = test::runVtxc(
        {"compile", (dir / "src/ok.qc").string(), "-o", (dir / "game").string(), "--quiet"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_TRUE(std::filesystem::exists(dir / "game/models/props/thing.mdl"));
    result = test::runVtxc({"inspect", (dir / "game/models/props/thing").string()});
    EXPECT_EQ(result.exitStatus, 0) << result.out << result.err;

    test::writeText(dir / "src/bad.qc", "$modelname \"props/bad.mdl\"\n$body \"b\" \"a.smd\"\n"
                                        "$attachment tip nose 0 0 1\n");
    result =
        test::runVtxc({"compile", (dir / "src/bad.qc").string(), "-o", (dir / "game").string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find("bad.qc:3:1: error[BONE004]"), std::string::npos) << result.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "game/models/props/bad.vvd"));
    EXPECT_FALSE(std::filesystem::exists(dir / "game/models/props/bad.mdl"));
}

// `vtxc compile` on every corpus QC: the four files of each model, found where $modelname puts
// them, agree with each other (one checksum, counts, bone indices, materials) as `vtxc inspect
// MODEL` checks them, with no finding.
TEST(QcCompileCli, EveryCorpusQcGivesFourFilesInspectFindsConsistent) {
    VTXC_REQUIRE_CORPUS();
    const std::pair<const char*, const char*> qcs[] = {
        {"w_grenade/w_grenade.qc", "weapons/w_grenade"},
        {"chamberdoor_frame/chamberdoor_frame.qc", "props_gameplay/chamberdoor_frame"},
        {"tree_pine04/tree_pine04.qc", "props_foliage/Tree_pine04"},
        {"bunker_gun01/bunker_gun01.qc", "props_combine/bunker_gun01"},
        {"combine_super_soldier_choreo/combine_super_soldier.qc", "combine_super_soldier_choreo"},
    };
    for (const auto& [qc, model] : qcs) {
        test::TempDir dir;
        auto result = test::runVtxc(
            {"compile", (test::corpusDir() / qc).string(), "-o", dir.path().string(), "--quiet"});
        ASSERT_EQ(result.exitStatus, 0) << qc << "\n" << result.err;
        const std::filesystem::path base = dir / "models" / model;
        for (const char* extension : {".mdl", ".vvd", ".dx90.vtx", ".dx80.vtx", ".sw.vtx"})
            EXPECT_TRUE(std::filesystem::exists(base.string() + extension)) << model << extension;
        result = test::runVtxc({"inspect", base.string(), "--json"});
        EXPECT_EQ(result.exitStatus, 0) << qc << "\n" << result.err;
        const auto inspected = nlohmann::json::parse(result.out);
        EXPECT_TRUE(inspected["consistent"].get<bool>()) << qc;
        EXPECT_TRUE(inspected["findings"].empty()) << qc << "\n" << inspected["findings"].dump();
    }
}

// --content-root lets a QC name files above its folder, never above the root.
TEST(QcCompileCli, ContentRootBoundsThePaths) {
    test::TempDir dir;
    test::writeText(dir / "shared/a.smd", quadSmdText("skin", 0));
    test::writeText(dir / "src/m/m.qc", "$modelname \"m.mdl\"\n$body \"b\" \"../../shared/a\"\n");
    auto result = test::runVtxc({"compile", (dir / "src/m/m.qc").string(), "-o",
                                 (dir / "game").string(), "--content-root", dir.path().string()});
    EXPECT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_TRUE(std::filesystem::exists(dir / "game/models/m.mdl"));
    result = test::runVtxc({"compile", (dir / "src/m/m.qc").string(), "-o",
                            (dir / "game2").string(), "--content-root", (dir / "src").string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find("m.qc:2:"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("error[QC014]"), std::string::npos) << result.err;
    result = test::runVtxc({"compile", (dir / "src/m/m.qc").string(), "-o",
                            (dir / "game3").string(), "--content-root", (dir / "shared").string()});
    EXPECT_EQ(result.exitStatus, 1) << result.err; // the QC is not inside the root
    EXPECT_NE(result.err.find("error[QC015]"), std::string::npos) << result.err;
}

// A warning repeated word for word is printed three times, then summed up in one note at the
// first place; errors and --all-warnings print every one.
TEST(QcCompileCli, AWarningRepeatedWordForWordIsShownThreeTimesThenCounted) {
    test::TempDir dir;
    test::writeText(dir / "src/a.smd", quadSmdText("skin", 0));
    std::string qc = "$modelname \"m.mdl\"\n$body \"b\" \"a.smd\"\n";
    for (int i = 0; i < 5; ++i)
        qc += "$upaxis Y\n"; // lines 3 to 7
    test::writeText(dir / "src/m.qc", qc);
    const auto countOf = [](const std::string& text, const std::string& what) {
        std::size_t n = 0;
        for (std::size_t at = text.find(what); at != std::string::npos;
             at = text.find(what, at + 1))
            ++n;
        return n;
    };
    auto result =
        test::runVtxc({"compile", (dir / "src/m.qc").string(), "-o", (dir / "game").string()});
    EXPECT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_EQ(countOf(result.err, "warning[QC061]"), 3u) << result.err;
    EXPECT_NE(result.err.find("m.qc:5:1: warning[QC061]"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("m.qc:6:1: warning[QC061]"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("m.qc:3:1: note[QC061]: 2 more time(s)"), std::string::npos)
        << result.err;
    result = test::runVtxc(
        {"compile", (dir / "src/m.qc").string(), "-o", (dir / "game2").string(), "--all-warnings"});
    EXPECT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_EQ(countOf(result.err, "warning[QC061]"), 5u) << result.err;
    EXPECT_EQ(result.err.find("more time(s)"), std::string::npos) << result.err;
}

} // namespace
} // namespace vtxc
