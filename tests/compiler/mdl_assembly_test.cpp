// The whole .mdl stage on a small QC compiled in-process: header values, textures and skins,
// body parts with a blank model, attachments, hitboxes, pose parameters, IK, key values, include
// models, sequences (flags, activities, events, blend grids, calcblend keys, weight lists), the
// SMD form's default sequence, and mistakes reported at their QC line.
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "formats/studio/mdl_codecs.h"
#include "testing/mdl_comparison.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>

namespace vtxc {
namespace {

// root at z 10; arm 4 units along x; tip 2 further; one triangle on the arm, one on the tip.
const char* kReference = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\n2 \"tip\" 1\nend\n"
                         "skeleton\ntime 0\n0 0 0 10 0 0 0\n1 4 0 0 0 0 0\n2 2 0 0 0 0 0\nend\n"
                         "triangles\nmat\n1 4 0 10 0 0 1 0 0\n1 5 0 10 0 0 1 1 0\n"
                         "1 5 1 10 0 0 1 1 1\nmat\n2 6 0 10 0 0 1 0 0\n2 7 0 10 0 0 1 1 0\n"
                         "2 7 1 11 0 0 1 1 1\nend\n";

// Frame 1 turns the arm +90 degrees about z, frame 2 -90 degrees.
const char* kWave = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n"
                    "time 0\n0 0 0 10 0 0 0\n1 4 0 0 0 0 0\n"
                    "time 1\n0 0 0 10 0 0 0\n1 4 0 0 0 0 1.5707963\n"
                    "time 2\n0 0 0 10 0 0 0\n1 4 0 0 0 0 -1.5707963\nend\n";

const char* kQc = R"($modelname "test/thing"
$cdmaterials "models/test"
$bodygroup body { studio "ref.smd" blank }
$texturegroup skins { { "mat" } { "mat_alt" } }
$surfaceprop metal
$contents grate
$illumposition 1 2 3
$eyeposition 0 0 5
$bbox -1 -2 -3 4 5 6
$maxeyedeflection 60
$attachment eyes arm 1 0 0 rotate 0 90 0
$hbox 3 arm -1 -1 -1 1 1 1
$poseparameter spin -180 180 loop 360
$ikchain reach tip knee 0 1 0
$ikautoplaylock reach 1 0.5
$keyvalues { prop_data { "base" "Metal.Small" } }
$includemodel "humans/shared.mdl"
$weightlist arms "root" 0 "arm" 1
$animation base wave frames 0 0
$animation left wave frame 1 1 subtract base 0 weightlist arms
$animation right wave frame 2 2 subtract base 0 weightlist arms
$sequence idle ref activity ACT_IDLE 2 fadein 0.5 { { event AE_X 1 "opt" } { event 7 0 } } loop snap
$sequence turn { right base left blend spin -90 90 } delta autoplay hidden
$sequence look { right base left calcblend look eyes ZR } delta
$sequence "wave" wave { ikrule reach release }
$collisionmodel "ref.smd" { $mass 12 }
)";

class MdlAssemblyTest : public ::testing::Test {
  protected:
    std::optional<MdlFile> compileQc(const std::string& qc) {
        test::writeText(dir / "ref.smd", kReference);
        test::writeText(dir / "wave.smd", kWave);
        test::writeText(dir / "m.qc", qc);
        auto project = readQcModelProject(dir / "m.qc", sink);
        if (!project) return std::nullopt;
        auto output = compileProject(*project, CompileOptions{}, sink);
        if (!output || !output->mdl) return std::nullopt;
        checksum = output->checksum;
        // What the writer makes of it, read back.
        return readMdl(writeMdl(*output->mdl), "thing.mdl", sink);
    }

    std::string all() const {
        std::string out;
        for (const Diagnostic& d : sink.diagnostics())
            out += formatDiagnostic(d) + "\n";
        return out;
    }

    test::TempDir dir;
    CollectingSink sink;
    std::int32_t checksum = 0;
};

// $origin and $scale place a mesh named after them with its skeleton and every animation named
// after them (skeleton_placement.h): the whole model moves or grows, so the idle sequence's box
// is the plain model's, moved by the origin turned into the model's frame (x, y, z) -> (-y, x,
// z), or scaled. Placing the vertices alone would leave them off their bones.
TEST_F(MdlAssemblyTest, OriginAndScaleMoveTheMeshItsSkeletonAndTheAnimationsAlike) {
    auto idleBox = [&](const std::string& placement) -> std::array<Vec3, 2> {
        auto mdl = compileQc("$modelname \"test/placed\"\n" + placement +
                             "$body body \"ref.smd\"\n$sequence idle \"wave.smd\"\n");
        EXPECT_TRUE(mdl) << all();
        if (!mdl) return {};
        const MdlSeqDesc* idle = test::namedSequence(*mdl, "idle");
        EXPECT_NE(idle, nullptr);
        return idle ? std::array<Vec3, 2>{idle->bbmin, idle->bbmax} : std::array<Vec3, 2>{};
    };
    const auto plain = idleBox("");
    const auto moved = idleBox("$origin 1 2 3\n");
    const auto scaled = idleBox("$scale 2\n");
    ASSERT_LT(plain[0].x, plain[1].x);
    for (int corner = 0; corner < 2; ++corner) {
        EXPECT_NEAR(moved[corner].x, plain[corner].x + 2.0f, 1e-3); // -(-y) of the origin
        EXPECT_NEAR(moved[corner].y, plain[corner].y - 1.0f, 1e-3);
        EXPECT_NEAR(moved[corner].z, plain[corner].z - 3.0f, 1e-3);
        EXPECT_NEAR(scaled[corner].x, 2.0f * plain[corner].x, 1e-3);
        EXPECT_NEAR(scaled[corner].y, 2.0f * plain[corner].y, 1e-3);
        EXPECT_NEAR(scaled[corner].z, 2.0f * plain[corner].z, 1e-3);
    }
}

// An animation library (no mesh, no $definebone) takes its bind pose from its animations'
// skeletons, placed as their frames are: the root of wave.smd, at (0, 0, 10), stands at
// (p - origin) * scale, the arm 4 units out scaled by 2.
TEST_F(MdlAssemblyTest, AnAnimationLibrarysBindPoseIsPlacedAsItsFrames) {
    auto mdl = compileQc("$modelname \"test/anims\"\n$origin 1 2 3\n$scale 2\n"
                         "$sequence idle \"wave.smd\"\n");
    ASSERT_TRUE(mdl) << all();
    ASSERT_EQ(mdl->bones.size(), 2u);
    EXPECT_NEAR(mdl->bones[0].pos.x, -2.0f, 1e-5); // (0 - 1) * 2
    EXPECT_NEAR(mdl->bones[0].pos.y, -4.0f, 1e-5);
    EXPECT_NEAR(mdl->bones[0].pos.z, 14.0f, 1e-5); // (10 - 3) * 2
    EXPECT_NEAR(mdl->bones[1].pos.x, 8.0f, 1e-5);
}

TEST_F(MdlAssemblyTest, HeaderTexturesBodyPartsAndAttachments) {
    auto mdl = compileQc(kQc);
    ASSERT_TRUE(mdl) << all();
    EXPECT_EQ(mdl->name, "test/thing.mdl");
    EXPECT_EQ(mdl->checksum, checksum);
    EXPECT_EQ(mdl->flags, 0); // $hbox given: no AUTOGENERATED_HITBOX
    EXPECT_EQ(mdl->surfaceprop, "metal");
    EXPECT_EQ(mdl->contents, 8);
    EXPECT_EQ(mdl->mass, 12.0f);
    EXPECT_EQ(mdl->illumposition, (Vec3{-2, 1, 3})); // turned +90 about Z
    EXPECT_EQ(mdl->eyeposition, (Vec3{0, 0, 5}));
    EXPECT_EQ(mdl->hull_min, (Vec3{-1, -2, -3}));
    EXPECT_EQ(mdl->hull_max, (Vec3{4, 5, 6}));
    ASSERT_TRUE(mdl->header2 && mdl->header2->name);
    EXPECT_EQ(*mdl->header2->name, "test/thing.mdl");
    EXPECT_NEAR(mdl->header2->flMaxEyeDeflection, 0.5, 1e-6);
    EXPECT_EQ(mdl->keyValues, "mdlkeyvalue\n{\nprop_data {\n\"base\" \"Metal.Small\"  }\n}\n");
    ASSERT_EQ(mdl->includeModels.size(), 1u);
    EXPECT_EQ(mdl->includeModels[0].name, "models/humans/shared.mdl");

    ASSERT_EQ(mdl->textures.size(), 2u);
    EXPECT_EQ(mdl->textures[0].name, "mat");
    EXPECT_EQ(mdl->textures[1].name, "mat_alt");
    EXPECT_EQ(mdl->cdmaterials, std::vector<std::string>{"models\\test\\"});
    EXPECT_EQ(mdl->skinFamilies, (std::vector<std::vector<std::int16_t>>{{0, 1}, {1, 1}}));

    ASSERT_EQ(mdl->bodyParts.size(), 1u);
    ASSERT_EQ(mdl->bodyParts[0].models.size(), 2u);
    const MdlModel& model = mdl->bodyParts[0].models[0];
    EXPECT_EQ(model.name, "ref.smd");
    ASSERT_EQ(model.meshes.size(), 1u);
    EXPECT_EQ(model.meshes[0].numvertices, 6);
    EXPECT_EQ(model.numvertices, 6);
    EXPECT_EQ(model.meshes[0].numLODVertexes[7], 6);
    EXPECT_EQ(mdl->bodyParts[0].models[1].name, ""); // blank
    EXPECT_TRUE(mdl->bodyParts[0].models[1].meshes.empty());
    EXPECT_EQ(mdl->bodyParts[0].models[1].vertexindex, 48 * 6);

    ASSERT_EQ(mdl->attachments.size(), 1u);
    EXPECT_EQ(mdl->attachments[0].localbone, 1);
    EXPECT_NEAR(mdl->attachments[0].local.at(1, 0), 1.0, 1e-6); // yaw 90: x -> y
    ASSERT_EQ(mdl->hitboxSets.size(), 1u);
    ASSERT_EQ(mdl->hitboxSets[0].hitboxes.size(), 1u);
    EXPECT_EQ(mdl->hitboxSets[0].hitboxes[0].group, 3);
    // The arm carries the hitbox and the attachment, the root gets them through its child; the
    // tip is an IK link; every bone has LOD 0 vertices below it but the root has none of its own.
    EXPECT_EQ(mdl->bones[1].flags,
              kBoneUsedByHitbox | kBoneUsedByAttachment | kBoneUsedByVertexLod0);
    EXPECT_EQ(mdl->bones[0].flags, mdl->bones[1].flags);
    EXPECT_EQ(mdl->bones[2].flags, kBoneUsedByAttachment | kBoneUsedByVertexLod0);
}

TEST_F(MdlAssemblyTest, PoseParametersIkAndSequences) {
    auto mdl = compileQc(kQc);
    ASSERT_TRUE(mdl) << all();
    ASSERT_EQ(mdl->poseParameters.size(), 2u);
    EXPECT_EQ(mdl->poseParameters[0].name, "spin");
    EXPECT_EQ(mdl->poseParameters[0].flags, 1);
    EXPECT_EQ(mdl->poseParameters[0].loop, 360.0f);
    EXPECT_EQ(mdl->poseParameters[1].name, "look"); // named by the calcblend only
    EXPECT_EQ(mdl->poseParameters[1].flags, 0);
    EXPECT_NEAR(mdl->poseParameters[1].start, -90.0, 1e-3);
    EXPECT_NEAR(mdl->poseParameters[1].end, 90.0, 1e-3);

    ASSERT_EQ(mdl->ikChains.size(), 1u);
    ASSERT_EQ(mdl->ikChains[0].links.size(), 3u);
    EXPECT_EQ(mdl->ikChains[0].links[0].bone, 0);
    EXPECT_EQ(mdl->ikChains[0].links[2].bone, 2);
    EXPECT_EQ(mdl->ikChains[0].links[0].kneeDir, (Vec3{0, 1, 0}));
    EXPECT_EQ(mdl->ikAutoplayLocks, (std::vector<MdlIkLock>{{0, 1.0f, 0.5f, 0}}));

    // Animations: base, left, right, @idle, @wave in QC order.
    ASSERT_EQ(mdl->animations.size(), 5u);
    EXPECT_EQ(mdl->animations[3].name, "@idle");
    EXPECT_EQ(mdl->animations[1].flags, kStudioDelta);
    EXPECT_TRUE(mdl->animations[1].ikRules.empty()); // deltas get no release rules
    ASSERT_EQ(mdl->animations[0].ikRules.size(), 1u);
    EXPECT_EQ(mdl->animations[0].ikRules[0].type, 4); // IK_RELEASE for the chain no rule names
    ASSERT_EQ(mdl->animations[4].ikRules.size(), 1u);

    ASSERT_EQ(mdl->sequences.size(), 4u);
    const MdlSeqDesc& idle = mdl->sequences[0];
    EXPECT_EQ(idle.activityName, "ACT_IDLE");
    EXPECT_EQ(idle.actweight, 2);
    EXPECT_EQ(idle.flags, kStudioLooping | 0x2);
    EXPECT_EQ(idle.fadeintime, 0.5f);
    EXPECT_EQ(idle.fadeouttime, 0.2f);
    ASSERT_EQ(idle.events.size(), 2u);
    EXPECT_EQ(idle.events[0].type, 0x400);
    EXPECT_EQ(idle.events[0].name, "AE_X");
    EXPECT_EQ(idle.events[0].options, "opt");
    EXPECT_EQ(idle.events[1].event, 7);
    EXPECT_EQ(idle.events[1].type, 0);
    EXPECT_EQ(idle.weights, (std::vector<float>{1, 1, 1}));
    EXPECT_TRUE(idle.poseKeys.empty());

    const MdlSeqDesc& turn = mdl->sequences[1];
    EXPECT_EQ(turn.flags, kStudioDelta | kStudioAutoplay | kStudioPost | 0x400);
    EXPECT_EQ(turn.groupsize, (std::array<std::int32_t, 2>{3, 1}));
    EXPECT_EQ(turn.blends, (std::vector<std::int16_t>{2, 0, 1}));
    EXPECT_EQ(turn.paramindex[0], 0);
    EXPECT_EQ(turn.paramstart[0], -90.0f);
    EXPECT_EQ(turn.paramend[0], 90.0f);
    EXPECT_EQ(turn.poseKeys, (std::vector<float>{-90, 0, 90, 0}));
    EXPECT_EQ(turn.weights, (std::vector<float>{0, 1, 1})); // the animations' weight list

    const MdlSeqDesc& look = mdl->sequences[2];
    // `delta` without autoplay is POST too (Valve's labturret_npc.mdl, vortigaunt_anims.mdl).
    EXPECT_EQ(look.flags, kStudioDelta | kStudioPost);
    EXPECT_EQ(look.paramindex[0], 1);
    ASSERT_EQ(look.poseKeys.size(), 4u);
    EXPECT_NEAR(look.poseKeys[0], -90.0, 1e-3) << look.poseKeys[1] << " " << look.poseKeys[2];
    EXPECT_NEAR(look.poseKeys[1], 0.0, 1e-3);
    EXPECT_NEAR(look.poseKeys[2], 90.0, 1e-3);

    // The idle box bounds the vertices (x 4..7 turned to y) and the arm's hitbox corners.
    EXPECT_NEAR(idle.bbmax.y, 7.0, 1e-4);
    EXPECT_NEAR(idle.bbmin.z, 9.0, 1e-4);
}

TEST_F(MdlAssemblyTest, WorldSpaceSequencesAreWorldAndPostWithTheFilesFrames) {
    auto mdl = compileQc("$modelname m.mdl\n$body b ref\n$sequence plain wave hidden\n"
                         "$sequence world wave worldspace hidden\n");
    ASSERT_TRUE(mdl) << all();
    ASSERT_EQ(mdl->sequences.size(), 2u);
    EXPECT_EQ(mdl->sequences[0].flags, 0x400);
    // STUDIO_WORLD | STUDIO_POST | STUDIO_HIDDEN, as Valve's combine_soldier_anims.mdl writes
    // layer_stimulated_aim_ar1; no warning that the option is dropped.
    EXPECT_EQ(mdl->sequences[1].flags, 0x4000 | 0x10 | 0x400);
    EXPECT_EQ(sink.find("QC062"), nullptr) << all();
    EXPECT_EQ(mdl->animations[0].numframes, mdl->animations[1].numframes);
}

// Valve's police_animations.mdl: walk_aiming_stimulated_SMG1_all holds
// "mdlkeyvalue\n{\ninterior ACT_IDLE_RIFLE_STIMULATED }\n"; a sequence without any holds none.
TEST_F(MdlAssemblyTest, SequenceKeyValuesAreWrittenInTheirMdlKeyValueBlock) {
    auto mdl = compileQc("$modelname m.mdl\n$body b ref\n"
                         "$sequence walk wave { keyvalues { interior ACT_IDLE_RIFLE } }\n"
                         "$sequence plain wave\n");
    ASSERT_TRUE(mdl) << all();
    ASSERT_EQ(mdl->sequences.size(), 2u);
    EXPECT_EQ(mdl->sequences[0].keyValues, "mdlkeyvalue\n{\ninterior ACT_IDLE_RIFLE }\n");
    EXPECT_EQ(mdl->sequences[1].keyValues, "");
    EXPECT_EQ(sink.find("QC062"), nullptr) << all();
}

// $renamematerial: the texture takes the new name where the meshes and the $texturegroup say
// the old one (case and extension do not matter); one that names nothing is MESH008 at its line.
TEST_F(MdlAssemblyTest, RenamedMaterialsKeepTheirPlaceUnderTheNewName) {
    auto mdl = compileQc("$modelname m.mdl\n$body b ref\n"
                         "$texturegroup skins { { \"MAT.vmt\" } { \"mat_alt\" } }\n"
                         "$renamematerial Mat metal/plate\n" // 4
                         "$renamematerial mat_alt metal/plate_rusty\n"
                         "$renamematerial nothere other\n"); // 6
    ASSERT_TRUE(mdl) << all();
    ASSERT_EQ(mdl->textures.size(), 2u);
    EXPECT_EQ(mdl->textures[0].name, "metal/plate");
    EXPECT_EQ(mdl->textures[1].name, "metal/plate_rusty");
    EXPECT_EQ(mdl->skinFamilies, (std::vector<std::vector<std::int16_t>>{{0, 1}, {1, 1}}));
    const Diagnostic* unused = sink.find("MESH008");
    ASSERT_NE(unused, nullptr) << all();
    EXPECT_EQ(unused->location.line, 6u);
    EXPECT_EQ(sink.find("QC061"), nullptr) << all();
}

TEST_F(MdlAssemblyTest, SmdFormGetsAnIdleSequenceOfTheBindPose) {
    test::writeText(dir / "ref.smd", kReference);
    const ModelProject project = projectFromSmds(dir / "ref.smd", {}, std::nullopt);
    auto output = compileProject(project, CompileOptions{}, sink);
    ASSERT_TRUE(output && output->mdl) << all();
    const MdlFile& mdl = *output->mdl;
    EXPECT_EQ(mdl.name, "ref.mdl");
    EXPECT_EQ(mdl.flags, 0x1); // hitboxes generated
    ASSERT_EQ(mdl.sequences.size(), 1u);
    EXPECT_EQ(mdl.sequences[0].label, "idle");
    ASSERT_EQ(mdl.animations.size(), 1u);
    EXPECT_EQ(mdl.animations[0].name, "@idle");
    EXPECT_EQ(mdl.animations[0].numframes, 1);
    ASSERT_EQ(mdl.animations[0].bones.size(), 1u); // the root's +90 degree turn
    EXPECT_EQ(mdl.bodyParts[0].models[0].name, "ref.smd");
    EXPECT_EQ(mdl.hitboxSets[0].name, "default");
    EXPECT_EQ(mdl.textures[0].name, "mat");
}

TEST_F(MdlAssemblyTest, QcWithoutSequenceGetsIdleWithANote) {
    auto mdl = compileQc("$modelname m.mdl\n$body b ref\n");
    ASSERT_TRUE(mdl) << all();
    ASSERT_EQ(mdl->sequences.size(), 1u);
    EXPECT_EQ(mdl->sequences[0].label, "idle");
    ASSERT_NE(sink.find("QC065"), nullptr);
}

TEST_F(MdlAssemblyTest, StaticPropHasOneBoneAndAnEmptyIdle) {
    auto mdl = compileQc("$modelname m.mdl\n$staticprop\n$body b ref\n$sequence idle ref\n");
    ASSERT_TRUE(mdl) << all();
    EXPECT_EQ(mdl->flags, 0x11);
    ASSERT_EQ(mdl->bones.size(), 1u);
    EXPECT_EQ(mdl->bones[0].name, "static_prop");
    EXPECT_TRUE(mdl->animations[0].bones.empty());
    // The box holds the turned vertices (x 4..7 becomes y 4..7) and the bone's origin.
    EXPECT_NEAR(mdl->sequences[0].bbmin.y, 0.0, 1e-5);
    EXPECT_NEAR(mdl->sequences[0].bbmax.y, 7.0, 1e-5);
    EXPECT_EQ(mdl->hull_max, mdl->sequences[0].bbmax); // no $bbox: the sequence's box
    // $skipboneinbbox leaves the origin out (the hitbox is inside the vertices' bounds).
    mdl = compileQc("$modelname m.mdl\n$staticprop\n$body b ref\n$sequence idle ref\n"
                    "$skipboneinbbox\n$hbox 0 static_prop -1 5 10 1 6 11\n");
    ASSERT_TRUE(mdl) << all();
    EXPECT_NEAR(mdl->sequences[0].bbmin.y, 4.0, 1e-5);
}

TEST_F(MdlAssemblyTest, UnknownBonesAndChainsAreErrorsAtTheirLine) {
    EXPECT_FALSE(compileQc("$modelname m.mdl\n$body b ref\n$attachment a nose 0 0 0\n"
                           "$ikautoplaylock nothing 1 1\n"));
    ASSERT_NE(sink.find("BONE004"), nullptr) << all();
    EXPECT_EQ(sink.find("BONE004")->location.line, 3u);
    ASSERT_NE(sink.find("SEQ005"), nullptr) << all();
    EXPECT_EQ(sink.find("SEQ005")->location.line, 4u);
}

TEST_F(MdlAssemblyTest, UnknownBoneMergeIsAnErrorAtItsLine) {
    EXPECT_FALSE(compileQc("$modelname m.mdl\n$body b ref\n$bonemerge arm\n$bonemerge nose\n"));
    ASSERT_NE(sink.find("BONE004"), nullptr) << all();
    EXPECT_EQ(sink.find("BONE004")->location.line, 4u);
    EXPECT_NE(sink.find("BONE004")->location.file.find("m.qc"), std::string::npos);
}

TEST_F(MdlAssemblyTest, IllumPositionNamingNoAttachmentIsAWarningAtItsLine) {
    auto mdl = compileQc("$modelname m.mdl\n$body b ref\n$illumposition 1 2 3 nowhere\n");
    ASSERT_TRUE(mdl) << all();
    ASSERT_NE(sink.find("SEQ009"), nullptr) << all();
    EXPECT_EQ(sink.find("SEQ009")->location.line, 3u);
    EXPECT_EQ(mdl->header2->illumpositionattachmentindex, 0);
    EXPECT_EQ(mdl->illumposition, (Vec3{-2, 1, 3}));
}

TEST_F(MdlAssemblyTest, BadBlendGridIsAnErrorAtTheSequence) {
    EXPECT_FALSE(compileQc("$modelname m.mdl\n$body b ref\n$animation a wave\n"
                           "$sequence grid { a a a blend x 0 1 blend y 0 1 blendwidth 2 }\n"));
    ASSERT_NE(sink.find("SEQ007"), nullptr) << all();
    EXPECT_EQ(sink.find("SEQ007")->location.line, 4u);
}

} // namespace
} // namespace vtxc
