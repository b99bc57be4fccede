// Writes a .vtx: plans every section's offset first, then emits the sections back to back in the
// order of docs/formats.md, each record checked against its size and planned offset.
#include "formats/common/byte_writer.h"
#include "formats/studio/vtx.h"

#include <algorithm>
#include <string>

namespace vtxc {

namespace {

// The tree flattened level by level, in nesting order: a section holds one level's records in
// exactly this order, so record k of a level sits at sectionStart + k * recordSize.
struct FlatTree {
    std::vector<const VtxBodyPart*> bodyParts;
    std::vector<const VtxModel*> models;
    std::vector<const VtxModelLod*> lods;
    std::vector<const VtxMesh*> meshes;
    std::vector<const VtxStripGroup*> stripGroups;
    std::vector<const VtxStrip*> strips;
    std::vector<const VtxMaterialReplacement*> replacements;
};

FlatTree flatten(const VtxFile& file) {
    FlatTree t;
    for (const auto& bodyPart : file.bodyParts)
        t.bodyParts.push_back(&bodyPart);
    for (const auto* bodyPart : t.bodyParts)
        for (const auto& model : bodyPart->models)
            t.models.push_back(&model);
    for (const auto* model : t.models)
        for (const auto& lod : model->lods)
            t.lods.push_back(&lod);
    for (const auto* lod : t.lods)
        for (const auto& mesh : lod->meshes)
            t.meshes.push_back(&mesh);
    for (const auto* mesh : t.meshes)
        for (const auto& group : mesh->stripGroups)
            t.stripGroups.push_back(&group);
    for (const auto* group : t.stripGroups)
        for (const auto& strip : group->strips)
            t.strips.push_back(&strip);
    for (int lod = 0; lod < file.numLODs; ++lod)
        if (static_cast<std::size_t>(lod) < file.materialReplacements.size())
            for (const auto& replacement : file.materialReplacements[lod])
                t.replacements.push_back(&replacement);
    return t;
}

// Where each section starts; sections follow one another with no padding.
struct Layout {
    std::size_t bodyParts, models, lods, meshes, stripGroups, strips, vertices, indices,
        boneStateChanges, strings, replacements, replacementLists, end;
};

Layout planLayout(const VtxFile& file, const FlatTree& t) {
    std::size_t vertexCount = 0, indexCount = 0, changeCount = 0, stringBytes = 0;
    for (const auto* group : t.stripGroups) {
        vertexCount += group->vertices.size();
        indexCount += group->indices.size();
    }
    for (const auto* strip : t.strips)
        changeCount += strip->boneStateChanges.size() +
                       static_cast<std::size_t>(std::max(0, strip->reservedBoneStateChanges));
    for (const auto* replacement : t.replacements)
        stringBytes += replacement->name.size() + 1;

    Layout l{};
    l.bodyParts = kVtxFileHeaderSize;
    l.models = l.bodyParts + kVtxBodyPartHeaderSize * t.bodyParts.size();
    l.lods = l.models + kVtxModelHeaderSize * t.models.size();
    l.meshes = l.lods + kVtxModelLodHeaderSize * t.lods.size();
    l.stripGroups = l.meshes + kVtxMeshHeaderSize * t.meshes.size();
    l.strips = l.stripGroups + kVtxStripGroupHeaderSize * t.stripGroups.size();
    l.vertices = l.strips + kVtxStripHeaderSize * t.strips.size();
    l.indices = l.vertices + kVtxVertexSize * vertexCount;
    l.boneStateChanges = l.indices + kVtxIndexSize * indexCount;
    l.strings = l.boneStateChanges + kVtxBoneStateChangeSize * changeCount;
    l.replacements = l.strings + stringBytes;
    l.replacementLists = l.replacements + kVtxMaterialReplacementHeaderSize * t.replacements.size();
    l.end = l.replacementLists + kVtxMaterialReplacementListHeaderSize *
                                     static_cast<std::size_t>(std::max(0, file.numLODs));
    return l;
}

std::int32_t offsetFrom(std::size_t record, std::size_t target) {
    return static_cast<std::int32_t>(static_cast<std::int64_t>(target) -
                                     static_cast<std::int64_t>(record));
}
std::int32_t count(std::size_t n) {
    return static_cast<std::int32_t>(n);
}

class VtxEmitter {
  public:
    VtxEmitter(const VtxFile& file) : file_(file), t_(flatten(file)), l_(planLayout(file, t_)) {}

    std::vector<std::uint8_t> emit() {
        w_.reserve(l_.end);
        header();
        bodyParts();
        models();
        lods();
        meshes();
        stripGroups();
        strips();
        vertices();
        indices();
        boneStateChanges();
        strings();
        replacements();
        replacementLists();
        return w_.take();
    }

  private:
    void header() {
        auto r = w_.record("FileHeader_t", kVtxFileHeaderSize, 0);
        w_.i32(file_.version);
        w_.i32(file_.vertCacheSize);
        w_.u16(file_.maxBonesPerStrip);
        w_.u16(file_.maxBonesPerTri);
        w_.i32(file_.maxBonesPerVert);
        w_.i32(file_.checkSum);
        w_.i32(file_.numLODs);
        w_.i32(offsetFrom(0, l_.replacementLists));
        w_.i32(count(t_.bodyParts.size()));
        w_.i32(offsetFrom(0, l_.bodyParts));
    }

    void bodyParts() {
        std::size_t child = 0;
        for (std::size_t i = 0; i < t_.bodyParts.size(); ++i) {
            const std::size_t at = l_.bodyParts + i * kVtxBodyPartHeaderSize;
            auto r = w_.record("BodyPartHeader_t", kVtxBodyPartHeaderSize, at);
            w_.i32(count(t_.bodyParts[i]->models.size()));
            w_.i32(offsetFrom(at, l_.models + child * kVtxModelHeaderSize));
            child += t_.bodyParts[i]->models.size();
        }
    }

    void models() {
        std::size_t child = 0;
        for (std::size_t i = 0; i < t_.models.size(); ++i) {
            const std::size_t at = l_.models + i * kVtxModelHeaderSize;
            auto r = w_.record("ModelHeader_t", kVtxModelHeaderSize, at);
            w_.i32(count(t_.models[i]->lods.size()));
            w_.i32(offsetFrom(at, l_.lods + child * kVtxModelLodHeaderSize));
            child += t_.models[i]->lods.size();
        }
    }

    void lods() {
        std::size_t child = 0;
        for (std::size_t i = 0; i < t_.lods.size(); ++i) {
            const std::size_t at = l_.lods + i * kVtxModelLodHeaderSize;
            auto r = w_.record("ModelLODHeader_t", kVtxModelLodHeaderSize, at);
            w_.i32(count(t_.lods[i]->meshes.size()));
            w_.i32(offsetFrom(at, l_.meshes + child * kVtxMeshHeaderSize));
            w_.f32(t_.lods[i]->switchPoint);
            child += t_.lods[i]->meshes.size();
        }
    }

    void meshes() {
        std::size_t child = 0;
        for (std::size_t i = 0; i < t_.meshes.size(); ++i) {
            const std::size_t at = l_.meshes + i * kVtxMeshHeaderSize;
            auto r = w_.record("MeshHeader_t", kVtxMeshHeaderSize, at);
            w_.i32(count(t_.meshes[i]->stripGroups.size()));
            w_.i32(offsetFrom(at, l_.stripGroups + child * kVtxStripGroupHeaderSize));
            w_.u8(t_.meshes[i]->flags);
            child += t_.meshes[i]->stripGroups.size();
        }
    }

    void stripGroups() {
        std::size_t vertex = 0, index = 0, strip = 0;
        for (std::size_t i = 0; i < t_.stripGroups.size(); ++i) {
            const VtxStripGroup& group = *t_.stripGroups[i];
            const std::size_t at = l_.stripGroups + i * kVtxStripGroupHeaderSize;
            auto r = w_.record("StripGroupHeader_t", kVtxStripGroupHeaderSize, at);
            w_.i32(count(group.vertices.size()));
            w_.i32(offsetFrom(at, l_.vertices + vertex * kVtxVertexSize));
            w_.i32(count(group.indices.size()));
            w_.i32(offsetFrom(at, l_.indices + index * kVtxIndexSize));
            w_.i32(count(group.strips.size()));
            w_.i32(offsetFrom(at, l_.strips + strip * kVtxStripHeaderSize));
            w_.u8(group.flags);
            vertex += group.vertices.size();
            index += group.indices.size();
            strip += group.strips.size();
        }
    }

    void strips() {
        std::size_t change = 0;
        for (std::size_t i = 0; i < t_.strips.size(); ++i) {
            const VtxStrip& strip = *t_.strips[i];
            const std::size_t at = l_.strips + i * kVtxStripHeaderSize;
            auto r = w_.record("StripHeader_t", kVtxStripHeaderSize, at);
            w_.i32(strip.numIndices);
            w_.i32(strip.indexOffset);
            w_.i32(strip.numVerts);
            w_.i32(strip.vertOffset);
            w_.i16(strip.numBones);
            w_.u8(strip.flags);
            w_.i32(count(strip.boneStateChanges.size()));
            w_.i32(offsetFrom(at, l_.boneStateChanges + change * kVtxBoneStateChangeSize));
            change += strip.boneStateChanges.size() +
                      static_cast<std::size_t>(std::max(0, strip.reservedBoneStateChanges));
        }
    }

    void vertices() {
        std::size_t at = l_.vertices;
        for (const auto* group : t_.stripGroups) {
            auto r = w_.record("Vertex_t[]", kVtxVertexSize * group->vertices.size(), at);
            at += kVtxVertexSize * group->vertices.size();
            for (const VtxVertex& v : group->vertices) {
                for (std::uint8_t index : v.boneWeightIndex)
                    w_.u8(index);
                w_.u8(v.numBones);
                w_.u16(v.origMeshVertID);
                for (std::int8_t bone : v.boneID)
                    w_.i8(bone);
            }
        }
        check("Vertex_t section", l_.indices);
    }

    void indices() {
        std::size_t at = l_.indices;
        for (const auto* group : t_.stripGroups) {
            auto r = w_.record("index[]", kVtxIndexSize * group->indices.size(), at);
            at += kVtxIndexSize * group->indices.size();
            for (std::uint16_t index : group->indices)
                w_.u16(index);
        }
        check("index section", l_.boneStateChanges);
    }

    void boneStateChanges() {
        std::size_t at = l_.boneStateChanges;
        for (const auto* strip : t_.strips) {
            for (const VtxBoneStateChange& change : strip->boneStateChanges) {
                auto r = w_.record("BoneStateChangeHeader_t", kVtxBoneStateChangeSize, at);
                w_.i32(change.hardwareID);
                w_.i32(change.newBoneID);
                at += kVtxBoneStateChangeSize;
            }
            const std::size_t reserved =
                kVtxBoneStateChangeSize *
                static_cast<std::size_t>(std::max(0, strip->reservedBoneStateChanges));
            auto r = w_.record("reserved BoneStateChangeHeader_t", reserved, at);
            w_.zeros(reserved);
            at += reserved;
        }
        check("BoneStateChangeHeader_t section", l_.strings);
    }

    void strings() {
        for (const auto* replacement : t_.replacements)
            w_.cstring(replacement->name);
        check("string table", l_.replacements);
    }

    void replacements() {
        std::size_t name = l_.strings;
        for (std::size_t i = 0; i < t_.replacements.size(); ++i) {
            const std::size_t at = l_.replacements + i * kVtxMaterialReplacementHeaderSize;
            auto r =
                w_.record("MaterialReplacementHeader_t", kVtxMaterialReplacementHeaderSize, at);
            w_.i16(t_.replacements[i]->materialID);
            w_.i32(offsetFrom(at, name));
            name += t_.replacements[i]->name.size() + 1;
        }
    }

    void replacementLists() {
        std::size_t child = 0;
        for (int lod = 0; lod < file_.numLODs; ++lod) {
            const std::size_t at = l_.replacementLists + static_cast<std::size_t>(lod) *
                                                             kVtxMaterialReplacementListHeaderSize;
            const std::size_t n = static_cast<std::size_t>(lod) < file_.materialReplacements.size()
                                      ? file_.materialReplacements[lod].size()
                                      : 0;
            auto r = w_.record("MaterialReplacementListHeader_t",
                               kVtxMaterialReplacementListHeaderSize, at);
            w_.i32(count(n));
            w_.i32(offsetFrom(at, l_.replacements + child * kVtxMaterialReplacementHeaderSize));
            child += n;
        }
        check("end of file", l_.end);
    }

    // A section ended where the plan says the next one starts.
    void check(const char* what, std::size_t planned) {
        VTXC_CHECK(w_.size() == planned, std::string("vtx writer: ") + what + " ends at " +
                                             std::to_string(w_.size()) + ", planned " +
                                             std::to_string(planned));
    }

    const VtxFile& file_;
    FlatTree t_;
    Layout l_;
    ByteWriter w_;
};

} // namespace

std::vector<std::uint8_t> writeVtx(const VtxFile& file) {
    return VtxEmitter(file).emit();
}

} // namespace vtxc
