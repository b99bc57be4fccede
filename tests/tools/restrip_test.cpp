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

} // namespace
} // namespace vtxc
