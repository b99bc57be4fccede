// Animation records: channel choice per component and 16-bit quantisation of euler angles and
// positions against the bone's scales (rules in animation_encoding.h).
#include "compiler/animation/animation_encoding.h"

#include "formats/studio/mdl_codecs.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace vtxc {

namespace {

// An angle difference brought into [-pi, pi]: each euler component is a turn about one axis, so
// whole turns can be dropped per component.
double wrapAngle(double radians) {
    constexpr double kTurn = 2.0 * std::numbers::pi;
    radians = std::fmod(radians, kTurn);
    if (radians > std::numbers::pi) radians -= kTurn;
    if (radians < -std::numbers::pi) radians += kTurn;
    return radians;
}

// What a frame's rotation and position are relative to: the bind pose, or zero for deltas.
struct ChannelBase {
    Eigen::Vector3d euler = Eigen::Vector3d::Zero();
    Eigen::Vector3d position = Eigen::Vector3d::Zero();
};

ChannelBase baseOf(const MdlBone& bone, bool delta) {
    ChannelBase base;
    if (delta) return base;
    base.euler = toEigen(bone.rot);
    base.position = toEigen(bone.pos);
    return base;
}

Eigen::Vector3d rotationOffset(const LocalPose& pose, const ChannelBase& base) {
    const Eigen::Vector3d euler = eulerFromQuaternion(pose.rotation);
    return {wrapAngle(euler.x() - base.euler.x()), wrapAngle(euler.y() - base.euler.y()),
            wrapAngle(euler.z() - base.euler.z())};
}

// The quantised values of one component (rotation or position) over all frames, per axis.
using Channels = std::array<std::vector<std::int16_t>, 3>;

bool allZero(const Channels& channels) {
    for (const auto& axis : channels)
        for (std::int16_t v : axis)
            if (v != 0) return false;
    return true;
}

bool constant(const Channels& channels) {
    for (const auto& axis : channels)
        if (std::adjacent_find(axis.begin(), axis.end(), std::not_equal_to<>()) != axis.end())
            return false;
    return true;
}

std::array<MdlAnimValues, 3> runsOf(const Channels& channels) {
    std::array<MdlAnimValues, 3> runs;
    for (std::size_t axis = 0; axis < 3; ++axis) {
        const auto& values = channels[axis];
        if (std::any_of(values.begin(), values.end(), [](std::int16_t v) { return v != 0; }))
            runs[axis] = encodeAnimValues(values);
    }
    return runs;
}

std::optional<MdlAnimBone> encodeBone(const AnimationFrames& animation, const MdlBone& bone,
                                      std::size_t index) {
    const ChannelBase base = baseOf(bone, animation.delta);
    Channels rotation, position;
    for (const auto& frame : animation.frames) {
        const LocalPose& pose = frame[index];
        const Eigen::Vector3d angles = rotationOffset(pose, base);
        const Eigen::Vector3d offset = pose.position - base.position;
        const float* rotscale = &bone.rotscale.x;
        const float* posscale = &bone.posscale.x;
        for (int axis = 0; axis < 3; ++axis) {
            rotation[static_cast<std::size_t>(axis)].push_back(
                quantiseToSteps(angles[axis], rotscale[axis]));
            position[static_cast<std::size_t>(axis)].push_back(
                quantiseToSteps(offset[axis], posscale[axis]));
        }
    }
    const bool rotationMoves = !allZero(rotation), positionMoves = !allZero(position);
    if (!rotationMoves && !positionMoves) return std::nullopt;
    MdlAnimBone record;
    record.bone = static_cast<std::uint8_t>(index);
    record.flags = animation.delta ? kAnimDelta : 0;
    const LocalPose& first = animation.frames.front()[index];
    if (constant(rotation) && constant(position)) {
        if (rotationMoves) {
            // Of the two quaternions of the rotation, the one on the side of the default.
            Eigen::Quaterniond q = first.rotation.normalized();
            const Eigen::Quaterniond rest =
                animation.delta ? Eigen::Quaterniond::Identity() : quaternionFromEuler(base.euler);
            if (q.dot(rest) < 0) q.coeffs() = -q.coeffs();
            record.flags |= kAnimRawRot2;
            record.rawRot64 = packQuaternion64(toVec4(q));
        }
        if (positionMoves) {
            record.flags |= kAnimRawPos;
            record.rawPos = packVector48(toVec3(first.position));
        }
        return record;
    }
    if (rotationMoves) {
        record.flags |= kAnimAnimRot;
        record.rotValues = runsOf(rotation);
    }
    if (positionMoves) {
        record.flags |= kAnimAnimPos;
        record.posValues = runsOf(position);
    }
    return record;
}

} // namespace

std::int16_t quantiseToSteps(double value, float scale) {
    const double steps = std::trunc(static_cast<float>(value) / scale);
    return static_cast<std::int16_t>(std::clamp(steps, -32768.0, 32767.0));
}

std::vector<BoneScales> animationScales(const AnimationSet& animations, const Skeleton& skeleton) {
    std::vector<Eigen::Vector3d> rotationRange(skeleton.size(),
                                               Eigen::Vector3d::Constant(kMinRotationRange));
    std::vector<Eigen::Vector3d> positionRange(skeleton.size(),
                                               Eigen::Vector3d::Constant(kMinPositionRange));
    for (const AnimationFrames& animation : animations.animations) {
        for (std::size_t bone = 0; bone < skeleton.size(); ++bone) {
            ChannelBase base;
            if (!animation.delta) {
                base.euler = toEigen(skeleton.bones[bone].rotation);
                base.position = skeleton.bind[bone].position;
            }
            for (const auto& frame : animation.frames) {
                const LocalPose& pose = frame[bone];
                rotationRange[bone] =
                    rotationRange[bone].cwiseMax(rotationOffset(pose, base).cwiseAbs());
                positionRange[bone] =
                    positionRange[bone].cwiseMax((pose.position - base.position).cwiseAbs());
            }
        }
    }
    std::vector<BoneScales> scales(skeleton.size());
    for (std::size_t bone = 0; bone < skeleton.size(); ++bone) {
        scales[bone].rotscale = toVec3(rotationRange[bone] / 32767.0);
        scales[bone].posscale = toVec3(positionRange[bone] / 32767.0);
    }
    return scales;
}

MdlAnimDesc encodeAnimation(const AnimationFrames& animation, const std::vector<MdlBone>& bones) {
    MdlAnimDesc desc;
    desc.name = animation.name;
    desc.fps = animation.fps;
    desc.flags = (animation.loop ? kStudioLooping : 0) | (animation.delta ? kStudioDelta : 0) |
                 (animation.allZeros ? kStudioAllZeros : 0);
    desc.numframes = std::max(1, animation.frameCount());
    desc.movements = animation.movements;
    if (animation.frames.empty() || animation.allZeros) return desc;
    for (std::size_t bone = 0; bone < bones.size(); ++bone)
        if (auto record = encodeBone(animation, bones[bone], bone))
            desc.bones.push_back(std::move(*record));
    return desc;
}

} // namespace vtxc
