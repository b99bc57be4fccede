// Welding on every corpus SMD: vertex counts equal to those of Valve's files.
#include "formats/smd/smd.h"
#include "optimizer/bone_weights.h"
#include "optimizer/vertices/welding.h"
#include "testing/mesh_checks.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <vector>

namespace vtxc {
namespace {

// --- Corpus: Valve's vertex counts per LOD equal our welded counts ------------------------------

struct CorpusSmd {
    const char* path;
    std::size_t triangles;
    std::size_t vertices; // Valve's .vtx vertex count for this LOD (the corpus manifest)
};

TEST(WeldingCorpus, VertexCountsEqualValvesForEveryLodSmd) {
    VTXC_REQUIRE_CORPUS();
    // chamberdoor_frame LOD 1 is 74 here: Valve's 70 comes from unifying LOD vertices with the
    // LOD-0 pool (within ~3e-4 units), the driver's job, not welding.
    const CorpusSmd cases[] = {
        {"w_grenade/Grenade_reference.smd", 92, 114},
        {"chamberdoor_frame/chamberdoor_frame_ref.smd", 102, 188},
        {"chamberdoor_frame/chamberdoor_frame_lod1.smd", 38, 74},
        {"bunker_gun01/bunker_gun01_reference.smd", 1722, 2159},
        {"bunker_gun01/bunker_gun01_reference_lod1.smd", 1521, 1984},
        {"bunker_gun01/bunker_gun01_reference_lod2.smd", 1324, 1781},
        {"bunker_gun01/bunker_gun01_reference_lod3.smd", 949, 1383},
        {"bunker_gun01/bunker_gun01_reference_lod4.smd", 583, 903},
        {"tree_pine04/Tree_pine04.smd", 2247, 2397},
        {"tree_pine04/Tree_pine04_lod1.smd", 1722, 1833},
        {"tree_pine04/Tree_pine04_lod2.smd", 900, 1080},
        {"tree_pine04/Tree_pine04_lod3.smd", 451, 659},
        {"combine_super_soldier_choreo/combine_super_soldier_Super_Soldier_reference.smd", 5123,
         3644},
        {"combine_super_soldier_choreo/combine_super_soldier_Super_Soldier_reference_lod1.smd",
         4105, 3111},
        {"combine_super_soldier_choreo/combine_super_soldier_Super_Soldier_reference_lod2.smd",
         3081, 2579},
        {"combine_super_soldier_choreo/combine_super_soldier_Super_Soldier_reference_lod3.smd",
         2135, 2046},
        {"combine_super_soldier_choreo/combine_super_soldier_Super_Soldier_reference_lod4.smd",
         1166, 1327},
        {"combine_super_soldier_choreo/combine_super_soldier_Super_Soldier_reference_lod5.smd", 730,
         909},
    };
    for (const CorpusSmd& c : cases) {
        CollectingSink sink;
        const std::optional<SmdFile> smd = readSmdFile(test::corpusDir() / c.path, sink);
        ASSERT_TRUE(smd) << c.path;
        const WeldedMesh mesh =
            weldCorners(test::cappedCorners(*smd)); // every case has one material
        EXPECT_EQ(mesh.indices.size() / 3, c.triangles) << c.path;
        EXPECT_EQ(mesh.vertices.size(), c.vertices) << c.path;
    }
}

} // namespace
} // namespace vtxc
