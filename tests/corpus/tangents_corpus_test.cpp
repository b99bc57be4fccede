// Tangents against the tangents Valve stored in the corpus .vvd files.
#include "formats/common/file_io.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"
#include "optimizer/vertices/tangents.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace vtxc {
namespace {

template <typename File>
File readCorpus(const std::filesystem::path& path,
                std::optional<File> (*reader)(std::span<const std::uint8_t>, const std::string&,
                                              DiagnosticSink&)) {
    CollectingSink sink;
    const auto bytes = readWholeFile(path, sink);
    if (!bytes) return {};
    const std::span<const std::uint8_t> data(reinterpret_cast<const std::uint8_t*>(bytes->data()),
                                             bytes->size());
    std::optional<File> file = reader(data, path.string(), sink);
    return file ? std::move(*file) : File{};
}

TEST(TangentsCorpus, AgreeWithValvesStoredTangents) {
    VTXC_REQUIRE_CORPUS();
    const char* models[] = {"combine_super_soldier_choreo/combine_super_soldier_choreo",
                            "bunker_gun01/bunker_gun01", "w_grenade/w_grenade",
                            "chamberdoor_frame/chamberdoor_frame"};
    for (const char* model : models) {
        const auto base = test::corpusDir() / model;
        const VvdFile vvd = readCorpus<VvdFile>(base.string() + ".vvd", &readVvd);
        const VtxFile vtx = readCorpus<VtxFile>(base.string() + ".dx90.vtx", &readVtx);
        ASSERT_EQ(vvd.tangents.size(), vvd.vertices.size()) << model;
        ASSERT_FALSE(vtx.bodyParts.empty()) << model;
        // One body part, model and mesh, no fixups: origMeshVertID indexes the pool directly.
        std::vector<ModelVertex> vertices;
        for (const VvdVertex& v : vvd.vertices) {
            ModelVertex& m = vertices.emplace_back();
            m.position = v.position;
            m.normal = v.normal;
            m.uv = v.texCoord;
        }
        std::vector<std::uint32_t> indices;
        std::vector<bool> used(vertices.size(), false);
        for (const VtxStripGroup& group : vtx.bodyParts[0].models[0].lods[0].meshes[0].stripGroups)
            for (std::uint16_t i : group.indices) {
                indices.push_back(group.vertices[i].origMeshVertID);
                used[indices.back()] = true;
            }
        const std::vector<Vec4> ours = computeTangents(vertices, indices);
        std::size_t compared = 0, sameDirection = 0, sameHandedness = 0;
        for (std::size_t v = 0; v < vertices.size(); ++v) {
            if (!used[v]) continue;
            const Vec4& theirs = vvd.tangents[v];
            ++compared;
            sameDirection +=
                ours[v].x * theirs.x + ours[v].y * theirs.y + ours[v].z * theirs.z > 0.99f;
            sameHandedness += ours[v].w == theirs.w;
        }
        ASSERT_GT(compared, 0u) << model;
        EXPECT_GE(double(sameDirection) / double(compared), 0.995) << model;
        EXPECT_GE(double(sameHandedness) / double(compared), 0.995) << model;
    }
}

} // namespace
} // namespace vtxc
