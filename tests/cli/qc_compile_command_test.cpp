// Tests of `vtxc compile MODEL.qc` as a command: output under models/, escaping names refused.
#include "compiler/compile.h"
#include "compiler/qc_import.h"
#include "testing/model_comparison.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

// One quad of `material` at height z.
std::string quadSmd(const std::string& material, float z, const std::string& second = "") {
    std::string s =
        "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\ntriangles\n";
    auto v = [&](float x, float y) {
        return "0 " + std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(z) +
               " 0 0 1 " + std::to_string(x) + " " + std::to_string(y) + "\n";
    };
    s += material + "\n" + v(0, 0) + v(1, 0) + v(1, 1) + material + "\n" + v(0, 0) + v(1, 1) +
         v(0, 1);
    if (!second.empty()) s += second + "\n" + v(2, 0) + v(3, 0) + v(3, 1);
    return s + "end\n";
}

TEST(QcCompileCli, WritesUnderModelsAndRefusesEscapingNames) {
    test::TempDir dir;
    test::writeText(dir / "src/a.smd", quadSmd("skin", 0));
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
