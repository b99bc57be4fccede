// Tests of `vtxc anim`: the files it writes and their contents, the unchanged round trip of an
// animation without commands, exit codes, located errors, and that a failure writes nothing.
#include "formats/smd/smd.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

const fs::path kData = fs::path(VTXC_SOURCE_DIR) / "tests/data/vmdl";

SmdFile readSmd(const fs::path& path) {
    CollectingSink sink;
    auto file = readSmdFile(path, sink);
    EXPECT_TRUE(file.has_value()) << path;
    return file ? *file : SmdFile{};
}

std::size_t entriesIn(const fs::path& dir) {
    if (!fs::exists(dir)) return 0;
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir))
        ++count;
    return count;
}

// A document whose one group "G" holds the given CVanim bodies; sources are under anims/.
std::string documentOf(const std::vector<std::string>& animations) {
    std::string text = "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                       "CVanimGroup* m_pObject = &G } ]\n"
                       "CVanimGroup G { CVanim[] m_Vanim = [\n";
    for (const std::string& body : animations)
        text += "CVanim {\n" + body + "}\n";
    return text + "] }\n";
}

TEST(AnimCommand, WritesOneSmdPerAnimationAndSequencesJson) {
    test::TempDir out;
    const auto result =
        test::runVtxc({"anim", (kData / "full.vmdl").string(), "-o", (out / "anims").string()});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.out.find("4 animations"), std::string::npos) << result.out;
    // Warnings (unknown attribute, default end frame) go to stderr with their lines.
    EXPECT_NE(result.err.find("full.vmdl:137:4: warning[VMDL014]"), std::string::npos)
        << result.err;
    for (const char* name : {"walk.smd", "idle.smd", "turn.smd", "wave.smd", "sequences.json"})
        EXPECT_TRUE(fs::is_regular_file(out / "anims" / name)) << name;
    EXPECT_EQ(entriesIn(out / "anims"), 5u); // no temporaries left

    const auto sequences = nlohmann::json::parse(test::readText(out / "anims/sequences.json"));
    ASSERT_TRUE(sequences.is_array());
    ASSERT_EQ(sequences.size(), 4u);
    const auto& walk = sequences[0];
    EXPECT_EQ(walk["name"], "walk");
    EXPECT_EQ(walk["group"], "main");
    EXPECT_EQ(walk["scripts"], nlohmann::json({"scripts\\reference.lua", "scripts\\main.lua"}));
    EXPECT_EQ(walk["fps"], 24.0);
    EXPECT_EQ(walk["frameCount"], 9);
    EXPECT_EQ(walk["frameRange"], nlohmann::json({1, 9}));
    EXPECT_EQ(walk["loop"], nlohmann::json::parse(R"({"loop": true, "smoothLoop": true,
        "smoothLoopStart": 2, "smoothLoopEnd": 3,
        "startLoop": {"enabled": true, "restartFrame": 4}})"));
    EXPECT_EQ(walk["activities"], nlohmann::json::parse(R"([{"name": "ACT_WALK", "weight": 2},
        {"name": "ACT_RUN", "weight": 1}])"));
    EXPECT_EQ(walk["events"],
              nlohmann::json::parse(
                  R"([{"event": "AE_FOOTSTEP", "frame": 3, "data": "left \"heel\""}])"));
    EXPECT_EQ(walk["keywords"], nlohmann::json({"walk", "locomotion"}));
    EXPECT_EQ(walk["hidden"], true);
    EXPECT_EQ(walk["ikRules"][0]["$name"], "CIKrule_0");
    EXPECT_EQ(walk["extra"], nlohmann::json::parse(R"({"m_nFutureSetting": 7})"));
    ASSERT_EQ(walk["motion"].size(), 9u);
    // The source root moves (+4, +0.5) a frame; the adjustment turns it a quarter about z, so
    // the extracted motion runs along (-0.5, +4) until the second motion frame (4) discards it.
    EXPECT_EQ(walk["motion"][4], nlohmann::json({-2.0, 16.0, 0.0, 0.0, 0.0, 0.0}));
    EXPECT_EQ(walk["motion"][8], nlohmann::json({-2.0, 16.0, 0.0, 0.0, 0.0, 0.25}));
    EXPECT_EQ(sequences[3]["name"], "wave");
    EXPECT_EQ(sequences[3]["group"], "external");
    EXPECT_EQ(sequences[3]["fps"], 15.0);

    const SmdFile walkSmd = readSmd(out / "anims/walk.smd");
    EXPECT_EQ(walkSmd.frames.size(), 9u);
    EXPECT_EQ(walkSmd.kind(), SmdKind::Animation);
}

TEST(AnimCommand, AnimationWithoutCommandsRoundTripsUnchanged) {
    test::TempDir out;
    const auto result = test::runVtxc(
        {"anim", (kData / "full.vmdl").string(), "-o", out.path().string(), "--quiet"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_TRUE(result.err.empty()) << result.err; // --quiet hides warnings
    const SmdFile source = readSmd(kData / "anims/walk.smd");
    const SmdFile wave = readSmd(out / "wave.smd"); // frames 0..10, nothing else
    EXPECT_EQ(test::readText(out / "wave.smd"), test::readText(kData / "anims/walk.smd"));
    ASSERT_EQ(wave.nodes.size(), source.nodes.size());
    for (std::size_t i = 0; i < source.nodes.size(); ++i) {
        EXPECT_EQ(wave.nodes[i].name, source.nodes[i].name);
        EXPECT_EQ(wave.nodes[i].parent, source.nodes[i].parent);
    }
    ASSERT_EQ(wave.frames.size(), source.frames.size());
    for (std::size_t f = 0; f < source.frames.size(); ++f) {
        EXPECT_EQ(wave.frames[f].time, source.frames[f].time);
        EXPECT_EQ(wave.frames[f].bones, source.frames[f].bones);
    }
    const auto sequences = nlohmann::json::parse(test::readText(out / "sequences.json"));
    for (const auto& row : sequences[3]["motion"])
        EXPECT_EQ(row, nlohmann::json({0.0, 0.0, 0.0, 0.0, 0.0, 0.0}));
}

TEST(AnimCommand, ErrorsExitThreeWithTheLineAndWriteNothing) {
    test::TempDir dir;
    fs::copy(kData / "anims", dir / "anims");
    // The first animation is fine; the second asks for frames the file does not have.
    test::writeText(
        dir / "model.vmdl",
        documentOf({"string m_Animationname = \"ok\"\n"
                    "string m_Filepath = \"anims\\\\walk.smd\"\nint m_nEndframe = 10\n",
                    "string m_Animationname = \"long\"\n"
                    "string m_Filepath = \"anims\\\\walk.smd\"\nint m_nEndframe = 40\n"}));
    test::writeText(dir / "out/sequences.json", "old\n");
    const auto result =
        test::runVtxc({"anim", (dir / "model.vmdl").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find((dir / "model.vmdl").string() +
                              ":12:19: error[VMDL021]: "
                              "animation 'long' asks for frames 0..40, but "),
              std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("has 11 frames (0..10)"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "out/ok.smd"));
    EXPECT_EQ(test::readText(dir / "out/sequences.json"), "old\n");
    EXPECT_EQ(entriesIn(dir / "out"), 1u);
    EXPECT_TRUE(result.out.empty());
}

TEST(AnimCommand, SyntaxErrorsAndMissingSourcesAreLocated) {
    test::TempDir dir;
    test::writeText(dir / "bad.vmdl", "CVanimGroupReference[] m_pAnimGroups = [\n  oops ]\n");
    auto result =
        test::runVtxc({"anim", (dir / "bad.vmdl").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find("bad.vmdl:2:8: error[KV3006]"), std::string::npos) << result.err;

    test::writeText(dir / "missing.vmdl",
                    documentOf({"string m_Animationname = \"a\"\n"
                                "string m_Filepath = \"anims\\\\nowhere.smd\"\n"}));
    result = test::runVtxc({"anim", (dir / "missing.vmdl").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find("missing.vmdl:6:21: error[VMDL020]"), std::string::npos)
        << result.err;
    EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(AnimCommand, ContentRootOption) {
    test::TempDir dir;
    fs::create_directories(dir / "content");
    fs::copy(kData / "anims", dir / "content/anims");
    test::writeText(dir / "models/model.vmdl",
                    documentOf({"string m_Animationname = \"a\"\n"
                                "string m_Filepath = \"anims/walk.smd\"\nint m_nEndframe = 2\n"}));
    auto result = test::runVtxc({"anim", (dir / "models/model.vmdl").string(), "-o",
                                 (dir / "out").string(), "--content", (dir / "content").string()});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_EQ(readSmd(dir / "out/a.smd").frames.size(), 3u);

    // Without it, the root is the document's folder: the source is not there.
    result = test::runVtxc(
        {"anim", (dir / "models/model.vmdl").string(), "-o", (dir / "out2").string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find("error[VMDL020]"), std::string::npos) << result.err;
}

TEST(AnimCommand, RefusesToReplaceASource) {
    test::TempDir dir;
    fs::copy(kData / "anims", dir / "anims");
    test::writeText(dir / "model.vmdl",
                    documentOf({"string m_Animationname = \"walk\"\n"
                                "string m_Filepath = \"anims\\\\walk.smd\"\nint m_nStartframe = 2\n"
                                "int m_nEndframe = 4\n"}));
    const std::string before = test::readText(dir / "anims/walk.smd");
    const auto result =
        test::runVtxc({"anim", (dir / "model.vmdl").string(), "-o", (dir / "anims").string()});
    EXPECT_EQ(result.exitStatus, 1);
    EXPECT_NE(result.err.find("model.vmdl:4:1: error[VMDL033]"), std::string::npos) << result.err;
    EXPECT_EQ(test::readText(dir / "anims/walk.smd"), before);
    EXPECT_FALSE(fs::exists(dir / "anims/sequences.json"));
}

TEST(AnimCommand, UsageAndIoErrors) {
    test::TempDir dir;
    EXPECT_EQ(test::runVtxc({"anim", (kData / "full.vmdl").string()}).exitStatus, 1); // no -o
    const auto missing =
        test::runVtxc({"anim", (dir / "none.vmdl").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(missing.exitStatus, 2);
    EXPECT_NE(missing.err.find("error[IO001]"), std::string::npos) << missing.err;
    // An output "folder" that is a file cannot be written: I/O error, nothing else touched.
    test::writeText(dir / "file", "x");
    const auto blocked =
        test::runVtxc({"anim", (kData / "full.vmdl").string(), "-o", (dir / "file").string()});
    EXPECT_EQ(blocked.exitStatus, 2);
    EXPECT_NE(blocked.err.find("error[IO002]"), std::string::npos) << blocked.err;
}

} // namespace
} // namespace vtxc
