// Tests of `vtxc compile MODEL.qc` end to end: body groups with blank models, $lod edits
// (removemodel, replacematerial, removemesh), $scale, the output path, and refusals of unsafe
// paths.
#include "compiler/compile.h"
#include "compiler/qc_import.h"
#include "testing/model_comparison.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

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
    test::writeText(f.dir / "body.smd", quadSmdText("skin", 0, "metal"));
    test::writeText(f.dir / "body_lod1.smd", quadSmdText("skin", 0));
    test::writeText(f.dir / "hat.smd", quadSmdText("cloth", 5));
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
    const auto& materials = out->layout.materials;
    EXPECT_EQ(materials.at(vtx.materialReplacements[1][0].materialID), "skin");
    EXPECT_TRUE(vtx.materialReplacements[0].empty());
}

TEST(QcCompile, ScaleAppliesToTheMeshesThatFollow) {
    QcFixture f;
    test::writeText(f.dir / "a.smd", quadSmdText("skin", 1));
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

} // namespace
} // namespace vtxc
