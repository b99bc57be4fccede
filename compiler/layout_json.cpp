// layout.json: the .mdl-side view of a compile (mesh vertex offsets relative to their model, model
// vertex offsets in mesh order, per-LOD vertex counts as the .mdl's mesh numLODVertexes holds
// them).
#include "compiler/layout_json.h"

#include "compiler/version.h"

namespace vtxc {

namespace {
nlohmann::json modelJson(const BuiltModel& model, std::size_t modelVertexStart,
                         const std::vector<std::string>& materials) {
    nlohmann::json meshes = nlohmann::json::array();
    std::size_t offset = 0, triangles = 0;
    for (const BuiltMesh& mesh : model.meshes) {
        meshes.push_back({{"material", mesh.material},
                          {"materialName", materials[mesh.material]},
                          {"vertexOffset", offset},
                          {"vertexCount", mesh.vertices.size()},
                          {"lodVertexCounts", mesh.lodVertexCounts()}});
        offset += mesh.vertices.size();
        for (const auto& lod : mesh.lodIndices)
            triangles += lod.size() / 3;
    }
    return {{"name", model.name},
            {"vertexIndex", modelVertexStart},
            {"vertexCount", offset},
            {"meshes", meshes}};
}
} // namespace

nlohmann::json layoutJson(const BuiltProject& built, const ModelProject& project,
                          const VvdAssembly& vvd, std::int32_t checksum) {
    nlohmann::json j;
    j["generator"] = std::string("vtxc ") + versionString();
    j["name"] = project.name;
    j["checksum"] = checksum;
    j["staticProp"] = built.staticProp;
    j["mdlFlags"] = project.mdlFlags;
    nlohmann::json bones = nlohmann::json::array();
    for (const ModelBone& bone : built.bones.bones())
        bones.push_back({{"name", bone.name}, {"parent", bone.parent}});
    j["bones"] = bones;
    j["materials"] = built.materials;
    j["cdMaterials"] = project.cdMaterials;
    j["textureGroups"] = project.textureGroups;
    nlohmann::json lods = nlohmann::json::array();
    for (const ProjectLod& lod : built.lods)
        lods.push_back({{"switchPoint", lod.switchPoint}, {"shadow", lod.shadow}});
    j["lods"] = lods;
    nlohmann::json bodyParts = nlohmann::json::array();
    std::size_t modelIndex = 0;
    for (const BuiltBodyPart& part : built.bodyParts) {
        nlohmann::json models = nlohmann::json::array();
        for (const BuiltModel& model : part.models)
            models.push_back(
                modelJson(model, vvd.modelVertexStart.at(modelIndex++), built.materials));
        bodyParts.push_back({{"name", part.name}, {"models", models}});
    }
    j["bodyParts"] = bodyParts;
    nlohmann::json sequences = nlohmann::json::array();
    for (const auto& s : project.sequences) {
        nlohmann::json files = nlohmann::json::array();
        for (const auto& f : s.files)
            files.push_back(f.generic_string());
        sequences.push_back({{"name", s.name},
                             {"files", files},
                             {"fps", s.fps},
                             {"loop", s.loop},
                             {"frames", s.frames}});
    }
    j["sequences"] = sequences;
    return j;
}

} // namespace vtxc
