// Data model of a whole .mdl (studiohdr_t, IDST version 48; 44-47 and 49 are read too), its reader
// and its writer. Record layouts are those of studio.h in the public Source SDK 2013; field names
// follow it so that code, JSON and the SDK read alike.
//
// The model holds what the file means, not where it lies: names are strings (the writer builds
// the string pool), arrays are vectors (the writer lays them out and derives every count, index,
// offset, baseptr and the bone table by name), animation data keeps its decoded structure (raw
// Quaternion64/48 and Vector48 words, RLE value arrays per channel). The writer reproduces the
// layout Valve's studiomdl gives a v48 file (file order, alignment, the write cursor kept in the
// index of an empty array, shared weight lists, one pool of shared strings, as observed in Valve's
// compiled files), so reading a Valve file and writing it back gives the same bytes. A few fields
// are leftovers that Valve's compiler wrote and the engine ignores or overwrites (run-time pointer
// slots, pose key tails): the reader keeps them so round trips are exact; a model built from
// scratch leaves them 0.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/common/vector_types.h"

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace vtxc {

// Record sizes (bytes), studio.h.
// The key value text studiomdl stores for a model or a sequence: the body of the QC's
// `keyvalues` blocks inside an "mdlkeyvalue" block (Valve's door01_left.mdl for the model,
// combine_soldier_anims.mdl's WalkUnarmed_all for a sequence).
inline std::string mdlKeyValueBlock(const std::string& body) {
    return "mdlkeyvalue\n{\n" + body + "}\n";
}

inline constexpr std::size_t kMdlHeaderSize = 408;               // studiohdr_t
inline constexpr std::size_t kMdlHeader2Size = 256;              // studiohdr2_t
inline constexpr std::size_t kMdlBoneSize = 216;                 // mstudiobone_t
inline constexpr std::size_t kMdlAxisInterpBoneSize = 176;       // mstudioaxisinterpbone_t
inline constexpr std::size_t kMdlQuatInterpBoneSize = 12;        // mstudioquatinterpbone_t
inline constexpr std::size_t kMdlQuatInterpTriggerSize = 48;     // mstudioquatinterpinfo_t
inline constexpr std::size_t kMdlAimAtBoneSize = 44;             // mstudioaimatbone_t
inline constexpr std::size_t kMdlJiggleBoneSize = 140;           // mstudiojigglebone_t
inline constexpr std::size_t kMdlBoneControllerSize = 56;        // mstudiobonecontroller_t
inline constexpr std::size_t kMdlAttachmentSize = 92;            // mstudioattachment_t
inline constexpr std::size_t kMdlHitboxSetSize = 12;             // mstudiohitboxset_t
inline constexpr std::size_t kMdlHitboxSize = 68;                // mstudiobbox_t
inline constexpr std::size_t kMdlAnimDescSize = 100;             // mstudioanimdesc_t
inline constexpr std::size_t kMdlMovementSize = 44;              // mstudiomovement_t
inline constexpr std::size_t kMdlAnimSectionSize = 8;            // mstudioanimsections_t
inline constexpr std::size_t kMdlLocalHierarchySize = 48;        // mstudiolocalhierarchy_t
inline constexpr std::size_t kMdlIkRuleSize = 152;               // mstudioikrule_t
inline constexpr std::size_t kMdlCompressedIkErrorSize = 36;     // mstudiocompressedikerror_t
inline constexpr std::size_t kMdlSeqDescSize = 212;              // mstudioseqdesc_t
inline constexpr std::size_t kMdlEventSize = 80;                 // mstudioevent_t
inline constexpr std::size_t kMdlAutoLayerSize = 24;             // mstudioautolayer_t
inline constexpr std::size_t kMdlIkLockSize = 32;                // mstudioiklock_t
inline constexpr std::size_t kMdlActivityModifierSize = 4;       // mstudioactivitymodifier_t
inline constexpr std::size_t kMdlBodyPartSize = 16;              // mstudiobodyparts_t
inline constexpr std::size_t kMdlModelSize = 148;                // mstudiomodel_t
inline constexpr std::size_t kMdlMeshSize = 116;                 // mstudiomesh_t
inline constexpr std::size_t kMdlEyeballSize = 172;              // mstudioeyeball_t
inline constexpr std::size_t kMdlFlexSize = 60;                  // mstudioflex_t
inline constexpr std::size_t kMdlVertAnimSize = 16;              // mstudiovertanim_t
inline constexpr std::size_t kMdlVertAnimWrinkleSize = 18;       // mstudiovertanim_wrinkle_t
inline constexpr std::size_t kMdlFlexDescSize = 4;               // mstudioflexdesc_t
inline constexpr std::size_t kMdlFlexControllerSize = 20;        // mstudioflexcontroller_t
inline constexpr std::size_t kMdlFlexRuleSize = 12;              // mstudioflexrule_t
inline constexpr std::size_t kMdlFlexOpSize = 8;                 // mstudioflexop_t
inline constexpr std::size_t kMdlFlexControllerUiSize = 20;      // mstudioflexcontrollerui_t
inline constexpr std::size_t kMdlIkChainSize = 16;               // mstudioikchain_t
inline constexpr std::size_t kMdlIkLinkSize = 28;                // mstudioiklink_t
inline constexpr std::size_t kMdlMouthSize = 20;                 // mstudiomouth_t
inline constexpr std::size_t kMdlPoseParamSize = 20;             // mstudioposeparamdesc_t
inline constexpr std::size_t kMdlModelGroupSize = 8;             // mstudiomodelgroup_t
inline constexpr std::size_t kMdlAnimBlockSize = 8;              // mstudioanimblock_t
inline constexpr std::size_t kMdlTextureSize = 64;               // mstudiotexture_t
inline constexpr std::size_t kMdlSrcBoneTransformSize = 100;     // mstudiosrcbonetransform_t
inline constexpr std::size_t kMdlLinearBoneHeadSize = 64;        // mstudiolinearbone_t
inline constexpr std::size_t kMdlLinearBonePerBone = 136;        // its nine arrays, per bone
inline constexpr std::size_t kMdlBoneFlexDriverSize = 24;        // mstudioboneflexdriver_t
inline constexpr std::size_t kMdlBoneFlexDriverControlSize = 16; // mstudioboneflexdrivercontrol_t

inline constexpr std::int32_t kMdlVersion = 48;
inline constexpr std::int32_t kMdlMinVersion = 44;
inline constexpr std::int32_t kMdlMaxVersion = 49;
inline constexpr int kMdlMaxLods = 8;

// Bone flags (mstudiobone_t.flags).
inline constexpr std::int32_t kBoneUsedByHitbox = 0x100;
inline constexpr std::int32_t kBoneUsedByAttachment = 0x200;
inline constexpr std::int32_t kBoneUsedByVertexLod0 = 0x400; // << lod, lod 0..7
inline constexpr std::int32_t kBoneUsedByVertexMask = 0x3fc00;
inline constexpr std::int32_t kBoneUsedByBoneMerge = 0x40000;
inline constexpr std::int32_t kBoneFixedAlignment = 0x100000;
inline constexpr std::int32_t kBoneHasSaveFramePos = 0x200000;
inline constexpr std::int32_t kBoneHasSaveFrameRot = 0x400000;

// Animation description flags (mstudioanimdesc_t.flags, also seqdesc flags).
inline constexpr std::int32_t kStudioLooping = 0x1;
inline constexpr std::int32_t kStudioDelta = 0x4;
inline constexpr std::int32_t kStudioAutoplay = 0x8;
inline constexpr std::int32_t kStudioPost = 0x10;
inline constexpr std::int32_t kStudioAllZeros = 0x20;

// Per-bone animation record flags (mstudioanim_t.flags).
inline constexpr std::uint8_t kAnimRawPos = 0x01;  // Vector48
inline constexpr std::uint8_t kAnimRawRot = 0x02;  // Quaternion48
inline constexpr std::uint8_t kAnimAnimPos = 0x04; // value pointer + RLE arrays
inline constexpr std::uint8_t kAnimAnimRot = 0x08; // value pointer + RLE arrays (euler)
inline constexpr std::uint8_t kAnimDelta = 0x10;
inline constexpr std::uint8_t kAnimRawRot2 = 0x20; // Quaternion64

// Procedural bone types (mstudiobone_t.proctype).
inline constexpr std::int32_t kProcAxisInterp = 1;
inline constexpr std::int32_t kProcQuatInterp = 2;
inline constexpr std::int32_t kProcAimAtBone = 3;
inline constexpr std::int32_t kProcAimAtAttachment = 4;
inline constexpr std::int32_t kProcJiggle = 5;

// matrix3x4_t: three rows of four floats, rotation in columns 0-2, translation in column 3.
struct MdlMatrix3x4 {
    std::array<float, 12> m{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
    float at(int row, int column) const { return m[static_cast<std::size_t>(4 * row + column)]; }
    bool operator==(const MdlMatrix3x4&) const = default;
};

// ---- Bones -------------------------------------------------------------------------------------

struct MdlAxisInterpBone { // proctype 1
    std::int32_t control = 0;
    std::int32_t axis = 0;
    std::array<Vec3, 6> pos{};
    std::array<Vec4, 6> quat{};
    bool operator==(const MdlAxisInterpBone&) const = default;
};

struct MdlQuatInterpTrigger {
    float inv_tolerance = 0;
    Vec4 trigger;
    Vec3 pos;
    Vec4 quat;
    bool operator==(const MdlQuatInterpTrigger&) const = default;
};

struct MdlQuatInterpBone { // proctype 2
    std::int32_t control = 0;
    std::vector<MdlQuatInterpTrigger> triggers;
    bool operator==(const MdlQuatInterpBone&) const = default;
};

struct MdlAimAtBone { // proctype 3 (aim at a bone) and 4 (aim at an attachment)
    std::int32_t parent = 0;
    std::int32_t aim = 0;
    Vec3 aimvector;
    Vec3 upvector;
    Vec3 basepos;
    bool operator==(const MdlAimAtBone&) const = default;
};

// mstudiojigglebone_t: flags, then 34 floats in this order (the last five drive the "boing"
// spring of the Source SDK 2013 jiggle bones).
struct MdlJiggleBone { // proctype 5
    std::int32_t flags = 0;
    float length = 0, tipMass = 0;
    float yawStiffness = 0, yawDamping = 0, pitchStiffness = 0, pitchDamping = 0;
    float alongStiffness = 0, alongDamping = 0, angleLimit = 0;
    float minYaw = 0, maxYaw = 0, yawFriction = 0, yawBounce = 0;
    float minPitch = 0, maxPitch = 0, pitchFriction = 0, pitchBounce = 0;
    float baseMass = 0, baseStiffness = 0, baseDamping = 0;
    float baseMinLeft = 0, baseMaxLeft = 0, baseLeftFriction = 0;
    float baseMinUp = 0, baseMaxUp = 0, baseUpFriction = 0;
    float baseMinForward = 0, baseMaxForward = 0, baseForwardFriction = 0;
    float boingImpactSpeed = 0, boingImpactAngle = 0, boingDampingRate = 0;
    float boingFrequency = 0, boingAmplitude = 0;
    bool operator==(const MdlJiggleBone&) const = default;
};

// A procedural bone: its proctype and the record it points at (placed after the bone array).
struct MdlProceduralBone {
    std::int32_t proctype = kProcAxisInterp;
    std::variant<MdlAxisInterpBone, MdlQuatInterpBone, MdlAimAtBone, MdlJiggleBone> data;
    bool operator==(const MdlProceduralBone&) const = default;
};

struct MdlBone {
    std::string name;
    std::int32_t parent = -1; // always lower than the bone's own index
    std::array<std::int32_t, 6> bonecontroller{-1, -1, -1, -1, -1, -1};
    Vec3 pos;                                    // bind pose relative to the parent
    Vec4 quat{0, 0, 0, 1};                       // = eulerToQuaternion(rot)
    Vec3 rot;                                    // RadianEuler
    Vec3 posscale;                               // scale of animated position values
    Vec3 rotscale;                               // scale of animated rotation values
    MdlMatrix3x4 poseToBone;                     // inverse of the bind-pose bone-to-model matrix
    Vec4 qAlignment;                             // used only with BONE_FIXED_ALIGNMENT
    std::int32_t flags = 0;                      // BONE_USED_BY_* and friends
    std::optional<MdlProceduralBone> procedural; // proctype/procindex
    std::int32_t physicsbone = 0;
    std::string surfaceprop;
    std::int32_t contents = 1; // CONTENTS_SOLID
    bool operator==(const MdlBone&) const = default;
};

struct MdlBoneController {
    std::int32_t bone = 0;
    std::int32_t type = 0; // STUDIO_X 0x1 .. STUDIO_ZR 0x20, | STUDIO_RLOOP 0x40000
    float start = 0, end = 0;
    std::int32_t rest = 0;
    std::int32_t inputfield = 0;
    bool operator==(const MdlBoneController&) const = default;
};

struct MdlAttachment {
    std::string name;
    std::int32_t flags = 0; // 0x10000 ATTACHMENT_FLAG_WORLD_ALIGN
    std::int32_t localbone = 0;
    MdlMatrix3x4 local; // in the bone's frame
    bool operator==(const MdlAttachment&) const = default;
};

struct MdlHitbox {
    std::int32_t bone = 0;
    std::int32_t group = 0;
    Vec3 bbmin, bbmax; // bone frame
    std::string name;  // "" for an unnamed box (points at the pool's empty string)
    bool operator==(const MdlHitbox&) const = default;
};

struct MdlHitboxSet {
    std::string name;
    std::vector<MdlHitbox> hitboxes;
    bool operator==(const MdlHitboxSet&) const = default;
};

// ---- Animations --------------------------------------------------------------------------------

// One RLE run of an animation value array (mstudioanimvalue_t): `values.size()` (= valid) shorts
// cover `total` frames; frames past the last value repeat it.
struct MdlAnimValueRun {
    std::uint8_t total = 0;
    std::vector<std::int16_t> values; // 1..255 values (valid)
    bool operator==(const MdlAnimValueRun&) const = default;
};

// The runs of one channel, covering the animation's frames. Empty = channel absent (offset 0).
using MdlAnimValues = std::vector<MdlAnimValueRun>;

// mstudioanim_t: one bone's record in an animation block. A record is either raw (Quaternion64 or
// Quaternion48 rotation and/or Vector48 position) or animated (value pointers with RLE arrays:
// rotation x, y, z as euler angles over rotscale, position x, y, z over posscale).
struct MdlAnimBone {
    std::uint8_t bone = 0;
    std::uint8_t flags = 0;                  // kAnim* bits; say which of the members below apply
    std::uint64_t rawRot64 = 0;              // Quaternion64 bits (kAnimRawRot2)
    std::array<std::uint16_t, 3> rawRot48{}; // Quaternion48 (kAnimRawRot)
    std::array<std::uint16_t, 3> rawPos{};   // Vector48 halves (kAnimRawPos)
    std::array<MdlAnimValues, 3> rotValues;  // kAnimAnimRot
    std::array<MdlAnimValues, 3> posValues;  // kAnimAnimPos
    bool operator==(const MdlAnimBone&) const = default;
};

// mstudiomovement_t (piecewise linear motion of the root).
struct MdlMovement {
    std::int32_t endframe = 0;
    std::int32_t motionflags = 0;
    float v0 = 0, v1 = 0, angle = 0;
    Vec3 vector, position;
    bool operator==(const MdlMovement&) const = default;
};

// mstudiocompressedikerror_t: scales of position x, y, z and rotation x, y, z, with an RLE array
// per channel (empty = offset 0). The channels all cover the frames of the rule (from iStart; not
// tied to numframes, docs/formats.md), and the reader counts them from the first channel.
struct MdlCompressedIkError {
    std::array<float, 6> scale{};
    std::array<MdlAnimValues, 6> values;
    bool operator==(const MdlCompressedIkError&) const = default;
};

struct MdlIkRule {
    std::int32_t index = 0;
    std::int32_t type = 0; // IK_SELF 1, IK_WORLD 2, IK_GROUND 3, IK_RELEASE 4, IK_ATTACHMENT 5, ...
    std::int32_t chain = 0, bone = 0, slot = 0;
    float height = 0, radius = 0, floor = 0;
    Vec3 pos;
    Vec4 q;
    std::optional<MdlCompressedIkError> compressedError; // compressedikerrorindex
    std::int32_t iStart = 0;
    // Offset of uncompressed mstudioikerror_t data (pre-v48 compilers); kept as read, never
    // followed; a model built from scratch leaves it 0.
    std::int32_t ikerrorindex = 0;
    float start = 0, peak = 0, tail = 0, end = 0;
    float contact = 0, drop = 0, top = 0;
    std::string attachment; // szattachmentindex; "" = 0
    bool operator==(const MdlIkRule&) const = default;
};

struct MdlLocalHierarchy {
    std::int32_t iBone = 0, iNewParent = 0;
    float start = 0, peak = 0, tail = 0, end = 0;
    std::int32_t iStart = 0;
    std::optional<MdlCompressedIkError> localAnim; // localanimindex
    bool operator==(const MdlLocalHierarchy&) const = default;
};

// One section of a sectioned animation (sectionframes > 0): block 0 holds records in the .mdl.
struct MdlAnimSection {
    std::int32_t animblock = 0;
    std::int32_t animindex = 0; // only for animblock > 0 (offset inside the .ani block)
    std::vector<MdlAnimBone> bones;
    bool operator==(const MdlAnimSection&) const = default;
};

struct MdlAnimDesc {
    std::string name; // `$animation` name, or "@" + the sequence name
    float fps = 30;
    std::int32_t flags = 0; // kStudioLooping, kStudioDelta, kStudioAllZeros
    std::int32_t numframes = 1;
    std::vector<MdlMovement> movements;
    // 0 = the records below are in the .mdl; > 0 = external .ani block `animblock` at
    // `animindex`; -1 = no data.
    std::int32_t animblock = 0;
    std::int32_t animindex = 0; // only when animblock != 0
    // Per-bone records in ascending bone order; empty = the single "bone 255" record.
    std::vector<MdlAnimBone> bones;
    std::vector<MdlIkRule> ikRules;
    // IK rules kept in the .ani block (animblockikruleindex); only when ikRules is empty.
    std::int32_t numBlockIkRules = 0;
    std::int32_t animblockikruleindex = 0;
    std::vector<MdlLocalHierarchy> localHierarchy;
    std::int32_t sectionframes = 0; // > 0: data in `sections`, not in `bones`
    std::vector<MdlAnimSection> sections;
    std::int16_t zeroframespan = 0;
    std::int16_t zeroframecount = 0;
    // The zero-frame cache: for each bone with BONE_HAS_SAVEFRAME_POS, zeroframecount Vector48,
    // then with BONE_HAS_SAVEFRAME_ROT, zeroframecount Quaternion64 (kept as bytes).
    std::vector<std::uint8_t> zeroFrameData;
    bool operator==(const MdlAnimDesc&) const = default;
};

// ---- Sequences ---------------------------------------------------------------------------------

struct MdlEvent {
    float cycle = 0;
    std::int32_t event = 0;
    std::int32_t type = 0; // 0x400 NEW_EVENT_STYLE: `name` names the event
    std::string options;   // char[64]
    std::string name;      // szeventindex; "" = 0
    bool operator==(const MdlEvent&) const = default;
};

struct MdlAutoLayer {
    std::int16_t iSequence = 0, iPose = 0;
    std::int32_t flags = 0;
    float start = 0, peak = 0, tail = 0, end = 0;
    // Bit for bit: Valve's one-frame sequences hold NaN cycles in their layers (docs/formats.md),
    // and a layer read back must still equal the one written.
    bool operator==(const MdlAutoLayer& other) const {
        auto bits = [](float value) { return std::bit_cast<std::uint32_t>(value); };
        return iSequence == other.iSequence && iPose == other.iPose && flags == other.flags &&
               bits(start) == bits(other.start) && bits(peak) == bits(other.peak) &&
               bits(tail) == bits(other.tail) && bits(end) == bits(other.end);
    }
};

struct MdlIkLock {
    std::int32_t chain = 0;
    float flPosWeight = 0, flLocalQWeight = 0;
    std::int32_t flags = 0;
    bool operator==(const MdlIkLock&) const = default;
};

struct MdlSeqDesc {
    std::string label;
    std::string activityName; // "" when none
    std::int32_t flags = 0;
    std::int32_t activity = -1; // resolved at run time
    std::int32_t actweight = 0;
    std::vector<MdlEvent> events;
    Vec3 bbmin, bbmax;
    std::array<std::int32_t, 2> groupsize{1, 1};
    // Animation indices, groupsize[0] x groupsize[1], x fastest (numblends = blends.size()).
    std::vector<std::int16_t> blends;
    std::array<std::int32_t, 2> paramindex{-1, -1};
    std::array<float, 2> paramstart{}, paramend{};
    std::int32_t paramparent = 0;
    float fadeintime = 0.2f, fadeouttime = 0.2f;
    std::int32_t localentrynode = 0, localexitnode = 0, nodeflags = 0;
    float entryphase = 0, exitphase = 0, lastframe = 0;
    std::int32_t nextseq = 0, pose = 0;
    std::int32_t numikrules = 0;
    std::vector<MdlAutoLayer> autolayers;
    // Weight list, one per bone; empty = 1.0 for every bone. Identical lists are written once.
    std::vector<float> weights;
    // Pose keys: groupsize[0] keys of axis 0, then groupsize[1] of axis 1 (Valve leaves garbage in
    // the unused tail, kept as read). Empty = posekeyindex 0.
    std::vector<float> poseKeys;
    std::vector<MdlIkLock> iklocks;
    std::string keyValues; // without its NUL; "" = none
    std::int32_t cycleposeindex = 0;
    std::vector<std::string> activityModifiers;
    bool operator==(const MdlSeqDesc&) const = default;
};

// ---- Body parts, models, meshes, flexes --------------------------------------------------------

struct MdlVertAnim {
    std::uint16_t index = 0;
    std::uint8_t speed = 0, side = 0;
    std::array<std::int16_t, 3> delta{}, ndelta{}; // float16 bits
    std::int16_t wrinkledelta = 0;                 // only with vertanimtype 1 (wrinkle)
    bool operator==(const MdlVertAnim&) const = default;
};

struct MdlFlex {
    std::int32_t flexdesc = 0;
    float target0 = 0, target1 = 0, target2 = 0, target3 = 0;
    std::int32_t flexpair = 0;
    std::uint8_t vertanimtype = 0; // 0 normal (16-byte records), 1 wrinkle (18-byte records)
    std::vector<MdlVertAnim> vertanims;
    bool operator==(const MdlFlex&) const = default;
};

struct MdlMesh {
    std::int32_t material = 0; // skin reference column
    std::int32_t numvertices = 0;
    std::int32_t vertexoffset = 0; // vertices of the earlier meshes of its model
    std::vector<MdlFlex> flexes;
    std::int32_t materialtype = 0, materialparam = 0;
    std::int32_t meshid = 0;
    Vec3 center;
    std::array<std::int32_t, 8> numLODVertexes{}; // vertices used by root LOD n and coarser LODs
    std::uint32_t modelvertexdataSlot = 0;        // leftover pointer slot (kept as read)
    bool operator==(const MdlMesh&) const = default;
};

struct MdlEyeball {
    std::string name;
    std::int32_t bone = 0;
    Vec3 org;
    float zoffset = 0, radius = 0;
    Vec3 up, forward;
    std::int32_t texture = 0;
    float iris_scale = 0;
    std::array<std::int32_t, 3> upperflexdesc{}, lowerflexdesc{};
    std::array<float, 3> uppertarget{}, lowertarget{};
    std::int32_t upperlidflexdesc = 0, lowerlidflexdesc = 0;
    std::uint8_t m_bNonFACS = 0;
    bool operator==(const MdlEyeball&) const = default;
};

// mstudiomodel_t. vertexindex and tangentsindex are byte offsets into the .vvd's vertex and
// tangent pools (48 and 16 x the vertices of all earlier models).
struct MdlModel {
    std::string name; // char[64]
    std::int32_t type = 0;
    float boundingradius = 0.0f;
    std::vector<MdlMesh> meshes;
    std::int32_t numvertices = 0;
    std::int32_t vertexindex = 0;
    std::int32_t tangentsindex = 0;
    std::vector<MdlEyeball> eyeballs;
    std::array<std::uint32_t, 2> vertexdataSlots{}; // leftover pointer slots (kept as read)
    bool operator==(const MdlModel&) const = default;
};

struct MdlBodyPart {
    std::string name;
    std::int32_t base = 1; // product of nummodels over the earlier body parts
    std::vector<MdlModel> models;
    bool operator==(const MdlBodyPart&) const = default;
};

struct MdlFlexController {
    std::string type;
    std::string name;
    std::int32_t localToGlobal = -1; // run time
    float min = 0, max = 0;
    bool operator==(const MdlFlexController&) const = default;
};

struct MdlFlexOp {
    std::int32_t op = 0;
    std::int32_t value = 0; // union { int index; float value }: the raw bits
    bool operator==(const MdlFlexOp&) const = default;
};

struct MdlFlexRule {
    std::int32_t flex = 0;
    std::vector<MdlFlexOp> ops;
    bool operator==(const MdlFlexRule&) const = default;
};

// mstudioflexcontrollerui_t; szindex0-2 point at flex controller records, kept here as controller
// indices (-1 = offset 0).
struct MdlFlexControllerUi {
    std::string name;
    std::array<std::int32_t, 3> controllers{-1, -1, -1};
    std::uint8_t remaptype = 0;
    std::uint8_t stereo = 0;
    bool operator==(const MdlFlexControllerUi&) const = default;
};

// ---- IK, pose parameters, includes, textures ---------------------------------------------------

struct MdlIkLink {
    std::int32_t bone = 0;
    Vec3 kneeDir;
    Vec3 unused0;
    bool operator==(const MdlIkLink&) const = default;
};

struct MdlIkChain {
    std::string name;
    std::int32_t linktype = 0;
    std::vector<MdlIkLink> links;
    bool operator==(const MdlIkChain&) const = default;
};

struct MdlMouth {
    std::int32_t bone = 0;
    Vec3 forward;
    std::int32_t flexdesc = 0;
    bool operator==(const MdlMouth&) const = default;
};

struct MdlPoseParameter {
    std::string name;
    std::int32_t flags = 0;
    float start = 0, end = 0, loop = 0;
    bool operator==(const MdlPoseParameter&) const = default;
};

struct MdlIncludeModel {
    std::string label;
    std::string name; // "models/..." path
    bool operator==(const MdlIncludeModel&) const = default;
};

struct MdlAnimBlock {
    std::int32_t datastart = 0, dataend = 0;
    bool operator==(const MdlAnimBlock&) const = default;
};

struct MdlTexture {
    std::string name; // material name, searched for in every cdtexture path
    std::int32_t flags = 0;
    std::int32_t used = 0;
    std::uint32_t materialSlot = 0; // leftover pointer slot (kept as read)
    std::uint32_t clientmaterialSlot = 0;
    bool operator==(const MdlTexture&) const = default;
};

struct MdlSrcBoneTransform {
    std::string name;
    MdlMatrix3x4 pretransform, posttransform;
    bool operator==(const MdlSrcBoneTransform&) const = default;
};

struct MdlBoneFlexDriverControl {
    std::int32_t m_nBoneComponent = 0; // 0/1/2 = translate x/y/z
    std::int32_t m_nFlexControllerIndex = 0;
    float m_flMin = 0, m_flMax = 0;
    bool operator==(const MdlBoneFlexDriverControl&) const = default;
};

struct MdlBoneFlexDriver {
    std::int32_t m_nBoneIndex = 0;
    std::vector<MdlBoneFlexDriverControl> controls;
    bool operator==(const MdlBoneFlexDriver&) const = default;
};

// studiohdr2_t. The linear bone table it points at is a copy of the bone array: the writer
// derives it (when there is more than one bone) and the reader checks it. Valve's v48 files all
// have a header2; without one (version 44), studiohdr2index is 0 and there is no linear table.
struct MdlHeader2 {
    std::vector<MdlSrcBoneTransform> srcbonetransforms;
    std::int32_t illumpositionattachmentindex = 0;
    float flMaxEyeDeflection = 0;    // cos of the angle; 0 = default (cos 30 degrees)
    std::optional<std::string> name; // sznameindex; absent (0) in files of older studiomdl builds
    std::vector<MdlBoneFlexDriver> boneFlexDrivers;
    bool operator==(const MdlHeader2&) const = default;
};

// ---- The file ----------------------------------------------------------------------------------

struct MdlFile {
    std::int32_t version = kMdlVersion; // as read; the writer always writes 48
    std::int32_t checksum = 0;          // same value as the .vvd and .vtx files
    std::string name;                   // char[64]
    std::int32_t length = 0;            // as read; the writer derives it
    Vec3 eyeposition, illumposition;
    Vec3 hull_min, hull_max;
    Vec3 view_bbmin, view_bbmax;
    std::int32_t flags = 0; // STUDIOHDR_FLAGS_*
    std::vector<MdlBone> bones;
    std::vector<MdlBoneController> boneControllers;
    std::vector<MdlHitboxSet> hitboxSets;
    std::vector<MdlAnimDesc> animations; // localanim
    std::vector<MdlSeqDesc> sequences;   // localseq
    std::vector<MdlTexture> textures;
    std::vector<std::string> cdmaterials; // cdtexture paths
    // skin families x skin references: texture index used by each material slot in each skin.
    std::vector<std::vector<std::int16_t>> skinFamilies;
    std::vector<MdlBodyPart> bodyParts;
    std::vector<MdlAttachment> attachments; // localattachment
    std::vector<std::string> localNodeNames;
    std::vector<std::uint8_t> localNodeTransitions; // numlocalnodes^2, [from-1][to-1]
    std::vector<std::string> flexDescs;             // FACS names
    std::vector<MdlFlexController> flexControllers;
    std::vector<MdlFlexRule> flexRules;
    std::vector<MdlIkChain> ikChains;
    std::vector<MdlMouth> mouths;
    std::vector<MdlPoseParameter> poseParameters; // localposeparam
    std::string surfaceprop;
    std::string keyValues;                  // model key values, without the NUL; "" = none
    std::vector<MdlIkLock> ikAutoplayLocks; // localikautoplaylock
    float mass = 1.0f;
    std::int32_t contents = 1;
    std::vector<MdlIncludeModel> includeModels;
    std::string animBlockName; // szanimblocknameindex ("" in every file without .ani blocks)
    std::vector<MdlAnimBlock> animBlocks;
    std::uint8_t constdirectionallightdot = 0;
    std::uint8_t rootLOD = 0;
    std::uint8_t numAllowedRootLODs = 0;
    std::vector<MdlFlexControllerUi> flexControllerUis;
    float flVertAnimFixedPointScale = 0;
    std::optional<MdlHeader2> header2; // studiohdr2index 0 when absent
    bool operator==(const MdlFile&) const = default;
};

// Names of the set STUDIOHDR_FLAGS_* bits (e.g. "STATIC_PROP"), lowest bit first; unknown bits
// appear as hex.
std::vector<std::string> mdlFlagNames(std::int32_t flags);

// Parses a .mdl of version 44 to 49; reports MDL0xx errors naming the record and byte offset and
// returns nothing when the file is damaged. Never reads outside `bytes`.
std::optional<MdlFile> readMdl(std::span<const std::uint8_t> bytes, const std::string& fileName,
                               DiagnosticSink& sink);

// Serialises as version 48, laying out every section in studiomdl's file order (header, header2,
// bones, ..., string pool). Throws std::length_error when the model does not fit the format (an
// offset or count past its field's width, a name longer than its char array, more than 256
// bones) and std::invalid_argument when it contradicts itself (an animation record whose flags
// mix raw and animated data, a weight list that is not one per bone, a blend array that is not
// groupsize[0] x groupsize[1], skin families of different lengths); anything read by readMdl
// that fits is written.
std::vector<std::uint8_t> writeMdl(const MdlFile& file);

} // namespace vtxc
