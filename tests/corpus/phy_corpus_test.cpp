// Tests of the .phy reader, writer, text parser and structural check on every Valve-compiled .phy
// of the corpus: the bytes come back exactly, the hulls are sound, and the facts docs/formats.md
// states about the layout hold on each file.
#include "formats/phy/phy_family.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <iostream>
#include <map>

namespace vtxc::test {
namespace {

std::vector<std::uint8_t> fileBytes(const std::filesystem::path& path) {
    const std::string text = readText(path);
    return {text.begin(), text.end()};
}

std::string lowerStem(const std::filesystem::path& path) {
    std::string stem = path.stem().string();
    for (char& c : stem)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return stem;
}

TEST(PhyCorpus, EveryFileReadsWritesBackExactlyAndChecksClean) {
    VTXC_REQUIRE_CORPUS();
    // Solid counts per file (the jointed ones have one solid per physics bone).
    const std::map<std::string, std::size_t> expectedSolids = {
        {"w_grenade", 1},         {"bunker_gun01", 1},  {"combine_super_soldier_choreo", 15},
        {"chamberdoor_frame", 1}, {"labturret_npc", 5}, {"door01_left", 1},
        {"door01b_left", 1},      {"w_357", 1}};
    const auto files = corpusFiles(".phy");
    ASSERT_GE(files.size(), expectedSolids.size());
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        const auto bytes = fileBytes(path);
        CollectingSink sink;
        const auto file = readPhy(bytes, path.string(), sink);
        ASSERT_TRUE(file) << (sink.diagnostics().empty() ? ""
                                                         : formatDiagnostic(sink.diagnostics()[0]));
        EXPECT_EQ(writePhy(*file), bytes);
        for (const Diagnostic& finding : checkPhy(*file, path.string()))
            ADD_FAILURE() << formatDiagnostic(finding);

        const auto solids = file->text.blocksOf(PhyBlockKind::Solid);
        ASSERT_EQ(solids.size(), file->solids.size());
        if (const auto it = expectedSolids.find(lowerStem(path)); it != expectedSolids.end()) {
            EXPECT_EQ(file->solids.size(), it->second);
        }
        EXPECT_TRUE(file->text.nulTerminated);
        EXPECT_TRUE(file->text.trailing.empty());
        EXPECT_EQ(file->text.blocksOf(PhyBlockKind::Other).size(), 0u);
        EXPECT_EQ(file->text.blocksOf(PhyBlockKind::EditParams).size(), 1u);
        EXPECT_EQ(file->text.blocksOf(PhyBlockKind::RagdollConstraint).size(),
                  file->solids.size() > 1 ? file->solids.size() - 1 : 0u);

        std::string names;
        for (std::size_t s = 0; s < file->solids.size(); ++s) {
            const auto params = solidParams(*solids[s]);
            ASSERT_TRUE(params);
            EXPECT_EQ(params->index, static_cast<std::int32_t>(s));
            names += " " + params->name;
            // The text's volume is the pieces' volume (the outer hull not counted), in cubic
            // inches with the (x, -z, y) x 0.0254 mapping.
            const PhyCompactSurface& surface = file->solids[s].surface;
            double volume = 0;
            for (const std::size_t l : phyPieceLedges(surface)) {
                volume += phyLedgeVolume(surface, surface.ledges[l]);
                EXPECT_EQ(surface.ledges[l].sizeDiv16, phyCompactLedgeSizeDiv16(surface.ledges[l]));
            }
            EXPECT_NEAR(volume, params->volume, 1e-4 * params->volume);
            for (const PhyPoint& p : surface.points)
                EXPECT_EQ(p.w, 0u);
        }
        std::cout << path.filename().string() << ": " << file->solids.size()
                  << " solid(s):" << names << "\n";
    }
}

TEST(PhyCorpus, MultiPieceSolidHasAnOuterHullAtTheRoot) {
    VTXC_REQUIRE_CORPUS();
    const auto bytes = fileBytes(corpusDir() / "chamberdoor_frame/chamberdoor_frame.phy");
    CollectingSink sink;
    const auto file = readPhy(bytes, "chamberdoor_frame.phy", sink);
    ASSERT_TRUE(file);
    const PhyCompactSurface& surface = file->solids[0].surface;
    ASSERT_EQ(surface.ledges.size(), 4u);
    const auto hull = phyOuterHullLedge(surface);
    ASSERT_EQ(hull, std::optional<std::size_t>(3)); // written after the three pieces
    EXPECT_EQ(surface.ledges[3].hasChildrenFlag, 1);
    const PhySurfaceLayout layout = layoutCompactSurface(surface);
    EXPECT_EQ(surface.ledges[3].clientData,
              static_cast<std::int32_t>(layout.nodeOffsets[0] - layout.ledgeOffsets[3]));
    EXPECT_EQ(surface.nodes.size(), 5u); // root, two leaves and an inner node with two leaves
    EXPECT_EQ(surface.nodes[2].ledge, -1);
    // Source-unit bounds of the pieces match the model's hull box less its 0.25 padding in x.
    double minX = 1e9, maxX = -1e9;
    for (const std::size_t l : phyPieceLedges(surface)) {
        const PhyBounds b = phyLedgeBounds(surface, surface.ledges[l]);
        minX = std::min<double>(minX, b.min.x);
        maxX = std::max<double>(maxX, b.max.x);
    }
    EXPECT_NEAR(minX, -57.0, 1e-3);
    EXPECT_NEAR(maxX, 57.0, 1e-3);
}

} // namespace
} // namespace vtxc::test
