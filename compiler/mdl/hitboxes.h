// Hitbox sets: the QC's $hbox lines, or the boxes studiomdl generates when there are none
// (docs/mdl-compile.md).
#pragma once

#include "compiler/meshes/built_project.h"
#include "compiler/skeleton/bone_setup.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_mdl_settings.h"
#include "formats/studio/mdl.h"

#include <optional>
#include <vector>

namespace vtxc {

// A generated box is kept only when its smallest side reaches this (model units): Valve's kept
// boxes measure 1.047 and more, the dropped ones 0.767 and less.
inline constexpr double kMinAutoHitboxSide = 1.0;

// The $hbox sets as written (a bone the model lacks is an error, BONE004, at its line).
std::optional<std::vector<MdlHitboxSet>> hitboxSetsFromQc(const std::vector<QcHitboxSet>& sets,
                                                          const Skeleton& skeleton,
                                                          DiagnosticSink& sink);

// One box per bone that has vertices or children, in the bone's frame, around its origin, its
// children's origins and every vertex weighted to it. Valve's sequence boxes reach the corners of
// all of them, thin ones included (docs/mdl-compile.md).
std::vector<MdlHitbox> generatedHitboxCandidates(const Skeleton& skeleton,
                                                 const BuiltProject& built);

// Set "default": the candidates whose smallest side reaches kMinAutoHitboxSide.
MdlHitboxSet generatedHitboxes(const std::vector<MdlHitbox>& candidates);

} // namespace vtxc
