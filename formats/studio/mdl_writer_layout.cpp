// Plans where every record of a .mdl goes before anything is written: studiomdl's file order and
// alignment as observed in Valve's v48 files (header, header2, bones, controllers, attachments,
// hitboxes, bone table, animations 16-aligned, sequences with their per-sequence data, local
// nodes, body parts and models, flexes, IK, pose parameters, meshes, includes, textures, skins,
// key values, header2 tables, string pool). An empty array's index keeps the write cursor, which
// is what Valve's files hold there.
#include "formats/studio/mdl_write_support.h"

#include <stdexcept>

namespace vtxc::mdl_write {

// ---- string pool -------------------------------------------------------------------------------

void StringPool::add(const std::string& text) {
    if (offsets_.count(text)) return;
    offsets_.emplace(text, size_);
    order_.push_back(text);
    size_ += text.size() + 1;
}

std::size_t StringPool::offset(const std::string& text) const {
    const auto it = offsets_.find(text);
    if (it == offsets_.end()) throw std::logic_error("mdl writer: string not pooled: " + text);
    return it->second;
}

namespace {

void addSequenceStrings(StringPool& pool, const MdlSeqDesc& seq) {
    pool.add(seq.label);
    pool.add(seq.activityName);
    for (const MdlEvent& event : seq.events)
        if (!event.name.empty()) pool.add(event.name);
    for (const std::string& modifier : seq.activityModifiers)
        pool.add(modifier);
}

void addGeometryStrings(StringPool& pool, const MdlFile& file) {
    for (const MdlBodyPart& bodyPart : file.bodyParts) {
        pool.add(bodyPart.name);
        for (const MdlModel& model : bodyPart.models)
            for (const MdlEyeball& eyeball : model.eyeballs)
                pool.add(eyeball.name);
    }
    for (const std::string& desc : file.flexDescs)
        pool.add(desc);
    for (const MdlFlexController& controller : file.flexControllers) {
        pool.add(controller.name);
        pool.add(controller.type);
    }
    for (const MdlFlexControllerUi& ui : file.flexControllerUis)
        pool.add(ui.name);
}

} // namespace

StringPool collectStrings(const MdlFile& file) {
    StringPool pool;
    pool.add(file.animBlockName);
    if (file.header2 && file.header2->name) pool.add(*file.header2->name);
    pool.add(file.surfaceprop);
    for (const MdlBone& bone : file.bones) {
        pool.add(bone.name);
        pool.add(bone.surfaceprop);
    }
    for (const MdlAttachment& attachment : file.attachments)
        pool.add(attachment.name);
    for (const MdlHitboxSet& set : file.hitboxSets) {
        pool.add(set.name);
        for (const MdlHitbox& box : set.hitboxes)
            pool.add(box.name);
    }
    // An IK rule's attachment name is not pooled: it follows the rule's compressed error.
    for (const MdlAnimDesc& anim : file.animations)
        pool.add(anim.name);
    for (const MdlSeqDesc& seq : file.sequences)
        addSequenceStrings(pool, seq);
    for (const std::string& node : file.localNodeNames)
        pool.add(node);
    addGeometryStrings(pool, file);
    for (const MdlIkChain& chain : file.ikChains)
        pool.add(chain.name);
    for (const MdlPoseParameter& pose : file.poseParameters)
        pool.add(pose.name);
    for (const MdlIncludeModel& include : file.includeModels) {
        if (!include.label.empty()) pool.add(include.label);
        pool.add(include.name);
    }
    for (const MdlTexture& texture : file.textures)
        pool.add(texture.name);
    for (const std::string& path : file.cdmaterials)
        pool.add(path);
    if (file.header2)
        for (const MdlSrcBoneTransform& transform : file.header2->srcbonetransforms)
            pool.add(transform.name);
    return pool;
}

// ---- sizes -------------------------------------------------------------------------------------

std::size_t valuesSize(const MdlAnimValues& runs) {
    std::size_t size = 0;
    for (const MdlAnimValueRun& run : runs)
        size += 2 + 2 * run.values.size();
    return size;
}

std::size_t animBoneSize(const MdlAnimBone& record) {
    std::size_t size = 4;
    if (record.flags & kAnimRawRot2)
        size += 8;
    else if (record.flags & kAnimRawRot)
        size += 6;
    if (record.flags & kAnimRawPos) size += 6;
    if (record.flags & kAnimAnimRot) {
        size += 6;
        for (const MdlAnimValues& channel : record.rotValues)
            size += valuesSize(channel);
    }
    if (record.flags & kAnimAnimPos) {
        size += 6;
        for (const MdlAnimValues& channel : record.posValues)
            size += valuesSize(channel);
    }
    return size;
}

std::size_t compressedErrorSize(const MdlCompressedIkError& error) {
    std::size_t size = kMdlCompressedIkErrorSize;
    for (const MdlAnimValues& channel : error.values)
        size += valuesSize(channel);
    return size;
}

std::int32_t relative(std::size_t target, std::size_t from) {
    const auto difference = static_cast<std::int64_t>(target) - static_cast<std::int64_t>(from);
    if (difference < INT32_MIN || difference > INT32_MAX)
        throw std::length_error("mdl writer: offset does not fit 32 bits");
    return static_cast<std::int32_t>(difference);
}

std::int16_t relative16(std::size_t target, std::size_t from) {
    const auto difference = static_cast<std::int64_t>(target) - static_cast<std::int64_t>(from);
    if (difference < INT16_MIN || difference > INT16_MAX)
        throw std::length_error("mdl writer: an animation record or its value arrays exceed the "
                                "32767 bytes a 16-bit offset reaches");
    return static_cast<std::int16_t>(difference);
}

std::int32_t absolute(std::size_t offset) {
    return relative(offset, 0);
}

namespace {

// ---- layout ------------------------------------------------------------------------------------

class Cursor {
  public:
    std::size_t at = 0;
    std::size_t take(std::size_t bytes) {
        const std::size_t start = at;
        at += bytes;
        return start;
    }
    std::size_t take(std::size_t count, std::size_t size) { return take(count * size); }
    void align(std::size_t alignment) { at = (at + alignment - 1) / alignment * alignment; }
};

std::size_t proceduralSize(const MdlProceduralBone& procedural) {
    if (const auto* quat = std::get_if<MdlQuatInterpBone>(&procedural.data))
        return kMdlQuatInterpBoneSize + quat->triggers.size() * kMdlQuatInterpTriggerSize;
    if (std::holds_alternative<MdlAxisInterpBone>(procedural.data)) return kMdlAxisInterpBoneSize;
    if (std::holds_alternative<MdlAimAtBone>(procedural.data)) return kMdlAimAtBoneSize;
    return kMdlJiggleBoneSize;
}

RecordsLayout planRecords(Cursor& c, const std::vector<MdlAnimBone>& bones) {
    RecordsLayout records;
    records.at = c.at;
    if (bones.empty()) {
        c.take(4); // bone 255: no bone moves
        records.end = c.at;
        return records;
    }
    for (const MdlAnimBone& record : bones)
        records.records.push_back(c.take(animBoneSize(record)));
    records.end = c.at;
    // studiomdl leaves an unused 4-byte record header after the last record.
    c.take(4);
    c.align(4);
    return records;
}

// The records of an animation start 16-aligned. A sectioned animation's table comes first, at
// the cursor, and only its first section in the .mdl is 16-aligned; the others follow at the
// cursor (Valve's sectioned animations, e.g. monk_animations.mdl).
void planAnimationData(Cursor& c, const MdlAnimDesc& anim, AnimLayout& layout) {
    if (anim.sectionframes > 0) {
        layout.sectionTable = c.take(anim.sections.size(), kMdlAnimSectionSize);
        bool first = true;
        for (const MdlAnimSection& section : anim.sections) {
            if (section.animblock != 0) {
                layout.sections.emplace_back();
                continue;
            }
            if (first) c.align(16);
            first = false;
            layout.sections.push_back(planRecords(c, section.bones));
        }
    } else {
        c.align(16);
        if (anim.animblock == 0) layout.data = planRecords(c, anim.bones);
    }
}

void planAnimation(Cursor& c, const MdlAnimDesc& anim, AnimLayout& layout) {
    planAnimationData(c, anim, layout);
    c.align(4);
    layout.ikRules = c.take(anim.ikRules.size(), kMdlIkRuleSize);
    // Each rule's compressed error, right after it its attachment name (Valve's files keep it
    // there, in the animation's data rather than in the string pool), then 4-aligned.
    for (const MdlIkRule& rule : anim.ikRules) {
        layout.ikErrors.push_back(
            rule.compressedError ? c.take(compressedErrorSize(*rule.compressedError)) : 0);
        layout.ikAttachments.push_back(
            rule.attachment.empty() ? 0 : c.take(rule.attachment.size() + 1));
        c.align(4);
    }
    c.align(4);
    layout.localHierarchy = c.take(anim.localHierarchy.size(), kMdlLocalHierarchySize);
    for (const MdlLocalHierarchy& entry : anim.localHierarchy)
        layout.localAnims.push_back(entry.localAnim ? c.take(compressedErrorSize(*entry.localAnim))
                                                    : 0);
    c.align(4);
    layout.zeroFrames = c.take(anim.zeroFrameData.size());
    c.align(4);
}

std::vector<float> weightsOf(const MdlSeqDesc& seq, std::size_t numBones) {
    if (seq.weights.empty()) return std::vector<float>(numBones, 1.0f);
    if (seq.weights.size() != numBones)
        throw std::invalid_argument("mdl writer: sequence " + seq.label + " has " +
                                    std::to_string(seq.weights.size()) + " weights for " +
                                    std::to_string(numBones) + " bones");
    return seq.weights;
}

// Weight lists equal to one written before are shared (compared bit for bit).
class WeightLists {
  public:
    std::optional<std::size_t> find(const std::vector<float>& weights) const {
        for (const auto& [list, at] : written_)
            // memcmp takes no null pointer, not even for zero bytes: empty lists compare here.
            if (list.size() == weights.size() &&
                (weights.empty() ||
                 std::memcmp(list.data(), weights.data(), weights.size() * sizeof(float)) == 0))
                return at;
        return std::nullopt;
    }
    void add(std::vector<float> weights, std::size_t at) {
        written_.emplace_back(std::move(weights), at);
    }

  private:
    std::vector<std::pair<std::vector<float>, std::size_t>> written_;
};

void planSequence(Cursor& c, const MdlSeqDesc& seq, std::size_t numBones, WeightLists& lists,
                  SeqLayout& layout) {
    layout.poseKeys = c.take(seq.poseKeys.size(), 4);
    layout.events = c.take(seq.events.size(), kMdlEventSize);
    layout.autolayers = c.take(seq.autolayers.size(), kMdlAutoLayerSize);
    std::vector<float> weights = weightsOf(seq, numBones);
    if (const auto shared = lists.find(weights)) {
        layout.weights = *shared;
    } else {
        layout.weights = c.take(weights.size(), 4);
        layout.writesWeights = true;
        lists.add(std::move(weights), layout.weights);
    }
    layout.iklocks = c.take(seq.iklocks.size(), kMdlIkLockSize);
    if (seq.blends.size() !=
        static_cast<std::size_t>(std::max(seq.groupsize[0], 0) * std::max(seq.groupsize[1], 0)))
        throw std::invalid_argument("mdl writer: sequence " + seq.label +
                                    " has a blend array that is not groupsize[0] x groupsize[1]");
    layout.blends = c.take(seq.blends.size(), 2);
    c.align(4);
    layout.keyValues = c.take(seq.keyValues.empty() ? 0 : seq.keyValues.size() + 1);
    layout.activityModifiers = c.take(seq.activityModifiers.size(), kMdlActivityModifierSize);
    c.align(4);
}

void planBonesToBoneTable(Cursor& c, const MdlFile& file, Layout& layout) {
    if (file.header2) layout.header2 = c.take(kMdlHeader2Size);
    layout.bones = c.take(file.bones.size(), kMdlBoneSize);
    for (const MdlBone& bone : file.bones)
        layout.procedural.push_back(bone.procedural ? c.take(proceduralSize(*bone.procedural)) : 0);
    layout.boneControllers = c.take(file.boneControllers.size(), kMdlBoneControllerSize);
    layout.attachments = c.take(file.attachments.size(), kMdlAttachmentSize);
    layout.hitboxSets = c.take(file.hitboxSets.size(), kMdlHitboxSetSize);
    for (const MdlHitboxSet& set : file.hitboxSets)
        layout.hitboxes.push_back(c.take(set.hitboxes.size(), kMdlHitboxSize));
    layout.boneTable = c.take(file.bones.size());
    c.align(4);
}

void planAnimationsAndSequences(Cursor& c, const MdlFile& file, Layout& layout) {
    layout.animDescs = c.take(file.animations.size(), kMdlAnimDescSize);
    layout.animations.resize(file.animations.size());
    for (std::size_t i = 0; i < file.animations.size(); ++i) {
        layout.animations[i].desc = layout.animDescs + i * kMdlAnimDescSize;
        planAnimation(c, file.animations[i], layout.animations[i]);
    }
    // The movements of all animations follow the last animation's data, in animation order
    // (combine_soldier_anims.mdl, police_animations.mdl).
    for (std::size_t i = 0; i < file.animations.size(); ++i)
        layout.animations[i].movements =
            c.take(file.animations[i].movements.size(), kMdlMovementSize);
    c.align(4);
    layout.seqDescs = c.take(file.sequences.size(), kMdlSeqDescSize);
    layout.sequences.resize(file.sequences.size());
    WeightLists lists;
    for (std::size_t i = 0; i < file.sequences.size(); ++i) {
        layout.sequences[i].desc = layout.seqDescs + i * kMdlSeqDescSize;
        planSequence(c, file.sequences[i], file.bones.size(), lists, layout.sequences[i]);
    }
    layout.localNodeNames = c.take(file.localNodeNames.size(), 4);
    layout.localNodeTransitions = c.take(file.localNodeTransitions.size());
    c.align(4);
}

void planBodyPartsToPoseParameters(Cursor& c, const MdlFile& file, Layout& layout) {
    layout.bodyParts = c.take(file.bodyParts.size(), kMdlBodyPartSize);
    for (const MdlBodyPart& bodyPart : file.bodyParts)
        layout.models.push_back(c.take(bodyPart.models.size(), kMdlModelSize));
    layout.flexDescs = c.take(file.flexDescs.size(), kMdlFlexDescSize);
    layout.flexControllers = c.take(file.flexControllers.size(), kMdlFlexControllerSize);
    layout.flexRules = c.take(file.flexRules.size(), kMdlFlexRuleSize);
    for (const MdlFlexRule& rule : file.flexRules)
        layout.flexOps.push_back(c.take(rule.ops.size(), kMdlFlexOpSize));
    layout.flexControllerUis = c.take(file.flexControllerUis.size(), kMdlFlexControllerUiSize);
    layout.ikChains = c.take(file.ikChains.size(), kMdlIkChainSize);
    for (const MdlIkChain& chain : file.ikChains)
        layout.ikLinks.push_back(c.take(chain.links.size(), kMdlIkLinkSize));
    layout.autoplayLocks = c.take(file.ikAutoplayLocks.size(), kMdlIkLockSize);
    layout.mouths = c.take(file.mouths.size(), kMdlMouthSize);
    layout.poseParameters = c.take(file.poseParameters.size(), kMdlPoseParamSize);
}

// Per model: its meshes, its eyeballs, then each mesh's flexes with their vertex animations.
void planMeshes(Cursor& c, const MdlFile& file, Layout& layout) {
    for (std::size_t b = 0; b < file.bodyParts.size(); ++b) {
        std::vector<ModelLayout> models;
        for (std::size_t m = 0; m < file.bodyParts[b].models.size(); ++m) {
            const MdlModel& model = file.bodyParts[b].models[m];
            ModelLayout ml;
            ml.at = layout.models[b] + m * kMdlModelSize;
            ml.meshes = c.take(model.meshes.size(), kMdlMeshSize);
            ml.eyeballs = c.take(model.eyeballs.size(), kMdlEyeballSize);
            for (std::size_t k = 0; k < model.meshes.size(); ++k) {
                MeshLayout mesh;
                mesh.at = ml.meshes + k * kMdlMeshSize;
                mesh.flexes = c.take(model.meshes[k].flexes.size(), kMdlFlexSize);
                for (const MdlFlex& flex : model.meshes[k].flexes) {
                    const std::size_t size =
                        flex.vertanimtype == 1 ? kMdlVertAnimWrinkleSize : kMdlVertAnimSize;
                    mesh.vertanims.push_back(c.take(flex.vertanims.size(), size));
                    c.align(4);
                }
                ml.meshLayouts.push_back(std::move(mesh));
            }
            models.push_back(std::move(ml));
        }
        layout.modelLayouts.push_back(std::move(models));
    }
}

void planTexturesToEnd(Cursor& c, const MdlFile& file, Layout& layout) {
    layout.includeModels = c.take(file.includeModels.size(), kMdlModelGroupSize);
    layout.animBlocks = c.take(file.animBlocks.size(), kMdlAnimBlockSize);
    layout.textures = c.take(file.textures.size(), kMdlTextureSize);
    layout.cdtextures = c.take(file.cdmaterials.size(), 4);
    const std::size_t numSkinRef = file.skinFamilies.empty() ? 0 : file.skinFamilies[0].size();
    layout.skins = c.take(file.skinFamilies.size() * numSkinRef, 2);
    c.align(4);
    layout.keyValues = c.take(file.keyValues.empty() ? 0 : file.keyValues.size() + 1);
    c.align(4);
    const MdlHeader2* header2 = file.header2 ? &*file.header2 : nullptr;
    layout.srcBoneTransforms =
        c.take(header2 ? header2->srcbonetransforms.size() : 0, kMdlSrcBoneTransformSize);
    if (header2 && file.bones.size() > 1)
        layout.linearBones =
            c.take(kMdlLinearBoneHeadSize + file.bones.size() * kMdlLinearBonePerBone);
    layout.boneFlexDrivers =
        c.take(header2 ? header2->boneFlexDrivers.size() : 0, kMdlBoneFlexDriverSize);
    if (header2)
        for (const MdlBoneFlexDriver& driver : header2->boneFlexDrivers)
            layout.boneFlexControls.push_back(
                c.take(driver.controls.size(), kMdlBoneFlexDriverControlSize));
    layout.strings = c.take(layout.pool.size());
    c.align(4);
    layout.end = c.at;
}

} // namespace

Layout planLayout(const MdlFile& file) {
    Layout layout;
    layout.pool = collectStrings(file);
    Cursor c;
    c.take(kMdlHeaderSize);
    planBonesToBoneTable(c, file, layout);
    planAnimationsAndSequences(c, file, layout);
    planBodyPartsToPoseParameters(c, file, layout);
    planMeshes(c, file, layout);
    planTexturesToEnd(c, file, layout);
    if (layout.end > static_cast<std::size_t>(INT32_MAX))
        throw std::length_error("mdl writer: the model needs more than 2 GiB");
    return layout;
}

} // namespace vtxc::mdl_write
