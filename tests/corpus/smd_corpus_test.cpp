// Every SMD of the corpus parses with the triangle, node and influence counts the corpus
// manifest gives (numbers copied from there by hand; a new file must be added), and writes back
// with every value kept.
#include "formats/common/text.h"
#include "formats/smd/smd.h"
#include "testing/smd_round_trip.h"
#include "testing/test_support.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>

namespace vtxc {
namespace {

struct Expected {
    std::size_t triangles;
    std::size_t nodes;
    std::size_t maxLinks; // largest `links` count on a vertex line (0: Half-Life 9-value lines)
    const char*
        material; // the one material, compared case-insensitively (the manifest lower-cases)
};

// From the corpus manifest: "SMD tris per LOD" and the "SMD details" lines.
const std::map<std::string, Expected>& expectedCounts() {
    static const std::map<std::string, Expected> table = {
        {"Grenade_reference.smd", {92, 3, 1, "w_grenadesheet"}},
        {"chamberdoor_frame_ref.smd", {102, 1, 0, "metal_frame.vmt"}},
        {"chamberdoor_frame_lod1.smd", {38, 1, 0, "metal_frame.vmt"}},
        {"bunker_gun01_reference.smd", {1722, 10, 1, "bunker_gun01"}},
        {"bunker_gun01_reference_lod1.smd", {1521, 10, 1, "bunker_gun01"}},
        {"bunker_gun01_reference_lod2.smd", {1324, 10, 1, "bunker_gun01"}},
        {"bunker_gun01_reference_lod3.smd", {949, 10, 1, "bunker_gun01"}},
        {"bunker_gun01_reference_lod4.smd", {583, 10, 1, "bunker_gun01"}},
        {"combine_super_soldier_Super_Soldier_reference.smd", {5123, 44, 3, "combine_elite"}},
        {"combine_super_soldier_Super_Soldier_reference_lod1.smd", {4105, 44, 3, "combine_elite"}},
        {"combine_super_soldier_Super_Soldier_reference_lod2.smd", {3081, 44, 3, "combine_elite"}},
        {"combine_super_soldier_Super_Soldier_reference_lod3.smd", {2135, 44, 3, "combine_elite"}},
        {"combine_super_soldier_Super_Soldier_reference_lod4.smd", {1166, 44, 3, "combine_elite"}},
        {"combine_super_soldier_Super_Soldier_reference_lod5.smd", {730, 44, 3, "combine_elite"}},
        {"Tree_pine04.smd", {2247, 1, 1, "arbre01"}},
        {"Tree_pine04_lod1.smd", {1722, 1, 1, "arbre01"}},
        {"Tree_pine04_lod2.smd", {900, 1, 1, "arbre01"}},
        {"Tree_pine04_lod3.smd", {451, 1, 1, "arbre01"}},
    };
    return table;
}

struct ExpectedOther {
    SmdKind kind;
    std::size_t nodes;
    std::size_t frames;
    std::size_t triangles;
};

// The animation and physics SMDs the corpus QCs refer to (not in the manifest's count tables):
// nodes, `time` blocks and triangles as counted in the files with awk, keyed by folder/name.
const std::map<std::string, ExpectedOther>& expectedOtherCounts() {
    static const std::map<std::string, ExpectedOther> table = {
        {"bunker_gun01_anims/activate.smd", {SmdKind::Animation, 10, 36, 0}},
        {"bunker_gun01_anims/down_center.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/down_center_corrective_animation.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/down_left.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/down_left_corrective_animation.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/down_right.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/down_right_corrective_animation.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/fire.smd", {SmdKind::Animation, 10, 3, 0}},
        {"bunker_gun01_anims/idle.smd", {SmdKind::Animation, 10, 2, 0}},
        {"bunker_gun01_anims/idle_inactive.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/mid_center.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/mid_center_corrective_animation.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/mid_left.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/mid_left_corrective_animation.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/mid_right.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/mid_right_corrective_animation.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/neutral.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/retract.smd", {SmdKind::Animation, 10, 42, 0}},
        {"bunker_gun01_anims/up_center.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/up_center_corrective_animation.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/up_left.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/up_left_corrective_animation.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/up_right.smd", {SmdKind::Animation, 10, 1, 0}},
        {"bunker_gun01_anims/up_right_corrective_animation.smd", {SmdKind::Animation, 10, 1, 0}},
        {"combine_super_soldier_choreo/body_poses_lean.smd", {SmdKind::Animation, 55, 111, 0}},
        {"combine_super_soldier_choreo/ragdoll.smd", {SmdKind::Animation, 55, 101, 0}},
        {"tree_pine04/idle.smd", {SmdKind::Animation, 1, 1, 0}},
        {"bunker_gun01/bunker_gun01_physics.smd", {SmdKind::Reference, 10, 1, 12}},
        {"chamberdoor_frame/chamberdoor_frame_phys.smd", {SmdKind::Reference, 1, 1, 36}},
        {"combine_super_soldier_choreo/combine_super_soldier_physics.smd",
         {SmdKind::Reference, 44, 1, 794}},
        {"w_grenade/w_grenade_physics.smd", {SmdKind::Reference, 3, 1, 48}},
    };
    return table;
}

std::string tableKey(const std::filesystem::path& path) {
    return (path.parent_path().filename() / path.filename()).generic_string();
}

void expectMeshCounts(const SmdFile& file, const Expected& expected) {
    EXPECT_EQ(file.kind(), SmdKind::Reference);
    EXPECT_EQ(file.triangles.size(), expected.triangles);
    EXPECT_EQ(file.nodes.size(), expected.nodes);
    EXPECT_EQ(file.frames.size(), 1u);
    std::size_t maxLinks = 0;
    for (const SmdTriangle& triangle : file.triangles)
        for (const SmdVertex& corner : triangle.corners)
            maxLinks = std::max<std::size_t>(maxLinks, corner.linkCount);
    EXPECT_EQ(maxLinks, expected.maxLinks);
    ASSERT_EQ(file.materials.size(), 1u);
    EXPECT_EQ(asciiLower(file.materials[0]), expected.material);
}

void expectOtherCounts(const SmdFile& file, const ExpectedOther& expected) {
    EXPECT_EQ(file.kind(), expected.kind);
    EXPECT_EQ(file.nodes.size(), expected.nodes);
    EXPECT_EQ(file.frames.size(), expected.frames);
    EXPECT_EQ(file.triangles.size(), expected.triangles);
}

// The single-model folders' SMDs, each with the counts MANIFEST.md gives.
TEST(SmdCorpus, EverySmdParsesWithTheManifestCounts) {
    VTXC_REQUIRE_CORPUS();
    const auto files = test::corpusModelFiles(".smd");
    std::size_t meshes = 0, others = 0;
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        CollectingSink sink;
        const auto file = readSmdFile(path, sink);
        ASSERT_TRUE(file) << (sink.errors().empty() ? "" : formatDiagnostic(sink.errors()[0]));
        EXPECT_EQ(sink.warningCount(), 0u);
        const auto mesh = expectedCounts().find(path.filename().string());
        const auto other = expectedOtherCounts().find(tableKey(path));
        if (mesh != expectedCounts().end()) {
            expectMeshCounts(*file, mesh->second);
            ++meshes;
        } else if (other != expectedOtherCounts().end()) {
            expectOtherCounts(*file, other->second);
            ++others;
        } else {
            ADD_FAILURE() << "a corpus SMD missing from this test's tables: add its counts";
        }
    }
    EXPECT_EQ(meshes, expectedCounts().size()) << "a corpus SMD named in the manifest is missing";
    EXPECT_EQ(others, expectedOtherCounts().size()) << "an animation or physics SMD is missing";
}

TEST(SmdCorpus, EverySmdWritesBackWithEveryValue) {
    VTXC_REQUIRE_CORPUS();
    const auto files = test::corpusFiles(".smd");
    ASSERT_FALSE(files.empty());
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        CollectingSink sink;
        const auto file = readSmdFile(path, sink);
        ASSERT_TRUE(file);
        test::expectSmdRoundTrip(*file);
    }
}

} // namespace
} // namespace vtxc
