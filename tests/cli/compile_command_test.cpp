// Tests of `vtxc compile` as a command: the files it writes, exit statuses, nothing written on
// error.
#include "compiler/compile.h"
#include "formats/studio/vvd_mesh_order.h"
#include "testing/model_comparison.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

TEST(CompileCli, WritesEveryFileAndReportsQuality) {
    test::TempDir dir;
    const auto result =
        test::runVtxc({"compile", std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd", "-o",
                       (dir / "out/arm").string(), "--report", (dir / "q.json").string()});
    EXPECT_EQ(result.exitStatus, 0) << result.err;
    for (const char* name :
         {"arm.mdl", "arm.vvd", "arm.dx90.vtx", "arm.dx80.vtx", "arm.sw.vtx", "arm.layout.json"})
        EXPECT_TRUE(fs::exists(dir / "out" / name)) << name;
    const auto report = nlohmann::json::parse(test::readText(dir / "q.json"));
    const auto& lod0 = report["variants"]["dx90"]["lods"][0];
    EXPECT_EQ(lod0["triangles"].get<int>(), 288);
    EXPECT_GE(lod0["atvr"].get<double>(), 1.0);
}

// The SMD form makes an engine-ready model: its four files agree as `vtxc inspect MODEL` checks.
TEST(CompileCli, SmdFormModelPassesInspect) {
    test::TempDir dir;
    auto result = test::runVtxc({"compile", std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd",
                                 "-o", (dir / "out/arm").string(), "--quiet"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    result = test::runVtxc({"inspect", (dir / "out/arm").string()});
    EXPECT_EQ(result.exitStatus, 0) << result.out << result.err;
    EXPECT_EQ(result.err, "");
    result = test::runVtxc({"inspect", (dir / "out/arm.mdl").string(), "--json"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.out.find("\"idle\""), std::string::npos); // the default sequence
}

TEST(CompileCli, BadInputExitsThreeAndWritesNothing) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", quadGridSmdText(2, {"skin"}));
    test::writeText(dir / "bad.smd",
                    "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\n"
                    "triangles\nskin\n0 0 0 0 0 0 1 0 0\n0 1 0 0 0 0 1 nan 0\n");
    const auto result =
        test::runVtxc({"compile", (dir / "ref.smd").string(), "--lod",
                       "10=" + (dir / "bad.smd").string(), "-o", (dir / "out/m").string()});
    EXPECT_EQ(result.exitStatus, 3) << result.err;
    EXPECT_NE(result.err.find("bad.smd:12:"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(CompileCli, MissingFileIsAnIoErrorAndBadOptionsAUsageError) {
    test::TempDir dir;
    auto result =
        test::runVtxc({"compile", (dir / "none.smd").string(), "-o", (dir / "m").string()});
    EXPECT_EQ(result.exitStatus, 2) << result.err;
    EXPECT_NE(result.err.find("error[IO001]"), std::string::npos);
    result = test::runVtxc({"compile", std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd", "-o",
                            (dir / "m").string(), "--lod", "nonsense"});
    EXPECT_EQ(result.exitStatus, 1);
    result = test::runVtxc({"compile", std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd", "-o",
                            (dir / "m").string(), "--variants", "dx70"});
    EXPECT_EQ(result.exitStatus, 1);
}

} // namespace
} // namespace vtxc
