// `vtxc inspect FILE.smd [--json]` run as a user would: exit status, JSON keys and values, and a
// bad file reported as file:line with exit status 3.
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

using test::runVtxc;

// Two materials; vertex lines: A (4 links) twice, B (5 links) once, the rest rigid.
const char* const kSkinned = "version 1\n"
                             "nodes\n"
                             "0 \"root\" -1\n1 \"a\" 0\n2 \"b\" 1\n3 \"c\" 2\n4 \"d\" 3\n"
                             "end\n"
                             "skeleton\ntime 0\n0 0 0 0 0 0 0\nend\n"
                             "triangles\n"
                             "metal\n"
                             "0 0 0 0 0 0 1 0 0 4 0 0.4 1 0.3 2 0.2 3 0.1\n"
                             "0 1 0 0 0 0 1 1 0 5 0 0.2 1 0.2 2 0.2 3 0.2 4 0.2\n"
                             "0 0 1 0 0 0 1 0 1\n"
                             "skin\n"
                             "0 0 0 0 0 0 1 0 0 4 0 0.4 1 0.3 2 0.2 3 0.1\n"
                             "0 0 1 0 0 0 1 0 1\n"
                             "0 1 1 0 0 0 1 1 1 1 0 1.0\n"
                             "metal\n"
                             "0 0 0 0 0 0 1 0 0\n"
                             "0 0 1 0 0 0 1 0 1\n"
                             "0 1 1 0 0 0 1 1 1 1 0 1.0\n"
                             "end\n";

TEST(InspectSmd, JsonHasTheDocumentedKeysAndValues) {
    test::TempDir dir;
    test::writeText(dir / "skinned.smd", kSkinned);
    const auto result = runVtxc({"inspect", (dir / "skinned.smd").string(), "--json"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    EXPECT_EQ(json.at("kind"), "reference");
    EXPECT_EQ(json.at("nodes"), 5);
    EXPECT_EQ(json.at("frames"), 1);
    EXPECT_EQ(json.at("triangles"), 3);
    ASSERT_EQ(json.at("materials").size(), 2u);
    EXPECT_EQ(json.at("materials")[0].at("name"), "metal");
    EXPECT_EQ(json.at("materials")[0].at("triangles"), 2);
    EXPECT_EQ(json.at("materials")[1].at("name"), "skin");
    EXPECT_EQ(json.at("materials")[1].at("triangles"), 1);
    EXPECT_EQ(json.at("maxInfluences"), 5);
    EXPECT_EQ(json.at("verticesOverThreeInfluences"), 2); // distinct vertex lines
    EXPECT_EQ(json.size(), 7u);
}

TEST(InspectSmd, AnimationFile) {
    test::TempDir dir;
    test::writeText(dir / "walk.smd", "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\n"
                                      "time 0\n0 0 0 0 0 0 0\ntime 1\n0 1 0 0 0 0 0\nend\n");
    const auto result = runVtxc({"inspect", (dir / "walk.smd").string(), "--json"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    EXPECT_EQ(json.at("kind"), "animation");
    EXPECT_EQ(json.at("frames"), 2);
    EXPECT_EQ(json.at("triangles"), 0);
    EXPECT_TRUE(json.at("materials").empty());
    EXPECT_EQ(json.at("maxInfluences"), 0);
}

TEST(InspectSmd, HumanOutputListsCountsAndMaterials) {
    test::TempDir dir;
    test::writeText(dir / "skinned.smd", kSkinned);
    const auto result = runVtxc({"inspect", (dir / "skinned.smd").string()});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    for (const char* expected : {"reference", "triangles", "metal", "skin", "influences"})
        EXPECT_NE(result.out.find(expected), std::string::npos) << expected << "\n" << result.out;
    EXPECT_TRUE(result.err.empty()) << result.err;
}

TEST(InspectSmd, BundledExample) {
    const auto result = runVtxc(
        {"inspect", (std::filesystem::path(VTXC_SOURCE_DIR) / "examples" / "arm.smd").string(),
         "--json"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_EQ(nlohmann::json::parse(result.out).at("kind"), "reference");
}

TEST(InspectSmd, BadFileExitsWithThreeAndNamesFileAndLine) {
    test::TempDir dir;
    std::string text = kSkinned;
    text.replace(text.find("0 1 1 0 0 0 1 1 1 1 0 1.0"), 1, "9"); // line 21: bone 9 is not a node
    test::writeText(dir / "bad.smd", text);
    const auto result = runVtxc({"inspect", (dir / "bad.smd").string(), "--json"});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find("bad.smd:21:1: error[SMD008]"), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
}

TEST(InspectSmd, MissingFileExitsWithTwo) {
    test::TempDir dir;
    const auto result = runVtxc({"inspect", (dir / "absent.smd").string()});
    EXPECT_EQ(result.exitStatus, 2);
    EXPECT_NE(result.err.find("IO001"), std::string::npos) << result.err;
}

TEST(InspectSmd, CorpusModelMatchesTheManifest) {
    VTXC_REQUIRE_CORPUS();
    const auto path = test::corpusDir() / "combine_super_soldier_choreo" /
                      "combine_super_soldier_Super_Soldier_reference.smd";
    const auto result = runVtxc({"inspect", path.string(), "--json"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    EXPECT_EQ(json.at("triangles"), 5123);
    EXPECT_EQ(json.at("nodes"), 44);
    EXPECT_EQ(json.at("maxInfluences"), 3);
    EXPECT_EQ(json.at("verticesOverThreeInfluences"), 0);
}

} // namespace
} // namespace vtxc
