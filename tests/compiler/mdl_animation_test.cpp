// The animation stages on small SMDs written to a temporary folder: poses under the model's
// hierarchy (root turn, bones the file lacks, other roots), subtract, weight lists, frame ranges,
// the records and channels chosen, and the frames decoding back to the poses.
#include "compiler/animation/animation_encoding.h"
#include "compiler/animation/animation_sources.h"
#include "formats/studio/mdl_codecs.h"
#include "testing/diagnostic_text.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

// root at z 10; arm 4 units along x; tip 2 further (no animation names it).
const char* kReference = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\n2 \"tip\" 1\nend\n"
                         "skeleton\ntime 0\n0 0 0 10 0 0 0\n1 4 0 0 0 0 0\n2 2 0 0 0 0 0\nend\n"
                         "triangles\nmat\n0 0 0 0 0 0 1 0 0\n1 4 0 0 0 0 1 1 0\n1 4 1 0 0 0 1 1 1\n"
                         "end\n";

// Another root above the arm ("world"), as exported animation files often have: the arm's
// model-space pose is what counts. Frame 1 turns the arm 90 degrees about z and lifts the root.
const char* kWave = "version 1\nnodes\n0 \"world\" -1\n1 \"root\" 0\n2 \"arm\" 0\nend\n"
                    "skeleton\ntime 0\n0 0 0 0 0 0 0\n1 0 0 10 0 0 0\n2 4 0 10 0 0 0\n"
                    "time 1\n1 0 0 11 0 0 0\n2 4 0 10 0 0 1.5707963\n"
                    "time 2\n2 4 0 10 0 0 1.5707963\nend\n";

class MdlAnimationTest : public ::testing::Test {
  protected:
    std::optional<AnimationSet> build(const std::string& qcBody) {
        test::writeText(dir / "ref.smd", kReference);
        test::writeText(dir / "wave.smd", kWave);
        test::writeText(dir / "m.qc", "$modelname m.mdl\n$body b ref\n" + qcBody);
        qc = readQcProject(dir / "m.qc", sink);
        EXPECT_TRUE(qc) << all();
        if (!qc) return std::nullopt;
        auto smd = readSmdFile(dir / "ref.smd", sink);
        skeleton = buildSkeleton(BoneTable::fromReferences({&*smd}, sink));
        return buildAnimations(*qc, skeleton, false, sink);
    }

    std::string all() const {
        std::string out;
        for (const Diagnostic& d : sink.diagnostics())
            out += formatDiagnostic(d) + "\n";
        return out;
    }

    std::vector<MdlBone> bones(const AnimationSet& set) const {
        return mdlBones(skeleton, std::vector<std::int32_t>(skeleton.size(), 0),
                        animationScales(set, skeleton), "default", 1);
    }

    test::TempDir dir;
    CollectingSink sink;
    std::optional<QcProject> qc;
    Skeleton skeleton;
};

Eigen::Vector3d modelPosition(const std::vector<LocalPose>& pose, const std::vector<int>& parents,
                              int bone) {
    return modelTransforms(pose, parents)[static_cast<std::size_t>(bone)].translation();
}

TEST_F(MdlAnimationTest, PosesComeUnderTheModelsHierarchyTurnedAboutZ) {
    // Not a loop: a loop's last frame would be its first (motion_extraction_test.cpp).
    auto set = build("$sequence wave wave fps 15\n");
    ASSERT_TRUE(set) << all();
    ASSERT_EQ(set->animations.size(), 1u);
    const AnimationFrames& wave = set->animations[0];
    EXPECT_EQ(wave.name, "@wave");
    EXPECT_EQ(wave.fps, 15.0f);
    EXPECT_FALSE(wave.loop);
    EXPECT_FALSE(wave.delta);
    ASSERT_EQ(wave.frameCount(), 3);
    EXPECT_EQ(set->sequenceAnimations, std::vector<std::vector<int>>{{0}});
    // Frame 0: the arm's model position (4, 0, 10) turned +90 about Z is (0, 4, 10); it is 4 units
    // from the root, whatever the file's own hierarchy.
    const auto& parents = skeleton.parents;
    EXPECT_TRUE(
        modelPosition(wave.frames[0], parents, 1).isApprox(Eigen::Vector3d(0, 4, 10), 1e-9));
    EXPECT_TRUE(wave.frames[0][1].position.isApprox(Eigen::Vector3d(4, 0, 0), 1e-9));
    // Frame 1 lifts the root to 11 but the arm stays at z 10 in model space.
    EXPECT_NEAR(modelPosition(wave.frames[1], parents, 1).z(), 10.0, 1e-9);
    EXPECT_NEAR(wave.frames[1][1].position.z(), -1.0, 1e-9);
    // Frame 2 leaves the root out: it keeps frame 1's pose.
    EXPECT_NEAR(wave.frames[2][0].position.z(), 11.0, 1e-9);
    // The tip is not in the file: it keeps its bind pose under the arm.
    EXPECT_TRUE(wave.frames[1][2].position.isApprox(Eigen::Vector3d(2, 0, 0), 1e-9));
}

TEST_F(MdlAnimationTest, SubtractMakesADeltaFromTheReferenceFrame) {
    auto set = build("$animation base wave frames 0 0\n"
                     "$animation lifted wave frame 1 1 subtract base 0\n");
    ASSERT_TRUE(set) << all();
    ASSERT_EQ(set->animations.size(), 2u);
    const AnimationFrames& lifted = set->animations[1];
    EXPECT_TRUE(lifted.delta);
    ASSERT_EQ(lifted.frameCount(), 1);
    EXPECT_NEAR(lifted.frames[0][0].position.z(), 1.0, 1e-9); // the root rose by one unit
    // The arm turned 90 degrees about its z relative to the reference.
    const Eigen::AngleAxisd turn(lifted.frames[0][1].rotation);
    EXPECT_NEAR(turn.angle(), std::numbers::pi / 2, 1e-6);
    EXPECT_NEAR(std::abs(turn.axis().z()), 1.0, 1e-6);
    EXPECT_TRUE(lifted.frames[0][2].rotation.isApprox(Eigen::Quaterniond::Identity(), 1e-9));
    ASSERT_EQ(lifted.reference.size(), 3u);
    EXPECT_NEAR(lifted.reference[0].position.z(), 10.0, 1e-9);
}

// labturret.qc's `$animation "aim_neutral" "idlealert.smd" subtract aim_neutral 0`: the name is
// the animation being defined, so the frame is one of its own file (no earlier animation needed).
TEST_F(MdlAnimationTest, SubtractingItsOwnNameTakesAFrameOfItsOwnFile) {
    auto set = build("$animation lifted wave subtract LIFTED 1\n");
    ASSERT_TRUE(set) << all();
    ASSERT_EQ(set->animations.size(), 1u);
    const AnimationFrames& lifted = set->animations[0];
    EXPECT_TRUE(lifted.delta);
    ASSERT_EQ(lifted.frameCount(), 3);
    // Frame 1 (root at z 11, arm turned 90 degrees) is the reference: frame 0 lies one unit below
    // it with the arm turned back, frames 1 and 2 are the reference itself.
    EXPECT_NEAR(lifted.reference[0].position.z(), 11.0, 1e-9);
    EXPECT_NEAR(lifted.frames[0][0].position.z(), -1.0, 1e-9);
    const Eigen::AngleAxisd back(lifted.frames[0][1].rotation);
    EXPECT_NEAR(back.angle(), std::numbers::pi / 2, 1e-6);
    for (int frame : {1, 2})
        for (std::size_t bone = 0; bone < 3; ++bone) {
            const LocalPose& pose = lifted.frames[static_cast<std::size_t>(frame)][bone];
            EXPECT_LT(pose.position.norm(), 1e-9) << frame << " " << bone;
            EXPECT_TRUE(pose.rotation.isApprox(Eigen::Quaterniond::Identity(), 1e-9));
        }
}

TEST_F(MdlAnimationTest, SubtractingItsOwnNameNeedsTheFrameInItsFile) {
    EXPECT_FALSE(build("$animation lifted wave subtract lifted 3\n"));
    ASSERT_NE(sink.find("SEQ003"), nullptr) << all();
    EXPECT_EQ(sink.find("SEQ003")->location.line, 3u);
}

// A sequence's `delta` flags the sequence only (Valve's labturret_npc.mdl: mirror_correction's
// animation has flags 0 and the file's poses, placed as any animation's).
TEST_F(MdlAnimationTest, DeltaSequenceOptionLeavesItsFilesAnimationAsAnyOther) {
    auto plain = build("$sequence wave wave\n");
    ASSERT_TRUE(plain) << all();
    auto delta = build("$sequence wave wave delta\n");
    ASSERT_TRUE(delta) << all();
    const AnimationFrames& a = plain->animations.at(0);
    const AnimationFrames& b = delta->animations.at(0);
    EXPECT_FALSE(b.delta);
    EXPECT_TRUE(b.reference.empty());
    ASSERT_EQ(a.frameCount(), b.frameCount());
    for (std::size_t f = 0; f < a.frames.size(); ++f)
        for (std::size_t bone = 0; bone < a.frames[f].size(); ++bone) {
            EXPECT_TRUE(a.frames[f][bone].position.isApprox(b.frames[f][bone].position, 1e-12));
            EXPECT_TRUE(a.frames[f][bone].rotation.isApprox(b.frames[f][bone].rotation, 1e-12));
        }
}

TEST_F(MdlAnimationTest, WeightListScalesADelta) {
    auto set = build("$weightlist noarm \"root\" 1 \"arm\" 0\n"
                     "$animation base wave frames 0 0\n"
                     "$animation lifted wave frame 1 1 subtract base 0 weightlist noarm\n");
    ASSERT_TRUE(set) << all();
    const AnimationFrames& lifted = set->animations[1];
    EXPECT_NEAR(lifted.frames[0][0].position.z(), 1.0, 1e-9);
    EXPECT_TRUE(lifted.frames[0][1].rotation.isApprox(Eigen::Quaterniond::Identity(), 1e-9));
    EXPECT_EQ(lifted.weightList, "noarm");
}

TEST_F(MdlAnimationTest, AWeightOf0RestsTheBoneAndOtherWeightsLeaveTheFilesPose) {
    // The engine applies the sequence's weights as it plays it; the frames keep the file's pose
    // for every bone of weight above 0, as Valve's files do (docs/mdl-compile.md, "Real trees").
    auto set = build("$weightlist half \"root\" 0.5 \"arm\" 0\n"
                     "$sequence lifted wave frame 1 1 weightlist half\n"
                     "$sequence whole wave frame 1 1\n");
    ASSERT_TRUE(set) << all();
    const AnimationFrames& lifted = set->animations[0];
    const AnimationFrames& whole = set->animations[1];
    // The root (weight 0.5) is lifted to z 11 as in the file, not halfway.
    EXPECT_TRUE(lifted.frames[0][0].position.isApprox(whole.frames[0][0].position, 1e-12));
    EXPECT_NEAR(modelPosition(lifted.frames[0], skeleton.parents, 0).z(),
                modelPosition(whole.frames[0], skeleton.parents, 0).z(), 1e-9);
    // The arm (weight 0) is at its bind pose, not turned.
    EXPECT_TRUE(lifted.frames[0][1].rotation.isApprox(skeleton.bind[1].rotation, 1e-9));
    EXPECT_FALSE(whole.frames[0][1].rotation.isApprox(skeleton.bind[1].rotation, 1e-3));
    // The box is measured on the file's frames: the weight list keeps them.
    ASSERT_EQ(lifted.unweighted.size(), 1u);
    EXPECT_TRUE(lifted.unweighted[0][1].rotation.isApprox(whole.frames[0][1].rotation, 1e-12));
}

TEST_F(MdlAnimationTest, SubtractsApplyInTheOrderWritten) {
    // Its own frame first (a zero delta), then base's frame 0 (the root at z 10) from that.
    auto set = build("$animation base wave frames 0 0\n"
                     "$animation twice wave frame 1 1 subtract twice 0 subtract base 0\n"
                     "$animation once wave frame 1 1 subtract base 0\n");
    ASSERT_TRUE(set) << all();
    const AnimationFrames& twice = set->animations[1];
    const AnimationFrames& once = set->animations[2];
    EXPECT_TRUE(twice.delta);
    EXPECT_NEAR(twice.frames[0][0].position.z(), -10.0, 1e-9);
    EXPECT_NEAR(once.frames[0][0].position.z(), 1.0, 1e-9);
    // Played on its reference, the delta gives the file's frame back.
    EXPECT_NEAR(twice.reference[0].position.z() + twice.frames[0][0].position.z(), 11.0, 1e-9);
}

TEST_F(MdlAnimationTest, SubtractTakesTheFrameBeforeItsAnimationsWeightList) {
    // base's arm weighs 0, so base is written with the arm at rest; the frame subtracted is
    // base's before that, with the arm turned as in the file, so the delta's arm is zero.
    auto set = build("$weightlist noarm \"root\" 1 \"arm\" 0\n"
                     "$animation base wave frame 1 1 weightlist noarm\n"
                     "$animation lifted wave frame 1 1 subtract base 0\n");
    ASSERT_TRUE(set) << all();
    EXPECT_TRUE(set->animations[0].frames[0][1].rotation.isApprox(skeleton.bind[1].rotation, 1e-9));
    const AnimationFrames& lifted = set->animations[1];
    EXPECT_TRUE(lifted.frames[0][1].rotation.isApprox(Eigen::Quaterniond::Identity(), 1e-9))
        << lifted.frames[0][1].rotation.coeffs().transpose();
}

TEST_F(MdlAnimationTest, MatchStartsOnTheNamedPoseAndKeepsTheFilesMotion) {
    // wave: frame 0 arm straight, frame 1 turned 90 degrees, root lifted to 11. Matching
    // frames 0-1 to `turned` (frame 1 alone) starts the arm turned and turns it on by as much.
    auto set = build("$animation turned wave frame 1 1\n"
                     "$sequence matched wave frames 0 1 match turned\n"
                     "$sequence plain wave frames 0 1\n");
    ASSERT_TRUE(set) << all();
    const AnimationFrames& turned = set->animations[0];
    const AnimationFrames& matched = set->animations[1];
    const AnimationFrames& plain = set->animations[2];
    EXPECT_TRUE(matched.frames[0][1].rotation.isApprox(turned.frames[0][1].rotation, 1e-9));
    const Eigen::Quaterniond twice = plain.frames[1][1].rotation *
                                     plain.frames[0][1].rotation.conjugate() *
                                     turned.frames[0][1].rotation;
    EXPECT_TRUE(matched.frames[1][1].rotation.isApprox(twice, 1e-9));
    // The root keeps the file's position (z 10 then 11), not the matched pose's.
    EXPECT_NEAR(matched.frames[0][0].position.z(), plain.frames[0][0].position.z(), 1e-9);
    EXPECT_NEAR(matched.frames[1][0].position.z(), plain.frames[1][0].position.z(), 1e-9);
    EXPECT_EQ(sink.find("QC062"), nullptr) << all();
}

// Frame 0 turns the root 90 degrees about z, frame 1 leaves it straight; the arm is straight on
// its parent in both.
const char* kTurn = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n"
                    "time 0\n0 0 0 10 0 0 1.5707963\n1 4 0 0 0 0 0\n"
                    "time 1\n0 0 0 10 0 0 0\n1 4 0 0 0 0 0\nend\n";

TEST_F(MdlAnimationTest, WorldSpaceBlendTurnsBonesInModelSpace) {
    test::writeText(dir / "turn.smd", kTurn);
    auto set = build("$weightlist armonly \"root\" 0 \"arm\" 1\n"
                     "$weightlist all \"root\" 1\n"
                     "$animation straight turn frame 1 1\n"
                     "$sequence blended turn frame 0 0 weightlist armonly worldspaceblend straight "
                     "weightlist all\n"
                     "$sequence plain turn frame 0 0\n");
    ASSERT_TRUE(set) << all();
    const AnimationFrames& blended = set->animations[1];
    const AnimationFrames& plain = set->animations[2];
    ASSERT_EQ(blended.frames.size(), 1u);
    // The root (weight 0) keeps its turn; the arm (weight 1) takes the straight arm's direction
    // in the model, so on its turned parent it turns back by 90 degrees.
    EXPECT_TRUE(blended.frames[0][0].rotation.isApprox(plain.frames[0][0].rotation, 1e-9));
    const Eigen::Quaterniond back(Eigen::AngleAxisd(-1.5707963, Eigen::Vector3d::UnitZ()));
    EXPECT_TRUE(blended.frames[0][1].rotation.isApprox(back, 1e-6) ||
                blended.frames[0][1].rotation.coeffs().isApprox(-back.coeffs(), 1e-6))
        << blended.frames[0][1].rotation.coeffs().transpose();
    EXPECT_TRUE(blended.frames[0][1].position.isApprox(plain.frames[0][1].position, 1e-9));
    EXPECT_EQ(sink.find("QC062"), nullptr) << all();
}

// Frame 1 moves the root 6 units along x and turns it 90 degrees; the arm sits 2 units out
// instead of 4.
const char* kShift = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n"
                     "time 0\n0 0 0 10 0 0 0\n1 4 0 0 0 0 0\n"
                     "time 1\n0 6 0 10 0 0 1.5707963\n1 2 0 0 0 0 0\nend\n";

// The root's weight turns it part of the way but never moves it: Valve's hl2mp `_mod` layers
// (UpperbodyBlend, pelvis 0.1) have the boxes of a pelvis where the run puts it, 0.276 units
// from where a tenth of the way to the idle's pelvis would (docs/mdl-compile.md,
// "worldspaceblend").
TEST_F(MdlAnimationTest, WorldSpaceBlendTurnsTheRootButKeepsItsPosition) {
    test::writeText(dir / "shift.smd", kShift);
    auto set = build("$weightlist half \"root\" 0.5 \"arm\" 0.5\n"
                     "$weightlist all \"root\" 1\n"
                     "$animation moved shift frame 1 1\n"
                     "$sequence blended shift frame 0 0 weightlist half worldspaceblend moved "
                     "weightlist all\n"
                     "$sequence plain shift frame 0 0\n");
    ASSERT_TRUE(set) << all();
    const LocalPose& moved = set->animations[0].frames[0][0];
    const std::vector<LocalPose>& blended = set->animations[1].frames[0];
    const std::vector<LocalPose>& plain = set->animations[2].frames[0];
    EXPECT_TRUE(blended[0].position.isApprox(plain[0].position, 1e-9))
        << blended[0].position.transpose() << " against " << plain[0].position.transpose();
    EXPECT_GT((moved.position - plain[0].position).norm(), 5.0); // the overlay's root is away
    const Eigen::Quaterniond halfway = plain[0].rotation.slerp(0.5, moved.rotation);
    EXPECT_NEAR(blended[0].rotation.angularDistance(halfway), 0.0, 1e-6);
    EXPECT_GT(blended[0].rotation.angularDistance(plain[0].rotation), 0.7);
    // A bone below the root moves part of the way on its parent: 3 units out, between 4 and 2.
    EXPECT_NEAR(blended[1].position.norm(), 3.0, 1e-6) << blended[1].position.transpose();
}

// An animation named after `$origin X Y Z ANGLE` has its root bones moved by -origin, turned
// ANGLE degrees about Z, before the model's quarter turn; `$scale` scales every bone's position
// (Valve's labturret_npc.mdl: `$origin -16 0 16` puts each animation's root 16 units along y and
// -16 along z from the file's). One named before it is as the file has it.
TEST_F(MdlAnimationTest, OriginAndScalePlaceTheAnimationsNamedAfterThem) {
    test::writeText(dir / "turn.smd", kTurn);
    auto set = build("$sequence before turn\n$origin 1 2 3 90\n$scale 2\n$sequence after turn\n");
    ASSERT_TRUE(set) << all();
    const std::vector<LocalPose>& before = set->animations[0].frames[1];
    const std::vector<LocalPose>& after = set->animations[1].frames[1];
    // The file's root (0, 0, 10): (-1, -2, 7) off the origin, scaled (-2, -4, 14), turned 90
    // degrees (4, -2, 14), then the model's quarter turn (2, 4, 14).
    EXPECT_TRUE(before[0].position.isApprox(Eigen::Vector3d(0, 0, 10), 1e-6));
    EXPECT_TRUE(after[0].position.isApprox(Eigen::Vector3d(2, 4, 14), 1e-6))
        << after[0].position.transpose();
    EXPECT_NEAR(after[0].rotation.angularDistance(before[0].rotation), 1.5707963, 1e-6);
    EXPECT_TRUE(after[1].position.isApprox(2.0 * before[1].position, 1e-6));
}

// A sequence's own `scale S` multiplies the $scale in force for its files (the developer wiki's
// $scale page); 0 or less is QC031 at the option.
TEST_F(MdlAnimationTest, ASequencesScaleMultipliesTheScaleInForce) {
    test::writeText(dir / "turn.smd", kTurn);
    auto set = build("$sequence own turn scale 3\n$scale 2\n$sequence both turn scale 3\n");
    ASSERT_TRUE(set) << all();
    EXPECT_TRUE(set->animations[0].frames[1][0].position.isApprox(Eigen::Vector3d(0, 0, 30), 1e-6));
    EXPECT_TRUE(set->animations[1].frames[1][0].position.isApprox(Eigen::Vector3d(0, 0, 60), 1e-6));
    EXPECT_TRUE(set->animations[1].frames[1][1].position.isApprox(Eigen::Vector3d(24, 0, 0), 1e-6))
        << set->animations[1].frames[1][1].position.transpose();
    EXPECT_EQ(sink.find("QC062"), nullptr) << all();
    test::writeText(dir / "flat.qc",
                    "$modelname m.mdl\n$body b ref\n$sequence flat turn scale 0\n");
    CollectingSink flat;
    EXPECT_FALSE(readQcProject(dir / "flat.qc", flat));
    const Diagnostic* error = flat.find("QC031");
    ASSERT_NE(error, nullptr) << test::diagnosticsText(flat);
    EXPECT_EQ(error->location.line, 3u);
    EXPECT_EQ(error->location.column, 21u);
}

TEST_F(MdlAnimationTest, WorldSpaceBlendOfAnUnknownAnimationIsAnErrorAtItsLine) {
    EXPECT_FALSE(build("$animation a wave\n$sequence s wave worldspaceblend nothing\n"));
    const Diagnostic* error = sink.find("SEQ001");
    ASSERT_NE(error, nullptr) << all();
    EXPECT_EQ(error->location.line, 4u); // after the fixture's two lines
    EXPECT_EQ(error->location.column, 18u);
}

TEST_F(MdlAnimationTest, MatchOnASequenceThatPlaysANamedAnimationWarnsAtTheOption) {
    auto set = build("$animation a wave\n$animation b wave\n$sequence s a match b\n");
    ASSERT_TRUE(set) << all();
    const Diagnostic* warning = sink.find("SEQ011");
    ASSERT_NE(warning, nullptr) << all();
    EXPECT_EQ(warning->location.line, 5u); // after the fixture's two lines
    EXPECT_EQ(warning->location.column, 15u);
}

TEST_F(MdlAnimationTest, FrameRangeOutsideTheFileIsAnErrorAtItsLine) {
    EXPECT_FALSE(build("$animation a wave frames 2 5\n"));
    ASSERT_NE(sink.find("SEQ003"), nullptr) << all();
    EXPECT_EQ(sink.find("SEQ003")->location.line, 3u);
}

TEST_F(MdlAnimationTest, UnknownAnimationNameIsAnError) {
    EXPECT_FALSE(build("$animation a wave subtract nothing 0\n"));
    ASSERT_NE(sink.find("SEQ001"), nullptr) << all();
    EXPECT_EQ(sink.find("SEQ001")->location.line, 3u);
}

TEST_F(MdlAnimationTest, RecordsOnlyForMovingBonesWithTheRightChannels) {
    auto set = build("$sequence still ref\n$sequence wave wave\n");
    ASSERT_TRUE(set) << all();
    const std::vector<MdlBone> mdlBones = bones(*set);
    // The reference pose: only the root moves (the +90 degree turn), and constantly: raw.
    const MdlAnimDesc still = encodeAnimation(set->animations[0], mdlBones);
    ASSERT_EQ(still.bones.size(), 1u);
    EXPECT_EQ(still.bones[0].bone, 0);
    EXPECT_EQ(still.bones[0].flags, kAnimRawRot2);
    const Vec4 turn = unpackQuaternion64(still.bones[0].rawRot64);
    EXPECT_NEAR(turn.z, std::sqrt(0.5), 1e-5);
    EXPECT_NEAR(turn.w, std::sqrt(0.5), 1e-5);
    // The wave: the root's position varies (animated position, and so animated rotation too);
    // the arm's rotation varies about z only; the tip does not move.
    const MdlAnimDesc wave = encodeAnimation(set->animations[1], mdlBones);
    ASSERT_EQ(wave.bones.size(), 2u);
    EXPECT_EQ(wave.bones[0].flags, kAnimAnimPos | kAnimAnimRot);
    EXPECT_EQ(wave.bones[1].flags, kAnimAnimRot | kAnimAnimPos);
    EXPECT_TRUE(wave.bones[1].rotValues[0].empty()); // x never turns: no channel
    EXPECT_FALSE(wave.bones[1].rotValues[2].empty());
    EXPECT_EQ(wave.numframes, 3);
    // Every frame decodes back to the poses within one quantisation step (values are truncated
    // toward zero, as Valve's encoder does), and never past the pose: the step is taken toward
    // the bone's default.
    for (int frame = 0; frame < 3; ++frame) {
        const auto decoded = decodeAnimationFrame(wave, mdlBones, frame);
        for (std::size_t bone = 0; bone < 3; ++bone) {
            const LocalPose& expected =
                set->animations[1].frames[static_cast<std::size_t>(frame)][bone];
            const double step = mdlBones[bone].posscale.z;
            const double fromDefault = expected.position.z() - mdlBones[bone].pos.z;
            const double decodedFromDefault = decoded[bone].position.z - mdlBones[bone].pos.z;
            EXPECT_NEAR(decodedFromDefault, fromDefault, step + 1e-6) << frame << " " << bone;
            EXPECT_LE(std::abs(decodedFromDefault), std::abs(fromDefault) + 1e-6);
            const Eigen::Quaterniond q(decoded[bone].rotation.w, decoded[bone].rotation.x,
                                       decoded[bone].rotation.y, decoded[bone].rotation.z);
            EXPECT_NEAR(std::abs(q.dot(expected.rotation)), 1.0, 1e-6) << frame << " " << bone;
        }
    }
}

TEST_F(MdlAnimationTest, ADeltaRecordCarriesTheDeltaFlagAndZeroDeltasNoRecord) {
    auto set = build("$animation base wave frames 0 0\n"
                     "$animation same wave frames 0 0 subtract base 0\n"
                     "$animation lifted wave frame 1 1 subtract base 0\n");
    ASSERT_TRUE(set) << all();
    const std::vector<MdlBone> mdlBones = bones(*set);
    const MdlAnimDesc same = encodeAnimation(set->animations[1], mdlBones);
    EXPECT_EQ(same.flags, kStudioDelta);
    EXPECT_TRUE(same.bones.empty()); // written as the single "bone 255" record
    const MdlAnimDesc lifted = encodeAnimation(set->animations[2], mdlBones);
    ASSERT_EQ(lifted.bones.size(), 2u);
    EXPECT_EQ(lifted.bones[0].flags, kAnimDelta | kAnimRawPos);
    EXPECT_NEAR(unpackVector48(lifted.bones[0].rawPos).z, 1.0, 1e-3);
    // The arm turned, and its offset from the root shrank with the root's rise.
    EXPECT_EQ(lifted.bones[1].flags, kAnimDelta | kAnimRawRot2 | kAnimRawPos);
    EXPECT_NEAR(unpackVector48(lifted.bones[1].rawPos).z, -1.0, 1e-3);
}

TEST_F(MdlAnimationTest, ScalesCoverTheLargestOffset) {
    auto set = build("$sequence wave wave\n");
    ASSERT_TRUE(set) << all();
    const std::vector<BoneScales> scales = animationScales(*set, skeleton);
    // The arm turns by pi/2 about z: more than the pi/8 floor.
    EXPECT_NEAR(scales[1].rotscale.z * 32767.0, std::numbers::pi / 2, 1e-5);
    EXPECT_NEAR(scales[1].rotscale.x * 32767.0, std::numbers::pi / 8, 1e-5);
    EXPECT_NEAR(scales[0].posscale.x * 32767.0, 128.0, 1e-4);
}

TEST_F(MdlAnimationTest, StaticPropAnimationsAreTheSingleBonesRest) {
    test::writeText(dir / "ref.smd", kReference);
    test::writeText(dir / "wave.smd", kWave);
    test::writeText(dir / "m.qc",
                    "$modelname m.mdl\n$staticprop\n$body b ref\n$sequence idle wave\n");
    auto project = readQcProject(dir / "m.qc", sink);
    ASSERT_TRUE(project);
    skeleton = buildSkeleton(BoneTable::staticProp());
    auto set = buildAnimations(*project, skeleton, true, sink);
    ASSERT_TRUE(set) << all();
    EXPECT_EQ(set->animations[0].frameCount(), 3);
    EXPECT_TRUE(encodeAnimation(set->animations[0], bones(*set)).bones.empty());
}

} // namespace
} // namespace vtxc
