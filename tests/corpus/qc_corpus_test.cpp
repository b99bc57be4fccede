// Every QC of the corpus reads without errors into the body parts, models and LODs that
// the corpus manifest lists for it (the compiled files are the ground truth).
#include "formats/qc/qc_project.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

std::string describe(const CollectingSink& sink) {
    std::string out;
    for (const Diagnostic& d : sink.diagnostics())
        out += formatDiagnostic(d) + "\n";
    return out;
}

std::vector<float> switchPoints(const QcProject& project) {
    std::vector<float> out;
    for (const QcLod& lod : project.lods)
        out.push_back(lod.switchPoint);
    return out;
}

// The SMD file name each LOD of body part 0, model 0 uses.
std::vector<std::string> lodMeshNames(const QcProject& project) {
    std::vector<std::string> out;
    for (std::size_t lod = 0; lod < project.lods.size(); ++lod) {
        const QcLodMesh mesh = meshForLod(project, {0, 0}, lod);
        out.push_back(mesh.mesh ? mesh.mesh->path.filename().string() : "(none)");
    }
    return out;
}

class QcCorpusTest : public ::testing::Test {
  protected:
    std::optional<QcProject> read(const std::string& relative) {
        const fs::path qc = test::corpusDir() / relative;
        auto project = readQcProject(qc, sink);
        EXPECT_TRUE(project) << describe(sink);
        EXPECT_EQ(sink.errorCount(), 0u) << describe(sink);
        if (project) {
            // Every mesh the project names exists (the corpus carries all mesh sources).
            for (const QcBodyPart& part : project->bodyParts)
                for (const QcModel& model : part.models)
                    if (model.mesh) {
                        EXPECT_TRUE(model.mesh->found) << model.mesh->written;
                    }
        }
        return project;
    }

    std::size_t count(const std::string& code) const {
        std::size_t n = 0;
        for (const Diagnostic& d : sink.diagnostics())
            n += d.code == code;
        return n;
    }

    CollectingSink sink;
};

TEST_F(QcCorpusTest, EveryQcReadsWithoutErrors) {
    VTXC_REQUIRE_CORPUS();
    // Each single-model folder's QC reads on its own (its folder is its content root); the
    // projects' QCs need their tree's content root and are read by their own tests.
    const auto qcs = test::corpusModelFiles(".qc");
    EXPECT_GE(qcs.size(), 5u);
    for (const fs::path& qc : qcs) {
        CollectingSink each;
        EXPECT_TRUE(readQcProject(qc, each)) << qc << "\n" << describe(each);
        EXPECT_EQ(each.errorCount(), 0u) << qc << "\n" << describe(each);
    }
}

TEST_F(QcCorpusTest, Grenade) {
    VTXC_REQUIRE_CORPUS();
    auto project = read("w_grenade/w_grenade.qc");
    ASSERT_TRUE(project);
    EXPECT_EQ(project->modelName, fs::path("weapons") / "w_grenade");
    EXPECT_EQ(project->modelNameWritten, "weapons/w_grenade.mdl");
    ASSERT_EQ(project->bodyParts.size(), 1u);
    EXPECT_EQ(project->bodyParts[0].name, "studio");
    ASSERT_EQ(project->bodyParts[0].models.size(), 1u);
    EXPECT_EQ(project->bodyParts[0].models[0].name, "Grenade_reference.smd");
    EXPECT_EQ(switchPoints(*project), std::vector<float>{0.0f});
    EXPECT_EQ(project->cdMaterials, std::vector<std::string>{"models\\weapons\\w_grenade\\"});
    EXPECT_FALSE(project->staticProp);
    EXPECT_FALSE(project->flags.hasHitboxes);
    ASSERT_EQ(project->sequences.size(), 1u);
    EXPECT_EQ(project->sequences[0].activity, "ACT_VM_IDLE");
    ASSERT_EQ(project->sequences[0].animationFiles.size(), 1u);
    EXPECT_TRUE(project->sequences[0].animationFiles[0].found); // reuses the reference SMD
    ASSERT_TRUE(project->collisionModel);
    EXPECT_TRUE(project->collisionModel->smd.found); // w_grenade_physics.smd is in the corpus
    EXPECT_EQ(count("QC052"), 0u);
    EXPECT_EQ(count("QC061"), 0u); // every command of this QC is implemented
    const QcMdlSettings& mdl = project->mdl;
    EXPECT_EQ(mdl.surfaceProp, "grenade");
    EXPECT_EQ(mdl.contents, 1);
    ASSERT_EQ(mdl.attachments.size(), 1u);
    EXPECT_EQ(mdl.attachments[0].bone, "fuse");
    EXPECT_EQ(mdl.attachments[0].rotationDegrees, (QcVec3{0, 90, 0}));
    ASSERT_TRUE(mdl.bbox && mdl.cbox && mdl.illumPosition);
    EXPECT_EQ(mdl.bbox->max, (QcVec3{2.089, 2.089, 4.839}));
    EXPECT_EQ(mdl.illumPosition->position, (QcVec3{-0.032, -0.002, 0.085}));
    ASSERT_TRUE(project->collisionModel->mass);
    EXPECT_EQ(project->collisionModel->mass->value, 1.0);
}

TEST_F(QcCorpusTest, ChamberdoorFrame) {
    VTXC_REQUIRE_CORPUS();
    auto project = read("chamberdoor_frame/chamberdoor_frame.qc");
    ASSERT_TRUE(project);
    EXPECT_TRUE(project->staticProp);
    EXPECT_EQ(project->modelName, fs::path("props_gameplay") / "chamberdoor_frame");
    ASSERT_EQ(project->bodyParts.size(), 1u);
    EXPECT_EQ(project->bodyParts[0].name, "Body");
    EXPECT_EQ(project->bodyParts[0].models[0].name, "chamberdoor_frame_ref");
    EXPECT_EQ(project->bodyParts[0].models[0].placement.scale, 1.0);
    EXPECT_EQ(project->bodyParts[0].models[0].mesh->namedAt.line, 4u);
    EXPECT_EQ(switchPoints(*project), (std::vector<float>{0.0f, 512.0f}));
    EXPECT_EQ(lodMeshNames(*project), (std::vector<std::string>{"chamberdoor_frame_ref.smd",
                                                                "chamberdoor_frame_lod1.smd"}));
    EXPECT_EQ(project->cdMaterials, std::vector<std::string>{"models/props_gameplay"});
}

TEST_F(QcCorpusTest, BunkerGun) {
    VTXC_REQUIRE_CORPUS();
    auto project = read("bunker_gun01/bunker_gun01.qc");
    ASSERT_TRUE(project);
    EXPECT_EQ(project->modelName, fs::path("props_combine") / "bunker_gun01");
    ASSERT_EQ(project->bodyParts.size(), 1u);
    EXPECT_EQ(project->bodyParts[0].models.size(), 1u);
    EXPECT_EQ(switchPoints(*project), (std::vector<float>{0, 10, 13, 16, 20}));
    EXPECT_EQ(lodMeshNames(*project),
              (std::vector<std::string>{
                  "bunker_gun01_reference.smd", "bunker_gun01_reference_lod1.smd",
                  "bunker_gun01_reference_lod2.smd", "bunker_gun01_reference_lod3.smd",
                  "bunker_gun01_reference_lod4.smd"}));
    for (std::size_t lod = 1; lod < project->lods.size(); ++lod) {
        EXPECT_EQ(project->lods[lod].replaceBones.size(), 2u);
        EXPECT_EQ(project->lods[lod].facial, false);
    }
    EXPECT_TRUE(project->flags.noForcedFade);
    EXPECT_FALSE(project->staticProp);
    EXPECT_EQ(project->definedBones.size(), 10u);
    EXPECT_EQ(project->animations.size(), 19u);
    ASSERT_EQ(project->sequences.size(), 6u);
    EXPECT_EQ(project->sequences[0].activity, "ACT_BUNKER_GUN_ACTIVE_IDLE");
    EXPECT_EQ(project->sequences[0].fps, 30.0);
    EXPECT_TRUE(project->sequences[0].loop);
    EXPECT_EQ(project->sequences[5].animationNames.size(), 9u); // "aim" blends 9 animations
    EXPECT_EQ(count("QC051"), 0u); // every $animation and $sequence file is in the corpus
    for (const auto& sequence : project->sequences)
        for (const auto& file : sequence.animationFiles)
            EXPECT_TRUE(file.found) << sequence.name;
}

TEST_F(QcCorpusTest, CombineSuperSoldier) {
    VTXC_REQUIRE_CORPUS();
    auto project = read("combine_super_soldier_choreo/combine_super_soldier.qc");
    ASSERT_TRUE(project);
    EXPECT_EQ(project->modelName, fs::path("combine_super_soldier_choreo"));
    ASSERT_EQ(project->bodyParts.size(), 1u);
    EXPECT_EQ(project->bodyParts[0].name, "Soldier");
    ASSERT_EQ(project->bodyParts[0].models.size(), 1u);
    const QcModel& model = project->bodyParts[0].models[0];
    EXPECT_EQ(model.name, "combine_super_soldier_Super_Soldier_reference.smd");
    // Named through the macro call's argument, on line 7 of the QC.
    EXPECT_EQ(fs::path(model.mesh->namedAt.file).filename(), "combine_super_soldier.qc");
    EXPECT_EQ(model.mesh->namedAt.line, 7u);
    EXPECT_EQ(switchPoints(*project), (std::vector<float>{0, 10, 25, 40, 60, -1}));
    EXPECT_TRUE(project->hasShadowLod());
    EXPECT_EQ(lodMeshNames(*project).back(),
              "combine_super_soldier_Super_Soldier_reference_lod5.smd");
    EXPECT_TRUE(project->flags.opaque);
    EXPECT_TRUE(project->flags.hasHitboxes);
    EXPECT_EQ(project->definedBones.size(), 56u); // commonbones.qci, read from beside the QC
    EXPECT_EQ(project->includedModels.size(), 5u);
    // ../hl2mp_ported_anims/commonbones.qci and body_poses_lean.qci are stored beside the QC.
    EXPECT_EQ(count("QC016"), 2u);
    EXPECT_EQ(count("QC010"), 0u); // every .qci the QC includes is in the corpus
    EXPECT_EQ(count("QC060"), 0u); // the $model block holds flex controllers only
    const QcMdlSettings& mdl = project->mdl;
    EXPECT_EQ(mdl.flexControllers.size(), 10u);
    ASSERT_EQ(mdl.hitboxSets.size(), 1u);
    EXPECT_EQ(mdl.hitboxSets[0].boxes.size(), 18u);
    EXPECT_EQ(mdl.attachments.size(), 5u);
    EXPECT_EQ(mdl.ikChains.size(), 4u);
    EXPECT_EQ(mdl.ikAutoplayLocks.size(), 6u);
    EXPECT_EQ(mdl.commandLists.size(), 4u);
    EXPECT_EQ(mdl.weightLists.size(), 5u);
    EXPECT_EQ(mdl.boneMerges.size(), 2u);
    EXPECT_TRUE(mdl.skipBoneInBBox);
    EXPECT_EQ(mdl.maxEyeDeflectionDegrees, 90.0);
    ASSERT_TRUE(mdl.keyValues);
    EXPECT_EQ(mdl.keyValues->size() + std::string("mdlkeyvalue\n{\n}\n").size() + 1, 116u);
    EXPECT_EQ(project->animations.size(), 17u);
    EXPECT_EQ(project->sequences.size(), 7u);
    EXPECT_EQ(count("QC061"), 0u); // $collisiontext is read for the .phy
    // The QC and its six .qci files: SoldierChoreoModel, BaseChoreoModel, commonbones,
    // bodyrules_xsi, standardikchains, body_poses_lean.
    EXPECT_EQ(project->filesRead.size(), 7u);
}

TEST_F(QcCorpusTest, PineTree) {
    VTXC_REQUIRE_CORPUS();
    auto project = read("tree_pine04/tree_pine04.qc");
    ASSERT_TRUE(project);
    EXPECT_EQ(project->modelName, fs::path("props_foliage") / "Tree_pine04");
    EXPECT_TRUE(project->staticProp);
    EXPECT_TRUE(project->flags.castTextureShadows);
    ASSERT_EQ(project->bodyParts.size(), 1u);
    EXPECT_EQ(project->bodyParts[0].models.size(), 1u);
    EXPECT_EQ(switchPoints(*project), (std::vector<float>{0, 150, 200, 250}));
    EXPECT_EQ(lodMeshNames(*project),
              (std::vector<std::string>{"Tree_pine04.smd", "Tree_pine04_lod1.smd",
                                        "Tree_pine04_lod2.smd", "Tree_pine04_lod3.smd"}));
    ASSERT_EQ(project->textureGroups.size(), 1u);
    EXPECT_EQ(project->textureGroups[0].name, "skinfamilies");
    EXPECT_EQ(project->textureGroups[0].skins,
              (std::vector<std::vector<std::string>>{{"arbre01"}, {"arbre01_sway"}}));
    ASSERT_EQ(project->definedBones.size(), 1u);
    EXPECT_EQ(project->definedBones[0].name, "static_prop");
}

} // namespace
} // namespace vtxc
