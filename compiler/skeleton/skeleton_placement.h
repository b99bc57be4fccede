// $scale and $origin on an SMD's skeleton: the frames of an animation named after them, and the
// bind pose of a mesh named after them, are placed as its vertices are (mesh_extraction.cpp):
// a root bone's position becomes turn((position - origin) * scale) and its rotation turns with
// it; every other bone's position is scaled. The developer wiki's $origin page says it "will
// adjust meshes, skeletons and $attachments"; Valve's labturret_npc.mdl (`$origin -16 0 16`
// before its sequences) has every animation's root 16 units along y and -16 along z from the
// file's, turned into the model's frame (docs/mdl-compile.md, "Placement").
#pragma once

#include "compiler/skeleton/pose_math.h"
#include "formats/qc/qc_file_refs.h"
#include "formats/smd/smd.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace vtxc {

bool isIdentity(const QcPlacement& placement);

// One frame of local node poses (indexed as `smd.nodes`), placed.
void placeNodePoses(const QcPlacement& placement, const SmdFile& smd,
                    std::vector<LocalPose>& nodes);

// Places every skeleton frame of `smd` (its triangles as they are).
void placeSkeleton(SmdFile& smd, const QcPlacement& placement);

// A copy of the SMD's skeleton alone (nodes and frames, no triangles), placed: the bind pose of a
// shared, cached reference mesh without copying its triangles.
SmdFile placedSkeletonOf(const SmdFile& smd, const QcPlacement& placement);

// Places the skeleton and the triangles' vertices (normals turned), as a collision mesh named
// after a $scale or $origin is: it stays on the placed model's bones.
void placePositions(SmdFile& smd, const QcPlacement& placement);

// The line of the first skeleton frame or triangle whose placed positions leave the range of 32-bit
// floats (a huge $scale or $origin), if any.
std::optional<std::uint32_t> lineBeyondFloatRange(const SmdFile& placed);
// Whether every placed node position is finite as a 32-bit float.
bool withinFloatRange(const std::vector<LocalPose>& nodes);

} // namespace vtxc
