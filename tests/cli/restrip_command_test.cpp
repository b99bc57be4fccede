// Tests of `vtxc restrip` as a command on corpus models: refusals, in-place backups, options,
// batch mode.
#include "formats/common/file_io.h"
#include "formats/studio/model_check.h"
#include "testing/model_comparison.h"
#include "testing/test_support.h"
#include "tools/restrip.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> bytesOf(const fs::path& path) {
    CollectingSink sink;
    auto bytes = readWholeFile(path, sink);
    return bytes ? std::vector<std::uint8_t>(bytes->begin(), bytes->end())
                 : std::vector<std::uint8_t>{};
}

void copyModel(const fs::path& base, const fs::path& to) {
    fs::create_directories(to);
    for (const auto& entry : fs::directory_iterator(base.parent_path())) {
        const std::string ext = entry.path().extension().string();
        if (ext == ".mdl" || ext == ".vvd" || ext == ".vtx")
            fs::copy_file(entry.path(), to / entry.path().filename());
    }
}

TEST(RestripCli, DoctoredVtxIsRefusedAndNothingIsWritten) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    const fs::path base = test::modelBaseIn(test::corpusDir() / "w_grenade");
    copyModel(base, dir / "in");
    const fs::path vtxPath = dir / "in" / "w_grenade.dx90.vtx";
    CollectingSink sink;
    auto file = readVtx(bytesOf(vtxPath), "w_grenade.dx90.vtx", sink);
    ASSERT_TRUE(file.has_value());
    VtxStripGroup& group = file->bodyParts[0].models[0].lods[0].meshes[0].stripGroups[0];
    group.indices[3] = static_cast<std::uint16_t>(group.vertices.size() + 7); // out of range
    const auto doctored = writeVtx(*file);
    ASSERT_TRUE(writeFileAtomically(vtxPath, doctored, sink));

    const auto result = test::runVtxc(
        {"restrip", (dir / "in" / "w_grenade").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(result.exitStatus, 3) << result.err;
    EXPECT_NE(result.err.find("w_grenade.dx90.vtx"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("error[VTX007]"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("refers past the"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "out" / "w_grenade.dx90.vtx"));
}

TEST(RestripCli, InPlaceKeepsBackupsAndTheModelStaysConsistent) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    const fs::path base = test::modelBaseIn(test::corpusDir() / "bunker_gun01");
    copyModel(base, dir.path());
    const auto original = bytesOf(dir / "bunker_gun01.dx90.vtx");
    const auto result = test::runVtxc({"restrip", (dir / "bunker_gun01").string(), "--in-place"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.out.find("ATVR"), std::string::npos) << result.out;
    for (const char* variant : {"dx90", "dx80", "sw"}) {
        const fs::path vtx = dir / ("bunker_gun01." + std::string(variant) + ".vtx");
        EXPECT_TRUE(fs::exists(fs::path(vtx.string() + ".bak"))) << vtx;
    }
    EXPECT_EQ(bytesOf(dir / "bunker_gun01.dx90.vtx.bak"), original);
    EXPECT_NE(bytesOf(dir / "bunker_gun01.dx90.vtx"), original);

    CollectingSink sink;
    const LoadedModel loaded = loadModelFiles(findModelFiles(dir / "bunker_gun01"), sink);
    ASSERT_FALSE(sink.hasErrors());
    ASSERT_EQ(loaded.vtx.size(), 3u);
    EXPECT_TRUE(checkModel(loaded).empty());
    auto before = readVtx(original, "bak", sink);
    ASSERT_TRUE(before.has_value());
    test::expectSameTriangles(*before, loaded.vtx[0].file, "dx90");
}

TEST(RestripCli, OptionsChooseVariantsAndOverrideTheHeader) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    const auto result =
        test::runVtxc({"restrip", test::modelBaseIn(test::corpusDir() / "tree_pine04").string(),
                       "-o", (dir / "out").string(), "--variants", "dx90", "--vert-cache-size",
                       "16", "--bones-per-strip", "20"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_FALSE(fs::exists(dir / "out" / "Tree_pine04.dx80.vtx"));
    CollectingSink sink;
    auto file = readVtx(bytesOf(dir / "out" / "Tree_pine04.dx90.vtx"), "dx90", sink);
    ASSERT_TRUE(file.has_value());
    EXPECT_EQ(file->vertCacheSize, 16);
    EXPECT_EQ(file->maxBonesPerStrip, 20);
}

TEST(RestripCli, NeedsAnOutputFolderOrInPlace) {
    VTXC_REQUIRE_CORPUS();
    const auto result =
        test::runVtxc({"restrip", test::modelBaseIn(test::corpusDir() / "w_grenade").string()});
    EXPECT_EQ(result.exitStatus, 1);
    EXPECT_NE(result.err.find("error[RST007]"), std::string::npos) << result.err;
}

TEST(RestripCli, NoModelFilesIsAnIoErrorNamingThePath) {
    test::TempDir dir;
    const auto single =
        test::runVtxc({"restrip", (dir / "absent").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(single.exitStatus, 2) << single.err;
    EXPECT_NE(single.err.find((dir / "absent").string() + ": error[RST008]"), std::string::npos)
        << single.err;
    fs::create_directories(dir / "empty");
    const auto batch = test::runVtxc(
        {"restrip", (dir / "empty").string(), "--recursive", "-o", (dir / "out").string()});
    EXPECT_EQ(batch.exitStatus, 2) << batch.err;
    EXPECT_NE(batch.err.find("error[RST008]"), std::string::npos) << batch.err;
    EXPECT_FALSE(fs::exists(dir / "out" / "absent.dx90.vtx"));
}

TEST(RestripCli, BatchRestripsEveryModelAndReportsTheBrokenOne) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    copyModel(test::modelBaseIn(test::corpusDir() / "w_grenade"), dir / "in" / "a");
    copyModel(test::modelBaseIn(test::corpusDir() / "holo_cube"), dir / "in" / "b" / "deep");
    fs::create_directories(dir / "in" / "c");
    test::writeText(dir / "in" / "c" / "broken.mdl", "this is not a model");

    const auto result = test::runVtxc(
        {"restrip", (dir / "in").string(), "--recursive", "-o", (dir / "out").string()});
    EXPECT_EQ(result.exitStatus, 3) << result.err;
    EXPECT_NE(result.err.find("broken.mdl"), std::string::npos) << result.err;
    EXPECT_NE(result.out.find("c/broken"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("FAILED"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("total: 2 of 3 models"), std::string::npos) << result.out;
    for (const char* variant : {"dx90", "dx80", "sw"})
        EXPECT_TRUE(fs::exists(dir / "out" / "a" / ("w_grenade." + std::string(variant) + ".vtx")));
    EXPECT_TRUE(fs::exists(dir / "out" / "b" / "deep" / "cube.dx90.vtx"));
    EXPECT_FALSE(fs::exists(dir / "out" / "c"));

    CollectingSink sink;
    LoadedModel cube = loadModelFiles(findModelFiles(dir / "in" / "b" / "deep" / "cube"), sink);
    ASSERT_EQ(cube.vtx.size(), 1u);
    const VtxFile valve = cube.vtx[0].file;
    auto rebuilt = readVtx(bytesOf(dir / "out" / "b" / "deep" / "cube.dx90.vtx"), "cube", sink);
    ASSERT_TRUE(rebuilt.has_value());
    cube.vtx[0].file = *rebuilt;
    EXPECT_TRUE(checkModel(cube).empty());
    test::expectSameTriangles(valve, *rebuilt, "cube");
}

} // namespace
} // namespace vtxc
