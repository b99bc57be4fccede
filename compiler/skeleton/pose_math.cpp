// Bone pose conversions; the Euler convention is mathlib's AngleQuaternion/MatrixAngles (public
// Source SDK 2013), as the .mdl's RadianEuler fields use it.
#include "compiler/skeleton/pose_math.h"

#include <cmath>
#include <numbers>

namespace vtxc {

Eigen::Quaterniond quaternionFromEuler(const Eigen::Vector3d& radians) {
    return Eigen::AngleAxisd(radians.z(), Eigen::Vector3d::UnitZ()) *
           Eigen::AngleAxisd(radians.y(), Eigen::Vector3d::UnitY()) *
           Eigen::AngleAxisd(radians.x(), Eigen::Vector3d::UnitX());
}

Eigen::Vector3d eulerFromQuaternion(const Eigen::Quaterniond& rotation) {
    const Eigen::Matrix3d m = rotation.normalized().toRotationMatrix();
    const double cosY = std::sqrt(m(0, 0) * m(0, 0) + m(1, 0) * m(1, 0));
    if (cosY > 1e-9)
        return {std::atan2(m(2, 1), m(2, 2)), std::atan2(-m(2, 0), cosY),
                std::atan2(m(1, 0), m(0, 0))};
    return {std::atan2(-m(1, 2), m(1, 1)), std::atan2(-m(2, 0), cosY), 0.0};
}

Eigen::Isometry3d transformOf(const LocalPose& pose) {
    Eigen::Isometry3d t = Eigen::Isometry3d::Identity();
    t.linear() = pose.rotation.normalized().toRotationMatrix();
    t.translation() = pose.position;
    return t;
}

LocalPose poseOf(const Eigen::Isometry3d& transform) {
    LocalPose pose;
    pose.position = transform.translation();
    pose.rotation = Eigen::Quaterniond(transform.linear()).normalized();
    return pose;
}

Eigen::Isometry3d turnAboutZ(double degrees) {
    Eigen::Isometry3d turn = Eigen::Isometry3d::Identity();
    turn.linear() =
        Eigen::AngleAxisd(degrees / (180.0 / std::numbers::pi), Eigen::Vector3d::UnitZ()).matrix();
    return turn;
}

const Eigen::Isometry3d& quarterTurnAboutZ() {
    static const Eigen::Isometry3d turn = [] {
        Eigen::Isometry3d t = Eigen::Isometry3d::Identity();
        t.linear() << 0, -1, 0, 1, 0, 0, 0, 0, 1;
        return t;
    }();
    return turn;
}

Eigen::Vector3d toEigen(const Vec3& v) {
    return {v.x, v.y, v.z};
}

Vec3 toVec3(const Eigen::Vector3d& v) {
    return {static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())};
}

Vec4 toVec4(const Eigen::Quaterniond& q) {
    return {static_cast<float>(q.x()), static_cast<float>(q.y()), static_cast<float>(q.z()),
            static_cast<float>(q.w())};
}

MdlMatrix3x4 toMdlMatrix(const Eigen::Isometry3d& transform) {
    MdlMatrix3x4 out;
    for (int row = 0; row < 3; ++row) {
        for (int column = 0; column < 3; ++column)
            out.m[static_cast<std::size_t>(4 * row + column)] =
                static_cast<float>(transform.linear()(row, column));
        out.m[static_cast<std::size_t>(4 * row + 3)] =
            static_cast<float>(transform.translation()(row));
    }
    return out;
}

Eigen::Isometry3d fromMdlMatrix(const MdlMatrix3x4& matrix) {
    Eigen::Isometry3d t = Eigen::Isometry3d::Identity();
    for (int row = 0; row < 3; ++row) {
        for (int column = 0; column < 3; ++column)
            t.linear()(row, column) = matrix.at(row, column);
        t.translation()(row) = matrix.at(row, 3);
    }
    return t;
}

std::vector<Eigen::Isometry3d> modelTransforms(const std::vector<LocalPose>& local,
                                               const std::vector<int>& parents) {
    std::vector<Eigen::Isometry3d> out(local.size(), Eigen::Isometry3d::Identity());
    for (std::size_t i = 0; i < local.size(); ++i) {
        const Eigen::Isometry3d own = transformOf(local[i]);
        const int parent = parents[i];
        out[i] = parent < 0 ? own : out[static_cast<std::size_t>(parent)] * own;
    }
    return out;
}

} // namespace vtxc
