// Unit tests of the .mdl animation codecs: compressed quaternions and vectors, RLE value arrays,
// the euler convention and the frame decoder, with worked examples taken from Valve's compiled
// files (cube's root Quaternion64, bunker_gun01's Bipod_Flex1 bind rotation, w_grenade's turned
// root) and synthetic animations for the delta and animated-channel rules.
#include "formats/studio/mdl_codecs.h"
#include "testing/test_support.h"

#include <cmath>
#include <cstring>

namespace vtxc::test {
namespace {

constexpr float kPi = 3.14159265358979f;

void expectNear(const Vec4& actual, const Vec4& expected, float tolerance) {
    EXPECT_NEAR(actual.x, expected.x, tolerance);
    EXPECT_NEAR(actual.y, expected.y, tolerance);
    EXPECT_NEAR(actual.z, expected.z, tolerance);
    EXPECT_NEAR(actual.w, expected.w, tolerance);
}

void expectNear(const Vec3& actual, const Vec3& expected, float tolerance) {
    EXPECT_NEAR(actual.x, expected.x, tolerance);
    EXPECT_NEAR(actual.y, expected.y, tolerance);
    EXPECT_NEAR(actual.z, expected.z, tolerance);
}

std::uint64_t littleEndian64(const std::uint8_t (&bytes)[8]) {
    std::uint64_t value = 0;
    for (int i = 7; i >= 0; --i)
        value = (value << 8) | bytes[i];
    return value;
}

TEST(MdlCodecs, CubeRootQuaternion64DecodesToAQuarterTurnAboutZ) {
    const std::uint8_t bytes[8] = {0x00, 0x00, 0x10, 0x00, 0x00, 0x3e, 0x41, 0x6d};
    const Vec4 q = unpackQuaternion64(littleEndian64(bytes));
    expectNear(q, {0, 0, 0.707106f, 0.707107f}, 1e-6f);
    // Packing the exact quarter turn gives Valve's bytes back.
    EXPECT_EQ(packQuaternion64({0, 0, 0.70710678f, 0.70710678f}), littleEndian64(bytes));
}

TEST(MdlCodecs, Quaternion64KeepsTheSignOfWAndRoundTripsClosely) {
    for (const Vec4& q : {Vec4{0.5f, -0.5f, 0.5f, -0.5f},
                          Vec4{-0.026549f, 0.706608f, -0.026549f, 0.706608f}, Vec4{0, 0, 0, 1}}) {
        const Vec4 back = unpackQuaternion64(packQuaternion64(q));
        expectNear(back, q, 2e-6f);
    }
    EXPECT_EQ(packQuaternion64({0, 0, 0, -1}) >> 63, 1u);
    EXPECT_EQ(packQuaternion64({0, 0, 0, 1}) >> 63, 0u);
    // Out-of-range components clamp instead of wrapping into other bit fields.
    EXPECT_EQ(packQuaternion64({4, -4, 0, 0}) & 0x3ffffffffffull, 0x1fffffull);
}

TEST(MdlCodecs, Quaternion48PacksLikeMathlib) {
    // x, y: (n - 32768) / 32768; z: 15 bits, (n - 16384) / 16384; top bit of z: w negative.
    EXPECT_EQ(packQuaternion48({0, 0, 0, 1}), (std::array<std::uint16_t, 3>{32768, 32768, 16384}));
    EXPECT_EQ(packQuaternion48({0.5f, -0.5f, 0.5f, -0.5f}),
              (std::array<std::uint16_t, 3>{49152, 16384, 0x8000 | 24576}));
    expectNear(unpackQuaternion48({49152, 16384, 0x8000 | 24576}), {0.5f, -0.5f, 0.5f, -0.5f},
               1e-6f);
    // Truncation toward zero, as (int)(x * 32768).
    EXPECT_EQ(packQuaternion48({0.99999f, -0.99999f, 0, 0})[0], 32768 + 32767);
    EXPECT_EQ(packQuaternion48({0.99999f, -0.99999f, 0, 0})[1], 32768 - 32767);
}

TEST(MdlCodecs, HalfFloatsTruncateSaturateAndReadExponent31AsTheLargestHalf) {
    EXPECT_EQ(floatToHalf(1.0f), 0x3c00);
    EXPECT_EQ(floatToHalf(-2.0f), 0xc000);
    EXPECT_EQ(floatToHalf(0.0f), 0x0000);
    // w_grenade's turned root position: 2.207014 is stored as 2.205078 (the mantissa is cut).
    EXPECT_FLOAT_EQ(halfToFloat(floatToHalf(2.207014f)), 2.205078125f);
    EXPECT_FLOAT_EQ(halfToFloat(floatToHalf(-2.726069f)), -2.724609375f);
    EXPECT_FLOAT_EQ(halfToFloat(floatToHalf(38.566917f)), 38.5625f); // the soldier's root z
    EXPECT_EQ(floatToHalf(1.0e6f), 0x7c00);
    EXPECT_EQ(floatToHalf(-1.0e6f), 0xfc00);
    EXPECT_FLOAT_EQ(halfToFloat(0x7c00), 65504.0f);
    EXPECT_FLOAT_EQ(halfToFloat(0xfc00), -65504.0f);
    EXPECT_FLOAT_EQ(halfToFloat(0x7c01), 0.0f); // NaN reads as 0
    EXPECT_EQ(floatToHalf(std::nanf("")), 0);
    // Half denormals both ways: 2^-15 = half 0x0200.
    EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -15)), 0x0200);
    EXPECT_FLOAT_EQ(halfToFloat(0x0200), std::ldexp(1.0f, -15));
    EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -30)), 0); // below the smallest denormal
    const Vec3 v{2.5f, -0.125f, 1024.0f};
    EXPECT_EQ(unpackVector48(packVector48(v)), v);
}

TEST(MdlCodecs, EulerToQuaternionMatchesBunkerGunBipodFlex1) {
    // bunker_gun01 Bunker_Gun.Bipod_Flex1: rot (-1.570796, 1.495688, -1.570796).
    const Vec4 q = eulerToQuaternion({-1.570796f, 1.495688f, -1.570796f});
    expectNear(q, {-0.026549f, 0.706608f, -0.026549f, 0.706608f}, 2e-6f);
    // Bunker_Gun.Base: rot (1.570796, 0, 0) is a quarter turn about x.
    expectNear(eulerToQuaternion({1.570796f, 0, 0}), {0.707107f, 0, 0, 0.707107f}, 1e-6f);
}

TEST(MdlCodecs, QuaternionToEulerInvertsEulerToQuaternion) {
    for (const Vec3& angles : {Vec3{0.3f, -0.7f, 2.1f}, Vec3{-1.2f, 1.1f, -3.0f}, Vec3{0, 0, 0},
                               Vec3{0.5f, 1.5707963f, 0.25f}}) {
        const Vec4 q = eulerToQuaternion(angles);
        const Vec4 back = eulerToQuaternion(quaternionToEuler(q));
        // The same rotation (q and -q are one rotation).
        const float dot = q.x * back.x + q.y * back.y + q.z * back.z + q.w * back.w;
        EXPECT_NEAR(std::fabs(dot), 1.0f, 2e-6f);
    }
    const Vec3 angles{0.3f, -0.7f, 2.1f};
    expectNear(quaternionToEuler(eulerToQuaternion(angles)), angles, 2e-6f);
}

TEST(MdlCodecs, RootTurnOfWGrenadeIsAQuarterTurnOnTheLeft) {
    // studiomdl stores root bones turned +90 degrees about z: qz(90) * bind rotation.
    const Vec4 turn{0, 0, 0.70710678f, 0.70710678f};
    const Vec4 bind{-0.988423f, -0.045588f, -0.142036f, 0.027716f};
    // The example's six-digit inputs leave about 1e-5 of difference.
    expectNear(quaternionMultiply(turn, bind), {-0.666684f, -0.731155f, -0.080836f, 0.120044f},
               2e-5f);
}

MdlAnimValueRun run(std::uint8_t total, std::vector<std::int16_t> values) {
    return {total, std::move(values)};
}

TEST(MdlCodecs, RleRunsRepeatTheirLastValue) {
    // Two runs as in bunker_gun01 @activate bone 5 rotation x: (valid 1, total 3) then more.
    const MdlAnimValues runs = {run(3, {7}), run(4, {1, 2})};
    EXPECT_EQ(decodeAnimValues(runs, 7), (std::vector<std::int16_t>{7, 7, 7, 1, 2, 2, 2}));
    EXPECT_EQ(animValueAt(runs, 100), 2); // past the end: the last value
    EXPECT_EQ(animValueAt({}, 3), 0);     // absent channel
}

TEST(MdlCodecs, RleEncoderClosesARunOnThreeEqualFramesOrEqualFramesToTheEnd) {
    const std::vector<std::int16_t> frames = {5, 5, 5, 1, 2, 3, 3, 3, 4};
    const MdlAnimValues runs = encodeAnimValues(frames);
    EXPECT_EQ(runs, (MdlAnimValues{run(3, {5}), run(5, {1, 2, 3}), run(1, {4})}));
    EXPECT_EQ(decodeAnimValues(runs, 9), frames);
    // Two equal frames inside a run stay values; two at the end become the tail.
    EXPECT_EQ(encodeAnimValues(std::vector<std::int16_t>{1, 2, 2, 3}),
              (MdlAnimValues{run(4, {1, 2, 2, 3})}));
    EXPECT_EQ(encodeAnimValues(std::vector<std::int16_t>{1, 2, 2}),
              (MdlAnimValues{run(3, {1, 2})}));
    EXPECT_EQ(encodeAnimValues(std::vector<std::int16_t>{7}), (MdlAnimValues{run(1, {7})}));
    // Runs stop at 255 frames.
    const std::vector<std::int16_t> flat(600, 9);
    const MdlAnimValues long_runs = encodeAnimValues(flat);
    ASSERT_EQ(long_runs.size(), 3u);
    EXPECT_EQ(long_runs[0].total, 255);
    EXPECT_EQ(long_runs[2].total, 90);
    EXPECT_EQ(decodeAnimValues(long_runs, 600), flat);
}

// A two-bone skeleton: a root at (1, 2, 3) turned 90 degrees about z, a child with its own scales.
std::vector<MdlBone> skeleton() {
    std::vector<MdlBone> bones(2);
    bones[0].pos = {1, 2, 3};
    bones[0].rot = {0, 0, kPi / 2};
    bones[0].quat = eulerToQuaternion(bones[0].rot);
    bones[1].parent = 0;
    bones[1].pos = {4, 0, 0};
    bones[1].rot = {0.1f, 0, 0};
    bones[1].quat = eulerToQuaternion(bones[1].rot);
    bones[1].posscale = {0.5f, 0.5f, 0.5f};
    bones[1].rotscale = {0.01f, 0.01f, 0.01f};
    return bones;
}

TEST(MdlCodecs, FrameDecoderTakesBindPoseForMissingBonesAndChannels) {
    const auto bones = skeleton();
    MdlAnimDesc anim;
    anim.numframes = 3;
    MdlAnimBone child;
    child.bone = 1;
    child.flags = kAnimAnimRot | kAnimAnimPos;
    child.rotValues[0] = {run(3, {0, 10, 20})}; // x only; y and z absent
    child.posValues[2] = {run(3, {2, 4})};      // z only
    anim.bones = {child};
    const auto poses = decodeAnimationFrame(anim, bones, 2);
    ASSERT_EQ(poses.size(), 2u);
    EXPECT_EQ(poses[0].position, bones[0].pos); // no record: bind pose
    EXPECT_EQ(poses[0].rotation, bones[0].quat);
    // Animated rotation adds value * rotscale to the bind angles.
    expectNear(poses[1].rotation, eulerToQuaternion({0.1f + 20 * 0.01f, 0, 0}), 1e-6f);
    expectNear(poses[1].position, {4, 0, 4 * 0.5f}, 1e-6f);
    // Frames are clamped to the animation.
    EXPECT_EQ(decodeAnimationFrame(anim, bones, 99)[1].position,
              decodeAnimationFrame(anim, bones, 2)[1].position);
}

TEST(MdlCodecs, DeltaAnimationsStartFromIdentityAndZero) {
    const auto bones = skeleton();
    MdlAnimDesc anim;
    anim.flags = kStudioDelta;
    MdlAnimBone child;
    child.bone = 1;
    child.flags = kAnimAnimRot | kAnimDelta;
    child.rotValues[2] = {run(1, {100})};
    anim.bones = {child};
    const auto poses = decodeAnimationFrame(anim, bones, 0);
    EXPECT_EQ(poses[0].position, (Vec3{0, 0, 0}));
    EXPECT_EQ(poses[0].rotation, (Vec4{0, 0, 0, 1}));
    expectNear(poses[1].rotation, eulerToQuaternion({0, 0, 1.0f}), 1e-6f);
    EXPECT_EQ(poses[1].position, (Vec3{0, 0, 0}));
}

TEST(MdlCodecs, RawRecordsGiveTheStoredRotationAndPosition) {
    const auto bones = skeleton();
    MdlAnimDesc anim;
    MdlAnimBone root;
    root.bone = 0;
    root.flags = kAnimRawRot2 | kAnimRawPos;
    root.rawRot64 = packQuaternion64({0, 0, 0, 1});
    root.rawPos = packVector48({-2, 1, 3});
    MdlAnimBone child;
    child.bone = 1;
    child.flags = kAnimRawRot;
    child.rawRot48 = packQuaternion48({0.5f, 0.5f, 0.5f, 0.5f});
    anim.bones = {root, child};
    const auto poses = decodeAnimationFrame(anim, bones, 0);
    expectNear(poses[0].rotation, {0, 0, 0, 1}, 1e-6f);
    EXPECT_EQ(poses[0].position, (Vec3{-2, 1, 3}));
    expectNear(poses[1].rotation, {0.5f, 0.5f, 0.5f, 0.5f}, 1e-4f);
    EXPECT_EQ(poses[1].position, bones[1].pos); // no position channel: bind position
}

TEST(MdlCodecs, SectionedAnimationsReadTheSectionOfTheFrame) {
    const auto bones = skeleton();
    MdlAnimDesc anim;
    anim.numframes = 5;
    anim.sectionframes = 2; // sections: frames 0-1, 2-3, 4 (unused), last frame alone
    anim.sections.resize(5 / 2 + 2);
    for (std::size_t s = 0; s < anim.sections.size(); ++s) {
        MdlAnimBone record;
        record.bone = 1;
        record.flags = kAnimAnimPos;
        record.posValues[0] = {
            run(3, {static_cast<std::int16_t>(10 * s), static_cast<std::int16_t>(10 * s + 1)})};
        anim.sections[s].bones = {record};
    }
    auto x = [&](int frame) { return decodeAnimationFrame(anim, bones, frame)[1].position.x; };
    EXPECT_FLOAT_EQ(x(0), 4 + 0 * 0.5f);
    EXPECT_FLOAT_EQ(x(3), 4 + 11 * 0.5f);
    EXPECT_FLOAT_EQ(x(4), 4 + 30 * 0.5f); // the last frame of a long animation: final section
    const MdlFrameSource source = animationFrameSource(anim, 3);
    EXPECT_EQ(source.bones, &anim.sections[1].bones);
    EXPECT_EQ(source.localFrame, 1);
}

} // namespace
} // namespace vtxc::test
