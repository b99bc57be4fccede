// Reads the animation descriptions of a .mdl with everything they point at: per-bone records
// (mstudioanim_t chains with raw quaternions/vectors or value pointers and RLE arrays), sections,
// IK rules with their compressed errors, local hierarchy, movements and the zero-frame cache.
// Layouts: studio.h of the public Source SDK 2013; the accessors there define which offsets are
// relative to which record.
#include "formats/studio/mdl_codecs.h"
#include "formats/studio/mdl_read_support.h"

namespace vtxc::mdl_read {

bool readAnimValues(MdlInput& input, const char* record, std::int64_t at, std::int64_t frames,
                    MdlAnimValues& runs) {
    runs.clear();
    std::int64_t covered = 0;
    std::int64_t cursor = at;
    // At least one run, so that a present channel stays present after a write.
    do {
        if (!input.need(record, cursor, 1, 2)) return false;
        const std::uint8_t valid = input.u8(cursor);
        const std::uint8_t total = input.u8(cursor + 1);
        if (valid == 0 || total == 0)
            return input.inconsistent(record, cursor,
                                      "RLE run with " + std::to_string(valid) + " values for " +
                                          std::to_string(total) +
                                          " frames (a run needs at least one of each)");
        if (!input.need(record, cursor + 2, valid, 2)) return false;
        MdlAnimValueRun run;
        run.total = total;
        run.values.resize(valid);
        for (std::size_t k = 0; k < valid; ++k)
            run.values[k] = input.i16(cursor + 2 + 2 * static_cast<std::int64_t>(k));
        runs.push_back(std::move(run));
        covered += total;
        cursor += 2 + 2 * static_cast<std::int64_t>(valid);
    } while (covered < frames);
    return true;
}

namespace {

// Frames a compressed IK error covers when its channels do not say (a single channel, or channels
// not laid out in order): from the rule's first frame to the animation's end.
std::int64_t errorFrames(std::int32_t numframes, std::int32_t iStart) {
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(numframes) - std::max(iStart, 0));
}

// The frames covered by the runs from `at` up to `end`, where the next channel starts: the runs
// must fill that space exactly. 0 after reporting a problem.
std::int64_t framesBetween(MdlInput& input, const char* record, std::int64_t at, std::int64_t end) {
    std::int64_t frames = 0;
    std::int64_t cursor = at;
    do {
        if (!input.need(record, cursor, 1, 2)) return 0;
        const std::uint8_t valid = input.u8(cursor);
        const std::uint8_t total = input.u8(cursor + 1);
        if (valid == 0 || total == 0) {
            input.inconsistent(record, cursor,
                               "RLE run with " + std::to_string(valid) + " values for " +
                                   std::to_string(total) +
                                   " frames (a run needs at least one of each)");
            return 0;
        }
        const std::int64_t next = cursor + 2 + 2 * static_cast<std::int64_t>(valid);
        if (next > end) {
            input.inconsistent(record, cursor,
                               "RLE run of " + std::to_string(valid) + " values passes byte " +
                                   std::to_string(end) + " where the next channel starts");
            return 0;
        }
        frames += total;
        cursor = next;
    } while (cursor < end);
    return frames;
}

class AnimationReader {
  public:
    AnimationReader(MdlInput& input, const MdlFile& file) : in_(input), file_(file) {}

    bool read(std::int64_t at, std::size_t index, MdlAnimDesc& anim) {
        const std::string record = "mstudioanimdesc_t " + std::to_string(index);
        if (!in_.string("mstudioanimdesc_t name", at, in_.i32(at + 4), anim.name)) return false;
        anim.fps = in_.f32(at + 8);
        anim.flags = in_.i32(at + 12);
        anim.numframes = in_.i32(at + 16);
        if (anim.numframes < 1)
            return in_.inconsistent(record, at,
                                    "numframes " + std::to_string(anim.numframes) +
                                        " (an animation has at least one frame)");
        anim.animblock = in_.i32(at + 52);
        anim.sectionframes = in_.i32(at + 84);
        anim.zeroframespan = in_.i16(at + 88);
        anim.zeroframecount = in_.i16(at + 90);
        return readData(at, record, anim) && readMovements(at, anim) && readIkRules(at, anim) &&
               readLocalHierarchy(at, anim) && readZeroFrames(at, anim);
    }

  private:
    bool readData(std::int64_t at, const std::string& record, MdlAnimDesc& anim) {
        const std::int32_t animindex = in_.i32(at + 56);
        if (anim.sectionframes < 0)
            return in_.inconsistent(
                record, at, "sectionframes " + std::to_string(anim.sectionframes) + " is negative");
        if (anim.sectionframes > 0) return readSections(at, anim);
        if (anim.animblock != 0) {
            anim.animindex = animindex;
            return true;
        }
        return readRecords(at + animindex, anim.numframes, anim.bones);
    }

    // numframes / sectionframes + 2 {animblock, animindex} pairs; block 0 = records in the .mdl.
    bool readSections(std::int64_t at, MdlAnimDesc& anim) {
        const std::int64_t count = anim.numframes / anim.sectionframes + 2;
        const std::int64_t tableAt = at + in_.i32(at + 80);
        if (!in_.need("mstudioanimsections_t", tableAt, count, kMdlAnimSectionSize)) return false;
        anim.sections.resize(static_cast<std::size_t>(count));
        for (std::int64_t s = 0; s < count; ++s) {
            MdlAnimSection& section = anim.sections[static_cast<std::size_t>(s)];
            section.animblock = in_.i32(tableAt + 8 * s);
            const std::int32_t animindex = in_.i32(tableAt + 8 * s + 4);
            if (section.animblock != 0) {
                section.animindex = animindex;
                continue;
            }
            // A section holds its frames plus the next one (the engine interpolates inside a
            // section); the final section holds the last frame alone.
            const std::int64_t first = s * anim.sectionframes;
            const std::int64_t frames =
                s == count - 1 ? 1
                               : std::clamp<std::int64_t>(anim.numframes - first, 1,
                                                          std::int64_t(anim.sectionframes) + 1);
            if (!readRecords(at + animindex, frames, section.bones)) return false;
        }
        return true;
    }

    // A chain of mstudioanim_t in ascending bone order; a first record of bone 255 means "no
    // bone moves".
    bool readRecords(std::int64_t at, std::int64_t frames, std::vector<MdlAnimBone>& bones) {
        std::int64_t previousBone = -1;
        while (true) {
            if (!in_.need("mstudioanim_t", at, 1, 4)) return false;
            const std::uint8_t bone = in_.u8(at);
            if (bone == 255) return true;
            if (bone <= previousBone || bone >= static_cast<std::int64_t>(file_.bones.size()))
                return in_.inconsistent(
                    "mstudioanim_t", at,
                    "bone " + std::to_string(bone) +
                        (bone <= previousBone
                             ? " does not follow bone " + std::to_string(previousBone) +
                                   " (records go in ascending bone order)"
                             : " is not one of the " + std::to_string(file_.bones.size()) +
                                   " bones"));
            previousBone = bone;
            MdlAnimBone record;
            if (!readRecord(at, frames, record)) return false;
            bones.push_back(std::move(record));
            const std::int16_t next = in_.i16(at + 2);
            if (next == 0) return true;
            at += next;
        }
    }

    bool readRecord(std::int64_t at, std::int64_t frames, MdlAnimBone& record) {
        record.bone = in_.u8(at);
        record.flags = in_.u8(at + 1);
        const bool raw = record.flags & (kAnimRawPos | kAnimRawRot | kAnimRawRot2);
        const bool animated = record.flags & (kAnimAnimPos | kAnimAnimRot);
        // The accessors overlay the raw and the animated forms, so a record can only be one.
        if (raw && animated)
            return in_.inconsistent("mstudioanim_t", at,
                                    "flags " + std::to_string(record.flags) +
                                        " mix raw and animated channels, which the engine reads "
                                        "over each other");
        if ((record.flags & kAnimRawRot) && (record.flags & kAnimRawRot2))
            return in_.inconsistent("mstudioanim_t", at,
                                    "flags say both Quaternion48 and Quaternion64");
        const std::int64_t data = at + 4;
        return animated ? readAnimatedChannels(data, frames, record)
                        : readRawChannels(data, record);
    }

    bool readRawChannels(std::int64_t at, MdlAnimBone& record) {
        if (record.flags & kAnimRawRot2) {
            if (!in_.need("Quaternion64", at, 1, 8)) return false;
            record.rawRot64 = static_cast<std::uint64_t>(in_.u32(at)) |
                              (static_cast<std::uint64_t>(in_.u32(at + 4)) << 32);
            at += 8;
        } else if (record.flags & kAnimRawRot) {
            if (!in_.need("Quaternion48", at, 1, 6)) return false;
            record.rawRot48 = {in_.u16(at), in_.u16(at + 2), in_.u16(at + 4)};
            at += 6;
        }
        if (record.flags & kAnimRawPos) {
            if (!in_.need("Vector48", at, 1, 6)) return false;
            record.rawPos = {in_.u16(at), in_.u16(at + 2), in_.u16(at + 4)};
        }
        return true;
    }

    bool readAnimatedChannels(std::int64_t at, std::int64_t frames, MdlAnimBone& record) {
        const std::int64_t rotPointer = at;
        const std::int64_t posPointer = at + ((record.flags & kAnimAnimRot) ? 6 : 0);
        if (record.flags & kAnimAnimRot)
            if (!readValuePointer(rotPointer, frames, record.rotValues)) return false;
        if (record.flags & kAnimAnimPos)
            if (!readValuePointer(posPointer, frames, record.posValues)) return false;
        return true;
    }

    // mstudioanim_valueptr_t: three offsets from the pointer itself; 0 or negative = absent.
    bool readValuePointer(std::int64_t at, std::int64_t frames,
                          std::array<MdlAnimValues, 3>& channels) {
        if (!in_.need("mstudioanim_valueptr_t", at, 1, 6)) return false;
        for (std::size_t c = 0; c < 3; ++c) {
            const std::int16_t offset = in_.i16(at + 2 * static_cast<std::int64_t>(c));
            if (offset > 0 &&
                !readAnimValues(in_, "mstudioanimvalue_t", at + offset, frames, channels[c]))
                return false;
        }
        return true;
    }

    bool readMovements(std::int64_t at, MdlAnimDesc& anim) {
        const std::int32_t count = in_.i32(at + 20);
        const std::int64_t movementsAt = at + in_.i32(at + 24);
        if (!in_.need("mstudiomovement_t", movementsAt, count, kMdlMovementSize)) return false;
        anim.movements.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < anim.movements.size(); ++i) {
            const std::int64_t m = movementsAt + static_cast<std::int64_t>(i * kMdlMovementSize);
            anim.movements[i] = {in_.i32(m),      in_.i32(m + 4),  in_.f32(m + 8),
                                 in_.f32(m + 12), in_.f32(m + 16), in_.vec3(m + 20),
                                 in_.vec3(m + 32)};
        }
        return true;
    }

    bool readIkRules(std::int64_t at, MdlAnimDesc& anim) {
        const std::int32_t count = in_.i32(at + 60);
        const std::int32_t offset = in_.i32(at + 64);
        anim.animblockikruleindex = in_.i32(at + 68);
        if (offset == 0) {
            // No rules in the .mdl: any count refers to rules in the animation block.
            anim.numBlockIkRules = count;
            return true;
        }
        const std::int64_t rulesAt = at + offset;
        if (!in_.need("mstudioikrule_t", rulesAt, count, kMdlIkRuleSize)) return false;
        anim.ikRules.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < anim.ikRules.size(); ++i)
            if (!readIkRule(rulesAt + static_cast<std::int64_t>(i * kMdlIkRuleSize), anim.numframes,
                            anim.ikRules[i]))
                return false;
        return true;
    }

    bool readIkRule(std::int64_t at, std::int32_t numframes, MdlIkRule& rule) {
        rule.index = in_.i32(at);
        rule.type = in_.i32(at + 4);
        rule.chain = in_.i32(at + 8);
        rule.bone = in_.i32(at + 12);
        rule.slot = in_.i32(at + 16);
        rule.height = in_.f32(at + 20);
        rule.radius = in_.f32(at + 24);
        rule.floor = in_.f32(at + 28);
        rule.pos = in_.vec3(at + 32);
        rule.q = in_.vec4(at + 44);
        rule.iStart = in_.i32(at + 68);
        rule.ikerrorindex = in_.i32(at + 72);
        rule.start = in_.f32(at + 76);
        rule.peak = in_.f32(at + 80);
        rule.tail = in_.f32(at + 84);
        rule.end = in_.f32(at + 88);
        rule.contact = in_.f32(at + 96);
        rule.drop = in_.f32(at + 100);
        rule.top = in_.f32(at + 104);
        if (!in_.optionalString("mstudioikrule_t attachment", at, in_.i32(at + 120),
                                rule.attachment))
            return false;
        const std::int32_t errorOffset = in_.i32(at + 60);
        if (errorOffset == 0) return true;
        MdlCompressedIkError error;
        if (!readCompressedError(at + errorOffset, errorFrames(numframes, rule.iStart), error))
            return false;
        rule.compressedError = std::move(error);
        return true;
    }

    // The channels of an error cover the frames of its rule, which numframes does not give: in
    // Valve's files a rule that wraps past the last frame keeps two frames more, one that ends
    // early fewer, and a one-frame animation can keep the error of its longer source. studiomdl
    // writes the channels back to back in channel order, all over the same frames, so the space
    // between the first two present channels says how many (`fallbackFrames` otherwise).
    bool readCompressedError(std::int64_t at, std::int64_t fallbackFrames,
                             MdlCompressedIkError& error) {
        static constexpr const char* kValues = "mstudiocompressedikerror_t values";
        if (!in_.need("mstudiocompressedikerror_t", at, 1, kMdlCompressedIkErrorSize)) return false;
        std::array<std::int16_t, 6> offsets{};
        for (std::size_t c = 0; c < 6; ++c) {
            error.scale[c] = in_.f32(at + 4 * static_cast<std::int64_t>(c));
            offsets[c] = in_.i16(at + 24 + 2 * static_cast<std::int64_t>(c));
        }
        std::int64_t frames = fallbackFrames;
        const auto first =
            std::find_if(offsets.begin(), offsets.end(), [](auto o) { return o > 0; });
        const auto second = first == offsets.end() ? first
                                                   : std::find_if(first + 1, offsets.end(),
                                                                  [](auto o) { return o > 0; });
        if (second != offsets.end() && *second > *first) {
            frames = framesBetween(in_, kValues, at + *first, at + *second);
            if (frames == 0) return false;
        }
        for (std::size_t c = 0; c < 6; ++c) {
            if (offsets[c] <= 0) continue;
            if (!readAnimValues(in_, kValues, at + offsets[c], frames, error.values[c]))
                return false;
            // Written back, the first channel's runs say how many frames the rest cover, so
            // the rest are read over all of them: a file read, written and read again then
            // holds the same runs.
            frames = std::max<std::int64_t>(frames, animValuesFrameCount(error.values[c]));
        }
        return true;
    }

    bool readLocalHierarchy(std::int64_t at, MdlAnimDesc& anim) {
        const std::int32_t count = in_.i32(at + 72);
        const std::int64_t listAt = at + in_.i32(at + 76);
        if (!in_.need("mstudiolocalhierarchy_t", listAt, count, kMdlLocalHierarchySize))
            return false;
        anim.localHierarchy.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < anim.localHierarchy.size(); ++i) {
            const std::int64_t h = listAt + static_cast<std::int64_t>(i * kMdlLocalHierarchySize);
            MdlLocalHierarchy& entry = anim.localHierarchy[i];
            entry.iBone = in_.i32(h);
            entry.iNewParent = in_.i32(h + 4);
            entry.start = in_.f32(h + 8);
            entry.peak = in_.f32(h + 12);
            entry.tail = in_.f32(h + 16);
            entry.end = in_.f32(h + 20);
            entry.iStart = in_.i32(h + 24);
            const std::int32_t offset = in_.i32(h + 28);
            if (offset == 0) continue;
            MdlCompressedIkError localAnim;
            if (!readCompressedError(h + offset, errorFrames(anim.numframes, entry.iStart),
                                     localAnim))
                return false;
            entry.localAnim = std::move(localAnim);
        }
        return true;
    }

    // For every bone that saves frames: zeroframecount Vector48 (position), Quaternion64
    // (rotation).
    bool readZeroFrames(std::int64_t at, MdlAnimDesc& anim) {
        const std::int32_t offset = in_.i32(at + 92);
        if (offset == 0 || anim.zeroframecount <= 0) return true;
        std::int64_t perFrame = 0;
        for (const MdlBone& bone : file_.bones)
            perFrame += ((bone.flags & kBoneHasSaveFramePos) ? 6 : 0) +
                        ((bone.flags & kBoneHasSaveFrameRot) ? 8 : 0);
        const std::int64_t dataAt = at + offset;
        if (!in_.need("zero-frame cache", dataAt, anim.zeroframecount, perFrame)) return false;
        if (perFrame == 0) return true; // nothing cached: no pointer from an unchecked offset
        const auto* begin = in_.r().bytes().data() + dataAt;
        anim.zeroFrameData.assign(begin, begin + perFrame * anim.zeroframecount);
        return true;
    }

    MdlInput& in_;
    const MdlFile& file_;
};

} // namespace

bool readAnimations(MdlInput& input, MdlFile& file) {
    const std::int32_t count = input.i32(180);
    const std::int64_t at = input.i32(184);
    if (!input.need("mstudioanimdesc_t", at, count, kMdlAnimDescSize)) return false;
    file.animations.resize(static_cast<std::size_t>(count));
    AnimationReader reader(input, file);
    for (std::size_t i = 0; i < file.animations.size(); ++i)
        if (!reader.read(at + static_cast<std::int64_t>(i * kMdlAnimDescSize), i,
                         file.animations[i]))
            return false;
    return true;
}

} // namespace vtxc::mdl_read
