// JSON of the compile's typed results. Objects are nlohmann::json's default (keys in name order),
// so the text depends on the values only.
#include "compiler/compile_json.h"

#include <nlohmann/json.hpp>
#include <utility>

namespace vtxc {

using Json = nlohmann::json;

// The layout structs' members are named as layout.json's keys: nlohmann::json serialises them
// (and vectors of them) member by member, found by argument-dependent lookup.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LayoutBone, name, parent)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LayoutLod, switchPoint, shadow)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LayoutMesh, material, materialName, vertexOffset, vertexCount,
                                   lodVertexCounts)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LayoutModel, name, vertexIndex, vertexCount, meshes)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LayoutBodyPart, name, models)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LayoutSequence, name, files, fps, loop, frames)
NLOHMANN_JSON_SERIALIZE_ENUM(SwitchPointRule, {{SwitchPointRule::Error, "error"},
                                               {SwitchPointRule::Previous, "previous"},
                                               {SwitchPointRule::Shadow, "shadow"}})
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GeneratedLodFigures, model, lod, shadow, triangles, vertices,
                                   meanError, maxError, meanErrorPercent, maxErrorPercent,
                                   switchPoint, switchPointRule, switchError, pixelError)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ModelLayout, generator, name, checksum, staticProp, mdlFlags,
                                   bones, materials, cdMaterials, textureGroups, lods, bodyParts,
                                   sequences, generatedLods)

namespace {
// The report's figures by key; "cacheSizes" (otherCacheSizes) is keyed by size.
constexpr std::pair<const char*, std::size_t QualityFigures::*> kCounts[] = {
    {"triangles", &QualityFigures::triangles},
    {"uniqueVertices", &QualityFigures::uniqueVertices},
    {"storedVertices", &QualityFigures::storedVertices},
    {"stripGroups", &QualityFigures::stripGroups},
    {"strips", &QualityFigures::strips},
    {"boneStateChanges", &QualityFigures::boneStateChanges}};
constexpr std::pair<const char*, double QualityFigures::*> kRatios[] = {
    {"duplication", &QualityFigures::duplication},
    {"acmr", &QualityFigures::acmr},
    {"atvr", &QualityFigures::atvr}};

Json figuresJson(const QualityFigures& f) {
    Json j = Json::object();
    for (const auto& [key, count] : kCounts)
        j[key] = f.*count;
    for (const auto& [key, ratio] : kRatios)
        j[key] = f.*ratio;
    if (f.otherCacheSizes.empty()) return j;
    Json& sizes = j["cacheSizes"] = Json::object();
    for (const CacheSizeFigures& at : f.otherCacheSizes)
        sizes[std::to_string(at.cacheSize)] = {{"acmr", at.acmr}, {"atvr", at.atvr}};
    return j;
}
} // namespace

std::string jsonFileText(const nlohmann::json& json) {
    // Strings are UTF-8 where they come from text inputs (the readers refuse others: QC007,
    // SMD024, KV3012); names from file systems or binary models may not be, and are written with
    // U+FFFD rather than failing the command.
    return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string layoutJsonText(const ModelLayout& layout) {
    Json json = layout;
    // A model without generated LODs keeps the layout.json it had before they existed.
    if (layout.generatedLods.empty()) json.erase("generatedLods");
    return jsonFileText(json);
}

Json generatedLodsJson(const std::vector<GeneratedLodFigures>& figures) {
    return figures;
}

std::optional<LayoutLodFigures> layoutLodFigures(std::string_view layoutJson) {
    const Json json = Json::parse(layoutJson.begin(), layoutJson.end(), nullptr, false);
    if (json.is_discarded() || !json.is_object()) return std::nullopt;
    const auto checksum = json.find("checksum");
    if (checksum == json.end() || !checksum->is_number_integer()) return std::nullopt;
    LayoutLodFigures out;
    // Reading a value of the wrong type throws; a file that is not vtxc's gives nothing.
    try {
        out.checksum = checksum->get<std::int32_t>();
        if (const auto lods = json.find("generatedLods"); lods != json.end())
            out.generatedLods = lods->get<std::vector<GeneratedLodFigures>>();
    } catch (const Json::exception&) {
        return std::nullopt;
    }
    return out;
}

Json qualityReportJson(const QualityReport& report, const LodJsonExtension& extendLod) {
    Json variants = Json::object();
    for (std::size_t v = 0; v < report.variants.size(); ++v) {
        const VariantQualityReport& variant = report.variants[v];
        Json lods = Json::array();
        for (std::size_t l = 0; l < variant.lods.size(); ++l) {
            Json j = figuresJson(variant.lods[l].total);
            Json& meshes = j["meshes"] = Json::array();
            for (const QualityFigures& mesh : variant.lods[l].meshes)
                meshes.push_back(figuresJson(mesh));
            if (extendLod) extendLod(v, l, j);
            lods.push_back(j);
        }
        variants[variant.variant] = {{"vertCacheSize", variant.vertCacheSize},
                                     {"maxBonesPerStrip", variant.maxBonesPerStrip},
                                     {"lods", lods}};
    }
    return {{"variants", variants}};
}

std::string qualityReportJsonText(const QualityReport& report) {
    return jsonFileText(qualityReportJson(report));
}

} // namespace vtxc
