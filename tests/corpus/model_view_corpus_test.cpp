// `vtxc view`'s page of every corpus model with meshes: the embedded triangles per variant and LOD
// are the .vtx's (counted from the file), each resolves to the positions the test support's own
// resolution of the .vvd finds, the per-triangle FIFO misses add up to `vtxc stats`'s, and the
// page stays within its size bound.
#include "formats/studio/model_files.h"
#include "optimizer/strips/vtx_analysis.h"
#include "testing/base64.h"
#include "testing/model_comparison.h"
#include "testing/test_support.h"
#include "tools/model_view.h"

#include <bit>
#include <cstdio>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

template <class T> std::vector<T> decode(const nlohmann::json& array) {
    const std::vector<std::uint8_t> bytes = test::decodeBase64(array["base64"].get<std::string>());
    std::vector<T> out(bytes.size() / sizeof(T));
    for (std::size_t i = 0; i < out.size(); ++i) {
        std::uint32_t bits = 0;
        for (std::size_t b = 0; b < sizeof(T); ++b)
            bits |= std::uint32_t(bytes[i * sizeof(T) + b]) << (8 * b);
        if constexpr (std::is_same_v<T, float>)
            out[i] = std::bit_cast<float>(bits);
        else
            out[i] = static_cast<T>(bits);
    }
    EXPECT_EQ(out.size(), array["count"].get<std::size_t>());
    return out;
}

// The triangles of each LOD as the .vtx stores them: every strip group's indices / 3.
std::vector<std::size_t> vtxTriangles(const VtxFile& vtx) {
    std::vector<std::size_t> out(static_cast<std::size_t>(vtx.numLODs), 0);
    for (const VtxBodyPart& part : vtx.bodyParts)
        for (const VtxModel& model : part.models)
            for (std::size_t l = 0; l < model.lods.size() && l < out.size(); ++l)
                for (const VtxMesh& mesh : model.lods[l].meshes)
                    for (const VtxStripGroup& group : mesh.stripGroups)
                        out[l] += group.indices.size() / 3;
    return out;
}

std::string modelJsonOf(const std::string& page) {
    const std::string open = "id=\"vtxc-model\">";
    const std::size_t begin = page.find(open);
    if (begin == std::string::npos) return {};
    const std::size_t end = page.find("</script>", begin);
    return page.substr(begin + open.size(), end - begin - open.size());
}

TEST(ModelViewCorpus, EveryModelsPageHoldsTheVtxTrianglesResolvedAndCounted) {
    VTXC_REQUIRE_CORPUS();
    const std::vector<fs::path> models = test::corpusMeshModels();
    ASSERT_GE(models.size(), 10u);
    const ViewerPageSources sources = viewerPageSources();
    const std::size_t pageCode = sources.html.size() + sources.css.size() + sources.js.size();
    std::printf("%-36s %10s %10s %6s\n", "model", "files", "page", "ratio");
    for (const fs::path& base : models) {
        SCOPED_TRACE(base.string());
        CollectingSink sink;
        const std::optional<std::string> page = modelPage(base, {}, sink);
        ASSERT_TRUE(page.has_value()) << formatDiagnostic(sink.errors().front());
        const auto json = nlohmann::json::parse(modelJsonOf(*page));

        const ModelFilePaths paths = findModelFiles(base);
        CollectingSink readSink;
        const LoadedModel loaded = loadModelFiles(paths, readSink);
        ASSERT_FALSE(readSink.hasErrors());
        const std::vector<float> position = decode<float>(json["vertices"]["position"]);
        const std::size_t vertexCount = json["vertices"]["count"].get<std::size_t>();
        ASSERT_EQ(position.size(), 3 * vertexCount);
        ASSERT_EQ(json["variants"].size(), loaded.vtx.size());
        for (std::size_t v = 0; v < loaded.vtx.size(); ++v) {
            const VtxFile& vtx = loaded.vtx[v].file;
            const auto& variant = json["variants"][v];
            EXPECT_EQ(variant["name"], loaded.vtx[v].variant);
            EXPECT_EQ(variant["cacheSize"], vtx.vertCacheSize);
            const std::vector<std::size_t> expected = vtxTriangles(vtx);
            ASSERT_EQ(variant["lods"].size(), expected.size());
            const auto reference =
                test::lodTriangles(*loaded.vvd, vtx, test::meshStartsFromMdl(*loaded.mdl));
            const std::vector<LodQuality> quality =
                analyseVtx(vtx, {static_cast<std::size_t>(vtx.vertCacheSize)});
            for (std::size_t l = 0; l < expected.size(); ++l) {
                SCOPED_TRACE(loaded.vtx[v].variant + " LOD " + std::to_string(l));
                const auto& lod = variant["lods"][l];
                EXPECT_EQ(lod["triangles"].get<std::size_t>(), expected[l]);
                const std::vector<std::uint32_t> index = decode<std::uint32_t>(lod["index"]);
                ASSERT_EQ(index.size(), 3 * expected[l]);
                ASSERT_EQ(reference[l].size(), expected[l]);
                for (std::size_t t = 0; t < expected[l]; ++t)
                    for (std::size_t k = 0; k < 3; ++k) {
                        const std::uint32_t i = index[3 * t + k];
                        ASSERT_LT(i, vertexCount);
                        const Vec3& p = reference[l][t][k].position;
                        ASSERT_EQ(position[3 * i], p.x);
                        ASSERT_EQ(position[3 * i + 1], p.y);
                        ASSERT_EQ(position[3 * i + 2], p.z);
                    }
                std::size_t misses = 0;
                for (std::uint8_t m : decode<std::uint8_t>(lod["triCacheMisses"]))
                    misses += m;
                EXPECT_EQ(misses, quality.at(l).total.misses.at(0));
                EXPECT_EQ(decode<std::uint16_t>(lod["triMaterial"]).size(), expected[l]);
                EXPECT_EQ(decode<std::uint16_t>(lod["triStrip"]).size(), expected[l]);
            }
        }
        std::uintmax_t files = fs::file_size(paths.mdl) + fs::file_size(paths.vvd);
        for (const ModelFilePaths::Vtx& vtx : paths.vtx)
            files += fs::file_size(vtx.path);
        std::printf("%-36s %10ju %10zu %6.2f\n", base.filename().string().c_str(), files,
                    page->size(), double(page->size()) / double(files));
        // The page's target is twice the files; the bound leaves room for the stats and names.
        EXPECT_LE(page->size(), files * 5 / 2 + pageCode + 64 * 1024);
    }
}

} // namespace
} // namespace vtxc
