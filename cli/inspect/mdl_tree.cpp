// Text tree of a whole .mdl for `vtxc inspect FILE.mdl`: one line per record of every section,
// field names as in studio.h; with --frames, one line per bone per decoded frame.
#include "cli/inspect/compiled_file_tree.h"
#include "cli/inspect/text_tree.h"
#include "formats/studio/mdl_codecs.h"

#include <algorithm>

namespace vtxc::cli {

namespace {

std::string vec(const Vec3& v) {
    return "(" + number(v.x) + ", " + number(v.y) + ", " + number(v.z) + ")";
}
std::string vec(const Vec4& v) {
    return "(" + number(v.x) + ", " + number(v.y) + ", " + number(v.z) + ", " + number(v.w) + ")";
}
std::string quoted(const std::string& text) {
    return "\"" + text + "\"";
}
std::string flagsText(std::int32_t flags) {
    return hex(static_cast<unsigned>(flags), 1);
}

void headerLines(Tree& t, const MdlFile& f, const std::string& name) {
    t.line(0, name + ": .mdl IDST version " + std::to_string(f.version) + ", checksum " +
                  std::to_string(f.checksum) + ", name " + quoted(f.name));
    std::string flags = "length " + std::to_string(f.length) + ", flags " + flagsText(f.flags);
    for (const std::string& flag : mdlFlagNames(f.flags))
        flags += " " + flag;
    t.line(1, flags);
    t.line(1, "eyeposition " + vec(f.eyeposition) + ", illumposition " + vec(f.illumposition));
    t.line(1, "hull " + vec(f.hull_min) + " .. " + vec(f.hull_max) + ", view " + vec(f.view_bbmin) +
                  " .. " + vec(f.view_bbmax));
    t.line(1, "surfaceprop " + quoted(f.surfaceprop) + ", mass " + number(f.mass) + ", contents " +
                  flagsText(f.contents));
    if (f.header2)
        t.line(1, "studiohdr2: name " + (f.header2->name ? quoted(*f.header2->name) : "(none)") +
                      ", flMaxEyeDeflection " + number(f.header2->flMaxEyeDeflection) + ", " +
                      count(f.header2->srcbonetransforms.size(), "source bone transform") + ", " +
                      count(f.header2->boneFlexDrivers.size(), "bone flex driver"));
}

void skeletonLines(Tree& t, const MdlFile& f) {
    t.line(1, count(f.bones.size(), "bone") + ":");
    for (std::size_t i = 0; i < f.bones.size(); ++i) {
        const MdlBone& b = f.bones[i];
        t.line(2, std::to_string(i) + " " + b.name +
                      (b.parent < 0 ? "" : " (parent " + std::to_string(b.parent) + ")") +
                      ", flags " + flagsText(b.flags) + ", pos " + vec(b.pos) + ", rot " +
                      vec(b.rot) +
                      (b.procedural ? ", proctype " + std::to_string(b.procedural->proctype) : ""));
    }
    t.line(1, count(f.boneControllers.size(), "bone controller"));
    t.line(1, count(f.attachments.size(), "attachment") + ":");
    for (const MdlAttachment& a : f.attachments)
        t.line(2, quoted(a.name) + " on bone " + std::to_string(a.localbone) + " at (" +
                      number(a.local.at(0, 3)) + ", " + number(a.local.at(1, 3)) + ", " +
                      number(a.local.at(2, 3)) + ")");
    t.line(1, count(f.hitboxSets.size(), "hitbox set") + ":");
    for (const MdlHitboxSet& set : f.hitboxSets) {
        t.line(2, quoted(set.name) + ": " + count(set.hitboxes.size(), "hitbox", "hitboxes"));
        for (const MdlHitbox& h : set.hitboxes)
            t.line(3, "bone " + std::to_string(h.bone) + ", group " + std::to_string(h.group) +
                          ", " + vec(h.bbmin) + " .. " + vec(h.bbmax) +
                          (h.name.empty() ? "" : " " + quoted(h.name)));
    }
}

void frameLines(Tree& t, const MdlAnimDesc& anim, const std::vector<MdlBone>& bones) {
    for (int frame = 0; frame < anim.numframes; ++frame) {
        t.line(3, "frame " + std::to_string(frame) + ":");
        const auto poses = decodeAnimationFrame(anim, bones, frame);
        for (std::size_t b = 0; b < poses.size(); ++b)
            t.line(4, "bone " + std::to_string(b) + " pos " + vec(poses[b].position) + " quat " +
                          vec(poses[b].rotation) + " euler " +
                          vec(quaternionToEuler(poses[b].rotation)));
    }
}

void animationLines(Tree& t, const MdlFile& f, bool frames) {
    t.line(1, count(f.animations.size(), "animation") + ":");
    for (std::size_t i = 0; i < f.animations.size(); ++i) {
        const MdlAnimDesc& a = f.animations[i];
        const std::size_t rules = a.ikRules.empty()
                                      ? static_cast<std::size_t>(std::max(a.numBlockIkRules, 0))
                                      : a.ikRules.size();
        t.line(2, std::to_string(i) + " " + quoted(a.name) + ": " +
                      count(static_cast<std::size_t>(a.numframes), "frame") + " at " +
                      number(a.fps) + " fps, flags " + flagsText(a.flags) + ", " +
                      count(a.bones.size(), "bone record") + ", " + count(rules, "IK rule") +
                      (a.animblock != 0 ? ", in anim block " + std::to_string(a.animblock) : "") +
                      (a.sectionframes > 0 ? ", " + count(a.sections.size(), "section") + " of " +
                                                 std::to_string(a.sectionframes) + " frames"
                                           : ""));
        if (frames) frameLines(t, a, f.bones);
    }
}

void sequenceLines(Tree& t, const MdlFile& f) {
    t.line(1, count(f.sequences.size(), "sequence") + ":");
    for (std::size_t i = 0; i < f.sequences.size(); ++i) {
        const MdlSeqDesc& s = f.sequences[i];
        std::string blends;
        for (std::int16_t b : s.blends)
            blends += (blends.empty() ? "" : " ") + std::to_string(b);
        t.line(2, std::to_string(i) + " " + quoted(s.label) +
                      (s.activityName.empty() ? ""
                                              : " activity " + quoted(s.activityName) + " (" +
                                                    std::to_string(s.actweight) + ")") +
                      ", flags " + flagsText(s.flags) + ", blends " +
                      std::to_string(s.groupsize[0]) + "x" + std::to_string(s.groupsize[1]) + " [" +
                      blends + "], fade " + number(s.fadeintime) + "/" + number(s.fadeouttime) +
                      ", " + count(s.events.size(), "event") + ", box " + vec(s.bbmin) + " .. " +
                      vec(s.bbmax));
        for (const MdlEvent& e : s.events)
            t.line(3, "event " + std::to_string(e.event) + " at cycle " + number(e.cycle) +
                          (e.name.empty() ? "" : " " + e.name) + " " + quoted(e.options));
    }
    t.line(1, count(f.poseParameters.size(), "pose parameter") + ":");
    for (const MdlPoseParameter& p : f.poseParameters)
        t.line(2, quoted(p.name) + ", flags " + flagsText(p.flags) + ", " + number(p.start) +
                      " .. " + number(p.end) + ", loop " + number(p.loop));
}

void materialLines(Tree& t, const MdlFile& f) {
    std::string textures = count(f.textures.size(), "texture") + ":";
    for (const MdlTexture& texture : f.textures)
        textures += " " + texture.name;
    t.line(1, textures);
    std::string paths = "cdmaterials:";
    for (const std::string& path : f.cdmaterials)
        paths += " " + quoted(path);
    t.line(1, paths);
    t.line(1, count(f.skinFamilies.size(), "skin family", "skin families") + " x " +
                  count(f.skinFamilies.empty() ? 0 : f.skinFamilies.front().size(), "reference"));
    for (std::size_t i = 0; i < f.skinFamilies.size(); ++i) {
        std::string row = "family " + std::to_string(i) + ":";
        for (std::int16_t texture : f.skinFamilies[i])
            row += " " + std::to_string(texture);
        t.line(2, row);
    }
}

void bodyPartLines(Tree& t, const MdlFile& f) {
    for (std::size_t b = 0; b < f.bodyParts.size(); ++b) {
        const MdlBodyPart& bodyPart = f.bodyParts[b];
        t.line(1, "bodyPart " + std::to_string(b) + " " + quoted(bodyPart.name) + ": " +
                      count(bodyPart.models.size(), "model") + ", base " +
                      std::to_string(bodyPart.base));
        for (std::size_t m = 0; m < bodyPart.models.size(); ++m) {
            const MdlModel& model = bodyPart.models[m];
            t.line(2, "model " + std::to_string(m) + " " + quoted(model.name) + ": " +
                          count(static_cast<std::size_t>(std::max(0, model.numvertices)), "vertex",
                                "vertices") +
                          " at vertexindex " + std::to_string(model.vertexindex) + ", " +
                          count(model.meshes.size(), "mesh", "meshes") + ", " +
                          count(model.eyeballs.size(), "eyeball"));
            for (std::size_t k = 0; k < model.meshes.size(); ++k) {
                const MdlMesh& mesh = model.meshes[k];
                std::string lods;
                for (std::int32_t n : mesh.numLODVertexes)
                    lods += " " + std::to_string(n);
                t.line(3, "mesh " + std::to_string(k) + ": material " +
                              std::to_string(mesh.material) + ", " +
                              std::to_string(mesh.numvertices) + " vertices from vertexoffset " +
                              std::to_string(mesh.vertexoffset) + ", numLODVertexes" + lods +
                              (mesh.flexes.empty()
                                   ? ""
                                   : ", " + count(mesh.flexes.size(), "flex", "flexes")));
            }
        }
    }
}

void flexAndIkLines(Tree& t, const MdlFile& f) {
    t.line(1, count(f.flexDescs.size(), "flex descriptor") + ", " +
                  count(f.flexRules.size(), "flex rule") + ", " +
                  count(f.flexControllerUis.size(), "flex controller UI", "flex controller UIs") +
                  ", " + count(f.mouths.size(), "mouth"));
    t.line(1, count(f.flexControllers.size(), "flex controller") + ":");
    for (const MdlFlexController& c : f.flexControllers)
        t.line(2, c.type + " " + quoted(c.name) + " " + number(c.min) + " .. " + number(c.max));
    t.line(1, count(f.ikChains.size(), "IK chain") + ":");
    for (const MdlIkChain& chain : f.ikChains) {
        std::string bones;
        for (const MdlIkLink& link : chain.links)
            bones += " " + std::to_string(link.bone);
        t.line(2, quoted(chain.name) + ", linktype " + std::to_string(chain.linktype) + ", bones" +
                      bones);
    }
    t.line(1, count(f.ikAutoplayLocks.size(), "autoplay IK lock") + ":");
    for (const MdlIkLock& lock : f.ikAutoplayLocks)
        t.line(2, "chain " + std::to_string(lock.chain) + ", flPosWeight " +
                      number(lock.flPosWeight) + ", flLocalQWeight " + number(lock.flLocalQWeight));
    t.line(1, count(f.includeModels.size(), "include model") + ":");
    for (const MdlIncludeModel& include : f.includeModels)
        t.line(2,
               quoted(include.name) + (include.label.empty() ? "" : " " + quoted(include.label)));
    t.line(1, "key values: " + count(f.keyValues.empty() ? 0 : f.keyValues.size() + 1, "byte"));
    t.line(1, count(f.localNodeNames.size(), "local node") + ", " +
                  count(f.animBlocks.size(), "anim block"));
}

} // namespace

std::string mdlTree(const MdlFile& file, const std::string& name, bool frames) {
    Tree t;
    headerLines(t, file, name);
    skeletonLines(t, file);
    animationLines(t, file, frames);
    sequenceLines(t, file);
    materialLines(t, file);
    bodyPartLines(t, file);
    flexAndIkLines(t, file);
    return t.take();
}

} // namespace vtxc::cli
