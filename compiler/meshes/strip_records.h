// Converts the optimizer's strip groups (optimizer/strips/strip_partition.h) into .vtx records.
// Record rules: docs/formats.md (".vtx") (StripGroupHeader_t, StripHeader_t, Vertex_t).
#pragma once

#include "formats/studio/vtx.h"
#include "optimizer/strips/strip_partition.h"

#include <cstdint>

namespace vtxc {

// The .vtx strip group of `group`, with the given StripGroupHeader_t flags. Every strip is a
// triangle list; a static prop's strips reserve one uncounted bone state change as Valve's do.
VtxStripGroup toVtxStripGroup(const StripGroup& group, std::uint8_t flags, bool staticProp);

} // namespace vtxc
