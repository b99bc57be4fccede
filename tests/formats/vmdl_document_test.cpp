// Tests of the model document: every attribute of the wiki's tables and their defaults, internal
// and external animation groups, content-root resolution, and each VMDL0xx document error by line.
#include "formats/vmdl/vmdl_document.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

const fs::path kData = fs::path(VTXC_SOURCE_DIR) / "tests/data/vmdl";

std::optional<VmdlDocument> loadText(const test::TempDir& dir, const std::string& text,
                                     CollectingSink& sink, const fs::path& root = {}) {
    test::writeText(dir / "model.vmdl", text);
    return loadVmdlDocument(dir / "model.vmdl", root, sink);
}

// One reference to group G (lines 1-3), whose m_Vanim holds one CVanim: `body` starts on line 6.
std::string documentWith(const std::string& body) {
    return "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
           "  CVanimGroup* m_pObject = &G } ]\n"
           "CVanimGroup G {\n"
           "  CVanim[] m_Vanim = [\n"
           "    CVanim {\n" +
           body + "    }\n  ]\n}\n";
}

const std::string kNamed = "string m_Animationname = \"a\"\nstring m_Filepath = \"a.smd\"\n";

// Lines of `documentWith(kNamed + rest)`: rest starts on line 8.
std::string animationWith(const std::string& rest) {
    return documentWith(kNamed + rest);
}

void expectDiagnostic(const std::string& text, const std::string& code, std::uint32_t line,
                      Severity severity = Severity::Error) {
    test::TempDir dir;
    CollectingSink sink;
    const auto document = loadText(dir, text, sink);
    EXPECT_EQ(document.has_value(), severity != Severity::Error) << text;
    const Diagnostic* found = sink.find(code);
    ASSERT_NE(found, nullptr) << "no " << code << " in:\n" << text;
    EXPECT_EQ(found->severity, severity);
    EXPECT_EQ(found->location.file, (dir / "model.vmdl").string());
    EXPECT_EQ(found->location.line, line) << formatDiagnostic(*found);
}

TEST(VmdlDocument, ReadsEveryAttributeOfTheSeedTables) {
    CollectingSink sink;
    const auto document = loadVmdlDocument(kData / "full.vmdl", {}, sink);
    ASSERT_TRUE(document.has_value());
    EXPECT_EQ(document->contentRoot, kData);
    ASSERT_EQ(document->groups.size(), 3u);
    EXPECT_EQ(document->animationCount(), 4u);

    const AnimationGroup& main = document->groups[0];
    EXPECT_EQ(main.name, "main");
    EXPECT_EQ(main.location.line, 19u);
    EXPECT_EQ(main.scripts,
              (std::vector<std::string>{"scripts\\reference.lua", "scripts\\main.lua"}));
    ASSERT_EQ(main.animations.size(), 2u);

    const AnimationDefinition& walk = main.animations[0];
    EXPECT_EQ(walk.name, "walk");
    EXPECT_EQ(walk.group, "main");
    EXPECT_EQ(walk.filepath, "anims\\walk.smd");
    EXPECT_EQ(walk.sourcePath, kData / "anims/walk.smd");
    EXPECT_EQ(walk.startFrame, 1);
    EXPECT_EQ(walk.endFrame, 9);
    EXPECT_TRUE(walk.endFrameGiven);
    EXPECT_EQ(walk.endFrameLocation.line, 52u);
    EXPECT_DOUBLE_EQ(walk.fps, 24.0);
    EXPECT_TRUE(walk.loop.loop);
    EXPECT_TRUE(walk.loop.smoothLoop);
    EXPECT_EQ(walk.loop.smoothLoopStart, 2);
    EXPECT_EQ(walk.loop.smoothLoopEnd, 3);
    EXPECT_TRUE(walk.loop.startLoopEnabled);
    EXPECT_EQ(walk.loop.loopRestart, 4);
    EXPECT_EQ(walk.loop.loopRestartLocation.line, 63u);
    EXPECT_TRUE(walk.hidden);
    ASSERT_EQ(walk.activities.size(), 2u);
    EXPECT_EQ(walk.activities[0].name, "ACT_WALK");
    EXPECT_EQ(walk.activities[0].weight, 2);
    EXPECT_EQ(walk.activities[1].name, "ACT_RUN");
    EXPECT_EQ(walk.activities[1].weight, 1); // the documented default
    ASSERT_EQ(walk.events.size(), 1u);
    EXPECT_EQ(walk.events[0].event, "AE_FOOTSTEP");
    EXPECT_EQ(walk.events[0].frame, 3);
    EXPECT_EQ(walk.events[0].data, "left \"heel\"");
    ASSERT_EQ(walk.motionFrames.size(), 2u);
    const MotionFrame& first = walk.motionFrames[0];
    const MotionFrame& second = walk.motionFrames[1];
    EXPECT_EQ(first.frame, 0);
    EXPECT_EQ(second.frame, 4);
    using Flags = std::array<bool, kMotionAxisCount>;
    EXPECT_EQ(first.extract, (Flags{true, true, true, false, false, false}));
    EXPECT_EQ(first.discard, (Flags{false, false, false, true, true, true}));
    EXPECT_EQ(second.extract, (Flags{false, false, false, true, true, true}));
    EXPECT_EQ(second.discard, (Flags{true, true, true, false, false, false}));
    ASSERT_EQ(walk.ikRules.size(), 1u);
    EXPECT_EQ(walk.ikRules[0].name, "CIKrule_0");
    EXPECT_EQ(walk.ikRules[0].object.find("m_Bone")->value.text, "leg");
    EXPECT_EQ(walk.adjust.translation, (std::array<double, 3>{1, 2, 3}));
    EXPECT_EQ(walk.adjust.rotation, (std::array<double, 3>{0, 0, 90}));
    EXPECT_EQ(walk.keywords, (std::vector<std::string>{"walk", "locomotion"}));
    ASSERT_EQ(walk.extra.size(), 1u);
    EXPECT_EQ(walk.extra[0].path, "m_nFutureSetting");
    EXPECT_EQ(walk.extra[0].value.integer, 7);
    // The unknown attribute is warned about, once, at its line.
    ASSERT_EQ(sink.warningCount(), 1u);
    EXPECT_EQ(sink.find("VMDL014")->location.line, 137u);

    const AnimationGroup& nested = document->groups[1];
    EXPECT_EQ(nested.name, "nested"); // the table's spelling m_name
    ASSERT_EQ(nested.animations.size(), 1u);
    EXPECT_EQ(nested.animations[0].endFrame, 10); // the table's spelling m_nEndFrame

    const AnimationGroup& external = document->groups[2];
    EXPECT_EQ(external.name, "external");
    EXPECT_EQ(external.location.file, (kData / "groups/external_group.vmdl").string());
    ASSERT_EQ(external.animations.size(), 1u);
    EXPECT_EQ(external.animations[0].name, "wave");
    EXPECT_DOUBLE_EQ(external.animations[0].fps, 15.0);
    EXPECT_EQ(external.animations[0].sourcePath, kData / "anims/walk.smd");
}

TEST(VmdlDocument, AppliesTheSeedDefaults) {
    CollectingSink sink;
    const auto document = loadVmdlDocument(kData / "full.vmdl", {}, sink);
    ASSERT_TRUE(document.has_value());
    const AnimationDefinition& idle = document->groups[0].animations[1];
    EXPECT_EQ(idle.name, "idle");
    EXPECT_EQ(idle.startFrame, 0);
    EXPECT_EQ(idle.endFrame, 0);
    EXPECT_FALSE(idle.endFrameGiven);
    EXPECT_DOUBLE_EQ(idle.fps, 30.0);
    EXPECT_FALSE(idle.loop.loop);
    EXPECT_FALSE(idle.loop.smoothLoop);
    EXPECT_EQ(idle.loop.smoothLoopStart, 0);
    EXPECT_EQ(idle.loop.smoothLoopEnd, 0);
    EXPECT_FALSE(idle.loop.startLoopEnabled);
    EXPECT_EQ(idle.loop.loopRestart, 0);
    EXPECT_FALSE(idle.hidden);
    EXPECT_TRUE(idle.activities.empty());
    EXPECT_TRUE(idle.events.empty());
    EXPECT_TRUE(idle.motionFrames.empty());
    EXPECT_TRUE(idle.ikRules.empty());
    EXPECT_TRUE(idle.adjust.isIdentity());
    EXPECT_TRUE(idle.keywords.empty());
    EXPECT_TRUE(idle.extra.empty());

    // Sub-objects written empty take their defaults too.
    const AnimationDefinition& turn = document->groups[1].animations[0];
    ASSERT_EQ(turn.motionFrames.size(), 1u);
    EXPECT_EQ(turn.motionFrames[0].frame, 0);
    EXPECT_EQ(turn.motionFrames[0].extract, (std::array<bool, kMotionAxisCount>{}));
    EXPECT_EQ(turn.motionFrames[0].discard, (std::array<bool, kMotionAxisCount>{}));
    ASSERT_EQ(turn.activities.size(), 1u);
    EXPECT_EQ(turn.activities[0].name, "");
    EXPECT_EQ(turn.activities[0].weight, 1);
    ASSERT_EQ(turn.events.size(), 1u);
    EXPECT_EQ(turn.events[0].frame, 0);
    EXPECT_EQ(turn.events[0].data, "");
    EXPECT_FALSE(turn.loop.startLoopEnabled);
    EXPECT_TRUE(turn.adjust.isIdentity());
    EXPECT_TRUE(document->groups[1].scripts.empty());
}

TEST(VmdlDocument, ExternalGroupsResolveAgainstTheContentRoot) {
    test::TempDir dir;
    test::writeText(dir / "content/groups/ext.vmdl",
                    "CVanimGroup E { string m_Name = \"ext\"\n"
                    "CVanim[] m_Vanim = [ CVanim { string m_Animationname = \"e\"\n"
                    "string m_Filepath = \"anims\\\\e.smd\" } ] }\n");
    const std::string model = "CVanimGroupReference[] m_pAnimGroups = [\n"
                              "CVanimGroupReference { string m_sFileName = \"groups\\\\ext.vmdl\"\n"
                              "string[] m_sScripts = [ \"s.lua\" ] } ]\n";
    test::writeText(dir / "models/model.vmdl", model);

    CollectingSink sink;
    const auto document = loadVmdlDocument(dir / "models/model.vmdl", dir / "content", sink);
    ASSERT_TRUE(document.has_value());
    ASSERT_EQ(document->groups.size(), 1u);
    EXPECT_EQ(document->groups[0].name, "ext");
    EXPECT_EQ(document->groups[0].scripts, std::vector<std::string>{"s.lua"});
    EXPECT_EQ(document->groups[0].animations[0].sourcePath.filename(), "e.smd");
    EXPECT_EQ(document->groups[0].animations[0].sourcePath.parent_path().filename(), "anims");

    // Without --content the root is the document's folder, where the group is not.
    CollectingSink without;
    EXPECT_FALSE(loadVmdlDocument(dir / "models/model.vmdl", {}, without).has_value());
    ASSERT_NE(without.find("VMDL009"), nullptr);
    EXPECT_EQ(without.find("VMDL009")->location.line, 2u);
}

TEST(VmdlDocument, WrapperObjectAroundTheReferences) {
    test::TempDir dir;
    CollectingSink sink;
    const auto document =
        loadText(dir,
                 "CModel root = CModel { CVanimGroupReference[] m_pAnimGroups = [\n"
                 "CVanimGroupReference { CVanimGroup* m_pObject = &G } ] }\n"
                 "CVanimGroup G { CVanim[] m_Vanim = [ CVanim { " +
                     kNamed + " } ] }\n",
                 sink);
    ASSERT_TRUE(document.has_value());
    EXPECT_EQ(document->animationCount(), 1u);
}

TEST(VmdlDocument, StructureErrors) {
    expectDiagnostic("int x = 1\n", "VMDL001", 1);
    expectDiagnostic("int m_pAnimGroups = 1\n", "VMDL002", 1);
    expectDiagnostic("CActivity[] m_pAnimGroups = [\n CActivity { } ]\n", "VMDL002", 2);
    expectDiagnostic(animationWith("float m_nStartframe = 1.5\n"), "VMDL002", 8);
    expectDiagnostic(animationWith("int m_bHidden = 1\n"), "VMDL002", 8);
    expectDiagnostic(animationWith("CAnimationEvent[] m_Activities = [\n CAnimationEvent { } ]\n"),
                     "VMDL002", 9);
    expectDiagnostic(animationWith("CActivity m_Loop = CActivity { }\n"), "VMDL002", 8);
    expectDiagnostic(animationWith("int[] m_Keywords = [\n 1 ]\n"), "VMDL002", 9);
    expectDiagnostic(animationWith("string[] m_pIkRules = [\n \"r\" ]\n"), "VMDL002", 9);
}

TEST(VmdlDocument, NumberErrors) {
    expectDiagnostic(animationWith("int m_nStartframe = -1\n"), "VMDL003", 8);
    expectDiagnostic(animationWith("int m_nStartframe = 5\nint m_nEndframe = 3\n"), "VMDL003", 9);
    expectDiagnostic(animationWith("int m_nEndframe = 3000000000\n"), "VMDL003", 8);
    expectDiagnostic(
        animationWith("CAnimationLoop m_Loop = CAnimationLoop {\n int m_nSmoothLoopEnd = -2 }\n"),
        "VMDL003", 9);
    expectDiagnostic(animationWith("CMotionFrame[] m_MotionFrames = [ CMotionFrame {\n"
                                   "int m_nFrame = -1 } ]\n"),
                     "VMDL003", 9);
    expectDiagnostic(animationWith("float m_flFps = 0\n"), "VMDL016", 8);
    expectDiagnostic(animationWith("float m_flFps = -24.0\n"), "VMDL016", 8);
}

TEST(VmdlDocument, PointerErrors) {
    // Dangling pointers name their line, wherever they are.
    expectDiagnostic("CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                     "CVanimGroup* m_pObject = &Missing } ]\n",
                     "VMDL004", 2);
    expectDiagnostic(animationWith("CIKrule*[] m_pIkRules = [\n &NoRule ]\n"), "VMDL004", 9);
    expectDiagnostic("CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                     "CVanimGroup* m_pObject = &R } ]\nCIKrule R { }\n",
                     "VMDL005", 2);
    expectDiagnostic(animationWith("CIKrule*[] m_pIkRules = [\n &G ]\n"), "VMDL005", 9);
}

TEST(VmdlDocument, ReferenceErrors) {
    expectDiagnostic("CVanimGroupReference[] m_pAnimGroups = [\nCVanimGroupReference {\n"
                     "CVanimGroup* m_pObject = &G string m_sFileName = \"g.vmdl\" } ]\n"
                     "CVanimGroup G { }\n",
                     "VMDL006", 2);
    expectDiagnostic("CVanimGroupReference[] m_pAnimGroups = [\nCVanimGroupReference {\n"
                     "CVanimGroup* m_pObject = NULL string m_sFileName = \"\" } ]\n",
                     "VMDL007", 2, Severity::Warning);
    // A group that lists itself in its own m_pAnimGroups.
    expectDiagnostic("CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                     "CVanimGroup* m_pObject = &G } ]\n"
                     "CVanimGroup G { CVanimGroupReference[] m_pAnimGroups = [\n"
                     "CVanimGroupReference { CVanimGroup* m_pObject = &G } ] }\n",
                     "VMDL010", 4);
}

TEST(VmdlDocument, ExternalGroupErrors) {
    expectDiagnostic("CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                     "string m_sFileName = \"groups\\\\missing.vmdl\" } ]\n",
                     "VMDL009", 2);
    expectDiagnostic("CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                     "string m_sFileName = \"..\\\\outside.vmdl\" } ]\n",
                     "VMDL008", 2);
    expectDiagnostic("CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                     "string m_sFileName = \"/etc/passwd\" } ]\n",
                     "VMDL008", 2);

    test::TempDir dir;
    test::writeText(dir / "two.vmdl", "CVanimGroup A { }\nCVanimGroup B { }\n");
    test::writeText(dir / "self.vmdl",
                    "CVanimGroup S { CVanimGroupReference[] m_pAnimGroups = [\n"
                    "CVanimGroupReference { string m_sFileName = \"self.vmdl\" } ] }\n");
    test::writeText(dir / "broken.vmdl", "CVanimGroup S {\n");
    CollectingSink two;
    EXPECT_FALSE(loadText(dir,
                          "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                          "string m_sFileName = \"two.vmdl\" } ]\n",
                          two)
                     .has_value());
    ASSERT_NE(two.find("VMDL009"), nullptr);
    EXPECT_EQ(two.find("VMDL009")->location.line, 2u);

    CollectingSink self;
    EXPECT_FALSE(loadText(dir,
                          "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                          "string m_sFileName = \"self.vmdl\" } ]\n",
                          self)
                     .has_value());
    ASSERT_NE(self.find("VMDL010"), nullptr);
    EXPECT_EQ(self.find("VMDL010")->location.file, (dir / "self.vmdl").string());
    EXPECT_EQ(self.find("VMDL010")->location.line, 2u);

    CollectingSink broken; // the external file's own syntax error names that file
    EXPECT_FALSE(loadText(dir,
                          "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                          "string m_sFileName = \"broken.vmdl\" } ]\n",
                          broken)
                     .has_value());
    ASSERT_NE(broken.find("KV3006"), nullptr);
    EXPECT_EQ(broken.find("KV3006")->location.file, (dir / "broken.vmdl").string());
}

TEST(VmdlDocument, ContentPathsCannotLeaveTheRootThroughLinks) {
    test::TempDir dir;
    fs::create_directories(dir / "root");
    fs::create_directories(dir / "elsewhere");
    fs::create_directory_symlink(dir / "elsewhere", dir / "root/link");
    RealFileSystem files;
    const ContainedPathResolver root(dir / "root", files);
    CollectingSink sink;
    EXPECT_FALSE(resolveContentPath("link\\a.smd", root, {"m.vmdl", 4, 1}, sink));
    ASSERT_NE(sink.find("VMDL008"), nullptr);
    EXPECT_EQ(sink.find("VMDL008")->location.line, 4u);
    CollectingSink fine;
    const auto inside = resolveContentPath("a\\..\\b\\c.smd", root, {}, fine);
    ASSERT_TRUE(inside.has_value());
    EXPECT_EQ(inside->filename(), "c.smd");
    EXPECT_EQ(inside->parent_path().filename(), "b");
    EXPECT_FALSE(resolveContentPath("C:\\x.smd", root, {}, fine));
    EXPECT_FALSE(resolveContentPath("", root, {}, fine));
}

TEST(VmdlDocument, AnimationErrors) {
    const std::string twice =
        "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
        "CVanimGroup* m_pObject = &G } ]\n"
        "CVanimGroup G { CVanim[] m_Vanim = [\n"
        "CVanim { string m_Animationname = \"Run\" string m_Filepath = \"a.smd\" }\n"
        "CVanim { string m_Animationname = \"run\" string m_Filepath = \"b.smd\" } ] }\n";
    expectDiagnostic(twice, "VMDL011", 5);
    expectDiagnostic(documentWith("string m_Animationname = \"a/b\"\n"
                                  "string m_Filepath = \"a.smd\"\n"),
                     "VMDL012", 6);
    expectDiagnostic(documentWith("string m_Filepath = \"a.smd\"\n"), "VMDL012", 5);
    expectDiagnostic(documentWith("string m_Animationname = \"a\"\n"), "VMDL013", 5);
    expectDiagnostic(documentWith("string m_Animationname = \"a\"\n"
                                  "string m_Filepath = \"models\\\\a.dmx\"\n"),
                     "VMDL013", 7);
    expectDiagnostic(documentWith("string m_Animationname = \"a\"\n"
                                  "string m_Filepath = \"..\\\\..\\\\a.smd\"\n"),
                     "VMDL008", 7);
    expectDiagnostic(animationWith("int m_nEndframe = 3\nint m_nEndFrame = 3\n"), "VMDL015", 9);
}

TEST(VmdlDocument, WarningsKeepTheDocument) {
    expectDiagnostic(animationWith("CMotionFrame[] m_MotionFrames = [ CMotionFrame {\n"
                                   "bool m_bExtractRZ = true bool m_bDiscardRZ = true } ]\n"),
                     "VMDL017", 8, Severity::Warning);
    expectDiagnostic(animationWith("CAnimationLoop m_Loop = CAnimationLoop {\n"
                                   "bool m_bMystery = true }\n"),
                     "VMDL014", 9, Severity::Warning);

    test::TempDir dir;
    CollectingSink sink;
    const auto document =
        loadText(dir,
                 "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                 "CVanimGroup* m_pObject = &G int m_nRefThing = 1 } ]\n"
                 "CVanimGroup G { string m_sGroupThing = \"x\" CVanim[] m_Vanim = [ CVanim {\n" +
                     kNamed +
                     "CActivity[] m_Activities = [ CActivity { int m_nOdd = 2 } ]\n"
                     "CAnimationLoop m_Loop = CAnimationLoop { CVAnimCmdStartLoop m_StartLoop = "
                     "CVAnimCmdStartLoop { float m_flOdd = 0.5 } }\n"
                     "CMotionFrame[] m_MotionFrames = [ CMotionFrame {\n"
                     "bool m_bExtractRZ = true bool m_bDiscardRZ = true } ] } ] }\n",
                 sink);
    ASSERT_TRUE(document.has_value());
    const AnimationDefinition& animation = document->groups[0].animations[0];
    std::vector<std::string> paths;
    for (const ExtraAttribute& extra : animation.extra)
        paths.push_back(extra.path);
    EXPECT_EQ(paths,
              (std::vector<std::string>{"m_Loop.m_StartLoop.m_flOdd", "m_Activities[0].m_nOdd",
                                        "group.m_nRefThing", "group.m_sGroupThing"}));
    EXPECT_EQ(sink.warningCount(), 5u); // four unknown attributes, one extract+discard
    // Discard wins over extract on the same axis.
    EXPECT_FALSE(animation.motionFrames[0].extract[kMotionRZ]);
    EXPECT_TRUE(animation.motionFrames[0].discard[kMotionRZ]);
}

} // namespace
} // namespace vtxc
