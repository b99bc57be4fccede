// The .mdl writer on models built from scratch: every section the format has (most of them absent
// from Valve's corpus files) survives write -> read unchanged, the layout rules hold, a version 44
// file (no header2, absolute hitbox name offsets, leftovers in animdesc.unused1) reads and is
// written as 48, and damaged files are refused with the MDL code, the record and the byte offset.
#include "formats/studio/mdl.h"
#include "formats/studio/mdl_codecs.h"
#include "testing/test_support.h"

#include <bit>
#include <cstring>

namespace vtxc::test {
namespace {

MdlAnimValues oneRun(std::uint8_t frames, std::vector<std::int16_t> values) {
    return {MdlAnimValueRun{frames, std::move(values)}};
}

MdlCompressedIkError ikError(std::uint8_t frames) {
    MdlCompressedIkError error;
    error.scale = {0.5f, 0.25f, 0.125f, 0.01f, 0.02f, 0.03f};
    error.values[0] = oneRun(frames, {3});
    error.values[4] = oneRun(frames, {-2, 5});
    return error;
}

MdlBone bone(const std::string& name, std::int32_t parent, std::int32_t flags) {
    MdlBone b;
    b.name = name;
    b.parent = parent;
    b.pos = {1.5f, -2, 0.25f};
    b.rot = {0.1f, 0.2f, 0.3f};
    b.quat = eulerToQuaternion(b.rot);
    b.posscale = {0.004f, 0.004f, 0.004f};
    b.rotscale = {1e-5f, 2e-5f, 3e-5f};
    b.poseToBone.m = {1, 0, 0, -1.5f, 0, 1, 0, 2, 0, 0, 1, -0.25f};
    b.flags = flags;
    b.surfaceprop = "metal";
    return b;
}

void addBones(MdlFile& m) {
    m.bones = {bone("Root", -1, kBoneUsedByVertexLod0 | kBoneHasSaveFramePos),
               bone("arm", 0, kBoneUsedByHitbox | kBoneHasSaveFrameRot), bone("Hand", 1, 0),
               bone("jiggly", 1, 0), bone("aimer", 0, 0)};
    m.bones[1].bonecontroller = {0, -1, -1, -1, -1, -1};
    m.bones[1].procedural = MdlProceduralBone{kProcAxisInterp, MdlAxisInterpBone{1, 2, {}, {}}};
    MdlQuatInterpBone quat;
    quat.control = 3;
    quat.triggers = {{2.0f, {0, 0, 0, 1}, {1, 2, 3}, {0, 1, 0, 0}},
                     {4.0f, {1, 0, 0, 0}, {4, 5, 6}, {0, 0, 1, 0}}};
    m.bones[2].procedural = MdlProceduralBone{kProcQuatInterp, quat};
    MdlJiggleBone jiggle;
    jiggle.flags = 7;
    jiggle.length = 10;
    jiggle.baseForwardFriction = 0.5f;
    jiggle.boingAmplitude = 0.75f;
    m.bones[3].procedural = MdlProceduralBone{kProcJiggle, jiggle};
    m.bones[4].procedural = MdlProceduralBone{kProcAimAtAttachment,
                                              MdlAimAtBone{0, 1, {1, 0, 0}, {0, 0, 1}, {2, 2, 2}}};
    m.boneControllers = {{1, 0x8, -45, 45, 0, 2}};
    MdlAttachment attachment;
    attachment.name = "muzzle";
    attachment.localbone = 2;
    attachment.local.m[3] = 12;
    m.attachments = {attachment};
    MdlHitboxSet set;
    set.name = "default";
    set.hitboxes = {{1, 3, {-1, -1, -1}, {1, 1, 1}, "head"}, {0, 0, {-2, -2, -2}, {2, 2, 2}, ""}};
    m.hitboxSets = {set, MdlHitboxSet{"cheap", {}}};
}

MdlAnimDesc animatedAnimation() {
    MdlAnimDesc anim;
    anim.name = "@walk";
    anim.fps = 24;
    anim.flags = kStudioLooping;
    anim.numframes = 4;
    MdlAnimBone root;
    root.bone = 0;
    root.flags = kAnimRawRot2 | kAnimRawPos;
    root.rawRot64 = packQuaternion64({0, 0, 0.70710678f, 0.70710678f});
    root.rawPos = packVector48({1, 2, 3});
    MdlAnimBone arm;
    arm.bone = 1;
    arm.flags = kAnimAnimRot | kAnimAnimPos;
    arm.rotValues[1] = encodeAnimValues(std::vector<std::int16_t>{0, 10, 20, 20});
    arm.posValues[0] = oneRun(4, {1, 2});
    arm.posValues[2] = oneRun(4, {-7});
    MdlAnimBone hand;
    hand.bone = 2;
    hand.flags = kAnimRawRot;
    hand.rawRot48 = packQuaternion48({0.5f, 0.5f, 0.5f, 0.5f});
    anim.bones = {root, arm, hand};
    MdlIkRule ground;
    ground.type = 3;
    ground.chain = 1;
    ground.height = 20;
    ground.radius = 2.5f;
    ground.compressedError = ikError(4);
    ground.attachment = "muzzle";
    MdlIkRule release;
    release.index = 1;
    release.type = 4;
    anim.ikRules = {ground, release};
    anim.movements = {{3, 0x20, 1, 2, 90, {1, 0, 0}, {10, 0, 0}}};
    MdlLocalHierarchy hierarchy;
    hierarchy.iBone = 2;
    hierarchy.iNewParent = 0;
    hierarchy.end = 1;
    hierarchy.localAnim = ikError(4);
    anim.localHierarchy = {hierarchy};
    anim.zeroframespan = 2;
    anim.zeroframecount = 2;
    anim.zeroFrameData.assign(2 * (6 + 8), 0x5a); // Root saves positions, arm rotations
    return anim;
}

MdlAnimDesc sectionedAnimation() {
    MdlAnimDesc anim;
    anim.name = "long";
    anim.numframes = 5;
    anim.sectionframes = 2; // 5 / 2 + 2 = 4 sections: 3, 3 and 1 frames, then the last frame
    const std::uint8_t frames[] = {3, 3, 1, 1};
    for (std::uint8_t count : frames) {
        MdlAnimSection section;
        MdlAnimBone record;
        record.bone = 1;
        record.flags = kAnimAnimPos;
        record.posValues[1] = oneRun(count, {static_cast<std::int16_t>(count)});
        section.bones = {record};
        anim.sections.push_back(section);
    }
    anim.sections[2].animblock = 2; // one section in an .ani block
    anim.sections[2].animindex = 4096;
    anim.sections[2].bones.clear();
    return anim;
}

void addAnimations(MdlFile& m) {
    MdlAnimDesc still;
    still.name = "@idle";
    MdlAnimDesc external;
    external.name = "far";
    external.numframes = 30;
    external.animblock = 1;
    external.animindex = 512;
    external.numBlockIkRules = 2;
    external.animblockikruleindex = 64;
    m.animations = {still, animatedAnimation(), sectionedAnimation(), external};
    m.animBlockName = "models/test.ani";
    m.animBlocks = {{0, 0}, {2048, 4096}, {4096, 8192}};
}

MdlSeqDesc sequence(const std::string& label, std::vector<float> weights) {
    MdlSeqDesc seq;
    seq.label = label;
    seq.blends = {0};
    seq.weights = std::move(weights);
    return seq;
}

void addSequences(MdlFile& m) {
    MdlSeqDesc idle = sequence("idle", {1, 1, 1, 1, 1});
    idle.activityName = "ACT_IDLE";
    idle.actweight = 1;
    idle.events = {{0.5f, 0, 0x400, "sparks", "AE_CL_PLAYSOUND"}, {0.0f, 5004, 0, "x", ""}};
    idle.autolayers = {{1, -1, 0x10, 0, 0.1f, 0.9f, 1}};
    idle.iklocks = {{0, 1, 0.5f, 0}};
    idle.keyValues = "seqkv { a b }";
    idle.activityModifiers = {"crouch", "armed"};
    idle.bbmin = {-1, -2, -3};
    idle.bbmax = {4, 5, 6};
    MdlSeqDesc walk = sequence("walk", {1, 1, 1, 1, 1}); // shares idle's weight list
    walk.blends = {1};
    MdlSeqDesc aim = sequence("aim", {1, 0.5f, 0, 0, 1});
    aim.groupsize = {2, 2};
    aim.blends = {0, 1, 2, 3};
    aim.paramindex = {0, 1};
    aim.paramstart = {-45, -10};
    aim.paramend = {45, 10};
    aim.poseKeys = {-45, 45, -10, 10};
    aim.numikrules = 2;
    aim.flags = kStudioDelta | kStudioAutoplay;
    m.sequences = {idle, walk, aim};
    m.localNodeNames = {"stand", "crouch"};
    m.localNodeTransitions = {0, 1, 2, 0};
}

MdlModel model(const std::string& name, std::int32_t vertices) {
    MdlModel model;
    model.name = name;
    MdlMesh mesh;
    mesh.numvertices = vertices;
    mesh.numLODVertexes.fill(vertices);
    mesh.meshid = 0;
    model.meshes = {mesh};
    model.numvertices = vertices;
    return model;
}

void addGeometry(MdlFile& m) {
    MdlModel head = model("head.smd", 30);
    MdlFlex flex;
    flex.flexdesc = 1;
    flex.target0 = 0;
    flex.target1 = 1;
    flex.target2 = 1;
    flex.target3 = 1;
    flex.vertanims = {{3, 255, 128, {1, 2, 3}, {4, 5, 6}, 0}, {4, 0, 0, {7, 8, 9}, {0, 0, 0}, 0}};
    MdlFlex wrinkle = flex;
    wrinkle.vertanimtype = 1;
    wrinkle.vertanims[0].wrinkledelta = -300;
    head.meshes[0].flexes = {flex, wrinkle};
    MdlEyeball eye;
    eye.name = "eye_right";
    eye.bone = 2;
    eye.radius = 0.5f;
    eye.upperflexdesc = {1, 2, 3};
    eye.m_bNonFACS = 1;
    head.eyeballs = {eye};
    MdlModel helmet = model("helmet.smd", 12);
    helmet.vertexindex = 30 * 48;
    helmet.tangentsindex = 30 * 16;
    m.bodyParts = {{"head", 1, {head}}, {"hats", 1, {helmet, MdlModel{}}}};
    m.flexDescs = {"AU1", "AU2", "AU3", "AU4"};
    m.flexControllers = {{"eyes", "eyes_updown", -1, -30, 30}, {"phoneme", "aa", -1, 0, 1}};
    m.flexRules = {{1, {{2, 0}, {1, 1}}}, {2, {}}};
    m.flexControllerUis = {{"eyes_updown", {0, -1, -1}, 0, 0}, {"aa", {1, 0, -1}, 2, 1}};
    m.ikChains = {{"lhand", 0, {{1, {0.707f, 0.707f, 0}, {}}, {2, {}, {}}}}};
    m.ikAutoplayLocks = {{0, 0.5f, 0.8f, 0}};
    m.mouths = {{2, {1, 0, 0}, 3}};
    m.poseParameters = {{"aim_yaw", 1, -45, 45, 0}, {"aim_pitch", 0, -10, 10, 360}};
    m.includeModels = {{"", "models/shared.mdl"}, {"gestures", "models/gestures.mdl"}};
}

MdlFile everySectionModel() {
    MdlFile m;
    m.checksum = 123456;
    m.name = "test/every_section.mdl";
    m.eyeposition = {0, 0, 64};
    m.illumposition = {1, 2, 3};
    m.hull_min = {-16, -16, 0};
    m.hull_max = {16, 16, 72};
    m.flags = 0x44;
    m.surfaceprop = "metal";
    m.keyValues = "mdlkeyvalue\n{\nprop_data {\n\"base\" \"Metal.Small\"  }\n}\n";
    m.mass = 12.5f;
    m.contents = 0x4001;
    m.constdirectionallightdot = 200;
    m.numAllowedRootLODs = 2;
    m.flVertAnimFixedPointScale = 1.0f / 4096;
    addBones(m);
    addAnimations(m);
    addSequences(m);
    addGeometry(m);
    m.textures = {{"skin", 0, 0, 0, 0}, {"Skin_Dark", 0, 0, 0, 0}};
    m.cdmaterials = {"models\\test\\", "models\\shared\\"};
    m.skinFamilies = {{0, 1}, {1, 1}};
    MdlHeader2 header2;
    header2.name = m.name;
    header2.flMaxEyeDeflection = 0.5f;
    header2.illumpositionattachmentindex = 1;
    header2.srcbonetransforms = {{"Root", {}, {}}};
    header2.boneFlexDrivers = {{1, {{0, 1, -2, 2}, {2, 0, 0, 1}}}};
    m.header2 = header2;
    return m;
}

std::optional<MdlFile> readBack(const std::vector<std::uint8_t>& bytes, CollectingSink& sink) {
    return readMdl(bytes, "w.mdl", sink);
}

TEST(MdlWriter, EverySectionSurvivesAWriteAndARead) {
    MdlFile m = everySectionModel();
    const auto bytes = writeMdl(m);
    CollectingSink sink;
    const auto back = readBack(bytes, sink);
    ASSERT_TRUE(back) << formatDiagnostic(sink.diagnostics().at(0));
    m.length = static_cast<std::int32_t>(bytes.size());
    // Compared section by section for a readable failure, then as a whole.
    EXPECT_EQ(back->bones, m.bones);
    EXPECT_EQ(back->boneControllers, m.boneControllers);
    EXPECT_EQ(back->attachments, m.attachments);
    EXPECT_EQ(back->hitboxSets, m.hitboxSets);
    EXPECT_EQ(back->animations, m.animations);
    EXPECT_EQ(back->sequences, m.sequences);
    EXPECT_EQ(back->bodyParts, m.bodyParts);
    EXPECT_EQ(back->flexControllerUis, m.flexControllerUis);
    EXPECT_EQ(back->header2, m.header2);
    EXPECT_TRUE(*back == m);
    EXPECT_EQ(bytes.size() % 4, 0u);
    // Writing what was read gives the same bytes.
    EXPECT_EQ(writeMdl(*back), bytes);
}

std::int32_t i32At(const std::vector<std::uint8_t>& bytes, std::size_t at) {
    std::int32_t value = 0;
    std::memcpy(&value, bytes.data() + at, 4);
    return value;
}

void putI32(std::vector<std::uint8_t>& bytes, std::size_t at, std::int32_t value) {
    std::memcpy(bytes.data() + at, &value, 4);
}

// A model without bones: every sequence's weight list is empty, and the writer's sharing of equal
// lists must compare them without handing memcmp the null data of an empty vector (found by
// fuzzing; UBSan reports it).
TEST(MdlWriter, SequencesOfABonelessModelWriteAndReadBack) {
    MdlFile m;
    MdlAnimDesc anim;
    anim.name = "@one";
    m.animations = {anim};
    m.sequences = {sequence("one", {}), sequence("two", {})};
    CollectingSink sink;
    const auto back = readBack(writeMdl(m), sink);
    ASSERT_TRUE(back) << sink.errorCount();
    EXPECT_EQ(back->sequences, m.sequences);
}

// Sections of INT_MAX frames: a section then holds all frames, and reading its frame count
// (the section's frames plus the next) must not overflow 32 bits (found by fuzzing; UBSan
// reports it).
TEST(MdlReader, ReadsSectionsAsLongAsAnInt) {
    MdlFile m = everySectionModel();
    MdlAnimDesc& anim = m.animations[2];
    anim.numframes = 1;
    anim.sectionframes = std::numeric_limits<std::int32_t>::max(); // 1 / max + 2 = 2 sections
    anim.sections.resize(2);
    for (MdlAnimSection& section : anim.sections) {
        section = {};
        MdlAnimBone record;
        record.bone = 1;
        record.flags = kAnimAnimPos;
        record.posValues[1] = oneRun(1, {7});
        section.bones = {record};
    }
    const auto bytes = writeMdl(m);
    CollectingSink sink;
    const auto back = readBack(bytes, sink);
    ASSERT_TRUE(back) << formatDiagnostic(sink.diagnostics().at(0));
    EXPECT_EQ(back->animations[2], anim);
}

TEST(MdlWriter, LaysOutBySizesAlignmentAndSharing) {
    const MdlFile m = everySectionModel();
    const auto bytes = writeMdl(m);
    EXPECT_EQ(i32At(bytes, 76), static_cast<std::int32_t>(bytes.size()));
    EXPECT_EQ(i32At(bytes, 400), 408); // header2 right after the header
    EXPECT_EQ(i32At(bytes, 160), 664); // bones right after header2
    // Procedural data follows the bone array, then the controllers.
    const std::int32_t firstProc = 664 + 216 + i32At(bytes, 664 + 216 + 168);
    EXPECT_EQ(firstProc, 664 + 5 * 216);
    EXPECT_EQ(i32At(bytes, 168), firstProc + 176 + 12 + 2 * 48 + 140 + 44);
    // Animation data starts 16-aligned; the animdescs point back at the header.
    const std::int32_t anims = i32At(bytes, 184);
    for (int i = 0; i < 3; ++i) {
        const std::int32_t desc = anims + 100 * i;
        EXPECT_EQ(i32At(bytes, static_cast<std::size_t>(desc)), -desc);
        if (i < 2) {
            EXPECT_EQ((desc + i32At(bytes, static_cast<std::size_t>(desc + 56))) % 16, 0);
        }
    }
    // The empty "bone 255" block of @idle.
    const std::int32_t idleData = anims + i32At(bytes, static_cast<std::size_t>(anims + 56));
    EXPECT_EQ(i32At(bytes, static_cast<std::size_t>(idleData)), 255);
    // idle and walk share one weight list; aim has its own.
    const std::int32_t seqs = i32At(bytes, 192);
    auto weightList = [&](int s) {
        const std::int32_t desc = seqs + 212 * s;
        return desc + i32At(bytes, static_cast<std::size_t>(desc + 156));
    };
    EXPECT_EQ(weightList(0), weightList(1));
    EXPECT_NE(weightList(0), weightList(2));
    // The string pool is last, starts with the anim block name and stores "metal" once.
    const std::int32_t pool = i32At(bytes, 348);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes.data() + pool)), "models/test.ani");
    const std::string tail(bytes.begin() + pool, bytes.end());
    EXPECT_EQ(tail.find("metal"), tail.rfind("metal"));
}

// A file of version 44: no header2 (bones at 408, no linear bone table), hitbox names counted
// from the start of the file, animdesc.unused1 holding floats.
std::vector<std::uint8_t> version44File(const MdlFile& source) {
    MdlFile m = source;
    m.header2.reset();
    auto bytes = writeMdl(m);
    putI32(bytes, 4, 44);
    const std::int32_t set = i32At(bytes, 176);
    const std::int32_t boxes = set + i32At(bytes, static_cast<std::size_t>(set + 8));
    for (std::int32_t box = 0; box < i32At(bytes, static_cast<std::size_t>(set + 4)); ++box) {
        const auto at = static_cast<std::size_t>(boxes + 68 * box);
        putI32(bytes, at + 32, static_cast<std::int32_t>(at) + i32At(bytes, at + 32));
    }
    const auto anims = static_cast<std::size_t>(i32At(bytes, 184));
    for (std::size_t k = 0; k < 6; ++k) {
        const float leftover = 0.25f * static_cast<float>(k + 1);
        std::memcpy(bytes.data() + anims + 28 + 4 * k, &leftover, 4);
    }
    return bytes;
}

TEST(MdlReader, ReadsVersion44AndWritesItAs48) {
    const MdlFile source = everySectionModel();
    const auto v44 = version44File(source);
    EXPECT_EQ(i32At(v44, 160), 408); // bones right after the header
    CollectingSink sink;
    const auto read = readMdl(v44, "old.mdl", sink);
    ASSERT_TRUE(read) << formatDiagnostic(sink.diagnostics().at(0));
    EXPECT_EQ(read->version, 44);
    EXPECT_FALSE(read->header2);
    EXPECT_EQ(read->hitboxSets[0].hitboxes[0].name, "head");
    EXPECT_EQ(read->hitboxSets[0].hitboxes[1].name, "");
    EXPECT_EQ(read->bones, source.bones);
    EXPECT_EQ(read->animations, source.animations);
    EXPECT_EQ(read->sequences, source.sequences);
    const auto v48 = writeMdl(*read);
    EXPECT_EQ(i32At(v48, 4), 48);
    const auto again = readMdl(v48, "new.mdl", sink);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->hitboxSets, read->hitboxSets);
    EXPECT_EQ(writeMdl(*again), v48);
}

TEST(MdlWriter, RefusesModelsThatContradictThemselvesOrDoNotFit) {
    MdlFile m = everySectionModel();
    m.animations[1].bones[1].flags |= kAnimRawPos; // raw and animated in one record
    EXPECT_THROW(writeMdl(m), std::invalid_argument);
    m = everySectionModel();
    m.sequences[0].weights.pop_back();
    EXPECT_THROW(writeMdl(m), std::invalid_argument);
    m = everySectionModel();
    m.sequences[2].blends.pop_back();
    EXPECT_THROW(writeMdl(m), std::invalid_argument);
    m = everySectionModel();
    m.name = std::string(65, 'x');
    EXPECT_THROW(writeMdl(m), std::length_error);
    m.name = std::string(64, 'x'); // fills char[64] without a NUL, as a file may
    const auto bytes = writeMdl(m);
    CollectingSink sink;
    EXPECT_EQ(readMdl(bytes, "n.mdl", sink)->name, m.name);
    m = everySectionModel();
    MdlAnimValues huge(200, MdlAnimValueRun{1, std::vector<std::int16_t>(100, 1)});
    m.animations[1].bones[1].posValues[1] = huge; // 40 KB of values behind 16-bit offsets
    EXPECT_THROW(writeMdl(m), std::length_error);
}

// ---- damaged files -----------------------------------------------------------------------------

struct Damage {
    const char* what;
    std::string code;
    std::string message; // a part of the expected message
};

Diagnostic readDamaged(const std::vector<std::uint8_t>& bytes) {
    CollectingSink sink;
    EXPECT_FALSE(readMdl(bytes, "bad.mdl", sink));
    EXPECT_FALSE(sink.errors().empty());
    return sink.errors().empty() ? Diagnostic{} : sink.errors().front();
}

void expectError(const Diagnostic& d, const std::string& code, const std::string& part) {
    EXPECT_EQ(d.code, code) << d.message;
    EXPECT_EQ(d.location.file, "bad.mdl");
    EXPECT_NE(d.message.find(part), std::string::npos) << d.message;
    EXPECT_EQ(formatDiagnostic(d).rfind("bad.mdl: error[" + code + "]: ", 0), 0u);
}

TEST(MdlReader, RefusesABoneWhoseParentComesAfterIt) {
    auto bytes = writeMdl(everySectionModel());
    putI32(bytes, 664 + 216 + 4, 3); // bone 1's parent
    expectError(readDamaged(bytes), "MDL007",
                "mstudiobone_t 1 at byte 880: parent 3 is not -1 or an earlier bone");
}

std::size_t recordOfBone(const std::vector<std::uint8_t>& bytes, int anim, int bone) {
    const auto desc = static_cast<std::size_t>(i32At(bytes, 184) + 100 * anim);
    std::size_t at = desc + static_cast<std::size_t>(i32At(bytes, desc + 56));
    while (bytes[at] != bone) {
        std::int16_t next = 0;
        std::memcpy(&next, bytes.data() + at + 2, 2);
        at += static_cast<std::size_t>(next);
    }
    return at;
}

TEST(MdlReader, RefusesAnimationRecordsOutOfBoneOrder) {
    auto bytes = writeMdl(everySectionModel());
    const std::size_t at = recordOfBone(bytes, 1, 2);
    bytes[at] = 1; // bone 2's record now says bone 1 again
    expectError(readDamaged(bytes), "MDL007",
                "mstudioanim_t at byte " + std::to_string(at) +
                    ": bone 1 does not follow bone 1 (records go in ascending bone order)");
}

TEST(MdlReader, RefusesARecordThatMixesRawAndAnimatedChannels) {
    auto bytes = writeMdl(everySectionModel());
    const std::size_t at = recordOfBone(bytes, 1, 1);
    bytes[at + 1] |= kAnimRawPos;
    expectError(readDamaged(bytes), "MDL007", "mix raw and animated channels");
}

TEST(MdlReader, RefusesAnRleRunOfNoFrames) {
    auto bytes = writeMdl(everySectionModel());
    const std::size_t at = recordOfBone(bytes, 1, 1);
    // The rotation value pointer's y offset leads to the first run of the channel.
    std::int16_t offset = 0;
    std::memcpy(&offset, bytes.data() + at + 4 + 2, 2);
    const std::size_t run = at + 4 + static_cast<std::size_t>(offset);
    bytes[run + 1] = 0; // total
    expectError(readDamaged(bytes), "MDL007",
                "mstudioanimvalue_t at byte " + std::to_string(run) + ": RLE run with");
}

// ---- compressed IK errors: the frames of their rule
// ----------------------------------------------

MdlCompressedIkError ikErrorOfFrames(std::uint8_t frames) {
    MdlCompressedIkError error;
    error.scale = {0.5f, 0.25f, 0.125f, 0.01f, 0.02f, 0.03f};
    for (std::size_t c = 0; c < 6; ++c) {
        std::vector<std::int16_t> values(frames);
        for (std::size_t k = 0; k < values.size(); ++k)
            values[k] = static_cast<std::int16_t>(100 * c + 7 * k);
        error.values[c] = encodeAnimValues(values);
    }
    return error;
}

// The walking animation (4 frames) with a rule from frame 2 whose error covers 4 frames (a rule
// that wraps past the last frame keeps more) and a rule from frame 0 whose error covers 1 (a rule
// that ends early keeps fewer), as Valve's files have them.
MdlFile modelWithIkErrorsOfTheirRules() {
    MdlFile m = everySectionModel();
    MdlAnimDesc& walk = m.animations[1];
    walk.ikRules[0].iStart = 2;
    walk.ikRules[0].compressedError = ikErrorOfFrames(4);
    walk.ikRules[1].compressedError = ikErrorOfFrames(1);
    return m;
}

// The compressed error of IK rule `rule` of animation `anim`.
std::size_t ikErrorAt(const std::vector<std::uint8_t>& bytes, int anim, int rule) {
    const auto desc = static_cast<std::size_t>(i32At(bytes, 184) + 100 * anim);
    const std::size_t ruleAt = desc + static_cast<std::size_t>(i32At(bytes, desc + 64)) +
                               152 * static_cast<std::size_t>(rule);
    return ruleAt + static_cast<std::size_t>(i32At(bytes, ruleAt + 60));
}

std::size_t ikChannelAt(const std::vector<std::uint8_t>& bytes, std::size_t error, int channel) {
    std::int16_t offset = 0;
    std::memcpy(&offset, bytes.data() + error + 24 + 2 * channel, 2);
    return error + static_cast<std::size_t>(offset);
}

TEST(MdlReader, IkErrorsCoverTheFramesOfTheirRuleNotOfTheAnimation) {
    const MdlFile m = modelWithIkErrorsOfTheirRules();
    const auto bytes = writeMdl(m);
    CollectingSink sink;
    const auto back = readBack(bytes, sink);
    ASSERT_TRUE(back) << formatDiagnostic(sink.diagnostics().at(0));
    EXPECT_EQ(back->animations[1].ikRules, m.animations[1].ikRules);
    EXPECT_EQ(writeMdl(*back), bytes);
}

TEST(MdlReader, RefusesAnIkErrorRunOfNoValues) {
    auto bytes = writeMdl(modelWithIkErrorsOfTheirRules());
    const std::size_t run = ikChannelAt(bytes, ikErrorAt(bytes, 1, 0), 0);
    bytes[run] = 0; // valid
    expectError(readDamaged(bytes), "MDL007",
                "mstudiocompressedikerror_t values at byte " + std::to_string(run) +
                    ": RLE run with 0 values for");
}

TEST(MdlReader, RefusesAnIkErrorChannelThatRunsIntoTheNext) {
    auto bytes = writeMdl(modelWithIkErrorsOfTheirRules());
    const std::size_t error = ikErrorAt(bytes, 1, 1);
    const std::size_t run = ikChannelAt(bytes, error, 0);
    bytes[run] = 2; // two values where one run of one value fills the channel
    expectError(readDamaged(bytes), "MDL007",
                "mstudiocompressedikerror_t values at byte " + std::to_string(run) +
                    ": RLE run of 2 values passes byte " +
                    std::to_string(ikChannelAt(bytes, error, 1)) +
                    " where the next channel starts");
}

// Channels laid out out of order do not say their frames, so the rule's (2 here) are read; the
// first channel's runs cover 3, and written back in order they say 3: the later channels must
// have been read over 3 as well, or the file read back holds other runs than were written.
TEST(MdlReader, IkErrorChannelsOutOfOrderReadBackTheRunsTheyWrite) {
    MdlFile m = modelWithIkErrorsOfTheirRules();
    MdlCompressedIkError error;
    error.values[0] = {MdlAnimValueRun{1, {1}}, MdlAnimValueRun{1, {2}}, MdlAnimValueRun{1, {3}}};
    error.values[1] = oneRun(3, {5});
    m.animations[1].ikRules[0].compressedError = error;
    auto bytes = writeMdl(m);
    const std::size_t errorAt = ikErrorAt(bytes, 1, 0);
    std::swap(bytes[errorAt + 24], bytes[errorAt + 26]); // channel 0 now after channel 1
    std::swap(bytes[errorAt + 25], bytes[errorAt + 27]);
    CollectingSink sink;
    const auto swapped = readBack(bytes, sink);
    ASSERT_TRUE(swapped) << formatDiagnostic(sink.diagnostics().at(0));
    const MdlCompressedIkError& read = *swapped->animations[1].ikRules[0].compressedError;
    EXPECT_EQ(read.values[0], error.values[1]);
    EXPECT_EQ(read.values[1], error.values[0]);
    const auto written = writeMdl(*swapped);
    const auto back = readBack(written, sink);
    ASSERT_TRUE(back) << formatDiagnostic(sink.diagnostics().at(0));
    EXPECT_EQ(back->animations[1].ikRules, swapped->animations[1].ikRules);
    EXPECT_EQ(writeMdl(*back), written);
}

// ---- where Valve's studiomdl puts what ----------------------------------------------------------

TEST(MdlWriter, PutsIkAttachmentNamesAfterTheirErrorAndMovementsAfterAllAnimations) {
    const auto bytes = writeMdl(everySectionModel());
    // The walking animation's ground rule names "muzzle": the name follows the rule's error.
    const auto desc = static_cast<std::size_t>(i32At(bytes, 184) + 100);
    const std::size_t rule = desc + static_cast<std::size_t>(i32At(bytes, desc + 64));
    const std::size_t error = ikErrorAt(bytes, 1, 0);
    const std::size_t name = rule + static_cast<std::size_t>(i32At(bytes, rule + 120));
    EXPECT_EQ(name, ikChannelAt(bytes, error, 4) + 2 + 2 * 2); // channel 4: one run of 2 values
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes.data() + name)), "muzzle");
    // Its one movement comes after the data of every animation, right before the sequences.
    const std::size_t movement = desc + static_cast<std::size_t>(i32At(bytes, desc + 24));
    EXPECT_EQ(movement + 44, static_cast<std::size_t>(i32At(bytes, 192)));
    const auto last = static_cast<std::size_t>(i32At(bytes, 184) + 100 * 2);
    EXPECT_GT(movement, last + static_cast<std::size_t>(i32At(bytes, last + 80)));
}

TEST(MdlWriter, StartsOnlyTheFirstSectionOfAnAnimation16Aligned) {
    const auto bytes = writeMdl(everySectionModel());
    const auto desc = static_cast<std::size_t>(i32At(bytes, 184) + 100 * 2);
    const std::size_t table = desc + static_cast<std::size_t>(i32At(bytes, desc + 80));
    auto section = [&](int s) {
        return desc + static_cast<std::size_t>(i32At(bytes, table + 8 * s + 4));
    };
    // The table at the cursor, the first section 16-aligned after it, the second right after the
    // first's record (14 bytes), its 4-byte trailer and 4-alignment.
    EXPECT_EQ(section(0), (table + 4 * 8 + 15) / 16 * 16);
    EXPECT_EQ(section(1), section(0) + 20);
}

// ---- sequences as Valve's animation libraries hold them
// ------------------------------------------

// $declaresequence placeholders have no blend grid (groupsize 0 x 0); layers of one-frame
// sequences hold NaN cycles (0xffc00000). Both read and write back bit for bit.
TEST(MdlReader, ReadsSequencesWithoutABlendGridAndLayersWithNaNCycles) {
    MdlFile m = everySectionModel();
    MdlSeqDesc declared = sequence("declared", {1, 1, 1, 1, 1});
    declared.groupsize = {0, 0};
    declared.blends.clear();
    m.sequences.push_back(declared);
    const float nan = std::bit_cast<float>(0xffc00000u);
    m.sequences[0].autolayers[0] = {1, 0, 0, nan, nan, nan, nan};
    const auto bytes = writeMdl(m);
    CollectingSink sink;
    const auto back = readBack(bytes, sink);
    ASSERT_TRUE(back) << formatDiagnostic(sink.diagnostics().at(0));
    EXPECT_EQ(back->sequences, m.sequences);
    EXPECT_EQ(writeMdl(*back), bytes);
    MdlAutoLayer other = m.sequences[0].autolayers[0];
    other.peak = std::bit_cast<float>(0x7fc00000u); // another NaN: another layer
    EXPECT_NE(other, m.sequences[0].autolayers[0]);
    // A blend count the empty grid does not have is still refused.
    auto damaged = bytes;
    putI32(damaged, static_cast<std::size_t>(i32At(bytes, 192) + 212 * 3 + 56), 1);
    expectError(readDamaged(damaged), "MDL007", "numblends 1 is not groupsize 0 x 0");
}

TEST(MdlReader, RefusesALinearBoneTableThatDisagreesWithTheBones) {
    auto bytes = writeMdl(everySectionModel());
    const auto linear = static_cast<std::size_t>(408 + i32At(bytes, 408 + 16));
    const auto pos = linear + static_cast<std::size_t>(i32At(bytes, linear + 12));
    bytes[pos + 12 + 3] ^= 0x40; // bone 1's pos.x
    expectError(readDamaged(bytes), "MDL007",
                "mstudiolinearbone_t pos at byte " + std::to_string(pos + 12) +
                    ": bone 1 differs from the bone array");
}

TEST(MdlReader, RefusesAFlexControllerUiThatPointsBetweenControllers) {
    auto bytes = writeMdl(everySectionModel());
    const auto ui = static_cast<std::size_t>(i32At(bytes, 388));
    putI32(bytes, ui + 4, i32At(bytes, ui + 4) + 2);
    expectError(readDamaged(bytes), "MDL007",
                "mstudioflexcontrollerui_t at byte " + std::to_string(ui) + ": controller offset");
}

TEST(MdlReader, RefusesABlendCountThatIsNotTheGroupSize) {
    auto bytes = writeMdl(everySectionModel());
    const auto seq = static_cast<std::size_t>(i32At(bytes, 192) + 2 * 212);
    putI32(bytes, seq + 56, 5);
    expectError(readDamaged(bytes), "MDL007", "numblends 5 is not groupsize 2 x 2");
}

TEST(MdlReader, HostileCountsAreRefusedWithoutReadingOrAllocatingThem) {
    const auto good = writeMdl(everySectionModel());
    struct Field {
        std::size_t at;
        std::int32_t value;
        std::string code;
        std::string part;
    };
    const Field fields[] = {
        {156, 0x7fffffff, "MDL004", "mstudiobone_t at byte 664 needs 2147483647 x 216 bytes"},
        {180, -3, "MDL005", "mstudioanimdesc_t count -3"},
        {188, 1 << 30, "MDL004", "mstudioseqdesc_t"},
        {224, 100000, "MDL005", "numskinfamilies at byte 224 is 100000"},
        {160, -8, "MDL003", "mstudiobone_t offset -8 points before the start of the file"},
        {232, 60000000, "MDL004", "mstudiobodyparts_t"},
    };
    for (const Field& f : fields) {
        auto bytes = good;
        putI32(bytes, f.at, f.value);
        SCOPED_TRACE(f.part);
        expectError(readDamaged(bytes), f.code, f.part);
    }
}

// The records of many animations all pointing at one long RLE chain: the reader's budget stops
// the repetition (MDL006) instead of decoding the same bytes again and again.
TEST(MdlReader, AliasedAnimationDataIsRefused) {
    MdlFile m = everySectionModel();
    MdlAnimBone record;
    record.bone = 1;
    record.flags = kAnimAnimPos;
    std::vector<std::int16_t> frames(2000);
    for (std::size_t i = 0; i < frames.size(); ++i)
        frames[i] = static_cast<std::int16_t>(i);
    record.posValues[0] = encodeAnimValues(frames);
    MdlAnimDesc anim;
    anim.name = "big";
    anim.numframes = 2000;
    anim.bones = {record};
    m.animations = {anim};
    for (MdlSeqDesc& seq : m.sequences)
        std::fill(seq.blends.begin(), seq.blends.end(), 0);
    auto bytes = writeMdl(m);
    // 3000 animdescs, all copies of the first: each would decode the same 4000-byte chain.
    const auto desc = static_cast<std::size_t>(i32At(bytes, 184));
    std::vector<std::uint8_t> copy(bytes.begin() + static_cast<std::ptrdiff_t>(desc),
                                   bytes.begin() + static_cast<std::ptrdiff_t>(desc + 100));
    const std::size_t tableAt = bytes.size();
    for (int i = 0; i < 3000; ++i) {
        auto entry = copy;
        const std::int32_t shift = static_cast<std::int32_t>(tableAt + 100 * i - desc);
        for (std::size_t field : {4u, 56u}) { // name and data, relative to the record
            std::int32_t value = 0;
            std::memcpy(&value, entry.data() + field, 4);
            value -= shift;
            std::memcpy(entry.data() + field, &value, 4);
        }
        bytes.insert(bytes.end(), entry.begin(), entry.end());
    }
    putI32(bytes, 76, static_cast<std::int32_t>(bytes.size()));
    putI32(bytes, 180, 3000);
    putI32(bytes, 184, static_cast<std::int32_t>(tableAt));
    expectError(readDamaged(bytes), "MDL006", "far more data than the file holds");
}

} // namespace
} // namespace vtxc::test
