// Text trees of .vvd, .vtx and .mdl for `vtxc inspect`: one line per record, two spaces per level,
// counts rather than contents (the --json output has the same figures for scripts).
#include "cli/inspect/compiled_file_tree.h"

#include <algorithm>
#include <cstdio>

namespace vtxc::cli {

namespace {

// "1 model", "3 models".
std::string count(std::size_t n, const char* singular, const char* plural = nullptr) {
    return std::to_string(n) + " " +
           (n == 1   ? singular
            : plural ? plural
                     : std::string(singular) + "s");
}

std::string hex(unsigned value, int digits = 2) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%0*x", digits, value);
    return text;
}

std::string number(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
    return text;
}

class Tree {
  public:
    void line(int depth, const std::string& text) {
        out_ += std::string(2 * depth, ' ') + text + '\n';
    }
    std::string take() { return std::move(out_); }

  private:
    std::string out_;
};

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

std::string mdlTree(const MdlFile& file, const std::string& name) {
    Tree t;
    t.line(0, name + ": .mdl IDST version " + std::to_string(file.version) + ", checksum " +
                  std::to_string(file.checksum) + ", name \"" + file.name + "\"");
    std::string flags = "flags " + hex(static_cast<unsigned>(file.flags), 1);
    for (const std::string& flag : mdlFlagNames(file.flags))
        flags += " " + flag;
    t.line(1, flags);
    t.line(1, count(file.bones.size(), "bone") + ":");
    for (std::size_t i = 0; i < file.bones.size(); ++i)
        t.line(2, std::to_string(i) + " " + file.bones[i].name +
                      (file.bones[i].parent < 0
                           ? ""
                           : " (parent " + std::to_string(file.bones[i].parent) + ")"));
    std::string textures = count(file.textures.size(), "texture") + ":";
    for (const MdlTexture& texture : file.textures)
        textures += " " + texture.name;
    t.line(1, textures);
    std::string paths = "cdmaterials:";
    for (const std::string& path : file.cdmaterials)
        paths += " \"" + path + "\"";
    t.line(1, paths);
    t.line(1, count(file.skinFamilies.size(), "skin family", "skin families") + " x " +
                  count(file.skinFamilies.empty() ? 0 : file.skinFamilies.front().size(),
                        "reference"));
    for (std::size_t b = 0; b < file.bodyParts.size(); ++b) {
        const MdlBodyPart& bodyPart = file.bodyParts[b];
        t.line(1, "bodyPart " + std::to_string(b) + " \"" + bodyPart.name +
                      "\": " + count(bodyPart.models.size(), "model") + ", base " +
                      std::to_string(bodyPart.base));
        for (std::size_t m = 0; m < bodyPart.models.size(); ++m) {
            const MdlModel& model = bodyPart.models[m];
            t.line(2, "model " + std::to_string(m) + " \"" + model.name + "\": " +
                          count(static_cast<std::size_t>(std::max(0, model.numvertices)), "vertex",
                                "vertices") +
                          " at vertexindex " + std::to_string(model.vertexindex) + ", " +
                          count(model.meshes.size(), "mesh", "meshes"));
            for (std::size_t k = 0; k < model.meshes.size(); ++k) {
                const MdlMesh& mesh = model.meshes[k];
                std::string lods;
                for (std::int32_t n : mesh.numLODVertexes)
                    lods += " " + std::to_string(n);
                t.line(3, "mesh " + std::to_string(k) + ": material " +
                              std::to_string(mesh.material) + ", " +
                              std::to_string(mesh.numvertices) + " vertices from vertexoffset " +
                              std::to_string(mesh.vertexoffset) + ", numLODVertexes" + lods);
            }
        }
    }
    return t.take();
}

} // namespace vtxc::cli
