// Tests of `vtxc stats` on a corpus model and on a model vtxc compiled: the documented JSON keys,
// figures that follow from the files, and the error for a model without .vtx files.
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

TEST(StatsCli, CorpusModelFiguresAndReferencePoints) {
    VTXC_REQUIRE_CORPUS();
    const auto base = (test::corpusDir() / "w_grenade/w_grenade").string();
    const auto result = test::runVtxc({"stats", base, "--json", "--cache-sizes", "16,32"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const auto stats = nlohmann::json::parse(result.out);
    for (const char* variant : {"dx90", "dx80", "sw"}) {
        SCOPED_TRACE(variant);
        const auto& lods = stats["variants"][variant]["lods"];
        ASSERT_EQ(lods.size(), 1u);
        const auto& lod = lods[0];
        for (const char* key :
             {"triangles", "uniqueVertices", "storedVertices", "strips", "boneStateChanges", "acmr",
              "atvr", "meshes", "lowerBound", "headroom", "gpu"})
            EXPECT_TRUE(lod.contains(key)) << key;
        EXPECT_EQ(lod["triangles"].get<int>(), 92);
        EXPECT_EQ(lod["uniqueVertices"].get<int>(), 114);
        EXPECT_EQ(lod["storedVertices"].get<int>(), 114);
        EXPECT_NEAR(lod["lowerBound"].get<double>(), 114.0 / 92.0, 1e-6);
        EXPECT_GE(lod["acmr"].get<double>(), lod["lowerBound"].get<double>() - 1e-9);
        EXPECT_GE(lod["atvr"].get<double>(), 1.0);
        EXPECT_TRUE(lod["cacheSizes"].contains("16"));
        EXPECT_GE(lod["cacheSizes"]["16"]["acmr"].get<double>(),
                  lod["cacheSizes"]["32"]["acmr"].get<double>());
        EXPECT_EQ(lod["meshes"].size(), 1u);
        for (const char* gpu : {"nvidia", "amd", "intel"})
            EXPECT_GT(lod["gpu"][gpu]["acmr"].get<double>(), 0.0);
    }
    EXPECT_EQ(stats["variants"]["dx90"]["vertCacheSize"].get<int>(), 24);
    EXPECT_EQ(stats["variants"]["sw"]["vertCacheSize"].get<int>(), 512);
    EXPECT_EQ(stats["files"]["w_grenade.dx90.vtx"].get<int>(), 1719);
}

TEST(StatsCli, HumanTableAndCompiledModel) {
    test::TempDir dir;
    auto result = test::runVtxc({"compile", std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd",
                                 "-o", (dir / "arm").string(), "--quiet"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    result = test::runVtxc({"stats", (dir / "arm").string()});
    EXPECT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.out.find("ATVR"), std::string::npos);
    EXPECT_NE(result.out.find("dx90"), std::string::npos);
    EXPECT_NE(result.out.find("arm.vvd"), std::string::npos);
}

// A cache size equal to a header's is simulated once, as the header's: its column shows '-' in
// that variant's rows and a figure in the others.
TEST(StatsCli, AnExtraCacheSizeEqualToTheHeadersShowsADash) {
    VTXC_REQUIRE_CORPUS();
    const auto base = (test::corpusDir() / "w_grenade/w_grenade").string();
    const auto result = test::runVtxc({"stats", base, "--cache-sizes", "24"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const auto rowOf = [&](const std::string& variant) {
        const std::size_t at = result.out.find("\n" + variant + " ");
        return at == std::string::npos
                   ? std::string()
                   : result.out.substr(at + 1, result.out.find('\n', at + 1) - at);
    };
    EXPECT_NE(rowOf("dx90").find(" - "), std::string::npos) << result.out;
    EXPECT_EQ(rowOf("sw").find(" - "), std::string::npos) << result.out;
    EXPECT_NE(rowOf("sw"), "");
}

TEST(StatsCli, ModelWithoutVtxIsAnIoError) {
    test::TempDir dir;
    const auto result = test::runVtxc({"stats", (dir / "nothing").string()});
    EXPECT_EQ(result.exitStatus, 2);
    EXPECT_NE(result.err.find("error[STATS001]"), std::string::npos) << result.err;
}

} // namespace
} // namespace vtxc
