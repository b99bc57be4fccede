// Tests of `vtxc compile MODEL.qc` as a command: output under models/, escaping names refused.
#include "compiler/compile.h"
#include "compiler/qc_import.h"
#include "testing/model_comparison.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

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

} // namespace
} // namespace vtxc
