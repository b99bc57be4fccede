// Tests of restrip on every corpus model: triangles kept, ATVR improved, flexed and rigid strip
// groups restripped apart.
#include "formats/common/file_io.h"
#include "formats/studio/model_check.h"
#include "testing/model_comparison.h"
#include "testing/test_support.h"
#include "tools/restrip.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

TEST(RestripCorpus, EveryCorpusModelKeepsItsTrianglesAndImprovesAtvr) {
    VTXC_REQUIRE_CORPUS();
    std::printf("%-30s %-5s %6s %6s %13s %13s %13s %9s %13s\n", "model", "vtx", "tris", "unique",
                "ACMR V->new", "ATVR V->new", "stored V->new", "strips", "bytes V->new");
    const std::vector<fs::path> models = test::corpusMeshModels();
    ASSERT_GE(models.size(), 10u); // six model folders and four of the projects' Valve models
    for (const fs::path& base : models) {
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
            test::expectSameTriangles(valve, r.file, r.variant);
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
TEST(RestripCorpus, FlexedAndRigidStripGroupsAreRestrippedApart) {
    VTXC_REQUIRE_CORPUS();
    CollectingSink sink;
    LoadedModel model =
        loadModelFiles(findModelFiles(test::modelBaseIn(test::corpusDir() / "w_grenade")), sink);
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

} // namespace
} // namespace vtxc
