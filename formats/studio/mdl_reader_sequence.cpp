// Reads the sequence descriptions of a .mdl and their per-sequence data: events, blend array, pose
// keys, weight list, autolayers, IK locks, key values and activity modifiers. Layout:
// mstudioseqdesc_t of studio.h in the public Source SDK 2013 (every index relative to the record).
#include "formats/studio/mdl_read_support.h"

namespace vtxc::mdl_read {

namespace {

class SequenceReader {
  public:
    SequenceReader(MdlInput& input, const MdlFile& file) : in_(input), file_(file) {}

    bool read(std::int64_t at, std::size_t index, MdlSeqDesc& seq) {
        const std::string record = "mstudioseqdesc_t " + std::to_string(index);
        if (!in_.string("mstudioseqdesc_t label", at, in_.i32(at + 4), seq.label) ||
            !in_.optionalString("mstudioseqdesc_t activity name", at, in_.i32(at + 8),
                                seq.activityName))
            return false;
        seq.flags = in_.i32(at + 12);
        seq.activity = in_.i32(at + 16);
        seq.actweight = in_.i32(at + 20);
        seq.bbmin = in_.vec3(at + 32);
        seq.bbmax = in_.vec3(at + 44);
        seq.groupsize = {in_.i32(at + 68), in_.i32(at + 72)};
        seq.paramindex = {in_.i32(at + 76), in_.i32(at + 80)};
        seq.paramstart = {in_.f32(at + 84), in_.f32(at + 88)};
        seq.paramend = {in_.f32(at + 92), in_.f32(at + 96)};
        seq.paramparent = in_.i32(at + 100);
        seq.fadeintime = in_.f32(at + 104);
        seq.fadeouttime = in_.f32(at + 108);
        seq.localentrynode = in_.i32(at + 112);
        seq.localexitnode = in_.i32(at + 116);
        seq.nodeflags = in_.i32(at + 120);
        seq.entryphase = in_.f32(at + 124);
        seq.exitphase = in_.f32(at + 128);
        seq.lastframe = in_.f32(at + 132);
        seq.nextseq = in_.i32(at + 136);
        seq.pose = in_.i32(at + 140);
        seq.numikrules = in_.i32(at + 144);
        seq.cycleposeindex = in_.i32(at + 180);
        return readEvents(at, seq) && readBlends(at, record, seq) && readPoseKeys(at, seq) &&
               readWeights(at, seq) && readAutoLayers(at, seq) && readIkLocks(at, seq) &&
               readKeyValues(at, seq) && readActivityModifiers(at, seq);
    }

  private:
    bool readEvents(std::int64_t at, MdlSeqDesc& seq) {
        const std::int32_t count = in_.i32(at + 24);
        const std::int64_t eventsAt = at + in_.i32(at + 28);
        if (!in_.need("mstudioevent_t", eventsAt, count, kMdlEventSize)) return false;
        seq.events.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < seq.events.size(); ++i) {
            const std::int64_t e = eventsAt + static_cast<std::int64_t>(i * kMdlEventSize);
            MdlEvent& event = seq.events[i];
            event.cycle = in_.f32(e);
            event.event = in_.i32(e + 4);
            event.type = in_.i32(e + 8);
            event.options = in_.fixedString(e + 12, 64);
            if (!in_.optionalString("mstudioevent_t name", e, in_.i32(e + 76), event.name))
                return false;
        }
        return true;
    }

    // groupsize[1] rows of groupsize[0] animation indices; numblends is their product.
    bool readBlends(std::int64_t at, const std::string& record, MdlSeqDesc& seq) {
        const std::int32_t numblends = in_.i32(at + 56);
        if (!in_.count("mstudioseqdesc_t groupsize[0]", at + 68, seq.groupsize[0], 0xffff) ||
            !in_.count("mstudioseqdesc_t groupsize[1]", at + 72, seq.groupsize[1], 0xffff))
            return false;
        const std::int64_t product = static_cast<std::int64_t>(seq.groupsize[0]) *
                                     static_cast<std::int64_t>(seq.groupsize[1]);
        if (numblends != product)
            return in_.inconsistent(record, at,
                                    "numblends " + std::to_string(numblends) +
                                        " is not groupsize " + std::to_string(seq.groupsize[0]) +
                                        " x " + std::to_string(seq.groupsize[1]));
        const std::int64_t blendsAt = at + in_.i32(at + 60);
        if (!in_.need("blend array", blendsAt, product, 2)) return false;
        seq.blends.resize(static_cast<std::size_t>(product));
        for (std::size_t i = 0; i < seq.blends.size(); ++i)
            seq.blends[i] = in_.i16(blendsAt + 2 * static_cast<std::int64_t>(i));
        return true;
    }

    bool readPoseKeys(std::int64_t at, MdlSeqDesc& seq) {
        const std::int32_t offset = in_.i32(at + 160);
        if (offset == 0) return true;
        const std::int64_t count = static_cast<std::int64_t>(seq.groupsize[0]) +
                                   static_cast<std::int64_t>(seq.groupsize[1]);
        if (!in_.need("pose key", at + offset, count, 4)) return false;
        seq.poseKeys.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < seq.poseKeys.size(); ++i)
            seq.poseKeys[i] = in_.f32(at + offset + 4 * static_cast<std::int64_t>(i));
        return true;
    }

    bool readWeights(std::int64_t at, MdlSeqDesc& seq) {
        const std::int32_t offset = in_.i32(at + 156);
        if (offset == 0) return true;
        const auto count = static_cast<std::int64_t>(file_.bones.size());
        if (!in_.need("weight list", at + offset, count, 4)) return false;
        seq.weights.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < seq.weights.size(); ++i)
            seq.weights[i] = in_.f32(at + offset + 4 * static_cast<std::int64_t>(i));
        return true;
    }

    bool readAutoLayers(std::int64_t at, MdlSeqDesc& seq) {
        const std::int32_t count = in_.i32(at + 148);
        const std::int64_t layersAt = at + in_.i32(at + 152);
        if (!in_.need("mstudioautolayer_t", layersAt, count, kMdlAutoLayerSize)) return false;
        seq.autolayers.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < seq.autolayers.size(); ++i) {
            const std::int64_t l = layersAt + static_cast<std::int64_t>(i * kMdlAutoLayerSize);
            seq.autolayers[i] = {in_.i16(l),      in_.i16(l + 2),  in_.i32(l + 4), in_.f32(l + 8),
                                 in_.f32(l + 12), in_.f32(l + 16), in_.f32(l + 20)};
        }
        return true;
    }

    bool readIkLocks(std::int64_t at, MdlSeqDesc& seq) {
        const std::int32_t count = in_.i32(at + 164);
        const std::int64_t locksAt = at + in_.i32(at + 168);
        if (!in_.need("mstudioiklock_t", locksAt, count, kMdlIkLockSize)) return false;
        seq.iklocks.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < seq.iklocks.size(); ++i) {
            const std::int64_t l = locksAt + static_cast<std::int64_t>(i * kMdlIkLockSize);
            seq.iklocks[i] = {in_.i32(l), in_.f32(l + 4), in_.f32(l + 8), in_.i32(l + 12)};
        }
        return true;
    }

    bool readKeyValues(std::int64_t at, MdlSeqDesc& seq) {
        const std::int32_t size = in_.i32(at + 176);
        const std::int64_t textAt = at + in_.i32(at + 172);
        if (!in_.need("sequence key values", textAt, size, 1)) return false;
        if (size <= 0) return true;
        const auto* begin = reinterpret_cast<const char*>(in_.r().bytes().data() + textAt);
        seq.keyValues.assign(begin, static_cast<std::size_t>(size));
        if (seq.keyValues.back() == '\0') seq.keyValues.pop_back();
        return true;
    }

    bool readActivityModifiers(std::int64_t at, MdlSeqDesc& seq) {
        const std::int32_t count = in_.i32(at + 188);
        const std::int64_t listAt = at + in_.i32(at + 184);
        if (!in_.need("mstudioactivitymodifier_t", listAt, count, kMdlActivityModifierSize))
            return false;
        seq.activityModifiers.resize(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < seq.activityModifiers.size(); ++i) {
            const std::int64_t m = listAt + 4 * static_cast<std::int64_t>(i);
            if (!in_.string("mstudioactivitymodifier_t name", m, in_.i32(m),
                            seq.activityModifiers[i]))
                return false;
        }
        return true;
    }

    MdlInput& in_;
    const MdlFile& file_;
};

} // namespace

bool readSequences(MdlInput& input, MdlFile& file) {
    const std::int32_t count = input.i32(188);
    const std::int64_t at = input.i32(192);
    if (!input.need("mstudioseqdesc_t", at, count, kMdlSeqDescSize)) return false;
    file.sequences.resize(static_cast<std::size_t>(count));
    SequenceReader reader(input, file);
    for (std::size_t i = 0; i < file.sequences.size(); ++i)
        if (!reader.read(at + static_cast<std::int64_t>(i * kMdlSeqDescSize), i, file.sequences[i]))
            return false;
    return true;
}

} // namespace vtxc::mdl_read
