// JSON of the compile's typed results. Objects are nlohmann::json's default (keys in name order),
// so the text depends on the values only.
#include "compiler/compile_json.h"

#include <nlohmann/json.hpp>

namespace vtxc {

namespace {
using Json = nlohmann::json;

Json meshJson(const LayoutMesh& mesh) {
    return {{"material", mesh.material},
            {"materialName", mesh.materialName},
            {"vertexOffset", mesh.vertexOffset},
            {"vertexCount", mesh.vertexCount},
            {"lodVertexCounts", mesh.lodVertexCounts}};
}

Json modelJson(const LayoutModel& model) {
    Json meshes = Json::array();
    for (const LayoutMesh& mesh : model.meshes)
        meshes.push_back(meshJson(mesh));
    return {{"name", model.name},
            {"vertexIndex", model.vertexIndex},
            {"vertexCount", model.vertexCount},
            {"meshes", meshes}};
}

Json sequenceJson(const LayoutSequence& s) {
    return {{"name", s.name},
            {"files", s.files},
            {"fps", s.fps},
            {"loop", s.loop},
            {"frames", s.frames}};
}

Json layoutJson(const ModelLayout& layout) {
    Json j;
    j["generator"] = layout.generator;
    j["name"] = layout.name;
    j["checksum"] = layout.checksum;
    j["staticProp"] = layout.staticProp;
    j["mdlFlags"] = layout.mdlFlags;
    Json bones = Json::array();
    for (const LayoutBone& bone : layout.bones)
        bones.push_back({{"name", bone.name}, {"parent", bone.parent}});
    j["bones"] = bones;
    j["materials"] = layout.materials;
    j["cdMaterials"] = layout.cdMaterials;
    j["textureGroups"] = layout.textureGroups;
    Json lods = Json::array();
    for (const LayoutLod& lod : layout.lods)
        lods.push_back({{"switchPoint", lod.switchPoint}, {"shadow", lod.shadow}});
    j["lods"] = lods;
    Json bodyParts = Json::array();
    for (const LayoutBodyPart& part : layout.bodyParts) {
        Json models = Json::array();
        for (const LayoutModel& model : part.models)
            models.push_back(modelJson(model));
        bodyParts.push_back({{"name", part.name}, {"models", models}});
    }
    j["bodyParts"] = bodyParts;
    Json sequences = Json::array();
    for (const LayoutSequence& s : layout.sequences)
        sequences.push_back(sequenceJson(s));
    j["sequences"] = sequences;
    return j;
}
} // namespace

std::string jsonFileText(const nlohmann::json& json) {
    return json.dump(2) + "\n";
}

std::string layoutJsonText(const ModelLayout& layout) {
    return jsonFileText(layoutJson(layout));
}

namespace {
Json qualityFiguresJson(const QualityFigures& f) {
    Json j;
    j["triangles"] = f.triangles;
    j["uniqueVertices"] = f.uniqueVertices;
    j["storedVertices"] = f.storedVertices;
    j["duplication"] = f.duplication;
    j["stripGroups"] = f.stripGroups;
    j["strips"] = f.strips;
    j["boneStateChanges"] = f.boneStateChanges;
    j["acmr"] = f.acmr;
    j["atvr"] = f.atvr;
    if (!f.otherCacheSizes.empty()) {
        Json sizes = Json::object();
        for (const CacheSizeFigures& at : f.otherCacheSizes)
            sizes[std::to_string(at.cacheSize)] = {{"acmr", at.acmr}, {"atvr", at.atvr}};
        j["cacheSizes"] = sizes;
    }
    return j;
}
} // namespace

Json qualityReportJson(const QualityReport& report, const LodJsonExtension& extendLod) {
    Json variants = Json::object();
    for (std::size_t v = 0; v < report.variants.size(); ++v) {
        const VariantQualityReport& variant = report.variants[v];
        Json lods = Json::array();
        for (std::size_t l = 0; l < variant.lods.size(); ++l) {
            Json j = qualityFiguresJson(variant.lods[l].total);
            Json meshes = Json::array();
            for (const QualityFigures& mesh : variant.lods[l].meshes)
                meshes.push_back(qualityFiguresJson(mesh));
            j["meshes"] = meshes;
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
