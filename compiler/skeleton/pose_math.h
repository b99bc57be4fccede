// Bone poses in double precision for the .mdl stages: a local pose (position and rotation
// relative to the parent), its rigid transform, and conversions to the .mdl's float records.
// Euler angles follow the RadianEuler convention of the public SDK's mathlib (AngleQuaternion:
// q = qz(z) * qy(y) * qx(x)).
#pragma once

#include "formats/common/vector_types.h"
#include "formats/studio/mdl.h"

#include <Eigen/Geometry>

namespace vtxc {

struct LocalPose {
    Eigen::Vector3d position = Eigen::Vector3d::Zero();
    Eigen::Quaterniond rotation = Eigen::Quaterniond::Identity();
};

Eigen::Quaterniond quaternionFromEuler(const Eigen::Vector3d& radians);
// The Euler angles of a rotation (y in [-pi/2, pi/2]).
Eigen::Vector3d eulerFromQuaternion(const Eigen::Quaterniond& rotation);

Eigen::Isometry3d transformOf(const LocalPose& pose);
LocalPose poseOf(const Eigen::Isometry3d& transform);

// The model's +90 degree turn about Z (x, y, z) -> (-y, x, z): studiomdl's root bones in
// non-delta animations and $staticprop vertices carry it.
const Eigen::Isometry3d& quarterTurnAboutZ();
// A turn of `degrees` about Z (about the origin).
Eigen::Isometry3d turnAboutZ(double degrees);

Eigen::Vector3d toEigen(const Vec3& v);
Vec3 toVec3(const Eigen::Vector3d& v);
Vec4 toVec4(const Eigen::Quaterniond& q);
MdlMatrix3x4 toMdlMatrix(const Eigen::Isometry3d& transform);
Eigen::Isometry3d fromMdlMatrix(const MdlMatrix3x4& matrix);

// Model-space transforms of every bone, from local poses and parents (parents come first).
std::vector<Eigen::Isometry3d> modelTransforms(const std::vector<LocalPose>& local,
                                               const std::vector<int>& parents);

} // namespace vtxc
