// Cross-checks the files of one compiled model (.mdl, .vvd, .vtx variants): checksums, LOD counts,
// per-mesh vertex ranges, per-LOD vertex counts, fixups and bone/material references.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/studio/model_files.h"

#include <vector>

namespace vtxc {

// Each finding is one error naming the file and what differs; the codes are CHK001-CHK009,
// CHK011 (BONE_USED_BY_VERTEX_LOD flags against the bones the vertices of each LOD use), CHK012
// (BONE_USED_BY_HITBOX / _ATTACHMENT flags against the hitboxes, attachments, IK chains) and
// CHK013 (a .vvd value that is NaN or infinite) of
// kModelCheckCodes (formats/studio/studio_codes.h).
std::vector<Diagnostic> checkModel(const LoadedModel& model);

} // namespace vtxc
