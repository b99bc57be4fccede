// The JSON a compile writes: NAME.layout.json (ModelLayout) and the --report file (QualityReport).
// The only place the compiler produces JSON; the formats are documented in the README.
#pragma once

#include "compiler/meshes/quality_report.h"
#include "compiler/model_layout.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

// {"generator", "name", "checksum", "staticProp", "mdlFlags", "bones": [{"name", "parent"}],
// "materials", "cdMaterials", "textureGroups", "lods": [{"switchPoint", "shadow"}], "bodyParts":
// [{"name", "models": [{"name", "vertexIndex", "vertexCount", "meshes": [{"material",
// "materialName", "vertexOffset", "vertexCount", "lodVertexCounts"}]}]}], "sequences": [{"name",
// "files", "fps", "loop", "frames"}], "generatedLods": [generatedLodsJson's objects]}, keys in
// name order, indented by 2, with a final newline. "generatedLods" only when LODs were generated.
std::string layoutJsonText(const ModelLayout& layout);

// [{"model", "lod", "shadow", "triangles", "vertices", "meanError", "maxError" (model units),
// "meanErrorPercent", "maxErrorPercent" (of LOD 0's diagonal), "switchPoint", "switchPointRule"
// ("error", "previous" or "shadow"), "switchError", "pixelError"}]: layout.json's
// "generatedLods", the --report's "autoLods" and vtxc stats' "generatedLods".
nlohmann::json generatedLodsJson(const std::vector<GeneratedLodFigures>& figures);

// What vtxc stats takes from a layout.json: the checksum of the files it describes and the
// generated LODs' figures. Nothing when the text is not a layout.json vtxc writes.
struct LayoutLodFigures {
    std::int32_t checksum = 0;
    std::vector<GeneratedLodFigures> generatedLods;
};
std::optional<LayoutLodFigures> layoutLodFigures(std::string_view layoutJson);

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
