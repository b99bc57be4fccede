// Reads a whole .mdl (versions 44-49): header and header2, bones (with procedural bone data), bone
// controllers, attachments, hitbox sets, local nodes, body parts -> models -> meshes (flexes,
// vertex animations, eyeballs), flex descriptors/controllers/rules/UI, IK chains, mouths, pose
// parameters, autoplay IK locks, include models, anim blocks, textures, cdtextures, skins, key
// values and the tables of header2; animations and sequences are in their own files. Layouts:
// studio.h of the public Source SDK 2013; every offset and count is checked against the buffer.
#include "formats/studio/mdl_read_support.h"

#include <cstring>

namespace vtxc {

namespace {

using mdl_read::MdlInput;

// Each section reader returns false after reporting the first problem.
class MdlReader {
  public:
    MdlReader(std::span<const std::uint8_t> bytes, const std::string& fileName,
              DiagnosticSink& sink)
        : in_(bytes, fileName, sink) {}

    std::optional<MdlFile> read() {
        MdlFile file;
        const bool ok = readHeader(file) && readHeader2(file) && readBones(file) &&
                        readBoneTable(file) && readBoneControllers(file) && readAttachments(file) &&
                        readHitboxSets(file) && mdl_read::readAnimations(in_, file) &&
                        mdl_read::readSequences(in_, file) && readLocalNodes(file) &&
                        readBodyParts(file) && readFlexDescs(file) && readFlexControllers(file) &&
                        readFlexRules(file) && readFlexControllerUis(file) && readIkChains(file) &&
                        readMouths(file) && readPoseParameters(file) && readAutoplayLocks(file) &&
                        readIncludeModels(file) && readAnimBlocks(file) && readTextures(file) &&
                        readCdMaterials(file) && readSkins(file) && readKeyValues(file) &&
                        readHeader2Tables(file) && checkLinearBones(file);
        if (!ok) return std::nullopt;
        return file;
    }

  private:
    // ---- header -------------------------------------------------------------------------------

    bool readHeader(MdlFile& file) {
        if (!in_.need("studiohdr_t", 0, 1, kMdlHeaderSize)) return false;
        if (std::memcmp(in_.r().bytes().data(), "IDST", 4) != 0) {
            in_.fail(1, "file id is not IDST; this is not a studio model (.mdl) file");
            return false;
        }
        file.version = in_.i32(4);
        if (file.version < kMdlMinVersion || file.version > kMdlMaxVersion) {
            in_.fail(kMdlCodes["MDL002"],
                     "version " + std::to_string(file.version) +
                         " is not supported; versions 44 to 49 (Source 2006 to 2013) are read");
            return false;
        }
        in_.version = file.version;
        file.checksum = in_.i32(8);
        file.name = in_.fixedString(12, 64);
        file.length = in_.i32(76);
        if (file.length < 0 || static_cast<std::uint64_t>(file.length) > in_.r().size()) {
            in_.fail(4, "studiohdr_t.length says the file has " + std::to_string(file.length) +
                            " bytes but it ends at " + std::to_string(in_.r().size()) +
                            "; the file is truncated or corrupt");
            return false;
        }
        file.eyeposition = in_.vec3(80);
        file.illumposition = in_.vec3(92);
        file.hull_min = in_.vec3(104);
        file.hull_max = in_.vec3(116);
        file.view_bbmin = in_.vec3(128);
        file.view_bbmax = in_.vec3(140);
        file.flags = in_.i32(152);
        file.mass = in_.f32(328);
        file.contents = in_.i32(332);
        file.constdirectionallightdot = in_.u8(376);
        file.rootLOD = in_.u8(377);
        file.numAllowedRootLODs = in_.u8(378);
        file.flVertAnimFixedPointScale = in_.f32(392);
        return in_.string("surfaceprop", 0, in_.i32(308), file.surfaceprop) &&
               in_.string("anim block name", 0, in_.i32(348), file.animBlockName);
    }

    bool readHeader2(MdlFile& file) {
        const std::int32_t at = in_.i32(400);
        if (at == 0) return true;
        if (!in_.need("studiohdr2_t", at, 1, kMdlHeader2Size)) return false;
        MdlHeader2 header2;
        header2.illumpositionattachmentindex = in_.i32(at + 8);
        header2.flMaxEyeDeflection = in_.f32(at + 12);
        if (const std::int32_t name = in_.i32(at + 20); name != 0) {
            std::string text;
            if (!in_.string("studiohdr2_t name", at, name, text)) return false;
            header2.name = std::move(text);
        }
        file.header2 = std::move(header2);
        return true;
    }

    // Source bone transforms and bone flex drivers: after the rest, so that their names are read
    // in a file whose other tables are known good.
    bool readHeader2Tables(MdlFile& file) {
        if (!file.header2) return true;
        const std::int64_t at = in_.i32(400);
        MdlHeader2& header2 = *file.header2;
        const std::int32_t numTransforms = in_.i32(at);
        const std::int64_t transformsAt = in_.i32(at + 4);
        if (!in_.need("mstudiosrcbonetransform_t", transformsAt, numTransforms,
                      kMdlSrcBoneTransformSize))
            return false;
        header2.srcbonetransforms.resize(static_cast<std::size_t>(numTransforms));
        for (std::size_t i = 0; i < header2.srcbonetransforms.size(); ++i) {
            const std::int64_t t = transformsAt + static_cast<std::int64_t>(i * 100);
            MdlSrcBoneTransform& transform = header2.srcbonetransforms[i];
            if (!in_.string("mstudiosrcbonetransform_t name", t, in_.i32(t), transform.name))
                return false;
            transform.pretransform = in_.matrix(t + 4);
            transform.posttransform = in_.matrix(t + 52);
        }
        return readBoneFlexDrivers(at, header2);
    }

    bool readBoneFlexDrivers(std::int64_t header2At, MdlHeader2& header2) {
        const std::int32_t count = in_.i32(header2At + 24);
        const std::int64_t at = header2At + in_.i32(header2At + 28);
        if (!in_.need("mstudioboneflexdriver_t", at, count, kMdlBoneFlexDriverSize)) return false;
        header2.boneFlexDrivers.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < header2.boneFlexDrivers.size(); ++i) {
            const std::int64_t d = at + static_cast<std::int64_t>(i * kMdlBoneFlexDriverSize);
            MdlBoneFlexDriver& driver = header2.boneFlexDrivers[i];
            driver.m_nBoneIndex = in_.i32(d);
            const std::int32_t numControls = in_.i32(d + 4);
            const std::int64_t controlsAt = d + in_.i32(d + 8);
            if (!in_.need("mstudioboneflexdrivercontrol_t", controlsAt, numControls,
                          kMdlBoneFlexDriverControlSize))
                return false;
            driver.controls.resize(static_cast<std::size_t>(numControls));
            for (std::size_t k = 0; k < driver.controls.size(); ++k) {
                const std::int64_t c = controlsAt + static_cast<std::int64_t>(k * 16);
                driver.controls[k] = {in_.i32(c), in_.i32(c + 4), in_.f32(c + 8), in_.f32(c + 12)};
            }
        }
        return true;
    }

    // ---- bones --------------------------------------------------------------------------------

    bool readBones(MdlFile& file) {
        const std::int32_t count = in_.i32(156);
        const std::int64_t at = in_.i32(160);
        if (!in_.need("mstudiobone_t", at, count, kMdlBoneSize)) return false;
        file.bones.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.bones.size(); ++i)
            if (!readBone(at + static_cast<std::int64_t>(i * kMdlBoneSize), i, file.bones[i]))
                return false;
        return true;
    }

    bool readBone(std::int64_t at, std::size_t index, MdlBone& bone) {
        if (!in_.string("mstudiobone_t name", at, in_.i32(at), bone.name)) return false;
        bone.parent = in_.i32(at + 4);
        if (bone.parent < -1 || bone.parent >= static_cast<std::int64_t>(index))
            return in_.inconsistent("mstudiobone_t " + std::to_string(index), at,
                                    "parent " + std::to_string(bone.parent) +
                                        " is not -1 or an earlier bone");
        for (std::size_t k = 0; k < 6; ++k)
            bone.bonecontroller[k] = in_.i32(at + 8 + 4 * static_cast<std::int64_t>(k));
        bone.pos = in_.vec3(at + 32);
        bone.quat = in_.vec4(at + 44);
        bone.rot = in_.vec3(at + 60);
        bone.posscale = in_.vec3(at + 72);
        bone.rotscale = in_.vec3(at + 84);
        bone.poseToBone = in_.matrix(at + 96);
        bone.qAlignment = in_.vec4(at + 144);
        bone.flags = in_.i32(at + 160);
        bone.physicsbone = in_.i32(at + 172);
        bone.contents = in_.i32(at + 180);
        if (!in_.string("mstudiobone_t surfaceprop", at, in_.i32(at + 176), bone.surfaceprop))
            return false;
        const std::int32_t proctype = in_.i32(at + 164);
        if (proctype == 0) return true;
        return readProceduralBone(at, proctype, bone);
    }

    bool readProceduralBone(std::int64_t boneAt, std::int32_t proctype, MdlBone& bone) {
        const std::int64_t at = boneAt + in_.i32(boneAt + 168);
        MdlProceduralBone procedural;
        procedural.proctype = proctype;
        switch (proctype) {
        case kProcAxisInterp: {
            if (!in_.need("mstudioaxisinterpbone_t", at, 1, kMdlAxisInterpBoneSize)) return false;
            MdlAxisInterpBone data;
            data.control = in_.i32(at);
            data.axis = in_.i32(at + 4);
            for (std::int64_t k = 0; k < 6; ++k) {
                data.pos[static_cast<std::size_t>(k)] = in_.vec3(at + 8 + 12 * k);
                data.quat[static_cast<std::size_t>(k)] = in_.vec4(at + 80 + 16 * k);
            }
            procedural.data = data;
            break;
        }
        case kProcQuatInterp: {
            MdlQuatInterpBone data;
            if (!readQuatInterp(at, data)) return false;
            procedural.data = std::move(data);
            break;
        }
        case kProcAimAtBone:
        case kProcAimAtAttachment: {
            if (!in_.need("mstudioaimatbone_t", at, 1, kMdlAimAtBoneSize)) return false;
            procedural.data = MdlAimAtBone{in_.i32(at), in_.i32(at + 4), in_.vec3(at + 8),
                                           in_.vec3(at + 20), in_.vec3(at + 32)};
            break;
        }
        case kProcJiggle: {
            if (!in_.need("mstudiojigglebone_t", at, 1, kMdlJiggleBoneSize)) return false;
            procedural.data = readJiggle(at);
            break;
        }
        default:
            return in_.inconsistent("mstudiobone_t", boneAt,
                                    "proctype " + std::to_string(proctype) +
                                        " is not a procedural bone type (1 to 5)");
        }
        bone.procedural = std::move(procedural);
        return true;
    }

    bool readQuatInterp(std::int64_t at, MdlQuatInterpBone& data) {
        if (!in_.need("mstudioquatinterpbone_t", at, 1, kMdlQuatInterpBoneSize)) return false;
        data.control = in_.i32(at);
        const std::int32_t count = in_.i32(at + 4);
        const std::int64_t triggersAt = at + in_.i32(at + 8);
        if (!in_.need("mstudioquatinterpinfo_t", triggersAt, count, kMdlQuatInterpTriggerSize))
            return false;
        data.triggers.resize(static_cast<std::size_t>(count));
        for (std::size_t k = 0; k < data.triggers.size(); ++k) {
            const std::int64_t t = triggersAt + static_cast<std::int64_t>(k * 48);
            data.triggers[k] = {in_.f32(t), in_.vec4(t + 4), in_.vec3(t + 20), in_.vec4(t + 32)};
        }
        return true;
    }

    MdlJiggleBone readJiggle(std::int64_t at) const {
        MdlJiggleBone j;
        j.flags = in_.i32(at);
        float* fields[] = {&j.length,
                           &j.tipMass,
                           &j.yawStiffness,
                           &j.yawDamping,
                           &j.pitchStiffness,
                           &j.pitchDamping,
                           &j.alongStiffness,
                           &j.alongDamping,
                           &j.angleLimit,
                           &j.minYaw,
                           &j.maxYaw,
                           &j.yawFriction,
                           &j.yawBounce,
                           &j.minPitch,
                           &j.maxPitch,
                           &j.pitchFriction,
                           &j.pitchBounce,
                           &j.baseMass,
                           &j.baseStiffness,
                           &j.baseDamping,
                           &j.baseMinLeft,
                           &j.baseMaxLeft,
                           &j.baseLeftFriction,
                           &j.baseMinUp,
                           &j.baseMaxUp,
                           &j.baseUpFriction,
                           &j.baseMinForward,
                           &j.baseMaxForward,
                           &j.baseForwardFriction,
                           &j.boingImpactSpeed,
                           &j.boingImpactAngle,
                           &j.boingDampingRate,
                           &j.boingFrequency,
                           &j.boingAmplitude};
        static_assert(sizeof(fields) / sizeof(fields[0]) * 4 + 4 == kMdlJiggleBoneSize);
        for (std::size_t k = 0; k < std::size(fields); ++k)
            *fields[k] = in_.f32(at + 4 + 4 * static_cast<std::int64_t>(k));
        return j;
    }

    // Only checked: the writer derives the table from the names.
    bool readBoneTable(const MdlFile& file) {
        const auto count = static_cast<std::int64_t>(file.bones.size());
        const std::int64_t at = in_.i32(364);
        if (!in_.need("bone table by name", at, count, 1)) return false;
        for (std::int64_t i = 0; i < count; ++i)
            if (in_.u8(at + i) >= count)
                return in_.inconsistent("bone table by name", at + i,
                                        "entry " + std::to_string(in_.u8(at + i)) +
                                            " is not one of the " + std::to_string(count) +
                                            " bones");
        return true;
    }

    bool readBoneControllers(MdlFile& file) {
        const std::int32_t count = in_.i32(164);
        const std::int64_t at = in_.i32(168);
        if (!in_.need("mstudiobonecontroller_t", at, count, kMdlBoneControllerSize)) return false;
        file.boneControllers.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.boneControllers.size(); ++i) {
            const std::int64_t c = at + static_cast<std::int64_t>(i * kMdlBoneControllerSize);
            file.boneControllers[i] = {in_.i32(c),      in_.i32(c + 4),  in_.f32(c + 8),
                                       in_.f32(c + 12), in_.i32(c + 16), in_.i32(c + 20)};
        }
        return true;
    }

    bool readAttachments(MdlFile& file) {
        const std::int32_t count = in_.i32(240);
        const std::int64_t at = in_.i32(244);
        if (!in_.need("mstudioattachment_t", at, count, kMdlAttachmentSize)) return false;
        file.attachments.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.attachments.size(); ++i) {
            const std::int64_t a = at + static_cast<std::int64_t>(i * kMdlAttachmentSize);
            MdlAttachment& attachment = file.attachments[i];
            if (!in_.string("mstudioattachment_t name", a, in_.i32(a), attachment.name))
                return false;
            attachment.flags = in_.i32(a + 4);
            attachment.localbone = in_.i32(a + 8);
            attachment.local = in_.matrix(a + 12);
        }
        return true;
    }

    bool readHitboxSets(MdlFile& file) {
        const std::int32_t count = in_.i32(172);
        const std::int64_t at = in_.i32(176);
        if (!in_.need("mstudiohitboxset_t", at, count, kMdlHitboxSetSize)) return false;
        file.hitboxSets.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.hitboxSets.size(); ++i)
            if (!readHitboxSet(at + static_cast<std::int64_t>(i * kMdlHitboxSetSize),
                               file.hitboxSets[i]))
                return false;
        return true;
    }

    bool readHitboxSet(std::int64_t at, MdlHitboxSet& set) {
        if (!in_.string("mstudiohitboxset_t name", at, in_.i32(at), set.name)) return false;
        const std::int32_t count = in_.i32(at + 4);
        const std::int64_t boxesAt = at + in_.i32(at + 8);
        if (!in_.need("mstudiobbox_t", boxesAt, count, kMdlHitboxSize)) return false;
        set.hitboxes.resize(static_cast<std::size_t>(count));
        for (std::size_t k = 0; k < set.hitboxes.size(); ++k) {
            const std::int64_t h = boxesAt + static_cast<std::int64_t>(k * kMdlHitboxSize);
            MdlHitbox& box = set.hitboxes[k];
            box.bone = in_.i32(h);
            box.group = in_.i32(h + 4);
            box.bbmin = in_.vec3(h + 8);
            box.bbmax = in_.vec3(h + 20);
            // Before version 48 the name offset counts from the start of the file.
            const std::int64_t base = in_.version < 48 ? 0 : h;
            if (!in_.optionalString("mstudiobbox_t name", base, in_.i32(h + 32), box.name))
                return false;
        }
        return true;
    }

    // ---- local nodes, body parts --------------------------------------------------------------

    bool readLocalNodes(MdlFile& file) {
        const std::int32_t count = in_.i32(248);
        const std::int64_t transitionsAt = in_.i32(252);
        const std::int64_t namesAt = in_.i32(256);
        if (!in_.need("local node name offset", namesAt, count, 4) ||
            !in_.need("local node transition table", transitionsAt, count, count))
            return false;
        file.localNodeNames.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.localNodeNames.size(); ++i)
            if (!in_.string("local node name", 0,
                            in_.i32(namesAt + 4 * static_cast<std::int64_t>(i)),
                            file.localNodeNames[i]))
                return false;
        const auto cells = static_cast<std::size_t>(count) * static_cast<std::size_t>(count);
        // An empty table's offset is not checked, so no pointer is formed from it.
        if (cells == 0) return true;
        const auto* begin = in_.r().bytes().data() + static_cast<std::size_t>(transitionsAt);
        file.localNodeTransitions.assign(begin, begin + cells);
        return true;
    }

    bool readBodyParts(MdlFile& file) {
        const std::int32_t count = in_.i32(232);
        const std::int64_t at = in_.i32(236);
        if (!in_.need("mstudiobodyparts_t", at, count, kMdlBodyPartSize)) return false;
        file.bodyParts.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.bodyParts.size(); ++i)
            if (!readBodyPart(at + static_cast<std::int64_t>(i * kMdlBodyPartSize),
                              file.bodyParts[i]))
                return false;
        return true;
    }

    bool readBodyPart(std::int64_t at, MdlBodyPart& bodyPart) {
        if (!in_.string("mstudiobodyparts_t name", at, in_.i32(at), bodyPart.name)) return false;
        const std::int32_t numModels = in_.i32(at + 4);
        bodyPart.base = in_.i32(at + 8);
        const std::int64_t modelsAt = at + in_.i32(at + 12);
        if (!in_.need("mstudiomodel_t", modelsAt, numModels, kMdlModelSize)) return false;
        bodyPart.models.resize(static_cast<std::size_t>(numModels));
        for (std::size_t i = 0; i < bodyPart.models.size(); ++i)
            if (!readModel(modelsAt + static_cast<std::int64_t>(i * kMdlModelSize),
                           bodyPart.models[i]))
                return false;
        return true;
    }

    bool readModel(std::int64_t at, MdlModel& model) {
        model.name = in_.fixedString(at, 64);
        model.type = in_.i32(at + 64);
        model.boundingradius = in_.f32(at + 68);
        const std::int32_t numMeshes = in_.i32(at + 72);
        const std::int64_t meshesAt = at + in_.i32(at + 76);
        model.numvertices = in_.i32(at + 80);
        model.vertexindex = in_.i32(at + 84);
        model.tangentsindex = in_.i32(at + 88);
        model.vertexdataSlots = {in_.u32(at + 108), in_.u32(at + 112)};
        if (!in_.need("mstudiomesh_t", meshesAt, numMeshes, kMdlMeshSize)) return false;
        model.meshes.resize(static_cast<std::size_t>(numMeshes));
        for (std::size_t i = 0; i < model.meshes.size(); ++i)
            if (!readMesh(meshesAt + static_cast<std::int64_t>(i * kMdlMeshSize), model.meshes[i]))
                return false;
        return readEyeballs(at, model);
    }

    bool readMesh(std::int64_t at, MdlMesh& mesh) {
        mesh.material = in_.i32(at);
        mesh.numvertices = in_.i32(at + 8);
        mesh.vertexoffset = in_.i32(at + 12);
        mesh.materialtype = in_.i32(at + 24);
        mesh.materialparam = in_.i32(at + 28);
        mesh.meshid = in_.i32(at + 32);
        mesh.center = in_.vec3(at + 36);
        // mstudio_meshvertexdata_t at +48: a 4-byte run-time pointer, then numLODVertexes[8].
        mesh.modelvertexdataSlot = in_.u32(at + 48);
        for (std::size_t lod = 0; lod < 8; ++lod)
            mesh.numLODVertexes[lod] = in_.i32(at + 52 + 4 * static_cast<std::int64_t>(lod));
        const std::int32_t numFlexes = in_.i32(at + 16);
        const std::int64_t flexesAt = at + in_.i32(at + 20);
        if (!in_.need("mstudioflex_t", flexesAt, numFlexes, kMdlFlexSize)) return false;
        mesh.flexes.resize(static_cast<std::size_t>(numFlexes));
        for (std::size_t i = 0; i < mesh.flexes.size(); ++i)
            if (!readFlex(flexesAt + static_cast<std::int64_t>(i * kMdlFlexSize), mesh.flexes[i]))
                return false;
        return true;
    }

    bool readFlex(std::int64_t at, MdlFlex& flex) {
        flex.flexdesc = in_.i32(at);
        flex.target0 = in_.f32(at + 4);
        flex.target1 = in_.f32(at + 8);
        flex.target2 = in_.f32(at + 12);
        flex.target3 = in_.f32(at + 16);
        const std::int32_t numVerts = in_.i32(at + 20);
        const std::int64_t vertsAt = at + in_.i32(at + 24);
        flex.flexpair = in_.i32(at + 28);
        flex.vertanimtype = in_.u8(at + 32);
        const std::size_t size =
            flex.vertanimtype == 1 ? kMdlVertAnimWrinkleSize : kMdlVertAnimSize;
        if (!in_.need("mstudiovertanim_t", vertsAt, numVerts, static_cast<std::int64_t>(size)))
            return false;
        flex.vertanims.resize(static_cast<std::size_t>(numVerts));
        for (std::size_t i = 0; i < flex.vertanims.size(); ++i) {
            const std::int64_t v = vertsAt + static_cast<std::int64_t>(i * size);
            MdlVertAnim& anim = flex.vertanims[i];
            anim.index = in_.u16(v);
            anim.speed = in_.u8(v + 2);
            anim.side = in_.u8(v + 3);
            for (std::size_t k = 0; k < 3; ++k) {
                anim.delta[k] = in_.i16(v + 4 + 2 * static_cast<std::int64_t>(k));
                anim.ndelta[k] = in_.i16(v + 10 + 2 * static_cast<std::int64_t>(k));
            }
            if (flex.vertanimtype == 1) anim.wrinkledelta = in_.i16(v + 16);
        }
        return true;
    }

    bool readEyeballs(std::int64_t modelAt, MdlModel& model) {
        const std::int32_t count = in_.i32(modelAt + 100);
        const std::int64_t at = modelAt + in_.i32(modelAt + 104);
        if (!in_.need("mstudioeyeball_t", at, count, kMdlEyeballSize)) return false;
        model.eyeballs.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < model.eyeballs.size(); ++i) {
            const std::int64_t e = at + static_cast<std::int64_t>(i * kMdlEyeballSize);
            MdlEyeball& eye = model.eyeballs[i];
            if (!in_.string("mstudioeyeball_t name", e, in_.i32(e), eye.name)) return false;
            eye.bone = in_.i32(e + 4);
            eye.org = in_.vec3(e + 8);
            eye.zoffset = in_.f32(e + 20);
            eye.radius = in_.f32(e + 24);
            eye.up = in_.vec3(e + 28);
            eye.forward = in_.vec3(e + 40);
            eye.texture = in_.i32(e + 52);
            eye.iris_scale = in_.f32(e + 60);
            for (std::size_t k = 0; k < 3; ++k) {
                const auto o = 4 * static_cast<std::int64_t>(k);
                eye.upperflexdesc[k] = in_.i32(e + 68 + o);
                eye.lowerflexdesc[k] = in_.i32(e + 80 + o);
                eye.uppertarget[k] = in_.f32(e + 92 + o);
                eye.lowertarget[k] = in_.f32(e + 104 + o);
            }
            eye.upperlidflexdesc = in_.i32(e + 116);
            eye.lowerlidflexdesc = in_.i32(e + 120);
            eye.m_bNonFACS = in_.u8(e + 140);
        }
        return true;
    }

    // ---- flexes -------------------------------------------------------------------------------

    bool readFlexDescs(MdlFile& file) {
        const std::int32_t count = in_.i32(260);
        const std::int64_t at = in_.i32(264);
        if (!in_.need("mstudioflexdesc_t", at, count, kMdlFlexDescSize)) return false;
        file.flexDescs.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.flexDescs.size(); ++i) {
            const std::int64_t d = at + 4 * static_cast<std::int64_t>(i);
            if (!in_.string("mstudioflexdesc_t name", d, in_.i32(d), file.flexDescs[i]))
                return false;
        }
        return true;
    }

    bool readFlexControllers(MdlFile& file) {
        const std::int32_t count = in_.i32(268);
        const std::int64_t at = in_.i32(272);
        if (!in_.need("mstudioflexcontroller_t", at, count, kMdlFlexControllerSize)) return false;
        file.flexControllers.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.flexControllers.size(); ++i) {
            const std::int64_t c = at + static_cast<std::int64_t>(i * kMdlFlexControllerSize);
            MdlFlexController& controller = file.flexControllers[i];
            if (!in_.string("mstudioflexcontroller_t type", c, in_.i32(c), controller.type) ||
                !in_.string("mstudioflexcontroller_t name", c, in_.i32(c + 4), controller.name))
                return false;
            controller.localToGlobal = in_.i32(c + 8);
            controller.min = in_.f32(c + 12);
            controller.max = in_.f32(c + 16);
        }
        return true;
    }

    bool readFlexRules(MdlFile& file) {
        const std::int32_t count = in_.i32(276);
        const std::int64_t at = in_.i32(280);
        if (!in_.need("mstudioflexrule_t", at, count, kMdlFlexRuleSize)) return false;
        file.flexRules.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.flexRules.size(); ++i) {
            const std::int64_t r = at + static_cast<std::int64_t>(i * kMdlFlexRuleSize);
            MdlFlexRule& rule = file.flexRules[i];
            rule.flex = in_.i32(r);
            const std::int32_t numOps = in_.i32(r + 4);
            const std::int64_t opsAt = r + in_.i32(r + 8);
            if (!in_.need("mstudioflexop_t", opsAt, numOps, kMdlFlexOpSize)) return false;
            rule.ops.resize(static_cast<std::size_t>(numOps));
            for (std::size_t k = 0; k < rule.ops.size(); ++k) {
                const std::int64_t o = opsAt + static_cast<std::int64_t>(k * kMdlFlexOpSize);
                rule.ops[k] = {in_.i32(o), in_.i32(o + 4)};
            }
        }
        return true;
    }

    bool readFlexControllerUis(MdlFile& file) {
        const std::int32_t count = in_.i32(384);
        const std::int64_t at = in_.i32(388);
        if (!in_.need("mstudioflexcontrollerui_t", at, count, kMdlFlexControllerUiSize))
            return false;
        file.flexControllerUis.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.flexControllerUis.size(); ++i) {
            const std::int64_t u = at + static_cast<std::int64_t>(i * kMdlFlexControllerUiSize);
            MdlFlexControllerUi& ui = file.flexControllerUis[i];
            if (!in_.string("mstudioflexcontrollerui_t name", u, in_.i32(u), ui.name)) return false;
            for (std::size_t k = 0; k < 3; ++k)
                if (!controllerOf(file, u, in_.i32(u + 4 + 4 * static_cast<std::int64_t>(k)),
                                  ui.controllers[k]))
                    return false;
            ui.remaptype = in_.u8(u + 16);
            ui.stereo = in_.u8(u + 17);
        }
        return true;
    }

    // szindex0-2 of a UI record: offsets from the record to a flex controller record, 0 = none.
    bool controllerOf(const MdlFile& file, std::int64_t uiAt, std::int32_t offset,
                      std::int32_t& index) {
        index = -1;
        if (offset == 0) return true;
        const std::int64_t target = uiAt + offset - in_.i32(272);
        const auto size = static_cast<std::int64_t>(kMdlFlexControllerSize);
        if (target < 0 || target % size != 0 ||
            target / size >= static_cast<std::int64_t>(file.flexControllers.size()))
            return in_.inconsistent(
                "mstudioflexcontrollerui_t", uiAt,
                "controller offset " + std::to_string(offset) + " does not point at one of the " +
                    std::to_string(file.flexControllers.size()) + " flex controllers");
        index = static_cast<std::int32_t>(target / size);
        return true;
    }

    // ---- IK, mouths, pose parameters, includes ------------------------------------------------

    bool readIkChains(MdlFile& file) {
        const std::int32_t count = in_.i32(284);
        const std::int64_t at = in_.i32(288);
        if (!in_.need("mstudioikchain_t", at, count, kMdlIkChainSize)) return false;
        file.ikChains.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.ikChains.size(); ++i) {
            const std::int64_t c = at + static_cast<std::int64_t>(i * kMdlIkChainSize);
            MdlIkChain& chain = file.ikChains[i];
            if (!in_.string("mstudioikchain_t name", c, in_.i32(c), chain.name)) return false;
            chain.linktype = in_.i32(c + 4);
            const std::int32_t numLinks = in_.i32(c + 8);
            const std::int64_t linksAt = c + in_.i32(c + 12);
            if (!in_.need("mstudioiklink_t", linksAt, numLinks, kMdlIkLinkSize)) return false;
            chain.links.resize(static_cast<std::size_t>(numLinks));
            for (std::size_t k = 0; k < chain.links.size(); ++k) {
                const std::int64_t l = linksAt + static_cast<std::int64_t>(k * kMdlIkLinkSize);
                chain.links[k] = {in_.i32(l), in_.vec3(l + 4), in_.vec3(l + 16)};
            }
        }
        return true;
    }

    bool readMouths(MdlFile& file) {
        const std::int32_t count = in_.i32(292);
        const std::int64_t at = in_.i32(296);
        if (!in_.need("mstudiomouth_t", at, count, kMdlMouthSize)) return false;
        file.mouths.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.mouths.size(); ++i) {
            const std::int64_t m = at + static_cast<std::int64_t>(i * kMdlMouthSize);
            file.mouths[i] = {in_.i32(m), in_.vec3(m + 4), in_.i32(m + 16)};
        }
        return true;
    }

    bool readPoseParameters(MdlFile& file) {
        const std::int32_t count = in_.i32(300);
        const std::int64_t at = in_.i32(304);
        if (!in_.need("mstudioposeparamdesc_t", at, count, kMdlPoseParamSize)) return false;
        file.poseParameters.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.poseParameters.size(); ++i) {
            const std::int64_t p = at + static_cast<std::int64_t>(i * kMdlPoseParamSize);
            MdlPoseParameter& pose = file.poseParameters[i];
            if (!in_.string("mstudioposeparamdesc_t name", p, in_.i32(p), pose.name)) return false;
            pose.flags = in_.i32(p + 4);
            pose.start = in_.f32(p + 8);
            pose.end = in_.f32(p + 12);
            pose.loop = in_.f32(p + 16);
        }
        return true;
    }

    bool readAutoplayLocks(MdlFile& file) {
        const std::int32_t count = in_.i32(320);
        const std::int64_t at = in_.i32(324);
        if (!in_.need("mstudioiklock_t", at, count, kMdlIkLockSize)) return false;
        file.ikAutoplayLocks.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.ikAutoplayLocks.size(); ++i) {
            const std::int64_t l = at + static_cast<std::int64_t>(i * kMdlIkLockSize);
            file.ikAutoplayLocks[i] = {in_.i32(l), in_.f32(l + 4), in_.f32(l + 8), in_.i32(l + 12)};
        }
        return true;
    }

    bool readIncludeModels(MdlFile& file) {
        const std::int32_t count = in_.i32(336);
        const std::int64_t at = in_.i32(340);
        if (!in_.need("mstudiomodelgroup_t", at, count, kMdlModelGroupSize)) return false;
        file.includeModels.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.includeModels.size(); ++i) {
            const std::int64_t g = at + static_cast<std::int64_t>(i * kMdlModelGroupSize);
            MdlIncludeModel& include = file.includeModels[i];
            // Valve's files leave the label 0 rather than point at an empty string.
            if (!in_.optionalString("mstudiomodelgroup_t label", g, in_.i32(g), include.label) ||
                !in_.string("mstudiomodelgroup_t name", g, in_.i32(g + 4), include.name))
                return false;
        }
        return true;
    }

    bool readAnimBlocks(MdlFile& file) {
        const std::int32_t count = in_.i32(352);
        const std::int64_t at = in_.i32(356);
        if (!in_.need("mstudioanimblock_t", at, count, kMdlAnimBlockSize)) return false;
        file.animBlocks.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.animBlocks.size(); ++i) {
            const std::int64_t b = at + static_cast<std::int64_t>(i * kMdlAnimBlockSize);
            file.animBlocks[i] = {in_.i32(b), in_.i32(b + 4)};
        }
        return true;
    }

    // ---- materials, key values, linear bones --------------------------------------------------

    bool readTextures(MdlFile& file) {
        const std::int32_t count = in_.i32(204);
        const std::int64_t at = in_.i32(208);
        if (!in_.need("mstudiotexture_t", at, count, kMdlTextureSize)) return false;
        file.textures.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.textures.size(); ++i) {
            const std::int64_t t = at + static_cast<std::int64_t>(i * kMdlTextureSize);
            MdlTexture& texture = file.textures[i];
            if (!in_.string("mstudiotexture_t name", t, in_.i32(t), texture.name)) return false;
            texture.flags = in_.i32(t + 4);
            texture.used = in_.i32(t + 8);
            texture.materialSlot = in_.u32(t + 16);
            texture.clientmaterialSlot = in_.u32(t + 20);
        }
        return true;
    }

    // The $cdmaterials table: an array of offsets from the start of the file to strings.
    bool readCdMaterials(MdlFile& file) {
        const std::int32_t count = in_.i32(212);
        const std::int64_t at = in_.i32(216);
        if (!in_.need("cdtexture offset", at, count, 4)) return false;
        file.cdmaterials.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < file.cdmaterials.size(); ++i)
            if (!in_.string("cdtexture path", 0, in_.i32(at + 4 * static_cast<std::int64_t>(i)),
                            file.cdmaterials[i]))
                return false;
        return true;
    }

    bool readSkins(MdlFile& file) {
        const std::int32_t numSkinRef = in_.i32(220);
        const std::int32_t numFamilies = in_.i32(224);
        const std::int64_t at = in_.i32(228);
        // Both counts are bounded first: with no references, a family takes no bytes to check.
        if (!in_.count("numskinref", 220, numSkinRef, 0x7fff) ||
            !in_.count("numskinfamilies", 224, numFamilies, 0x7fff) ||
            !in_.need("skin family", at, numFamilies, 2 * static_cast<std::int64_t>(numSkinRef)))
            return false;
        file.skinFamilies.resize(static_cast<std::size_t>(numFamilies));
        std::int64_t cell = at;
        for (auto& family : file.skinFamilies) {
            family.resize(static_cast<std::size_t>(numSkinRef));
            for (auto& texture : family) {
                texture = in_.i16(cell);
                cell += 2;
            }
        }
        return true;
    }

    bool readKeyValues(MdlFile& file) {
        const std::int32_t size = in_.i32(316);
        const std::int64_t at = in_.i32(312);
        if (!in_.need("model key values", at, size, 1)) return false;
        file.keyValues = keyValueText(at, size);
        return true;
    }

    // `size` bytes of key value text, the terminating NUL not included.
    std::string keyValueText(std::int64_t at, std::int32_t size) const {
        if (size <= 0) return {};
        const auto* begin = reinterpret_cast<const char*>(in_.r().bytes().data() + at);
        std::string text(begin, static_cast<std::size_t>(size));
        if (!text.empty() && text.back() == '\0') text.pop_back();
        return text;
    }

    // The linear bone table repeats the bone array; the engine's bone setup reads this copy, so a
    // table that disagrees would animate differently from what the bones say.
    bool checkLinearBones(const MdlFile& file) {
        if (!file.header2) return true;
        const std::int64_t header2At = in_.i32(400);
        const std::int32_t offset = in_.i32(header2At + 16);
        if (offset == 0) return true;
        const std::int64_t at = header2At + offset;
        if (!in_.need("mstudiolinearbone_t", at, 1, kMdlLinearBoneHeadSize)) return false;
        const std::int32_t count = in_.i32(at);
        if (count != static_cast<std::int64_t>(file.bones.size()))
            return in_.inconsistent("mstudiolinearbone_t", at,
                                    "numbones " + std::to_string(count) + " differs from the " +
                                        std::to_string(file.bones.size()) + " bones");
        struct Column {
            const char* name;
            std::int64_t size;
        };
        static constexpr Column kColumns[] = {
            {"flags", 4},       {"parent", 4},    {"pos", 12},      {"quat", 16},      {"rot", 12},
            {"poseToBone", 48}, {"posscale", 12}, {"rotscale", 12}, {"qAlignment", 16}};
        for (std::size_t c = 0; c < std::size(kColumns); ++c) {
            const std::int64_t column = at + in_.i32(at + 4 + 4 * static_cast<std::int64_t>(c));
            if (!in_.need("mstudiolinearbone_t array", column, count, kColumns[c].size))
                return false;
            for (std::size_t b = 0; b < file.bones.size(); ++b) {
                const std::int64_t cell = column + static_cast<std::int64_t>(b) * kColumns[c].size;
                const std::int64_t boneAt =
                    in_.i32(160) + static_cast<std::int64_t>(b * kMdlBoneSize);
                if (std::memcmp(in_.r().bytes().data() + cell,
                                in_.r().bytes().data() + boneAt + kLinearSourceOffsets[c],
                                static_cast<std::size_t>(kColumns[c].size)) != 0)
                    return in_.inconsistent(
                        "mstudiolinearbone_t " + std::string(kColumns[c].name), cell,
                        "bone " + std::to_string(b) + " differs from the bone array");
            }
        }
        return true;
    }

    // Where each linear bone column's value lies in mstudiobone_t.
    static constexpr std::int64_t kLinearSourceOffsets[] = {160, 4, 32, 44, 60, 96, 72, 84, 144};

    MdlInput in_;
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
    "0x80000",
    "0x100000",
    "VERT_ANIM_FIXED_POINT_SCALE",
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
