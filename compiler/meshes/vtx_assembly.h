// Builds the .vtx strip files of a compiled model, one per variant: strip groups and bone-limited,
// cache-ordered strips for every body part, model, LOD and mesh (docs/formats.md, ".vtx").
#pragma once

#include "compiler/meshes/built_project.h"
#include "compiler/project/compile_options.h"
#include "formats/studio/vtx.h"
#include "optimizer/strips/strip_memo.h"

#include <optional>
#include <vector>

namespace vtxc {

struct VtxAssembly {
    VtxVariant variant;
    VtxFile file;
};

// Builds every requested variant; meshes, LODs and variants run in parallel (TBB) and the result
// does not depend on the thread count. Returns nothing after reporting an error.
// The headers' checkSum is 0: the driver sets it once the files are serialised.
// Partitions and cache orders are shared through `memo` (strip_memo.h) with earlier calls on the
// same project (vtxc tune); without one they are still shared between the variants of this call.
std::optional<std::vector<VtxAssembly>> assembleVtx(const BuiltProject& project,
                                                    const CompileOptions& options,
                                                    DiagnosticSink& sink,
                                                    StripMemo* memo = nullptr);

} // namespace vtxc
