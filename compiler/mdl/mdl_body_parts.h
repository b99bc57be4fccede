// Body parts, models and meshes with the vertex bookkeeping that ties them to the .vvd
// (docs/mdl-compile.md): the numbers come from the built meshes and the .vvd assembly so
// that the three files always agree.
#pragma once

#include "compiler/meshes/built_project.h"
#include "compiler/meshes/vvd_assembly.h"
#include "formats/studio/mdl.h"

#include <vector>

namespace vtxc {

// `blank[b][m]` is true for a `blank` model (its name is empty in the .mdl).
std::vector<MdlBodyPart> buildBodyParts(const BuiltProject& built, const VvdAssembly& vvd,
                                        const std::vector<std::vector<bool>>& blank);

} // namespace vtxc
