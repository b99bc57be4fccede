// Cross-checks the files of one compiled model (.mdl, .vvd, .vtx variants): checksums, LOD counts,
// per-mesh vertex ranges, per-LOD vertex counts, fixups and bone/material references.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/studio/model_files.h"

#include <vector>

namespace vtxc {

// Finding codes (each finding is one error naming the file and what differs):
//   CHK001 checksum differs             CHK002 LOD count differs
//   CHK003 body part/model/mesh counts   CHK004 .mdl vertex ranges (models, meshes, .vvd pool)
//   CHK005 .vtx vertex use vs numLODVertexes   CHK006 .vvd numLODVertexes
//   CHK007 fixups                        CHK008 bone references   CHK009 material references
//   CHK011 BONE_USED_BY_VERTEX_LOD flags against the bones the vertices of each LOD use
//   CHK012 BONE_USED_BY_HITBOX / _ATTACHMENT flags against the hitboxes, attachments, IK chains
std::vector<Diagnostic> checkModel(const LoadedModel& model);

} // namespace vtxc
