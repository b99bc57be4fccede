// Attachments from $attachment (docs/mdl-compile.md; mstudioattachment_t in the
// public SDK's studio.h).
#pragma once

#include "compiler/skeleton/bone_setup.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_mdl_settings.h"
#include "formats/studio/mdl.h"

#include <optional>
#include <vector>

namespace vtxc {

// The rotation `rotate PITCH YAW ROLL` gives (degrees), as mathlib's AngleMatrix builds it.
Eigen::Matrix3d rotationFromAngles(const QcVec3& pitchYawRollDegrees);

// One record per $attachment, in QC order. The position is in the bone's frame; with `absolute`
// the position and orientation are in the model's bind-pose frame and are brought into the
// bone's; `rigid` with `absolute` converts the position only (the orientation stays the bone's).
// A bone the model lacks is an error (BONE004) at the attachment's line.
std::optional<std::vector<MdlAttachment>>
buildAttachments(const std::vector<QcAttachment>& attachments, const Skeleton& skeleton,
                 DiagnosticSink& sink);

} // namespace vtxc
