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
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ModelLayout, generator, name, checksum, staticProp, mdlFlags,
                                   bones, materials, cdMaterials, textureGroups, lods, bodyParts,
                                   sequences)

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
    return json.dump(2) + "\n";
}

std::string layoutJsonText(const ModelLayout& layout) {
    return jsonFileText(layout);
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
