// `worldspaceblend`: another animation's pose blended into an animation bone by bone in model
// space (docs/mdl-compile.md, "worldspaceblend"), as Valve's hl2mp player layers are made.
#pragma once

#include "compiler/skeleton/pose_math.h"

#include <vector>

namespace vtxc {

// For each frame and bone of weight w: the bone's model-space rotation turned w of the way to the
// overlay's, its position from its parent w of the way to the overlay's. Frame f is blended with
// the overlay's frame f, or its last when it has fewer. Bones are in parent-first order.
void blendInModelSpace(std::vector<std::vector<LocalPose>>& frames,
                       const std::vector<std::vector<LocalPose>>& overlay,
                       const std::vector<double>& weights, const std::vector<int>& parents);

} // namespace vtxc
