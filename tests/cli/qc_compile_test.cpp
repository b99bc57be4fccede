// Tests of `vtxc compile MODEL.qc` end to end: body groups with blank models, $lod edits
// (removemodel, replacematerial, removemesh), $scale, the output path, and refusals of unsafe
// paths.
#include "compiler/compile.h"
#include "compiler/qc_import.h"
#include "testing/model_comparison.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

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

struct QcFixture {
    test::TempDir dir;
    std::optional<CompileOutput> compile(const std::string& qc, CollectingSink& sink) {
        test::writeText(dir / "m.qc", qc);
        const auto project = readQcModelProject(dir / "m.qc", sink);
        if (!project) return std::nullopt;
        return compileProject(*project, CompileOptions{}, sink);
    }
};

std::size_t lodTriangleCount(const VtxFile& vtx, std::size_t bodyPart, std::size_t model,
                             std::size_t lod) {
    std::size_t n = 0;
    for (const VtxMesh& mesh : vtx.bodyParts.at(bodyPart).models.at(model).lods.at(lod).meshes)
        for (const VtxStripGroup& group : mesh.stripGroups)
            n += group.indices.size() / 3;
    return n;
}

TEST(QcCompile, BodyGroupsLodEditsAndMaterialReplacement) {
    QcFixture f;
    test::writeText(f.dir / "body.smd", quadSmd("skin", 0, "metal"));
    test::writeText(f.dir / "body_lod1.smd", quadSmd("skin", 0));
    test::writeText(f.dir / "hat.smd", quadSmd("cloth", 5));
    CollectingSink sink;
    const auto out = f.compile(R"($modelname "test/m.mdl"
$body "body" "body.smd"
$bodygroup "hats" { studio "hat.smd" blank }
$lod 20 { replacemodel "body.smd" "body_lod1.smd" replacematerial "skin" "skin_far" }
$lod 40 { removemodel "hat.smd" removemesh "metal" }
)",
                               sink);
    ASSERT_TRUE(out) << (sink.errors().empty() ? "" : formatDiagnostic(sink.errors()[0]));
    const VtxFile& vtx = out->vtx[0].file;
    ASSERT_EQ(vtx.bodyParts.size(), 2u);
    ASSERT_EQ(vtx.bodyParts[1].models.size(), 2u);
    EXPECT_EQ(vtx.numLODs, 3);
    EXPECT_EQ(lodTriangleCount(vtx, 0, 0, 0), 3u); // skin quad + metal triangle
    EXPECT_EQ(lodTriangleCount(vtx, 0, 0, 1), 2u); // the LOD 1 mesh has no metal
    EXPECT_EQ(lodTriangleCount(vtx, 0, 0, 2), 2u); // LOD 2 edits the reference: metal removed
    EXPECT_EQ(lodTriangleCount(vtx, 1, 0, 1), 2u); // the hat stays in LOD 1
    EXPECT_EQ(lodTriangleCount(vtx, 1, 0, 2), 0u); // removemodel: nothing drawn in LOD 2
    EXPECT_EQ(lodTriangleCount(vtx, 1, 1, 0), 0u); // blank
    // Meshes per model stay the same in every LOD (the engine indexes them by the .mdl's meshes).
    EXPECT_EQ(vtx.bodyParts[1].models[0].lods[2].meshes.size(),
              vtx.bodyParts[1].models[0].lods[0].meshes.size());
    ASSERT_EQ(vtx.materialReplacements.size(), 3u);
    ASSERT_EQ(vtx.materialReplacements[1].size(), 1u);
    EXPECT_EQ(vtx.materialReplacements[1][0].name, "skin_far");
    const auto& materials = out->layout["materials"];
    EXPECT_EQ(materials[vtx.materialReplacements[1][0].materialID].get<std::string>(), "skin");
    EXPECT_TRUE(vtx.materialReplacements[0].empty());
}

TEST(QcCompile, ScaleAppliesToTheMeshesThatFollow) {
    QcFixture f;
    test::writeText(f.dir / "a.smd", quadSmd("skin", 1));
    CollectingSink sink;
    const auto out = f.compile("$modelname \"s.mdl\"\n$scale 2\n$body \"b\" \"a.smd\"\n", sink);
    ASSERT_TRUE(out);
    float maxX = 0, maxZ = 0;
    for (const VvdVertex& v : out->vvd.vertices) {
        maxX = std::max(maxX, v.position.x);
        maxZ = std::max(maxZ, v.position.z);
    }
    EXPECT_FLOAT_EQ(maxX, 2.0f);
    EXPECT_FLOAT_EQ(maxZ, 2.0f);
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

// A QC with .mdl commands: four files that agree with each other, or none when the .mdl stage
// finds a mistake (an attachment on a bone the model lacks).
TEST(QcCompileCli, WritesTheMdlWithTheOtherFilesOrNothing) {
    test::TempDir dir;
    test::writeText(dir / "src/a.smd", quadSmd("skin", 0));
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
    test::writeText(dir / "shared/a.smd", quadSmd("skin", 0));
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

} // namespace
} // namespace vtxc
