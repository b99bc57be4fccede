// Cross-checks the files of one compiled model (.mdl, .vvd, .vtx variants): checksums, LOD counts,
// per-mesh vertex ranges, per-LOD vertex counts, fixups and bone/material references.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/studio/model_files.h"

#include <vector>

namespace vtxc {

// Each finding is one error naming the file and what differs; the codes are CHK001-CHK009 of
// kModelCheckCodes (formats/studio/studio_codes.h).
std::vector<Diagnostic> checkModel(const LoadedModel& model);

} // namespace vtxc
