// IK rules and locks of compiled animations and sequences (docs/mdl-compile.md, "IK rules and
// locks"): sequence `iklock`s, which chains get an added release, the error track of a written
// release, the rules' index field, the default footstep height and the rules a sequence adds to
// an animation it plays by name; mistakes reported at their QC line.
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "formats/studio/mdl_codecs.h"
#include "testing/diagnostic_text.h"
#include "testing/mdl_comparison.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace vtxc {
namespace {

// root at z 10; arm 4 units along x; tip 2 further; one triangle on the arm.
const char* kReference = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\n2 \"tip\" 1\nend\n"
                         "skeleton\ntime 0\n0 0 0 10 0 0 0\n1 4 0 0 0 0 0\n2 2 0 0 0 0 0\nend\n"
                         "triangles\nmat\n1 4 0 10 0 0 1 0 0\n1 5 0 10 0 0 1 1 0\n"
                         "1 5 1 10 0 0 1 1 1\nend\n";

// Three frames turning the arm about z.
const char* kWave = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\n2 \"tip\" 1\nend\nskeleton\n"
                    "time 0\n0 0 0 10 0 0 0\n1 4 0 0 0 0 0\n2 2 0 0 0 0 0\n"
                    "time 1\n0 0 0 10 0 0 0\n1 4 0 0 0 0 0.5\n2 2 0 0 0 0 0\n"
                    "time 2\n0 0 0 10 0 0 0\n1 4 0 0 0 0 -0.5\n2 2 0 0 0 0 0\nend\n";

// Five frames of a walk: the root goes 2 units a frame along the file's x while the arm draws
// back as much, so the tip stays planted at x 6 in the file (a foot on the ground).
std::string walkFile() {
    std::string text = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\n2 \"tip\" 1\nend\nskeleton\n";
    for (int f = 0; f < 5; ++f)
        text += "time " + std::to_string(f) + "\n0 " + std::to_string(2 * f) + " 0 10 0 0 0\n1 " +
                std::to_string(4 - 2 * f) + " 0 0 0 0 0\n2 2 0 0 0 0 0\n";
    return text + "end\n";
}

// Two chains ending on the same bone: "first" (index 0) and "second" (index 1).
const char* kHead = "$modelname m.mdl\n$body b ref\n$ikchain first tip knee 0 1 0\n"
                    "$ikchain second tip knee 0 1 0 pad 4\n";

class IkRulesTest : public ::testing::Test {
  protected:
    std::optional<MdlFile> compileQc(const std::string& body) {
        test::writeText(dir / "ref.smd", kReference);
        test::writeText(dir / "wave.smd", kWave);
        test::writeText(dir / "walk.smd", walkFile());
        test::writeText(dir / "m.qc", std::string(kHead) + body);
        auto project = readQcModelProject(dir / "m.qc", sink);
        if (!project) return std::nullopt;
        auto output = compileProject(*project, CompileOptions{}, sink);
        if (!output || !output->mdl) return std::nullopt;
        return readMdl(writeMdl(*output->mdl), "m.mdl", sink);
    }

    std::string all() const { return test::diagnosticsText(sink); }

    // The first rule's error value of `animation` in `channel` at `frame` of its `frames`.
    static double errorValue(const MdlFile& mdl, const std::string& animation, int channel,
                             std::size_t frames, std::size_t frame) {
        const MdlIkRule& rule = test::namedAnimation(mdl, animation)->ikRules.at(0);
        const auto c = static_cast<std::size_t>(channel);
        return decodeAnimValues(rule.compressedError->values[c], frames).at(frame) *
               static_cast<double>(rule.compressedError->scale[c]);
    }

    test::TempDir dir;
    CollectingSink sink;
};

TEST_F(IkRulesTest, IkLocksAreTheSequencesRecordsInTheOrderWritten) {
    auto mdl = compileQc("$sequence s wave iklock second 1 0 iklock first 0.5 0.25\n"
                         "$sequence t wave\n");
    ASSERT_TRUE(mdl) << all();
    EXPECT_EQ(sink.find("QC062"), nullptr) << all(); // implemented: no "ignored" warning
    ASSERT_EQ(mdl->sequences.size(), 2u);
    EXPECT_EQ(mdl->sequences[0].iklocks,
              (std::vector<MdlIkLock>{{1, 1.0f, 0.0f, 0}, {0, 0.5f, 0.25f, 0}}));
    EXPECT_TRUE(mdl->sequences[1].iklocks.empty());
}

TEST_F(IkRulesTest, IkLockNamingNoChainIsAnErrorAtItsLine) {
    EXPECT_FALSE(compileQc("$sequence s wave\n$sequence t wave iklock third 1 0\n")) << all();
    ASSERT_NE(sink.find("SEQ005"), nullptr) << all();
    EXPECT_EQ(sink.find("SEQ005")->location.line, 6u);
    EXPECT_NE(sink.find("SEQ005")->location.file.find("m.qc"), std::string::npos);
}

TEST_F(IkRulesTest, IkLockWithoutANumberIsAnErrorAtTheWord) {
    EXPECT_FALSE(compileQc("$sequence s wave\n$sequence t wave {\n  iklock first 1 heavy\n}\n"));
    ASSERT_NE(sink.find("QC031"), nullptr) << all();
    EXPECT_EQ(sink.find("QC031")->location.line, 7u);
}

TEST_F(IkRulesTest, AddedReleasesSkipChainsTheWeightListWeighsZero) {
    auto mdl = compileQc("$weightlist still \"root\" 0\n$weightlist moving \"root\" 0 \"tip\" 1\n"
                         "$sequence a wave weightlist still\n$sequence b wave weightlist moving\n"
                         "$sequence c wave\n");
    ASSERT_TRUE(mdl) << all();
    EXPECT_TRUE(test::namedAnimation(*mdl, "@a")->ikRules.empty());
    ASSERT_EQ(test::namedAnimation(*mdl, "@b")->ikRules.size(), 2u);
    ASSERT_EQ(test::namedAnimation(*mdl, "@c")->ikRules.size(), 2u);
    for (const MdlIkRule& rule : test::namedAnimation(*mdl, "@c")->ikRules) {
        EXPECT_EQ(rule.type, 4); // IK_RELEASE
        EXPECT_FALSE(rule.compressedError.has_value());
    }
    EXPECT_EQ(mdl->sequences[0].numikrules, 0);
    EXPECT_EQ(mdl->sequences[1].numikrules, 2);
}

TEST_F(IkRulesTest, NoAutoIkAddsNoRelease) {
    auto mdl = compileQc("$sequence a wave noautoik ikrule first release\n"
                         "$sequence b wave autoik\n$sequence c wave delta\n");
    ASSERT_TRUE(mdl) << all();
    EXPECT_EQ(sink.find("QC062"), nullptr) << all();
    ASSERT_EQ(test::namedAnimation(*mdl, "@a")->ikRules.size(), 1u); // the written one only
    EXPECT_EQ(test::namedAnimation(*mdl, "@a")->ikRules[0].chain, 0);
    EXPECT_EQ(test::namedAnimation(*mdl, "@b")->ikRules.size(), 2u);
    EXPECT_EQ(test::namedAnimation(*mdl, "@c")->ikRules.size(), 2u); // `delta` alone keeps them
}

TEST_F(IkRulesTest, AttachmentRuleLocksTheChainEndAtTheContactFrame) {
    auto mdl = compileQc("$attachment grip tip 0 0 0\n"
                         "$sequence s wave ikrule second attachment grip contact 1 radius 20\n");
    ASSERT_TRUE(mdl) << all();
    const auto& rules = test::namedAnimation(*mdl, "@s")->ikRules;
    ASSERT_EQ(rules.size(), 2u);
    const MdlIkRule& rule = rules[0];
    EXPECT_EQ(rule.type, 5); // IK_ATTACHMENT
    EXPECT_EQ(rule.attachment, "grip");
    EXPECT_EQ(rule.bone, 2); // the chain's end
    EXPECT_EQ(rule.radius, 20.0f);
    // Frame 1 turns the arm 0.5 rad about z: the tip is 2 units along that direction, in the
    // model frame (the SMD's turned +90 degrees about z, as for every compiled model).
    const double half = (0.5 + std::numbers::pi / 2) / 2;
    EXPECT_NEAR(rule.pos.x, -2 * std::sin(0.5), 1e-4);
    EXPECT_NEAR(rule.pos.y, 4 + 2 * std::cos(0.5), 1e-4);
    EXPECT_NEAR(rule.pos.z, 10, 1e-4);
    EXPECT_NEAR(rule.q.z, std::sin(half), 1e-4); // the tip's orientation
    EXPECT_NEAR(rule.q.w, std::cos(half), 1e-4);
    ASSERT_TRUE(rule.compressedError.has_value());
    // At the contact frame the end sits on its target: no error there.
    for (std::size_t channel = 0; channel < 6; ++channel) {
        const auto values = decodeAnimValues(rule.compressedError->values[channel], 3);
        EXPECT_EQ(values[1], 0) << channel;
    }
}

TEST_F(IkRulesTest, AWrittenReleaseCarriesAnErrorTrackOfZeros) {
    auto mdl = compileQc("$sequence s wave ikrule second release\n");
    ASSERT_TRUE(mdl) << all();
    const auto& rules = test::namedAnimation(*mdl, "@s")->ikRules;
    ASSERT_EQ(rules.size(), 2u);
    EXPECT_EQ(rules[0].chain, 1); // the written one first, then the added one
    ASSERT_TRUE(rules[0].compressedError.has_value());
    for (const MdlAnimValues& channel : rules[0].compressedError->values)
        EXPECT_EQ(decodeAnimValues(channel, 3), (std::vector<std::int16_t>{0, 0, 0}));
    EXPECT_EQ(rules[1].chain, 0);
    EXPECT_FALSE(rules[1].compressedError.has_value());
}

TEST_F(IkRulesTest, RulesOfAnAnimationNoSequencePlaysAllHoldIndexZero) {
    auto mdl = compileQc("$animation unused wave\n$animation used wave\n$sequence s used\n");
    ASSERT_TRUE(mdl) << all();
    const auto& unused = test::namedAnimation(*mdl, "unused")->ikRules;
    const auto& used = test::namedAnimation(*mdl, "used")->ikRules;
    ASSERT_EQ(unused.size(), 2u);
    ASSERT_EQ(used.size(), 2u);
    EXPECT_EQ(unused[0].index, 0);
    EXPECT_EQ(unused[1].index, 0);
    EXPECT_EQ(used[0].index, 0);
    EXPECT_EQ(used[1].index, 1);
}

TEST_F(IkRulesTest, FootstepWithoutHeightHasHeight18) {
    auto mdl = compileQc("$sequence s wave ikrule first footstep ikrule second footstep height 20 "
                         "floor 1\n");
    ASSERT_TRUE(mdl) << all();
    const auto& rules = test::namedAnimation(*mdl, "@s")->ikRules;
    ASSERT_EQ(rules.size(), 2u);
    EXPECT_EQ(rules[0].type, 3); // IK_GROUND
    EXPECT_EQ(rules[0].height, 18.0f);
    EXPECT_EQ(rules[0].radius, 0.0f); // no pad on the chain
    EXPECT_EQ(rules[1].height, 20.0f);
    EXPECT_EQ(rules[1].floor, 1.0f);
    EXPECT_EQ(rules[1].radius, 2.0f); // half the chain's pad
    EXPECT_EQ(rules[1].pos.z, 1.0f);  // the target stands on the floor
}

TEST_F(IkRulesTest, ASequencePlayingAnAnimationByNameAddsItsRulesToIt) {
    auto mdl = compileQc("$animation base wave\n$sequence s base ikrule second release\n");
    ASSERT_TRUE(mdl) << all();
    const auto& rules = test::namedAnimation(*mdl, "base")->ikRules;
    ASSERT_EQ(rules.size(), 2u);
    EXPECT_EQ(rules[0].chain, 1);
    EXPECT_TRUE(rules[0].compressedError.has_value());
    EXPECT_EQ(rules[1].chain, 0);
}

// The engine places a ground rule's target where the model is at the contact and the foot, frame
// by frame, where the model has moved on: a planted foot keeps one error however the root's
// motion was taken out (Valve's a_PoliceWalkS: equal to Valve's within the lock). The piece ends
// at a walkframe, so its record runs to the last frame (bare words would end it early).
TEST_F(IkRulesTest, APlantedFootOfAWalkKeepsOneErrorWhileTheModelMoves) {
    auto mdl = compileQc(
        "$sequence walk walk walkframe 4 LX LY ikrule first footstep contact 0 range 0 0 4 4\n");
    ASSERT_TRUE(mdl) << all();
    const MdlAnimDesc& walk = *test::namedAnimation(*mdl, "@walk");
    ASSERT_EQ(walk.movements.size(), 1u);
    const MdlIkRule& rule = walk.ikRules.at(0);
    ASSERT_TRUE(rule.compressedError.has_value());
    for (std::size_t channel = 0; channel < 3; ++channel) {
        const auto values = decodeAnimValues(rule.compressedError->values[channel], 5);
        for (int f = 1; f < 5; ++f)
            EXPECT_NEAR(values[static_cast<std::size_t>(f)], values[0], 1) << channel << " " << f;
    }
}

// A range that runs past a loop's end is unrolled, and so is a contact before the start; the
// error track then starts at the start frame (iStart) and runs on into the next lap (Valve's
// a_PoliceWalkS: `range 29 7 21 29` of 31 frames is 0.967 1.233 1.7 1.967, iStart 29).
TEST_F(IkRulesTest, ARangePastTheLoopsEndIsUnrolledAndItsTrackStartsAtItsStart) {
    auto mdl = compileQc("$sequence walk walk loop LX LY ikrule first footstep contact 1 "
                         "range 3 1 2 3\n");
    ASSERT_TRUE(mdl) << all();
    const MdlIkRule& rule = test::namedAnimation(*mdl, "@walk")->ikRules.at(0);
    EXPECT_FLOAT_EQ(rule.start, 0.75f);
    EXPECT_FLOAT_EQ(rule.peak, 1.25f);
    EXPECT_FLOAT_EQ(rule.tail, 1.5f);
    EXPECT_FLOAT_EQ(rule.end, 1.75f);
    EXPECT_FLOAT_EQ(rule.contact, 1.25f);
    EXPECT_EQ(rule.iStart, 3);
}

// Outside the lock a ground rule's target slides, by the engine's ramp weight, from the locked
// point to where the foot's own centre point is, on the floor: at the range's ends the error is
// the foot's offset from its own centre (Valve's a_PoliceWalkS and a_PoliceRunS feet, within
// 0.004 units frame by frame).
TEST_F(IkRulesTest, AGroundRulesTargetSlidesToTheFootsOwnCentreOutsideTheLock) {
    auto mdl = compileQc("$ikchain foot tip knee 0 1 0 center 1 0 0\n"
                         "$sequence s wave ikrule foot footstep contact 1 range 0 1 1 2\n");
    ASSERT_TRUE(mdl) << all();
    const MdlIkRule& rule = test::namedAnimation(*mdl, "@s")->ikRules.at(0);
    ASSERT_TRUE(rule.compressedError.has_value());
    const auto error = [&](int channel, std::size_t frame) {
        return errorValue(*mdl, "@s", channel, 3, frame);
    };
    // The tip points along the arm, which the model's +90 degree turn points along y, turned
    // by the frame's angle: frame 0 has its centre 1 unit along y, frame 2 0.5 rad off that.
    EXPECT_NEAR(error(0, 0), 0.0, 0.01);
    EXPECT_NEAR(error(1, 0), -1.0, 0.01);
    EXPECT_NEAR(error(0, 2), -std::sin(0.5), 0.01);
    EXPECT_NEAR(error(1, 2), -std::cos(0.5), 0.01);
    // The height stays the foot's above the floor.
    for (std::size_t frame = 0; frame < 3; ++frame)
        EXPECT_NEAR(error(2, frame), 10.0, 0.01) << frame;
}

// A track holds the frames of its range, start to end, and 2 more when the end is past the
// animation's last frame; each of its six channels is written, zeros too (Valve's
// g_open_door_lever_backarms, `range 4 11 16 24` of 36 frames: 21 values; a_PoliceWalkS's foot,
// `range 29 7 21 29` of 31 frames, frames 29 to 59: 33 values).
TEST_F(IkRulesTest, AnErrorTrackHoldsTheFramesOfItsRangeInSixChannels) {
    auto mdl = compileQc("$attachment grip tip 0 0 0\n"
                         "$sequence s walk ikrule first footstep contact 2 range 1 2 2 3 "
                         "ikrule second attachment grip contact 2 range 1 2 2 3\n"
                         "$sequence t walk loop ikrule first footstep contact 4 range 3 4 1 2 "
                         "ikrule second release range 0 0 6 6\n");
    ASSERT_TRUE(mdl) << all();
    const auto expectHolds = [&](const std::string& animation, std::size_t rule, int frames) {
        const MdlIkRule& written = test::namedAnimation(*mdl, animation)->ikRules.at(rule);
        ASSERT_TRUE(written.compressedError.has_value()) << animation << " " << rule;
        for (const MdlAnimValues& channel : written.compressedError->values)
            EXPECT_EQ(animValuesFrameCount(channel), frames) << animation << " " << rule;
    };
    expectHolds("@s", 0, 3); // frames 1 to 3
    expectHolds("@s", 1, 3);
    expectHolds("@t", 0, 6); // frames 3 to 6 of a 5-frame loop (6 is frame 2 of the next lap)
    expectHolds("@t", 1, 9); // frames 0 to 6
}

// `usesource` measures the rule on the file's own frames though `frame 0 0` holds the first
// (Valve's cover_pistol_layer: a_walkN_hold_pistol frame 0 for 30 frames, its touch rule
// following the walk's hands frame by frame).
TEST_F(IkRulesTest, UsesourceMeasuresTheRuleOnTheFilesOwnFrames) {
    auto mdl = compileQc("$sequence held walk frame 0 0 numframes 5 "
                         "ikrule first touch root usesource\n"
                         "$sequence still walk frame 0 0 numframes 5 ikrule first touch root\n");
    ASSERT_TRUE(mdl) << all();
    EXPECT_EQ(sink.find("QC062"), nullptr) << all(); // implemented: no "ignored" warning
    const auto along = [&](const std::string& animation, std::size_t frame) {
        return errorValue(*mdl, animation, 0, 5, frame);
    };
    // The tip is 4 - 2f + 2 from the root along the file's x in frame f.
    for (std::size_t frame = 0; frame < 5; ++frame) {
        EXPECT_NEAR(along("@held", frame), 6.0 - 2.0 * static_cast<double>(frame), 0.01) << frame;
        EXPECT_NEAR(along("@still", frame), 6.0, 0.01) << frame;
    }
}

// `usesequence` measures the rule on the sequence with its layers: here a `noanimation` sequence
// (the bind pose: tip 6 units from the root) under the walk (tip 6 - 2k at frame k), blended in
// straight from frame 0 to 2 and out to 4; at frame u the layer shows its frame u * 4 / 5,
// rounded down (Valve's @gesture_reload_ar2: a 59-frame sequence shows its 66-frame layers' frame
// 11 at frame 10, 22 at 20). A layer's weight list weighs its bones.
TEST_F(IkRulesTest, UsesequenceMeasuresTheRuleOnTheSequenceWithItsLayers) {
    auto mdl = compileQc("$weightlist noarm \"root\" 1 \"arm\" 0\n"
                         "$sequence layer walk\n$sequence still walk weightlist noarm\n"
                         "$sequence g walk noanimation blendlayer layer 0 2 2 4 "
                         "ikrule first touch root usesequence\n"
                         "$sequence h walk noanimation blendlayer still 0 2 2 4 "
                         "ikrule first touch root usesequence\n"
                         "$sequence alone walk noanimation ikrule first touch root\n");
    ASSERT_TRUE(mdl) << all();
    EXPECT_EQ(sink.find("QC062"), nullptr) << all(); // implemented: no "ignored" warning
    const auto along = [&](const std::string& animation, std::size_t frame) {
        return errorValue(*mdl, animation, 0, 5, frame);
    };
    // Weights 0, 0.5, 1, 0.5, 0 on the layer's frames 0, 0, 1, 2, 3.
    const double expected[] = {6.0, 6.0, 4.0, 4.0, 6.0};
    for (std::size_t frame = 0; frame < 5; ++frame) {
        EXPECT_NEAR(along("@g", frame), expected[frame], 0.01) << frame;
        EXPECT_NEAR(along("@h", frame), 6.0, 0.01) << frame; // the arm weighs 0 in the layer
    }
    // Without it the rule is measured on the animation: a delta of zeros on the first animation's
    // first frame (the walk's frame 0: tip 6 units out).
    EXPECT_NEAR(along("@alone", 2), 6.0, 0.01);
}

// A delta animation's rule is measured on its frames added to the model's first animation's first
// frame, not on the frame it was taken from (Valve's monk_animations.mdl gesture_shoot_annabelle,
// a delta of another animation's frame).
TEST_F(IkRulesTest, ADeltasRuleIsMeasuredOnTheFirstAnimationsFirstFrame) {
    auto mdl = compileQc("$sequence idle wave frame 0 0\n$animation base wave frame 1 1\n"
                         "$sequence d wave subtract base 0 delta ikrule first touch root\n");
    ASSERT_TRUE(mdl) << all();
    const auto across = [&](std::size_t frame) { return errorValue(*mdl, "@d", 1, 3, frame); };
    // The arm turns -0.5, 0 and -1 radians from the idle's straight arm: the tip 2 units out
    // goes 2 sin(angle) across (on the subtracted frame it would be 0, 0.96 and -0.96).
    EXPECT_NEAR(across(0), 2.0 * std::sin(-0.5), 0.01);
    EXPECT_NEAR(across(1), 0.0, 0.01);
    EXPECT_NEAR(across(2), 2.0 * std::sin(-1.0), 0.01);
}

TEST_F(IkRulesTest, AWrittenReleaseKeepsItsRangeAndRangeZeroIsNone) {
    auto mdl = compileQc("$sequence s walk ikrule first release range 0 0 6 6 "
                         "ikrule second release range 0 0 0 0\n");
    ASSERT_TRUE(mdl) << all();
    const auto& rules = test::namedAnimation(*mdl, "@s")->ikRules;
    ASSERT_EQ(rules.size(), 2u);
    // Six frames past the start of a five-frame animation: 1.5 (Valve's
    // layer_run_hold_baton_angry); `range 0 0 0 0` gives 0 0 1 1 (rappel_a_preIdle).
    EXPECT_FLOAT_EQ(rules[0].tail, 1.5f);
    EXPECT_FLOAT_EQ(rules[0].end, 1.5f);
    EXPECT_FLOAT_EQ(rules[1].tail, 1.0f);
    EXPECT_FLOAT_EQ(rules[1].end, 1.0f);
}

// Frames far past the animation's end unroll in one step and end the track at the next lap: a QC
// with such numbers compiles without counting laps one at a time (a float stops growing by 1
// past 2^24, so it would never end).
TEST_F(IkRulesTest, FarOffRangeAndContactFramesCompileAndUnrollInOneStep) {
    auto mdl = compileQc("$sequence walk walk loop LX ikrule first footstep contact 1e9 "
                         "range 1e9 0 0 0\n");
    ASSERT_TRUE(mdl) << all();
    const MdlIkRule& rule = test::namedAnimation(*mdl, "@walk")->ikRules.at(0);
    EXPECT_GE(rule.peak, rule.start);
    EXPECT_LT(rule.peak - rule.start, 1.0f + 1e-3f * rule.start);
    EXPECT_GE(rule.contact, rule.start);
    EXPECT_GE(rule.iStart, 0);
    EXPECT_LE(rule.iStart, 4);
}

// A foot its weight list leaves out still has its target where the file puts it (Valve's
// layer_rpg_aim: the thighs weigh 0, its targets follow the file's feet).
TEST_F(IkRulesTest, AGroundRuleIsMeasuredOnTheFramesBeforeTheWeightList) {
    auto mdl = compileQc("$weightlist still \"root\" 1 \"arm\" 0 \"tip\" 0\n"
                         "$sequence s wave weightlist still ikrule first footstep contact 2\n");
    ASSERT_TRUE(mdl) << all();
    const MdlIkRule& rule = test::namedAnimation(*mdl, "@s")->ikRules.at(0);
    // Frame 2 turns the arm -0.5 rad: the tip at (4 + 2 cos 0.5, -2 sin 0.5) in the file, turned
    // +90 degrees into the model; on the floor.
    EXPECT_NEAR(rule.pos.x, 2 * std::sin(0.5), 1e-4);
    EXPECT_NEAR(rule.pos.y, 4 + 2 * std::cos(0.5), 1e-4);
    EXPECT_NEAR(rule.pos.z, 0, 1e-6);
}

} // namespace
} // namespace vtxc
