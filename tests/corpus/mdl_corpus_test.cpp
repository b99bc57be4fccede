// The .mdl reader, writer and frame decoder against Valve's compiled files: section offsets of
// w_grenade, the per-model figures of the whole corpus, bind rotations, the RLE channels of
// bunker_gun01 @activate, the reference RLE encoder on every channel, sequence boxes recomputed
// from decoded frames, and a writer given a model without Valve's leftovers.
#include "formats/studio/mdl.h"
#include "formats/studio/mdl_codecs.h"
#include "formats/studio/vvd.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace vtxc::test {
namespace {

std::vector<std::uint8_t> corpusBytes(const std::string& relative) {
    const std::string text = readText(corpusDir() / relative);
    return {text.begin(), text.end()};
}

MdlFile readCorpusMdl(const std::string& relative) {
    CollectingSink sink;
    auto file = readMdl(corpusBytes(relative), relative, sink);
    EXPECT_TRUE(file) << (sink.diagnostics().empty() ? ""
                                                     : formatDiagnostic(sink.diagnostics()[0]));
    return file ? std::move(*file) : MdlFile{};
}

std::int32_t i32At(const std::vector<std::uint8_t>& bytes, std::size_t at) {
    std::int32_t value = 0;
    std::memcpy(&value, bytes.data() + at, 4);
    return value;
}

std::int16_t i16At(const std::vector<std::uint8_t>& bytes, std::size_t at) {
    std::int16_t value = 0;
    std::memcpy(&value, bytes.data() + at, 2);
    return value;
}

// Section offsets of w_grenade.mdl as Valve's studiomdl laid it out, read from what our writer
// produces for the model read from that file.
TEST(MdlCorpus, WGrenadeSectionsLieWhereStudiomdlPutsThem) {
    VTXC_REQUIRE_CORPUS();
    const MdlFile grenade = readCorpusMdl("w_grenade/w_grenade.mdl");
    const auto w = writeMdl(grenade);
    ASSERT_EQ(w.size(), 2896u);
    EXPECT_EQ(i32At(w, 76), 2896);              // length
    EXPECT_EQ(i32At(w, 400), 408);              // studiohdr2index
    EXPECT_EQ(i32At(w, 160), 664);              // boneindex (3 bones)
    EXPECT_EQ(i32At(w, 168), 1312);             // bonecontrollerindex: the cursor, no controllers
    EXPECT_EQ(i32At(w, 244), 1312);             // localattachmentindex
    EXPECT_EQ(i32At(w, 176), 1404);             // hitboxsetindex
    EXPECT_EQ(1404 + i32At(w, 1404 + 8), 1416); // the set's hitboxes
    EXPECT_EQ(i32At(w, 364), 1552);             // bonetablebynameindex
    EXPECT_EQ(std::vector<std::uint8_t>(w.begin() + 1552, w.begin() + 1555),
              (std::vector<std::uint8_t>{2, 0, 1})); // "fuse" sorts first, ignoring case
    EXPECT_EQ(i32At(w, 184), 1556);                  // localanimindex
    EXPECT_EQ(i32At(w, 1556), -1556);                // baseptr
    EXPECT_EQ(1556 + i32At(w, 1556 + 56), 1664);     // animation data, 16-aligned
    EXPECT_EQ(i32At(w, 192), 1688);                  // localseqindex
    EXPECT_EQ(i32At(w, 1688), -1688);
    EXPECT_EQ(1688 + i32At(w, 1688 + 156), 1900); // weight list
    EXPECT_EQ(1688 + i32At(w, 1688 + 60), 1912);  // blend array
    EXPECT_EQ(1688 + i32At(w, 1688 + 28), 1900);  // events: cursor at the weight list
    EXPECT_EQ(1688 + i32At(w, 1688 + 168), 1912); // IK locks: cursor at the blend array
    EXPECT_EQ(1688 + i32At(w, 1688 + 172), 1916); // key values after the blend's pad
    EXPECT_EQ(i32At(w, 236), 1916);               // bodypartindex
    EXPECT_EQ(1916 + i32At(w, 1916 + 12), 1932);  // models
    EXPECT_EQ(1932 + i32At(w, 1932 + 76), 2080);  // meshes
    EXPECT_EQ(2080 + i32At(w, 2080 + 4), 1932);   // mesh -> model
    EXPECT_EQ(i32At(w, 208), 2196);               // textureindex
    EXPECT_EQ(i32At(w, 216), 2260);               // cdtextureindex
    EXPECT_EQ(i32At(w, 228), 2264);               // skinindex
    EXPECT_EQ(408 + i32At(w, 408 + 16), 2268);    // linear bones
    EXPECT_EQ(i32At(w, 408 + 4), 2268);           // srcbonetransformindex: the cursor
    EXPECT_EQ(i32At(w, 348), 2740);               // the pool starts with the anim block name ""
    const std::vector<std::int32_t> linearHead = {3, 64, 76, 88, 124, 172, 208, 352, 388, 424};
    for (std::size_t k = 0; k < linearHead.size(); ++k)
        EXPECT_EQ(i32At(w, 2268 + 4 * k), linearHead[k]) << k;
    EXPECT_EQ(w == corpusBytes("w_grenade/w_grenade.mdl"), true);
}

// The figures of every corpus model: bytes, bones, attachments, hitbox sets/boxes, animations
// (total frames), sequences (blended ones), pose parameters, textures/cdtextures, skins, LODs,
// include models, IK chains/autoplay locks, flex controllers, key value bytes, flags.
struct Figures {
    const char* path;
    std::size_t bytes, bones, attachments, sets, boxes, anims, frames, seqs, blended, poses,
        textures, cdtextures, skinref, families, lods, includes, ikchains, iklocks, flexctl, kv;
    std::int32_t flags;
};

const Figures kFigures[] = {
    {"bunker_gun01/bunker_gun01.mdl",
     15044,
     10,
     7,
     1,
     4,
     24,
     103,
     6,
     1,
     2,
     1,
     1,
     1,
     1,
     5,
     0,
     0,
     0,
     0,
     67,
     0x801},
    {"chamberdoor_frame/chamberdoor_frame.mdl",
     1728,
     1,
     0,
     1,
     1,
     1,
     1,
     1,
     0,
     0,
     1,
     1,
     1,
     1,
     2,
     0,
     0,
     0,
     0,
     0,
     0x11},
    {"combine_super_soldier_choreo/combine_super_soldier_choreo.mdl",
     32768,
     56,
     5,
     1,
     18,
     18,
     118,
     7,
     6,
     6,
     1,
     1,
     1,
     1,
     6,
     3,
     4,
     6,
     10,
     116,
     0x44},
    {"holo_cube/cube.mdl", 1712, 1, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0x0},
    {"tree_pine04/tree_pine04.mdl",
     1828,
     1,
     0,
     1,
     1,
     1,
     1,
     1,
     0,
     0,
     2,
     1,
     2,
     2,
     4,
     0,
     0,
     0,
     0,
     0,
     0x40011},
    {"w_grenade/w_grenade.mdl", 2896, 3, 1, 1, 2, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0x1},
};

std::size_t lodCount(const MdlMesh& mesh) {
    std::size_t lods = 1;
    while (lods < 8 && mesh.numLODVertexes[lods] != mesh.numLODVertexes[lods - 1])
        ++lods;
    return lods;
}

TEST(MdlCorpus, EveryModelHasTheFiguresOfTheCorpusTable) {
    VTXC_REQUIRE_CORPUS();
    for (const Figures& e : kFigures) {
        SCOPED_TRACE(e.path);
        const MdlFile m = readCorpusMdl(e.path);
        EXPECT_EQ(static_cast<std::size_t>(m.length), e.bytes);
        EXPECT_EQ(m.bones.size(), e.bones);
        EXPECT_EQ(m.attachments.size(), e.attachments);
        ASSERT_EQ(m.hitboxSets.size(), e.sets);
        EXPECT_EQ(m.hitboxSets[0].name, "default");
        EXPECT_EQ(m.hitboxSets[0].hitboxes.size(), e.boxes);
        EXPECT_EQ(m.animations.size(), e.anims);
        std::size_t frames = 0;
        for (const MdlAnimDesc& anim : m.animations)
            frames += static_cast<std::size_t>(anim.numframes);
        EXPECT_EQ(frames, e.frames);
        EXPECT_EQ(m.sequences.size(), e.seqs);
        EXPECT_EQ(std::count_if(m.sequences.begin(), m.sequences.end(),
                                [](const MdlSeqDesc& s) { return s.blends.size() > 1; }),
                  static_cast<std::ptrdiff_t>(e.blended));
        EXPECT_EQ(m.poseParameters.size(), e.poses);
        EXPECT_EQ(m.textures.size(), e.textures);
        EXPECT_EQ(m.cdmaterials.size(), e.cdtextures);
        ASSERT_EQ(m.skinFamilies.size(), e.families);
        EXPECT_EQ(m.skinFamilies[0].size(), e.skinref);
        EXPECT_EQ(lodCount(m.bodyParts.at(0).models.at(0).meshes.at(0)), e.lods);
        EXPECT_EQ(m.includeModels.size(), e.includes);
        EXPECT_EQ(m.ikChains.size(), e.ikchains);
        EXPECT_EQ(m.ikAutoplayLocks.size(), e.iklocks);
        EXPECT_EQ(m.flexControllers.size(), e.flexctl);
        EXPECT_EQ(m.keyValues.empty() ? 0 : m.keyValues.size() + 1, e.kv);
        EXPECT_EQ(m.flags, e.flags);
    }
}

TEST(MdlCorpus, SoldierDetailsReadAsStudiomdlWroteThem) {
    VTXC_REQUIRE_CORPUS();
    const MdlFile s =
        readCorpusMdl("combine_super_soldier_choreo/combine_super_soldier_choreo.mdl");
    ASSERT_EQ(s.flexControllers.size(), 10u);
    EXPECT_EQ(s.flexControllers[0].name, "head_rightleft");
    EXPECT_EQ(s.flexControllers[0].type, "head");
    EXPECT_EQ(s.flexControllers[0].localToGlobal, -1);
    EXPECT_FLOAT_EQ(s.flexControllers[0].min, -30);
    EXPECT_FLOAT_EQ(s.flexControllers[0].max, 30);
    ASSERT_EQ(s.flexControllerUis.size(), 10u);
    for (std::size_t i = 0; i < 10; ++i) {
        EXPECT_EQ(s.flexControllerUis[i].name, s.flexControllers[i].name);
        EXPECT_EQ(s.flexControllerUis[i].controllers,
                  (std::array<std::int32_t, 3>{static_cast<std::int32_t>(i), -1, -1}));
    }
    ASSERT_EQ(s.ikChains.size(), 4u);
    EXPECT_EQ(s.ikChains[0].name, "rhand");
    EXPECT_EQ(s.ikChains[3].name, "lfoot");
    ASSERT_EQ(s.ikChains[0].links.size(), 3u);
    EXPECT_NEAR(s.ikChains[0].links[0].kneeDir.x, 0.707f, 1e-3f);
    EXPECT_NEAR(s.ikChains[2].links[0].kneeDir.y, -0.707f, 1e-3f);
    ASSERT_EQ(s.ikAutoplayLocks.size(), 6u);
    EXPECT_EQ(s.ikAutoplayLocks[0].chain, 2);
    EXPECT_FLOAT_EQ(s.ikAutoplayLocks[0].flPosWeight, 1.0f);
    EXPECT_FLOAT_EQ(s.ikAutoplayLocks[0].flLocalQWeight, 0.1f);
    EXPECT_EQ(s.includeModels[0].label, "");
    EXPECT_EQ(s.includeModels[0].name, "models/barney_gestures.mdl");
    ASSERT_TRUE(s.header2);
    EXPECT_NEAR(s.header2->flMaxEyeDeflection, 6.12303e-17f, 1e-20f);
    // a_pose_neutral: four IK_RELEASE rules without error data; @ragdoll: two IK_GROUND rules
    // with compressed errors (six one-run arrays over 101 frames) and two releases.
    const MdlAnimDesc& neutral = s.animations[0];
    ASSERT_EQ(neutral.ikRules.size(), 4u);
    for (const MdlIkRule& rule : neutral.ikRules) {
        EXPECT_EQ(rule.type, 4);
        EXPECT_FALSE(rule.compressedError);
    }
    const MdlAnimDesc& ragdoll = s.animations[17];
    EXPECT_EQ(ragdoll.name, "@ragdoll");
    EXPECT_EQ(ragdoll.numframes, 101);
    ASSERT_EQ(ragdoll.ikRules.size(), 4u);
    EXPECT_EQ(ragdoll.ikRules[0].type, 3);
    EXPECT_EQ(ragdoll.ikRules[0].chain, 3);
    EXPECT_FLOAT_EQ(ragdoll.ikRules[0].height, 20);
    EXPECT_FLOAT_EQ(ragdoll.ikRules[0].radius, 2.5f);
    ASSERT_TRUE(ragdoll.ikRules[0].compressedError);
    for (const MdlAnimValues& channel : ragdoll.ikRules[0].compressedError->values) {
        ASSERT_EQ(channel.size(), 1u);
        EXPECT_EQ(channel[0].values.size(), 1u);
        EXPECT_EQ(channel[0].total, 101);
    }
    EXPECT_EQ(s.sequences[6].numikrules, 4);
    // Pose keys of the one-axis blends keep Valve's leftover fourth key.
    ASSERT_EQ(s.sequences[0].poseKeys.size(), 4u);
    EXPECT_NEAR(s.sequences[0].poseKeys[0], 28.711937f, 1e-5f);
    EXPECT_NEAR(s.sequences[0].poseKeys[2], -28.711794f, 1e-5f);
    EXPECT_EQ(s.sequences[0].groupsize, (std::array<std::int32_t, 2>{3, 1}));
}

TEST(MdlCorpus, BindRotationsAreTheEulerAnglesOfTheBones) {
    VTXC_REQUIRE_CORPUS();
    for (const auto& path : corpusFiles(".mdl")) {
        SCOPED_TRACE(path.string());
        CollectingSink sink;
        const auto m =
            readMdl(corpusBytes(path.lexically_relative(corpusDir()).string()), "m", sink);
        ASSERT_TRUE(m);
        for (const MdlBone& bone : m->bones) {
            const Vec4 q = eulerToQuaternion(bone.rot);
            EXPECT_NEAR(q.x, bone.quat.x, 3e-7f) << bone.name;
            EXPECT_NEAR(q.y, bone.quat.y, 3e-7f) << bone.name;
            EXPECT_NEAR(q.z, bone.quat.z, 3e-7f) << bone.name;
            EXPECT_NEAR(q.w, bone.quat.w, 3e-7f) << bone.name;
        }
    }
    const MdlFile gun = readCorpusMdl("bunker_gun01/bunker_gun01.mdl");
    EXPECT_EQ(gun.bones[1].name, "Bunker_Gun.Bipod_Flex1");
    EXPECT_NEAR(gun.bones[1].quat.y, 0.706608f, 1e-6f);
}

TEST(MdlCorpus, WGrenadeRootIsStoredTurnedAQuarterAboutZ) {
    VTXC_REQUIRE_CORPUS();
    const MdlFile grenade = readCorpusMdl("w_grenade/w_grenade.mdl");
    const auto poses = decodeAnimationFrame(grenade.animations[0], grenade.bones, 0);
    EXPECT_NEAR(poses[0].rotation.x, -0.666684f, 2e-6f);
    EXPECT_NEAR(poses[0].rotation.y, -0.731155f, 2e-6f);
    EXPECT_NEAR(poses[0].rotation.z, -0.080836f, 2e-6f);
    EXPECT_NEAR(poses[0].rotation.w, 0.120044f, 2e-6f);
    EXPECT_EQ(poses[0].position, (Vec3{2.205078125f, -2.724609375f, -1.0712890625f}));
    // The stored values are the bind pose turned, packed as mathlib packs them.
    const MdlBone& root = grenade.bones[0];
    const MdlAnimBone& record = grenade.animations[0].bones[0];
    EXPECT_EQ(record.flags, kAnimRawRot2 | kAnimRawPos);
    EXPECT_EQ(record.rawPos, packVector48({-root.pos.y, root.pos.x, root.pos.z}));
    const Vec4 turned = quaternionMultiply({0, 0, 0.70710678f, 0.70710678f}, root.quat);
    const Vec4 stored = unpackQuaternion64(record.rawRot64);
    EXPECT_NEAR(stored.x, turned.x, 2e-6f);
    // w is recomputed from x, y, z: their quantisation grows by 1/w (w is 0.12 here).
    EXPECT_NEAR(stored.w, turned.w, 2e-5f);
    // Child bones keep their bind pose: no record.
    EXPECT_EQ(poses[2].position, grenade.bones[2].pos);
}

// Walks the record chain of an animation in the file bytes to the record of `bone`.
std::size_t recordOf(const std::vector<std::uint8_t>& bytes, std::size_t animAt, int bone) {
    std::size_t at = animAt + static_cast<std::size_t>(i32At(bytes, animAt + 56));
    while (bytes[at] != bone) {
        const std::int16_t next = i16At(bytes, at + 2);
        if (next == 0) return 0;
        at += static_cast<std::size_t>(next);
    }
    return at;
}

TEST(MdlCorpus, BunkerGunActivateChannelsAreTheRunsStudiomdlWrote) {
    VTXC_REQUIRE_CORPUS();
    const auto bytes = corpusBytes("bunker_gun01/bunker_gun01.mdl");
    const MdlFile gun = readCorpusMdl("bunker_gun01/bunker_gun01.mdl");
    const MdlAnimDesc& activate = gun.animations[20];
    ASSERT_EQ(activate.name, "@activate");
    ASSERT_EQ(activate.numframes, 36);
    // Root RAWROT2, bones 1-4 ANIMROT, bones 5-7 ANIMPOS | ANIMROT.
    ASSERT_EQ(activate.bones.size(), 8u);
    EXPECT_EQ(activate.bones[0].flags, kAnimRawRot2);
    EXPECT_EQ(activate.bones[1].flags, kAnimAnimRot);
    EXPECT_EQ(activate.bones[5].flags, kAnimAnimRot | kAnimAnimPos);
    // Bone 1: rotation offsets (0, 6, 0); y is one run of 29 values over 36 frames.
    const MdlAnimBone& bone1 = activate.bones[1];
    EXPECT_TRUE(bone1.rotValues[0].empty());
    EXPECT_TRUE(bone1.rotValues[2].empty());
    ASSERT_EQ(bone1.rotValues[1].size(), 1u);
    EXPECT_EQ(bone1.rotValues[1][0].values.size(), 29u);
    EXPECT_EQ(bone1.rotValues[1][0].total, 36);
    // Bone 5: rotation x is (valid 1, total 3) + (valid 26, total 33).
    const MdlAnimBone& bone5 = activate.bones[5];
    ASSERT_EQ(bone5.rotValues[0].size(), 2u);
    EXPECT_EQ(bone5.rotValues[0][0].values.size(), 1u);
    EXPECT_EQ(bone5.rotValues[0][0].total, 3);
    EXPECT_EQ(bone5.rotValues[0][1].values.size(), 26u);
    EXPECT_EQ(bone5.rotValues[0][1].total, 33);
    // In the file: bone 1 is 70 bytes; bone 5's value pointers hold (12, 0, 0), (64, 124, 180).
    const std::size_t animAt = 3764 + 20 * 100;
    const std::size_t record1 = recordOf(bytes, animAt, 1);
    EXPECT_EQ(i16At(bytes, record1 + 2), 70);
    const std::size_t record5 = recordOf(bytes, animAt, 5);
    ASSERT_NE(record5, 0u);
    EXPECT_EQ((std::array<std::int16_t, 6>{i16At(bytes, record5 + 4), i16At(bytes, record5 + 6),
                                           i16At(bytes, record5 + 8), i16At(bytes, record5 + 10),
                                           i16At(bytes, record5 + 12), i16At(bytes, record5 + 14)}),
              (std::array<std::int16_t, 6>{12, 0, 0, 64, 124, 180}));
}

// A section holds its frames and the next one; the last section holds the last frame alone.
int sectionFrames(const MdlAnimDesc& anim, std::size_t section) {
    if (section + 1 == anim.sections.size()) return 1;
    const int first = static_cast<int>(section) * anim.sectionframes;
    return std::clamp(anim.numframes - first, 1, anim.sectionframes + 1);
}

int coveredFrames(const MdlAnimValues& runs) {
    int frames = 0;
    for (const MdlAnimValueRun& run : runs)
        frames += run.total;
    return frames;
}

// Re-encoding the decoded frames of every channel gives back the runs studiomdl wrote.
TEST(MdlCorpus, ReferenceRleEncoderReproducesEveryChannel) {
    VTXC_REQUIRE_CORPUS();
    std::size_t channels = 0;
    auto check = [&](const MdlAnimValues& runs, int frames) {
        if (runs.empty()) return;
        ++channels;
        EXPECT_EQ(encodeAnimValues(decodeAnimValues(runs, frames)), runs);
    };
    for (const auto& path : corpusFiles(".mdl")) {
        SCOPED_TRACE(path.string());
        const MdlFile m = readCorpusMdl(path.lexically_relative(corpusDir()).string());
        for (const MdlAnimDesc& anim : m.animations) {
            for (const MdlAnimBone& record : anim.bones)
                for (std::size_t c = 0; c < 3; ++c) {
                    check(record.rotValues[c], anim.numframes);
                    check(record.posValues[c], anim.numframes);
                }
            for (std::size_t s = 0; s < anim.sections.size(); ++s)
                for (const MdlAnimBone& record : anim.sections[s].bones)
                    for (std::size_t c = 0; c < 3; ++c) {
                        check(record.rotValues[c], sectionFrames(anim, s));
                        check(record.posValues[c], sectionFrames(anim, s));
                    }
            // An error covers the frames of its rule, which Valve's files do not tie to
            // numframes (docs/formats.md): its channels cover them, all alike.
            for (const MdlIkRule& rule : anim.ikRules)
                if (rule.compressedError)
                    for (const MdlAnimValues& runs : rule.compressedError->values)
                        check(runs, coveredFrames(rule.compressedError->values[0]));
        }
    }
    EXPECT_GE(channels, 45u); // at least bunker_gun01's and the soldier's animated channels
}

// ---- sequence boxes from decoded frames
// ----------------------------------------------------------

struct Matrix {
    double m[3][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}};
};

Matrix poseMatrix(const BonePose& pose) {
    const double x = pose.rotation.x, y = pose.rotation.y, z = pose.rotation.z, w = pose.rotation.w;
    Matrix r;
    r.m[0][0] = 1 - 2 * (y * y + z * z);
    r.m[0][1] = 2 * (x * y - w * z);
    r.m[0][2] = 2 * (x * z + w * y);
    r.m[1][0] = 2 * (x * y + w * z);
    r.m[1][1] = 1 - 2 * (x * x + z * z);
    r.m[1][2] = 2 * (y * z - w * x);
    r.m[2][0] = 2 * (x * z - w * y);
    r.m[2][1] = 2 * (y * z + w * x);
    r.m[2][2] = 1 - 2 * (x * x + y * y);
    r.m[0][3] = pose.position.x;
    r.m[1][3] = pose.position.y;
    r.m[2][3] = pose.position.z;
    return r;
}

Matrix multiply(const Matrix& a, const Matrix& b) {
    Matrix c;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j) {
            c.m[i][j] = a.m[i][0] * b.m[0][j] + a.m[i][1] * b.m[1][j] + a.m[i][2] * b.m[2][j] +
                        (j == 3 ? a.m[i][3] : 0);
        }
    return c;
}

Matrix fromFile(const MdlMatrix3x4& m) {
    Matrix r;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j)
            r.m[i][j] = m.at(i, j);
    return r;
}

std::array<double, 3> apply(const Matrix& m, double x, double y, double z) {
    std::array<double, 3> v{};
    for (int i = 0; i < 3; ++i)
        v[static_cast<std::size_t>(i)] = m.m[i][0] * x + m.m[i][1] * y + m.m[i][2] * z + m.m[i][3];
    return v;
}

struct Box {
    double lo[3] = {1e30, 1e30, 1e30};
    double hi[3] = {-1e30, -1e30, -1e30};
    void add(const std::array<double, 3>& v) {
        for (int i = 0; i < 3; ++i) {
            lo[i] = std::min(lo[i], v[static_cast<std::size_t>(i)]);
            hi[i] = std::max(hi[i], v[static_cast<std::size_t>(i)]);
        }
    }
};

// Bounds of the skinned .vvd vertices and the set-0 hitbox corners over every frame.
Box sequenceBox(const MdlFile& mdl, const VvdFile& vvd, const MdlAnimDesc& anim) {
    Box box;
    for (int frame = 0; frame < anim.numframes; ++frame) {
        const auto poses = decodeAnimationFrame(anim, mdl.bones, frame);
        std::vector<Matrix> world(mdl.bones.size());
        for (std::size_t b = 0; b < mdl.bones.size(); ++b) {
            const Matrix local = poseMatrix(poses[b]);
            const int parent = mdl.bones[b].parent;
            world[b] =
                parent < 0 ? local : multiply(world[static_cast<std::size_t>(parent)], local);
        }
        for (const VvdVertex& v : vvd.vertices) {
            std::array<double, 3> sum{};
            for (std::size_t k = 0; k < v.boneWeights.numBones; ++k) {
                const auto bone = static_cast<std::size_t>(v.boneWeights.bone[k]);
                const Matrix skin = multiply(world[bone], fromFile(mdl.bones[bone].poseToBone));
                const auto p = apply(skin, v.position.x, v.position.y, v.position.z);
                for (std::size_t i = 0; i < 3; ++i)
                    sum[i] += v.boneWeights.weight[k] * p[i];
            }
            box.add(sum);
        }
        for (const MdlHitbox& hitbox : mdl.hitboxSets[0].hitboxes)
            for (int corner = 0; corner < 8; ++corner)
                box.add(apply(world[static_cast<std::size_t>(hitbox.bone)],
                              corner & 1 ? hitbox.bbmax.x : hitbox.bbmin.x,
                              corner & 2 ? hitbox.bbmax.y : hitbox.bbmin.y,
                              corner & 4 ? hitbox.bbmax.z : hitbox.bbmin.z));
    }
    return box;
}

TEST(MdlCorpus, DecodedFramesReproduceTheSequenceBoxes) {
    VTXC_REQUIRE_CORPUS();
    struct Case {
        const char* base;
        std::vector<std::size_t> sequences;
    };
    const Case cases[] = {
        {"w_grenade/w_grenade", {0}},
        {"bunker_gun01/bunker_gun01", {0, 1, 2, 3, 4}},
        {"holo_cube/cube", {0}},
        {"tree_pine04/tree_pine04", {0}},
        {"combine_super_soldier_choreo/combine_super_soldier_choreo", {6}},
    };
    for (const Case& c : cases) {
        const MdlFile mdl = readCorpusMdl(std::string(c.base) + ".mdl");
        CollectingSink sink;
        const auto vvd = readVvd(corpusBytes(std::string(c.base) + ".vvd"), "v", sink);
        ASSERT_TRUE(vvd);
        for (std::size_t s : c.sequences) {
            const MdlSeqDesc& seq = mdl.sequences[s];
            SCOPED_TRACE(std::string(c.base) + " " + seq.label);
            const Box box =
                sequenceBox(mdl, *vvd, mdl.animations[static_cast<std::size_t>(seq.blends[0])]);
            const float lo[3] = {seq.bbmin.x, seq.bbmin.y, seq.bbmin.z};
            const float hi[3] = {seq.bbmax.x, seq.bbmax.y, seq.bbmax.z};
            for (int i = 0; i < 3; ++i) {
                EXPECT_NEAR(box.lo[i], lo[i], 0.005) << "axis " << i;
                EXPECT_NEAR(box.hi[i], hi[i], 0.005) << "axis " << i;
            }
        }
    }
}

// ---- the writer without Valve's leftovers ------------------------------------------------------

// A model as a compiler would build it: no leftover pointer slots. The writer lays it out by
// itself; the bytes differ from Valve's only in those slots.
TEST(MdlCorpus, WriterLaysOutAModelWithoutLeftoversLikeStudiomdl) {
    VTXC_REQUIRE_CORPUS();
    for (const auto& path : corpusFiles(".mdl")) {
        SCOPED_TRACE(path.string());
        const auto original = corpusBytes(path.lexically_relative(corpusDir()).string());
        MdlFile m = readCorpusMdl(path.lexically_relative(corpusDir()).string());
        std::vector<std::size_t> slots; // offsets of the slots in Valve's file
        const std::int32_t bodyParts = i32At(original, 236);
        for (std::size_t b = 0; b < m.bodyParts.size(); ++b) {
            const std::size_t bodyPart = static_cast<std::size_t>(bodyParts) + 16 * b;
            const std::size_t models =
                bodyPart + static_cast<std::size_t>(i32At(original, bodyPart + 12));
            for (std::size_t k = 0; k < m.bodyParts[b].models.size(); ++k) {
                MdlModel& model = m.bodyParts[b].models[k];
                const std::size_t modelAt = models + 148 * k;
                model.vertexdataSlots = {0, 0};
                slots.insert(slots.end(), {modelAt + 108, modelAt + 112});
                const std::size_t meshes =
                    modelAt + static_cast<std::size_t>(i32At(original, modelAt + 76));
                for (std::size_t i = 0; i < model.meshes.size(); ++i) {
                    model.meshes[i].modelvertexdataSlot = 0;
                    slots.push_back(meshes + 116 * i + 48);
                }
            }
        }
        for (std::size_t t = 0; t < m.textures.size(); ++t) {
            m.textures[t].materialSlot = 0;
            m.textures[t].clientmaterialSlot = 0;
            const std::size_t at = static_cast<std::size_t>(i32At(original, 208)) + 64 * t;
            slots.insert(slots.end(), {at + 16, at + 20});
        }
        auto expected = original;
        for (std::size_t at : slots)
            std::fill_n(expected.begin() + static_cast<std::ptrdiff_t>(at), 4, 0);
        EXPECT_TRUE(writeMdl(m) == expected);
    }
}

} // namespace
} // namespace vtxc::test
