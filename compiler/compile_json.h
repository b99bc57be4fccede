// The JSON a compile writes: NAME.layout.json (ModelLayout) and the --report file (QualityReport).
// The only place the compiler produces JSON; the formats are documented in the README.
#pragma once

#include "compiler/model_layout.h"
#include "compiler/quality_report.h"

#include <cstddef>
#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace vtxc {

// {"generator", "name", "checksum", "staticProp", "mdlFlags", "bones": [{"name", "parent"}],
// "materials", "cdMaterials", "textureGroups", "lods": [{"switchPoint", "shadow"}], "bodyParts":
// [{"name", "models": [{"name", "vertexIndex", "vertexCount", "meshes": [{"material",
// "materialName", "vertexOffset", "vertexCount", "lodVertexCounts"}]}]}], "sequences": [{"name",
// "files", "fps", "loop", "frames"}]}, keys in name order, indented by 2, with a final newline.
std::string layoutJsonText(const ModelLayout& layout);

// {"variants": {"dx90": {"vertCacheSize": 24, "maxBonesPerStrip": 53, "lods": [{"triangles",
// "uniqueVertices", "storedVertices", "duplication", "stripGroups", "strips", "boneStateChanges",
// "acmr", "atvr", "cacheSizes": {"16": {"acmr", "atvr"}, ...}, "meshes": [ ...same keys... ]}]}}},
// keys in name order, indented by 2, with a final newline. "cacheSizes" only when more than the
// header's cache size was simulated.
std::string qualityReportJsonText(const QualityReport& report);

// The report as JSON, for writers that extend it (vtxc stats --json): `extendLod`, when given, is
// called with each LOD's object (variant and LOD index in `report`) to add keys.
using LodJsonExtension =
    std::function<void(std::size_t variant, std::size_t lod, nlohmann::json& lodJson)>;
nlohmann::json qualityReportJson(const QualityReport& report,
                                 const LodJsonExtension& extendLod = {});

// `json` as the files vtxc writes hold it: indented by 2, with a final newline.
std::string jsonFileText(const nlohmann::json& json);

} // namespace vtxc
