// The .vvd vertices in mesh order for one root LOD, as the engine sees them after applying the
// fixup table (docs/formats.md: concatenate the runs of every fixup whose lod >= root, in order).
#pragma once

#include "formats/studio/vvd.h"

#include <vector>

namespace vtxc {

// Indices into file.vertices (and file.tangents), in mesh order for `rootLod`. With no fixups the
// pool already is in mesh order: its first numLODVertexes[rootLod] vertices. Runs that fall outside
// the pool are clipped (the readers and the model check report those).
std::vector<std::uint32_t> meshOrderedVertexIndices(const VvdFile& file, int rootLod = 0);

} // namespace vtxc
