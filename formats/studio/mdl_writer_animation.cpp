// Writes the animation descriptions and their data (per-bone records, sections, IK rules with
// compressed errors, local hierarchy, zero-frame cache; then the movements of all animations) and
// the sequence descriptions with their per-sequence data, at the offsets planned by planLayout.
// Records follow studio.h of the public Source SDK 2013.
#include "formats/studio/mdl_write_support.h"

#include <stdexcept>

namespace vtxc::mdl_write {

void writeVec3(ByteWriter& w, const Vec3& v) {
    w.f32(v.x);
    w.f32(v.y);
    w.f32(v.z);
}

void writeVec4(ByteWriter& w, const Vec4& v) {
    w.f32(v.x);
    w.f32(v.y);
    w.f32(v.z);
    w.f32(v.w);
}

void writeMatrix(ByteWriter& w, const MdlMatrix3x4& m) {
    writeF32s(w, m.m);
}

void writeValues(ByteWriter& w, const MdlAnimValues& runs) {
    for (const MdlAnimValueRun& run : runs) {
        if (run.values.empty() || run.values.size() > 255 || run.total == 0)
            throw std::invalid_argument("mdl writer: an RLE run needs 1 to 255 values and frames");
        w.u8(static_cast<std::uint8_t>(run.values.size()));
        w.u8(run.total);
        for (std::int16_t value : run.values)
            w.i16(value);
    }
}

namespace {

// ---- per-bone records --------------------------------------------------------------------------

// A value pointer: offsets from the pointer to each present channel, laid out right after the
// record's pointers in channel order.
void writeValuePointer(ByteWriter& w, std::size_t pointerAt, std::size_t& arrayAt,
                       const std::array<MdlAnimValues, 3>& channels) {
    for (const MdlAnimValues& channel : channels) {
        if (channel.empty()) {
            w.i16(0);
            continue;
        }
        w.i16(relative16(arrayAt, pointerAt));
        arrayAt += valuesSize(channel);
    }
}

void checkRecordFlags(const MdlAnimBone& record) {
    const bool raw = record.flags & (kAnimRawPos | kAnimRawRot | kAnimRawRot2);
    const bool animated = record.flags & (kAnimAnimPos | kAnimAnimRot);
    if (raw && animated)
        throw std::invalid_argument(
            "mdl writer: animation record of bone " + std::to_string(record.bone) +
            " mixes raw and animated channels; the engine cannot read that");
    if ((record.flags & kAnimRawRot) && (record.flags & kAnimRawRot2))
        throw std::invalid_argument("mdl writer: animation record of bone " +
                                    std::to_string(record.bone) + " has two raw rotations");
}

void writeRawChannels(ByteWriter& w, const MdlAnimBone& record) {
    if (record.flags & kAnimRawRot2) {
        w.u32(static_cast<std::uint32_t>(record.rawRot64));
        w.u32(static_cast<std::uint32_t>(record.rawRot64 >> 32));
    } else if (record.flags & kAnimRawRot) {
        for (std::uint16_t word : record.rawRot48)
            w.u16(word);
    }
    if (record.flags & kAnimRawPos)
        for (std::uint16_t half : record.rawPos)
            w.u16(half);
}

void writeAnimatedChannels(ByteWriter& w, std::size_t at, const MdlAnimBone& record) {
    const bool rot = record.flags & kAnimAnimRot;
    const bool pos = record.flags & kAnimAnimPos;
    std::size_t arrayAt = at + 4 + (rot ? 6 : 0) + (pos ? 6 : 0);
    if (rot) writeValuePointer(w, at + 4, arrayAt, record.rotValues);
    if (pos) writeValuePointer(w, at + 4 + (rot ? 6 : 0), arrayAt, record.posValues);
    if (rot)
        for (const MdlAnimValues& channel : record.rotValues)
            writeValues(w, channel);
    if (pos)
        for (const MdlAnimValues& channel : record.posValues)
            writeValues(w, channel);
}

void writeRecords(ByteWriter& w, const std::vector<MdlAnimBone>& bones,
                  const RecordsLayout& layout) {
    w.padTo(layout.at);
    if (bones.empty()) {
        auto record = w.record("mstudioanim_t (bone 255)", 4, layout.at);
        w.u8(255);
        w.u8(0);
        w.i16(0);
        return;
    }
    for (std::size_t i = 0; i < bones.size(); ++i) {
        const MdlAnimBone& bone = bones[i];
        checkRecordFlags(bone);
        const std::size_t at = layout.records[i];
        auto record = w.record("mstudioanim_t", animBoneSize(bone), at);
        w.u8(bone.bone);
        w.u8(bone.flags);
        w.i16(i + 1 < bones.size() ? relative16(layout.records[i + 1], at) : 0);
        if (bone.flags & (kAnimAnimRot | kAnimAnimPos))
            writeAnimatedChannels(w, at, bone);
        else
            writeRawChannels(w, bone);
    }
}

void writeCompressedError(ByteWriter& w, const MdlCompressedIkError& error, std::size_t at) {
    w.padTo(at);
    auto record = w.record("mstudiocompressedikerror_t", compressedErrorSize(error), at);
    writeF32s(w, error.scale);
    std::size_t arrayAt = at + kMdlCompressedIkErrorSize;
    for (const MdlAnimValues& channel : error.values) {
        if (channel.empty()) {
            w.i16(0);
            continue;
        }
        w.i16(relative16(arrayAt, at));
        arrayAt += valuesSize(channel);
    }
    for (const MdlAnimValues& channel : error.values)
        writeValues(w, channel);
}

// ---- animation descriptions --------------------------------------------------------------------

std::int32_t dataIndex(const MdlAnimDesc& anim, const AnimLayout& a) {
    if (a.data) return relative(a.data->at, a.desc);
    if (anim.sectionframes > 0) {
        if (!a.sections.empty() && a.sections.front())
            return relative(a.sections.front()->at, a.desc);
        return 0;
    }
    return anim.animindex;
}

void writeAnimDesc(ByteWriter& w, const MdlAnimDesc& anim, const AnimLayout& a,
                   const Layout& layout) {
    auto record = w.record("mstudioanimdesc_t", kMdlAnimDescSize, a.desc);
    w.i32(-absolute(a.desc)); // baseptr: back to the header
    w.i32(relative(layout.string(anim.name), a.desc));
    w.f32(anim.fps);
    w.i32(anim.flags);
    w.i32(anim.numframes);
    w.i32(static_cast<std::int32_t>(anim.movements.size()));
    w.i32(anim.movements.empty() ? 0 : relative(a.movements, a.desc));
    w.zeros(24); // unused1[6]
    w.i32(anim.animblock);
    w.i32(dataIndex(anim, a));
    w.i32(anim.ikRules.empty() ? anim.numBlockIkRules
                               : static_cast<std::int32_t>(anim.ikRules.size()));
    w.i32(anim.ikRules.empty() ? 0 : relative(a.ikRules, a.desc));
    w.i32(anim.animblockikruleindex);
    w.i32(static_cast<std::int32_t>(anim.localHierarchy.size()));
    w.i32(anim.localHierarchy.empty() ? 0 : relative(a.localHierarchy, a.desc));
    w.i32(anim.sectionframes > 0 ? relative(a.sectionTable, a.desc) : 0);
    w.i32(anim.sectionframes);
    w.i16(anim.zeroframespan);
    w.i16(anim.zeroframecount);
    w.i32(anim.zeroFrameData.empty() ? 0 : relative(a.zeroFrames, a.desc));
    w.f32(0); // zeroframestalltime: run time
}

void writeIkRule(ByteWriter& w, const MdlIkRule& rule, std::size_t at, std::size_t errorAt,
                 std::size_t attachmentAt) {
    auto record = w.record("mstudioikrule_t", kMdlIkRuleSize, at);
    w.i32(rule.index);
    w.i32(rule.type);
    w.i32(rule.chain);
    w.i32(rule.bone);
    w.i32(rule.slot);
    w.f32(rule.height);
    w.f32(rule.radius);
    w.f32(rule.floor);
    writeVec3(w, rule.pos);
    writeVec4(w, rule.q);
    w.i32(errorAt ? relative(errorAt, at) : 0);
    w.i32(0); // unused2
    w.i32(rule.iStart);
    w.i32(rule.ikerrorindex);
    writeF32s(w, std::initializer_list<float>{rule.start, rule.peak, rule.tail, rule.end});
    w.i32(0); // unused3
    writeF32s(w, std::initializer_list<float>{rule.contact, rule.drop, rule.top});
    w.zeros(12); // unused6-8
    w.i32(attachmentAt ? relative(attachmentAt, at) : 0);
    w.zeros(28); // unused[7]
}

void writeLocalHierarchy(ByteWriter& w, const MdlLocalHierarchy& entry, std::size_t at,
                         std::size_t animAt) {
    auto record = w.record("mstudiolocalhierarchy_t", kMdlLocalHierarchySize, at);
    w.i32(entry.iBone);
    w.i32(entry.iNewParent);
    writeF32s(w, std::initializer_list<float>{entry.start, entry.peak, entry.tail, entry.end});
    w.i32(entry.iStart);
    w.i32(animAt ? relative(animAt, at) : 0);
    w.zeros(16); // unused[4]
}

void writeAnimationData(ByteWriter& w, const MdlAnimDesc& anim, const AnimLayout& a) {
    if (a.data) writeRecords(w, anim.bones, *a.data);
    if (anim.sectionframes > 0) {
        w.padTo(a.sectionTable);
        for (std::size_t s = 0; s < anim.sections.size(); ++s) {
            auto record = w.record("mstudioanimsections_t", kMdlAnimSectionSize,
                                   a.sectionTable + s * kMdlAnimSectionSize);
            w.i32(anim.sections[s].animblock);
            w.i32(a.sections[s] ? relative(a.sections[s]->at, a.desc) : anim.sections[s].animindex);
        }
        for (std::size_t s = 0; s < anim.sections.size(); ++s)
            if (a.sections[s]) writeRecords(w, anim.sections[s].bones, *a.sections[s]);
    }
}

void writeAnimationExtras(ByteWriter& w, const MdlAnimDesc& anim, const AnimLayout& a) {
    w.padTo(a.ikRules);
    for (std::size_t i = 0; i < anim.ikRules.size(); ++i)
        writeIkRule(w, anim.ikRules[i], a.ikRules + i * kMdlIkRuleSize, a.ikErrors[i],
                    a.ikAttachments[i]);
    for (std::size_t i = 0; i < anim.ikRules.size(); ++i) {
        const MdlIkRule& rule = anim.ikRules[i];
        if (rule.compressedError) writeCompressedError(w, *rule.compressedError, a.ikErrors[i]);
        if (rule.attachment.empty()) continue;
        w.padTo(a.ikAttachments[i]);
        w.cstring(rule.attachment);
    }
    w.padTo(a.localHierarchy);
    for (std::size_t i = 0; i < anim.localHierarchy.size(); ++i)
        writeLocalHierarchy(w, anim.localHierarchy[i],
                            a.localHierarchy + i * kMdlLocalHierarchySize, a.localAnims[i]);
    for (std::size_t i = 0; i < anim.localHierarchy.size(); ++i)
        if (anim.localHierarchy[i].localAnim)
            writeCompressedError(w, *anim.localHierarchy[i].localAnim, a.localAnims[i]);
    w.padTo(a.zeroFrames);
    w.raw(anim.zeroFrameData.data(), anim.zeroFrameData.size());
}

void writeMovements(ByteWriter& w, const MdlAnimDesc& anim, const AnimLayout& a) {
    w.padTo(a.movements);
    for (std::size_t i = 0; i < anim.movements.size(); ++i) {
        const MdlMovement& m = anim.movements[i];
        auto record =
            w.record("mstudiomovement_t", kMdlMovementSize, a.movements + i * kMdlMovementSize);
        w.i32(m.endframe);
        w.i32(m.motionflags);
        w.f32(m.v0);
        w.f32(m.v1);
        w.f32(m.angle);
        writeVec3(w, m.vector);
        writeVec3(w, m.position);
    }
}

// ---- sequences ---------------------------------------------------------------------------------

void writeSeqDescCounts(ByteWriter& w, const MdlSeqDesc& seq, const SeqLayout& s) {
    w.i32(seq.numikrules);
    w.i32(static_cast<std::int32_t>(seq.autolayers.size()));
    w.i32(relative(s.autolayers, s.desc));
    w.i32(relative(s.weights, s.desc));
    w.i32(seq.poseKeys.empty() ? 0 : relative(s.poseKeys, s.desc));
    w.i32(static_cast<std::int32_t>(seq.iklocks.size()));
    w.i32(relative(s.iklocks, s.desc));
    w.i32(relative(s.keyValues, s.desc));
    w.i32(seq.keyValues.empty() ? 0 : static_cast<std::int32_t>(seq.keyValues.size() + 1));
    w.i32(seq.cycleposeindex);
    w.i32(seq.activityModifiers.empty() ? 0 : relative(s.activityModifiers, s.desc));
    w.i32(static_cast<std::int32_t>(seq.activityModifiers.size()));
    w.zeros(20); // unused[5]
}

void writeSeqDesc(ByteWriter& w, const MdlSeqDesc& seq, const SeqLayout& s, const Layout& layout) {
    auto record = w.record("mstudioseqdesc_t", kMdlSeqDescSize, s.desc);
    w.i32(-absolute(s.desc)); // baseptr
    w.i32(relative(layout.string(seq.label), s.desc));
    w.i32(relative(layout.string(seq.activityName), s.desc));
    w.i32(seq.flags);
    w.i32(seq.activity);
    w.i32(seq.actweight);
    w.i32(static_cast<std::int32_t>(seq.events.size()));
    w.i32(relative(s.events, s.desc));
    writeVec3(w, seq.bbmin);
    writeVec3(w, seq.bbmax);
    w.i32(static_cast<std::int32_t>(seq.blends.size()));
    w.i32(relative(s.blends, s.desc));
    w.i32(0); // movementindex
    writeI32s(w, seq.groupsize);
    writeI32s(w, seq.paramindex);
    writeF32s(w, seq.paramstart);
    writeF32s(w, seq.paramend);
    w.i32(seq.paramparent);
    w.f32(seq.fadeintime);
    w.f32(seq.fadeouttime);
    w.i32(seq.localentrynode);
    w.i32(seq.localexitnode);
    w.i32(seq.nodeflags);
    w.f32(seq.entryphase);
    w.f32(seq.exitphase);
    w.f32(seq.lastframe);
    w.i32(seq.nextseq);
    w.i32(seq.pose);
    writeSeqDescCounts(w, seq, s);
}

void writeEvent(ByteWriter& w, const MdlEvent& event, std::size_t at, const Layout& layout) {
    auto record = w.record("mstudioevent_t", kMdlEventSize, at);
    w.f32(event.cycle);
    w.i32(event.event);
    w.i32(event.type);
    if (event.options.size() > 64)
        throw std::length_error("mdl writer: event options longer than 64 characters");
    w.chars(event.options);
    w.zeros(64 - event.options.size());
    w.i32(event.name.empty() ? 0 : relative(layout.string(event.name), at));
}

void writeSequenceLists(ByteWriter& w, const MdlSeqDesc& seq, const SeqLayout& s,
                        const Layout& layout, std::size_t numBones) {
    w.padTo(s.poseKeys);
    writeF32s(w, seq.poseKeys);
    w.padTo(s.events);
    for (std::size_t i = 0; i < seq.events.size(); ++i)
        writeEvent(w, seq.events[i], s.events + i * kMdlEventSize, layout);
    for (std::size_t i = 0; i < seq.autolayers.size(); ++i) {
        const MdlAutoLayer& l = seq.autolayers[i];
        auto record =
            w.record("mstudioautolayer_t", kMdlAutoLayerSize, s.autolayers + i * kMdlAutoLayerSize);
        w.i16(l.iSequence);
        w.i16(l.iPose);
        w.i32(l.flags);
        writeF32s(w, std::initializer_list<float>{l.start, l.peak, l.tail, l.end});
    }
    if (s.writesWeights) {
        auto record = w.record("weight list", numBones * 4, s.weights);
        if (seq.weights.empty())
            for (std::size_t b = 0; b < numBones; ++b)
                w.f32(1.0f);
        writeF32s(w, seq.weights);
    }
}

void writeSequenceData(ByteWriter& w, const MdlSeqDesc& seq, const SeqLayout& s,
                       const Layout& layout, std::size_t numBones) {
    writeSequenceLists(w, seq, s, layout, numBones);
    for (std::size_t i = 0; i < seq.iklocks.size(); ++i) {
        const MdlIkLock& lock = seq.iklocks[i];
        auto record = w.record("mstudioiklock_t", kMdlIkLockSize, s.iklocks + i * kMdlIkLockSize);
        w.i32(lock.chain);
        w.f32(lock.flPosWeight);
        w.f32(lock.flLocalQWeight);
        w.i32(lock.flags);
        w.zeros(16);
    }
    w.padTo(s.blends);
    for (std::int16_t blend : seq.blends)
        w.i16(blend);
    w.padTo(s.keyValues);
    if (!seq.keyValues.empty()) w.cstring(seq.keyValues);
    w.padTo(s.activityModifiers);
    for (std::size_t i = 0; i < seq.activityModifiers.size(); ++i) {
        const std::size_t at = s.activityModifiers + i * kMdlActivityModifierSize;
        auto record = w.record("mstudioactivitymodifier_t", kMdlActivityModifierSize, at);
        w.i32(relative(layout.string(seq.activityModifiers[i]), at));
    }
}

} // namespace

void writeAnimations(ByteWriter& w, const MdlFile& file, const Layout& layout) {
    w.padTo(layout.animDescs);
    for (std::size_t i = 0; i < file.animations.size(); ++i)
        writeAnimDesc(w, file.animations[i], layout.animations[i], layout);
    for (std::size_t i = 0; i < file.animations.size(); ++i) {
        writeAnimationData(w, file.animations[i], layout.animations[i]);
        writeAnimationExtras(w, file.animations[i], layout.animations[i]);
    }
    for (std::size_t i = 0; i < file.animations.size(); ++i)
        writeMovements(w, file.animations[i], layout.animations[i]);
}

void writeSequences(ByteWriter& w, const MdlFile& file, const Layout& layout) {
    w.padTo(layout.seqDescs);
    for (std::size_t i = 0; i < file.sequences.size(); ++i)
        writeSeqDesc(w, file.sequences[i], layout.sequences[i], layout);
    for (std::size_t i = 0; i < file.sequences.size(); ++i)
        writeSequenceData(w, file.sequences[i], layout.sequences[i], layout, file.bones.size());
}

} // namespace vtxc::mdl_write
