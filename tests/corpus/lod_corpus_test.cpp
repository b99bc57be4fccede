// Generated LODs against the artists' LODs of the corpus: each hand-made LOD's triangle count
// asked of the simplifier (from LOD 0), both measured against LOD 0 with the same surface metric,
// meshoptimizer's meshopt_simplify beside them. Prints the table (docs/lod.md quotes it).
#include "compiler/lods/auto_lods.h"
#include "formats/smd/smd.h"
#include "optimizer/simplify/surface_error.h"
#include "testing/test_support.h"
#include "tools/lod_generation.h"

#include <cstdio>
#include <gtest/gtest.h>
#include <meshoptimizer.h>
#include <string>
#include <vector>

namespace vtxc {
namespace {

struct HandMadeLod {
    const char* folder;
    const char* reference;
    const char* lod;
    const char* label;
};

const HandMadeLod kLods[] = {
    {"chamberdoor_frame", "chamberdoor_frame_ref.smd", "chamberdoor_frame_lod1.smd",
     "chamberdoor_frame lod1"},
    {"bunker_gun01", "bunker_gun01_reference.smd", "bunker_gun01_reference_lod1.smd",
     "bunker_gun01 lod1"},
    {"bunker_gun01", "bunker_gun01_reference.smd", "bunker_gun01_reference_lod2.smd",
     "bunker_gun01 lod2"},
    {"bunker_gun01", "bunker_gun01_reference.smd", "bunker_gun01_reference_lod3.smd",
     "bunker_gun01 lod3"},
    {"bunker_gun01", "bunker_gun01_reference.smd", "bunker_gun01_reference_lod4.smd",
     "bunker_gun01 lod4"},
    {"combine_super_soldier_choreo", "combine_super_soldier_Super_Soldier_reference.smd",
     "combine_super_soldier_Super_Soldier_reference_lod1.smd", "super soldier lod1"},
    {"combine_super_soldier_choreo", "combine_super_soldier_Super_Soldier_reference.smd",
     "combine_super_soldier_Super_Soldier_reference_lod2.smd", "super soldier lod2"},
    {"combine_super_soldier_choreo", "combine_super_soldier_Super_Soldier_reference.smd",
     "combine_super_soldier_Super_Soldier_reference_lod3.smd", "super soldier lod3"},
    {"combine_super_soldier_choreo", "combine_super_soldier_Super_Soldier_reference.smd",
     "combine_super_soldier_Super_Soldier_reference_lod4.smd", "super soldier lod4"},
    {"combine_super_soldier_choreo", "combine_super_soldier_Super_Soldier_reference.smd",
     "combine_super_soldier_Super_Soldier_reference_lod5.smd", "super soldier shadow lod"},
    {"tree_pine04", "Tree_pine04.smd", "Tree_pine04_lod1.smd", "tree_pine04 lod1"},
    {"tree_pine04", "Tree_pine04.smd", "Tree_pine04_lod2.smd", "tree_pine04 lod2"},
    {"tree_pine04", "Tree_pine04.smd", "Tree_pine04_lod3.smd", "tree_pine04 lod3"},
};

std::vector<Vec3> positionsOf(const std::vector<ModelVertex>& vertices) {
    std::vector<Vec3> positions;
    positions.reserve(vertices.size());
    for (const ModelVertex& v : vertices)
        positions.push_back(v.position);
    return positions;
}

LodSource load(const std::filesystem::path& path) {
    CollectingSink sink;
    const auto smd = readSmdFile(path, sink);
    EXPECT_TRUE(smd.has_value()) << path;
    return smd ? lodSourceFromSmd(*smd, {}) : LodSource{};
}

// Fewer samples than `vtxc lod` takes (the suite stays fast); every mesh is measured alike.
const SurfaceErrorOptions kMeasure{20000};

struct MeshoptResult {
    std::size_t triangles = 0;
    SurfaceError error;
};

// meshopt_simplify on LOD 0 as welded by position, normal, UV (and weights), positions only.
MeshoptResult meshoptSimplify(const LodSource& lod0, const std::vector<Vec3>& positions,
                              std::size_t triangles) {
    std::vector<unsigned int> indices(lod0.indices.size());
    const std::size_t count =
        meshopt_simplify(indices.data(), lod0.indices.data(), lod0.indices.size(), &positions[0].x,
                         positions.size(), sizeof(Vec3), 3 * triangles, 1.0f, 0, nullptr);
    indices.resize(count);
    MeshoptResult result;
    result.triangles = count / 3;
    result.error = measureSurfaceError({positions, lod0.indices}, {positions, indices}, kMeasure);
    return result;
}

// Every hand-made LOD's count asked of the simplifier (local passes from this many points on):
// prints the table and checks the count and that the error is no higher than the artist's.
void expectAsCloseAsTheArtists(std::size_t localPassesFromPoints) {
    AutoLodOptions options;
    options.measure = kMeasure;
    options.simplify.localPassesFromPoints = localPassesFromPoints;
    std::printf("| LOD | tris | hand-made mean / max %% | vtxc: tris, mean / max %% | "
                "meshopt_simplify: tris, mean / max %% |\n|---|---|---|---|---|\n");
    for (const HandMadeLod& row : kLods) {
        const std::filesystem::path folder = test::corpusDir() / row.folder;
        const LodSource lod0 = load(folder / row.reference);
        const LodSource handMade = load(folder / row.lod);
        ASSERT_FALSE(lod0.indices.empty() || handMade.indices.empty()) << row.label;
        const std::vector<Vec3> positions = positionsOf(lod0.vertices);
        const std::size_t target = handMade.indices.size() / 3;

        const std::vector<Vec3> handPositions = positionsOf(handMade.vertices);
        const SurfaceError hand = measureSurfaceError(
            {positions, lod0.indices}, {handPositions, handMade.indices}, options.measure);
        const LodTarget targets[] = {{target, false}};
        const std::vector<PlannedLod> planned = planLods(lod0, targets, options);
        const PlannedLod& ours = planned.front();
        const std::size_t reached = ours.mesh.indices.size() / 3;
        const MeshoptResult meshopt = meshoptSimplify(lod0, positions, target);

        std::printf("| %s | %zu | %.3f / %.3f | %zu, %.3f / %.3f | %zu, %.3f / %.3f |\n", row.label,
                    target, hand.meanPercent(), hand.maxPercent(), reached,
                    ours.error.meanPercent(), ours.error.maxPercent(), meshopt.triangles,
                    meshopt.error.meanPercent(), meshopt.error.maxPercent());

        // The count asked for, within 1%.
        EXPECT_LE(reached * 100, target * 101) << row.label;
        EXPECT_GE(reached * 100, target * 99) << row.label;
        // No further from LOD 0 than the artist's LOD, on average and at worst.
        EXPECT_LE(ours.error.mean, hand.mean) << row.label;
        EXPECT_LE(ours.error.max, hand.max) << row.label;
    }
}

TEST(LodCorpus, GeneratedLodsAreAsCloseAsTheArtistsLods) {
    VTXC_REQUIRE_CORPUS();
    // Every corpus reference is smaller than the size from which local passes are made.
    expectAsCloseAsTheArtists(0);
}

// Local passes, made on big meshes only, are held to the same standard on the corpus: forced on
// for every reference here (its points fall in one to a few blocks).
TEST(LodCorpus, LocalPassesAreAsCloseAsTheArtistsLods) {
    VTXC_REQUIRE_CORPUS();
    expectAsCloseAsTheArtists(1);
}

} // namespace
} // namespace vtxc
