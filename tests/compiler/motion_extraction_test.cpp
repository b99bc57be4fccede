// The motion options of $sequence and $animation on small SMDs written to a temporary folder:
// walkframe pieces and bare motion words become movements and come off the root's frames;
// rotate, rotateto, alignto and startloop move the whole animation; a sequence that plays an
// animation by name changes it; every bad argument is reported with its code and line.
#include "compiler/animation/animation_encoding.h"
#include "compiler/animation/animation_sources.h"
#include "compiler/animation/motion_extraction.h"
#include "compiler/sequences/sequence_bounds.h"
#include "testing/diagnostic_text.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <vector>

namespace vtxc {
namespace {

// root at z 10 with an arm 4 units along x.
const char* kReference = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\n"
                         "skeleton\ntime 0\n0 0 0 10 0 0 0\n1 4 0 0 0 0 0\nend\n"
                         "triangles\nmat\n0 0 0 0 0 0 1 0 0\n1 4 0 0 0 0 1 1 0\n"
                         "1 4 1 0 0 0 1 1 1\nend\n";

// Five frames: the root starts at (1, 0, 10) and walks 2 units along the file's x and 1 along
// its y per frame, bobbing up and down by 0.5. In model space (turned +90 about Z, x -> y,
// y -> -x) that is -1 in x and +2 in y per frame.
std::string walkFile() {
    std::string text = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n";
    for (int f = 0; f < 5; ++f) {
        const double bob = f % 2 ? 0.5 : 0.0;
        text += "time " + std::to_string(f) + "\n0 " + std::to_string(1 + 2 * f) + " " +
                std::to_string(f) + " " + std::to_string(10 + bob) + " 0 0 0\n1 4 0 0 0 0 0\n";
    }
    return text + "end\n";
}

// Five frames standing at (0, 0, 10) and turning 0.1 radians about Z per frame.
std::string turnFile() {
    std::string text = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n";
    for (int f = 0; f < 5; ++f)
        text += "time " + std::to_string(f) + "\n0 0 0 10 0 0 " + std::to_string(0.1 * f) +
                "\n1 4 0 0 0 0 0\n";
    return text + "end\n";
}

// Nine frames standing at (0, 0, 10) and spinning 67 degrees about Z per frame: 536 degrees in
// all, a turn and a half.
std::string spinFile() {
    std::string text = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n";
    for (int f = 0; f < 9; ++f)
        text += "time " + std::to_string(f) + "\n0 0 0 10 0 0 " +
                std::to_string(67.0 * f * std::numbers::pi / 180.0) + "\n1 4 0 0 0 0 0\n";
    return text + "end\n";
}

// Five frames: the arm reaches 0.5 further in frame 0 only and turns 0.2 radians about Z per
// frame; the root stays (the shape of the hl2mp runs' hands).
std::string reachFile() {
    std::string text = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n";
    for (int f = 0; f < 5; ++f)
        text += "time " + std::to_string(f) + "\n0 0 0 10 0 0 0\n1 " + (f == 0 ? "4.5" : "4") +
                " 0 0 0 0 " + std::to_string(0.2 * f) + "\n";
    return text + "end\n";
}

// Five frames: the arm turns 0.2 radians about Z per frame, the root stays.
std::string waveFile() {
    std::string text = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n";
    for (int f = 0; f < 5; ++f)
        text += "time " + std::to_string(f) + "\n0 0 0 10 0 0 0\n1 4 0 0 0 0 " +
                std::to_string(0.2 * f) + "\n";
    return text + "end\n";
}

// Frames of a root that goes along the file's x by the given distances, at height 10.
std::string alongXFile(const std::vector<double>& distances) {
    std::string text = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n";
    for (std::size_t f = 0; f < distances.size(); ++f)
        text += "time " + std::to_string(f) + "\n0 " + std::to_string(distances[f]) +
                " 0 10 0 0 0\n1 4 0 0 0 0 0\n";
    return text + "end\n";
}

// Five frames of a root 4 units from the origin that turns 0.3 radians about Z per frame about
// the origin (as a whole model turning in place would), drifting 1.5 along the file's y a frame.
std::string orbitFile() {
    std::string text = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n";
    for (int f = 0; f < 5; ++f) {
        const double angle = 0.3 * f;
        text += "time " + std::to_string(f) + "\n0 " + std::to_string(4 * std::cos(angle)) + " " +
                std::to_string(4 * std::sin(angle) + 1.5 * f) + " 10 0 0 " + std::to_string(angle) +
                "\n1 4 0 0 0 0 0\n";
    }
    return text + "end\n";
}

class MotionExtractionTest : public ::testing::Test {
  protected:
    std::optional<AnimationSet> build(const std::string& qcBody) {
        test::writeText(dir / "ref.smd", kReference);
        test::writeText(dir / "walk.smd", walkFile());
        test::writeText(dir / "turn.smd", turnFile());
        test::writeText(dir / "wave.smd", waveFile());
        test::writeText(dir / "speeding.smd", alongXFile({0, 2, 4, 8, 10}));
        test::writeText(dir / "nearlyeven.smd", alongXFile({0, 2, 5.4, 8, 10}));
        test::writeText(dir / "stopping.smd", alongXFile({0, 4, 9, 10, 10}));
        test::writeText(dir / "odd.smd", alongXFile({0, 1, 5, 10, 10}));
        test::writeText(dir / "orbit.smd", orbitFile());
        test::writeText(dir / "spin.smd", spinFile());
        test::writeText(dir / "reach.smd", reachFile());
        std::vector<double> run;
        for (int f = 0; f < 19; ++f)
            run.push_back(7.0 * f);
        test::writeText(dir / "run.smd", alongXFile(run));
        test::writeText(dir / "m.qc", "$modelname m.mdl\n$body b ref\n" + qcBody);
        qc = readQcProject(dir / "m.qc", sink);
        if (!qc) return std::nullopt;
        auto smd = readSmdFile(dir / "ref.smd", sink);
        skeleton = buildSkeleton(BoneTable::fromReferences({&*smd}, sink));
        return buildAnimations(*qc, skeleton, false, sink);
    }

    const AnimationFrames& animation(const AnimationSet& set, const std::string& name) {
        const auto index = set.find(name);
        EXPECT_TRUE(index) << name;
        return set.animations.at(static_cast<std::size_t>(index.value_or(0)));
    }

    // The diagnostic with this code, checked to point at `line` of m.qc.
    void expectAt(const std::string& code, std::uint32_t line) {
        const Diagnostic* found = sink.find(code);
        ASSERT_NE(found, nullptr) << "no " << code << "; got:\n" << test::diagnosticsText(sink);
        EXPECT_EQ(std::filesystem::path(found->location.file).filename(), "m.qc")
            << formatDiagnostic(*found);
        EXPECT_EQ(found->location.line, line) << formatDiagnostic(*found);
    }

    static Eigen::Vector3d root(const AnimationFrames& animation, int frame) {
        return animation.frames.at(static_cast<std::size_t>(frame)).at(0).position;
    }

    static void expectNear(const Eigen::Vector3d& actual, const Eigen::Vector3d& expected) {
        EXPECT_NEAR((actual - expected).norm(), 0.0, 1e-6)
            << "got (" << actual.transpose() << "), expected (" << expected.transpose() << ")";
    }

    // The speeds of the one piece of `name`.
    void expectSpeeds(const AnimationSet& set, const std::string& name, double v0, double v1) {
        const AnimationFrames& moving = animation(set, name);
        ASSERT_EQ(moving.movements.size(), 1u) << name;
        EXPECT_NEAR(moving.movements[0].v0, v0, 1e-4) << name;
        EXPECT_NEAR(moving.movements[0].v1, v1, 1e-4) << name;
    }

    static void expectNear(const Vec3& actual, const Eigen::Vector3d& expected) {
        expectNear(toEigen(actual), expected);
    }

    test::TempDir dir;
    CollectingSink sink;
    std::optional<QcProject> qc;
    Skeleton skeleton;
};

TEST_F(MotionExtractionTest, BareMotionWordsTakeTheWholeMotionOffTheRoot) {
    auto set = build("$sequence walk walk loop LX LY\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& walk = animation(*set, "@walk");
    ASSERT_EQ(walk.movements.size(), 1u);
    const MdlMovement& movement = walk.movements[0];
    EXPECT_EQ(movement.endframe, 4);
    EXPECT_EQ(movement.motionflags, kStudioMotionLX | kStudioMotionLY);
    const Eigen::Vector3d change(-4, 8, 0);
    expectNear(movement.position, change);
    expectNear(movement.vector, change.normalized());
    EXPECT_NEAR(movement.v0, change.norm(), 1e-5);
    EXPECT_NEAR(movement.v1, change.norm(), 1e-5);
    EXPECT_EQ(movement.angle, 0.0f);
    // The root stays where it starts in x and y; its height keeps bobbing.
    for (int f = 0; f < 5; ++f)
        expectNear(root(walk, f), Eigen::Vector3d(0, 1, f % 2 ? 10.5 : 10.0));
}

// A non-looping animation's bare motion words end their record 0.3 seconds early (9 frames at 30
// fps), as in Valve's hl2mp `_mod` layers (RunN, 19 frames: the record ends at frame 9), while the
// frames and the record's speeds and position keep the whole motion.
TEST_F(MotionExtractionTest, ANonLoopingAnimationsBareWordsEndTheirRecordEarly) {
    auto set = build("$sequence run run LX LY\n"
                     "$sequence slow run fps 10 LX\n"
                     "$sequence looped run loop LX\n"
                     "$sequence walked run walkframe 18 LX\n"
                     "$sequence short walk LX LY\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& run = animation(*set, "@run");
    ASSERT_EQ(run.movements.size(), 1u);
    EXPECT_EQ(run.movements[0].endframe, 9);
    EXPECT_EQ(run.movementRollback, 9);
    // The file goes 7 units a frame along its x: -y in model space, 126 units in all.
    expectNear(run.movements[0].position, Eigen::Vector3d(0, 126, 0));
    EXPECT_NEAR(run.movements[0].v0, 126.0, 1e-4);
    EXPECT_NEAR(run.movements[0].v1, 126.0, 1e-4);
    for (int f = 0; f < 19; ++f)
        expectNear(root(run, f), Eigen::Vector3d(0, 0, 10));
    // 0.3 seconds at 10 fps are 3 frames.
    EXPECT_EQ(animation(*set, "@slow").movements.at(0).endframe, 15);
    // A loop, and a piece a walkframe ends, keep the whole length.
    EXPECT_EQ(animation(*set, "@looped").movements.at(0).endframe, 18);
    EXPECT_EQ(animation(*set, "@walked").movements.at(0).endframe, 18);
    EXPECT_EQ(animation(*set, "@walked").movementRollback, 0);
    // A piece shorter than the rollback keeps at least its first step.
    EXPECT_EQ(animation(*set, "@short").movements.at(0).endframe, 1);
}

// `$motionrollback SECONDS` sets the rollback of the animations defined after it, and an
// animation's own `motionrollback SECONDS` (from `$continue` too) wins; 0 ends the record with
// its piece. A negative time is QC031 at the option.
TEST_F(MotionExtractionTest, MotionRollbackSetsHowEarlyTheRecordEnds) {
    auto set = build("$sequence before run LX\n"
                     "$motionrollback 0.1\n"
                     "$sequence after run LX\n"
                     "$sequence own run LX motionrollback 0.5\n"
                     "$sequence none run LX\n"
                     "$continue none motionrollback 0\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    EXPECT_EQ(animation(*set, "@before").movements.at(0).endframe, 9);
    EXPECT_EQ(animation(*set, "@after").movements.at(0).endframe, 15); // 3 frames at 30 fps
    EXPECT_EQ(animation(*set, "@own").movements.at(0).endframe, 3);    // 15 frames
    EXPECT_EQ(animation(*set, "@none").movements.at(0).endframe, 18);
    EXPECT_EQ(animation(*set, "@none").movementRollback, 0);
    EXPECT_EQ(sink.find("QC061"), nullptr) << test::diagnosticsText(sink);
    EXPECT_EQ(sink.find("QC062"), nullptr) << test::diagnosticsText(sink);
    EXPECT_FALSE(build("$sequence bad run LX motionrollback -1\n"));
    const Diagnostic* error = sink.find("QC031");
    ASSERT_NE(error, nullptr) << test::diagnosticsText(sink);
    EXPECT_EQ(error->location.line, 3u);
    EXPECT_EQ(error->location.column, 22u);
}

// The box of such an animation is measured where its records place the frames: at frame 9 the
// record has gone the whole 126 units and the root half of them, so the box reaches 63 units
// behind the model, as Valve's `_mod` boxes do (74.7 units where the frames alone reach 30.8).
TEST_F(MotionExtractionTest, AnEarlyEndingRecordsBoxIsMeasuredWhereTheRecordPlacesTheFrames) {
    auto set = build("$sequence run run LX LY\n$sequence looped run loop LX LY\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    std::vector<MdlBone> bones(skeleton.size());
    for (std::size_t bone = 0; bone < bones.size(); ++bone)
        bones[bone].parent = skeleton.parents[bone];
    SkinnedModel bonesOnly; // the box of the bone origins
    const BoundingBox early = animationBounds(bonesOnly, bones, animation(*set, "@run"), {}, {});
    const BoundingBox whole = animationBounds(bonesOnly, bones, animation(*set, "@looped"), {}, {});
    EXPECT_NEAR(early.min.y(), -63.0, 1e-4);
    EXPECT_NEAR(early.max.y(), whole.max.y(), 1e-6);
    EXPECT_NEAR(whole.min.y(), whole.max.y() - 4.0, 1e-6) << "the arm's 4 units only";
}

TEST_F(MotionExtractionTest, WalkframePiecesFollowEachOtherAndCumulate) {
    auto set = build("$sequence walk walk walkframe 2 LY walkframe 4 LX\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& walk = animation(*set, "@walk");
    ASSERT_EQ(walk.movements.size(), 2u);
    EXPECT_EQ(walk.movements[0].endframe, 2);
    EXPECT_EQ(walk.movements[0].motionflags, kStudioMotionLY);
    expectNear(walk.movements[0].position, Eigen::Vector3d(0, 4, 0));
    EXPECT_EQ(walk.movements[1].endframe, 4);
    EXPECT_EQ(walk.movements[1].motionflags, kStudioMotionLX);
    // Cumulated: the second piece's x on top of the first piece's y.
    expectNear(walk.movements[1].position, Eigen::Vector3d(-2, 4, 0));
    expectNear(walk.movements[1].vector, Eigen::Vector3d(-1, 0, 0));
    EXPECT_NEAR(walk.movements[1].v0, 2.0, 1e-6);
    // Frame 1: half the first piece's y is off; frame 4: y of the second piece stays on.
    expectNear(root(walk, 1), Eigen::Vector3d(-1, 1, 10.5));
    expectNear(root(walk, 4), Eigen::Vector3d(-2, 5, 10));
}

TEST_F(MotionExtractionTest, FramesAfterTheLastPieceLoseItsWholeMotion) {
    auto set = build("$sequence walk walk walkframe 2 LX LY\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& walk = animation(*set, "@walk");
    ASSERT_EQ(walk.movements.size(), 1u);
    expectNear(root(walk, 2), Eigen::Vector3d(0, 1, 10));
    expectNear(root(walk, 4), Eigen::Vector3d(-2, 5, 10));
}

TEST_F(MotionExtractionTest, AWalkframePastTheLastFrameEndsAtIt) {
    auto set = build("$sequence walk walk walkframe 9 LZ\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& walk = animation(*set, "@walk");
    ASSERT_EQ(walk.movements.size(), 1u);
    EXPECT_EQ(walk.movements[0].endframe, 4);
    // No height change from frame 0 to 4: a movement of nothing, with a zero vector.
    expectNear(walk.movements[0].vector, Eigen::Vector3d::Zero());
    EXPECT_EQ(walk.movements[0].v0, 0.0f);
}

TEST_F(MotionExtractionTest, LzrTakesTheTurnOffAndRecordsItsAngle) {
    auto set = build("$sequence turn turn walkframe 4 LZR\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& turn = animation(*set, "@turn");
    ASSERT_EQ(turn.movements.size(), 1u);
    EXPECT_EQ(turn.movements[0].motionflags, kStudioMotionLZR);
    EXPECT_NEAR(turn.movements[0].angle, 0.4 * 180.0 / std::numbers::pi, 1e-4);
    for (int f = 1; f < 5; ++f)
        EXPECT_NEAR(turn.frames[static_cast<std::size_t>(f)][0].rotation.angularDistance(
                        turn.frames[0][0].rotation),
                    0.0, 1e-6)
            << "frame " << f;
}

// The turn comes off as the root's quaternions followed frame by frame say: a 536-degree spin
// is -184 degrees (one more turn the other way), as Valve's police Rappel_a_noturn_layer shows;
// the record keeps the wrapped 176.
TEST_F(MotionExtractionTest, ASpinPastOneTurnComesOffTheWayItsQuaternionsFollow) {
    auto set = build("$sequence spin spin walkframe 8 LZR\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& spin = animation(*set, "@spin");
    ASSERT_EQ(spin.movements.size(), 1u);
    EXPECT_NEAR(spin.movements[0].angle, 176.0, 1e-3);
    // Frame 4 has spun 268 degrees and gets 92 more (half of 184 the other way): it faces as
    // frame 0 does. Taken the short way (88 off) it would face the other way.
    const double degree = std::numbers::pi / 180.0;
    EXPECT_NEAR(spin.frames[4][0].rotation.angularDistance(spin.frames[0][0].rotation), 0.0, 1e-6);
    EXPECT_NEAR(spin.frames[1][0].rotation.angularDistance(spin.frames[0][0].rotation),
                (67.0 + 23.0) * degree, 1e-6);
    EXPECT_NEAR(spin.frames[8][0].rotation.angularDistance(spin.frames[0][0].rotation), 0.0, 1e-6);
}

// The engine moves along a piece by d(t) = v0 t + (v1 - v0) t^2 / 2. studiomdl's v0 comes from
// the distance gone at the piece's middle, v0 = 4 d(1/2) - L (docs/mdl-compile.md).
TEST_F(MotionExtractionTest, APieceWhoseMiddleIsFarFromHalfwayAcceleratesAndFramesFollowTheCurve) {
    auto set = build("$sequence speeding speeding LX LY\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& speeding = animation(*set, "@speeding");
    ASSERT_EQ(speeding.movements.size(), 1u);
    // L = 10, d(1/2) = 4: v0 = 6, v1 = 14.
    EXPECT_NEAR(speeding.movements[0].v0, 6.0, 1e-5);
    EXPECT_NEAR(speeding.movements[0].v1, 14.0, 1e-5);
    // d(1/4) = 1.5 + 0.25, d(3/4) = 4.5 + 2.25: what is left on the root is the file's distance
    // less the curve's.
    const std::vector<double> left{0, 2 - 1.75, 0, 8 - 6.75, 0};
    for (int f = 0; f < 5; ++f)
        EXPECT_NEAR((root(speeding, f) - root(speeding, 0)).norm(),
                    left[static_cast<std::size_t>(f)], 1e-5)
            << "frame " << f;
}

TEST_F(MotionExtractionTest, APieceWhoseMiddleIsWithinTenPercentOfHalfwayStaysLinear) {
    auto set = build("$sequence nearlyeven nearlyeven LX LY\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    // d(1/2) = 5.4 of 10 would give v0 = 11.6, within a fifth of L.
    expectSpeeds(*set, "@nearlyeven", 10.0, 10.0);
    const AnimationFrames& even = animation(*set, "@nearlyeven");
    EXPECT_NEAR((root(even, 2) - root(even, 0)).norm(), 0.4, 1e-5);
}

TEST_F(MotionExtractionTest, ASpeedThatWouldBeNegativeIsZeroAndAnOddPieceMeasuresBetweenFrames) {
    auto set = build("$sequence stopping stopping LX LY\n$sequence odd odd walkframe 3 LX LY\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    // d(1/2) = 9 of 10: v0 = 26 would leave v1 = -6.
    expectSpeeds(*set, "@stopping", 20.0, 0.0);
    // Three frames: the middle is the mean of frames 1 and 2, at 1 and 5: d(1/2) = 3 of 10.
    expectSpeeds(*set, "@odd", 2.0, 18.0);
}

TEST_F(MotionExtractionTest, ATurningPieceTurnsAboutTheOriginSoOnlyTheDriftIsMovement) {
    auto set = build("$sequence orbit orbit LX LY LZR\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& orbit = animation(*set, "@orbit");
    ASSERT_EQ(orbit.movements.size(), 1u);
    EXPECT_NEAR(orbit.movements[0].angle, 1.2 * 180.0 / std::numbers::pi, 1e-4);
    // The drift of 6 along the file's y is -6 along the model's x (turned +90 about Z); the
    // circling about the origin is the turn's own doing.
    expectNear(orbit.movements[0].position, Eigen::Vector3d(-6, 0, 0));
    // The last frame's root is back at its first place and heading.
    expectNear(root(orbit, 4), root(orbit, 0));
    EXPECT_NEAR(orbit.frames[4][0].rotation.angularDistance(orbit.frames[0][0].rotation), 0.0,
                1e-6);
    // As in Valve's rappels, the middle is measured against the whole turn too: frame 2's root at
    // 4 (cos 0.6, sin 0.6) + (0, 3) less 4 (cos 1.2, sin 1.2) in the file's frame.
    const double gone = std::hypot(4 * std::cos(0.6) - 4 * std::cos(1.2),
                                   4 * std::sin(0.6) + 3 - 4 * std::sin(1.2));
    EXPECT_NEAR(orbit.movements[0].v0, 4 * gone - 6, 1e-4);
    EXPECT_NEAR(orbit.movements[0].v1, 12 - (4 * gone - 6), 1e-4);
}

TEST_F(MotionExtractionTest, RotateTurnsTheRootAboutTheOrigin) {
    auto set = build("$sequence walk walk rotate 90\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& walk = animation(*set, "@walk");
    EXPECT_TRUE(walk.movements.empty());
    // (0, 1) turned 90 degrees is (-1, 0); (-4, 9) is (-9, -4).
    expectNear(root(walk, 0), Eigen::Vector3d(-1, 0, 10));
    expectNear(root(walk, 4), Eigen::Vector3d(-9, -4, 10));
}

TEST_F(MotionExtractionTest, RotatetoHeadsTheMotionThatWay) {
    auto set = build("$sequence walk walk LX LY rotateto 180\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& walk = animation(*set, "@walk");
    ASSERT_EQ(walk.movements.size(), 1u);
    expectNear(walk.movements[0].position, Eigen::Vector3d(-std::sqrt(80.0), 0, 0));
    expectNear(walk.movements[0].vector, Eigen::Vector3d(-1, 0, 0));
}

TEST_F(MotionExtractionTest, AligntoReferenceMovesTheFirstFrameOntoTheBindPose) {
    auto set = build("$sequence walk walk alignto reference\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& walk = animation(*set, "@walk");
    // The reference root is at (0, 0, 10): x and y move there, the height is kept.
    expectNear(root(walk, 0), Eigen::Vector3d(0, 0, 10));
    expectNear(root(walk, 1), Eigen::Vector3d(-1, 2, 10.5));
}

TEST_F(MotionExtractionTest, AligntoAnAnimationMovesOntoItsFirstFrame) {
    auto set = build("$animation t turn\n$sequence walk walk alignto t\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    expectNear(root(animation(*set, "@walk"), 0), Eigen::Vector3d(0, 0, 10));
}

// `align OTHER MOTION... ITS_FRAME FRAME`, as police `Rappel_a` (`align Rappel_a_layer LX LY LZ
// 139 0`): OTHER is a sequence's name here, as it is there.
TEST_F(MotionExtractionTest, AlignMovesTheRootAtTheFrameOntoTheOthersRootAtItsFrame) {
    auto set = build("$sequence walking walk\n$sequence wave wave align walking LX LY 4 0\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    // walk's root at frame 4: the file's (9, 4, 10), in model space (-4, 9, 10). Only x and y
    // move; every frame of wave moves alike.
    for (int f = 0; f < 5; ++f)
        expectNear(root(animation(*set, "@wave"), f), Eigen::Vector3d(-4, 9, 10));
}

TEST_F(MotionExtractionTest, AlignOnlyMovesTheNamedComponents) {
    auto set = build("$sequence walking walk\n$sequence wave wave align walking LY 3 2\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    // walk's root at frame 3: the file's (7, 3, 10.5), in model space (-3, 7, 10.5).
    expectNear(root(animation(*set, "@wave"), 2), Eigen::Vector3d(0, 7, 10));
}

TEST_F(MotionExtractionTest, AlignToAnUnknownAnimationIsReportedAtItsLine) {
    EXPECT_FALSE(build("$sequence wave wave {\n align nowhere LX 0 0\n}\n"));
    expectAt("SEQ001", 4);
}

TEST_F(MotionExtractionTest, AlignPastTheOthersLastFrameIsReportedAtItsLine) {
    EXPECT_FALSE(
        build("$sequence walking walk\n$sequence wave wave {\n align walking LX 5 0\n}\n"));
    expectAt("SEQ003", 5);
}

TEST_F(MotionExtractionTest, AlignWithoutItsFramesIsReportedAtItsLine) {
    build("$sequence walking walk\n$sequence wave wave align walking LX\n");
    expectAt("QC030", 4);
}

TEST_F(MotionExtractionTest, AlignWithATurnWarnsThatTheTurnIsIgnored) {
    auto set = build("$sequence walking walk\n$sequence wave wave align walking LX LZR 0 0\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    expectAt("QC062", 4);
}

TEST_F(MotionExtractionTest, StartloopStartsTheLoopThereCarriedByItsMotion) {
    auto set = build("$sequence walk walk loop startloop 1\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& walk = animation(*set, "@walk");
    ASSERT_EQ(walk.frameCount(), 5);
    expectNear(root(walk, 0), Eigen::Vector3d(-1, 3, 10.5));
    // Frame 3 is the old frame 4 (0 once around the loop); frame 4, the old frame 1 one loop
    // on, is the loop's end: with no motion taken out, the first frame's pose.
    expectNear(root(walk, 3), Eigen::Vector3d(-4, 9, 10));
    expectNear(root(walk, 4), root(walk, 0));
}

TEST_F(MotionExtractionTest, ASequenceChangesTheAnimationItPlaysByName) {
    auto set = build("$animation a walk\n$sequence s a frame 0 2 numframes 4 walkframe 2 LX LY\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& a = animation(*set, "a");
    ASSERT_EQ(a.frameCount(), 4); // frames 0 to 2, the last one repeated
    ASSERT_EQ(a.movements.size(), 1u);
    EXPECT_EQ(a.movements[0].endframe, 2);
    expectNear(a.movements[0].position, Eigen::Vector3d(-2, 4, 0));
}

TEST_F(MotionExtractionTest, ACopyOfAnAnimationStartsFromItsFramesBeforeTheMotion) {
    auto set = build("$animation a walk alignto reference LX LY\n$animation b a frame 1 1\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& b = animation(*set, "b");
    ASSERT_EQ(b.frameCount(), 1);
    EXPECT_TRUE(b.movements.empty());
    expectNear(root(b, 0), Eigen::Vector3d(-1, 3, 10.5));
}

TEST_F(MotionExtractionTest, MovementsAreWrittenIntoTheAnimationRecord) {
    auto set = build("$sequence walk walk LX LY\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const auto bones = mdlBones(skeleton, std::vector<std::int32_t>(skeleton.size(), 0),
                                animationScales(*set, skeleton), "default", 1);
    const MdlAnimDesc desc = encodeAnimation(animation(*set, "@walk"), bones);
    ASSERT_EQ(desc.movements.size(), 1u);
    EXPECT_EQ(desc.movements[0], animation(*set, "@walk").movements[0]);
}

// Valve's police shotgunidle3 (a loop, no motion taken out) ends with its pelvis on the first
// frame's, 0.18 units from the file's last; a loop whose motion is taken out keeps its root's
// last frame (the extraction has brought it back).
TEST_F(MotionExtractionTest, ALoopEndsOnItsFirstPoseRootIncludedUnlessItsMotionIsTakenOut) {
    auto set = build("$sequence wave wave loop\n$sequence once wave\n"
                     "$sequence walk walk loop\n$sequence moving walk loop LX\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& wave = animation(*set, "@wave");
    EXPECT_NEAR(wave.frames[4][1].rotation.angularDistance(wave.frames[0][1].rotation), 0.0, 1e-9);
    EXPECT_NEAR(wave.frames[3][1].rotation.angularDistance(wave.frames[0][1].rotation), 0.6, 1e-6);
    // Without `loop` the file's last frame stays.
    const AnimationFrames& once = animation(*set, "@once");
    EXPECT_NEAR(once.frames[4][1].rotation.angularDistance(once.frames[0][1].rotation), 0.8, 1e-6);
    expectNear(root(animation(*set, "@walk"), 4), root(animation(*set, "@walk"), 0));
    // LX takes the file's y (the model's x) off; the rest of the walk stays on the root's last
    // frame: model y 9 where the first frame has 1.
    expectNear(root(animation(*set, "@moving"), 4), Eigen::Vector3d(0, 9, 10));
}

// Valve's looping a_RunS ends with its hands turned as in frame 0 but placed as in the file's
// last frame (y 0, where frame 0 has -0.014): below the root, a loop's last frame takes the
// first frame's rotations only.
TEST_F(MotionExtractionTest, BelowTheRootALoopsLastFrameKeepsItsOwnPositions) {
    auto set = build("$sequence reach reach loop\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    const AnimationFrames& reach = animation(*set, "@reach");
    EXPECT_NEAR(reach.frames[4][1].rotation.angularDistance(reach.frames[0][1].rotation), 0.0,
                1e-9);
    expectNear(reach.frames[4][1].position, Eigen::Vector3d(4, 0, 0));
    expectNear(reach.frames[0][1].position, Eigen::Vector3d(4.5, 0, 0));
}

// ---- bad input: code and line ------------------------------------------------------------------

TEST_F(MotionExtractionTest, WalkframeWithoutAFrameIsReportedAtItsLine) {
    build("$sequence walk walk\n$sequence w2 walk walkframe\n");
    expectAt("QC030", 4);
}

TEST_F(MotionExtractionTest, WalkframeWithAWordForAFrameIsReportedAtItsLine) {
    build("$sequence walk walk\n$sequence w2 walk {\n walkframe many LX\n}\n");
    expectAt("QC031", 5);
}

TEST_F(MotionExtractionTest, ANegativeWalkframeIsReportedAtItsLine) {
    build("$sequence walk walk walkframe -1 LX\n");
    expectAt("QC031", 3);
}

TEST_F(MotionExtractionTest, WalkframeWithoutAMotionTypeIsAWarningAtItsLine) {
    auto set = build("$sequence walk walk walkframe 3\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    expectAt("QC062", 3);
    EXPECT_TRUE(animation(*set, "@walk").movements.empty());
}

TEST_F(MotionExtractionTest, AMotionTypeVtxcDoesNotExtractIsAWarningAtItsLine) {
    auto set = build("$sequence walk walk {\n walkframe 3 LX\n LXR\n}\n");
    ASSERT_TRUE(set) << test::diagnosticsText(sink);
    expectAt("QC062", 5);
    ASSERT_EQ(animation(*set, "@walk").movements.size(), 1u);
    EXPECT_EQ(animation(*set, "@walk").movements[0].motionflags, kStudioMotionLX);
}

TEST_F(MotionExtractionTest, RotateWithoutAnAngleIsReportedAtItsLine) {
    build("$sequence walk walk {\n rotate left\n}\n");
    expectAt("QC031", 4);
}

TEST_F(MotionExtractionTest, RotatetoWithoutAnAngleIsReportedAtItsLine) {
    build("$sequence walk walk rotateto\n");
    expectAt("QC030", 3);
}

TEST_F(MotionExtractionTest, AligntoWithoutANameIsReportedAtItsLine) {
    build("$sequence walk walk alignto\n");
    expectAt("QC030", 3);
}

TEST_F(MotionExtractionTest, AligntoAnUnknownAnimationIsReportedAtItsLine) {
    EXPECT_FALSE(build("$sequence walk walk {\n alignto nowhere\n}\n"));
    expectAt("SEQ001", 4);
}

TEST_F(MotionExtractionTest, ANegativeStartloopIsReportedAtItsLine) {
    build("$sequence walk walk startloop -2\n");
    expectAt("QC031", 3);
}

TEST_F(MotionExtractionTest, AStartloopPastTheLastFrameIsReportedAtItsLine) {
    EXPECT_FALSE(build("$sequence walk walk {\n loop\n startloop 9\n}\n"));
    expectAt("SEQ003", 5);
}

TEST_F(MotionExtractionTest, AWalkframeBeforeThePreviousPieceIsReportedAtItsLine) {
    EXPECT_FALSE(build("$sequence walk walk {\n walkframe 3 LX\n walkframe 2 LY\n}\n"));
    expectAt("SEQ003", 5);
}

} // namespace
} // namespace vtxc
