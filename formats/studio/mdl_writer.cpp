// Writes a .mdl (version 48) from the data model: plans the layout first (mdl_writer_layout.cpp),
// then emits every record at its planned offset through ByteWriter, each record's size checked.
// Derived fields (counts, indices, baseptr, mesh -> model offsets, the bone table by name, the
// linear bone table, the string pool, length) come from the layout, never from the model.
#include "formats/studio/mdl_write_support.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace vtxc {

namespace {

using namespace mdl_write;

std::int32_t count(std::size_t n) {
    if (n > static_cast<std::size_t>(INT32_MAX))
        throw std::length_error("mdl writer: count does not fit 32 bits");
    return static_cast<std::int32_t>(n);
}

void writeFixedString(ByteWriter& w, const std::string& text, std::size_t size, const char* what) {
    // A name may fill the whole field without a NUL, as char[64] allows.
    if (text.size() > size)
        throw std::length_error(std::string("mdl writer: ") + what + " \"" + text +
                                "\" is longer than " + std::to_string(size) + " characters");
    w.chars(text);
    w.zeros(size - text.size());
}

std::int32_t numSkinRef(const MdlFile& file) {
    if (file.skinFamilies.empty()) return 0;
    for (const auto& family : file.skinFamilies)
        if (family.size() != file.skinFamilies[0].size())
            throw std::invalid_argument("mdl writer: skin families of different lengths");
    return count(file.skinFamilies[0].size());
}

class Writer {
  public:
    Writer(const MdlFile& file, const Layout& layout) : f_(file), l_(layout) {
        w_.reserve(layout.end);
    }

    std::vector<std::uint8_t> run() {
        writeHeader();
        writeHeader2();
        writeBones();
        writeBoneControllers();
        writeAttachments();
        writeHitboxes();
        writeBoneTable();
        writeAnimations(w_, f_, l_);
        writeSequences(w_, f_, l_);
        writeLocalNodes();
        writeBodyParts();
        writeFlexes();
        writeIkAndPoseParameters();
        writeMeshes();
        writeIncludesAndTextures();
        writeSkinsAndKeyValues();
        writeHeader2Tables();
        writeStrings();
        if (w_.size() != l_.end)
            throw std::logic_error("mdl writer: wrote " + std::to_string(w_.size()) +
                                   " bytes, planned " + std::to_string(l_.end));
        return w_.take();
    }

  private:
    std::int32_t str(const std::string& text, std::size_t from) const {
        return relative(l_.string(text), from);
    }

    // ---- header -------------------------------------------------------------------------------

    void writeHeader() {
        auto record = w_.record("studiohdr_t", kMdlHeaderSize, 0);
        w_.chars("IDST");
        w_.i32(kMdlVersion);
        w_.i32(f_.checksum);
        writeFixedString(w_, f_.name, 64, "model name");
        w_.i32(absolute(l_.end));
        for (const Vec3& v : {f_.eyeposition, f_.illumposition, f_.hull_min, f_.hull_max,
                              f_.view_bbmin, f_.view_bbmax})
            writeVec3(w_, v);
        w_.i32(f_.flags);
        table(f_.bones.size(), l_.bones);
        table(f_.boneControllers.size(), l_.boneControllers);
        table(f_.hitboxSets.size(), l_.hitboxSets);
        table(f_.animations.size(), l_.animDescs);
        table(f_.sequences.size(), l_.seqDescs);
        w_.i32(0); // activitylistversion: run time
        w_.i32(0); // eventsindexed: run time
        table(f_.textures.size(), l_.textures);
        table(f_.cdmaterials.size(), l_.cdtextures);
        w_.i32(numSkinRef(f_));
        table(f_.skinFamilies.size(), l_.skins);
        table(f_.bodyParts.size(), l_.bodyParts);
        table(f_.attachments.size(), l_.attachments);
        table(f_.localNodeNames.size(), l_.localNodeTransitions);
        w_.i32(absolute(l_.localNodeNames));
        table(f_.flexDescs.size(), l_.flexDescs);
        table(f_.flexControllers.size(), l_.flexControllers);
        table(f_.flexRules.size(), l_.flexRules);
        table(f_.ikChains.size(), l_.ikChains);
        table(f_.mouths.size(), l_.mouths);
        table(f_.poseParameters.size(), l_.poseParameters);
        writeHeaderTail();
    }

    void writeHeaderTail() {
        w_.i32(absolute(l_.string(f_.surfaceprop)));
        w_.i32(absolute(l_.keyValues));
        w_.i32(f_.keyValues.empty() ? 0 : count(f_.keyValues.size() + 1));
        table(f_.ikAutoplayLocks.size(), l_.autoplayLocks);
        w_.f32(f_.mass);
        w_.i32(f_.contents);
        table(f_.includeModels.size(), l_.includeModels);
        w_.i32(0); // virtualModel: run-time pointer
        w_.i32(absolute(l_.string(f_.animBlockName)));
        table(f_.animBlocks.size(), l_.animBlocks);
        w_.i32(0); // animblockModel: run-time pointer
        w_.i32(absolute(l_.boneTable));
        w_.i32(0); // pVertexBase
        w_.i32(0); // pIndexBase
        w_.u8(f_.constdirectionallightdot);
        w_.u8(f_.rootLOD);
        w_.u8(f_.numAllowedRootLODs);
        w_.u8(0);
        w_.i32(0); // unused4
        table(f_.flexControllerUis.size(), l_.flexControllerUis);
        w_.f32(f_.flVertAnimFixedPointScale);
        w_.i32(0); // unused3
        w_.i32(absolute(l_.header2));
        w_.i32(0); // unused2
    }

    void table(std::size_t n, std::size_t at) {
        w_.i32(count(n));
        w_.i32(absolute(at));
    }

    void writeHeader2() {
        if (!f_.header2) return;
        const MdlHeader2& h = *f_.header2;
        const std::size_t at = l_.header2;
        auto record = w_.record("studiohdr2_t", kMdlHeader2Size, at);
        w_.i32(count(h.srcbonetransforms.size()));
        w_.i32(absolute(l_.srcBoneTransforms));
        w_.i32(h.illumpositionattachmentindex);
        w_.f32(h.flMaxEyeDeflection);
        w_.i32(l_.linearBones ? relative(l_.linearBones, at) : 0);
        w_.i32(h.name ? str(*h.name, at) : 0);
        w_.i32(count(h.boneFlexDrivers.size()));
        w_.i32(h.boneFlexDrivers.empty() ? 0 : relative(l_.boneFlexDrivers, at));
        w_.zeros(224); // reserved[56]
    }

    // ---- bones --------------------------------------------------------------------------------

    void writeBones() {
        w_.padTo(l_.bones);
        for (std::size_t i = 0; i < f_.bones.size(); ++i)
            writeBone(f_.bones[i], l_.bones + i * kMdlBoneSize, l_.procedural[i]);
        for (std::size_t i = 0; i < f_.bones.size(); ++i)
            if (f_.bones[i].procedural) writeProcedural(*f_.bones[i].procedural, l_.procedural[i]);
    }

    void writeBone(const MdlBone& bone, std::size_t at, std::size_t proceduralAt) {
        auto record = w_.record("mstudiobone_t", kMdlBoneSize, at);
        w_.i32(str(bone.name, at));
        w_.i32(bone.parent);
        writeI32s(w_, bone.bonecontroller);
        writeVec3(w_, bone.pos);
        writeVec4(w_, bone.quat);
        writeVec3(w_, bone.rot);
        writeVec3(w_, bone.posscale);
        writeVec3(w_, bone.rotscale);
        writeMatrix(w_, bone.poseToBone);
        writeVec4(w_, bone.qAlignment);
        w_.i32(bone.flags);
        w_.i32(bone.procedural ? bone.procedural->proctype : 0);
        w_.i32(bone.procedural ? relative(proceduralAt, at) : 0);
        w_.i32(bone.physicsbone);
        w_.i32(str(bone.surfaceprop, at));
        w_.i32(bone.contents);
        w_.zeros(32); // unused[8]
    }

    void writeProcedural(const MdlProceduralBone& procedural, std::size_t at) {
        if (const auto* axis = std::get_if<MdlAxisInterpBone>(&procedural.data)) {
            auto record = w_.record("mstudioaxisinterpbone_t", kMdlAxisInterpBoneSize, at);
            w_.i32(axis->control);
            w_.i32(axis->axis);
            for (const Vec3& pos : axis->pos)
                writeVec3(w_, pos);
            for (const Vec4& quat : axis->quat)
                writeVec4(w_, quat);
        } else if (const auto* quat = std::get_if<MdlQuatInterpBone>(&procedural.data)) {
            writeQuatInterp(*quat, at);
        } else if (const auto* aim = std::get_if<MdlAimAtBone>(&procedural.data)) {
            auto record = w_.record("mstudioaimatbone_t", kMdlAimAtBoneSize, at);
            w_.i32(aim->parent);
            w_.i32(aim->aim);
            writeVec3(w_, aim->aimvector);
            writeVec3(w_, aim->upvector);
            writeVec3(w_, aim->basepos);
        } else {
            writeJiggle(std::get<MdlJiggleBone>(procedural.data), at);
        }
    }

    void writeQuatInterp(const MdlQuatInterpBone& quat, std::size_t at) {
        {
            auto record = w_.record("mstudioquatinterpbone_t", kMdlQuatInterpBoneSize, at);
            w_.i32(quat.control);
            w_.i32(count(quat.triggers.size()));
            w_.i32(relative(at + kMdlQuatInterpBoneSize, at));
        }
        for (const MdlQuatInterpTrigger& trigger : quat.triggers) {
            auto record =
                w_.record("mstudioquatinterpinfo_t", kMdlQuatInterpTriggerSize, w_.size());
            w_.f32(trigger.inv_tolerance);
            writeVec4(w_, trigger.trigger);
            writeVec3(w_, trigger.pos);
            writeVec4(w_, trigger.quat);
        }
    }

    void writeJiggle(const MdlJiggleBone& j, std::size_t at) {
        auto record = w_.record("mstudiojigglebone_t", kMdlJiggleBoneSize, at);
        w_.i32(j.flags);
        for (float value : {j.length,
                            j.tipMass,
                            j.yawStiffness,
                            j.yawDamping,
                            j.pitchStiffness,
                            j.pitchDamping,
                            j.alongStiffness,
                            j.alongDamping,
                            j.angleLimit,
                            j.minYaw,
                            j.maxYaw,
                            j.yawFriction,
                            j.yawBounce,
                            j.minPitch,
                            j.maxPitch,
                            j.pitchFriction,
                            j.pitchBounce,
                            j.baseMass,
                            j.baseStiffness,
                            j.baseDamping,
                            j.baseMinLeft,
                            j.baseMaxLeft,
                            j.baseLeftFriction,
                            j.baseMinUp,
                            j.baseMaxUp,
                            j.baseUpFriction,
                            j.baseMinForward,
                            j.baseMaxForward,
                            j.baseForwardFriction,
                            j.boingImpactSpeed,
                            j.boingImpactAngle,
                            j.boingDampingRate,
                            j.boingFrequency,
                            j.boingAmplitude})
            w_.f32(value);
    }

    void writeBoneControllers() {
        w_.padTo(l_.boneControllers);
        for (std::size_t i = 0; i < f_.boneControllers.size(); ++i) {
            const MdlBoneController& c = f_.boneControllers[i];
            auto record = w_.record("mstudiobonecontroller_t", kMdlBoneControllerSize,
                                    l_.boneControllers + i * kMdlBoneControllerSize);
            w_.i32(c.bone);
            w_.i32(c.type);
            w_.f32(c.start);
            w_.f32(c.end);
            w_.i32(c.rest);
            w_.i32(c.inputfield);
            w_.zeros(32);
        }
    }

    void writeAttachments() {
        for (std::size_t i = 0; i < f_.attachments.size(); ++i) {
            const MdlAttachment& a = f_.attachments[i];
            const std::size_t at = l_.attachments + i * kMdlAttachmentSize;
            auto record = w_.record("mstudioattachment_t", kMdlAttachmentSize, at);
            w_.i32(str(a.name, at));
            w_.i32(a.flags);
            w_.i32(a.localbone);
            writeMatrix(w_, a.local);
            w_.zeros(32);
        }
    }

    void writeHitboxes() {
        for (std::size_t s = 0; s < f_.hitboxSets.size(); ++s) {
            const std::size_t at = l_.hitboxSets + s * kMdlHitboxSetSize;
            auto record = w_.record("mstudiohitboxset_t", kMdlHitboxSetSize, at);
            w_.i32(str(f_.hitboxSets[s].name, at));
            w_.i32(count(f_.hitboxSets[s].hitboxes.size()));
            w_.i32(relative(l_.hitboxes[s], at));
        }
        for (std::size_t s = 0; s < f_.hitboxSets.size(); ++s)
            for (std::size_t i = 0; i < f_.hitboxSets[s].hitboxes.size(); ++i) {
                const MdlHitbox& box = f_.hitboxSets[s].hitboxes[i];
                const std::size_t at = l_.hitboxes[s] + i * kMdlHitboxSize;
                auto record = w_.record("mstudiobbox_t", kMdlHitboxSize, at);
                w_.i32(box.bone);
                w_.i32(box.group);
                writeVec3(w_, box.bbmin);
                writeVec3(w_, box.bbmax);
                w_.i32(str(box.name, at));
                w_.zeros(32);
            }
    }

    // Bone indices sorted by name ignoring ASCII case (name lookups binary-search it).
    void writeBoneTable() {
        if (f_.bones.size() > 256)
            throw std::length_error("mdl writer: the bone table by name holds at most 256 bones");
        std::vector<std::size_t> order(f_.bones.size());
        std::iota(order.begin(), order.end(), 0);
        auto lower = [](unsigned char c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; };
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            const std::string& x = f_.bones[a].name;
            const std::string& y = f_.bones[b].name;
            return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end(),
                                                [&](char p, char q) {
                                                    return lower(static_cast<unsigned char>(p)) <
                                                           lower(static_cast<unsigned char>(q));
                                                });
        });
        auto record = w_.record("bone table by name", order.size(), l_.boneTable);
        for (std::size_t index : order)
            w_.u8(static_cast<std::uint8_t>(index));
    }

    // ---- local nodes, body parts, flexes, IK --------------------------------------------------

    void writeLocalNodes() {
        w_.padTo(l_.localNodeNames);
        for (const std::string& name : f_.localNodeNames)
            w_.i32(absolute(l_.string(name)));
        w_.raw(f_.localNodeTransitions.data(), f_.localNodeTransitions.size());
    }

    void writeBodyParts() {
        w_.padTo(l_.bodyParts);
        for (std::size_t b = 0; b < f_.bodyParts.size(); ++b) {
            const std::size_t at = l_.bodyParts + b * kMdlBodyPartSize;
            auto record = w_.record("mstudiobodyparts_t", kMdlBodyPartSize, at);
            w_.i32(str(f_.bodyParts[b].name, at));
            w_.i32(count(f_.bodyParts[b].models.size()));
            w_.i32(f_.bodyParts[b].base);
            w_.i32(relative(l_.models[b], at));
        }
        for (std::size_t b = 0; b < f_.bodyParts.size(); ++b)
            for (std::size_t m = 0; m < f_.bodyParts[b].models.size(); ++m)
                writeModel(f_.bodyParts[b].models[m], l_.modelLayouts[b][m]);
    }

    void writeModel(const MdlModel& model, const ModelLayout& ml) {
        auto record = w_.record("mstudiomodel_t", kMdlModelSize, ml.at);
        writeFixedString(w_, model.name, 64, "model name");
        w_.i32(model.type);
        w_.f32(model.boundingradius);
        w_.i32(count(model.meshes.size()));
        w_.i32(relative(ml.meshes, ml.at));
        w_.i32(model.numvertices);
        w_.i32(model.vertexindex);
        w_.i32(model.tangentsindex);
        w_.i32(0); // numattachments
        w_.i32(0); // attachmentindex
        w_.i32(count(model.eyeballs.size()));
        w_.i32(relative(ml.eyeballs, ml.at));
        w_.u32(model.vertexdataSlots[0]);
        w_.u32(model.vertexdataSlots[1]);
        w_.zeros(32);
    }

    void writeFlexes() {
        w_.padTo(l_.flexDescs);
        for (std::size_t i = 0; i < f_.flexDescs.size(); ++i)
            w_.i32(str(f_.flexDescs[i], l_.flexDescs + i * kMdlFlexDescSize));
        for (std::size_t i = 0; i < f_.flexControllers.size(); ++i) {
            const MdlFlexController& c = f_.flexControllers[i];
            const std::size_t at = l_.flexControllers + i * kMdlFlexControllerSize;
            auto record = w_.record("mstudioflexcontroller_t", kMdlFlexControllerSize, at);
            w_.i32(str(c.type, at));
            w_.i32(str(c.name, at));
            w_.i32(c.localToGlobal);
            w_.f32(c.min);
            w_.f32(c.max);
        }
        for (std::size_t i = 0; i < f_.flexRules.size(); ++i) {
            const std::size_t at = l_.flexRules + i * kMdlFlexRuleSize;
            auto record = w_.record("mstudioflexrule_t", kMdlFlexRuleSize, at);
            w_.i32(f_.flexRules[i].flex);
            w_.i32(count(f_.flexRules[i].ops.size()));
            w_.i32(relative(l_.flexOps[i], at));
        }
        for (const MdlFlexRule& rule : f_.flexRules)
            for (const MdlFlexOp& op : rule.ops) {
                w_.i32(op.op);
                w_.i32(op.value);
            }
        for (std::size_t i = 0; i < f_.flexControllerUis.size(); ++i)
            writeFlexControllerUi(f_.flexControllerUis[i],
                                  l_.flexControllerUis + i * kMdlFlexControllerUiSize);
    }

    void writeFlexControllerUi(const MdlFlexControllerUi& ui, std::size_t at) {
        auto record = w_.record("mstudioflexcontrollerui_t", kMdlFlexControllerUiSize, at);
        w_.i32(str(ui.name, at));
        for (std::int32_t controller : ui.controllers) {
            if (controller >= static_cast<std::int64_t>(f_.flexControllers.size()))
                throw std::invalid_argument("mdl writer: flex controller UI names controller " +
                                            std::to_string(controller) + " that does not exist");
            w_.i32(controller < 0
                       ? 0
                       : relative(l_.flexControllers +
                                      static_cast<std::size_t>(controller) * kMdlFlexControllerSize,
                                  at));
        }
        w_.u8(ui.remaptype);
        w_.u8(ui.stereo);
        w_.zeros(2);
    }

    void writeIkAndPoseParameters() {
        for (std::size_t i = 0; i < f_.ikChains.size(); ++i) {
            const std::size_t at = l_.ikChains + i * kMdlIkChainSize;
            auto record = w_.record("mstudioikchain_t", kMdlIkChainSize, at);
            w_.i32(str(f_.ikChains[i].name, at));
            w_.i32(f_.ikChains[i].linktype);
            w_.i32(count(f_.ikChains[i].links.size()));
            w_.i32(relative(l_.ikLinks[i], at));
        }
        for (const MdlIkChain& chain : f_.ikChains)
            for (const MdlIkLink& link : chain.links) {
                auto record = w_.record("mstudioiklink_t", kMdlIkLinkSize, w_.size());
                w_.i32(link.bone);
                writeVec3(w_, link.kneeDir);
                writeVec3(w_, link.unused0);
            }
        for (const MdlIkLock& lock : f_.ikAutoplayLocks) {
            auto record = w_.record("mstudioiklock_t", kMdlIkLockSize, w_.size());
            w_.i32(lock.chain);
            w_.f32(lock.flPosWeight);
            w_.f32(lock.flLocalQWeight);
            w_.i32(lock.flags);
            w_.zeros(16);
        }
        for (const MdlMouth& mouth : f_.mouths) {
            auto record = w_.record("mstudiomouth_t", kMdlMouthSize, w_.size());
            w_.i32(mouth.bone);
            writeVec3(w_, mouth.forward);
            w_.i32(mouth.flexdesc);
        }
        for (std::size_t i = 0; i < f_.poseParameters.size(); ++i) {
            const MdlPoseParameter& p = f_.poseParameters[i];
            const std::size_t at = l_.poseParameters + i * kMdlPoseParamSize;
            auto record = w_.record("mstudioposeparamdesc_t", kMdlPoseParamSize, at);
            w_.i32(str(p.name, at));
            w_.i32(p.flags);
            w_.f32(p.start);
            w_.f32(p.end);
            w_.f32(p.loop);
        }
    }

    // ---- meshes, eyeballs, vertex animations --------------------------------------------------

    void writeMeshes() {
        for (std::size_t b = 0; b < f_.bodyParts.size(); ++b)
            for (std::size_t m = 0; m < f_.bodyParts[b].models.size(); ++m) {
                const MdlModel& model = f_.bodyParts[b].models[m];
                const ModelLayout& ml = l_.modelLayouts[b][m];
                w_.padTo(ml.meshes);
                for (std::size_t k = 0; k < model.meshes.size(); ++k)
                    writeMesh(model.meshes[k], ml.meshLayouts[k], ml.at);
                for (std::size_t e = 0; e < model.eyeballs.size(); ++e)
                    writeEyeball(model.eyeballs[e], ml.eyeballs + e * kMdlEyeballSize);
                for (std::size_t k = 0; k < model.meshes.size(); ++k)
                    writeMeshFlexes(model.meshes[k], ml.meshLayouts[k]);
            }
    }

    void writeMesh(const MdlMesh& mesh, const MeshLayout& ml, std::size_t modelAt) {
        auto record = w_.record("mstudiomesh_t", kMdlMeshSize, ml.at);
        w_.i32(mesh.material);
        w_.i32(relative(modelAt, ml.at));
        w_.i32(mesh.numvertices);
        w_.i32(mesh.vertexoffset);
        w_.i32(count(mesh.flexes.size()));
        w_.i32(mesh.flexes.empty() ? 0 : relative(ml.flexes, ml.at));
        w_.i32(mesh.materialtype);
        w_.i32(mesh.materialparam);
        w_.i32(mesh.meshid);
        writeVec3(w_, mesh.center);
        w_.u32(mesh.modelvertexdataSlot);
        writeI32s(w_, mesh.numLODVertexes);
        w_.zeros(32);
    }

    void writeEyeball(const MdlEyeball& e, std::size_t at) {
        auto record = w_.record("mstudioeyeball_t", kMdlEyeballSize, at);
        w_.i32(str(e.name, at));
        w_.i32(e.bone);
        writeVec3(w_, e.org);
        w_.f32(e.zoffset);
        w_.f32(e.radius);
        writeVec3(w_, e.up);
        writeVec3(w_, e.forward);
        w_.i32(e.texture);
        w_.i32(0); // unused1
        w_.f32(e.iris_scale);
        w_.i32(0); // unused2
        writeI32s(w_, e.upperflexdesc);
        writeI32s(w_, e.lowerflexdesc);
        writeF32s(w_, e.uppertarget);
        writeF32s(w_, e.lowertarget);
        w_.i32(e.upperlidflexdesc);
        w_.i32(e.lowerlidflexdesc);
        w_.zeros(16); // unused[4]
        w_.u8(e.m_bNonFACS);
        w_.zeros(3 + 28); // unused3[3], unused4[7]
    }

    void writeMeshFlexes(const MdlMesh& mesh, const MeshLayout& ml) {
        for (std::size_t i = 0; i < mesh.flexes.size(); ++i) {
            const MdlFlex& flex = mesh.flexes[i];
            const std::size_t at = ml.flexes + i * kMdlFlexSize;
            auto record = w_.record("mstudioflex_t", kMdlFlexSize, at);
            w_.i32(flex.flexdesc);
            writeF32s(w_, std::initializer_list<float>{flex.target0, flex.target1, flex.target2,
                                                       flex.target3});
            w_.i32(count(flex.vertanims.size()));
            w_.i32(relative(ml.vertanims[i], at));
            w_.i32(flex.flexpair);
            w_.u8(flex.vertanimtype);
            w_.zeros(3 + 24); // unusedchar[3], unused[6]
        }
        for (std::size_t i = 0; i < mesh.flexes.size(); ++i) {
            w_.padTo(ml.vertanims[i]);
            for (const MdlVertAnim& v : mesh.flexes[i].vertanims)
                writeVertAnim(v, mesh.flexes[i].vertanimtype == 1);
        }
    }

    void writeVertAnim(const MdlVertAnim& v, bool wrinkle) {
        auto record = w_.record("mstudiovertanim_t",
                                wrinkle ? kMdlVertAnimWrinkleSize : kMdlVertAnimSize, w_.size());
        w_.u16(v.index);
        w_.u8(v.speed);
        w_.u8(v.side);
        for (std::int16_t d : v.delta)
            w_.i16(d);
        for (std::int16_t d : v.ndelta)
            w_.i16(d);
        if (wrinkle) w_.i16(v.wrinkledelta);
    }

    // ---- includes, textures, skins, key values, header2 tables, strings -----------------------

    void writeIncludesAndTextures() {
        w_.padTo(l_.includeModels);
        for (std::size_t i = 0; i < f_.includeModels.size(); ++i) {
            const std::size_t at = l_.includeModels + i * kMdlModelGroupSize;
            auto record = w_.record("mstudiomodelgroup_t", kMdlModelGroupSize, at);
            const std::string& label = f_.includeModels[i].label;
            w_.i32(label.empty() ? 0 : str(label, at));
            w_.i32(str(f_.includeModels[i].name, at));
        }
        for (const MdlAnimBlock& block : f_.animBlocks) {
            w_.i32(block.datastart);
            w_.i32(block.dataend);
        }
        for (std::size_t i = 0; i < f_.textures.size(); ++i) {
            const MdlTexture& t = f_.textures[i];
            const std::size_t at = l_.textures + i * kMdlTextureSize;
            auto record = w_.record("mstudiotexture_t", kMdlTextureSize, at);
            w_.i32(str(t.name, at));
            w_.i32(t.flags);
            w_.i32(t.used);
            w_.i32(0); // unused1
            w_.u32(t.materialSlot);
            w_.u32(t.clientmaterialSlot);
            w_.zeros(40); // unused[10]
        }
        for (const std::string& path : f_.cdmaterials)
            w_.i32(absolute(l_.string(path)));
    }

    void writeSkinsAndKeyValues() {
        w_.padTo(l_.skins);
        for (const auto& family : f_.skinFamilies)
            for (std::int16_t texture : family)
                w_.i16(texture);
        w_.padTo(l_.keyValues);
        if (!f_.keyValues.empty()) w_.cstring(f_.keyValues);
    }

    void writeHeader2Tables() {
        w_.padTo(l_.srcBoneTransforms);
        if (!f_.header2) return;
        for (std::size_t i = 0; i < f_.header2->srcbonetransforms.size(); ++i) {
            const MdlSrcBoneTransform& t = f_.header2->srcbonetransforms[i];
            const std::size_t at = l_.srcBoneTransforms + i * kMdlSrcBoneTransformSize;
            auto record = w_.record("mstudiosrcbonetransform_t", kMdlSrcBoneTransformSize, at);
            w_.i32(str(t.name, at));
            writeMatrix(w_, t.pretransform);
            writeMatrix(w_, t.posttransform);
        }
        if (l_.linearBones) writeLinearBones();
        writeBoneFlexDrivers(f_.header2->boneFlexDrivers);
    }

    // mstudiolinearbone_t: a 64-byte head with offsets (from the head) of nine per-bone arrays.
    void writeLinearBones() {
        const std::size_t n = f_.bones.size();
        const std::size_t sizes[] = {4, 4, 12, 16, 12, 48, 12, 12, 16};
        {
            auto record = w_.record("mstudiolinearbone_t", kMdlLinearBoneHeadSize, l_.linearBones);
            w_.i32(count(n));
            std::size_t offset = kMdlLinearBoneHeadSize;
            for (std::size_t size : sizes) {
                w_.i32(count(offset));
                offset += size * n;
            }
            w_.zeros(24); // unused[6]
        }
        auto record = w_.record("linear bone arrays", n * kMdlLinearBonePerBone,
                                l_.linearBones + kMdlLinearBoneHeadSize);
        for (const MdlBone& b : f_.bones)
            w_.i32(b.flags);
        for (const MdlBone& b : f_.bones)
            w_.i32(b.parent);
        for (const MdlBone& b : f_.bones)
            writeVec3(w_, b.pos);
        for (const MdlBone& b : f_.bones)
            writeVec4(w_, b.quat);
        for (const MdlBone& b : f_.bones)
            writeVec3(w_, b.rot);
        for (const MdlBone& b : f_.bones)
            writeMatrix(w_, b.poseToBone);
        for (const MdlBone& b : f_.bones)
            writeVec3(w_, b.posscale);
        for (const MdlBone& b : f_.bones)
            writeVec3(w_, b.rotscale);
        for (const MdlBone& b : f_.bones)
            writeVec4(w_, b.qAlignment);
    }

    void writeBoneFlexDrivers(const std::vector<MdlBoneFlexDriver>& drivers) {
        w_.padTo(l_.boneFlexDrivers);
        for (std::size_t i = 0; i < drivers.size(); ++i) {
            const std::size_t at = l_.boneFlexDrivers + i * kMdlBoneFlexDriverSize;
            auto record = w_.record("mstudioboneflexdriver_t", kMdlBoneFlexDriverSize, at);
            w_.i32(drivers[i].m_nBoneIndex);
            w_.i32(count(drivers[i].controls.size()));
            w_.i32(relative(l_.boneFlexControls[i], at));
            w_.zeros(12);
        }
        for (const MdlBoneFlexDriver& driver : drivers)
            for (const MdlBoneFlexDriverControl& c : driver.controls) {
                w_.i32(c.m_nBoneComponent);
                w_.i32(c.m_nFlexControllerIndex);
                w_.f32(c.m_flMin);
                w_.f32(c.m_flMax);
            }
    }

    void writeStrings() {
        w_.padTo(l_.strings);
        {
            auto record = w_.record("string pool", l_.pool.size(), l_.strings);
            for (const std::string& text : l_.pool.strings())
                w_.cstring(text);
        }
        w_.padTo(l_.end);
    }

    const MdlFile& f_;
    const Layout& l_;
    ByteWriter w_;
};

} // namespace

std::vector<std::uint8_t> writeMdl(const MdlFile& file) {
    const Layout layout = planLayout(file);
    return Writer(file, layout).run();
}

} // namespace vtxc
