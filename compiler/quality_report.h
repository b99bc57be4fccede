// Quality figures of .vtx files as JSON, shared by `vtxc compile --report` and `vtxc stats`:
// per variant and LOD (and mesh) triangles, vertices, strips, bone state changes, ACMR and ATVR.
#pragma once

#include "compiler/compile_options.h"
#include "formats/studio/vtx.h"
#include "optimizer/vtx_analysis.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace vtxc {

struct NamedVtx {
    std::string variant; // "dx90", "dx80", "sw"
    const VtxFile* file;
};

// {"variants": {"dx90": {"vertCacheSize": 24, "maxBonesPerStrip": 53, "lods": [ {"triangles":...,
// "uniqueVertices", "storedVertices", "duplication", "stripGroups", "strips", "boneStateChanges",
// "acmr", "atvr", "cacheSizes": {"16": {"acmr", "atvr"}, ...}, "meshes": [ ...same keys... ]} ]}}}
// The header's cache size is always simulated; `extraCacheSizes` adds more.
nlohmann::json qualityJson(const std::vector<NamedVtx>& files,
                           const std::vector<std::size_t>& extraCacheSizes = {});

nlohmann::json qualityFiguresJson(const StripQuality& q);

} // namespace vtxc
