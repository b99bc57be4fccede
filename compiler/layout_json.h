// layout.json: what an .mdl writer needs to relate its records to the .vvd and .vtx vtxc wrote:
// checksum, bones, materials, body parts -> models -> meshes with vertex ranges and LOD counts.
#pragma once

#include "compiler/built_project.h"
#include "compiler/vvd_assembly.h"

#include <nlohmann/json.hpp>

namespace vtxc {

nlohmann::json layoutJson(const BuiltProject& built, const ModelProject& project,
                          const VvdAssembly& vvd, std::int32_t checksum);

} // namespace vtxc
