// Tests of `vtxc compile MODEL.qc` end to end: body groups with blank models, $lod edits
// (removemodel, replacematerial, removemesh), $scale, the output path, and refusals of unsafe
// paths.
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "testing/model_comparison.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
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

// Two bones: "root", and "arm" 4 units along x that turns in frame 1.
const char* const kArmAnimation = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\n"
                                  "skeleton\ntime 0\n0 0 0 0 0 0 0\n1 4 0 0 0 0 0\n"
                                  "time 1\n1 4 0 0 0 0 1\nend\n";

// A QC of animations alone (an NPC animation library, a $includemodel target): an .mdl and
// nothing else, with the animation SMD's bones, no body part, no texture and one empty skin
// family, as Valve's animation libraries are.
TEST(QcCompile, AnimationsAloneMakeAnMdlWithoutMeshes) {
    QcFixture f;
    test::writeText(f.dir / "wave.smd", kArmAnimation);
    CollectingSink sink;
    const auto out = f.compile("$modelname \"anims.mdl\"\n$sequence wave \"wave.smd\" loop\n"
                               "$animation still \"wave.smd\" frame 0 0\n",
                               sink);
    ASSERT_TRUE(out) << (sink.errors().empty() ? "" : formatDiagnostic(sink.errors()[0]));
    EXPECT_EQ(sink.errorCount(), 0u);
    ASSERT_TRUE(out->mdl);
    ASSERT_EQ(out->files.size(), 1u);
    EXPECT_EQ(out->files[0].suffix, "mdl");
    EXPECT_TRUE(out->vtx.empty());
    const MdlFile& mdl = *out->mdl;
    ASSERT_EQ(mdl.bones.size(), 2u);
    EXPECT_EQ(mdl.bones[0].name, "root");
    EXPECT_EQ(mdl.bones[1].name, "arm");
    EXPECT_EQ(mdl.bones[1].parent, 0);
    EXPECT_FLOAT_EQ(mdl.bones[1].pos.x, 4.0f);
    EXPECT_TRUE(mdl.bodyParts.empty());
    EXPECT_TRUE(mdl.textures.empty());
    ASSERT_EQ(mdl.skinFamilies.size(), 1u);
    EXPECT_TRUE(mdl.skinFamilies[0].empty());
    ASSERT_EQ(mdl.sequences.size(), 1u);
    EXPECT_EQ(mdl.animations.size(), 2u);
    EXPECT_EQ(mdl.animations[0].numframes, 2);
    // The checksum hashes the .mdl itself (there is no .vvd or .vtx) and stands in its header.
    EXPECT_NE(out->checksum, 0);
    EXPECT_EQ(mdl.checksum, out->checksum);
    const auto& bytes = out->files[0].bytes;
    std::int32_t written = 0;
    std::memcpy(&written, bytes.data() + 8, 4);
    EXPECT_EQ(written, out->checksum);
    EXPECT_TRUE(out->layout.bodyParts.empty());
    EXPECT_EQ(out->layout.bones.size(), 2u);
    // Written: NAME.mdl and NAME.layout.json, nothing else.
    ASSERT_TRUE(writeCompileOutput(*out, f.dir / "out" / "anims", sink));
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(f.dir / "out"))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"anims.layout.json", "anims.mdl"}));
}

// $definebone gives an animation library its bones, in QC order, whatever its files hold.
TEST(QcCompile, AnimationsAloneTakeTheirBonesFromDefineBone) {
    QcFixture f;
    test::writeText(f.dir / "wave.smd", kArmAnimation);
    CollectingSink sink;
    const auto out =
        f.compile("$modelname \"anims.mdl\"\n$definebone \"root\" \"\" 0 0 0 0 0 0 0 0 0 0 0 0\n"
                  "$definebone \"arm\" \"root\" 5 0 0 0 0 0 0 0 0 0 0 0\n"
                  "$definebone \"hand\" \"arm\" 2 0 0 0 0 0 0 0 0 0 0 0\n"
                  "$sequence wave \"wave.smd\"\n",
                  sink);
    ASSERT_TRUE(out && out->mdl) << (sink.errors().empty() ? ""
                                                           : formatDiagnostic(sink.errors()[0]));
    ASSERT_EQ(out->mdl->bones.size(), 3u);
    EXPECT_EQ(out->mdl->bones[2].name, "hand");
    EXPECT_FLOAT_EQ(out->mdl->bones[1].pos.x, 5.0f);
}

// Without meshes and without animations there is nothing to compile (QC034 at the QC's top).
TEST(QcCompile, NoMeshAndNoAnimationIsAnError) {
    QcFixture f;
    CollectingSink sink;
    EXPECT_FALSE(f.compile("$modelname \"anims.mdl\"\n$surfaceprop metal\n", sink));
    const Diagnostic* error = sink.find("QC034");
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->location.line, 1u);
}

// studiomdl drops a material name's extension: a LOD's `lock.002` is the reference's `lock`, as
// are `Lock.001` and `lock.vmt` (door01_left's handle), so all make one mesh and one texture.
TEST(QcCompile, MaterialsAreNamedWithoutTheirExtension) {
    QcFixture f;
    test::writeText(f.dir / "body.smd", quadSmdText("lock", 0, "Lock.001"));
    test::writeText(f.dir / "body_lod1.smd", quadSmdText("lock.002", 0, "lock.vmt"));
    CollectingSink sink;
    const auto out = f.compile("$modelname \"m.mdl\"\n$body \"body\" \"body.smd\"\n"
                               "$lod 20 { replacemodel \"body.smd\" \"body_lod1.smd\" }\n",
                               sink);
    ASSERT_TRUE(out && out->mdl) << (sink.errors().empty() ? ""
                                                           : formatDiagnostic(sink.errors()[0]));
    ASSERT_EQ(out->mdl->textures.size(), 1u);
    EXPECT_EQ(out->mdl->textures[0].name, "lock");
    ASSERT_EQ(out->mdl->bodyParts.at(0).models.at(0).meshes.size(), 1u);
    EXPECT_EQ(lodTriangleCount(out->vtx[0].file, 0, 0, 0), 3u);
    EXPECT_EQ(lodTriangleCount(out->vtx[0].file, 0, 0, 1), 3u);
}

} // namespace
} // namespace vtxc
