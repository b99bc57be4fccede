// The .mdl bone stages on hand-made skeletons and meshes: the bone table with $definebone, bind
// transforms and poseToBone, BONE_USED_BY_* flags, hitboxes (given and generated), attachments.
#include "compiler/mdl/attachments.h"
#include "compiler/mdl/hitboxes.h"
#include "compiler/skeleton/bone_setup.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace vtxc {
namespace {

QcDefinedBone defined(const std::string& name, const std::string& parent, QcVec3 position,
                      QcVec3 degrees, std::uint32_t line = 1) {
    QcDefinedBone bone;
    bone.name = name;
    bone.parent = parent;
    bone.position = position;
    bone.rotationDegrees = degrees;
    bone.definedAt = {"m.qc", line, 1};
    return bone;
}

// root at the origin turned 90 degrees about x; arm 10 units along the root's x; hand 5 further.
BoneTable chain() {
    CollectingSink sink;
    auto table = BoneTable::fromDefinitions({defined("root", "", {0, 0, 0}, {0, 0, 90}),
                                             defined("arm", "root", {10, 0, 0}, {0, 0, 0}),
                                             defined("hand", "arm", {5, 0, 0}, {0, 0, 0})},
                                            {}, sink);
    EXPECT_TRUE(table);
    return *table;
}

ModelVertex vertexOn(int bone, Vec3 position) {
    ModelVertex v;
    v.position = position;
    v.weights.count = 1;
    v.weights.bone[0] = static_cast<std::int16_t>(bone);
    v.weights.weight[0] = 1.0f;
    return v;
}

// One mesh whose LOD 0 uses every vertex and LOD 1 only the first three.
BuiltProject meshOn(const BoneTable& bones, const std::vector<ModelVertex>& vertices) {
    BuiltProject built;
    built.bones = bones;
    built.lods = {ProjectLod{}, ProjectLod{10.0f, false, {}, {}}};
    BuiltMesh mesh;
    mesh.vertices = vertices;
    mesh.lodIndices.resize(2);
    for (std::uint32_t i = 0; i < vertices.size(); ++i)
        mesh.lodIndices[0].push_back(i);
    mesh.lodIndices[1] = {0, 1, 2};
    built.bodyParts.push_back({"body", {BuiltModel{"m.smd", {mesh}}}});
    return built;
}

TEST(MdlBones, DefinedBonesFirstThenOtherReferenceNodes) {
    SmdFile smd;
    smd.nodes = {{0, "root", -1, 3}, {1, "extra", 0, 4}};
    smd.frames.push_back({0, {{0, {9, 9, 9}, {0, 0, 0}}, {1, {1, 2, 3}, {0.5f, 0, 0}}}, 6});
    CollectingSink sink;
    auto table =
        BoneTable::fromDefinitions({defined("root", "", {0, 0, 1}, {10, 20, 30})}, {&smd}, sink);
    ASSERT_TRUE(table);
    ASSERT_EQ(table->bones().size(), 2u);
    const ModelBone& root = table->bones()[0];
    EXPECT_TRUE(root.defined);
    EXPECT_EQ(root.position.z, 1.0f); // $definebone wins over the SMD's skeleton
    // The angles are written (y, z, x) in degrees.
    const double k = std::numbers::pi / 180.0;
    EXPECT_FLOAT_EQ(root.rotation.x, static_cast<float>(30 * k));
    EXPECT_FLOAT_EQ(root.rotation.y, static_cast<float>(10 * k));
    EXPECT_FLOAT_EQ(root.rotation.z, static_cast<float>(20 * k));
    const ModelBone& extra = table->bones()[1];
    EXPECT_EQ(extra.name, "extra");
    EXPECT_EQ(extra.parent, 0);
    EXPECT_FALSE(extra.defined);
    EXPECT_EQ(extra.position.y, 2.0f); // from the SMD's first frame
}

TEST(MdlBones, UndefinedParentIsAnErrorAtItsLine) {
    CollectingSink sink;
    EXPECT_FALSE(BoneTable::fromDefinitions({defined("a", "", {0, 0, 0}, {0, 0, 0}, 2),
                                             defined("b", "nowhere", {0, 0, 0}, {0, 0, 0}, 3)},
                                            {}, sink));
    const Diagnostic* error = sink.find("BONE003");
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->location.file, "m.qc");
    EXPECT_EQ(error->location.line, 3u);
}

TEST(MdlBones, PoseToBoneIsTheInverseOfTheBindTransform) {
    const Skeleton skeleton = buildSkeleton(chain());
    // The hand sits at (15, 0, 0): the root's turn about x leaves the x axis alone.
    EXPECT_NEAR(skeleton.boneToModel[2].translation().x(), 15.0, 1e-9);
    const std::vector<MdlBone> bones =
        mdlBones(skeleton, std::vector<std::int32_t>(3, 0), std::vector<BoneScales>(3), "metal", 1);
    // Root: rotation (pi/2, 0, 0): rows (1 0 0), (0 0 1), (0 -1 0) of its inverse.
    const MdlMatrix3x4& p = bones[0].poseToBone;
    EXPECT_NEAR(p.at(1, 2), 1.0, 1e-6);
    EXPECT_NEAR(p.at(2, 1), -1.0, 1e-6);
    EXPECT_NEAR(bones[2].poseToBone.at(0, 3), -15.0, 1e-5);
    EXPECT_NEAR(bones[0].quat.x, std::sqrt(0.5), 1e-6);
    EXPECT_EQ(bones[1].parent, 0);
    EXPECT_EQ(bones[2].surfaceprop, "metal");
}

TEST(MdlBones, FlagsMarkUsersAndTheirAncestors) {
    const BoneTable table = chain();
    const Skeleton skeleton = buildSkeleton(table);
    // Vertex 3 (LOD 0 only) is on the hand; vertices 0-2 (both LODs) on the arm.
    const BuiltProject built = meshOn(table, {vertexOn(1, {11, 0, 0}), vertexOn(1, {12, 0, 0}),
                                              vertexOn(1, {13, 0, 0}), vertexOn(2, {16, 0, 0})});
    BoneUse use;
    use.weightedPerLod = bonesWeightedPerLod(built, skeleton.size());
    use.attachmentBones = {2};
    use.boneMergeBones = {1};
    const std::vector<std::int32_t> flags = boneFlags(skeleton, use);
    EXPECT_EQ(flags[2], kBoneUsedByAttachment | kBoneUsedByVertexLod0);
    EXPECT_EQ(flags[1], kBoneUsedByAttachment | kBoneUsedByVertexLod0 |
                            (kBoneUsedByVertexLod0 << 1) | kBoneUsedByBoneMerge);
    EXPECT_EQ(flags[0], flags[1]);
    use.hitboxBones = {2};
    use.ikLinkBones = {0};
    EXPECT_EQ(boneFlags(skeleton, use)[0], flags[0] | kBoneUsedByHitbox);
}

TEST(MdlBones, GeneratedHitboxesBoundOriginChildrenAndVertices) {
    const BoneTable table = chain();
    const Skeleton skeleton = buildSkeleton(table);
    // The arm's vertices span 2 x 3 units around its axis; the hand's are a sliver (0.5 thick).
    const BuiltProject built =
        meshOn(table, {vertexOn(1, {11, -1, 2}), vertexOn(1, {12, 1, -1}), vertexOn(1, {13, 0, 0}),
                       vertexOn(2, {16, 0, 0}), vertexOn(2, {17, 0.5f, 0.5f})});
    const std::vector<MdlHitbox> candidates = generatedHitboxCandidates(skeleton, built);
    // Every bone with vertices or children has a candidate: the root, the arm and the hand.
    ASSERT_EQ(candidates.size(), 3u);
    const MdlHitboxSet set = generatedHitboxes(candidates);
    EXPECT_EQ(set.name, "default");
    // root: its origin and its child's at (10, 0, 0): 10 x 0 x 0, too thin. hand: 1 x 0.5 x 0.5.
    ASSERT_EQ(set.hitboxes.size(), 1u);
    const MdlHitbox& arm = set.hitboxes[0];
    EXPECT_EQ(arm.bone, 1);
    EXPECT_EQ(arm.group, 0);
    // In the arm's frame (turned 90 degrees about x): model y -> bone -z, model z -> bone y.
    EXPECT_NEAR(arm.bbmin.x, 0.0, 1e-5); // its origin
    EXPECT_NEAR(arm.bbmax.x, 5.0, 1e-5); // the hand's origin
    EXPECT_NEAR(arm.bbmin.y, -1.0, 1e-5);
    EXPECT_NEAR(arm.bbmax.y, 2.0, 1e-5);
    EXPECT_NEAR(arm.bbmin.z, -1.0, 1e-5);
    EXPECT_NEAR(arm.bbmax.z, 1.0, 1e-5);
}

TEST(MdlBones, QcHitboxesKeepTheirValuesAndNameUnknownBones) {
    const Skeleton skeleton = buildSkeleton(chain());
    QcHitboxSet set{"default", {}};
    set.boxes.push_back({3, "ARM", {-1, -2, -3}, {1, 2, 3}, "upper", {"m.qc", 7, 1}});
    CollectingSink sink;
    auto sets = hitboxSetsFromQc({set}, skeleton, sink);
    ASSERT_TRUE(sets);
    ASSERT_EQ((*sets)[0].hitboxes.size(), 1u);
    EXPECT_EQ((*sets)[0].hitboxes[0].bone, 1); // names match ignoring case
    EXPECT_EQ((*sets)[0].hitboxes[0].group, 3);
    EXPECT_EQ((*sets)[0].hitboxes[0].bbmax.z, 3.0f);
    EXPECT_EQ((*sets)[0].hitboxes[0].name, "upper");
    set.boxes.push_back({0, "leg", {}, {}, "", {"m.qc", 8, 1}});
    EXPECT_FALSE(hitboxSetsFromQc({set}, skeleton, sink));
    ASSERT_NE(sink.find("BONE004"), nullptr);
    EXPECT_EQ(sink.find("BONE004")->location.line, 8u);
}

QcAttachment attachment(const std::string& bone, QcVec3 position, std::optional<QcVec3> rotate) {
    QcAttachment a;
    a.name = "a";
    a.bone = bone;
    a.position = position;
    a.rotationDegrees = rotate;
    a.definedAt = {"m.qc", 5, 1};
    return a;
}

TEST(MdlAttachments, RotateFollowsTheAngleMatrixConvention) {
    const Skeleton skeleton = buildSkeleton(chain());
    CollectingSink sink;
    // Valve's bunker_gun01: `aimrotation "Bunker_Gun.Base" 0 15 0 rotate -83 90 180`.
    auto built =
        buildAttachments({attachment("root", {0, 15, 0}, QcVec3{-83, 90, 180})}, skeleton, sink);
    ASSERT_TRUE(built);
    const MdlMatrix3x4& m = (*built)[0].local;
    const float expected[12] = {0, 1, 0, 0, 0.12187f, 0, 0.99255f, 15, 0.99255f, 0, -0.12187f, 0};
    for (int i = 0; i < 12; ++i)
        EXPECT_NEAR(m.m[static_cast<std::size_t>(i)], expected[i], 1e-5) << i;
    EXPECT_EQ((*built)[0].localbone, 0);
}

TEST(MdlAttachments, AbsoluteComesIntoTheBonesFrame) {
    const Skeleton skeleton = buildSkeleton(chain());
    CollectingSink sink;
    QcAttachment a = attachment("arm", {12, 0, 3}, std::nullopt);
    a.absolute = true;
    QcAttachment rigid = a;
    rigid.rigid = true;
    auto built = buildAttachments({a, rigid}, skeleton, sink);
    ASSERT_TRUE(built);
    // The arm is at (10, 0, 0), turned 90 degrees about x: model (12, 0, 3) is bone (2, 3, 0).
    const MdlMatrix3x4& m = (*built)[0].local;
    EXPECT_NEAR(m.at(0, 3), 2.0, 1e-5);
    EXPECT_NEAR(m.at(1, 3), 3.0, 1e-5);
    EXPECT_NEAR(m.at(2, 3), 0.0, 1e-5);
    EXPECT_NEAR(m.at(1, 2), 1.0, 1e-5); // the orientation of the model frame, seen from the bone
    const MdlMatrix3x4& r = (*built)[1].local;
    EXPECT_NEAR(r.at(1, 3), 3.0, 1e-5);
    EXPECT_NEAR(r.at(1, 1), 1.0, 1e-5); // rigid: the bone's own orientation
}

TEST(MdlAttachments, UnknownBoneIsAnErrorAtTheAttachmentsLine) {
    const Skeleton skeleton = buildSkeleton(chain());
    CollectingSink sink;
    EXPECT_FALSE(buildAttachments({attachment("tail", {0, 0, 0}, std::nullopt)}, skeleton, sink));
    ASSERT_NE(sink.find("BONE004"), nullptr);
    EXPECT_EQ(sink.find("BONE004")->location.line, 5u);
}

} // namespace
} // namespace vtxc
