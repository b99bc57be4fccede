// Tests of `vtxc inspect` on compiled files and whole models, and of the model cross-check: every
// corpus model is consistent; doctored copies name the mismatch (one error line each) and exit 3.
#include "formats/studio/model_check.h"
#include "formats/studio/model_files.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

namespace vtxc::test {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kModels = {
    "w_grenade/w_grenade",
    "chamberdoor_frame/chamberdoor_frame",
    "holo_cube/cube",
    "bunker_gun01/bunker_gun01",
    "combine_super_soldier_choreo/combine_super_soldier_choreo",
    "tree_pine04/tree_pine04"};

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        out.push_back(text.substr(start, end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return out;
}

// Copies the grenade's five files into `dir`, returning the base path of the copy.
fs::path copyGrenade(const TempDir& dir) {
    for (const char* name : {"w_grenade.mdl", "w_grenade.vvd", "w_grenade.dx90.vtx",
                             "w_grenade.dx80.vtx", "w_grenade.sw.vtx"})
        fs::copy_file(corpusDir() / "w_grenade" / name, dir / name);
    return dir / "w_grenade";
}

void patchI32(const fs::path& file, std::size_t at, std::int32_t value) {
    std::string text = readText(file);
    std::memcpy(text.data() + at, &value, 4);
    writeText(file, text);
}

TEST(InspectModel, EveryCorpusModelIsConsistent) {
    VTXC_REQUIRE_CORPUS();
    for (const std::string& model : kModels) {
        SCOPED_TRACE(model);
        const auto result = runVtxc({"inspect", (corpusDir() / model).string()});
        EXPECT_EQ(result.exitStatus, 0) << result.err;
        // Nothing but the warning that a .phy comes from another compile, which Valve ships
        // (combine_super_soldier_choreo; tests/cli/inspect_phy_test.cpp checks when it is due).
        for (const std::string& line : lines(result.err))
            EXPECT_NE(line.find(": warning[PHYCHK001]: "), std::string::npos) << line;
        EXPECT_NE(result.out.find("\nconsistent: "), std::string::npos) << result.out;
    }
}

TEST(InspectModel, ADoctoredChecksumIsNamedAndExits3) {
    VTXC_REQUIRE_CORPUS();
    TempDir dir;
    const fs::path base = copyGrenade(dir);
    patchI32(dir / "w_grenade.dx80.vtx", 16, 12345); // FileHeader_t.checkSum
    const auto result = runVtxc({"inspect", base.string()});
    EXPECT_EQ(result.exitStatus, 3);
    const auto errors = lines(result.err);
    ASSERT_EQ(errors.size(), 1u) << result.err;
    EXPECT_EQ(errors[0], (dir / "w_grenade.dx80.vtx").string() +
                             ": error[CHK001]: checkSum 12345 differs from -840107949 in " +
                             (dir / "w_grenade.mdl").string() +
                             "; the files come from different compiles: recompile the model");
    EXPECT_NE(result.out.find("not consistent"), std::string::npos);

    const auto json = runVtxc({"inspect", base.string(), "--json"});
    EXPECT_EQ(json.exitStatus, 3);
    const auto parsed = nlohmann::json::parse(json.out);
    EXPECT_FALSE(parsed["consistent"].get<bool>());
    ASSERT_EQ(parsed["findings"].size(), 1u);
    EXPECT_EQ(parsed["findings"][0]["code"], "CHK001");
}

TEST(InspectModel, ADoctoredLodCountIsNamed) {
    VTXC_REQUIRE_CORPUS();
    TempDir dir;
    const fs::path base = copyGrenade(dir);
    patchI32(dir / "w_grenade.vvd", 12, 2); // numLODs
    const auto result = runVtxc({"inspect", base.string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(
        result.err.find("w_grenade.dx90.vtx: error[CHK002]: numLODs 1 differs from numLODs 2 in "),
        std::string::npos)
        << result.err;
}

TEST(InspectModel, MissingModelIsAnIoError) {
    TempDir dir;
    const auto result = runVtxc({"inspect", (dir / "nothing").string()});
    EXPECT_EQ(result.exitStatus, 2);
    EXPECT_NE(result.err.find((dir / "nothing").string() + ": error[CHK010]: no model files found"),
              std::string::npos)
        << result.err;
}

TEST(InspectFile, VtxTreeShowsCounts) {
    VTXC_REQUIRE_CORPUS();
    const auto result =
        runVtxc({"inspect", (corpusDir() / "w_grenade" / "w_grenade.dx90.vtx").string()});
    EXPECT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.out.find(".vtx version 7, checkSum -840107949, numLODs 1\n"),
              std::string::npos);
    EXPECT_NE(result.out.find("\n          stripGroup 0, flags 0x02: 114 verts, 276 indices (92 "
                              "triangles), 1 strip\n"),
              std::string::npos)
        << result.out;
    EXPECT_NE(
        result.out.find(
            "strip 0, flags 0x01: indices 0+276, verts 0+114, numBones 1, 1 bone state change"),
        std::string::npos);
}

TEST(InspectFile, VtxJsonUsesTheSeedFieldNames) {
    VTXC_REQUIRE_CORPUS();
    const auto result = runVtxc(
        {"inspect",
         (corpusDir() / "combine_super_soldier_choreo" / "combine_super_soldier_choreo.dx80.vtx")
             .string(),
         "--json"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const auto j = nlohmann::json::parse(result.out);
    EXPECT_EQ(j["vertCacheSize"], 24);
    EXPECT_EQ(j["maxBonesPerStrip"], 16);
    EXPECT_EQ(j["maxBonesPerTri"], 9);
    EXPECT_EQ(j["maxBonesPerVert"], 3);
    EXPECT_EQ(j["checkSum"], 1273442778);
    EXPECT_EQ(j["numLODs"], 6);
    const auto& lods = j["bodyParts"][0]["models"][0]["lods"];
    ASSERT_EQ(lods.size(), 6u);
    EXPECT_EQ(lods[5]["switchPoint"], -1.0);
    const auto& group = lods[0]["meshes"][0]["stripGroups"][0];
    EXPECT_EQ(group["flags"], 2);
    EXPECT_EQ(group["numVerts"], 3902);
    EXPECT_EQ(group["numIndices"], 15369);
    ASSERT_EQ(group["strips"].size(), 5u);
    const auto& strip = group["strips"][4];
    EXPECT_EQ(strip["numBones"], 3);
    EXPECT_EQ(strip["flags"], 1);
    EXPECT_EQ(strip["numBoneStateChanges"], 5);
    ASSERT_EQ(strip["boneStateChanges"].size(), 5u);
    EXPECT_TRUE(strip["boneStateChanges"][0].contains("hardwareID"));
    EXPECT_TRUE(strip["boneStateChanges"][0].contains("newBoneID"));
    EXPECT_FALSE(group.contains("vertices")); // counts only
}

TEST(InspectFile, VvdAndMdlJson) {
    VTXC_REQUIRE_CORPUS();
    const auto vvd =
        runVtxc({"inspect", (corpusDir() / "chamberdoor_frame" / "chamberdoor_frame.vvd").string(),
                 "--json"});
    ASSERT_EQ(vvd.exitStatus, 0) << vvd.err;
    const auto v = nlohmann::json::parse(vvd.out);
    EXPECT_EQ(v["checksum"], -1623368989);
    EXPECT_EQ(v["numLODVertexes"], nlohmann::json({242, 70, 70, 70, 70, 70, 70, 70}));
    EXPECT_EQ(v["numFixups"], 0);
    EXPECT_EQ(v["vertexCount"], 242);

    const auto mdl =
        runVtxc({"inspect", (corpusDir() / "tree_pine04" / "tree_pine04.mdl").string(), "--json"});
    ASSERT_EQ(mdl.exitStatus, 0) << mdl.err;
    const auto m = nlohmann::json::parse(mdl.out);
    EXPECT_EQ(m["version"], 48);
    EXPECT_EQ(m["numbones"], 1);
    EXPECT_EQ(m["flagNames"],
              nlohmann::json({"AUTOGENERATED_HITBOX", "STATIC_PROP", "CAST_TEXTURE_SHADOWS"}));
    EXPECT_EQ(m["cdmaterials"][0], "models\\props_foliage\\");
    EXPECT_EQ(m["bodyParts"][0]["models"][0]["meshes"][0]["numLODVertexes"][3], 659);
}

TEST(InspectFile, MdlJsonListsEverySectionAndDecodedFrames) {
    VTXC_REQUIRE_CORPUS();
    const auto grenade = runVtxc(
        {"inspect", (corpusDir() / "w_grenade" / "w_grenade.mdl").string(), "--json", "--frames"});
    ASSERT_EQ(grenade.exitStatus, 0) << grenade.err;
    const auto g = nlohmann::json::parse(grenade.out);
    EXPECT_EQ(g["numbones"], 3);
    EXPECT_EQ(g["bones"][2]["name"], "fuse");
    EXPECT_EQ(g["bones"][2]["flags"], 0x200);
    EXPECT_EQ(g["bones"][2]["flagNames"], nlohmann::json({"USED_BY_ATTACHMENT"}));
    EXPECT_EQ(g["attachments"][0]["name"], "fuse");
    EXPECT_EQ(g["attachments"][0]["localbone"], 2);
    EXPECT_EQ(g["hitboxsets"][0]["name"], "default");
    EXPECT_EQ(g["hitboxsets"][0]["numhitboxes"], 2);
    EXPECT_EQ(g["numlocalanim"], 1);
    const auto& idle = g["localanims"][0];
    EXPECT_EQ(idle["name"], "@idle");
    EXPECT_EQ(idle["bones"][0]["flags"], 0x21);
    const auto& root = idle["frames"][0]["bones"][0];
    EXPECT_NEAR(root["quat"][0].get<double>(), -0.666684, 2e-6);
    EXPECT_NEAR(root["quat"][3].get<double>(), 0.120044, 2e-6);
    EXPECT_NEAR(root["pos"][0].get<double>(), 2.205078, 1e-6);
    EXPECT_EQ(root["euler"].size(), 3u);
    EXPECT_EQ(g["localseqs"][0]["label"], "idle");
    EXPECT_EQ(g["localseqs"][0]["activityName"], "ACT_VM_IDLE");
    EXPECT_EQ(g["localseqs"][0]["weightlist"], nlohmann::json({1.0, 1.0, 1.0}));
    EXPECT_EQ(g["studiohdr2"]["name"], "weapons/w_grenade.mdl");

    const auto soldier =
        runVtxc({"inspect",
                 (corpusDir() / "combine_super_soldier_choreo" / "combine_super_soldier_choreo.mdl")
                     .string(),
                 "--json"});
    ASSERT_EQ(soldier.exitStatus, 0) << soldier.err;
    const auto s = nlohmann::json::parse(soldier.out);
    EXPECT_EQ(s["numikchains"], 4);
    EXPECT_EQ(s["ikchains"][1]["name"], "lhand");
    EXPECT_EQ(s["numflexcontrollers"], 10);
    EXPECT_EQ(s["flexcontrollers"][0]["type"], "head");
    EXPECT_EQ(s["numincludemodels"], 3);
    EXPECT_EQ(s["keyvaluesize"], 116);
    EXPECT_EQ(s["numlocalposeparameters"], 6);
    EXPECT_EQ(s["poseparameters"][0]["name"], "body_yaw");
    EXPECT_EQ(s["localseqs"][0]["groupsize"], nlohmann::json({3, 1}));
    EXPECT_FALSE(s["localanims"][0].contains("frames")); // only with --frames
}

TEST(InspectFile, MdlTreeShowsSectionsAndFramesOnRequest) {
    VTXC_REQUIRE_CORPUS();
    const std::string path = (corpusDir() / "w_grenade" / "w_grenade.mdl").string();
    const auto plain = runVtxc({"inspect", path});
    ASSERT_EQ(plain.exitStatus, 0) << plain.err;
    const auto text = lines(plain.out);
    EXPECT_NE(std::find(text.begin(), text.end(), "  1 attachment:"), text.end()) << plain.out;
    EXPECT_NE(std::find(text.begin(), text.end(),
                        "    0 \"@idle\": 1 frame at 30 fps, flags 0x0, 1 bone record, 0 IK rules"),
              text.end())
        << plain.out;
    EXPECT_EQ(plain.out.find("frame 0:"), std::string::npos);
    const auto frames = runVtxc({"inspect", path, "--frames"});
    ASSERT_EQ(frames.exitStatus, 0) << frames.err;
    EXPECT_NE(frames.out.find("        bone 0 pos (2.20508, -2.72461, -1.07129) quat (-0.666684, "
                              "-0.731155, -0.0808363, 0.120044)"),
              std::string::npos)
        << frames.out;
}

TEST(InspectFile, TruncatedFileExits3WithRecordAndOffset) {
    VTXC_REQUIRE_CORPUS();
    TempDir dir;
    const std::string text = readText(corpusDir() / "w_grenade" / "w_grenade.dx90.vtx");
    writeText(dir / "t.dx90.vtx", text.substr(0, 1000));
    const auto result = runVtxc({"inspect", (dir / "t.dx90.vtx").string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_EQ(result.err, (dir / "t.dx90.vtx").string() +
                              ": error[VTX004]: Vertex_t at byte 125 needs 114 x 9 bytes but "
                              "the file ends at 1000; the file is truncated or corrupt\n");
    EXPECT_EQ(result.out, "");
}

} // namespace
} // namespace vtxc::test
