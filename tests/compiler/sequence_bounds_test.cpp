// Sequence boxes of a model without meshes, measured as Valve's are (docs/mdl-compile.md,
// "Sequence boxes"): the corners of every generated hitbox, the thin ones left out of the hitbox
// set included; a weighed animation's frames before its weight list; a delta played on the first
// frame of the model's first animation.
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

// The head stands 10 units above the root, turned 45 degrees about y; its children sit at
// (2, 0, 0) and (0, 0, 3) in its frame, so its generated box is 2 x 0 x 3: too thin for the
// hitbox set. The box's corner (2, 0, 3) reaches x = (2 + 3) / sqrt(2) = 3.5355 in the model,
// further than any bone origin (the children reach 1.414 and 2.121). Frame 1 moves the root
// 10 units along x. The model is turned +90 degrees about z as studiomdl turns it, so the file's
// x is the model's y.
const char* kSkeleton = "version 1\nnodes\n0 \"root\" -1\n1 \"head\" 0\n2 \"nose\" 1\n"
                        "3 \"crown\" 1\nend\nskeleton\n"
                        "time 0\n0 0 0 0 0 0 0\n1 0 0 10 0 0.78539816 0\n2 2 0 0 0 0 0\n"
                        "3 0 0 3 0 0 0\n"
                        "time 1\n0 10 0 0 0 0 0\n1 0 0 10 0 0.78539816 0\n2 2 0 0 0 0 0\n"
                        "3 0 0 3 0 0 0\nend\n";

constexpr double kCornerX = 5.0 / 1.41421356;

class SequenceBoundsTest : public ::testing::Test {
  protected:
    std::optional<MdlFile> compileQc(const std::string& body) {
        test::writeText(dir / "skeleton.smd", kSkeleton);
        test::writeText(dir / "m.qc", "$modelname m.mdl\n" + body);
        auto project = readQcModelProject(dir / "m.qc", sink);
        if (!project) return std::nullopt;
        auto output = compileProject(*project, CompileOptions{}, sink);
        if (!output || !output->mdl) return std::nullopt;
        return *output->mdl;
    }

    const MdlSeqDesc& sequence(const MdlFile& mdl, const std::string& label) {
        for (const MdlSeqDesc& seq : mdl.sequences)
            if (seq.label == label) return seq;
        ADD_FAILURE() << "no sequence " << label;
        return mdl.sequences.front();
    }

    test::TempDir dir;
    CollectingSink sink;
};

TEST_F(SequenceBoundsTest, ThinGeneratedHitboxesStillBoundTheSequence) {
    auto mdl = compileQc("$sequence still skeleton frame 0 0\n");
    ASSERT_TRUE(mdl);
    // The root's box (0 x 0 x 10, its child straight above) is as thin: no box is written.
    ASSERT_EQ(mdl->hitboxSets.size(), 1u);
    EXPECT_TRUE(mdl->hitboxSets[0].hitboxes.empty());
    const MdlSeqDesc& still = sequence(*mdl, "still");
    EXPECT_NEAR(still.bbmax.y, kCornerX, 1e-4);
    EXPECT_NEAR(still.bbmin.y, 0.0, 1e-4);                     // the root and the head
    EXPECT_NEAR(still.bbmax.z, 10.0 + 3.0 / 1.41421356, 1e-4); // the crown
}

TEST_F(SequenceBoundsTest, AWeightListDoesNotShrinkTheBox) {
    auto mdl = compileQc("$weightlist upper \"root\" 0 \"head\" 1\n"
                         "$sequence walk skeleton weightlist upper\n"
                         "$sequence walkwhole skeleton\n");
    ASSERT_TRUE(mdl);
    // Weighed, the root stays at the origin; the box is the file's whole motion all the same.
    const MdlSeqDesc& weighed = sequence(*mdl, "walk");
    const MdlSeqDesc& whole = sequence(*mdl, "walkwhole");
    EXPECT_NEAR(weighed.bbmax.y, 10.0 + kCornerX, 1e-4);
    EXPECT_NEAR(weighed.bbmax.y, whole.bbmax.y, 1e-6);
    EXPECT_NEAR(weighed.bbmin.y, whole.bbmin.y, 1e-6);
}

TEST_F(SequenceBoundsTest, ADeltaIsMeasuredOnTheFirstAnimationsFirstFrame) {
    // The first animation stands 10 units along x; the delta subtracts the frame it plays
    // (all zero) from another animation at the origin.
    auto mdl = compileQc("$animation first skeleton frame 1 1\n"
                         "$animation rest skeleton frame 0 0\n"
                         "$sequence nothing skeleton frame 0 0 subtract rest 0 delta\n");
    ASSERT_TRUE(mdl);
    const MdlSeqDesc& nothing = sequence(*mdl, "nothing");
    // Not at the origin, where the subtracted frame stands.
    EXPECT_NEAR(nothing.bbmin.y, 10.0, 1e-4);
    EXPECT_NEAR(nothing.bbmax.y, 10.0 + kCornerX, 1e-4);
}

// An animation's box is measured once, with the weights of the first sequence that plays it
// (Valve's combine_soldier_anims.mdl: layer_Aim_RPG_all, every bone 1, has a_RPG_aim_mid_left's
// box as layer_Aim_RPG_mid_left measured it before, at 0.6).
TEST_F(SequenceBoundsTest, AnAnimationsBoxIsMeasuredWithTheFirstSequencesWeights) {
    const std::string animations = "$animation rest skeleton frame 0 0\n"
                                   "$animation step skeleton frame 1 1 subtract rest 0\n"
                                   "$weightlist half \"root\" 0.5\n";
    auto both = compileQc(animations + "$sequence weak step weightlist half delta\n"
                                       "$sequence strong step delta\n");
    ASSERT_TRUE(both);
    // Half the delta's 10 units along the file's x (the model's y).
    EXPECT_NEAR(sequence(*both, "weak").bbmin.y, 5.0, 1e-4);
    EXPECT_NEAR(sequence(*both, "strong").bbmin.y, 5.0, 1e-4);
    EXPECT_NEAR(sequence(*both, "strong").bbmax.y, 5.0 + kCornerX, 1e-4);
    // Alone, the sequence measures the whole delta.
    auto alone = compileQc(animations + "$sequence strong step delta\n");
    ASSERT_TRUE(alone);
    EXPECT_NEAR(sequence(*alone, "strong").bbmin.y, 10.0, 1e-4);
}

} // namespace
} // namespace vtxc
