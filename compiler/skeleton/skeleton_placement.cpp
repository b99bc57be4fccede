// Placement of SMD skeletons and collision meshes by $scale and $origin: see skeleton_placement.h.
#include "compiler/skeleton/skeleton_placement.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace vtxc {

namespace {

bool isRoot(const SmdFile& smd, int node) {
    return node >= 0 && static_cast<std::size_t>(node) < smd.nodes.size() &&
           smd.nodes[static_cast<std::size_t>(node)].parent < 0;
}

Eigen::Vector3d placedRootPosition(const QcPlacement& placement, const Eigen::Vector3d& position) {
    const Eigen::Vector3d origin(placement.origin[0], placement.origin[1], placement.origin[2]);
    return turnAboutZ(placement.originRotationDegrees) * ((position - origin) * placement.scale);
}

bool finiteAsFloat(double value) {
    return std::isfinite(value) && std::abs(value) <= std::numeric_limits<float>::max();
}

} // namespace

bool isIdentity(const QcPlacement& placement) {
    return placement == QcPlacement{};
}

void placeNodePoses(const QcPlacement& placement, const SmdFile& smd,
                    std::vector<LocalPose>& nodes) {
    if (isIdentity(placement)) return;
    const Eigen::Quaterniond turn(turnAboutZ(placement.originRotationDegrees).rotation());
    for (std::size_t node = 0; node < nodes.size(); ++node) {
        LocalPose& pose = nodes[node];
        if (!isRoot(smd, static_cast<int>(node))) {
            pose.position *= placement.scale;
            continue;
        }
        pose.position = placedRootPosition(placement, pose.position);
        pose.rotation = (turn * pose.rotation).normalized();
    }
}

void placeSkeleton(SmdFile& smd, const QcPlacement& placement) {
    if (isIdentity(placement)) return;
    constexpr double kRadians = std::numbers::pi / 180.0;
    for (SmdFrame& frame : smd.frames)
        for (SmdBonePose& pose : frame.bones) {
            const Eigen::Vector3d position = toEigen(pose.position);
            if (!isRoot(smd, pose.bone)) {
                pose.position = toVec3(position * placement.scale);
                continue;
            }
            pose.position = toVec3(placedRootPosition(placement, position));
            // Euler angles turn as R = Rz Ry Rx: a turn about Z before it adds to z.
            pose.rotation.z += static_cast<float>(placement.originRotationDegrees * kRadians);
        }
}

SmdFile placedSkeletonOf(const SmdFile& smd, const QcPlacement& placement) {
    SmdFile skeleton;
    skeleton.fileName = smd.fileName;
    skeleton.nodes = smd.nodes;
    skeleton.frames = smd.frames;
    skeleton.hasTrianglesSection = smd.hasTrianglesSection;
    placeSkeleton(skeleton, placement);
    return skeleton;
}

void placePositions(SmdFile& smd, const QcPlacement& placement) {
    if (isIdentity(placement)) return;
    placeSkeleton(smd, placement);
    const Eigen::Isometry3d turn = turnAboutZ(placement.originRotationDegrees);
    for (SmdTriangle& triangle : smd.triangles)
        for (SmdVertex& corner : triangle.corners) {
            corner.position = toVec3(placedRootPosition(placement, toEigen(corner.position)));
            corner.normal = toVec3(turn.linear() * toEigen(corner.normal));
        }
}

std::optional<std::uint32_t> lineBeyondFloatRange(const SmdFile& placed) {
    const auto beyond = [](const Vec3& v) {
        return !finiteAsFloat(v.x) || !finiteAsFloat(v.y) || !finiteAsFloat(v.z);
    };
    for (const SmdFrame& frame : placed.frames)
        for (const SmdBonePose& pose : frame.bones)
            if (beyond(pose.position)) return frame.line;
    for (const SmdTriangle& triangle : placed.triangles)
        for (const SmdVertex& corner : triangle.corners)
            if (beyond(corner.position)) return triangle.line;
    return std::nullopt;
}

bool withinFloatRange(const std::vector<LocalPose>& nodes) {
    return std::all_of(nodes.begin(), nodes.end(), [](const LocalPose& pose) {
        return finiteAsFloat(pose.position.x()) && finiteAsFloat(pose.position.y()) &&
               finiteAsFloat(pose.position.z());
    });
}

} // namespace vtxc
