// What an NPC animation library's QC builds on, end to end on small animation-only QCs:
// `$append` / `$continue` adding to an earlier sequence, `noanimation`, `splinedelta`, weight
// lists without a named root, the order of pose parameters, and the cycles of layers on a
// sequence of one frame. Each rule is the one Valve's compiled libraries show
// (docs/mdl-compile.md).
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "formats/qc/qc_project.h"
#include "formats/studio/mdl_codecs.h"
#include "testing/diagnostic_text.h"
#include "testing/mdl_comparison.h"
#include "testing/test_support.h"

#include <bit>
#include <cmath>
#include <gtest/gtest.h>

namespace vtxc {
namespace {

// Three bones: root, spine (child of root), arm (child of spine); four frames in which the arm
// turns and the spine rises.
const char* const kThreeBones = "version 1\nnodes\n0 \"root\" -1\n1 \"spine\" 0\n2 \"arm\" 1\nend\n"
                                "skeleton\n"
                                "time 0\n0 0 0 0 0 0 0\n1 0 0 10 0 0 0\n2 4 0 0 0 0 0\n"
                                "time 1\n0 0 0 0 0 0 0\n1 0 0 11 0 0 0\n2 4 0 0 0 0 0.5\n"
                                "time 2\n0 0 0 0 0 0 0\n1 0 0 12 0 0 0\n2 4 0 0 0 0 1.0\n"
                                "time 3\n0 0 0 0 0 0 0\n1 0 0 13 0 0 0\n2 4 0 0 0 0 1.5\n"
                                "end\n";

class SequenceAppendTest : public ::testing::Test {
  protected:
    std::optional<CompileOutput> compile(const std::string& body) {
        test::writeText(dir / "walk.smd", kThreeBones);
        test::writeText(dir / "m.qc", "$modelname \"anims.mdl\"\n" + body);
        const auto project = readQcModelProject(dir / "m.qc", sink);
        if (!project) return std::nullopt;
        return compileProject(*project, CompileOptions{}, sink);
    }

    std::string all() const { return test::diagnosticsText(sink); }

    test::TempDir dir;
    CollectingSink sink;
};

TEST_F(SequenceAppendTest, AppendAddsEventsLayersAndActivityAndReplacesSingleValues) {
    const auto out = compile("$sequence base walk.smd fps 30\n"
                             "$sequence layer walk.smd hidden\n"
                             "$append base { activity ACT_WALK 2 fps 15 { event 7 3 \"\" } }\n"
                             "$append \"BASE\" addlayer layer\n");
    ASSERT_TRUE(out && out->mdl) << all();
    const MdlSeqDesc* base = test::namedSequence(*out->mdl, "base");
    ASSERT_NE(base, nullptr);
    EXPECT_EQ(base->activityName, "ACT_WALK");
    EXPECT_EQ(base->actweight, 2);
    ASSERT_EQ(base->events.size(), 1u);
    EXPECT_EQ(base->events[0].event, 7);
    EXPECT_FLOAT_EQ(base->events[0].cycle, 1.0f); // frame 3 of 0..3
    ASSERT_EQ(base->autolayers.size(), 1u);
    EXPECT_EQ(base->autolayers[0].iSequence, 1);
    const MdlAnimDesc* played = test::namedAnimation(*out->mdl, "@base");
    ASSERT_NE(played, nullptr);
    EXPECT_FLOAT_EQ(played->fps, 15.0f);
    EXPECT_EQ(sink.find("QC061"), nullptr) << all();
}

TEST_F(SequenceAppendTest, ContinueTakesTheOptionsAMacroCallerWritesAfterTheBody) {
    const auto out = compile("$definemacro gesture name \\\\\n"
                             "$sequence $name$ walk.smd hidden \\\\\n"
                             "$continue $name$\n"
                             "$gesture wave activity ACT_SIGNAL 1\n");
    ASSERT_TRUE(out && out->mdl) << all();
    const MdlSeqDesc* wave = test::namedSequence(*out->mdl, "wave");
    ASSERT_NE(wave, nullptr);
    EXPECT_EQ(wave->activityName, "ACT_SIGNAL");
}

TEST_F(SequenceAppendTest, AppendToAnUnknownSequenceIsAnErrorAtTheName) {
    EXPECT_FALSE(compile("$sequence base walk.smd\n\n$append  nothing { fps 10 }\n"));
    const Diagnostic* error = sink.find("QC071");
    ASSERT_NE(error, nullptr) << all();
    EXPECT_EQ(error->location.line, 4u);
    EXPECT_EQ(error->location.column, 10u);
    EXPECT_TRUE(error->location.file.ends_with("m.qc")) << all();
}

TEST_F(SequenceAppendTest, NoAnimationIsADeltaOfZerosThatWeighsNothing) {
    const auto out = compile("$sequence layer walk.smd hidden\n"
                             "$sequence gesture walk.smd noanimation numframes 6 "
                             "blendlayer layer 0 1 4 5\n");
    ASSERT_TRUE(out && out->mdl) << all();
    const MdlAnimDesc* played = test::namedAnimation(*out->mdl, "@gesture");
    ASSERT_NE(played, nullptr);
    EXPECT_EQ(played->flags, kStudioDelta | kStudioAllZeros);
    EXPECT_EQ(played->numframes, 6);
    EXPECT_TRUE(played->bones.empty());
    const MdlSeqDesc* gesture = test::namedSequence(*out->mdl, "gesture");
    ASSERT_NE(gesture, nullptr);
    EXPECT_EQ(gesture->flags & kStudioDelta, 0); // the sequence is no delta
    for (float weight : gesture->weights)
        EXPECT_EQ(weight, 0.0f);
    ASSERT_EQ(gesture->autolayers.size(), 1u);
    EXPECT_FLOAT_EQ(gesture->autolayers[0].tail, 0.8f); // frame 4 of 0..5
    EXPECT_EQ(sink.find("QC062"), nullptr) << all();
}

TEST_F(SequenceAppendTest, SplineDeltaIsZeroAtBothEndsAndEasedBetween) {
    const auto out = compile("$sequence eased walk.smd splinedelta hidden\n");
    ASSERT_TRUE(out && out->mdl) << all();
    const MdlAnimDesc* played = test::namedAnimation(*out->mdl, "@eased");
    ASSERT_NE(played, nullptr);
    EXPECT_EQ(played->flags & kStudioDelta, kStudioDelta);
    ASSERT_EQ(played->numframes, 4);
    // The spine rises 1 unit a frame, in a straight line; the eased blend (3t^2 - 2t^3) of
    // the ends at frame 1 (t = 1/3) is 7/27 of the way, so the delta there is 1 - 3 * 7/27.
    auto spineRise = [&](int frame) {
        const Vec3 p = decodeAnimationFrame(*played, out->mdl->bones, frame).at(1).position;
        return std::sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
    };
    EXPECT_NEAR(spineRise(0), 0.0, 1e-3);
    EXPECT_NEAR(spineRise(3), 0.0, 1e-3);
    EXPECT_NEAR(spineRise(1), 1.0 - 3.0 * 7.0 / 27.0, 1e-2);
}

TEST_F(SequenceAppendTest, AWeightListsUnnamedRootWeighsNothing) {
    const auto out = compile("$weightlist upper spine 1.0 arm 0.5\n"
                             "$sequence upper walk.smd weightlist upper\n");
    ASSERT_TRUE(out && out->mdl) << all();
    const MdlSeqDesc* upper = test::namedSequence(*out->mdl, "upper");
    ASSERT_NE(upper, nullptr);
    ASSERT_EQ(upper->weights.size(), 3u);
    EXPECT_EQ(upper->weights[0], 0.0f);
    EXPECT_EQ(upper->weights[1], 1.0f);
    EXPECT_EQ(upper->weights[2], 0.5f);
}

TEST_F(SequenceAppendTest, PoseParametersAreNumberedInTheOrderFirstNamed) {
    const auto out = compile("$animation a walk.smd frame 0 0\n"
                             "$animation b walk.smd frame 3 3\n"
                             "$sequence turn a b blend yaw -90 90\n"
                             "$poseparameter lower 0 1\n"
                             "$poseparameter wrapped -180 180 wrap\n"
                             "$sequence lean a b blend pitch -10 10\n");
    ASSERT_TRUE(out && out->mdl) << all();
    const auto& parameters = out->mdl->poseParameters;
    ASSERT_EQ(parameters.size(), 4u);
    EXPECT_EQ(parameters[0].name, "yaw");
    EXPECT_EQ(parameters[1].name, "lower");
    EXPECT_EQ(parameters[1].flags, 0); // no `loop` or `wrap`: not looping
    EXPECT_EQ(parameters[2].name, "wrapped");
    EXPECT_EQ(parameters[2].flags, 1);
    EXPECT_EQ(parameters[3].name, "pitch");
}

// A declaration sets a parameter's range; a blend written after it widens that range as it
// widens an undeclared one (labturret.qc declares `aim_yaw 180 -180`, then blends it -180 180:
// Valve's labturret_npc.mdl has -180 to 180), and a later declaration replaces both.
TEST_F(SequenceAppendTest, ABlendWidensADeclaredRangeAndALaterDeclarationReplacesIt) {
    const auto out = compile("$animation a walk.smd frame 0 0\n"
                             "$animation b walk.smd frame 3 3\n"
                             "$poseparameter yaw 180 -180 loop 360\n"
                             "$poseparameter pitch -10 10\n"
                             "$sequence turn a b blend yaw -180 180\n"
                             "$sequence lean a b blend pitch -5 5\n"
                             "$sequence tilt a b blend roll -30 30\n"
                             "$poseparameter roll 0 1\n");
    ASSERT_TRUE(out && out->mdl) << all();
    const auto& parameters = out->mdl->poseParameters;
    ASSERT_EQ(parameters.size(), 3u);
    EXPECT_EQ(parameters[0].start, -180.0f);
    EXPECT_EQ(parameters[0].end, 180.0f);
    EXPECT_EQ(parameters[0].loop, 360.0f);
    EXPECT_EQ(parameters[1].start, -10.0f); // within the declared range: unchanged
    EXPECT_EQ(parameters[1].end, 10.0f);
    EXPECT_EQ(parameters[2].start, 0.0f);
    EXPECT_EQ(parameters[2].end, 1.0f);
}

TEST_F(SequenceAppendTest, LayersOfAOneFrameSequenceHoldValvesNaNCycles) {
    const auto out = compile("$sequence layer walk.smd hidden\n"
                             "$sequence still walk.smd frame 0 0 addlayer layer\n");
    ASSERT_TRUE(out && out->mdl) << all();
    const MdlSeqDesc* still = test::namedSequence(*out->mdl, "still");
    ASSERT_NE(still, nullptr);
    ASSERT_EQ(still->autolayers.size(), 1u);
    for (float cycle : {still->autolayers[0].start, still->autolayers[0].peak,
                        still->autolayers[0].tail, still->autolayers[0].end})
        EXPECT_EQ(std::bit_cast<std::uint32_t>(cycle), 0xFFC00000u);
}

// A frame count past studio.h's MAXSTUDIOANIMFRAMES would only allocate frames: refused at its
// word.
TEST_F(SequenceAppendTest, NumFramesPastTheEnginesLimitIsAnErrorAtTheWord) {
    EXPECT_FALSE(compile("$sequence base walk.smd\n$sequence many walk.smd numframes 5000\n"));
    const Diagnostic* error = sink.find("QC031");
    ASSERT_NE(error, nullptr) << all();
    EXPECT_EQ(error->location.line, 3u);
    EXPECT_EQ(error->location.column, 25u);
}

// A source word names a file before an earlier $animation of that name, in an $animation; a
// $sequence keeps the animation (police_animations.mdl, docs/mdl-compile.md "Real trees").
TEST_F(SequenceAppendTest, AnAnimationsSourceIsAFileBeforeAnEarlierAnimationsName) {
    std::filesystem::create_directories(dir / "sub");
    test::writeText(dir / "sub" / "run.smd",
                    "version 1\nnodes\n0 \"root\" -1\n1 \"spine\" 0\n2 \"arm\" 1\nend\n"
                    "skeleton\ntime 0\n0 0 0 0 0 0 0\n1 0 0 10 0 0 0\n2 4 0 0 0 0 0\n"
                    "time 1\n0 0 0 0 0 0 0\n1 0 0 10 0 0 0\n2 4 0 0 0 0 0.2\nend\n");
    const auto out = compile("$animation run walk.smd\n"
                             "$pushd sub\n"
                             "$animation copy run\n"
                             "$sequence played run\n"
                             "$popd\n");
    ASSERT_TRUE(out && out->mdl) << all();
    const MdlAnimDesc* copy = test::namedAnimation(*out->mdl, "copy");
    ASSERT_NE(copy, nullptr);
    EXPECT_EQ(copy->numframes, 2); // sub/run.smd
    const MdlSeqDesc* played = test::namedSequence(*out->mdl, "played");
    ASSERT_NE(played, nullptr);
    ASSERT_EQ(played->blends.size(), 1u);
    EXPECT_EQ(out->mdl->animations.at(static_cast<std::size_t>(played->blends[0])).name, "run");
}

} // namespace
} // namespace vtxc
