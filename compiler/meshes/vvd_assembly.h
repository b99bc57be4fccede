// Builds the .vvd of a compiled model: one vertex pool sorted so that each root LOD's vertices are
// a prefix, numLODVertexes, and the fixup table that restores mesh order (docs/formats.md, ".vvd").
#pragma once

#include "compiler/meshes/built_project.h"
#include "formats/studio/vvd.h"

#include <vector>

namespace vtxc {

struct VvdAssembly {
    VvdFile file;
    // Where each model's vertices start in mesh order (the .mdl's model vertexindex / 48), in
    // body part then model order.
    std::vector<std::size_t> modelVertexStart;
};

// The header's checksum is 0: the driver sets it once the files are serialised.
VvdAssembly assembleVvd(const BuiltProject& project);

} // namespace vtxc
