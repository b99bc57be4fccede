// Tests of `vtxc stats` on a corpus model and on a model vtxc compiled: the documented JSON keys,
// figures that follow from the files, the collision model of a .phy beside the model (and the
// costly warning), and the error for a model without .vtx files.
#include "formats/phy/phy.h"
#include "formats/phy/phy_check.h"
#include "testing/test_support.h"

#include <algorithm>
#include <array>
#include <cstdint>
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

// The collision model of a compiled corpus model: the figures agree with the .phy read back and
// with each other, and the model is not costly.
TEST(StatsCli, CollisionModelOfACompiledCorpusModel) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    auto result = test::runVtxc({"compile", (test::corpusDir() / "w_grenade/w_grenade.qc").string(),
                                 "-o", dir.path().string(), "--quiet"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const std::string base = (dir / "models/weapons/w_grenade").string();
    result = test::runVtxc({"stats", base, "--json"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const auto stats = nlohmann::json::parse(result.out);
    ASSERT_TRUE(stats.contains("collision")) << result.out;
    const auto& c = stats["collision"];
    EXPECT_EQ(c["file"].get<std::string>(), "w_grenade.phy");
    EXPECT_FALSE(c["jointed"].get<bool>());
    EXPECT_EQ(c["solidCount"].get<int>(), 1);
    ASSERT_EQ(c["solids"].size(), 1u);
    EXPECT_EQ(c["solids"][0]["name"].get<std::string>(), "w_grenade_physics");

    const std::string phyText = test::readText(base + ".phy");
    CollectingSink sink;
    const auto phy =
        readPhy(std::vector<std::uint8_t>(phyText.begin(), phyText.end()), "w_grenade.phy", sink);
    ASSERT_TRUE(phy);
    const PhyCompactSurface& surface = phy->solids[0].surface;
    const auto pieces = phyPieceLedges(surface);
    EXPECT_EQ(c["pieces"].get<std::size_t>(), pieces.size());
    std::size_t total = 0, least = SIZE_MAX, most = 0;
    double volume = 0;
    for (std::size_t ledge : pieces) {
        const std::size_t n = phyLedgePointIndices(surface.ledges[ledge]).size();
        total += n;
        least = std::min(least, n);
        most = std::max(most, n);
        volume += phyLedgeVolume(surface, surface.ledges[ledge]);
    }
    EXPECT_EQ(c["pointsPerPiece"]["total"].get<std::size_t>(), total);
    EXPECT_EQ(c["pointsPerPiece"]["min"].get<std::size_t>(), least);
    EXPECT_EQ(c["pointsPerPiece"]["max"].get<std::size_t>(), most);
    EXPECT_NEAR(c["hullVolume"].get<double>(), volume, 1e-6 * volume);
    // The text block's volume is the same hull's.
    const auto solid = solidParams(*phy->text.blocksOf(PhyBlockKind::Solid).at(0));
    ASSERT_TRUE(solid);
    EXPECT_NEAR(c["hullVolume"].get<double>(), solid->volume, 0.01 * solid->volume);
    const auto edit = editParams(*phy->text.blocksOf(PhyBlockKind::EditParams).at(0));
    ASSERT_TRUE(edit);
    EXPECT_NEAR(c["totalMass"].get<double>(), edit->totalmass, 1e-4);
    // A grenade's collision hull hugs its render mesh: within a fifth of the render hull's volume.
    const double render = c["renderHullVolume"].get<double>();
    EXPECT_GT(render, 0);
    EXPECT_NEAR(c["volumeRatio"].get<double>(), c["hullVolume"].get<double>() / render, 1e-9);
    EXPECT_GT(c["volumeRatio"].get<double>(), 0.8);
    EXPECT_LT(c["volumeRatio"].get<double>(), 1.2);
    EXPECT_TRUE(c["costly"].empty()) << c["costly"].dump();

    result = test::runVtxc({"stats", base});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.out.find("collision (w_grenade.phy, prop): 1 solids"), std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("convex hull of the LOD-0 render vertices"), std::string::npos);
    EXPECT_EQ(result.out.find("costly"), std::string::npos) << result.out;
}

// A box of side 2 at x, as 12 triangles with smoothed normals (one $concave island).
std::string boxTriangles(double x) {
    std::string out;
    const int quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                             {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    for (const auto& q : quads)
        for (const auto& t : {std::array<int, 3>{q[0], q[1], q[2]}, {q[0], q[2], q[3]}}) {
            out += "mat\n";
            for (int c : t) {
                const double sx = (c & 1) ? 1 : -1, sy = (c & 2) ? 1 : -1, sz = (c & 4) ? 1 : -1;
                out += "0 " + std::to_string(x + 1 + sx) + " " + std::to_string(1 + sy) + " " +
                       std::to_string(1 + sz) + " " + std::to_string(sx * 0.57735) + " " +
                       std::to_string(sy * 0.57735) + " " + std::to_string(sz * 0.57735) +
                       " 0 0 1 0 1\n";
            }
        }
    return out;
}

// More convex pieces than the costly rule allows: the warning line in the text and in --json.
// A .phy that is not one: a warning, and the other figures still printed.
TEST(StatsCli, CostlyCollisionModelWarnsAndABrokenPhyIsLeftOut) {
    test::TempDir dir;
    std::string smd = "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 "
                      "0\nend\ntriangles\n";
    for (int i = 0; i < 45; ++i)
        smd += boxTriangles(4.0 * i);
    smd += "end\n";
    test::writeText(dir / "src/phys.smd", smd);
    test::writeText(dir / "src/m.qc", "$modelname \"m.mdl\"\n$body b \"phys.smd\"\n"
                                      "$sequence idle \"phys.smd\"\n$collisionmodel "
                                      "\"phys.smd\" {\n$concave\n$maxconvexpieces 64\n}\n");
    auto result = test::runVtxc(
        {"compile", (dir / "src/m.qc").string(), "-o", (dir / "game").string(), "--quiet"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const std::string base = (dir / "game/models/m").string();
    result = test::runVtxc({"stats", base, "--json"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const auto stats = nlohmann::json::parse(result.out);
    const auto& c = stats["collision"];
    EXPECT_EQ(c["pieces"].get<int>(), 45);
    EXPECT_EQ(c["pointsPerPiece"]["min"].get<int>(), 8);
    EXPECT_EQ(c["pointsPerPiece"]["max"].get<int>(), 8);
    EXPECT_EQ(c["pointsPerPiece"]["total"].get<int>(), 45 * 8);
    EXPECT_NEAR(c["hullVolume"].get<double>(), 45 * 8.0, 1e-3);
    ASSERT_EQ(c["costly"].size(), 1u) << c["costly"].dump();
    EXPECT_NE(c["costly"][0].get<std::string>().find("45 convex pieces"), std::string::npos);
    result = test::runVtxc({"stats", base});
    EXPECT_NE(result.out.find("warning: costly collision model: solid 'phys' has 45 convex pieces"),
              std::string::npos)
        << result.out;

    test::writeText(base + ".phy", "not a phy");
    result = test::runVtxc({"stats", base, "--json"});
    EXPECT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.err.find("m.phy: warning[STATS004]"), std::string::npos) << result.err;
    EXPECT_FALSE(nlohmann::json::parse(result.out).contains("collision"));
}

TEST(StatsCli, ModelWithoutVtxIsAnIoError) {
    test::TempDir dir;
    const auto result = test::runVtxc({"stats", (dir / "nothing").string()});
    EXPECT_EQ(result.exitStatus, 2);
    EXPECT_NE(result.err.find("error[STATS001]"), std::string::npos) << result.err;
}

} // namespace
} // namespace vtxc
