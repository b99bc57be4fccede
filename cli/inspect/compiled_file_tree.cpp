// Text trees of .vvd and .vtx for `vtxc inspect` (the .mdl's is in mdl_tree.cpp): one line per
// record, two spaces per level, counts rather than contents (the --json output has the same
// figures for scripts).
#include "cli/inspect/compiled_file_tree.h"

#include "cli/inspect/text_tree.h"

#include <algorithm>
#include <cstdio>

namespace vtxc::cli {

namespace {

void stripLines(Tree& t, const VtxStripGroup& group) {
    for (std::size_t s = 0; s < group.strips.size(); ++s) {
        const VtxStrip& strip = group.strips[s];
        t.line(6, "strip " + std::to_string(s) + ", flags " + hex(strip.flags) + ": indices " +
                      std::to_string(strip.indexOffset) + "+" + std::to_string(strip.numIndices) +
                      ", verts " + std::to_string(strip.vertOffset) + "+" +
                      std::to_string(strip.numVerts) + ", numBones " +
                      std::to_string(strip.numBones) + ", " +
                      count(strip.boneStateChanges.size(), "bone state change"));
    }
}

void meshLines(Tree& t, const VtxModelLod& lod) {
    for (std::size_t m = 0; m < lod.meshes.size(); ++m) {
        const VtxMesh& mesh = lod.meshes[m];
        t.line(4, "mesh " + std::to_string(m) + ", flags " + hex(mesh.flags) + ": " +
                      count(mesh.stripGroups.size(), "strip group"));
        for (std::size_t g = 0; g < mesh.stripGroups.size(); ++g) {
            const VtxStripGroup& group = mesh.stripGroups[g];
            t.line(5, "stripGroup " + std::to_string(g) + ", flags " + hex(group.flags) + ": " +
                          std::to_string(group.vertices.size()) + " verts, " +
                          std::to_string(group.indices.size()) + " indices (" +
                          count(group.indices.size() / 3, "triangle") + "), " +
                          count(group.strips.size(), "strip"));
            stripLines(t, group);
        }
    }
}

} // namespace

std::string vtxTree(const VtxFile& file, const std::string& name) {
    Tree t;
    t.line(0, name + ": .vtx version " + std::to_string(file.version) + ", checkSum " +
                  std::to_string(file.checkSum) + ", numLODs " + std::to_string(file.numLODs));
    t.line(1, "vertCacheSize " + std::to_string(file.vertCacheSize) + ", maxBonesPerStrip " +
                  std::to_string(file.maxBonesPerStrip) + ", maxBonesPerTri " +
                  std::to_string(file.maxBonesPerTri) + ", maxBonesPerVert " +
                  std::to_string(file.maxBonesPerVert));
    for (std::size_t b = 0; b < file.bodyParts.size(); ++b) {
        const VtxBodyPart& bodyPart = file.bodyParts[b];
        t.line(1, "bodyPart " + std::to_string(b) + ": " + count(bodyPart.models.size(), "model"));
        for (std::size_t m = 0; m < bodyPart.models.size(); ++m) {
            const VtxModel& model = bodyPart.models[m];
            t.line(2, "model " + std::to_string(m) + ": " + count(model.lods.size(), "LOD"));
            for (std::size_t l = 0; l < model.lods.size(); ++l) {
                const VtxModelLod& lod = model.lods[l];
                t.line(3, "lod " + std::to_string(l) + ", switchPoint " + number(lod.switchPoint) +
                              ": " + count(lod.meshes.size(), "mesh", "meshes"));
                meshLines(t, lod);
            }
        }
    }
    std::size_t replacements = 0;
    for (const auto& list : file.materialReplacements)
        replacements += list.size();
    t.line(1, "material replacements: " + std::to_string(replacements) + " in " +
                  count(file.materialReplacements.size(), "LOD list"));
    for (std::size_t l = 0; l < file.materialReplacements.size(); ++l)
        for (const auto& r : file.materialReplacements[l])
            t.line(2, "lod " + std::to_string(l) + ": material " + std::to_string(r.materialID) +
                          " -> " + r.name);
    return t.take();
}

std::string vvdTree(const VvdFile& file, const std::string& name) {
    Tree t;
    t.line(0, name + ": .vvd " + std::string(file.id.begin(), file.id.end()) + " version " +
                  std::to_string(file.version) + ", checksum " + std::to_string(file.checksum) +
                  ", numLODs " + std::to_string(file.numLODs));
    std::string lods = "numLODVertexes";
    for (std::int32_t n : file.numLODVertexes)
        lods += " " + std::to_string(n);
    t.line(1, lods);
    int maxBones = 0;
    for (const VvdVertex& v : file.vertices)
        maxBones = std::max<int>(maxBones, v.boneWeights.numBones);
    t.line(1, count(file.vertices.size(), "vertex", "vertices") + ", " +
                  count(file.tangents.size(), "tangent") + ", up to " +
                  count(static_cast<std::size_t>(maxBones), "bone") + " per vertex");
    t.line(1, count(file.fixups.size(), "fixup"));
    for (std::size_t i = 0; i < file.fixups.size(); ++i) {
        const VvdFixup& f = file.fixups[i];
        t.line(2, "fixup " + std::to_string(i) + ": lod " + std::to_string(f.lod) + ", vertices " +
                      std::to_string(f.sourceVertexID) + "+" + std::to_string(f.numVertexes));
    }
    return t.take();
}

} // namespace vtxc::cli
