// Compressed quaternions and vectors (mathlib compressed_vector.h and float16 of the public Source
// SDK 2013), RLE animation values (studio.h mstudioanimvalue_t), euler angles (mathlib
// AngleQuaternion / MatrixAngles) and the per-frame decode of mstudioanim_t records (the bone
// setup of the public SDK's bone_setup.cpp: CalcBoneQuaternion / CalcBonePosition).
#include "formats/studio/mdl_codecs.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace vtxc {

namespace {

constexpr std::uint64_t kMask21 = (std::uint64_t(1) << 21) - 1;

// mathlib's (int)(v * scale) + bias, clamped: a truncation toward zero.
std::uint32_t quantize(float value, float scale, int bias, int max) {
    const double scaled = static_cast<double>(value) * static_cast<double>(scale);
    const double clamped = std::clamp(scaled, -1.0e9, 1.0e9); // NaN-safe below
    const int n = std::isnan(clamped) ? 0 : static_cast<int>(clamped);
    return static_cast<std::uint32_t>(std::clamp(n + bias, 0, max));
}

float wFromUnitLength(float x, float y, float z, bool negative) {
    const float w = std::sqrt(std::max(0.0f, 1.0f - x * x - y * y - z * z));
    return negative ? -w : w;
}

} // namespace

Vec4 unpackQuaternion64(std::uint64_t bits) {
    auto component = [](std::uint64_t n) {
        return static_cast<float>((static_cast<double>(n) - 1048576.0) * (1.0 / 1048576.5));
    };
    const float x = component(bits & kMask21);
    const float y = component((bits >> 21) & kMask21);
    const float z = component((bits >> 42) & kMask21);
    return {x, y, z, wFromUnitLength(x, y, z, (bits >> 63) != 0)};
}

std::uint64_t packQuaternion64(const Vec4& q) {
    const std::uint64_t x = quantize(q.x, 1048576.0f, 1048576, 2097151);
    const std::uint64_t y = quantize(q.y, 1048576.0f, 1048576, 2097151);
    const std::uint64_t z = quantize(q.z, 1048576.0f, 1048576, 2097151);
    const std::uint64_t negative = q.w < 0 ? 1 : 0;
    return x | (y << 21) | (z << 42) | (negative << 63);
}

Vec4 unpackQuaternion48(const std::array<std::uint16_t, 3>& words) {
    const float x = static_cast<float>((static_cast<int>(words[0]) - 32768) * (1.0 / 32768.0));
    const float y = static_cast<float>((static_cast<int>(words[1]) - 32768) * (1.0 / 32768.0));
    const float z =
        static_cast<float>((static_cast<int>(words[2] & 0x7fff) - 16384) * (1.0 / 16384.0));
    return {x, y, z, wFromUnitLength(x, y, z, (words[2] & 0x8000) != 0)};
}

std::array<std::uint16_t, 3> packQuaternion48(const Vec4& q) {
    const auto x = static_cast<std::uint16_t>(quantize(q.x, 32768.0f, 32768, 65535));
    const auto y = static_cast<std::uint16_t>(quantize(q.y, 32768.0f, 32768, 65535));
    const auto z = static_cast<std::uint16_t>(quantize(q.z, 16384.0f, 16384, 32767));
    return {x, y, static_cast<std::uint16_t>(z | (q.w < 0 ? 0x8000 : 0))};
}

float halfToFloat(std::uint16_t half) {
    const bool negative = (half & 0x8000) != 0;
    const unsigned exponent = (half >> 10) & 0x1f;
    const unsigned mantissa = half & 0x3ff;
    if (exponent == 31) return mantissa != 0 ? 0.0f : (negative ? -65504.0f : 65504.0f);
    if (exponent == 0) {
        // Zero and half denormals: mantissa / 1024 * 2^-14.
        const float value = static_cast<float>(mantissa) / 1024.0f / 16384.0f;
        return negative ? -value : value;
    }
    const std::uint32_t bits = (negative ? 0x80000000u : 0u) | ((exponent - 15 + 127) << 23) |
                               (static_cast<std::uint32_t>(mantissa) << 13);
    return std::bit_cast<float>(bits);
}

std::uint16_t floatToHalf(float value) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    const std::uint16_t sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000);
    const int biased = static_cast<int>((bits >> 23) & 0xff);
    const std::uint32_t mantissa = bits & 0x7fffff;
    if (biased == 0xff) return mantissa != 0 ? 0 : static_cast<std::uint16_t>(sign | 0x7c00);
    if (biased == 0) return sign; // zero, and float denormals flush to zero
    if (std::fabs(value) > 65504.0f) return static_cast<std::uint16_t>(sign | 0x7c00);
    const int exponent = biased - 127;
    if (exponent > 15) return static_cast<std::uint16_t>(sign | 0x7c00);
    if (exponent < -14) {
        // A half denormal: the implicit one and the mantissa shifted down, truncated.
        const int shift = -14 - exponent; // 1..
        if (shift >= 11) return sign;
        const std::uint32_t half = (1u << (10 - shift)) + (mantissa >> (13 + shift));
        return static_cast<std::uint16_t>(sign | half);
    }
    return static_cast<std::uint16_t>(sign | ((exponent + 15) << 10) | (mantissa >> 13));
}

Vec3 unpackVector48(const std::array<std::uint16_t, 3>& halves) {
    return {halfToFloat(halves[0]), halfToFloat(halves[1]), halfToFloat(halves[2])};
}

std::array<std::uint16_t, 3> packVector48(const Vec3& v) {
    return {floatToHalf(v.x), floatToHalf(v.y), floatToHalf(v.z)};
}

int animValuesFrameCount(const MdlAnimValues& runs) {
    int frames = 0;
    for (const MdlAnimValueRun& run : runs)
        frames += run.total;
    return frames;
}

std::int16_t animValueAt(const MdlAnimValues& runs, int frame) {
    int k = std::max(frame, 0);
    for (const MdlAnimValueRun& run : runs) {
        if (run.values.empty()) return 0;
        if (k < run.total)
            return run
                .values[std::min<std::size_t>(static_cast<std::size_t>(k), run.values.size() - 1)];
        k -= run.total;
    }
    if (runs.empty() || runs.back().values.empty()) return 0;
    return runs.back().values.back();
}

std::vector<std::int16_t> decodeAnimValues(const MdlAnimValues& runs, int numframes) {
    std::vector<std::int16_t> values;
    values.reserve(static_cast<std::size_t>(std::max(numframes, 0)));
    for (int frame = 0; frame < numframes; ++frame)
        values.push_back(animValueAt(runs, frame));
    return values;
}

namespace {

// Frames from `at` that repeat the value at `at` (at least 1).
std::size_t repeatsFrom(std::span<const std::int16_t> values, std::size_t at) {
    std::size_t count = 1;
    while (at + count < values.size() && values[at + count] == values[at])
        ++count;
    return count;
}

} // namespace

MdlAnimValues encodeAnimValues(std::span<const std::int16_t> frameValues) {
    MdlAnimValues runs;
    std::size_t i = 0;
    while (i < frameValues.size()) {
        MdlAnimValueRun run;
        while (i < frameValues.size() && run.values.size() < 255) {
            const std::size_t repeats = repeatsFrom(frameValues, i);
            const bool reachesEnd = i + repeats == frameValues.size();
            run.values.push_back(frameValues[i]);
            // Three equal frames, or equal frames up to the end, close the run as its tail.
            if (repeats >= 3 || (repeats >= 2 && reachesEnd)) {
                const std::size_t tail = std::min(repeats, 255 - run.values.size() + 1);
                run.total = static_cast<std::uint8_t>(run.values.size() - 1 + tail);
                i += tail;
                break;
            }
            run.total = static_cast<std::uint8_t>(run.values.size());
            ++i;
        }
        runs.push_back(std::move(run));
    }
    return runs;
}

Vec4 eulerToQuaternion(const Vec3& radians) {
    const double hx = 0.5 * radians.x, hy = 0.5 * radians.y, hz = 0.5 * radians.z;
    const double sx = std::sin(hx), cx = std::cos(hx);
    const double sy = std::sin(hy), cy = std::cos(hy);
    const double sz = std::sin(hz), cz = std::cos(hz);
    return {static_cast<float>(sx * cy * cz - cx * sy * sz),
            static_cast<float>(cx * sy * cz + sx * cy * sz),
            static_cast<float>(cx * cy * sz - sx * sy * cz),
            static_cast<float>(cx * cy * cz + sx * sy * sz)};
}

Vec3 quaternionToEuler(const Vec4& q) {
    // Rotation matrix of q (rows), then angles of R = Rz * Ry * Rx.
    const double x = q.x, y = q.y, z = q.z, w = q.w;
    const double r00 = 1 - 2 * (y * y + z * z), r10 = 2 * (x * y + w * z);
    const double r20 = 2 * (x * z - w * y), r21 = 2 * (y * z + w * x);
    const double r22 = 1 - 2 * (x * x + y * y), r01 = 2 * (x * y - w * z);
    const double r11 = 1 - 2 * (x * x + z * z);
    const double xyDist = std::sqrt(r00 * r00 + r10 * r10);
    const double pitch = std::atan2(-r20, xyDist);
    if (xyDist > 0.001)
        return {static_cast<float>(std::atan2(r21, r22)), static_cast<float>(pitch),
                static_cast<float>(std::atan2(r10, r00))};
    return {0.0f, static_cast<float>(pitch), static_cast<float>(std::atan2(-r01, r11))};
}

Vec4 quaternionMultiply(const Vec4& a, const Vec4& b) {
    return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
            a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

MdlFrameSource animationFrameSource(const MdlAnimDesc& animation, int frame) {
    MdlFrameSource source;
    frame = std::clamp(frame, 0, std::max(animation.numframes - 1, 0));
    if (animation.sectionframes <= 0) {
        if (animation.animblock == 0) source.bones = &animation.bones;
        source.localFrame = frame;
        return source;
    }
    std::size_t section = 0;
    if (animation.numframes > animation.sectionframes && frame == animation.numframes - 1) {
        // The last frame of a long animation is stored alone in the final section.
        section = static_cast<std::size_t>(animation.numframes / animation.sectionframes + 1);
        source.localFrame = 0;
    } else {
        section = static_cast<std::size_t>(frame / animation.sectionframes);
        source.localFrame = frame - static_cast<int>(section) * animation.sectionframes;
    }
    if (section < animation.sections.size() && animation.sections[section].animblock == 0)
        source.bones = &animation.sections[section].bones;
    return source;
}

namespace {

Vec4 decodeRotation(const MdlAnimBone& record, const MdlBone& bone, bool delta, int frame) {
    if (record.flags & kAnimRawRot2) return unpackQuaternion64(record.rawRot64);
    if (record.flags & kAnimRawRot) return unpackQuaternion48(record.rawRot48);
    if (!(record.flags & kAnimAnimRot)) return delta ? Vec4{0, 0, 0, 1} : bone.quat;
    const Vec3 base = delta ? Vec3{} : bone.rot;
    const Vec3 angles{
        base.x + static_cast<float>(animValueAt(record.rotValues[0], frame)) * bone.rotscale.x,
        base.y + static_cast<float>(animValueAt(record.rotValues[1], frame)) * bone.rotscale.y,
        base.z + static_cast<float>(animValueAt(record.rotValues[2], frame)) * bone.rotscale.z};
    return eulerToQuaternion(angles);
}

Vec3 decodePosition(const MdlAnimBone& record, const MdlBone& bone, bool delta, int frame) {
    if (record.flags & kAnimRawPos) return unpackVector48(record.rawPos);
    const Vec3 base = delta ? Vec3{} : bone.pos;
    if (!(record.flags & kAnimAnimPos)) return base;
    return {base.x + static_cast<float>(animValueAt(record.posValues[0], frame)) * bone.posscale.x,
            base.y + static_cast<float>(animValueAt(record.posValues[1], frame)) * bone.posscale.y,
            base.z + static_cast<float>(animValueAt(record.posValues[2], frame)) * bone.posscale.z};
}

} // namespace

std::vector<BonePose> decodeAnimationFrame(const MdlAnimDesc& animation,
                                           std::span<const MdlBone> bones, int frame) {
    const bool delta = (animation.flags & kStudioDelta) != 0;
    std::vector<BonePose> poses(bones.size());
    for (std::size_t b = 0; b < bones.size(); ++b) {
        poses[b].position = delta ? Vec3{} : bones[b].pos;
        poses[b].rotation = delta ? Vec4{0, 0, 0, 1} : bones[b].quat;
    }
    const MdlFrameSource source = animationFrameSource(animation, frame);
    if (!source.bones) return poses;
    for (const MdlAnimBone& record : *source.bones) {
        if (record.bone >= bones.size()) continue;
        const MdlBone& bone = bones[record.bone];
        poses[record.bone].rotation = decodeRotation(record, bone, delta, source.localFrame);
        poses[record.bone].position = decodePosition(record, bone, delta, source.localFrame);
    }
    return poses;
}

} // namespace vtxc
