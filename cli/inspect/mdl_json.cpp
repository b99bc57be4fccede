// JSON view of a whole .mdl for `vtxc inspect FILE.mdl --json`: every section with the field names
// of studio.h (public Source SDK 2013), counts beside their arrays; with --frames, every
// animation's frames decoded to per-bone position, quaternion and euler angles.
#include "cli/inspect/compiled_file_json.h"
#include "formats/studio/mdl_codecs.h"

namespace vtxc::cli {

using Json = nlohmann::ordered_json;

namespace {

Json vec(const Vec3& v) {
    return Json::array({v.x, v.y, v.z});
}
Json vec(const Vec4& v) {
    return Json::array({v.x, v.y, v.z, v.w});
}
Json matrix(const MdlMatrix3x4& m) {
    Json rows = Json::array();
    for (int r = 0; r < 3; ++r)
        rows.push_back(Json::array({m.at(r, 0), m.at(r, 1), m.at(r, 2), m.at(r, 3)}));
    return rows;
}

std::vector<std::string> boneFlagNames(std::int32_t flags) {
    static const std::pair<std::int32_t, const char*> kNames[] = {
        {0x1, "PHYSICALLY_SIMULATED"},
        {0x2, "PHYSICS_PROCEDURAL"},
        {0x4, "ALWAYS_PROCEDURAL"},
        {0x8, "SCREEN_ALIGN_SPHERE"},
        {0x10, "SCREEN_ALIGN_CYLINDER"},
        {kBoneUsedByHitbox, "USED_BY_HITBOX"},
        {kBoneUsedByAttachment, "USED_BY_ATTACHMENT"},
        {kBoneUsedByVertexLod0 << 0, "USED_BY_VERTEX_LOD0"},
        {kBoneUsedByVertexLod0 << 1, "USED_BY_VERTEX_LOD1"},
        {kBoneUsedByVertexLod0 << 2, "USED_BY_VERTEX_LOD2"},
        {kBoneUsedByVertexLod0 << 3, "USED_BY_VERTEX_LOD3"},
        {kBoneUsedByVertexLod0 << 4, "USED_BY_VERTEX_LOD4"},
        {kBoneUsedByVertexLod0 << 5, "USED_BY_VERTEX_LOD5"},
        {kBoneUsedByVertexLod0 << 6, "USED_BY_VERTEX_LOD6"},
        {kBoneUsedByVertexLod0 << 7, "USED_BY_VERTEX_LOD7"},
        {kBoneUsedByBoneMerge, "USED_BY_BONE_MERGE"},
        {kBoneFixedAlignment, "FIXED_ALIGNMENT"},
        {kBoneHasSaveFramePos, "HAS_SAVEFRAME_POS"},
        {kBoneHasSaveFrameRot, "HAS_SAVEFRAME_ROT"}};
    std::vector<std::string> names;
    for (const auto& [bit, name] : kNames)
        if (flags & bit) names.emplace_back(name);
    return names;
}

Json proceduralJson(const MdlProceduralBone& p) {
    Json j;
    if (const auto* axis = std::get_if<MdlAxisInterpBone>(&p.data)) {
        j = {{"control", axis->control}, {"axis", axis->axis}};
        j["pos"] = arrayOf(axis->pos, [](const Vec3& v) { return vec(v); });
        j["quat"] = arrayOf(axis->quat, [](const Vec4& v) { return vec(v); });
    } else if (const auto* quat = std::get_if<MdlQuatInterpBone>(&p.data)) {
        j = {{"control", quat->control}, {"numtriggers", quat->triggers.size()}};
        j["triggers"] = arrayOf(quat->triggers, [](const MdlQuatInterpTrigger& t) {
            return Json{{"inv_tolerance", t.inv_tolerance},
                        {"trigger", vec(t.trigger)},
                        {"pos", vec(t.pos)},
                        {"quat", vec(t.quat)}};
        });
    } else if (const auto* aim = std::get_if<MdlAimAtBone>(&p.data)) {
        j = {{"parent", aim->parent},
             {"aim", aim->aim},
             {"aimvector", vec(aim->aimvector)},
             {"upvector", vec(aim->upvector)},
             {"basepos", vec(aim->basepos)}};
    } else {
        const auto& jiggle = std::get<MdlJiggleBone>(p.data);
        j = {{"flags", jiggle.flags}, {"length", jiggle.length}, {"tipMass", jiggle.tipMass}};
    }
    return j;
}

Json boneJson(const MdlBone& b) {
    Json j{{"name", b.name},
           {"parent", b.parent},
           {"bonecontroller", b.bonecontroller},
           {"pos", vec(b.pos)},
           {"quat", vec(b.quat)},
           {"rot", vec(b.rot)},
           {"posscale", vec(b.posscale)},
           {"rotscale", vec(b.rotscale)},
           {"poseToBone", matrix(b.poseToBone)},
           {"qAlignment", vec(b.qAlignment)},
           {"flags", b.flags},
           {"flagNames", boneFlagNames(b.flags)},
           {"proctype", b.procedural ? b.procedural->proctype : 0}};
    if (b.procedural) j["procedural"] = proceduralJson(*b.procedural);
    j["physicsbone"] = b.physicsbone;
    j["surfaceprop"] = b.surfaceprop;
    j["contents"] = b.contents;
    return j;
}

Json runsJson(const MdlAnimValues& runs) {
    return arrayOf(runs, [](const MdlAnimValueRun& r) {
        return Json{{"valid", r.values.size()}, {"total", r.total}, {"values", r.values}};
    });
}

Json animBoneJson(const MdlAnimBone& r) {
    Json j{{"bone", r.bone}, {"flags", r.flags}};
    if (r.flags & kAnimRawRot2) j["rawrot2"] = vec(unpackQuaternion64(r.rawRot64));
    if (r.flags & kAnimRawRot) j["rawrot"] = vec(unpackQuaternion48(r.rawRot48));
    if (r.flags & kAnimRawPos) j["rawpos"] = vec(unpackVector48(r.rawPos));
    if (r.flags & kAnimAnimRot) j["animrot"] = arrayOf(r.rotValues, runsJson);
    if (r.flags & kAnimAnimPos) j["animpos"] = arrayOf(r.posValues, runsJson);
    return j;
}

Json compressedErrorJson(const MdlCompressedIkError& e) {
    return Json{{"scale", e.scale}, {"values", arrayOf(e.values, runsJson)}};
}

Json ikRuleJson(const MdlIkRule& r) {
    Json j{{"index", r.index},
           {"type", r.type},
           {"chain", r.chain},
           {"bone", r.bone},
           {"slot", r.slot},
           {"height", r.height},
           {"radius", r.radius},
           {"floor", r.floor},
           {"pos", vec(r.pos)},
           {"q", vec(r.q)},
           {"iStart", r.iStart},
           {"start", r.start},
           {"peak", r.peak},
           {"tail", r.tail},
           {"end", r.end},
           {"contact", r.contact},
           {"drop", r.drop},
           {"top", r.top},
           {"attachment", r.attachment}};
    if (r.compressedError) j["compressedikerror"] = compressedErrorJson(*r.compressedError);
    return j;
}

Json framesJson(const MdlAnimDesc& anim, const std::vector<MdlBone>& bones) {
    Json frames = Json::array();
    for (int f = 0; f < anim.numframes; ++f) {
        Json poses = Json::array();
        const auto decoded = decodeAnimationFrame(anim, bones, f);
        for (std::size_t b = 0; b < decoded.size(); ++b)
            poses.push_back({{"bone", b},
                             {"pos", vec(decoded[b].position)},
                             {"quat", vec(decoded[b].rotation)},
                             {"euler", vec(quaternionToEuler(decoded[b].rotation))}});
        frames.push_back({{"frame", f}, {"bones", std::move(poses)}});
    }
    return frames;
}

Json animJson(const MdlAnimDesc& a, const MdlFile& file, bool frames) {
    Json j{{"name", a.name},
           {"fps", a.fps},
           {"flags", a.flags},
           {"numframes", a.numframes},
           {"nummovements", a.movements.size()},
           {"movements", arrayOf(a.movements,
                                 [](const MdlMovement& m) {
                                     return Json{{"endframe", m.endframe},
                                                 {"motionflags", m.motionflags},
                                                 {"v0", m.v0},
                                                 {"v1", m.v1},
                                                 {"angle", m.angle},
                                                 {"vector", vec(m.vector)},
                                                 {"position", vec(m.position)}};
                                 })},
           {"animblock", a.animblock},
           {"numbonerecords", a.bones.size()},
           {"bones", arrayOf(a.bones, animBoneJson)},
           {"numikrules",
            a.ikRules.empty() ? a.numBlockIkRules : static_cast<std::int32_t>(a.ikRules.size())},
           {"ikrules", arrayOf(a.ikRules, ikRuleJson)},
           {"numlocalhierarchy", a.localHierarchy.size()},
           {"sectionframes", a.sectionframes},
           {"numsections", a.sections.size()},
           {"zeroframespan", a.zeroframespan},
           {"zeroframecount", a.zeroframecount}};
    if (frames) j["frames"] = framesJson(a, file.bones);
    return j;
}

Json eventJson(const MdlEvent& e) {
    return Json{{"cycle", e.cycle},
                {"event", e.event},
                {"type", e.type},
                {"options", e.options},
                {"name", e.name}};
}

Json seqJson(const MdlSeqDesc& s) {
    return Json{{"label", s.label},
                {"activityName", s.activityName},
                {"flags", s.flags},
                {"activity", s.activity},
                {"actweight", s.actweight},
                {"numevents", s.events.size()},
                {"events", arrayOf(s.events, eventJson)},
                {"bbmin", vec(s.bbmin)},
                {"bbmax", vec(s.bbmax)},
                {"numblends", s.blends.size()},
                {"groupsize", s.groupsize},
                {"blends", s.blends},
                {"paramindex", s.paramindex},
                {"paramstart", s.paramstart},
                {"paramend", s.paramend},
                {"paramparent", s.paramparent},
                {"fadeintime", s.fadeintime},
                {"fadeouttime", s.fadeouttime},
                {"localentrynode", s.localentrynode},
                {"localexitnode", s.localexitnode},
                {"nodeflags", s.nodeflags},
                {"entryphase", s.entryphase},
                {"exitphase", s.exitphase},
                {"lastframe", s.lastframe},
                {"nextseq", s.nextseq},
                {"pose", s.pose},
                {"numikrules", s.numikrules},
                {"numautolayers", s.autolayers.size()},
                {"autolayers", arrayOf(s.autolayers,
                                       [](const MdlAutoLayer& l) {
                                           return Json{{"iSequence", l.iSequence},
                                                       {"iPose", l.iPose},
                                                       {"flags", l.flags},
                                                       {"start", l.start},
                                                       {"peak", l.peak},
                                                       {"tail", l.tail},
                                                       {"end", l.end}};
                                       })},
                {"weightlist", s.weights},
                {"posekeys", s.poseKeys},
                {"numiklocks", s.iklocks.size()},
                {"iklocks", arrayOf(s.iklocks,
                                    [](const MdlIkLock& l) {
                                        return Json{{"chain", l.chain},
                                                    {"flPosWeight", l.flPosWeight},
                                                    {"flLocalQWeight", l.flLocalQWeight},
                                                    {"flags", l.flags}};
                                    })},
                {"keyvalues", s.keyValues},
                {"cycleposeindex", s.cycleposeindex},
                {"activitymodifiers", s.activityModifiers}};
}

Json meshJson(const MdlMesh& m) {
    return Json{{"material", m.material},
                {"numvertices", m.numvertices},
                {"vertexoffset", m.vertexoffset},
                {"numflexes", m.flexes.size()},
                {"materialtype", m.materialtype},
                {"materialparam", m.materialparam},
                {"meshid", m.meshid},
                {"center", vec(m.center)},
                {"numLODVertexes", m.numLODVertexes}};
}

Json modelJson(const MdlModel& m) {
    return Json{{"name", m.name},
                {"type", m.type},
                {"boundingradius", m.boundingradius},
                {"numvertices", m.numvertices},
                {"vertexindex", m.vertexindex},
                {"tangentsindex", m.tangentsindex},
                {"nummeshes", m.meshes.size()},
                {"meshes", arrayOf(m.meshes, meshJson)},
                {"numeyeballs", m.eyeballs.size()},
                {"eyeballs", arrayOf(m.eyeballs, [](const MdlEyeball& e) {
                     return Json{{"name", e.name},
                                 {"bone", e.bone},
                                 {"org", vec(e.org)},
                                 {"radius", e.radius},
                                 {"texture", e.texture}};
                 })}};
}

Json bodyPartJson(const MdlBodyPart& b) {
    return Json{{"name", b.name},
                {"nummodels", b.models.size()},
                {"base", b.base},
                {"models", arrayOf(b.models, modelJson)}};
}

void addSkeleton(Json& j, const MdlFile& f) {
    j["numbones"] = f.bones.size();
    j["bones"] = arrayOf(f.bones, boneJson);
    j["numbonecontrollers"] = f.boneControllers.size();
    j["bonecontrollers"] = arrayOf(f.boneControllers, [](const MdlBoneController& c) {
        return Json{{"bone", c.bone}, {"type", c.type}, {"start", c.start},
                    {"end", c.end},   {"rest", c.rest}, {"inputfield", c.inputfield}};
    });
    j["numlocalattachments"] = f.attachments.size();
    j["attachments"] = arrayOf(f.attachments, [](const MdlAttachment& a) {
        return Json{{"name", a.name},
                    {"flags", a.flags},
                    {"localbone", a.localbone},
                    {"local", matrix(a.local)}};
    });
    j["numhitboxsets"] = f.hitboxSets.size();
    j["hitboxsets"] = arrayOf(f.hitboxSets, [](const MdlHitboxSet& s) {
        return Json{{"name", s.name},
                    {"numhitboxes", s.hitboxes.size()},
                    {"hitboxes", arrayOf(s.hitboxes, [](const MdlHitbox& h) {
                         return Json{{"bone", h.bone},
                                     {"group", h.group},
                                     {"bbmin", vec(h.bbmin)},
                                     {"bbmax", vec(h.bbmax)},
                                     {"name", h.name}};
                     })}};
    });
}

void addMaterialsAndGeometry(Json& j, const MdlFile& f) {
    j["numtextures"] = f.textures.size();
    j["textures"] = arrayOf(f.textures, [](const MdlTexture& t) {
        return Json{{"name", t.name}, {"flags", t.flags}, {"used", t.used}};
    });
    j["numcdtextures"] = f.cdmaterials.size();
    j["cdmaterials"] = f.cdmaterials;
    j["numskinref"] = f.skinFamilies.empty() ? 0 : f.skinFamilies.front().size();
    j["numskinfamilies"] = f.skinFamilies.size();
    j["skinFamilies"] = f.skinFamilies;
    j["numbodyparts"] = f.bodyParts.size();
    j["bodyParts"] = arrayOf(f.bodyParts, bodyPartJson);
}

void addFlexesAndIk(Json& j, const MdlFile& f) {
    j["numflexdesc"] = f.flexDescs.size();
    j["flexdescs"] = f.flexDescs;
    j["numflexcontrollers"] = f.flexControllers.size();
    j["flexcontrollers"] = arrayOf(f.flexControllers, [](const MdlFlexController& c) {
        return Json{{"type", c.type},
                    {"name", c.name},
                    {"localToGlobal", c.localToGlobal},
                    {"min", c.min},
                    {"max", c.max}};
    });
    j["numflexrules"] = f.flexRules.size();
    j["numflexcontrollerui"] = f.flexControllerUis.size();
    j["flexcontrollerui"] = arrayOf(f.flexControllerUis, [](const MdlFlexControllerUi& u) {
        return Json{{"name", u.name},
                    {"controllers", u.controllers},
                    {"remaptype", u.remaptype},
                    {"stereo", u.stereo}};
    });
    j["numikchains"] = f.ikChains.size();
    j["ikchains"] = arrayOf(f.ikChains, [](const MdlIkChain& c) {
        return Json{{"name", c.name},
                    {"linktype", c.linktype},
                    {"numlinks", c.links.size()},
                    {"links", arrayOf(c.links, [](const MdlIkLink& l) {
                         return Json{{"bone", l.bone}, {"kneeDir", vec(l.kneeDir)}};
                     })}};
    });
    j["numlocalikautoplaylocks"] = f.ikAutoplayLocks.size();
    j["ikautoplaylocks"] = arrayOf(f.ikAutoplayLocks, [](const MdlIkLock& l) {
        return Json{{"chain", l.chain},
                    {"flPosWeight", l.flPosWeight},
                    {"flLocalQWeight", l.flLocalQWeight},
                    {"flags", l.flags}};
    });
    j["nummouths"] = f.mouths.size();
    j["numlocalposeparameters"] = f.poseParameters.size();
    j["poseparameters"] = arrayOf(f.poseParameters, [](const MdlPoseParameter& p) {
        return Json{{"name", p.name},
                    {"flags", p.flags},
                    {"start", p.start},
                    {"end", p.end},
                    {"loop", p.loop}};
    });
}

void addTail(Json& j, const MdlFile& f) {
    j["surfaceprop"] = f.surfaceprop;
    j["keyvaluesize"] = f.keyValues.empty() ? 0 : f.keyValues.size() + 1;
    j["keyvalues"] = f.keyValues;
    j["mass"] = f.mass;
    j["contents"] = f.contents;
    j["numincludemodels"] = f.includeModels.size();
    j["includemodels"] = arrayOf(f.includeModels, [](const MdlIncludeModel& i) {
        return Json{{"label", i.label}, {"name", i.name}};
    });
    j["animblockname"] = f.animBlockName;
    j["numanimblocks"] = f.animBlocks.size();
    j["numlocalnodes"] = f.localNodeNames.size();
    j["localnodes"] = f.localNodeNames;
    j["constdirectionallightdot"] = f.constdirectionallightdot;
    j["rootLOD"] = f.rootLOD;
    j["numAllowedRootLODs"] = f.numAllowedRootLODs;
    j["flVertAnimFixedPointScale"] = f.flVertAnimFixedPointScale;
    if (!f.header2) {
        j["studiohdr2"] = nullptr;
        return;
    }
    const MdlHeader2& h = *f.header2;
    j["studiohdr2"] = Json{{"numsrcbonetransform", h.srcbonetransforms.size()},
                           {"illumpositionattachmentindex", h.illumpositionattachmentindex},
                           {"flMaxEyeDeflection", h.flMaxEyeDeflection},
                           {"name", h.name ? Json(*h.name) : Json(nullptr)},
                           {"m_nBoneFlexDriverCount", h.boneFlexDrivers.size()}};
}

} // namespace

Json mdlJson(const MdlFile& file, bool frames) {
    Json j;
    j["kind"] = "mdl";
    j["id"] = "IDST";
    j["version"] = file.version;
    j["checksum"] = file.checksum;
    j["name"] = file.name;
    j["length"] = file.length;
    j["eyeposition"] = vec(file.eyeposition);
    j["illumposition"] = vec(file.illumposition);
    j["hull_min"] = vec(file.hull_min);
    j["hull_max"] = vec(file.hull_max);
    j["view_bbmin"] = vec(file.view_bbmin);
    j["view_bbmax"] = vec(file.view_bbmax);
    j["flags"] = file.flags;
    j["flagNames"] = mdlFlagNames(file.flags);
    addSkeleton(j, file);
    j["numlocalanim"] = file.animations.size();
    j["localanims"] = Json::array();
    for (const MdlAnimDesc& anim : file.animations)
        j["localanims"].push_back(animJson(anim, file, frames));
    j["numlocalseq"] = file.sequences.size();
    j["localseqs"] = arrayOf(file.sequences, seqJson);
    addMaterialsAndGeometry(j, file);
    addFlexesAndIk(j, file);
    addTail(j, file);
    return j;
}

} // namespace vtxc::cli
