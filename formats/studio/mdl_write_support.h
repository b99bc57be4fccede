// Internal to the .mdl writer: the string pool, the planned layout (every record's offset, decided
// before a byte is written) and the sizes it is planned from. Split over the writer's files
// (layout, animation data, the rest of the file).
#pragma once

#include "formats/common/byte_writer.h"
#include "formats/studio/mdl.h"

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vtxc::mdl_write {

// Strings in order of first use, each stored once; offsets from the start of the pool.
class StringPool {
  public:
    void add(const std::string& text);
    std::size_t offset(const std::string& text) const; // throws for a string never added
    const std::vector<std::string>& strings() const { return order_; }
    std::size_t size() const { return size_; }

  private:
    std::map<std::string, std::size_t> offsets_;
    std::vector<std::string> order_;
    std::size_t size_ = 0;
};

// The pool in the order studiomdl fills it (observed in Valve's files): the anim block name, the
// model name of header2, the surface prop, bones, attachments, hitbox sets, animations (not their
// IK rules' attachment names, written after each rule's compressed error), sequences,
// body parts, flex controllers (name, then type), IK chains, pose parameters, include models,
// textures, cdtextures; kinds Valve's files never show are placed beside their neighbours.
StringPool collectStrings(const MdlFile& file);

// Bytes of an RLE channel, of a per-bone record, of a compressed IK error with its channels.
std::size_t valuesSize(const MdlAnimValues& runs);
std::size_t animBoneSize(const MdlAnimBone& record);
std::size_t compressedErrorSize(const MdlCompressedIkError& error);

// A chain of per-bone records (or the single "bone 255" record when there are none).
struct RecordsLayout {
    std::size_t at = 0;
    std::vector<std::size_t> records; // offset of each record
    std::size_t end = 0;              // after the last record (before the trailer)
};

struct AnimLayout {
    std::size_t desc = 0;
    std::optional<RecordsLayout> data; // records in the .mdl (unsectioned, animblock 0)
    std::size_t sectionTable = 0;
    std::vector<std::optional<RecordsLayout>> sections;
    std::size_t ikRules = 0;
    std::vector<std::size_t> ikErrors;      // per rule, 0 = none
    std::vector<std::size_t> ikAttachments; // per rule: its attachment name, 0 = none
    std::size_t localHierarchy = 0;
    std::vector<std::size_t> localAnims; // per entry, 0 = none
    std::size_t movements = 0;
    std::size_t zeroFrames = 0;
};

struct SeqLayout {
    std::size_t desc = 0;
    std::size_t poseKeys = 0;
    std::size_t events = 0;
    std::size_t autolayers = 0;
    std::size_t weights = 0;
    bool writesWeights = false; // false: shares a list written before
    std::size_t iklocks = 0;
    std::size_t blends = 0;
    std::size_t keyValues = 0;
    std::size_t activityModifiers = 0;
};

struct MeshLayout {
    std::size_t at = 0;
    std::size_t flexes = 0;
    std::vector<std::size_t> vertanims; // per flex
};

struct ModelLayout {
    std::size_t at = 0;
    std::size_t meshes = 0;
    std::size_t eyeballs = 0;
    std::vector<MeshLayout> meshLayouts;
};

struct Layout {
    std::size_t header2 = 0; // 0 = none
    std::size_t bones = 0;
    std::vector<std::size_t> procedural; // per bone, 0 = none
    std::size_t boneControllers = 0;
    std::size_t attachments = 0;
    std::size_t hitboxSets = 0;
    std::vector<std::size_t> hitboxes; // per set
    std::size_t boneTable = 0;
    std::size_t animDescs = 0;
    std::vector<AnimLayout> animations;
    std::size_t seqDescs = 0;
    std::vector<SeqLayout> sequences;
    std::size_t localNodeNames = 0;
    std::size_t localNodeTransitions = 0;
    std::size_t bodyParts = 0;
    std::vector<std::size_t> models; // per body part: its first model
    std::size_t flexDescs = 0;
    std::size_t flexControllers = 0;
    std::size_t flexRules = 0;
    std::vector<std::size_t> flexOps; // per rule
    std::size_t flexControllerUis = 0;
    std::size_t ikChains = 0;
    std::vector<std::size_t> ikLinks; // per chain
    std::size_t autoplayLocks = 0;
    std::size_t mouths = 0;
    std::size_t poseParameters = 0;
    std::vector<std::vector<ModelLayout>> modelLayouts; // per body part, per model
    std::size_t includeModels = 0;
    std::size_t animBlocks = 0;
    std::size_t textures = 0;
    std::size_t cdtextures = 0;
    std::size_t skins = 0;
    std::size_t keyValues = 0;
    std::size_t srcBoneTransforms = 0;
    std::size_t linearBones = 0; // 0 = none
    std::size_t boneFlexDrivers = 0;
    std::vector<std::size_t> boneFlexControls; // per driver
    std::size_t strings = 0;
    std::size_t end = 0; // file length, padded to 4
    StringPool pool;

    std::size_t string(const std::string& text) const { return strings + pool.offset(text); }
};

Layout planLayout(const MdlFile& file);

// Relative offsets as the format stores them, checked against the field's width.
std::int32_t relative(std::size_t target, std::size_t from);
std::int16_t relative16(std::size_t target, std::size_t from);
std::int32_t absolute(std::size_t offset);

// Emission helpers shared by the writer's files.
void writeVec3(ByteWriter& w, const Vec3& v);
void writeVec4(ByteWriter& w, const Vec4& v);
void writeMatrix(ByteWriter& w, const MdlMatrix3x4& m);
void writeValues(ByteWriter& w, const MdlAnimValues& runs);
template <class Range> void writeI32s(ByteWriter& w, const Range& values) {
    for (std::int32_t value : values)
        w.i32(value);
}
template <class Range> void writeF32s(ByteWriter& w, const Range& values) {
    for (float value : values)
        w.f32(value);
}

void writeAnimations(ByteWriter& w, const MdlFile& file, const Layout& layout);
void writeSequences(ByteWriter& w, const MdlFile& file, const Layout& layout);

} // namespace vtxc::mdl_write
