// Codecs of the .mdl animation data, both ways: Quaternion64/48 and Vector48 (mathlib's
// compressed_vector.h in the public Source SDK 2013), RLE value arrays (mstudioanimvalue_t), the
// RadianEuler <-> Quaternion convention of the bone records, and a frame decoder that gives the
// pose of every bone of an animation at a frame, the way the engine's bone setup reads it.
#pragma once

#include "formats/common/vector_types.h"
#include "formats/studio/mdl.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace vtxc {

// Quaternion64: x, y, z in 21 bits each ((n - 1048576) / 1048576.5), bit 63 = w negative, w
// recomputed from unit length. Packing truncates toward zero as mathlib does.
Vec4 unpackQuaternion64(std::uint64_t bits);
std::uint64_t packQuaternion64(const Vec4& q);

// Quaternion48: x, y in 16 bits ((n - 32768) / 32768), z in 15 bits ((n - 16384) / 16384), the
// top bit of the third word = w negative.
Vec4 unpackQuaternion48(const std::array<std::uint16_t, 3>& words);
std::array<std::uint16_t, 3> packQuaternion48(const Vec4& q);

// IEEE half floats as the SDK's float16 class converts them: packing truncates the mantissa,
// flushes float denormals and NaN to 0 and saturates at +-65504 (stored as exponent 31); unpacking
// reads exponent 31 as +-65504 (mantissa 0) or 0 (NaN).
float halfToFloat(std::uint16_t half);
std::uint16_t floatToHalf(float value);
Vec3 unpackVector48(const std::array<std::uint16_t, 3>& halves);
std::array<std::uint16_t, 3> packVector48(const Vec3& v);

// The value of an RLE channel at `frame` (frames past the last run repeat its last value; an
// empty channel is 0).
std::int16_t animValueAt(const MdlAnimValues& runs, int frame);
// One value per frame, `numframes` of them.
std::vector<std::int16_t> decodeAnimValues(const MdlAnimValues& runs, int numframes);
// The frames an RLE channel's runs cover (0 for an absent channel).
int animValuesFrameCount(const MdlAnimValues& runs);
// Reference encoder: a run takes values one by one; a value that repeats over three or more
// frames, or over the frames up to the end, closes the run with the repeats as its tail (valid and
// total at most 255). Reproduces every channel of Valve's files.
MdlAnimValues encodeAnimValues(std::span<const std::int16_t> frameValues);

// RadianEuler (x, y, z) <-> quaternion, with q = qz(z) * qy(y) * qx(x) (mathlib AngleQuaternion).
Vec4 eulerToQuaternion(const Vec3& radians);
// The inverse (through the rotation matrix, mathlib MatrixAngles): y in [-pi/2, pi/2].
Vec3 quaternionToEuler(const Vec4& q);
// Hamilton product a * b.
Vec4 quaternionMultiply(const Vec4& a, const Vec4& b);

struct BonePose {
    Vec3 position;
    Vec4 rotation{0, 0, 0, 1};
    bool operator==(const BonePose&) const = default;
};

// The pose of every bone (relative to its parent) at `frame` of `animation`, from its records:
// absent bones and channels take the bind pose, or identity/zero for delta animations; animated
// rotations add value * rotscale to the bind euler angles (delta: to zero), animated positions
// value * posscale to the bind position. Frames outside [0, numframes) are clamped. Sectioned
// animations read the section that holds the frame; data in external .ani blocks is not in the
// model, so those bones keep the default pose.
std::vector<BonePose> decodeAnimationFrame(const MdlAnimDesc& animation,
                                           std::span<const MdlBone> bones, int frame);

// The records that hold `frame` of a sectioned animation, and the frame within them.
struct MdlFrameSource {
    const std::vector<MdlAnimBone>* bones = nullptr; // nullptr: data not in the .mdl
    int localFrame = 0;
};
MdlFrameSource animationFrameSource(const MdlAnimDesc& animation, int frame);

} // namespace vtxc
