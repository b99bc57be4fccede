// Tests of animation processing: SMD angle composition, the unchanged round trip, frame ranges,
// motion extraction (linear and piecewise linear), adjustment, smooth loop, and each error by line.
#include "anim/animation_processing.h"
#include "testing/test_support.h"

#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <numbers>

namespace vtxc {
namespace {

constexpr double kPi = std::numbers::pi;

// A two-bone animation (root, then "leg" under it) of `frames` frames; `root(f)` poses the root.
SmdFile animationOf(int frames, const std::function<SmdBonePose(int)>& root) {
    SmdFile file;
    file.fileName = "source.smd";
    file.nodes = {{0, "root", -1, 3}, {1, "leg", 0, 4}};
    for (int f = 0; f < frames; ++f) {
        SmdFrame frame;
        frame.time = f;
        SmdBonePose pose = root(f);
        pose.bone = 0;
        frame.bones.push_back(pose);
        frame.bones.push_back({1, {0.0f, 0.0f, -10.0f}, {0.1f * float(f), 0.0f, 0.0f}});
        file.frames.push_back(std::move(frame));
    }
    return file;
}

SmdBonePose at(float x, float y, float z, float rx = 0, float ry = 0, float rz = 0) {
    return {0, {x, y, z}, {rx, ry, rz}};
}

AnimationDefinition definition(int start, int end) {
    AnimationDefinition animation;
    animation.name = "test";
    animation.location = {"m.vmdl", 10, 5};
    animation.filepathLocation = {"m.vmdl", 11, 25};
    animation.startFrame = start;
    animation.endFrame = end;
    animation.endFrameGiven = true;
    animation.startFrameLocation = {"m.vmdl", 12, 25};
    animation.endFrameLocation = {"m.vmdl", 13, 25};
    animation.loop.smoothLoopStartLocation = {"m.vmdl", 14, 25};
    animation.loop.smoothLoopEndLocation = {"m.vmdl", 15, 25};
    animation.loop.loopRestartLocation = {"m.vmdl", 16, 25};
    return animation;
}

MotionFrame motionFrame(int frame, std::initializer_list<int> extract,
                        std::initializer_list<int> discard = {}, std::uint32_t line = 20) {
    MotionFrame motion;
    motion.frame = frame;
    for (int axis : extract)
        motion.extract[axis] = true;
    for (int axis : discard)
        motion.discard[axis] = true;
    motion.location = {"m.vmdl", line, 9};
    return motion;
}

const SmdBonePose& rootOf(const ProcessedAnimation& animation, int frame) {
    return animation.smd.frames.at(static_cast<std::size_t>(frame)).bones.at(0);
}

void expectError(const AnimationDefinition& animation, const SmdFile& source,
                 const std::string& code, std::uint32_t line) {
    CollectingSink sink;
    EXPECT_FALSE(processAnimation(animation, source, sink).has_value());
    const Diagnostic* error = sink.find(code);
    ASSERT_NE(error, nullptr) << "no " << code;
    EXPECT_EQ(error->severity, Severity::Error);
    EXPECT_EQ(error->location.file, "m.vmdl");
    EXPECT_EQ(error->location.line, line) << formatDiagnostic(*error);
}

TEST(SmdAngles, ComposeXThenYThenZ) {
    // R = Rz * Ry * Rx: x is applied first. Each case below tells the orders apart.
    const Eigen::Vector3d y =
        rotationFromSmdAngles({kPi / 2, 0, kPi / 2}) * Eigen::Vector3d::UnitY();
    EXPECT_TRUE(y.isApprox(Eigen::Vector3d::UnitZ(), 1e-12)) << y.transpose();
    const Eigen::Vector3d x =
        rotationFromSmdAngles({0, kPi / 2, kPi / 2}) * Eigen::Vector3d::UnitX();
    EXPECT_TRUE(x.isApprox(-Eigen::Vector3d::UnitZ(), 1e-12)) << x.transpose();
    const Eigen::Vector3d z =
        rotationFromSmdAngles({kPi / 2, kPi / 2, 0}) * Eigen::Vector3d::UnitZ();
    EXPECT_TRUE(z.isApprox(-Eigen::Vector3d::UnitY(), 1e-12)) << z.transpose(); // Ry first: +x
    // The SMD worked example: a bone turned 1.570796 about z maps x onto y.
    const Eigen::Vector3d turned =
        rotationFromSmdAngles({0, 0, 1.570796}) * Eigen::Vector3d::UnitX();
    EXPECT_NEAR(turned.y(), 1.0, 1e-6);
}

TEST(SmdAngles, AnglesSurviveTheRoundTrip) {
    for (const Eigen::Vector3d& angles :
         {Eigen::Vector3d(0.3, -0.7, 2.5), Eigen::Vector3d(-3.0, 1.2, -0.1),
          Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 1.5, -2.9)}) {
        const Eigen::Vector3d back = smdAnglesFromRotation(rotationFromSmdAngles(angles));
        EXPECT_TRUE(back.isApprox(angles, 1e-12) || (back - angles).norm() < 1e-12)
            << angles.transpose() << " -> " << back.transpose();
    }
    // At gimbal lock (y = +-pi/2) the angles differ but the rotation is the same.
    const Eigen::Quaterniond locked = rotationFromSmdAngles({0.4, kPi / 2, 0.9});
    EXPECT_TRUE(rotationFromSmdAngles(smdAnglesFromRotation(locked)).isApprox(locked, 1e-9));
}

TEST(AnimationProcessing, WithoutCommandsFramesAndValuesAreUnchanged) {
    const SmdFile source = animationOf(
        7, [](int f) { return at(0.1f * f, -3.7f, 1e-3f * f, 0.3f, -0.9f * f, 6.2f - f); });
    CollectingSink sink;
    const auto processed = processAnimation(definition(0, 6), source, sink);
    ASSERT_TRUE(processed.has_value());
    EXPECT_TRUE(sink.diagnostics().empty());
    ASSERT_EQ(processed->frameCount(), 7);
    EXPECT_EQ(processed->smd.nodes.size(), 2u);
    for (int f = 0; f < 7; ++f) {
        EXPECT_EQ(processed->smd.frames[f].time, f);
        EXPECT_EQ(processed->smd.frames[f].bones, source.frames[f].bones) << "frame " << f;
        EXPECT_EQ(processed->motion[f], MotionSample{});
    }
    // And through the SMD writer and reader, bit for bit.
    CollectingSink readSink;
    const auto reread = parseSmd(writeSmd(processed->smd), "out.smd", readSink);
    ASSERT_TRUE(reread.has_value());
    ASSERT_EQ(reread->frames.size(), 7u);
    for (int f = 0; f < 7; ++f)
        EXPECT_EQ(reread->frames[f].bones, source.frames[f].bones);
}

TEST(AnimationProcessing, FrameRangeCutsAndRenumbers) {
    const SmdFile source = animationOf(11, [](int f) { return at(float(f), 0, 0); });
    CollectingSink sink;
    const auto processed = processAnimation(definition(2, 5), source, sink);
    ASSERT_TRUE(processed.has_value());
    ASSERT_EQ(processed->frameCount(), 4);
    for (int f = 0; f < 4; ++f) {
        EXPECT_EQ(processed->smd.frames[f].time, f);
        EXPECT_EQ(processed->smd.frames[f].bones, source.frames[f + 2].bones);
    }
}

TEST(AnimationProcessing, SingleMotionFrameRecoversLinearMotionAndLeavesTheRootStill) {
    const SmdFile source =
        animationOf(11, [](int f) { return at(3.0f + 4.0f * f, -2.0f * f, 1.0f); });
    AnimationDefinition animation = definition(0, 10);
    animation.motionFrames = {motionFrame(0, {kMotionTX, kMotionTY})};
    CollectingSink sink;
    const auto processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    for (int f = 0; f <= 10; ++f) {
        EXPECT_EQ(processed->motion[f], (MotionSample{4.0 * f, -2.0 * f, 0, 0, 0, 0})) << f;
        EXPECT_EQ(rootOf(*processed, f).position, (Vec3{3.0f, 0.0f, 1.0f})) << f;
        EXPECT_EQ(processed->smd.frames[f].bones[1], source.frames[f].bones[1]); // leg untouched
    }
}

TEST(AnimationProcessing, TwoMotionFramesRecoverPiecewiseLinearMotion) {
    // 2 units a frame up to frame 5, then 6 a frame.
    auto x = [](int f) { return f <= 5 ? 2.0f * f : 10.0f + 6.0f * (f - 5); };
    const SmdFile source = animationOf(11, [&](int f) { return at(x(f), 0, 0); });
    AnimationDefinition animation = definition(0, 10);
    animation.motionFrames = {motionFrame(5, {kMotionTX}), motionFrame(0, {kMotionTX})};
    CollectingSink sink;
    const auto processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    for (int f = 0; f <= 10; ++f) {
        EXPECT_EQ(processed->motion[f][kMotionTX], double(x(f))) << f;
        EXPECT_EQ(rootOf(*processed, f).position.x, 0.0f) << f;
    }
}

TEST(AnimationProcessing, EachMotionFrameUsesItsOwnAxes) {
    const SmdFile source = animationOf(11, [](int f) { return at(2.0f * f, 3.0f * f, 0); });
    AnimationDefinition animation = definition(0, 10);
    animation.motionFrames = {motionFrame(0, {kMotionTX}), motionFrame(5, {kMotionTY})};
    CollectingSink sink;
    const auto processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    for (int f = 0; f <= 10; ++f) {
        const double tx = 2.0 * std::min(f, 5);
        const double ty = 3.0 * std::max(f - 5, 0);
        EXPECT_EQ(processed->motion[f], (MotionSample{tx, ty, 0, 0, 0, 0})) << f;
        EXPECT_EQ(rootOf(*processed, f).position.x, float(2.0 * f - tx)) << f;
        EXPECT_EQ(rootOf(*processed, f).position.y, float(3.0 * f - ty)) << f;
    }
}

TEST(AnimationProcessing, FramesBeforeTheFirstMotionFrameKeepTheirMotion) {
    const SmdFile source = animationOf(9, [](int f) { return at(float(f), 0, 0); });
    AnimationDefinition animation = definition(0, 8);
    animation.motionFrames = {motionFrame(3, {kMotionTX})};
    CollectingSink sink;
    const auto processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    for (int f = 0; f <= 8; ++f) {
        EXPECT_EQ(processed->motion[f][kMotionTX], std::max(f - 3, 0)) << f;
        EXPECT_EQ(rootOf(*processed, f).position.x, float(std::min(f, 3))) << f;
    }
}

TEST(AnimationProcessing, DiscardRemovesMotionWithoutRecordingIt) {
    const SmdFile source = animationOf(5, [](int f) { return at(0, 0, 8.0f * f); });
    AnimationDefinition animation = definition(0, 4);
    animation.motionFrames = {motionFrame(0, {}, {kMotionTZ})};
    CollectingSink sink;
    const auto processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    for (int f = 0; f <= 4; ++f) {
        EXPECT_EQ(processed->motion[f], MotionSample{});
        EXPECT_EQ(rootOf(*processed, f).position.z, 0.0f);
    }
}

TEST(AnimationProcessing, RotationExtractionFollowsTurnsPastHalfACircle) {
    // The root turns 0.5 rad a frame about z: 5 rad in all, written wrapped into (-pi, pi].
    const SmdFile source = animationOf(
        11, [](int f) { return at(0, 0, 0, 0, 0, float(std::remainder(0.5 * f, 2 * kPi))); });
    AnimationDefinition animation = definition(0, 10);
    animation.motionFrames = {motionFrame(0, {kMotionRZ})};
    CollectingSink sink;
    const auto processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    for (int f = 0; f <= 10; ++f) {
        EXPECT_NEAR(processed->motion[f][kMotionRZ], 0.5 * f, 1e-5) << f;
        EXPECT_NEAR(rootOf(*processed, f).rotation.z, 0.0, 1e-5) << f;
    }
}

TEST(AnimationProcessing, AdjustmentMovesAndTurnsRootBonesOnly) {
    const SmdFile source = animationOf(2, [](int) { return at(1, 0, 0); });
    AnimationDefinition animation = definition(0, 1);
    animation.adjust.translation = {1, 2, 3};
    animation.adjust.rotation = {0, 0, 90}; // degrees
    CollectingSink sink;
    const auto processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    const SmdBonePose& root = rootOf(*processed, 1);
    // p' = R p + t: (1,0,0) turned a quarter about z is (0,1,0).
    EXPECT_NEAR(root.position.x, 1.0, 1e-6);
    EXPECT_NEAR(root.position.y, 3.0, 1e-6);
    EXPECT_NEAR(root.position.z, 3.0, 1e-6);
    EXPECT_NEAR(root.rotation.x, 0.0, 1e-6);
    EXPECT_NEAR(root.rotation.y, 0.0, 1e-6);
    EXPECT_NEAR(root.rotation.z, kPi / 2, 1e-6);
    EXPECT_EQ(processed->smd.frames[1].bones[1], source.frames[1].bones[1]);
}

TEST(AnimationProcessing, SmoothLoopBringsTheEndsTogether) {
    const SmdFile source = animationOf(11, [](int f) { return at(float(f), 0, 0); });
    AnimationDefinition animation = definition(0, 10);
    animation.loop.smoothLoop = true;
    animation.loop.smoothLoopEnd = 3;
    CollectingSink sink;
    auto processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    // From the end only: the last frame becomes the first; frames 8..10 blend in, 0..7 stay.
    EXPECT_NEAR(rootOf(*processed, 10).position.x, 0.0, 1e-6);
    EXPECT_NEAR(rootOf(*processed, 9).position.x, 9.0 - 10.0 * 2 / 3, 1e-5);
    EXPECT_NEAR(rootOf(*processed, 8).position.x, 8.0 - 10.0 / 3, 1e-5);
    for (int f = 0; f <= 7; ++f)
        EXPECT_EQ(rootOf(*processed, f).position.x, float(f));

    // From both ends: they meet half way.
    animation.loop.smoothLoopStart = 2;
    processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    EXPECT_NEAR(rootOf(*processed, 0).position.x, 5.0, 1e-6);
    EXPECT_NEAR(rootOf(*processed, 1).position.x, 1.0 + 5.0 / 2, 1e-6);
    EXPECT_EQ(rootOf(*processed, 2).position.x, 2.0f);
    EXPECT_NEAR(rootOf(*processed, 10).position.x, 5.0, 1e-6);
    EXPECT_NEAR(rootOf(*processed, 9).position.x, 9.0 - 5.0 * 2 / 3, 1e-5);
    // The leg's rotation differs at the ends too and is blended the same way.
    const float legStart = processed->smd.frames[0].bones[1].rotation.x;
    EXPECT_NEAR(legStart, processed->smd.frames[10].bones[1].rotation.x, 1e-6);
    EXPECT_NEAR(legStart, 0.5, 1e-6);
    EXPECT_TRUE(sink.diagnostics().empty());
}

TEST(AnimationProcessing, MissingFramesAndBonesAreHeld) {
    SmdFile source = animationOf(3, [](int f) { return at(float(f), 0, 0); });
    source.frames[1].time = 2; // frames 0, 2, 5: frame 1, 3 and 4 missing
    source.frames[2].time = 5;
    source.frames[0].bones.pop_back(); // the leg's first pose comes on frame 2
    CollectingSink sink;
    const auto processed = processAnimation(definition(0, 5), source, sink);
    ASSERT_TRUE(processed.has_value());
    ASSERT_EQ(processed->frameCount(), 6);
    const float xs[] = {0, 0, 1, 1, 1, 2};
    for (int f = 0; f < 6; ++f)
        EXPECT_EQ(rootOf(*processed, f).position.x, xs[f]) << f;
    EXPECT_EQ(processed->smd.frames[0].bones[1], source.frames[1].bones[1]);
    ASSERT_NE(sink.find("VMDL027"), nullptr);
    EXPECT_EQ(sink.find("VMDL027")->severity, Severity::Warning);
    EXPECT_EQ(sink.find("VMDL027")->location.line, 11u);
}

TEST(AnimationProcessing, WarnsWhenTheEndFrameIsLeftAtItsDefault) {
    const SmdFile source = animationOf(5, [](int f) { return at(float(f), 0, 0); });
    AnimationDefinition animation = definition(0, 0);
    animation.endFrameGiven = false;
    CollectingSink sink;
    const auto processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    EXPECT_EQ(processed->frameCount(), 1);
    ASSERT_NE(sink.find("VMDL028"), nullptr);
    EXPECT_EQ(sink.find("VMDL028")->location.line, 10u);
}

TEST(AnimationProcessing, Errors) {
    const SmdFile source = animationOf(11, [](int f) { return at(float(f), 0, 0); });
    {
        CollectingSink sink;
        EXPECT_FALSE(processAnimation(definition(3, 11), source, sink).has_value());
        ASSERT_NE(sink.find("VMDL021"), nullptr);
        const Diagnostic& error = *sink.find("VMDL021");
        EXPECT_EQ(error.location.line, 13u);
        EXPECT_NE(error.message.find("'test'"), std::string::npos) << error.message;
        EXPECT_NE(error.message.find("source.smd has 11 frames"), std::string::npos)
            << error.message;
    }
    AnimationDefinition animation = definition(0, 10);
    animation.motionFrames = {motionFrame(11, {kMotionTX}, {}, 21)};
    expectError(animation, source, "VMDL022", 21);

    animation = definition(2, 10); // 9 frames: 0..8
    animation.motionFrames = {motionFrame(0, {kMotionTX}, {}, 21), motionFrame(0, {}, {}, 22)};
    expectError(animation, source, "VMDL029", 22);

    animation = definition(2, 10);
    animation.events = {{"AE_STEP", 9, "", {"m.vmdl", 30, 9}}};
    expectError(animation, source, "VMDL023", 30);

    animation = definition(2, 10);
    animation.loop.startLoopEnabled = true;
    animation.loop.loopRestart = 9;
    expectError(animation, source, "VMDL024", 16);

    animation = definition(2, 10);
    animation.loop.smoothLoop = true;
    animation.loop.smoothLoopStart = 9;
    expectError(animation, source, "VMDL025", 14);
    animation.loop.smoothLoopStart = 0;
    animation.loop.smoothLoopEnd = 9;
    expectError(animation, source, "VMDL025", 15);

    animation = definition(0, 1);
    animation.adjust.translation = {1e300, 0, 0};
    expectError(animation, source, "VMDL032", 10);

    SmdFile empty;
    empty.fileName = "empty.smd";
    expectError(definition(0, 0), empty, "VMDL030", 11);
}

TEST(AnimationProcessing, SmoothLoopWithoutFramesWarns) {
    const SmdFile source = animationOf(3, [](int f) { return at(float(f), 0, 0); });
    AnimationDefinition animation = definition(0, 2);
    animation.loop.smoothLoop = true;
    CollectingSink sink;
    const auto processed = processAnimation(animation, source, sink);
    ASSERT_TRUE(processed.has_value());
    ASSERT_NE(sink.find("VMDL026"), nullptr);
    EXPECT_EQ(sink.find("VMDL026")->location.line, 14u);
    EXPECT_EQ(rootOf(*processed, 2).position.x, 2.0f);
}

TEST(AnimationProcessing, MissingSourceFileIsNamedAtItsLine) {
    test::TempDir dir;
    AnimationDefinition animation = definition(0, 0);
    animation.filepath = "anims\\gone.smd";
    animation.sourcePath = dir / "anims/gone.smd";
    CollectingSink sink;
    EXPECT_FALSE(loadAndProcessAnimation(animation, sink).has_value());
    ASSERT_NE(sink.find("VMDL020"), nullptr);
    EXPECT_EQ(sink.find("VMDL020")->location.line, 11u);
    EXPECT_EQ(sink.exitCode(), ExitCode::InvalidInput);
}

} // namespace
} // namespace vtxc
