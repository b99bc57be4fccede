// Tests `vtxc restrip`: every corpus model restripped with the same triangles and a consistent
// model, ATVR no worse than Valve's; doctored input refused; --in-place with .bak; batch over a
// folder.
#include "formats/common/file_io.h"
#include "formats/studio/model_check.h"
#include "testing/test_support.h"
#include "tools/restrip.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

// The model base path of a corpus folder (each holds one .mdl).
fs::path modelIn(const fs::path& folder) {
    for (const auto& entry : fs::directory_iterator(folder))
        if (entry.path().extension() == ".mdl") return folder / entry.path().stem();
    return {};
}

std::vector<fs::path> corpusModels() {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(test::corpusDir()))
        if (entry.is_directory()) out.push_back(modelIn(entry.path()));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::uint8_t> bytesOf(const fs::path& path) {
    CollectingSink sink;
    auto bytes = readWholeFile(path, sink);
    return bytes ? std::vector<std::uint8_t>(bytes->begin(), bytes->end())
                 : std::vector<std::uint8_t>{};
}

void copyModel(const fs::path& base, const fs::path& to) {
    fs::create_directories(to);
    for (const auto& entry : fs::directory_iterator(base.parent_path())) {
        const std::string ext = entry.path().extension().string();
        if (ext == ".mdl" || ext == ".vvd" || ext == ".vtx")
            fs::copy_file(entry.path(), to / entry.path().filename());
    }
}

// Every LOD mesh of `a` and `b` draws the same canonical triangles.
void expectSameTriangles(const VtxFile& a, const VtxFile& b, const std::string& what) {
    ASSERT_EQ(a.bodyParts.size(), b.bodyParts.size()) << what;
    for (std::size_t p = 0; p < a.bodyParts.size(); ++p) {
        ASSERT_EQ(a.bodyParts[p].models.size(), b.bodyParts[p].models.size()) << what;
        for (std::size_t m = 0; m < a.bodyParts[p].models.size(); ++m) {
            const auto& la = a.bodyParts[p].models[m].lods;
            const auto& lb = b.bodyParts[p].models[m].lods;
            ASSERT_EQ(la.size(), lb.size()) << what;
            for (std::size_t l = 0; l < la.size(); ++l) {
                ASSERT_EQ(la[l].meshes.size(), lb[l].meshes.size()) << what;
                EXPECT_EQ(la[l].switchPoint, lb[l].switchPoint) << what;
                for (std::size_t k = 0; k < la[l].meshes.size(); ++k) {
                    EXPECT_EQ(la[l].meshes[k].flags, lb[l].meshes[k].flags) << what;
                    EXPECT_EQ(canonicalTriangles(la[l].meshes[k]),
                              canonicalTriangles(lb[l].meshes[k]))
                        << what << " LOD " << l << " mesh " << k;
                }
            }
        }
    }
}

VtxMesh meshOf(std::vector<std::uint16_t> ids, std::vector<std::uint16_t> indices) {
    VtxStripGroup group;
    for (std::uint16_t id : ids)
        group.vertices.push_back(VtxVertex{{0, 1, 2}, 1, id, {0, 0, 0}});
    group.indices = std::move(indices);
    VtxStrip strip;
    strip.numIndices = static_cast<std::int32_t>(group.indices.size());
    strip.numVerts = static_cast<std::int32_t>(group.vertices.size());
    group.strips.push_back(strip);
    VtxMesh mesh;
    mesh.stripGroups.push_back(group);
    return mesh;
}

TEST(Restrip, CanonicalTrianglesIgnoreRotationAndOrderButKeepWinding) {
    const VtxMesh a = meshOf({5, 6, 7, 8}, {0, 1, 2, 1, 3, 2});
    const VtxMesh rotated = meshOf({7, 8, 6, 5}, {2, 1, 0, 0, 3, 2}); // (6,8,7) then (7,5,6)
    const VtxMesh flipped = meshOf({5, 6, 7, 8}, {0, 2, 1, 1, 3, 2});
    EXPECT_EQ(canonicalTriangles(a), canonicalTriangles(rotated));
    EXPECT_NE(canonicalTriangles(a), canonicalTriangles(flipped));

    VtxFile before, after;
    before.bodyParts.resize(1);
    before.bodyParts[0].models.resize(1);
    before.bodyParts[0].models[0].lods.resize(1);
    after = before;
    before.bodyParts[0].models[0].lods[0].meshes = {a};
    after.bodyParts[0].models[0].lods[0].meshes = {flipped};
    EXPECT_EQ(triangleChange(before, before), "");
    EXPECT_EQ(triangleChange(before, after),
              "the triangles of body part 0, model 0, LOD 0, mesh 0");
    after.bodyParts[0].models[0].lods.resize(2);
    EXPECT_EQ(triangleChange(before, after), "the body part/model/LOD/mesh structure");
}

TEST(Restrip, StripLimitProblemsNameTheMeshAndTheRule) {
    VtxFile file;
    file.bodyParts.resize(1);
    file.bodyParts[0].models.resize(1);
    file.bodyParts[0].models[0].lods.resize(1);
    file.bodyParts[0].models[0].lods[0].meshes = {meshOf({5, 6, 7}, {0, 1, 2})};
    EXPECT_EQ(stripLimitProblem(file), "");
    file.bodyParts[0].models[0].lods[0].meshes[0].stripGroups[0].strips[0].numIndices = 6;
    EXPECT_EQ(stripLimitProblem(file), "rebuilt strips of body part 0, model 0, LOD 0, mesh 0: "
                                       "index range leaves its strip group");
}

TEST(Restrip, EveryCorpusModelKeepsItsTrianglesAndImprovesAtvr) {
    VTXC_REQUIRE_CORPUS();
    std::printf("%-30s %-5s %6s %6s %13s %13s %13s %9s %13s\n", "model", "vtx", "tris", "unique",
                "ACMR V->new", "ATVR V->new", "stored V->new", "strips", "bytes V->new");
    for (const fs::path& base : corpusModels()) {
        SCOPED_TRACE(base.string());
        const ModelFilePaths paths = findModelFiles(base);
        CollectingSink sink;
        LoadedModel loaded = loadModelFiles(paths, sink);
        ASSERT_FALSE(sink.hasErrors()) << formatDiagnostic(sink.errors().front());
        auto rebuilt = restripModel(loaded, RestripOptions{}, sink);
        ASSERT_TRUE(rebuilt.has_value()) << formatDiagnostic(sink.errors().front());
        ASSERT_EQ(rebuilt->size(), loaded.vtx.size());

        LoadedModel after = loaded;
        for (std::size_t v = 0; v < rebuilt->size(); ++v) {
            const RestrippedVtx& r = (*rebuilt)[v];
            ASSERT_EQ(r.variant, loaded.vtx[v].variant);
            const VtxFile& valve = loaded.vtx[v].file;
            expectSameTriangles(valve, r.file, r.variant);
            EXPECT_EQ(r.file.checkSum, valve.checkSum);
            EXPECT_EQ(r.file.numLODs, valve.numLODs);
            EXPECT_EQ(r.file.materialReplacements, valve.materialReplacements);
            EXPECT_EQ(stripLimitProblem(r.file), "");
            CollectingSink reread;
            auto back = readVtx(r.bytes, r.name, reread);
            ASSERT_TRUE(back.has_value());
            EXPECT_EQ(*back, r.file);
            after.vtx[v].file = *back;
            for (std::size_t l = 0; l < r.after.size(); ++l) {
                const StripQuality& a = r.before[l];
                const StripQuality& b = r.after[l];
                std::printf("%-30s %-5s %6zu %6zu %6.3f->%6.3f %6.3f->%6.3f %6zu->%6zu %4zu->%4zu "
                            "%6zu->%6zu\n",
                            l == 0 ? base.filename().string().c_str() : "",
                            (r.variant + "/" + std::to_string(l)).c_str(), b.triangles,
                            b.uniqueVertices, a.acmr(), b.acmr(), a.atvr(), b.atvr(),
                            a.storedVertices, b.storedVertices, a.strips, b.strips, r.sourceBytes,
                            r.bytes.size());
            }
            if (r.variant != "dx90") continue;
            const StripQuality& valve0 = r.before.at(0);
            const StripQuality& ours0 = r.after.at(0);
            if (valve0.triangles >= 500) {
                EXPECT_LE(ours0.atvr(), valve0.atvr() + 1e-9);
            }
            if (valve0.atvr() > 1.02) {
                EXPECT_LT(ours0.atvr(), valve0.atvr());
            }
        }
        for (const Diagnostic& d : checkModel(after))
            ADD_FAILURE() << formatDiagnostic(d);
    }
}

// The corpus has no flexed strip groups: split a mesh's group into a rigid and a flexed half.
TEST(Restrip, FlexedAndRigidStripGroupsAreRestrippedApart) {
    VTXC_REQUIRE_CORPUS();
    CollectingSink sink;
    LoadedModel model =
        loadModelFiles(findModelFiles(modelIn(test::corpusDir() / "w_grenade")), sink);
    ASSERT_FALSE(sink.hasErrors());
    VtxMesh& mesh = model.vtx[0].file.bodyParts[0].models[0].lods[0].meshes[0];
    ASSERT_EQ(mesh.stripGroups.size(), 1u);
    VtxStripGroup rigid = mesh.stripGroups[0];
    VtxStripGroup flexed = rigid;
    const std::size_t half = rigid.indices.size() / 6 * 3;
    rigid.indices.resize(half);
    rigid.strips = {rigid.strips[0]};
    rigid.strips[0].numIndices = static_cast<std::int32_t>(half);
    flexed.flags = kStripGroupIsFlexed | kStripGroupIsHwSkinned;
    flexed.indices.erase(flexed.indices.begin(), flexed.indices.begin() + std::ptrdiff_t(half));
    flexed.strips = {flexed.strips[0]};
    flexed.strips[0].numIndices = static_cast<std::int32_t>(flexed.indices.size());
    mesh.stripGroups = {flexed, rigid};

    auto rebuilt = restripModel(model, RestripOptions{{"dx90"}, {}, {}, {}}, sink);
    ASSERT_TRUE(rebuilt.has_value()) << formatDiagnostic(sink.errors().front());
    const VtxMesh& out = (*rebuilt)[0].file.bodyParts[0].models[0].lods[0].meshes[0];
    ASSERT_EQ(out.stripGroups.size(), 2u);
    EXPECT_EQ(out.stripGroups[0].flags, flexed.flags);
    EXPECT_EQ(out.stripGroups[1].flags, rigid.flags);
    for (std::size_t g = 0; g < 2; ++g) {
        VtxMesh before, after;
        before.stripGroups = {mesh.stripGroups[g]};
        after.stripGroups = {out.stripGroups[g]};
        EXPECT_EQ(canonicalTriangles(before), canonicalTriangles(after)) << "group " << g;
    }
}

TEST(Restrip, DoctoredVtxIsRefusedAndNothingIsWritten) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    const fs::path base = modelIn(test::corpusDir() / "w_grenade");
    copyModel(base, dir / "in");
    const fs::path vtxPath = dir / "in" / "w_grenade.dx90.vtx";
    CollectingSink sink;
    auto file = readVtx(bytesOf(vtxPath), "w_grenade.dx90.vtx", sink);
    ASSERT_TRUE(file.has_value());
    VtxStripGroup& group = file->bodyParts[0].models[0].lods[0].meshes[0].stripGroups[0];
    group.indices[3] = static_cast<std::uint16_t>(group.vertices.size() + 7); // out of range
    const auto doctored = writeVtx(*file);
    ASSERT_TRUE(writeFileAtomically(vtxPath, doctored, sink));

    const auto result = test::runVtxc(
        {"restrip", (dir / "in" / "w_grenade").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(result.exitStatus, 3) << result.err;
    EXPECT_NE(result.err.find("w_grenade.dx90.vtx"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("error[VTX007]"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("refers past the"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "out" / "w_grenade.dx90.vtx"));
}

TEST(Restrip, InPlaceKeepsBackupsAndTheModelStaysConsistent) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    const fs::path base = modelIn(test::corpusDir() / "bunker_gun01");
    copyModel(base, dir.path());
    const auto original = bytesOf(dir / "bunker_gun01.dx90.vtx");
    const auto result = test::runVtxc({"restrip", (dir / "bunker_gun01").string(), "--in-place"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.out.find("ATVR"), std::string::npos) << result.out;
    for (const char* variant : {"dx90", "dx80", "sw"}) {
        const fs::path vtx = dir / ("bunker_gun01." + std::string(variant) + ".vtx");
        EXPECT_TRUE(fs::exists(fs::path(vtx.string() + ".bak"))) << vtx;
    }
    EXPECT_EQ(bytesOf(dir / "bunker_gun01.dx90.vtx.bak"), original);
    EXPECT_NE(bytesOf(dir / "bunker_gun01.dx90.vtx"), original);

    CollectingSink sink;
    const LoadedModel loaded = loadModelFiles(findModelFiles(dir / "bunker_gun01"), sink);
    ASSERT_FALSE(sink.hasErrors());
    ASSERT_EQ(loaded.vtx.size(), 3u);
    EXPECT_TRUE(checkModel(loaded).empty());
    auto before = readVtx(original, "bak", sink);
    ASSERT_TRUE(before.has_value());
    expectSameTriangles(*before, loaded.vtx[0].file, "dx90");
}

TEST(Restrip, OptionsChooseVariantsAndOverrideTheHeader) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    const auto result =
        test::runVtxc({"restrip", modelIn(test::corpusDir() / "tree_pine04").string(), "-o",
                       (dir / "out").string(), "--variants", "dx90", "--vert-cache-size", "16",
                       "--bones-per-strip", "20"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_FALSE(fs::exists(dir / "out" / "Tree_pine04.dx80.vtx"));
    CollectingSink sink;
    auto file = readVtx(bytesOf(dir / "out" / "Tree_pine04.dx90.vtx"), "dx90", sink);
    ASSERT_TRUE(file.has_value());
    EXPECT_EQ(file->vertCacheSize, 16);
    EXPECT_EQ(file->maxBonesPerStrip, 20);
}

TEST(Restrip, NeedsAnOutputFolderOrInPlace) {
    VTXC_REQUIRE_CORPUS();
    const auto result =
        test::runVtxc({"restrip", modelIn(test::corpusDir() / "w_grenade").string()});
    EXPECT_EQ(result.exitStatus, 1);
    EXPECT_NE(result.err.find("error[RST007]"), std::string::npos) << result.err;
}

TEST(Restrip, BatchRestripsEveryModelAndReportsTheBrokenOne) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    copyModel(modelIn(test::corpusDir() / "w_grenade"), dir / "in" / "a");
    copyModel(modelIn(test::corpusDir() / "holo_cube"), dir / "in" / "b" / "deep");
    fs::create_directories(dir / "in" / "c");
    test::writeText(dir / "in" / "c" / "broken.mdl", "this is not a model");

    const auto result = test::runVtxc(
        {"restrip", (dir / "in").string(), "--recursive", "-o", (dir / "out").string()});
    EXPECT_EQ(result.exitStatus, 3) << result.err;
    EXPECT_NE(result.err.find("broken.mdl"), std::string::npos) << result.err;
    EXPECT_NE(result.out.find("c/broken"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("FAILED"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("total: 2 of 3 models"), std::string::npos) << result.out;
    for (const char* variant : {"dx90", "dx80", "sw"})
        EXPECT_TRUE(fs::exists(dir / "out" / "a" / ("w_grenade." + std::string(variant) + ".vtx")));
    EXPECT_TRUE(fs::exists(dir / "out" / "b" / "deep" / "cube.dx90.vtx"));
    EXPECT_FALSE(fs::exists(dir / "out" / "c"));

    CollectingSink sink;
    LoadedModel cube = loadModelFiles(findModelFiles(dir / "in" / "b" / "deep" / "cube"), sink);
    ASSERT_EQ(cube.vtx.size(), 1u);
    const VtxFile valve = cube.vtx[0].file;
    auto rebuilt = readVtx(bytesOf(dir / "out" / "b" / "deep" / "cube.dx90.vtx"), "cube", sink);
    ASSERT_TRUE(rebuilt.has_value());
    cube.vtx[0].file = *rebuilt;
    EXPECT_TRUE(checkModel(cube).empty());
    expectSameTriangles(valve, *rebuilt, "cube");
}

} // namespace
} // namespace vtxc
