// Builds the .vtx strip files of a compiled model, one per variant: strip groups and bone-limited,
// cache-ordered strips for every body part, model, LOD and mesh (docs/formats.md, ".vtx").
#pragma once

#include "compiler/built_project.h"
#include "compiler/compile_options.h"
#include "formats/studio/vtx.h"

#include <optional>
#include <vector>

namespace vtxc {

struct VtxAssembly {
    VtxVariant variant;
    VtxFile file;
};

// Builds every requested variant; meshes, LODs and variants run in parallel (TBB) and the result
// does not depend on the thread count. Returns nothing after reporting an error.
std::optional<std::vector<VtxAssembly>> assembleVtx(const BuiltProject& project,
                                                    const CompileOptions& options,
                                                    std::int32_t checksum, DiagnosticSink& sink);

} // namespace vtxc
