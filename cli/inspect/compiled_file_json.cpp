// JSON views of .vvd and .vtx for `vtxc inspect --json` (the .mdl's is in mdl_json.cpp), nested
// as the files are: bodyParts -> models -> lods -> meshes -> stripGroups -> strips (README:
// "inspect JSON").
#include "cli/inspect/compiled_file_json.h"

#include <algorithm>

namespace vtxc::cli {

using Json = nlohmann::ordered_json;

namespace {

Json stripJson(const VtxStrip& strip) {
    Json j;
    j["indexOffset"] = strip.indexOffset;
    j["numIndices"] = strip.numIndices;
    j["vertOffset"] = strip.vertOffset;
    j["numVerts"] = strip.numVerts;
    j["numBones"] = strip.numBones;
    j["flags"] = strip.flags;
    j["numBoneStateChanges"] = strip.boneStateChanges.size();
    j["boneStateChanges"] = arrayOf(strip.boneStateChanges, [](const VtxBoneStateChange& c) {
        return Json{{"hardwareID", c.hardwareID}, {"newBoneID", c.newBoneID}};
    });
    return j;
}

Json stripGroupJson(const VtxStripGroup& group) {
    Json j;
    j["flags"] = group.flags;
    j["numVerts"] = group.vertices.size();
    j["numIndices"] = group.indices.size();
    j["numStrips"] = group.strips.size();
    j["strips"] = arrayOf(group.strips, stripJson);
    return j;
}

Json meshJson(const VtxMesh& mesh) {
    Json j;
    j["flags"] = mesh.flags;
    j["numStripGroups"] = mesh.stripGroups.size();
    j["stripGroups"] = arrayOf(mesh.stripGroups, stripGroupJson);
    return j;
}

Json lodJson(const VtxModelLod& lod) {
    Json j;
    j["switchPoint"] = lod.switchPoint;
    j["numMeshes"] = lod.meshes.size();
    j["meshes"] = arrayOf(lod.meshes, meshJson);
    return j;
}

Json vtxModelJson(const VtxModel& model) {
    Json j;
    j["numLODs"] = model.lods.size();
    j["lods"] = arrayOf(model.lods, lodJson);
    return j;
}

Json vtxBodyPartJson(const VtxBodyPart& bodyPart) {
    Json j;
    j["numModels"] = bodyPart.models.size();
    j["models"] = arrayOf(bodyPart.models, vtxModelJson);
    return j;
}

Json replacementListJson(const std::vector<VtxMaterialReplacement>& list) {
    Json j;
    j["numReplacements"] = list.size();
    j["replacements"] = arrayOf(list, [](const VtxMaterialReplacement& r) {
        return Json{{"materialID", r.materialID}, {"name", r.name}};
    });
    return j;
}

} // namespace

Json vvdJson(const VvdFile& file) {
    Json j;
    j["kind"] = "vvd";
    j["id"] = std::string(file.id.begin(), file.id.end());
    j["version"] = file.version;
    j["checksum"] = file.checksum;
    j["numLODs"] = file.numLODs;
    j["numLODVertexes"] = file.numLODVertexes;
    j["numFixups"] = file.fixups.size();
    j["fixups"] = arrayOf(file.fixups, [](const VvdFixup& f) {
        return Json{
            {"lod", f.lod}, {"sourceVertexID", f.sourceVertexID}, {"numVertexes", f.numVertexes}};
    });
    j["vertexCount"] = file.vertices.size();
    j["tangentCount"] = file.tangents.size();
    int maxBones = 0;
    for (const VvdVertex& v : file.vertices)
        maxBones = std::max<int>(maxBones, v.boneWeights.numBones);
    j["maxNumBones"] = maxBones;
    return j;
}

Json vtxJson(const VtxFile& file) {
    Json j;
    j["kind"] = "vtx";
    j["version"] = file.version;
    j["vertCacheSize"] = file.vertCacheSize;
    j["maxBonesPerStrip"] = file.maxBonesPerStrip;
    j["maxBonesPerTri"] = file.maxBonesPerTri;
    j["maxBonesPerVert"] = file.maxBonesPerVert;
    j["checkSum"] = file.checkSum;
    j["numLODs"] = file.numLODs;
    j["numBodyParts"] = file.bodyParts.size();
    j["bodyParts"] = arrayOf(file.bodyParts, vtxBodyPartJson);
    j["materialReplacementLists"] = arrayOf(file.materialReplacements, replacementListJson);
    return j;
}

} // namespace vtxc::cli
