// Tests of the QC project reader on hand-written documents held in memory: each command, the
// preprocessor ($include, macros, variables), the path rules, and every error with code and line.
#include "formats/qc/qc_preprocessor.h"
#include "formats/qc/qc_project.h"
#include "testing/diagnostic_text.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

class QcProjectTest : public ::testing::Test {
  protected:
    QcProjectTest() {
        for (const char* name : {"ref.smd", "ref_lod1.smd", "ref_lod2.smd", "ref_lod3.smd",
                                 "other.smd", "other_lod1.smd", "head.smd", "anims/walk.smd"})
            files.addFile(fs::path("proj") / name, "version 1\n");
    }

    std::optional<QcProject> read(const std::string& qc) {
        files.addFile("proj/model.qc", qc);
        return readQcProject("proj/model.qc", files, sink);
    }

    // The diagnostic with this code, checked to point at `line` of `file`.
    const Diagnostic& expectAt(const std::string& code, std::uint32_t line,
                               const std::string& file = "proj/model.qc") {
        const Diagnostic* found = sink.find(code);
        static const Diagnostic none;
        EXPECT_NE(found, nullptr) << "no " << code << "; got:\n" << all();
        if (!found) return none;
        EXPECT_EQ(found->location.file, file) << formatDiagnostic(*found);
        EXPECT_EQ(found->location.line, line) << formatDiagnostic(*found);
        return *found;
    }

    std::size_t count(const std::string& code) const { return test::countCode(sink, code); }
    std::string all() const { return test::diagnosticsText(sink); }

    MemoryFileSystem files;
    CollectingSink sink;
};

const std::string kHead = "$modelname \"props\\box.mdl\"\n"; // line 1 of most documents

// ---- commands ----

TEST_F(QcProjectTest, ModelNameIsNormalisedWithoutMdl) {
    auto project = read(kHead + "$body b \"ref.smd\"\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->modelNameWritten, "props\\box.mdl");
    EXPECT_EQ(project->modelName, fs::path("props") / "box");
    EXPECT_EQ(project->modelNameAt.line, 1u);
    EXPECT_TRUE(project->lods.size() == 1 && project->lods[0].isReference);
}

TEST_F(QcProjectTest, BodyMakesOneBodyPartWithOneModel) {
    auto project = read(kHead + "$body \"Body\" \"ref\"\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->bodyParts.size(), 1u);
    const QcBodyPart& part = project->bodyParts[0];
    EXPECT_EQ(part.name, "Body");
    ASSERT_EQ(part.models.size(), 1u);
    EXPECT_EQ(part.models[0].name, "ref");
    ASSERT_TRUE(part.models[0].mesh);
    EXPECT_EQ(part.models[0].mesh->path, fs::path("proj") / "ref.smd"); // .smd appended
    EXPECT_TRUE(part.models[0].mesh->found);
    EXPECT_EQ(part.models[0].mesh->namedAt.line, 2u);
    EXPECT_EQ(part.models[0].mesh->namedAt.file, "proj/model.qc");
}

TEST_F(QcProjectTest, ModelBlocksGiveFlexControllersAndWarnAboutTheRest) {
    auto project =
        read(kHead + "$model head \"head.smd\" {\n"
                     "  eyeball righteye \"Bip01_Head\" 1 2 3 \"eye\" 1 4 \"pupil\" 0.6\n"
                     "  flexcontroller eyes range -30 30 eyes_updown\n"
                     "  { nested }\n"
                     "}\n"
                     "$model body \"ref.smd\" { mouth 0 \"mouth\" \"bone\" 0 1 0 }\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->bodyParts.size(), 2u);
    EXPECT_EQ(project->bodyParts[0].name, "head");
    EXPECT_EQ(project->bodyParts[0].models[0].name, "head.smd");
    EXPECT_EQ(project->bodyParts[1].models[0].mesh->namedAt.line, 7u);
    ASSERT_EQ(project->mdl.flexControllers.size(), 1u);
    EXPECT_EQ(project->mdl.flexControllers[0].type, "eyes");
    EXPECT_EQ(project->mdl.flexControllers[0].name, "eyes_updown");
    EXPECT_EQ(project->mdl.flexControllers[0].min, -30.0);
    EXPECT_EQ(project->mdl.flexControllers[0].max, 30.0);
    // eyeball (line 3) and mouth (line 7) are not implemented: each named where it is written.
    EXPECT_EQ(count("QC060"), 2u);
    expectAt("QC060", 3);
    EXPECT_NE(sink.diagnostics().back().message.find("mouth"), std::string::npos);
    EXPECT_EQ(sink.diagnostics().back().location.line, 7u);
    EXPECT_TRUE(project->unusedCommands.empty()); // nothing inside the blocks leaks out
}

TEST_F(QcProjectTest, BodyGroupHoldsStudioAndBlankModels) {
    auto project = read(kHead + "$bodygroup \"heads\"\n{\n\tstudio \"ref.smd\"\n\tblank\n"
                                "\tstudio other.smd reverse\n}\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->bodyParts.size(), 1u);
    const auto& models = project->bodyParts[0].models;
    ASSERT_EQ(models.size(), 3u);
    EXPECT_EQ(models[0].name, "ref.smd");
    EXPECT_EQ(models[0].mesh->namedAt.line, 4u);
    EXPECT_EQ(models[1].name, "blank");
    EXPECT_FALSE(models[1].mesh);
    EXPECT_TRUE(models[2].reversed);
    EXPECT_FALSE(models[0].reversed);
}

TEST_F(QcProjectTest, EmptyBodyGroupIsAnError) {
    EXPECT_FALSE(read(kHead + "$bodygroup x\n{\n}\n"));
    expectAt("QC037", 2);
}

TEST_F(QcProjectTest, CdMaterialsStaticPropFlagsAndMaxVerts) {
    auto project =
        read(kHead + "$cdmaterials \"models\\a\\\" \"models/b\"\n$cdmaterials c\n$staticprop\n"
                     "$opaque\n$noforcedfade\n$casttextureshadows\n$maxverts 40000 clamp\n"
                     "$body b ref\n$hbox 0 \"bone\" 0 0 0 1 1 1\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->cdMaterials, (std::vector<std::string>{"models\\a\\", "models/b", "c"}));
    EXPECT_TRUE(project->staticProp);
    EXPECT_TRUE(project->flags.opaque);
    EXPECT_TRUE(project->flags.noForcedFade);
    EXPECT_TRUE(project->flags.castTextureShadows);
    EXPECT_TRUE(project->flags.hasHitboxes);
    EXPECT_FALSE(project->flags.ambientBoost);
    EXPECT_EQ(project->maxVerts, 40000);
    EXPECT_TRUE(project->maxVertsClamp);
    EXPECT_TRUE(project->unusedCommands.empty());
}

TEST_F(QcProjectTest, ScaleAndOriginApplyToTheMeshesThatFollow) {
    auto project =
        read(kHead + "$body first ref\n$scale \"2.5\"\n$origin 1 2 3 90\n$body second other\n"
                     "$lod 10 { replacemodel other other_lod1 }\n$scale 1\n");
    ASSERT_TRUE(project) << all();
    const QcPlacement& first = project->bodyParts[0].models[0].placement;
    EXPECT_EQ(first.scale, 1.0);
    EXPECT_EQ(first.origin, (std::array<double, 3>{0, 0, 0}));
    const QcPlacement& second = project->bodyParts[1].models[0].placement;
    EXPECT_EQ(second.scale, 2.5);
    EXPECT_EQ(second.origin, (std::array<double, 3>{1, 2, 3}));
    EXPECT_EQ(second.originRotationDegrees, 90.0);
    const QcLodMesh lodMesh = meshForLod(*project, {1, 0}, 1);
    ASSERT_NE(lodMesh.mesh, nullptr);
    EXPECT_EQ(lodMesh.placement.scale, 2.5);
}

TEST_F(QcProjectTest, BadNumbersAreErrorsNamingTheLine) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$scale big\n"));
    expectAt("QC031", 3);
}

TEST_F(QcProjectTest, LodCommandsAreRecordedAndResolved) {
    auto project =
        read(kHead + "$body body ref\n$body other \"other.smd\"\n"
                     "$lod 10\n{\n"
                     "  replacemodel \"ref.smd\" \"ref_lod1.smd\" reverse\n" // 6
                     "  replacematerial \"skin\" \"skin_lod\"\n"
                     "  removemesh \"eyes\"\n"
                     "  nofacial\n"
                     "  bonetreecollapse \"Bip01_Hand\"\n"
                     "  replacebone \"a\" \"b\"\n" // 11
                     "}\n"
                     "$lod 20 { replacemodel ref ref_lod2  removemodel other.smd facial }\n"
                     "$shadowlod\n{\n replacemodel ref ref_lod3\n}\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->lods.size(), 4u);
    EXPECT_EQ(project->lods[1].switchPoint, 10.0f);
    EXPECT_EQ(project->lods[2].switchPoint, 20.0f);
    EXPECT_EQ(project->lods[3].switchPoint, -1.0f);
    EXPECT_TRUE(project->lods[3].isShadow);
    EXPECT_TRUE(project->hasShadowLod());

    const QcLod& lod1 = project->lods[1];
    ASSERT_EQ(lod1.replaceModels.size(), 1u);
    EXPECT_EQ(lod1.replaceModels[0].targets, (std::vector<QcModelIndex>{{0, 0}}));
    EXPECT_TRUE(lod1.replaceModels[0].reverse);
    EXPECT_EQ(lod1.replaceModels[0].lodMesh.path, fs::path("proj") / "ref_lod1.smd");
    EXPECT_EQ(lod1.replaceModels[0].lodMesh.namedAt.line, 6u);
    ASSERT_EQ(lod1.replaceMaterials.size(), 1u);
    EXPECT_EQ(lod1.replaceMaterials[0].from, "skin");
    EXPECT_EQ(lod1.replaceMaterials[0].to, "skin_lod");
    ASSERT_EQ(lod1.removeMeshes.size(), 1u);
    EXPECT_EQ(lod1.removeMeshes[0].first, "eyes");
    EXPECT_EQ(lod1.facial, false);
    EXPECT_EQ(lod1.boneTreeCollapses, (std::vector<std::string>{"Bip01_Hand"}));
    ASSERT_EQ(lod1.replaceBones.size(), 1u);
    EXPECT_EQ(lod1.replaceBones[0].to, "b");
    EXPECT_EQ(project->lods[2].facial, true);
    EXPECT_FALSE(project->lods[3].facial.has_value());

    // Each LOD changes the reference meshes, not the previous LOD.
    EXPECT_EQ(meshForLod(*project, {0, 0}, 0).mesh->written, "ref");
    EXPECT_EQ(meshForLod(*project, {0, 0}, 1).mesh->written, "ref_lod1.smd");
    EXPECT_TRUE(meshForLod(*project, {0, 0}, 1).reverse);
    EXPECT_EQ(meshForLod(*project, {0, 0}, 2).mesh->written, "ref_lod2");
    EXPECT_EQ(meshForLod(*project, {0, 0}, 3).mesh->written, "ref_lod3");
    EXPECT_EQ(meshForLod(*project, {1, 0}, 1).mesh->written, "other.smd"); // kept
    EXPECT_EQ(meshForLod(*project, {1, 0}, 2).mesh, nullptr);              // removemodel
    EXPECT_EQ(meshForLod(*project, {1, 0}, 3).mesh->written, "other.smd");
}

TEST_F(QcProjectTest, ASecondReplacementOfOneModelInALodWins) {
    auto project =
        read(kHead + "$body b ref\n$lod 10 {\n replacemodel ref ref_lod1\n"
                     " replacemodel \"ref.smd\" ref_lod2\n removemodel ref\n removemodel ref\n}\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->lods[1].replaceModels.size(), 1u);
    EXPECT_EQ(project->lods[1].replaceModels[0].lodMesh.written, "ref_lod2");
    EXPECT_EQ(project->lods[1].removeModels.size(), 1u);
    expectAt("QC048", 5);
}

TEST_F(QcProjectTest, LodWithoutSwitchValueIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$lod\n{\n replacemodel ref ref_lod1\n}\n"));
    expectAt("QC040", 3);
}

TEST_F(QcProjectTest, LodWithZeroSwitchValueIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$lod 0 { replacemodel ref ref_lod1 }\n"));
    expectAt("QC040", 3);
}

TEST_F(QcProjectTest, ReplaceModelOfAnUnknownModelIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$lod 10\n{\n\treplacemodel \"nothere.smd\" "
                              "\"ref_lod1.smd\"\n}\n"));
    const Diagnostic& error = expectAt("QC043", 5);
    EXPECT_NE(error.message.find("nothere.smd"), std::string::npos);
}

TEST_F(QcProjectTest, RemoveModelOfAnUnknownModelIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$lod 10 {\n removemodel \"ghost\"\n}\n"));
    expectAt("QC043", 4);
}

TEST_F(QcProjectTest, LodsMayComeBeforeTheirModels) {
    auto project = read(kHead + "$lod 10 { replacemodel ref ref_lod1 }\n$body b ref\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->lods[1].replaceModels[0].targets.size(), 1u);
}

TEST_F(QcProjectTest, SecondShadowLodIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$shadowlod { replacemodel ref ref_lod1 }\n"
                              "$shadowlod { replacemodel ref ref_lod2 }\n"));
    expectAt("QC041", 4);
}

TEST_F(QcProjectTest, LodAfterShadowLodIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$shadowlod { replacemodel ref ref_lod1 }\n"
                              "$lod 30 { replacemodel ref ref_lod2 }\n"));
    expectAt("QC042", 4);
}

TEST_F(QcProjectTest, MoreThanEightLodsIsAnError) {
    std::string qc = kHead + "$body b ref\n";
    for (int i = 1; i <= 8; ++i)
        qc += "$lod " + std::to_string(i * 10) + " { nofacial }\n";
    EXPECT_FALSE(read(qc));
    expectAt("QC044", 10);
}

TEST_F(QcProjectTest, LodWithoutBlockIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$lod 10\n$sequence idle ref\n"));
    expectAt("QC045", 3);
}

TEST_F(QcProjectTest, UnknownLodOptionIsAWarning) {
    auto project = read(kHead + "$body b ref\n$lod 10\n{\n frobnicate 1 2\n nofacial\n}\n");
    ASSERT_TRUE(project) << all();
    expectAt("QC046", 5);
    EXPECT_EQ(project->lods[1].facial, false);
}

TEST_F(QcProjectTest, TextureGroupRowsBecomeSkins) {
    auto project = read(kHead + "$body b ref\n$texturegroup \"skinfamilies\"\n{\n"
                                "\t{ \"arbre01\" \"bark\" }\n\t{\"arbre01_sway\" \"bark2\"}\n}\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->textureGroups.size(), 1u);
    const QcTextureGroup& group = project->textureGroups[0];
    EXPECT_EQ(group.name, "skinfamilies");
    EXPECT_EQ(group.skins, (std::vector<std::vector<std::string>>{{"arbre01", "bark"},
                                                                  {"arbre01_sway", "bark2"}}));
    EXPECT_EQ(group.definedAt.line, 3u);
}

TEST_F(QcProjectTest, TextureGroupRowsOfDifferentLengthAreAnError) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$texturegroup s {\n { a b }\n { c }\n}\n"));
    expectAt("QC038", 5);
}

TEST_F(QcProjectTest, SequencesRecordFilesAndOptions) {
    auto project =
        read(kHead + "$body b ref\n"
                     "$sequence idle \"ref\" fps 15 loop\n" // 3
                     "$animation a_walk \"anims\\walk.smd\" { fps 30 }\n"
                     "$sequence \"walk\" {\n  \"anims/walk\"\n  activity \"ACT_WALK\" 1\n"
                     "  fps 30\n  loop\n  { event AE_X 5 \"fps 99\" }\n}\n"            // 5-11
                     "$sequence blend { \"a_walk\" \"@idle\" blend \"aim\" -45 45 }\n" // 12
                     "$sequence gone \"missing_anim\" activity ACT_IDLE 1\n");         // 13
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->sequences.size(), 4u);
    ASSERT_EQ(project->animations.size(), 1u);

    const QcSequence& idle = project->sequences[0];
    EXPECT_EQ(idle.name, "idle");
    ASSERT_EQ(idle.animationFiles.size(), 1u);
    EXPECT_EQ(idle.animationFiles[0].path, fs::path("proj") / "ref.smd");
    EXPECT_TRUE(idle.animationFiles[0].found);
    EXPECT_EQ(idle.fps, 15.0);
    EXPECT_TRUE(idle.loop);

    EXPECT_EQ(project->animations[0].animationFiles[0].path,
              fs::path("proj") / "anims" / "walk.smd");
    EXPECT_EQ(project->animations[0].fps, 30.0);

    const QcSequence& walk = project->sequences[1];
    ASSERT_EQ(walk.animationFiles.size(), 1u);
    EXPECT_TRUE(walk.animationFiles[0].found);
    EXPECT_EQ(walk.animationFiles[0].namedAt.line, 6u);
    EXPECT_EQ(walk.activity, "ACT_WALK");
    EXPECT_EQ(walk.activityWeight, 1.0);
    EXPECT_EQ(walk.fps, 30.0); // not the "fps 99" inside the event block
    EXPECT_TRUE(walk.loop);

    const QcSequence& blend = project->sequences[2];
    // An $animation's name, and "@NAME" for the animation a $sequence made of its file.
    EXPECT_EQ(blend.animationNames, (std::vector<std::string>{"a_walk", "@idle"}));
    EXPECT_TRUE(blend.animationFiles.empty());

    const QcSequence& gone = project->sequences[3];
    ASSERT_EQ(gone.animationFiles.size(), 1u);
    EXPECT_FALSE(gone.animationFiles[0].found);
    EXPECT_EQ(gone.activity, "ACT_IDLE");
    expectAt("QC051", 13); // a missing animation is a warning naming the line
}

// Valve's monk_animations.mdl: `$sequence "idle_angry" "idle_subtle"` after `$sequence
// "idle_subtle" "idle_subtle"` is an animation "@idle_angry" of its own, read from the file again:
// a sequence's name is not an animation's name. An $animation's name is one from its line on.
TEST_F(QcProjectTest, SequenceNamesAsSourcesAreFilesAnimationNamesAreNot) {
    auto project = read(kHead + "$body b ref\n"
                                "$sequence other \"ref\"\n"   // 3
                                "$sequence again \"other\"\n" // 4: the file other.smd
                                "$animation anim \"ref\"\n"
                                "$sequence named \"anim\"\n"); // 6: the animation
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->sequences.size(), 3u);
    const QcSequence& again = project->sequences[1];
    ASSERT_EQ(again.animationFiles.size(), 1u);
    EXPECT_EQ(again.animationFiles[0].path, fs::path("proj") / "other.smd");
    EXPECT_TRUE(again.animationNames.empty());
    EXPECT_EQ(project->sequences[2].animationNames, std::vector<std::string>{"anim"});
    EXPECT_TRUE(project->sequences[2].animationFiles.empty());
}

// `$sequence NAME hidden { "file" ... }`: the block after an option still holds the source; an
// `ACT_` word is the activity without the word `activity`; `numframes N` is read.
TEST_F(QcProjectTest, SourceInABlockAfterOptionsAndBareActivities) {
    auto project = read(kHead + "$body b ref\n"
                                "$sequence layer hidden {\n \"anims/walk\"\n fps 20\n}\n"
                                "$sequence act \"ref\" ACT_RUN 2 numframes 4\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->sequences.size(), 2u);
    const QcSequence& layer = project->sequences[0];
    EXPECT_TRUE(layer.hidden);
    ASSERT_EQ(layer.animationFiles.size(), 1u);
    EXPECT_EQ(layer.animationFiles[0].path, fs::path("proj") / "anims" / "walk.smd");
    EXPECT_EQ(layer.fps, 20.0);
    const QcSequence& act = project->sequences[1];
    EXPECT_EQ(act.activity, "ACT_RUN");
    EXPECT_EQ(act.activityWeight, 2.0);
    EXPECT_EQ(act.numFrames, 4);
    EXPECT_EQ(sink.find("QC054"), nullptr) << all();
    EXPECT_EQ(sink.find("QC062"), nullptr) << all();
}

// `$declaresequence NAME` holds a place among the sequences, in order, with no animation.
TEST_F(QcProjectTest, DeclareSequenceHoldsAPlaceInOrder) {
    auto project = read(kHead + "$body b ref\n"
                                "$sequence first \"ref\"\n"
                                "$declaresequence \"held\"\n"
                                "$sequence last \"ref\"\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->sequences.size(), 3u);
    EXPECT_EQ(project->sequences[1].name, "held");
    EXPECT_TRUE(project->sequences[1].declared);
    EXPECT_TRUE(project->sequences[1].sources.empty());
    EXPECT_FALSE(project->sequences[0].declared);
    EXPECT_LT(project->sequences[0].order, project->sequences[1].order);
    EXPECT_LT(project->sequences[1].order, project->sequences[2].order);
    EXPECT_EQ(sink.find("QC061"), nullptr) << all();
}

TEST_F(QcProjectTest, DeclareSequenceWithoutANameIsReported) {
    auto project = read(kHead + "$body b ref\n$declaresequence\n");
    EXPECT_FALSE(project);
    expectAt("QC030", 3);
}

TEST_F(QcProjectTest, DefineBoneIsRecorded) {
    auto project = read(kHead + "$body b ref\n$definebone \"root\" \"\" 0 0 1 0 0 90 0 0 0 0 0 0\n"
                                "$definebone \"fwd\" \"root\" 2 -3 0 0 -76 -90\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->definedBones.size(), 2u);
    EXPECT_EQ(project->definedBones[0].parent, "");
    EXPECT_EQ(project->definedBones[0].rotationDegrees[2], 90.0);
    EXPECT_TRUE(project->definedBones[0].fixupPosition.has_value());
    EXPECT_EQ(project->definedBones[1].position[1], -3.0);
    EXPECT_FALSE(project->definedBones[1].fixupPosition.has_value());
}

TEST_F(QcProjectTest, CommandsNotImplementedAreReportedAtEachLine) {
    auto project = read(kHead + "$surfaceprop metal\n$body b ref\n$attachment a b 0 0 0\n"
                                "$keyvalues { x { \"a\" \"b\" } }\n$SurfaceProp \"flesh\"\n"
                                "$jointconstrain a x limit 0 0 0\n$JointSkip b\n"
                                "$jointconstrain c y fixed\n");
    ASSERT_TRUE(project) << all();
    // Physics options outside a $collisionjoints block are commands nobody implements.
    EXPECT_EQ(project->unusedCommands, (std::vector<std::string>{"$jointconstrain", "$JointSkip"}));
    EXPECT_EQ(count("QC061"), 3u);
    expectAt("QC061", 7);
    EXPECT_EQ(sink.diagnostics().back().location.line, 9u);
    EXPECT_EQ(project->mdl.surfaceProp, "flesh"); // the later $surfaceprop counts
}

TEST_F(QcProjectTest, PhysicsAndIncludedModelsMissingAreWarnings) {
    auto project = read(kHead + "$body b ref\n$collisionmodel \"phys.smd\" {\n $mass 1\n}\n"
                                "$includemodel \"humans/male.mdl\"\n");
    ASSERT_TRUE(project) << all();
    expectAt("QC052", 3);
    expectAt("QC053", 6);
    ASSERT_TRUE(project->collisionModel);
    EXPECT_FALSE(project->collisionModel->smd.found);
    ASSERT_EQ(project->includedModels.size(), 1u);
    EXPECT_EQ(project->includedModels[0].path, fs::path("proj") / "humans" / "male.mdl");
}

// ---- errors of the whole ----

TEST_F(QcProjectTest, UnknownQcFileIsAnIoError) {
    EXPECT_FALSE(readQcProject("proj/absent.qc", files, sink));
    const Diagnostic* error = sink.find("QC001");
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->location.file, "proj/absent.qc");
    EXPECT_EQ(error->kind, ExitCode::Io);
}

TEST_F(QcProjectTest, AFolderInsteadOfAQcFileIsAnIoError) {
    EXPECT_FALSE(readQcProject("proj/", files, sink));
    const Diagnostic* error = sink.find("QC001");
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->location.file, "proj/");
    EXPECT_EQ(error->kind, ExitCode::Io); // as for any input that cannot be read as a file
}

TEST_F(QcProjectTest, MissingMeshIsAnErrorNamingTheLine) {
    EXPECT_FALSE(read(kHead + "\n$bodygroup g {\n studio \"nope.smd\"\n}\n"));
    const Diagnostic& error = expectAt("QC050", 4);
    EXPECT_EQ(error.location.column, 9u);
}

TEST_F(QcProjectTest, MissingLodMeshIsAnErrorNamingTheLine) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$lod 10 {\n replacemodel ref \"ref_lod9\"\n}\n"));
    expectAt("QC050", 4);
}

TEST_F(QcProjectTest, UnbalancedBracesAreErrors) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$lod 10\n{\n replacemodel ref ref_lod1\n"
                              "$lod 20 { replacemodel ref ref_lod2 }\n"));
    expectAt("QC005", 4);
}

TEST_F(QcProjectTest, UnterminatedStringIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b \"ref.smd\n"));
    expectAt("QC002", 2);
}

TEST_F(QcProjectTest, MissingModelNameAndBodyAreErrors) {
    EXPECT_FALSE(read("$staticprop\n"));
    EXPECT_NE(sink.find("QC033"), nullptr);
    EXPECT_NE(sink.find("QC034"), nullptr);
}

TEST_F(QcProjectTest, TextOutsideCommandsIsAnError) {
    // Words after a command belong to it: here they are arguments $body does not take.
    EXPECT_TRUE(read(kHead + "$body b ref\nflexcontroller eyes range -30 30\n"));
    expectAt("QC039", 3);
    sink = CollectingSink();
    EXPECT_FALSE(read("stray " + kHead + "$body b ref\n"));
    expectAt("QC035", 1);
}

TEST_F(QcProjectTest, UnsupportedMeshFormatIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b \"ref.dmx\"\n"));
    expectAt("QC036", 2);
}

// ---- paths: nothing outside the QC's folder ----

TEST_F(QcProjectTest, ModelNameMustStayBelowTheOutputRoot) {
    EXPECT_FALSE(read("$modelname \"../../etc/evil.mdl\"\n$body b ref\n"));
    expectAt("QC032", 1);
    sink = CollectingSink();
    EXPECT_FALSE(read("$body b ref\n$modelname \"/tmp/evil.mdl\"\n"));
    expectAt("QC032", 2);
    sink = CollectingSink();
    EXPECT_FALSE(read("$body b ref\n$modelname \"C:\\evil.mdl\"\n"));
    expectAt("QC032", 2);
}

TEST_F(QcProjectTest, AbsoluteMeshPathIsAnError) {
    files.addFile("/etc/ref.smd", "version 1\n");
    EXPECT_FALSE(read(kHead + "$body b \"/etc/ref.smd\"\n"));
    expectAt("QC013", 2);
    sink = CollectingSink();
    EXPECT_FALSE(read(kHead + "$body b \"c:\\models\\ref.smd\"\n"));
    expectAt("QC013", 2);
}

TEST_F(QcProjectTest, MeshPathClimbingOutIsAnError) {
    files.addFile("outside.smd", "version 1\n");
    EXPECT_FALSE(read(kHead + "$body b \"sub\\..\\..\\outside.smd\"\n"));
    expectAt("QC014", 2);
}

TEST_F(QcProjectTest, MeshPathThroughALinkLeadingOutIsAnError) {
    files.addFile("/secret/ref.smd", "version 1\n");
    files.addLink("proj/linked", "/secret");
    EXPECT_FALSE(read(kHead + "$body b \"linked/ref.smd\"\n"));
    expectAt("QC014", 2);
}

TEST_F(QcProjectTest, LinksInsideTheFolderAreFine) {
    files.addLink("proj/alias", "anims");
    auto project = read(kHead + "$body b \"alias/walk.smd\"\n");
    ASSERT_TRUE(project) << all();
}

TEST_F(QcProjectTest, DotDotStayingInsideIsFine) {
    auto project = read(kHead + "$body b \"anims/../ref.smd\"\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->bodyParts[0].models[0].mesh->path, fs::path("proj") / "ref.smd");
}

TEST_F(QcProjectTest, AnimationOutsideTheFolderIsAWarning) {
    auto project = read(kHead + "$body b ref\n$sequence s \"../anims/x.smd\"\n");
    ASSERT_TRUE(project) << all();
    expectAt("QC051", 3);
}

TEST_F(QcProjectTest, NamesDifferingOnlyInCaseAreFoundWithAWarning) {
    files.addFile("proj/Models/Ref_Big.smd", "version 1\n");
    auto project = read(kHead + "$body b \"models\\ref_big\"\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->bodyParts[0].models[0].mesh->path,
              fs::path("proj") / "Models" / "Ref_Big.smd");
    expectAt("QC017", 2);
}

TEST_F(QcProjectTest, NamesMatchingSeveralFilesByCaseAreNotGuessed) {
    files.addFile("proj/Dup.smd", "version 1\n");
    files.addFile("proj/dUP.smd", "version 1\n");
    EXPECT_FALSE(read(kHead + "$body b \"DUP\"\n"));
    expectAt("QC050", 2);
}

TEST_F(QcProjectTest, LinkLoopsDoNotHang) {
    files.addLink("proj/loop", "loop");
    files.addLink("proj/ping", "pong");
    files.addLink("proj/pong", "ping");
    EXPECT_FALSE(read(kHead + "$body b \"loop/ref.smd\"\n$body c \"ping/x.smd\"\n"));
    EXPECT_NE(sink.find("QC050"), nullptr);
}

// ---- $include ----

TEST_F(QcProjectTest, IncludesAreRelativeToTheIncludingFile) {
    files.addFile("proj/qci/a.qci", "$include \"b.qci\"\n$cdmaterials fromA\n");
    files.addFile("proj/qci/b.qci", "\n$body b ref\n");
    auto project = read(kHead + "$include \"qci\\a.qci\"\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->cdMaterials, std::vector<std::string>{"fromA"});
    ASSERT_EQ(project->bodyParts.size(), 1u);
    EXPECT_EQ(project->bodyParts[0].definedAt.file, "proj/qci/b.qci");
    EXPECT_EQ(project->bodyParts[0].definedAt.line, 2u);
    EXPECT_EQ(project->filesRead,
              (std::vector<fs::path>{"proj/model.qc", "proj/qci/a.qci", "proj/qci/b.qci"}));
}

TEST_F(QcProjectTest, MissingIncludeIsAWarningNamingTheLine) {
    auto project = read(kHead + "$body b ref\n$include \"nothere.qci\"\n");
    ASSERT_TRUE(project) << all();
    expectAt("QC010", 3);
}

TEST_F(QcProjectTest, IncludeOutsideTheFolderFallsBackToTheFileBeside) {
    files.addFile("proj/commonbones.qci", "$definebone \"root\" \"\" 0 0 0 0 0 0\n");
    files.addFile("hl2mp_ported_anims/commonbones.qci", "$cdmaterials never_read\n");
    auto project = read(kHead + "$body b ref\n$include \"../hl2mp_ported_anims/commonbones.qci\"\n"
                                "$include \"../hl2mp_ported_anims/standardikchains.qci\"\n");
    ASSERT_TRUE(project) << all();
    expectAt("QC016", 3);
    expectAt("QC010", 4);
    EXPECT_EQ(project->definedBones.size(), 1u);
    EXPECT_TRUE(project->cdMaterials.empty());
}

TEST_F(QcProjectTest, IncludeDifferingOnlyInCaseIsRead) {
    files.addFile("proj/mat.qci", "$cdmaterials m\n");
    auto project = read(kHead + "$body b ref\n$include \"MAT.QCI\"\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->cdMaterials, std::vector<std::string>{"m"});
    expectAt("QC017", 3);
}

TEST_F(QcProjectTest, AbsoluteIncludeIsAnError) {
    files.addFile("/etc/x.qci", "$body b ref\n");
    EXPECT_FALSE(read(kHead + "$body b ref\n$include \"/etc/x.qci\"\n"));
    expectAt("QC013", 3);
}

TEST_F(QcProjectTest, IncludeThroughALinkLeadingOutIsAnError) {
    files.addFile("/elsewhere/x.qci", "$cdmaterials x\n");
    files.addLink("proj/x.qci", "/elsewhere/x.qci");
    EXPECT_FALSE(read(kHead + "$body b ref\n$include \"x.qci\"\n"));
    expectAt("QC014", 3);
}

TEST_F(QcProjectTest, IncludeCycleIsAnErrorNamingTheLine) {
    files.addFile("proj/a.qci", "$cdmaterials a\n$include \"b.qci\"\n");
    files.addFile("proj/b.qci", "\n\n$include \"a.qci\"\n");
    EXPECT_FALSE(read(kHead + "$body b ref\n$include \"a.qci\"\n"));
    expectAt("QC011", 3, "proj/b.qci");
}

TEST_F(QcProjectTest, QcIncludingItselfIsACycle) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$include \"model.qc\"\n"));
    expectAt("QC011", 3);
}

TEST_F(QcProjectTest, TheSameFileMayBeIncludedTwice) {
    files.addFile("proj/mat.qci", "$cdmaterials m\n");
    auto project = read(kHead + "$body b ref\n$include mat.qci\n$include mat.qci\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->cdMaterials, (std::vector<std::string>{"m", "m"}));
}

TEST_F(QcProjectTest, IncludesNestedTooDeepAreAnError) {
    for (int i = 0; i < 40; ++i)
        files.addFile("proj/d" + std::to_string(i) + ".qci",
                      "$include \"d" + std::to_string(i + 1) + ".qci\"\n");
    EXPECT_FALSE(read(kHead + "$body b ref\n$include d0.qci\n"));
    EXPECT_NE(sink.find("QC012"), nullptr);
}

// ---- macros and variables ----

TEST_F(QcProjectTest, MacroBodiesSpanLinesAndSubstituteArguments) {
    files.addFile("proj/flex.qci", "flexcontroller head range -30 30 head_rightleft\n");
    files.addFile("proj/macros.qci", "// comment\n"
                                     "$definemacro DefineModel Reference Name \\\\\n"
                                     "$model $Name$ $Reference$ { \\\\\n"
                                     "\t$include \"flex.qci\" \\\\\n"
                                     "} \\\\\n"
                                     "\n"
                                     "$cdmaterials after_macro\n");
    auto project = read(kHead + "$include \"macros.qci\"\n\n$DefineModel \"ref.smd\" Soldier\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->bodyParts.size(), 1u);
    EXPECT_EQ(project->bodyParts[0].name, "Soldier");
    const QcFileRef& mesh = *project->bodyParts[0].models[0].mesh;
    EXPECT_EQ(mesh.written, "ref.smd");
    // The SMD is named by the macro call's argument: diagnostics point there.
    EXPECT_EQ(mesh.namedAt.file, "proj/model.qc");
    EXPECT_EQ(mesh.namedAt.line, 4u);
    EXPECT_EQ(mesh.namedAt.column, 14u);
    EXPECT_EQ(project->bodyParts[0].definedAt.line, 4u); // the call site
    EXPECT_EQ(project->cdMaterials, std::vector<std::string>{"after_macro"});
    // The included file inside the macro's $model block gives the flex controller.
    ASSERT_EQ(project->mdl.flexControllers.size(), 1u);
    EXPECT_EQ(project->mdl.flexControllers[0].name, "head_rightleft");
    EXPECT_EQ(count("QC060"), 0u);
}

TEST_F(QcProjectTest, MacroArgumentsInsideLargerTokensAreSubstituted) {
    auto project = read(kHead + "$definemacro Lods base \\\\\n"
                                "$lod 10 { replacemodel \"$base$\" \"$base$_lod1\" } \\\\\n"
                                "\n$body b ref\n$Lods ref\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->lods.size(), 2u);
    EXPECT_EQ(project->lods[1].replaceModels[0].lodMesh.written, "ref_lod1");
    EXPECT_EQ(project->lods[1].replaceModels[0].lodMesh.namedAt.line, 6u); // the call
}

TEST_F(QcProjectTest, MacroCallWithTooFewArgumentsIsAnError) {
    EXPECT_FALSE(read(kHead + "$definemacro M a b \\\\\n$body $a$ $b$\n\n$M x\n"));
    expectAt("QC021", 5);
}

TEST_F(QcProjectTest, RecursiveMacroIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$definemacro M \\\\\n$cdmaterials x $M\n\n$M\n"));
    EXPECT_NE(sink.find("QC023"), nullptr);
}

TEST_F(QcProjectTest, ExponentialExpansionStopsAtTheBudget) {
    std::string qc = kHead + "$body b ref\n$definemacro M0 \\\\\n$cdmaterials x\n\n";
    for (int i = 1; i < 40; ++i)
        qc += "$definemacro M" + std::to_string(i) + " \\\\\n$M" + std::to_string(i - 1) + " $M" +
              std::to_string(i - 1) + "\n\n";
    qc += "$M39\n";
    files.addFile("proj/model.qc", qc);
    const QcPathResolver paths("proj", files);
    QcPreprocessorLimits limits;
    limits.maxTokens = 50'000;
    const QcPreprocessed out = preprocessQc(paths, "model.qc", files, sink, limits);
    EXPECT_NE(sink.find("QC025"), nullptr);
    EXPECT_TRUE(out.truncated);
    EXPECT_LE(out.tokens.size(), 50'000u);
}

TEST_F(QcProjectTest, VariablesAreSubstituted) {
    auto project = read(kHead + "$definevariable dir anims\n$definevariable mesh ref\n"
                                "$body b \"$mesh$\"\n$sequence walk \"$dir$/walk\"\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->bodyParts[0].models[0].mesh->written, "ref");
    ASSERT_EQ(project->sequences[0].animationFiles.size(), 1u);
    EXPECT_TRUE(project->sequences[0].animationFiles[0].found);
}

TEST_F(QcProjectTest, UndefinedVariableIsAnError) {
    EXPECT_FALSE(read(kHead + "$body b ref\n$cdmaterials $nothing$\n"));
    expectAt("QC022", 3);
}

// ---- the real file system ----

TEST(QcProjectRealFiles, ReadsFromDiskAndRefusesLinksLeadingOut) {
    test::TempDir outside;
    test::TempDir dir;
    test::writeText(outside / "secret.smd", "version 1\n");
    test::writeText(dir / "ref.smd", "version 1\n");
    fs::create_directory_symlink(outside.path(), dir / "out");
    test::writeText(dir / "ok.qc", "$modelname x\n$body b ref\n");
    test::writeText(dir / "bad.qc", "$modelname x\n$body b ref\n$body c \"out/secret.smd\"\n");
    CollectingSink sink;
    auto ok = readQcProject(dir / "ok.qc", sink);
    ASSERT_TRUE(ok);
    EXPECT_EQ(ok->bodyParts[0].models[0].mesh->path, dir / "ref.smd");
    EXPECT_FALSE(readQcProject(dir / "bad.qc", sink));
    const Diagnostic* error = sink.find("QC014");
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->location.line, 3u);
}

} // namespace
} // namespace vtxc
