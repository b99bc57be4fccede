// Every SMD of the shared corpus parses with the triangle, node and influence counts that
// shared/corpus/MANIFEST.md gives (numbers copied from there by hand; a new file must be added).
#include "formats/smd.h"
#include "tests/test_support.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>

namespace vtxc {
namespace {

struct Expected {
    std::size_t triangles;
    std::size_t nodes;
    std::size_t maxLinks; // largest `links` count on a vertex line (0: Half-Life 9-value lines)
    const char* material; // the one material, compared case-insensitively (MANIFEST lower-cases)
};

// From MANIFEST.md: "SMD tris per LOD" and the "SMD details" lines.
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

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

TEST(SmdCorpus, EverySmdParsesWithTheManifestCounts) {
    VTXC_REQUIRE_CORPUS();
    const auto files = test::corpusFiles(".smd");
    std::size_t checked = 0;
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        const auto expected = expectedCounts().find(path.filename().string());
        ASSERT_NE(expected, expectedCounts().end())
            << "a corpus SMD missing from this test's table: add its MANIFEST counts";
        CollectingSink sink;
        const auto file = readSmdFile(path, sink);
        ASSERT_TRUE(file) << (sink.errors().empty() ? "" : formatDiagnostic(sink.errors()[0]));
        EXPECT_EQ(sink.warningCount(), 0u);
        EXPECT_EQ(file->kind(), SmdKind::Reference);
        EXPECT_EQ(file->triangles.size(), expected->second.triangles);
        EXPECT_EQ(file->nodes.size(), expected->second.nodes);
        EXPECT_EQ(file->frames.size(), 1u);
        std::size_t maxLinks = 0;
        for (const SmdTriangle& triangle : file->triangles)
            for (const SmdVertex& corner : triangle.corners)
                maxLinks = std::max<std::size_t>(maxLinks, corner.linkCount);
        EXPECT_EQ(maxLinks, expected->second.maxLinks);
        ASSERT_EQ(file->materials.size(), 1u);
        EXPECT_EQ(lower(file->materials[0]), expected->second.material);
        ++checked;
    }
    EXPECT_EQ(checked, expectedCounts().size()) << "a corpus SMD named in MANIFEST is missing";
}

TEST(SmdCorpus, BundledExampleParses) {
    CollectingSink sink;
    const auto file =
        readSmdFile(std::filesystem::path(VTXC_SOURCE_DIR) / "examples" / "arm.smd", sink);
    ASSERT_TRUE(file) << (sink.errors().empty() ? "" : formatDiagnostic(sink.errors()[0]));
    EXPECT_EQ(sink.warningCount(), 0u);
    EXPECT_EQ(file->kind(), SmdKind::Reference);
    EXPECT_EQ(file->nodes.size(), 3u);
    EXPECT_FALSE(file->triangles.empty());
}

} // namespace
} // namespace vtxc
