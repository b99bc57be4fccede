// Attachments: local matrices from `rotate` angles (mathlib AngleMatrix convention, which gives
// every attachment of Valve's compiled models exactly) and positions in the bone's frame.
#include "compiler/mdl/attachments.h"

#include <cmath>
#include <numbers>

namespace vtxc {

Eigen::Matrix3d rotationFromAngles(const QcVec3& angles) {
    const double toRadians = std::numbers::pi / 180.0;
    const double sp = std::sin(angles[0] * toRadians), cp = std::cos(angles[0] * toRadians);
    const double sy = std::sin(angles[1] * toRadians), cy = std::cos(angles[1] * toRadians);
    const double sr = std::sin(angles[2] * toRadians), cr = std::cos(angles[2] * toRadians);
    Eigen::Matrix3d m;
    m << cp * cy, sr * sp * cy - cr * sy, cr * sp * cy + sr * sy, //
        cp * sy, sr * sp * sy + cr * cy, cr * sp * sy - sr * cy,  //
        -sp, sr * cp, cr * cp;
    return m;
}

std::optional<std::vector<MdlAttachment>>
buildAttachments(const std::vector<QcAttachment>& attachments, const Skeleton& skeleton,
                 DiagnosticSink& sink) {
    std::vector<MdlAttachment> out;
    bool ok = true;
    for (const QcAttachment& attachment : attachments) {
        const std::optional<int> bone = skeleton.find(attachment.bone);
        if (!bone) {
            sink.error("BONE004", attachment.definedAt,
                       "$attachment '" + attachment.name + "' names bone '" + attachment.bone +
                           "', which the model does not have; name one of its bones");
            ok = false;
            continue;
        }
        Eigen::Isometry3d local = Eigen::Isometry3d::Identity();
        if (attachment.rotationDegrees)
            local.linear() = rotationFromAngles(*attachment.rotationDegrees);
        local.translation() =
            Eigen::Vector3d(attachment.position[0], attachment.position[1], attachment.position[2]);
        if (attachment.absolute) {
            const Eigen::Isometry3d modelToBone =
                skeleton.boneToModel[static_cast<std::size_t>(*bone)].inverse();
            const Eigen::Isometry3d inBone = modelToBone * local;
            local.translation() = inBone.translation();
            if (!attachment.rigid) local.linear() = inBone.linear();
        }
        MdlAttachment record;
        record.name = attachment.name;
        record.flags = attachment.worldAlign ? 0x10000 : 0; // ATTACHMENT_FLAG_WORLD_ALIGN
        record.localbone = *bone;
        record.local = toMdlMatrix(local);
        out.push_back(std::move(record));
    }
    if (!ok) return std::nullopt;
    return out;
}

} // namespace vtxc
