// Tests of the model file lookup and the model check on corpus models: files found ignoring
// case; doctored copies of the grenade name each mismatch.
#include "formats/studio/model_check.h"
#include "formats/studio/model_files.h"
#include "testing/test_support.h"

#include <cstring>
#include <nlohmann/json.hpp>

namespace vtxc::test {
namespace {

namespace fs = std::filesystem;

TEST(ModelFilesCorpus, FindsFilesIgnoringCase) {
    VTXC_REQUIRE_CORPUS();
    const ModelFilePaths paths = findModelFiles(corpusDir() / "tree_pine04" / "tree_pine04");
    EXPECT_EQ(paths.mdl.filename(), "tree_pine04.mdl");
    EXPECT_EQ(paths.vvd.filename(), "tree_pine04.vvd");
    ASSERT_EQ(paths.vtx.size(), 3u);
    EXPECT_EQ(paths.vtx[0].variant, "dx90");
    EXPECT_EQ(paths.vtx[0].path.filename(), "Tree_pine04.dx90.vtx");
    EXPECT_EQ(paths.vtx[2].path.filename(), "Tree_pine04.sw.vtx");
    const ModelFilePaths cube = findModelFiles(corpusDir() / "holo_cube" / "CUBE.mdl");
    EXPECT_EQ(cube.mdl.filename(), "cube.mdl");
    EXPECT_EQ(cube.vtx.size(), 1u);
}

// Library-level: each kind of mismatch is found and named.
class ModelCheck : public ::testing::Test {
  protected:
    void SetUp() override {
        VTXC_REQUIRE_CORPUS();
        CollectingSink sink;
        model = loadModelFiles(findModelFiles(corpusDir() / "w_grenade" / "w_grenade"), sink);
        ASSERT_EQ(sink.errorCount(), 0u);
        ASSERT_TRUE(model.mdl && model.vvd);
        ASSERT_EQ(model.vtx.size(), 3u);
        ASSERT_TRUE(checkModel(model).empty());
    }
    std::vector<std::string> codes() const {
        std::vector<std::string> out;
        for (const auto& d : checkModel(model))
            out.push_back(d.code);
        return out;
    }
    VtxStripGroup& dx90Group() {
        return model.vtx[0].file.bodyParts[0].models[0].lods[0].meshes[0].stripGroups[0];
    }
    LoadedModel model;
};

TEST_F(ModelCheck, VertexBeyondTheMeshIsNamed) {
    dx90Group().vertices[3].origMeshVertID = 200;
    const auto findings = checkModel(model);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].code, "CHK005");
    EXPECT_EQ(findings[0].location.file, model.vtx[0].name);
    EXPECT_NE(findings[0].message.find("body part 0 model 0 mesh 0: LOD 0 and coarser use vertices "
                                       "0..200 (largest origMeshVertID + 1 = 201)"),
              std::string::npos)
        << findings[0].message;
}

TEST_F(ModelCheck, MeshRangesAgainstTheVvdPool) {
    model.vvd->vertices.pop_back();
    EXPECT_EQ(codes(), std::vector<std::string>{"CHK004"});
    model.mdl->bodyParts[0].models[0].meshes[0].vertexoffset = 3;
    EXPECT_EQ(codes(), (std::vector<std::string>{"CHK004", "CHK004"}));
}

TEST_F(ModelCheck, LodCountsAndVvdCounts) {
    model.vvd->numLODVertexes[5] = 100;
    const auto c = codes();
    EXPECT_NE(std::find(c.begin(), c.end(), "CHK006"), c.end());
    EXPECT_NE(std::find(c.begin(), c.end(), "CHK004"), c.end());
}

TEST_F(ModelCheck, FixupsMustCoverEachRootLod) {
    model.vvd->fixups = {{0, 0, 100}};
    EXPECT_EQ(codes(), std::vector<std::string>{"CHK007"});
    model.vvd->fixups = {{0, 100, 50}};
    EXPECT_EQ(codes(), std::vector<std::string>{"CHK007"});
    model.vvd->fixups = {{0, 0, 100}, {0, 100, 14}};
    EXPECT_TRUE(codes().empty());
}

TEST_F(ModelCheck, BoneAndMaterialReferences) {
    model.vvd->vertices[7].boneWeights.bone[0] = 9;
    model.vtx[1]
        .file.bodyParts[0]
        .models[0]
        .lods[0]
        .meshes[0]
        .stripGroups[0]
        .strips[0]
        .boneStateChanges[0]
        .newBoneID = 3;
    model.mdl->bodyParts[0].models[0].meshes[0].material = 4;
    EXPECT_EQ(codes(), (std::vector<std::string>{"CHK008", "CHK008", "CHK009"}));
}

TEST_F(ModelCheck, TangentsIndexFollowsTheVertexIndex) {
    model.mdl->bodyParts[0].models[0].tangentsindex = 16;
    const auto findings = checkModel(model);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].code, "CHK004");
    EXPECT_NE(findings[0].message.find("body part 0 model 0 tangentsindex 16 is not 0"),
              std::string::npos)
        << findings[0].message;
}

TEST_F(ModelCheck, BoneLodFlagsFollowTheVerticesOfEachLod) {
    model.mdl->bones[1].flags &= ~0x400; // ValveBiped.bone carries vertices in LOD 0
    model.mdl->bones[2].flags |= 0x800;  // fuse in a LOD the model does not have
    const auto findings = checkModel(model);
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(findings[0].code, "CHK011");
    EXPECT_EQ(findings[0].location.file, model.mdlName);
    EXPECT_NE(findings[0].message.find("bones without BONE_USED_BY_VERTEX_LOD0 although vertices "
                                       "drawn by LOD 0 are weighted to them or their "
                                       "descendants: 1 ValveBiped.bone;"),
              std::string::npos)
        << findings[0].message;
    EXPECT_EQ(findings[1].code, "CHK011");
    EXPECT_NE(findings[1].message.find("bones with BONE_USED_BY_VERTEX_LOD1 although no vertex "
                                       "drawn by LOD 1 is weighted to them or their descendants: "
                                       "2 fuse;"),
              std::string::npos)
        << findings[1].message;
}

TEST_F(ModelCheck, HitboxAndAttachmentFlagsFollowTheirBones) {
    model.mdl->bones[2].flags &= ~0x200; // fuse carries the "fuse" attachment
    model.mdl->bones[2].flags |= 0x100;  // but no hitbox
    const auto findings = checkModel(model);
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(findings[0].code, "CHK012");
    EXPECT_NE(findings[0].message.find("bone 2 fuse has BONE_USED_BY_HITBOX although neither it "
                                       "nor a descendant carries a hitbox of set 0"),
              std::string::npos)
        << findings[0].message;
    EXPECT_NE(findings[1].message.find("bone 2 fuse lacks BONE_USED_BY_ATTACHMENT although it or "
                                       "a descendant carries an attachment or links an IK chain"),
              std::string::npos)
        << findings[1].message;
}

TEST_F(ModelCheck, StructureAgainstTheMdl) {
    model.vtx[2].file.bodyParts.push_back({});
    EXPECT_EQ(codes(), std::vector<std::string>{"CHK003"});
}

TEST_F(ModelCheck, WithoutAnMdlTheVtxIsCheckedAgainstTheVvd) {
    model.mdl.reset();
    EXPECT_TRUE(checkModel(model).empty());
    model.vvd->numLODVertexes.fill(100);
    const auto findings = checkModel(model);
    ASSERT_EQ(findings.size(), 3u); // one per .vtx
    EXPECT_EQ(findings[0].code, "CHK005");
    EXPECT_NE(findings[0].message.find(
                  "LOD 0 and coarser use 114 vertices over all meshes, but numLODVertexes[0]"),
              std::string::npos);
}

} // namespace
} // namespace vtxc::test
