// The QC commands that set .mdl fields, the $sequence/$animation options and --content-root, on
// hand-written QCs held in memory: values recorded as typed data, and each mistake reported with
// its code at its line.
#include "formats/qc/qc_mdl_commands.h"
#include "formats/qc/qc_project.h"
#include "testing/diagnostic_text.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

class QcMdlCommandsTest : public ::testing::Test {
  protected:
    QcMdlCommandsTest() {
        for (const char* name : {"proj/ref.smd", "proj/anims/walk.smd", "proj/walk.smd",
                                 "proj/phys.smd", "shared/common.qci", "shared/run.smd"})
            files.addFile(name, "version 1\n");
    }

    std::optional<QcProject> read(const std::string& qc,
                                  const std::optional<fs::path>& contentRoot = {}) {
        files.addFile("proj/model.qc", qc);
        return readQcProject("proj/model.qc", files, sink, contentRoot);
    }

    void expectAt(const std::string& code, std::uint32_t line) {
        const Diagnostic* found = sink.find(code);
        ASSERT_NE(found, nullptr) << "no " << code << "; got:\n" << all();
        EXPECT_EQ(found->location.line, line) << formatDiagnostic(*found);
    }

    std::size_t count(const std::string& code) const { return test::countCode(sink, code); }
    std::string all() const { return test::diagnosticsText(sink); }

    MemoryFileSystem files;
    CollectingSink sink;
};

const std::string kHead = "$modelname \"props/box.mdl\"\n$body b ref\n"; // lines 1-2

TEST_F(QcMdlCommandsTest, AttachmentsKeepPositionRotationAndOptions) {
    auto project = read(kHead + "$attachment \"muzzle\" \"gun\" 26.27 0.01 0 rotate -83 90 180\n"
                                "$attachment eyes head 1 2 3 absolute rigid\n"
                                "$attachment plain root 0 0 0\n");
    ASSERT_TRUE(project) << all();
    const auto& attachments = project->mdl.attachments;
    ASSERT_EQ(attachments.size(), 3u);
    EXPECT_EQ(attachments[0].name, "muzzle");
    EXPECT_EQ(attachments[0].bone, "gun");
    EXPECT_EQ(attachments[0].position, (QcVec3{26.27, 0.01, 0}));
    EXPECT_EQ(attachments[0].rotationDegrees, (QcVec3{-83, 90, 180}));
    EXPECT_EQ(attachments[0].definedAt.line, 3u);
    EXPECT_TRUE(attachments[1].absolute);
    EXPECT_TRUE(attachments[1].rigid);
    EXPECT_FALSE(attachments[1].rotationDegrees);
    EXPECT_FALSE(attachments[2].absolute || attachments[2].rigid);
    EXPECT_EQ(sink.warningCount(), 0u) << all();
}

TEST_F(QcMdlCommandsTest, AttachmentWithABadNumberIsAnErrorAtItsLine) {
    EXPECT_FALSE(read(kHead + "$attachment a bone 1 two 3\n"));
    expectAt("QC031", 3);
}

TEST_F(QcMdlCommandsTest, HitboxesGoToTheirSets) {
    auto project = read(kHead + "$hbox 2 \"spine\" -1 -4.74 -7.22 7 8.27 6.78 \"\"\n"
                                "$hboxset \"cheap\"\n$hbox 0 pelvis -1 -1 -1 1 1 1 named\n");
    ASSERT_TRUE(project) << all();
    const auto& sets = project->mdl.hitboxSets;
    ASSERT_EQ(sets.size(), 2u);
    EXPECT_EQ(sets[0].name, "default");
    ASSERT_EQ(sets[0].boxes.size(), 1u);
    EXPECT_EQ(sets[0].boxes[0].group, 2);
    EXPECT_EQ(sets[0].boxes[0].bone, "spine");
    EXPECT_EQ(sets[0].boxes[0].min, (QcVec3{-1, -4.74, -7.22}));
    EXPECT_EQ(sets[0].boxes[0].max, (QcVec3{7, 8.27, 6.78}));
    EXPECT_EQ(sets[1].name, "cheap");
    ASSERT_EQ(sets[1].boxes.size(), 1u);
    EXPECT_EQ(sets[1].boxes[0].name, "named");
    EXPECT_TRUE(project->flags.hasHitboxes);
}

TEST_F(QcMdlCommandsTest, HitboxSetNamedBeforeAnyBoxIsTheFirstSet) {
    auto project = read(kHead + "$hboxset \"default\"\n$hbox 1 head 0 0 0 1 1 1\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->mdl.hitboxSets.size(), 1u);
    EXPECT_EQ(project->mdl.hitboxSets[0].boxes.size(), 1u);
}

TEST_F(QcMdlCommandsTest, HeaderValues) {
    auto project = read(kHead + "$bbox -13 -13 0 13 13 72\n$cbox 0 0 0 1 2 3\n"
                                "$illumposition 0.067 0.404 35.82\n$eyeposition 0 0 73\n"
                                "$maxeyedeflection 90\n$surfaceprop \"flesh\"\n"
                                "$contents \"monster\" grate\n$skipboneinbbox\n"
                                "$bonemerge \"ValveBiped.Bip01_R_Hand\"\n");
    ASSERT_TRUE(project) << all();
    const QcMdlSettings& mdl = project->mdl;
    ASSERT_TRUE(mdl.bbox && mdl.cbox && mdl.illumPosition && mdl.eyePosition);
    EXPECT_EQ(mdl.bbox->min, (QcVec3{-13, -13, 0}));
    EXPECT_EQ(mdl.bbox->max, (QcVec3{13, 13, 72}));
    EXPECT_EQ(mdl.cbox->max, (QcVec3{1, 2, 3}));
    EXPECT_EQ(mdl.illumPosition->position, (QcVec3{0.067, 0.404, 35.82}));
    EXPECT_EQ(*mdl.eyePosition, (QcVec3{0, 0, 73}));
    EXPECT_EQ(mdl.maxEyeDeflectionDegrees, 90.0);
    EXPECT_EQ(mdl.surfaceProp, "flesh");
    EXPECT_EQ(mdl.contents, 0x2000000 | 0x8);
    EXPECT_TRUE(mdl.skipBoneInBBox);
    EXPECT_EQ(mdl.boneMerges, std::vector<std::string>{"ValveBiped.Bip01_R_Hand"});
}

TEST_F(QcMdlCommandsTest, DefaultsWithoutTheCommands) {
    auto project = read(kHead);
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->mdl.surfaceProp, "default");
    EXPECT_EQ(project->mdl.contents, 1);
    EXPECT_FALSE(project->mdl.bbox || project->mdl.illumPosition || project->mdl.keyValues);
    EXPECT_FALSE(project->flags.hasHitboxes);
}

TEST_F(QcMdlCommandsTest, UnknownContentsNameIsAWarningAtItsLine) {
    auto project = read(kHead + "$contents solid\n$contents \"glass\"\n");
    ASSERT_TRUE(project) << all();
    expectAt("QC063", 4);
}

TEST_F(QcMdlCommandsTest, KeyValuesAreSerialisedTheWayTheMdlStoresThem) {
    auto project = read(kHead + "$keyvalues\n{\n\tbone_followers \n\t{\n"
                                "\t\t\"bone\"\t\t\"Bunker_Gun.Gun_Pitch\"\n\t}\n}\n");
    ASSERT_TRUE(project) << all();
    ASSERT_TRUE(project->mdl.keyValues);
    EXPECT_EQ(*project->mdl.keyValues, "bone_followers {\n\"bone\" \"Bunker_Gun.Gun_Pitch\"  }\n");
}

// Valve's combine_soldier_anims.mdl: the top level's words as written, deeper ones quoted.
TEST_F(QcMdlCommandsTest, KeyValuesQuoteTheWordsOfNestedBlocks) {
    auto project = read(kHead + "$keyvalues\n{\n playermodel_data\n {\n  neck_pivot_up \"12\"\n"
                                "  bone_transforms\n  {\n   spine { \"a\" \"0.5\" }\n  }\n }\n}\n");
    ASSERT_TRUE(project) << all();
    ASSERT_TRUE(project->mdl.keyValues);
    EXPECT_EQ(*project->mdl.keyValues,
              "playermodel_data {\n\"neck_pivot_up\" \"12\" \"bone_transforms\" {\n\"spine\" "
              "{\n\"a\" \"0.5\"  }\n }\n }\n");
}

TEST_F(QcMdlCommandsTest, PoseParametersIkAndWeightLists) {
    auto project =
        read(kHead + "$poseparameter \"aim_yaw\" -60 60 loop 0\n" // 3
                     "$poseparameter spin 0 360 wrap\n"           // 4
                     "$ikchain rfoot \"Bip01_R_Foot\" Z 0 knee 0.707 -0.707 0 pad 5 center 4 0 0\n"
                     "$ikautoplaylock rfoot 1.0 0.1\n"                                    // 6
                     "$cmdlist lockfeet {\n  ikrule rfoot footstep height 20 floor 0\n"   // 7-8
                     "  ikrule lhand touch \"Bip01_R_Hand\"\n  ikrule lhand release\n}\n" // 9-11
                     "$weightlist upper \"Bip01_Pelvis\" 1.0 \"Bip01_L_Thigh\" 0.0\n");   // 12
    ASSERT_TRUE(project) << all();
    const QcMdlSettings& mdl = project->mdl;
    ASSERT_EQ(mdl.poseParameters.size(), 2u);
    EXPECT_EQ(mdl.poseParameters[0].name, "aim_yaw");
    EXPECT_EQ(mdl.poseParameters[0].start, -60.0);
    EXPECT_EQ(mdl.poseParameters[0].end, 60.0);
    EXPECT_EQ(mdl.poseParameters[0].loop, 0.0);
    EXPECT_TRUE(mdl.poseParameters[1].wrap);
    ASSERT_EQ(mdl.ikChains.size(), 1u);
    EXPECT_EQ(mdl.ikChains[0].bone, "Bip01_R_Foot");
    EXPECT_EQ(mdl.ikChains[0].knee, (QcVec3{0.707, -0.707, 0}));
    EXPECT_EQ(mdl.ikChains[0].pad, 5.0);
    EXPECT_EQ(mdl.ikChains[0].center, (QcVec3{4, 0, 0}));
    expectAt("QC062", 5); // "Z 0" has no field in a version 48 chain
    ASSERT_EQ(mdl.ikAutoplayLocks.size(), 1u);
    EXPECT_EQ(mdl.ikAutoplayLocks[0].posWeight, 1.0);
    EXPECT_EQ(mdl.ikAutoplayLocks[0].localQWeight, 0.1);
    const QcCommandList* lockfeet = mdl.findCommandList("LockFeet");
    ASSERT_NE(lockfeet, nullptr);
    ASSERT_EQ(lockfeet->ikRules.size(), 3u);
    EXPECT_EQ(lockfeet->ikRules[0].type, QcIkRuleType::Footstep);
    EXPECT_EQ(lockfeet->ikRules[0].height, 20.0);
    EXPECT_EQ(lockfeet->ikRules[0].floor, 0.0);
    EXPECT_EQ(lockfeet->ikRules[1].type, QcIkRuleType::Touch);
    EXPECT_EQ(lockfeet->ikRules[1].target, "Bip01_R_Hand");
    EXPECT_EQ(lockfeet->ikRules[2].type, QcIkRuleType::Release);
    const QcWeightList* upper = mdl.findWeightList("upper");
    ASSERT_NE(upper, nullptr);
    ASSERT_EQ(upper->weights.size(), 2u);
    EXPECT_EQ(upper->weights[1].first, "Bip01_L_Thigh");
    EXPECT_EQ(upper->weights[1].second, 0.0);
}

// The pairs may stand in a block (labturret.qc, door01_left_shared.qci); a bad weight in it is
// an error at its line.
TEST_F(QcMdlCommandsTest, WeightListPairsMayStandInABlock) {
    auto project =
        read(kHead + "$weightlist \"NoBase\" { \"Base_bone\" 0 \"Bone1\" 1 }\n"     // 3
                     "$weightlist openbar {\n \"door\" 0\n \"handle02\" 0.5\n}\n"); // 4-7
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->mdl.weightLists.size(), 2u);
    const QcWeightList& noBase = project->mdl.weightLists[0];
    EXPECT_EQ(noBase.name, "NoBase");
    ASSERT_EQ(noBase.weights.size(), 2u);
    EXPECT_EQ(noBase.weights[0].first, "Base_bone");
    EXPECT_EQ(noBase.weights[0].second, 0.0);
    EXPECT_EQ(noBase.weights[1].second, 1.0);
    ASSERT_EQ(project->mdl.weightLists[1].weights.size(), 2u);
    EXPECT_EQ(project->mdl.weightLists[1].weights[1].second, 0.5);
    EXPECT_EQ(sink.find("QC039"), nullptr) << all();
    EXPECT_FALSE(read(kHead + "$weightlist w {\n \"door\" heavy\n}\n"));
    expectAt("QC031", 4);
}

TEST_F(QcMdlCommandsTest, CollisionBlockGivesTheMassAndKeepsThePhysicsOptions) {
    auto project = read(kHead + "$collisionjoints \"phys.smd\"\n{\n\t$mass 12.5\n\t$inertia 1\n"
                                "\t$rootbone \" \"\n}\n");
    ASSERT_TRUE(project) << all();
    ASSERT_TRUE(project->collisionModel);
    ASSERT_TRUE(project->collisionModel->mass);
    EXPECT_EQ(project->collisionModel->mass->value, 12.5);
    EXPECT_FALSE(project->collisionModel->automass);
    ASSERT_TRUE(project->collisionModel->inertia && project->collisionModel->rootBone);
    EXPECT_EQ(project->collisionModel->rootBone->value, " ");
    EXPECT_EQ(sink.diagnostics().size(), 0u) << all();
}

TEST_F(QcMdlCommandsTest, AutomassIsRecorded) {
    auto project = read(kHead + "$collisionmodel \"phys\" {\n $concave\n $automass\n}\n");
    ASSERT_TRUE(project) << all();
    ASSERT_TRUE(project->collisionModel);
    ASSERT_TRUE(project->collisionModel->automass);
    EXPECT_EQ(project->collisionModel->automass->line, 5u);
    EXPECT_EQ(sink.find("QC062"), nullptr); // the compile computes the mass
}

// ---- sequences ----

TEST_F(QcMdlCommandsTest, SequenceOptionsOfTheCorpus) {
    auto project =
        read(kHead +
             "$animation a_neutral \"walk\" frames 0 0\n"                                   // 3
             "$animation a_rt \"walk\" frame 58 58 subtract a_neutral 0 weightlist upper\n" // 4
             "$sequence aim { a_rt a_neutral blend \"aim_yaw\" -60 60 blend aim_pitch -35 50 "
             "blendwidth 1 } delta autoplay hidden fadein 0.3 fadeout 0.4\n"                // 5
             "$sequence turn { a_rt a_neutral calcblend body_yaw \"eyes\" zr } delta\n"     // 6
             "$sequence \"ragdoll\" \"anims/walk.smd\" {\n activity \"ACT_DIERAGDOLL\" 1\n" // 7-8
             " cmdlist lockfeet\n snap realtime\n ikrule lfoot release\n}\n");              // 9-12
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->animations.size(), 2u);
    EXPECT_EQ(project->animations[0].frameRange, std::make_pair(0, 0));
    const QcSequence& rt = project->animations[1];
    EXPECT_EQ(rt.frameRange, std::make_pair(58, 58));
    ASSERT_EQ(rt.subtracts.size(), 1u);
    EXPECT_EQ(rt.subtracts[0].animation, "a_neutral");
    EXPECT_EQ(rt.weightList, "upper");

    ASSERT_EQ(project->sequences.size(), 3u);
    const QcSequence& aim = project->sequences[0];
    ASSERT_EQ(aim.sources.size(), 2u);
    EXPECT_EQ(aim.sources[0].animation, "a_rt");
    EXPECT_FALSE(aim.sources[0].file);
    ASSERT_EQ(aim.blends.size(), 2u);
    EXPECT_EQ(aim.blends[1].parameter, "aim_pitch");
    EXPECT_EQ(aim.blends[1].end, 50.0);
    EXPECT_EQ(aim.blendWidth, 1);
    EXPECT_TRUE(aim.delta && aim.autoplay && aim.hidden);
    EXPECT_EQ(aim.fadeIn, 0.3);
    EXPECT_EQ(aim.fadeOut, 0.4);

    const QcSequence& turn = project->sequences[1];
    ASSERT_EQ(turn.calcBlends.size(), 1u);
    EXPECT_EQ(turn.calcBlends[0].parameter, "body_yaw");
    EXPECT_EQ(turn.calcBlends[0].attachment, "eyes");
    EXPECT_EQ(turn.calcBlends[0].axis, "ZR");

    const QcSequence& ragdoll = project->sequences[2];
    ASSERT_EQ(ragdoll.sources.size(), 1u);
    ASSERT_TRUE(ragdoll.sources[0].file);
    EXPECT_TRUE(ragdoll.sources[0].file->found);
    EXPECT_EQ(ragdoll.activity, "ACT_DIERAGDOLL");
    EXPECT_EQ(ragdoll.commandLists, std::vector<std::string>{"lockfeet"});
    EXPECT_TRUE(ragdoll.snap && ragdoll.realtime);
    ASSERT_EQ(ragdoll.ikRules.size(), 1u);
    EXPECT_EQ(ragdoll.ikRules[0].chain, "lfoot");
    EXPECT_EQ(count("QC062"), 0u) << all();
}

// Valve's combine_soldier_anims.mdl holds `deploy_gesture`'s key values as
// `faceposer {\n"type" "gesture" "tags" {\n"apex" "26"  }\n...`: words one block deep quoted.
TEST_F(QcMdlCommandsTest, SequenceKeyValuesAreKeptAsStudiomdlWritesThem) {
    auto project = read(kHead + "$sequence wave \"walk\" {\n"         // 3
                                "  keyvalues { interior ACT_IDLE }\n" // 4
                                "}\n"                                 // 5
                                "$append wave { keyvalues { faceposer { \"type\" \"gesture\" "
                                "tags { apex 9 } } } }\n"                        // 6
                                "$animation a_kv \"walk\" keyvalues { x y }\n"); // 7
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->sequences.size(), 1u);
    EXPECT_EQ(
        project->sequences[0].keyValues,
        "interior ACT_IDLE faceposer {\n\"type\" \"gesture\" \"tags\" {\n\"apex\" \"9\"  }\n }\n");
    expectAt("QC062", 7); // an $animation keeps no key values
    ASSERT_EQ(project->animations.size(), 1u);
    EXPECT_EQ(project->animations[0].keyValues, "");
}

TEST_F(QcMdlCommandsTest, SequenceKeyValuesWithoutABlockAreAnErrorAtTheirLine) {
    EXPECT_FALSE(read(kHead + "$sequence bad \"walk\" keyvalues\n")); // 3
    expectAt("QC030", 3);
}

TEST_F(QcMdlCommandsTest, RenameMaterialTakesTwoNames) {
    auto project = read(kHead + "$renamematerial \"skin\" \"metal/plate\"\n"); // 3
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->materialRenames.size(), 1u);
    EXPECT_EQ(project->materialRenames[0].from, "skin");
    EXPECT_EQ(project->materialRenames[0].to, "metal/plate");
    EXPECT_EQ(project->materialRenames[0].definedAt.line, 3u);
    EXPECT_FALSE(read(kHead + "$renamematerial skin\n")); // 3: no new name
    expectAt("QC030", 3);
}

TEST_F(QcMdlCommandsTest, NumericAndNamedEvents) {
    auto project = read(kHead + "$sequence fire \"walk\" {\n"
                                "  { event AE_CL_PLAYSOUND 2 \"Weapon.Fire\" }\n" // 4
                                "  { event 5001 0 \"1\" }\n"                      // 5
                                "  event AE_NPC_BODYDROP_HEAVY 7\n"               // 6
                                "  fps 20\n}\n");
    ASSERT_TRUE(project) << all();
    const auto& events = project->sequences[0].events;
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[0].name, "AE_CL_PLAYSOUND");
    EXPECT_FALSE(events[0].number);
    EXPECT_EQ(events[0].frame, 2.0);
    EXPECT_EQ(events[0].options, "Weapon.Fire");
    EXPECT_EQ(events[1].number, 5001);
    EXPECT_EQ(events[1].options, "1");
    EXPECT_EQ(events[2].definedAt.line, 6u);
    EXPECT_EQ(events[2].options, "");
    EXPECT_EQ(project->sequences[0].fps, 20.0);
}

TEST_F(QcMdlCommandsTest, OptionsNotImplementedAreWarningsAtTheirLine) {
    auto project = read(kHead + "$sequence walk \"walk\" {\n  fps 30\n"
                                "  LXR LYR\n"                 // 5
                                "  posecycle pitch\n"         // 6
                                "  origin 0 0 5\n  loop\n}\n" // 7
                                "$sequence run \"walk\" fps 30 frobnicate\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(count("QC062"), 5u) << all();
    expectAt("QC062", 5);
    EXPECT_TRUE(project->sequences[0].loop); // the skipped arguments did not swallow "loop"
    EXPECT_EQ(sink.diagnostics().back().location.line, 10u);
}

TEST_F(QcMdlCommandsTest, EventWithoutFrameIsAnErrorAtItsLine) {
    EXPECT_FALSE(read(kHead + "$sequence s \"walk\" {\n { event AE_X }\n}\n"));
    expectAt("QC030", 4);
}

// ---- content root ----

TEST_F(QcMdlCommandsTest, ContentRootLetsPathsLeaveTheQcFolder) {
    auto project = read(kHead + "$include \"../shared/common.qci\"\n"
                                "$sequence run \"../shared/run\"\n",
                        fs::path(""));
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(project->filesRead.size(), 2u);
    ASSERT_EQ(project->sequences[0].animationFiles.size(), 1u);
    EXPECT_TRUE(project->sequences[0].animationFiles[0].found);
    EXPECT_EQ(project->sequences[0].animationFiles[0].path, fs::path("shared") / "run.smd");
    EXPECT_EQ(count("QC051") + count("QC010"), 0u) << all();
}

TEST_F(QcMdlCommandsTest, WithoutAContentRootTheQcFolderIsTheLimit) {
    auto project = read(kHead + "$sequence run \"../shared/run\"\n");
    ASSERT_TRUE(project) << all();
    expectAt("QC051", 3);
    EXPECT_FALSE(project->sequences[0].animationFiles[0].found);
}

TEST_F(QcMdlCommandsTest, MeshOutsideTheContentRootIsAnError) {
    files.addFile("outside/ref.smd", "version 1\n");
    EXPECT_FALSE(read("$modelname a.mdl\n$body b \"../../outside/ref\"\n", fs::path("proj/..")));
    expectAt("QC014", 2);
}

TEST_F(QcMdlCommandsTest, QcOutsideTheContentRootIsAUsageError) {
    EXPECT_FALSE(read(kHead, fs::path("shared")));
    ASSERT_NE(sink.find("QC015"), nullptr) << all();
    EXPECT_EQ(sink.find("QC015")->kind, ExitCode::Usage);
}

TEST_F(QcMdlCommandsTest, FileMissingAtItsPathIsReadFromBesideTheQc) {
    auto project = read(kHead + "$sequence walk \"moved/away/walk\"\n");
    ASSERT_TRUE(project) << all();
    ASSERT_TRUE(project->sequences[0].animationFiles[0].found);
    EXPECT_EQ(project->sequences[0].animationFiles[0].path, fs::path("proj") / "walk.smd");
    expectAt("QC016", 3);
    EXPECT_EQ(sink.find("QC016")->severity, Severity::Note);
}

} // namespace
} // namespace vtxc
