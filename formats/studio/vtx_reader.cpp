// Reads a .vtx (OptimizedModel version 7): the header, the body part -> ... -> strip tree, and the
// material replacement lists; every count and offset checked. Follows optimize.h (docs/formats.md).
#include "formats/common/binary_read_support.h"
#include "formats/studio/studio_codes.h"
#include "formats/studio/vtx.h"

#include <algorithm>

namespace vtxc {

namespace {

// The reader's entries for the checks BinaryRecordReader makes.
constexpr BinaryReadCodes kReadCodes{kVtxCodes["VTX003"], kVtxCodes["VTX004"], kVtxCodes["VTX005"],
                                     kVtxCodes["VTX006"]};

// Records that hold offsets address their children relative to themselves (optimize.h).
std::int64_t relative(std::size_t recordAt, std::int32_t offset) {
    return static_cast<std::int64_t>(recordAt) + offset;
}

class VtxReader {
  public:
    VtxReader(std::span<const std::uint8_t> bytes, const std::string& fileName,
              DiagnosticSink& sink)
        : in_(bytes, fileName, kReadCodes, sink), r_(in_.bytes()) {}

    std::optional<VtxFile> read() {
        VtxFile file;
        if (!readHeader(file)) return std::nullopt;
        const std::int32_t numBodyParts = r_.i32(28);
        const std::int64_t bodyPartsAt = r_.i32(32);
        if (!in_.need("BodyPartHeader_t", bodyPartsAt, numBodyParts, kVtxBodyPartHeaderSize))
            return std::nullopt;
        file.bodyParts.resize(static_cast<std::size_t>(numBodyParts));
        for (std::size_t i = 0; i < file.bodyParts.size(); ++i)
            if (!readBodyPart(bodyPartsAt + i * kVtxBodyPartHeaderSize, file.bodyParts[i]))
                return std::nullopt;
        if (!readMaterialReplacementLists(file)) return std::nullopt;
        inferReservedBoneStateChanges(file);
        return file;
    }

  private:
    bool readHeader(VtxFile& file) {
        if (!in_.need("FileHeader_t", 0, 1, kVtxFileHeaderSize)) return false;
        file.version = r_.i32(0);
        if (file.version != kVtxVersion) {
            in_.fail(kVtxCodes["VTX002"],
                     "version " + std::to_string(file.version) +
                         " is not supported; only OptimizedModel version 7 is read");
            return false;
        }
        file.vertCacheSize = r_.i32(4);
        file.maxBonesPerStrip = r_.u16(8);
        file.maxBonesPerTri = r_.u16(10);
        file.maxBonesPerVert = r_.i32(12);
        file.checkSum = r_.i32(16);
        file.numLODs = r_.i32(20);
        return in_.countInRange("FileHeader_t.numLODs", 20, file.numLODs, kVtxMaxLods);
    }

    bool readBodyPart(std::size_t at, VtxBodyPart& bodyPart) {
        const std::int32_t numModels = r_.i32(at);
        const std::int64_t modelsAt = relative(at, r_.i32(at + 4));
        if (!in_.need("ModelHeader_t", modelsAt, numModels, kVtxModelHeaderSize)) return false;
        bodyPart.models.resize(static_cast<std::size_t>(numModels));
        for (std::size_t i = 0; i < bodyPart.models.size(); ++i)
            if (!readModel(modelsAt + i * kVtxModelHeaderSize, bodyPart.models[i])) return false;
        return true;
    }

    bool readModel(std::size_t at, VtxModel& model) {
        const std::int32_t numLODs = r_.i32(at);
        const std::int64_t lodsAt = relative(at, r_.i32(at + 4));
        if (!in_.countInRange("ModelHeader_t.numLODs", at, numLODs, kVtxMaxLods)) return false;
        if (!in_.need("ModelLODHeader_t", lodsAt, numLODs, kVtxModelLodHeaderSize)) return false;
        model.lods.resize(static_cast<std::size_t>(numLODs));
        for (std::size_t i = 0; i < model.lods.size(); ++i)
            if (!readLod(lodsAt + i * kVtxModelLodHeaderSize, model.lods[i])) return false;
        return true;
    }

    bool readLod(std::size_t at, VtxModelLod& lod) {
        const std::int32_t numMeshes = r_.i32(at);
        const std::int64_t meshesAt = relative(at, r_.i32(at + 4));
        lod.switchPoint = r_.f32(at + 8);
        if (!in_.need("MeshHeader_t", meshesAt, numMeshes, kVtxMeshHeaderSize)) return false;
        lod.meshes.resize(static_cast<std::size_t>(numMeshes));
        for (std::size_t i = 0; i < lod.meshes.size(); ++i)
            if (!readMesh(meshesAt + i * kVtxMeshHeaderSize, lod.meshes[i])) return false;
        return true;
    }

    bool readMesh(std::size_t at, VtxMesh& mesh) {
        const std::int32_t numStripGroups = r_.i32(at);
        const std::int64_t groupsAt = relative(at, r_.i32(at + 4));
        mesh.flags = r_.u8(at + 8);
        if (!in_.need("StripGroupHeader_t", groupsAt, numStripGroups, kVtxStripGroupHeaderSize))
            return false;
        mesh.stripGroups.resize(static_cast<std::size_t>(numStripGroups));
        for (std::size_t i = 0; i < mesh.stripGroups.size(); ++i)
            if (!readStripGroup(groupsAt + i * kVtxStripGroupHeaderSize, mesh.stripGroups[i]))
                return false;
        return true;
    }

    bool readStripGroup(std::size_t at, VtxStripGroup& group) {
        const std::int32_t numVerts = r_.i32(at);
        const std::int64_t vertsAt = relative(at, r_.i32(at + 4));
        const std::int32_t numIndices = r_.i32(at + 8);
        const std::int64_t indicesAt = relative(at, r_.i32(at + 12));
        const std::int32_t numStrips = r_.i32(at + 16);
        const std::int64_t stripsAt = relative(at, r_.i32(at + 20));
        group.flags = r_.u8(at + 24);
        if (!in_.need("Vertex_t", vertsAt, numVerts, kVtxVertexSize) ||
            !in_.need("index (unsigned short)", indicesAt, numIndices, kVtxIndexSize) ||
            !in_.need("StripHeader_t", stripsAt, numStrips, kVtxStripHeaderSize))
            return false;
        readVertices(static_cast<std::size_t>(vertsAt), numVerts, group.vertices);
        group.indices.resize(static_cast<std::size_t>(numIndices));
        for (std::size_t i = 0; i < group.indices.size(); ++i) {
            group.indices[i] = r_.u16(static_cast<std::size_t>(indicesAt) + 2 * i);
            if (group.indices[i] >= group.vertices.size())
                return inconsistent("index " + std::to_string(group.indices[i]) + " at byte " +
                                    std::to_string(indicesAt + 2 * i) + " refers past the " +
                                    std::to_string(numVerts) + " vertices of its strip group");
        }
        group.strips.resize(static_cast<std::size_t>(numStrips));
        for (std::size_t i = 0; i < group.strips.size(); ++i)
            if (!readStrip(stripsAt + i * kVtxStripHeaderSize, group, group.strips[i]))
                return false;
        return true;
    }

    void readVertices(std::size_t at, std::int32_t count, std::vector<VtxVertex>& vertices) {
        vertices.resize(static_cast<std::size_t>(count));
        for (VtxVertex& v : vertices) {
            for (int k = 0; k < 3; ++k)
                v.boneWeightIndex[k] = r_.u8(at + k);
            v.numBones = r_.u8(at + 3);
            v.origMeshVertID = r_.u16(at + 4);
            for (int k = 0; k < 3; ++k)
                v.boneID[k] = r_.i8(at + 6 + k);
            at += kVtxVertexSize;
        }
    }

    bool readStrip(std::size_t at, const VtxStripGroup& group, VtxStrip& strip) {
        strip.numIndices = r_.i32(at);
        strip.indexOffset = r_.i32(at + 4);
        strip.numVerts = r_.i32(at + 8);
        strip.vertOffset = r_.i32(at + 12);
        strip.numBones = r_.i16(at + 16);
        strip.flags = r_.u8(at + 18);
        const std::int32_t numChanges = r_.i32(at + 19);
        const std::int64_t changesAt = relative(at, r_.i32(at + 23));
        if (!withinGroup("index", at, strip.indexOffset, strip.numIndices, group.indices.size()) ||
            !withinGroup("vertex", at, strip.vertOffset, strip.numVerts, group.vertices.size()))
            return false;
        if (!in_.need("BoneStateChangeHeader_t", changesAt, numChanges, kVtxBoneStateChangeSize))
            return false;
        strip.boneStateChanges.resize(static_cast<std::size_t>(numChanges));
        for (std::size_t i = 0; i < strip.boneStateChanges.size(); ++i) {
            const std::size_t c = static_cast<std::size_t>(changesAt) + i * kVtxBoneStateChangeSize;
            strip.boneStateChanges[i] = {r_.i32(c), r_.i32(c + 4)};
        }
        changeRuns_.push_back({static_cast<std::size_t>(changesAt), strip.boneStateChanges.size()});
        return true;
    }

    // A strip's [offset, offset + count) must lie inside its strip group's array of `size`.
    bool withinGroup(const char* what, std::size_t stripAt, std::int64_t offset, std::int64_t count,
                     std::size_t size) {
        if (offset >= 0 && count >= 0 && offset + count <= static_cast<std::int64_t>(size))
            return true;
        return inconsistent(std::string("StripHeader_t at byte ") + std::to_string(stripAt) +
                            " covers " + what + "es " + std::to_string(offset) + ".." +
                            std::to_string(offset + count) + " but its strip group has " +
                            std::to_string(size));
    }

    bool readMaterialReplacementLists(VtxFile& file) {
        const std::int64_t listsAt = r_.i32(24);
        if (!in_.need("MaterialReplacementListHeader_t", listsAt, file.numLODs,
                      kVtxMaterialReplacementListHeaderSize))
            return false;
        listsAt_ = static_cast<std::size_t>(listsAt);
        file.materialReplacements.resize(static_cast<std::size_t>(file.numLODs));
        for (std::size_t lod = 0; lod < file.materialReplacements.size(); ++lod) {
            const std::size_t at = listsAt_ + lod * kVtxMaterialReplacementListHeaderSize;
            const std::int32_t count = r_.i32(at);
            const std::int64_t recordsAt = relative(at, r_.i32(at + 4));
            if (!in_.need("MaterialReplacementHeader_t", recordsAt, count,
                          kVtxMaterialReplacementHeaderSize))
                return false;
            auto& list = file.materialReplacements[lod];
            list.resize(static_cast<std::size_t>(count));
            for (std::size_t i = 0; i < list.size(); ++i)
                if (!readReplacement(recordsAt + i * kVtxMaterialReplacementHeaderSize, list[i]))
                    return false;
        }
        return true;
    }

    bool readReplacement(std::size_t at, VtxMaterialReplacement& replacement) {
        replacementDataStart_ = std::min(replacementDataStart_, at);
        replacement.materialID = r_.i16(at);
        const std::int64_t nameAt = relative(at, r_.i32(at + 2));
        auto name = in_.cstring("replacement material name", nameAt);
        if (!name) return false;
        replacement.name = std::move(*name);
        replacementDataStart_ = std::min(replacementDataStart_, static_cast<std::size_t>(nameAt));
        return true;
    }

    // Studiomdl leaves zero records after some strips' bone state changes without counting them
    // (one per strip of a $staticprop). When the runs are laid out back to back, as every writer
    // does, the gap up to the next run (or to the string table) tells how many there are.
    void inferReservedBoneStateChanges(VtxFile& file) {
        std::size_t run = 0;
        for (auto& bodyPart : file.bodyParts)
            for (auto& model : bodyPart.models)
                for (auto& lod : model.lods)
                    for (auto& mesh : lod.meshes)
                        for (auto& group : mesh.stripGroups)
                            for (auto& strip : group.strips) {
                                strip.reservedBoneStateChanges = zeroGapAfter(run);
                                ++run;
                            }
    }

    std::int32_t zeroGapAfter(std::size_t run) const {
        const std::size_t end =
            changeRuns_[run].at + changeRuns_[run].count * kVtxBoneStateChangeSize;
        const std::size_t next = run + 1 < changeRuns_.size()
                                     ? changeRuns_[run + 1].at
                                     : std::min(listsAt_, replacementDataStart_);
        if (next <= end || next > r_.size() || (next - end) % kVtxBoneStateChangeSize != 0)
            return 0;
        const std::size_t gap = next - end;
        if (gap > kVtxBoneStateChangeSize * kMaxReservedBoneStateChanges) return 0;
        const auto bytes = r_.bytes().subspan(end, gap);
        if (!std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; }))
            return 0;
        return static_cast<std::int32_t>(gap / kVtxBoneStateChangeSize);
    }

    bool inconsistent(const std::string& message) {
        in_.fail(kVtxCodes["VTX007"], message + "; the file is corrupt");
        return false;
    }

    static constexpr std::int32_t kVtxMaxLods = 8; // MAX_NUM_LODS in studio.h
    static constexpr std::size_t kMaxReservedBoneStateChanges = 512;

    struct ChangeRun {
        std::size_t at;
        std::size_t count;
    };

    BinaryRecordReader in_;
    const ByteReader& r_;
    std::vector<ChangeRun> changeRuns_;
    std::size_t listsAt_ = 0;
    std::size_t replacementDataStart_ = SIZE_MAX;
};

} // namespace

std::optional<VtxFile> readVtx(std::span<const std::uint8_t> bytes, const std::string& fileName,
                               DiagnosticSink& sink) {
    return VtxReader(bytes, fileName, sink).read();
}

} // namespace vtxc
