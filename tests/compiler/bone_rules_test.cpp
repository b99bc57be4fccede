// The bone rules a QC compiles to: a LOD's `replacebone` and `bonetreecollapse` move that LOD's
// vertices (flags, .vvd weights and .vtx bone state changes follow), a rule naming an unknown bone
// warns at its line, and bones nothing needs are folded into their parent as studiomdl does
// (docs/mdl-compile.md, "Unused bones").
#include "compiler/compile.h"
#include "compiler/project/compile_codes.h"
#include "compiler/project/qc_import.h"
#include "formats/studio/mdl.h"
#include "testing/test_support.h"

#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>
#include <memory>
#include <set>

namespace vtxc {
namespace {

// root; arm below it and hand below arm; leg beside arm. One triangle on each of arm, hand and
// leg; LOD 1 is the same file.
const char* kLimbs = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\n2 \"hand\" 1\n3 \"leg\" 0\n"
                     "end\nskeleton\ntime 0\n0 0 0 0 0 0 0\n1 4 0 0 0 0 0\n2 2 0 0 0 0 0\n"
                     "3 0 4 0 0 0 0\nend\ntriangles\n"
                     "mat\n1 4 0 0 0 0 1 0 0\n1 5 0 0 0 0 1 1 0\n1 5 1 0 0 0 1 1 1\n"
                     "mat\n2 6 0 0 0 0 1 0 0\n2 7 0 0 0 0 1 1 0\n2 7 1 0 0 0 1 1 1\n"
                     "mat\n3 0 4 0 0 0 1 0 0\n3 0 5 0 0 0 1 1 0\n3 1 5 0 0 0 1 1 1\nend\n";

// body carries one triangle alone and one shared with cod (0.25); cod carries one alone. The
// animation names root and body only.
const char* kBody = "version 1\nnodes\n0 \"root\" -1\n1 \"body\" 0\n2 \"cod\" 0\nend\n"
                    "skeleton\ntime 0\n0 0 0 0 0 0 0\n1 0 0 4 0 0 0\n2 0 1 2 0 0 0\nend\n"
                    "triangles\n"
                    "mat\n1 0 0 4 0 0 1 0 0\n1 1 0 4 0 0 1 1 0\n1 1 1 4 0 0 1 1 1\n"
                    "mat\n2 0 0 2 0 0 1 0 0 2 1 0.75 2 0.25\n2 1 0 2 0 0 1 1 0 1 2 1\n"
                    "2 1 1 2 0 0 1 1 1 1 2 1\n"
                    "mat\n1 5 0 4 0 0 1 0 0 2 1 0.5 2 0.5\n1 6 0 4 0 0 1 1 0\n"
                    "1 6 1 4 0 0 1 1 1\nend\n";
const char* kBodyAnimation = "version 1\nnodes\n0 \"root\" -1\n1 \"body\" 0\nend\nskeleton\n"
                             "time 0\n0 0 0 0 0 0 0\n1 0 0 4 0 0 0\nend\n";

class BoneRulesTest : public ::testing::Test {
  protected:
    std::optional<CompileOutput> compileQc(const std::string& qc) {
        test::writeText(dir / "limbs.smd", kLimbs);
        test::writeText(dir / "body.smd", kBody);
        test::writeText(dir / "pose.smd", kBodyAnimation);
        test::writeText(dir / "m.qc", qc);
        auto project = readQcModelProject(dir / "m.qc", *sink);
        if (!project) return std::nullopt;
        return compileProject(*project, CompileOptions{}, *sink);
    }

    std::string all() const {
        std::string out;
        for (const Diagnostic& d : sink->diagnostics())
            out += formatDiagnostic(d) + "\n";
        return out;
    }

    std::vector<const Diagnostic*> withCode(const std::string& code) const {
        std::vector<const Diagnostic*> found;
        for (const Diagnostic& d : sink->diagnostics())
            if (d.code == code) found.push_back(&d);
        return found;
    }

    test::TempDir dir;
    std::unique_ptr<CollectingSink> sink = std::make_unique<CollectingSink>();
};

int boneIndex(const MdlFile& mdl, const std::string& name) {
    for (std::size_t b = 0; b < mdl.bones.size(); ++b)
        if (mdl.bones[b].name == name) return static_cast<int>(b);
    return -1;
}

// The bones the vertices of one LOD of the first model are weighted to, through its .vtx strips'
// bone state changes (hardware slot -> model bone).
std::set<int> stripBones(const CompileOutput& out, std::size_t lod) {
    std::set<int> bones;
    for (const VtxMesh& mesh : out.vtx.at(0).file.bodyParts.at(0).models.at(0).lods.at(lod).meshes)
        for (const VtxStripGroup& group : mesh.stripGroups)
            for (const VtxStrip& strip : group.strips)
                for (const VtxBoneStateChange& change : strip.boneStateChanges)
                    bones.insert(change.newBoneID);
    return bones;
}

bool usedByLod(const MdlFile& mdl, int bone, int lod) {
    return (mdl.bones.at(static_cast<std::size_t>(bone)).flags & (kBoneUsedByVertexLod0 << lod)) !=
           0;
}

const char* kLodRulesQc = R"($modelname "test/limbs"
$body body "limbs.smd"
$sequence idle "limbs.smd"
$lod 10
{
	replacemodel "limbs.smd" "limbs.smd"
	replacebone "leg" "root"
	bonetreecollapse "arm"
}
)";

TEST_F(BoneRulesTest, ReplaceBoneAndBoneTreeCollapseMoveOnlyThatLodsVertices) {
    const auto out = compileQc(kLodRulesQc);
    ASSERT_TRUE(out && out->mdl) << all();
    const MdlFile& mdl = *out->mdl;
    ASSERT_EQ(mdl.bones.size(), 4u);
    const int root = boneIndex(mdl, "root"), arm = boneIndex(mdl, "arm"),
              hand = boneIndex(mdl, "hand"), leg = boneIndex(mdl, "leg");
    // LOD 0: every bone's own vertices.
    EXPECT_TRUE(usedByLod(mdl, hand, 0));
    EXPECT_TRUE(usedByLod(mdl, leg, 0));
    EXPECT_EQ(stripBones(*out, 0), (std::set<int>{arm, hand, leg}));
    // LOD 1: the hand's vertices are on the arm (bonetreecollapse), the leg's on the root.
    EXPECT_FALSE(usedByLod(mdl, hand, 1));
    EXPECT_FALSE(usedByLod(mdl, leg, 1));
    EXPECT_TRUE(usedByLod(mdl, arm, 1));
    EXPECT_TRUE(usedByLod(mdl, root, 1));
    EXPECT_EQ(stripBones(*out, 1), (std::set<int>{root, arm}));
    EXPECT_TRUE(withCode("BONE007").empty()) << all();
}

TEST_F(BoneRulesTest, ReplacementWeightsMergeWithTheVertexsOwn) {
    // body.smd's shared vertex weighs cod 0.25 and body 0.75: with cod replaced by body in LOD 1
    // it is one weight 1 on body there (the LOD gets its own copy of the vertex).
    const auto out = compileQc(R"($modelname "test/body"
$body body "body.smd"
$sequence idle "body.smd"
$lod 10
{
	replacemodel "body.smd" "body.smd"
	replacebone "cod" "body"
}
)");
    ASSERT_TRUE(out && out->mdl) << all();
    const MdlFile& mdl = *out->mdl;
    const int body = boneIndex(mdl, "body"), cod = boneIndex(mdl, "cod");
    ASSERT_GE(cod, 0);
    EXPECT_TRUE(usedByLod(mdl, cod, 0));
    EXPECT_FALSE(usedByLod(mdl, cod, 1));
    bool merged = false;
    for (const VvdVertex& v : out->vvd.vertices)
        if (v.position.x == 0 && v.position.z == 2 && v.position.y == 0 &&
            v.boneWeights.numBones == 1 && v.boneWeights.bone[0] == body)
            merged = v.boneWeights.weight[0] == 1.0f;
    EXPECT_TRUE(merged);
}

TEST_F(BoneRulesTest, UnknownBoneInALodRuleWarnsAtItsLine) {
    const auto out = compileQc(R"($modelname "test/limbs"
$body body "limbs.smd"
$sequence idle "limbs.smd"
$lod 10
{
	replacemodel "limbs.smd" "limbs.smd"
	replacebone "elbow" "root"
	bonetreecollapse "wing"
}
)");
    ASSERT_TRUE(out && out->mdl) << all();
    const auto warnings = withCode("BONE007");
    ASSERT_EQ(warnings.size(), 2u) << all();
    EXPECT_EQ(warnings[0]->location.line, 8u); // bonetreecollapse rules come first
    EXPECT_NE(warnings[0]->message.find("'wing'"), std::string::npos);
    EXPECT_EQ(warnings[1]->location.line, 7u);
    EXPECT_NE(warnings[1]->message.find("'elbow'"), std::string::npos);
    EXPECT_EQ(std::filesystem::path(warnings[1]->location.file).filename(), "m.qc");
    // The known rules of the model still apply: nothing moved.
    EXPECT_TRUE(usedByLod(*out->mdl, boneIndex(*out->mdl, "hand"), 1));
}

TEST_F(BoneRulesTest, BoneNothingNeedsIsFoldedIntoItsParent) {
    // cod: weighted, but no animation poses it and nothing names it.
    const auto out = compileQc(R"($modelname "test/body"
$body body "body.smd"
$sequence idle "pose.smd"
)");
    ASSERT_TRUE(out && out->mdl) << all();
    const MdlFile& mdl = *out->mdl;
    ASSERT_EQ(mdl.bones.size(), 2u) << all();
    EXPECT_EQ(mdl.bones[0].name, "root");
    EXPECT_EQ(mdl.bones[1].name, "body");
    const auto notes = withCode("BONE008");
    ASSERT_EQ(notes.size(), 1u) << all();
    EXPECT_EQ(notes[0]->location.line, 5u); // the node line of cod in body.smd
    EXPECT_NE(notes[0]->message.find("'root'"), std::string::npos);
    // cod's weights went to root: the shared vertex is body 0.75, root 0.25; the vertex on cod
    // alone is on root.
    bool shared = false, alone = false;
    for (const VvdVertex& v : out->vvd.vertices) {
        const VvdBoneWeights& w = v.boneWeights;
        EXPECT_LT(*std::max_element(w.bone.begin(), w.bone.begin() + w.numBones), 2);
        if (v.position.x == 0 && v.position.y == 0 && v.position.z == 2)
            shared = w.numBones == 2 && w.bone[0] == 1 && w.weight[0] == 0.75f && w.bone[1] == 0;
        if (v.position.x == 1 && v.position.y == 0 && v.position.z == 2)
            alone = w.numBones == 1 && w.bone[0] == 0;
    }
    EXPECT_TRUE(shared);
    EXPECT_TRUE(alone);
    EXPECT_TRUE(usedByLod(mdl, 0, 0));
}

TEST_F(BoneRulesTest, WhatKeepsABone) {
    // Each of these keeps cod: a $definebone, an attachment, $bonemerge, a hitbox, an animation
    // that names it (the reference as a sequence).
    for (const std::string& keep :
         {std::string("$definebone \"root\" \"\" 0 0 0 0 0 0 0 0 0 0 0 0\n"
                      "$definebone \"cod\" \"root\" 0 1 2 0 0 0 0 0 0 0 0 0"),
          std::string("$attachment tip cod 0 0 0"), std::string("$bonemerge cod"),
          std::string("$hbox 0 cod -1 -1 -1 1 1 1"), std::string("$sequence ref \"body.smd\"")}) {
        sink = std::make_unique<CollectingSink>();
        const auto out = compileQc("$modelname \"test/body\"\n$body body \"body.smd\"\n"
                                   "$sequence idle \"pose.smd\"\n" +
                                   keep + "\n");
        ASSERT_TRUE(out && out->mdl) << keep << "\n" << all();
        EXPECT_GE(boneIndex(*out->mdl, "cod"), 0) << keep;
        EXPECT_TRUE(withCode("BONE008").empty()) << keep;
    }
    // A QC without $sequence gets its reference's bind pose as idle, which poses every bone.
    sink = std::make_unique<CollectingSink>();
    const auto out = compileQc("$modelname \"test/body\"\n$body body \"body.smd\"\n");
    ASSERT_TRUE(out && out->mdl) << all();
    EXPECT_EQ(out->mdl->bones.size(), 3u);
}

} // namespace
} // namespace vtxc
