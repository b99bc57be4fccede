// Tests of the .mdl, .vtx and .vvd readers on the corpus: headers and records as the corpus
// manifest describes them.
#include "formats/studio/mdl.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace vtxc::test {
namespace {

std::vector<std::uint8_t> corpusBytes(const std::string& relative) {
    const std::string text = readText(corpusDir() / relative);
    return {text.begin(), text.end()};
}

struct Expected {
    const char* path;
    const char* name;
    std::int32_t checksum;
    std::size_t bones;
    std::int32_t flags;
    std::size_t textures;
    std::size_t skinFamilies;
    std::int32_t numvertices;
    std::vector<std::int32_t> lodVertexes; // mesh 0, first numLODs entries
};

const std::vector<Expected>& expectations() {
    static const std::vector<Expected> all = {
        {"w_grenade/w_grenade.mdl", "weapons/w_grenade.mdl", -840107949, 3, 0x1, 1, 1, 114, {114}},
        {"chamberdoor_frame/chamberdoor_frame.mdl",
         "props_gameplay/chamberdoor_frame.mdl",
         -1623368989,
         1,
         0x11,
         1,
         1,
         242,
         {242, 70}},
        {"holo_cube/cube.mdl", "Holograms/cube.mdl", -75876522, 1, 0x0, 1, 1, 24, {24}},
        {"bunker_gun01/bunker_gun01.mdl",
         "props_combine\\bunker_gun01.mdl",
         1764317156,
         10,
         0x801,
         1,
         1,
         2406,
         {2406, 2213, 1990, 1501, 903}},
        {"combine_super_soldier_choreo/combine_super_soldier_choreo.mdl",
         "combine_super_soldier_choreo.mdl",
         1273442778,
         56,
         0x44,
         1,
         1,
         5934,
         {5934, 5206, 4223, 3094, 1784, 909}},
        {"tree_pine04/tree_pine04.mdl",
         "props_foliage\\Tree_pine04.mdl",
         439896859,
         1,
         0x40011,
         2,
         2,
         3151,
         {3151, 2314, 1341, 659}},
    };
    return all;
}

TEST(MdlReader, ReadsEveryCorpusModelAsTheManifestDescribesIt) {
    VTXC_REQUIRE_CORPUS();
    for (const Expected& e : expectations()) {
        SCOPED_TRACE(e.path);
        CollectingSink sink;
        const auto mdl = readMdl(corpusBytes(e.path), e.path, sink);
        ASSERT_TRUE(mdl);
        EXPECT_EQ(sink.errorCount(), 0u);
        EXPECT_EQ(mdl->version, 48);
        EXPECT_EQ(mdl->name, e.name);
        EXPECT_EQ(mdl->checksum, e.checksum);
        EXPECT_EQ(mdl->bones.size(), e.bones);
        EXPECT_EQ(mdl->flags, e.flags);
        EXPECT_EQ(mdl->textures.size(), e.textures);
        EXPECT_EQ(mdl->skinFamilies.size(), e.skinFamilies);
        ASSERT_EQ(mdl->bodyParts.size(), 1u);
        ASSERT_EQ(mdl->bodyParts[0].models.size(), 1u);
        const MdlModel& model = mdl->bodyParts[0].models[0];
        EXPECT_EQ(model.numvertices, e.numvertices);
        EXPECT_EQ(model.vertexindex, 0);
        ASSERT_EQ(model.meshes.size(), 1u);
        for (std::size_t l = 0; l < e.lodVertexes.size(); ++l)
            EXPECT_EQ(model.meshes[0].numLODVertexes[l], e.lodVertexes[l]) << "LOD " << l;
        EXPECT_EQ(model.meshes[0].numvertices, e.numvertices);
        EXPECT_EQ(mdl->bones[0].parent, -1);
        EXPECT_EQ(mdl->cdmaterials.size(), 1u);
    }
}

// The files beside `base` (a model's path without extension) whose names, ignoring case, are
// the base name and `suffix`: Valve's output may spell them differently from the .mdl
// (W_357.dx90.vtx beside w_357.mdl).
std::vector<std::filesystem::path> companions(const std::filesystem::path& base,
                                              const std::string& suffix) {
    auto lower = [](std::string text) {
        std::transform(text.begin(), text.end(), text.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return text;
    };
    const std::string wanted = lower(base.filename().string() + suffix);
    std::vector<std::filesystem::path> out;
    for (const auto& entry : std::filesystem::directory_iterator(base.parent_path()))
        if (entry.is_regular_file() && lower(entry.path().filename().string()) == wanted)
            out.push_back(entry.path());
    return out;
}

std::vector<std::uint8_t> bytesAt(const std::filesystem::path& path) {
    const std::string text = readText(path);
    return {text.begin(), text.end()};
}

// Every compiled model with meshes, the projects' Valve output included: its .mdl, .vvd and
// three .vtx read, and all carry the .mdl's checksum and vertex count.
TEST(MdlReader, ReadsEveryCorpusModelWithItsVvdAndVtx) {
    VTXC_REQUIRE_CORPUS();
    const auto models = corpusMeshModels();
    ASSERT_FALSE(models.empty());
    for (const auto& base : models) {
        SCOPED_TRACE(base.string());
        CollectingSink sink;
        const auto mdl = readMdl(bytesAt(base.string() + ".mdl"), "m.mdl", sink);
        ASSERT_TRUE(mdl) << formatDiagnostic(sink.diagnostics().at(0));
        std::int32_t vertices = 0;
        for (const MdlBodyPart& part : mdl->bodyParts)
            for (const MdlModel& model : part.models)
                vertices += model.numvertices;
        const auto vvds = companions(base, ".vvd");
        ASSERT_EQ(vvds.size(), 1u);
        const auto vvd = readVvd(bytesAt(vvds[0]), "m.vvd", sink);
        ASSERT_TRUE(vvd) << formatDiagnostic(sink.diagnostics().at(0));
        EXPECT_EQ(vvd->checksum, mdl->checksum);
        EXPECT_EQ(vvd->numLODVertexes[0], vertices);
        std::size_t vtxCount = 0;
        for (const char* variant : {".dx90.vtx", ".dx80.vtx", ".sw.vtx"})
            for (const auto& path : companions(base, variant)) {
                ++vtxCount;
                const auto vtx = readVtx(bytesAt(path), path.filename().string(), sink);
                ASSERT_TRUE(vtx) << formatDiagnostic(sink.diagnostics().at(0));
                EXPECT_EQ(vtx->checkSum, mdl->checksum) << path.filename().string();
                EXPECT_EQ(vtx->bodyParts.size(), mdl->bodyParts.size());
            }
        EXPECT_GE(vtxCount, 1u);
        EXPECT_EQ(sink.errorCount(), 0u);
    }
}

TEST(MdlReader, ReadsNamesBonesAndMaterialPaths) {
    VTXC_REQUIRE_CORPUS();
    CollectingSink sink;
    const auto grenade = readMdl(corpusBytes("w_grenade/w_grenade.mdl"), "g", sink);
    ASSERT_TRUE(grenade);
    EXPECT_EQ(grenade->bones[0].name, "ValveBiped.Bip01_R_Hand");
    EXPECT_EQ(grenade->bones[2].name, "fuse");
    EXPECT_EQ(grenade->bones[2].parent, 1);
    EXPECT_EQ(grenade->textures[0].name, "W_grenadesheet");
    EXPECT_EQ(grenade->cdmaterials[0], "models\\weapons\\w_grenade\\");
    EXPECT_EQ(grenade->bodyParts[0].name, "studio");
    EXPECT_EQ(grenade->bodyParts[0].models[0].name, "Grenade_reference.smd");

    const auto tree = readMdl(corpusBytes("tree_pine04/tree_pine04.mdl"), "t", sink);
    ASSERT_TRUE(tree);
    EXPECT_EQ(tree->textures[1].name, "arbre01_sway");
    ASSERT_EQ(tree->skinFamilies.size(), 2u);
    EXPECT_EQ(tree->skinFamilies[1][0], 1); // the second skin swaps in the second texture
}

TEST(MdlReader, TruncationIsDetectedByTheLengthField) {
    VTXC_REQUIRE_CORPUS();
    auto b = corpusBytes("w_grenade/w_grenade.mdl");
    b.resize(2000);
    CollectingSink sink;
    EXPECT_FALSE(readMdl(b, "w.mdl", sink));
    const Diagnostic* d = sink.find("MDL004");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(formatDiagnostic(*d),
              "w.mdl: error[MDL004]: studiohdr_t.length says the file has 2896 "
              "bytes but it ends at 2000; the file is truncated or corrupt");
}

TEST(VtxReader, ReadsCorpusHeadersAndStrips) {
    VTXC_REQUIRE_CORPUS();
    CollectingSink sink;
    const auto dx80 =
        readVtx(corpusBytes("combine_super_soldier_choreo/combine_super_soldier_choreo.dx80.vtx"),
                "dx80", sink);
    ASSERT_TRUE(dx80);
    EXPECT_EQ(dx80->vertCacheSize, 24);
    EXPECT_EQ(dx80->maxBonesPerStrip, 16);
    EXPECT_EQ(dx80->maxBonesPerTri, 9);
    EXPECT_EQ(dx80->checkSum, 1273442778);
    EXPECT_EQ(dx80->numLODs, 6);
    const auto& lods = dx80->bodyParts.at(0).models.at(0).lods;
    ASSERT_EQ(lods.size(), 6u);
    EXPECT_EQ(lods[5].switchPoint, -1.0f); // $shadowlod
    const auto& group = lods[0].meshes.at(0).stripGroups.at(0);
    EXPECT_EQ(group.vertices.size(), 3902u);
    EXPECT_EQ(group.strips.size(), 5u);
    EXPECT_EQ(group.strips[0].boneStateChanges.size(), 16u);

    const auto sw = readVtx(corpusBytes("w_grenade/w_grenade.sw.vtx"), "sw", sink);
    ASSERT_TRUE(sw);
    EXPECT_EQ(sw->vertCacheSize, 512);
    EXPECT_EQ(sw->bodyParts[0].models[0].lods[0].meshes[0].stripGroups[0].flags, 0);
    EXPECT_EQ(sink.errorCount(), 0u);
}

TEST(VtxReader, StaticPropStripsCarryOneReservedBoneStateChange) {
    VTXC_REQUIRE_CORPUS();
    CollectingSink sink;
    const auto file =
        readVtx(corpusBytes("chamberdoor_frame/chamberdoor_frame.dx90.vtx"), "c", sink);
    ASSERT_TRUE(file);
    for (const auto& lod : file->bodyParts[0].models[0].lods) {
        const VtxStrip& strip = lod.meshes[0].stripGroups[0].strips[0];
        EXPECT_EQ(strip.numBones, 0);
        EXPECT_TRUE(strip.boneStateChanges.empty());
        EXPECT_EQ(strip.reservedBoneStateChanges, 1);
    }
    const auto grenade = readVtx(corpusBytes("w_grenade/w_grenade.dx90.vtx"), "g", sink);
    ASSERT_TRUE(grenade);
    EXPECT_EQ(grenade->bodyParts[0]
                  .models[0]
                  .lods[0]
                  .meshes[0]
                  .stripGroups[0]
                  .strips[0]
                  .reservedBoneStateChanges,
              0);
}

TEST(VvdReader, ReadsTheCorpusGrenadeHeader) {
    VTXC_REQUIRE_CORPUS();
    const std::string text = readText(corpusDir() / "w_grenade" / "w_grenade.vvd");
    const std::vector<std::uint8_t> bytes(text.begin(), text.end());
    CollectingSink sink;
    const auto file = readVvd(bytes, "w_grenade.vvd", sink);
    ASSERT_TRUE(file);
    EXPECT_EQ(file->checksum, -840107949);
    EXPECT_EQ(file->numLODs, 1);
    EXPECT_EQ(file->numLODVertexes[7], 114);
    EXPECT_EQ(file->vertices.size(), 114u);
    EXPECT_EQ(file->tangents.size(), 114u);
    EXPECT_TRUE(file->fixups.empty());
    EXPECT_EQ(file->vertices[0].boneWeights.numBones, 1);
}

} // namespace
} // namespace vtxc::test
