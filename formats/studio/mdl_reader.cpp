// Reads the header, bones, textures, $cdmaterials, skins and body part -> model -> mesh tree of a
// .mdl (versions 44-49). Offsets follow studio.h (public Source SDK 2013), checked on the corpus.
#include "formats/common/binary_read_support.h"
#include "formats/studio/mdl.h"
#include "formats/studio/studio_codes.h"

#include <algorithm>
#include <cstring>

namespace vtxc {

namespace {

// The reader's entries for the checks BinaryRecordReader makes.
constexpr BinaryReadCodes kReadCodes{kMdlCodes["MDL003"], kMdlCodes["MDL004"], kMdlCodes["MDL005"],
                                     kMdlCodes["MDL006"]};

std::int64_t relative(std::size_t recordAt, std::int32_t offset) {
    return static_cast<std::int64_t>(recordAt) + offset;
}

class MdlReader {
  public:
    MdlReader(std::span<const std::uint8_t> bytes, const std::string& fileName,
              DiagnosticSink& sink)
        : in_(bytes, fileName, kReadCodes, sink), r_(in_.bytes()) {}

    std::optional<MdlFile> read() {
        MdlFile file;
        if (!readHeader(file) || !readBones(file) || !readTextures(file) ||
            !readCdMaterials(file) || !readSkins(file) || !readBodyParts(file))
            return std::nullopt;
        return file;
    }

  private:
    bool readHeader(MdlFile& file) {
        if (!in_.need("studiohdr_t", 0, 1, kMdlHeaderSize)) return false;
        if (std::memcmp(r_.bytes().data(), "IDST", 4) != 0) {
            in_.fail(kMdlCodes["MDL001"],
                     "file id is not IDST; this is not a studio model (.mdl) file");
            return false;
        }
        file.version = r_.i32(4);
        if (file.version < kMdlMinVersion || file.version > kMdlMaxVersion) {
            in_.fail(kMdlCodes["MDL002"],
                     "version " + std::to_string(file.version) +
                         " is not supported; versions 44 to 49 (Source 2006 to 2013) are read");
            return false;
        }
        file.checksum = r_.i32(8);
        file.name = fixedString(12, 64);
        file.length = r_.i32(76);
        file.flags = r_.i32(152);
        if (file.length < 0 || static_cast<std::uint64_t>(file.length) > r_.size()) {
            in_.fail(kMdlCodes["MDL004"], "studiohdr_t.length says the file has " +
                                              std::to_string(file.length) +
                                              " bytes but it ends at " + std::to_string(r_.size()) +
                                              "; the file is truncated or corrupt");
            return false;
        }
        return true;
    }

    bool readBones(MdlFile& file) {
        const std::int32_t count = r_.i32(156);
        const std::int64_t at = r_.i32(160);
        if (!in_.need("mstudiobone_t", at, count, kMdlBoneSize)) return false;
        file.bones.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.bones.size(); ++i) {
            const std::size_t bone = static_cast<std::size_t>(at) + i * kMdlBoneSize;
            auto name = in_.cstring("mstudiobone_t name", relative(bone, r_.i32(bone)));
            if (!name) return false;
            file.bones[i] = {std::move(*name), r_.i32(bone + 4)};
        }
        return true;
    }

    bool readTextures(MdlFile& file) {
        const std::int32_t count = r_.i32(204);
        const std::int64_t at = r_.i32(208);
        if (!in_.need("mstudiotexture_t", at, count, kMdlTextureSize)) return false;
        file.textures.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.textures.size(); ++i) {
            const std::size_t texture = static_cast<std::size_t>(at) + i * kMdlTextureSize;
            auto name = in_.cstring("mstudiotexture_t name", relative(texture, r_.i32(texture)));
            if (!name) return false;
            file.textures[i] = {std::move(*name), r_.i32(texture + 4)};
        }
        return true;
    }

    // The $cdmaterials table: an array of offsets from the start of the file to strings.
    bool readCdMaterials(MdlFile& file) {
        const std::int32_t count = r_.i32(212);
        const std::int64_t at = r_.i32(216);
        if (!in_.need("cdtexture offset", at, count, 4)) return false;
        for (std::int32_t i = 0; i < count; ++i) {
            auto path = in_.cstring("cdtexture path", r_.i32(static_cast<std::size_t>(at) + 4 * i));
            if (!path) return false;
            file.cdmaterials.push_back(std::move(*path));
        }
        return true;
    }

    bool readSkins(MdlFile& file) {
        const std::int32_t numSkinRef = r_.i32(220);
        const std::int32_t numFamilies = r_.i32(224);
        const std::int64_t at = r_.i32(228);
        // Both counts are bounded first: with no references, a family takes no bytes to check.
        if (!in_.countInRange("numskinref", 220, numSkinRef, 0x7fff) ||
            !in_.countInRange("numskinfamilies", 224, numFamilies, 0x7fff) ||
            !in_.need("skin family", at, numFamilies, 2 * static_cast<std::int64_t>(numSkinRef)))
            return false;
        file.skinFamilies.resize(static_cast<std::size_t>(numFamilies));
        std::size_t cell = static_cast<std::size_t>(at);
        for (auto& family : file.skinFamilies) {
            family.resize(static_cast<std::size_t>(numSkinRef));
            for (auto& texture : family) {
                texture = r_.i16(cell);
                cell += 2;
            }
        }
        return true;
    }

    bool readBodyParts(MdlFile& file) {
        const std::int32_t count = r_.i32(232);
        const std::int64_t at = r_.i32(236);
        if (!in_.need("mstudiobodyparts_t", at, count, kMdlBodyPartSize)) return false;
        file.bodyParts.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.bodyParts.size(); ++i)
            if (!readBodyPart(static_cast<std::size_t>(at) + i * kMdlBodyPartSize,
                              file.bodyParts[i]))
                return false;
        return true;
    }

    bool readBodyPart(std::size_t at, MdlBodyPart& bodyPart) {
        auto name = in_.cstring("mstudiobodyparts_t name", relative(at, r_.i32(at)));
        if (!name) return false;
        bodyPart.name = std::move(*name);
        const std::int32_t numModels = r_.i32(at + 4);
        bodyPart.base = r_.i32(at + 8);
        const std::int64_t modelsAt = relative(at, r_.i32(at + 12));
        if (!in_.need("mstudiomodel_t", modelsAt, numModels, kMdlModelSize)) return false;
        bodyPart.models.resize(static_cast<std::size_t>(numModels));
        for (std::size_t i = 0; i < bodyPart.models.size(); ++i)
            if (!readModel(static_cast<std::size_t>(modelsAt) + i * kMdlModelSize,
                           bodyPart.models[i]))
                return false;
        return true;
    }

    bool readModel(std::size_t at, MdlModel& model) {
        model.name = fixedString(at, 64);
        model.boundingradius = r_.f32(at + 68);
        const std::int32_t numMeshes = r_.i32(at + 72);
        const std::int64_t meshesAt = relative(at, r_.i32(at + 76));
        model.numvertices = r_.i32(at + 80);
        model.vertexindex = r_.i32(at + 84);
        model.tangentsindex = r_.i32(at + 88);
        if (!in_.need("mstudiomesh_t", meshesAt, numMeshes, kMdlMeshSize)) return false;
        model.meshes.resize(static_cast<std::size_t>(numMeshes));
        for (std::size_t i = 0; i < model.meshes.size(); ++i) {
            const std::size_t mesh = static_cast<std::size_t>(meshesAt) + i * kMdlMeshSize;
            MdlMesh& m = model.meshes[i];
            m.material = r_.i32(mesh);
            m.numvertices = r_.i32(mesh + 8);
            m.vertexoffset = r_.i32(mesh + 12);
            m.meshid = r_.i32(mesh + 32);
            // mstudio_meshvertexdata_t at +48: a 4-byte runtime pointer, then numLODVertexes[8].
            for (int lod = 0; lod < 8; ++lod)
                m.numLODVertexes[lod] = r_.i32(mesh + 52 + 4 * lod);
        }
        return true;
    }

    // A char[size] field: the bytes up to the first NUL (or all of them).
    std::string fixedString(std::size_t at, std::size_t size) const {
        const auto* begin = reinterpret_cast<const char*>(r_.bytes().data() + at);
        return std::string(begin, std::find(begin, begin + size, '\0'));
    }

    BinaryRecordReader in_;
    const ByteReader& r_;
};

constexpr const char* kFlagNames[] = {
    "AUTOGENERATED_HITBOX",
    "USES_ENV_CUBEMAP",
    "FORCE_OPAQUE",
    "TRANSLUCENT_TWOPASS",
    "STATIC_PROP",
    "USES_FB_TEXTURE",
    "HASSHADOWLOD",
    "USES_BUMPMAPPING",
    "USE_SHADOWLOD_MATERIALS",
    "OBSOLETE",
    "UNUSED",
    "NO_FORCED_FADE",
    "FORCE_PHONEME_CROSSFADE",
    "CONSTANT_DIRECTIONAL_LIGHT_DOT",
    "FLEXES_CONVERTED",
    "BUILT_IN_PREVIEW_MODE",
    "AMBIENT_BOOST",
    "DO_NOT_CAST_SHADOWS",
    "CAST_TEXTURE_SHADOWS",
};

} // namespace

std::vector<std::string> mdlFlagNames(std::int32_t flags) {
    std::vector<std::string> names;
    const auto bits = static_cast<std::uint32_t>(flags);
    for (unsigned bit = 0; bit < 32; ++bit) {
        if (!(bits & (1u << bit))) continue;
        if (bit < std::size(kFlagNames)) {
            names.emplace_back(kFlagNames[bit]);
        } else {
            char hex[16];
            std::snprintf(hex, sizeof hex, "0x%x", 1u << bit);
            names.emplace_back(hex);
        }
    }
    return names;
}

std::optional<MdlFile> readMdl(std::span<const std::uint8_t> bytes, const std::string& fileName,
                               DiagnosticSink& sink) {
    return MdlReader(bytes, fileName, sink).read();
}

} // namespace vtxc
