// Tests of `vtxc inspect` on .phy files and on models with one: the text and JSON name every solid
// and piece with the counts formats/phy reads from the same file; a damaged file is refused with
// its PHY code; every corpus model's .phy agrees with its .mdl, and doctored copies are named.
#include "formats/phy/phy_family.h"
#include "formats/studio/model_files.h"
#include "testing/test_support.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace vtxc::test {
namespace {

namespace fs = std::filesystem;

const fs::path kGrenade = fs::path("w_grenade") / "w_grenade.phy";
const fs::path kTurret = fs::path("projects") / "valve" / "labturret_npc" / "LabTurret_npc.phy";

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        out.push_back(text.substr(start, end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return out;
}

PhyFile readCorpusPhy(const fs::path& path) {
    const std::string bytes = readText(path);
    CollectingSink sink;
    auto phy = readPhy({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()},
                       path.string(), sink);
    EXPECT_TRUE(phy) << path;
    return phy ? std::move(*phy) : PhyFile{};
}

// The "solid" block of solid `s` (Valve writes them in order, "index" = position).
const PhyTextBlock& solidBlock(const PhyFile& phy, std::size_t s) {
    return *phy.text.blocksOf(PhyBlockKind::Solid).at(s);
}

std::string plural(std::size_t n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

TEST(InspectPhy, TreeNamesEverySolidAndPieceWithItsCounts) {
    VTXC_REQUIRE_CORPUS();
    for (const fs::path& relative : {kGrenade, kTurret}) {
        SCOPED_TRACE(relative.string());
        const fs::path path = corpusDir() / relative;
        const PhyFile phy = readCorpusPhy(path);
        ASSERT_FALSE(phy.solids.empty());
        const auto result = runVtxc({"inspect", path.string()});
        ASSERT_EQ(result.exitStatus, 0) << result.err;
        EXPECT_EQ(result.err, "");
        EXPECT_EQ(result.out.rfind(path.string() + ": .phy, " + plural(phy.solids.size(), "solid") +
                                       ", checkSum " + std::to_string(phy.checkSum),
                                   0),
                  0u)
            << result.out;
        for (std::size_t s = 0; s < phy.solids.size(); ++s) {
            const std::string name = *solidBlock(phy, s).find("name");
            EXPECT_NE(result.out.find("\n  solid " + std::to_string(s) + " \"" + name + "\""),
                      std::string::npos)
                << name;
            const PhyCompactSurface& surface = phy.solids[s].surface;
            const auto pieces = phyPieceLedges(surface);
            for (std::size_t p = 0; p < pieces.size(); ++p) {
                const PhyLedge& ledge = surface.ledges[pieces[p]];
                const std::string line =
                    "\n    piece " + std::to_string(p) + " (ledge " + std::to_string(pieces[p]) +
                    "): " + plural(phyLedgePointIndices(ledge).size(), "point") + ", " +
                    plural(ledge.triangles.size(), "triangle") + ", volume ";
                EXPECT_NE(result.out.find(line), std::string::npos) << line << "\n" << result.out;
            }
        }
        EXPECT_NE(result.out.find("\n  structure: sound"), std::string::npos);
    }
}

TEST(InspectPhy, JsonHasTheSolidsPiecesAndBlocksOfTheFile) {
    VTXC_REQUIRE_CORPUS();
    for (const fs::path& relative : {kGrenade, kTurret}) {
        SCOPED_TRACE(relative.string());
        const fs::path path = corpusDir() / relative;
        const PhyFile phy = readCorpusPhy(path);
        const auto result = runVtxc({"inspect", path.string(), "--json"});
        ASSERT_EQ(result.exitStatus, 0) << result.err;
        const auto j = nlohmann::json::parse(result.out);
        EXPECT_EQ(j["checkSum"], phy.checkSum);
        EXPECT_EQ(j["solidCount"], phy.solids.size());
        EXPECT_EQ(j["jointed"], phy.solids.size() > 1);
        ASSERT_EQ(j["solids"].size(), phy.solids.size());
        for (std::size_t s = 0; s < phy.solids.size(); ++s) {
            const auto& solid = j["solids"][s];
            const PhyTextBlock& block = solidBlock(phy, s);
            EXPECT_EQ(solid["name"], *block.find("name"));
            EXPECT_EQ(solid["surfaceprop"], *block.find("surfaceprop"));
            const PhyCompactSurface& surface = phy.solids[s].surface;
            const auto pieces = phyPieceLedges(surface);
            ASSERT_EQ(solid["pieces"].size(), pieces.size());
            double volume = 0;
            for (std::size_t p = 0; p < pieces.size(); ++p) {
                const PhyLedge& ledge = surface.ledges[pieces[p]];
                const auto& piece = solid["pieces"][p];
                EXPECT_EQ(piece["numPoints"], phyLedgePointIndices(ledge).size());
                EXPECT_EQ(piece["numTriangles"], ledge.triangles.size());
                EXPECT_EQ(piece["clientData"], ledge.clientData);
                volume += piece["volume"].get<double>();
            }
            // The pieces' volumes add up to the volume studiomdl printed (docs/formats.md).
            EXPECT_NEAR(volume, *block.number("volume"), 1e-4 * *block.number("volume"));
        }
        EXPECT_EQ(j["ragdollconstraint"].size(),
                  phy.text.blocksOf(PhyBlockKind::RagdollConstraint).size());
        ASSERT_EQ(j["editparams"].size(), 1u);
        EXPECT_NEAR(j["editparams"][0]["totalmass"].get<double>(),
                    *phy.text.blocksOf(PhyBlockKind::EditParams)[0]->number("totalmass"), 1e-4);
        EXPECT_TRUE(j["findings"].empty());
    }
}

TEST(InspectPhy, ATruncatedCopyIsRefusedWithAPhyCodeNamingTheFile) {
    VTXC_REQUIRE_CORPUS();
    TempDir dir;
    const std::string bytes = readText(corpusDir() / kTurret);
    // Cut inside a solid: that solid is cut off (PHY004). Cut after the header: the solid count
    // cannot fit in what is left (PHY005).
    const std::pair<std::size_t, const char*> cuts[] = {
        {bytes.size() / 2, "PHY004"}, {200, "PHY004"}, {30, "PHY005"}};
    for (const auto& [size, code] : cuts) {
        SCOPED_TRACE(size);
        const fs::path path = dir / "cut.phy";
        writeText(path, bytes.substr(0, size));
        for (const char* format : {"", "--json"}) {
            std::vector<std::string> arguments = {"inspect", path.string()};
            if (*format) arguments.emplace_back(format);
            const auto result = runVtxc(arguments);
            EXPECT_EQ(result.exitStatus, 3);
            EXPECT_EQ(result.out, "");
            EXPECT_EQ(result.err.rfind(path.string() + ": error[" + code + "]: ", 0), 0u)
                << result.err;
        }
    }
}

// Every corpus model with a .phy: no error. The one warning Valve's files give is a .phy from
// another compile (its checkSum not the .mdl's), exactly where the checksums differ.
TEST(InspectPhy, EveryCorpusModelWithAPhyIsConsistent) {
    VTXC_REQUIRE_CORPUS();
    const auto files = corpusFiles(".phy");
    ASSERT_GE(files.size(), 8u);
    for (const fs::path& path : files) {
        SCOPED_TRACE(path.string());
        const fs::path base = fs::path(path).replace_extension();
        CollectingSink sink;
        const LoadedModel model = loadModelFiles(findModelFiles(base), sink);
        ASSERT_TRUE(model.mdl);
        const bool sameCompile = readCorpusPhy(path).checkSum == model.mdl->checksum;

        const auto result = runVtxc({"inspect", base.string()});
        EXPECT_EQ(result.exitStatus, 0) << result.err;
        EXPECT_NE(result.out.find("\n  " + path.string() + ": checkSum "), std::string::npos)
            << result.out;
        EXPECT_NE(result.out.find("\nconsistent: "), std::string::npos) << result.out;
        const auto errors = lines(result.err);
        if (sameCompile) {
            EXPECT_TRUE(errors.empty()) << result.err;
            EXPECT_NE(result.out.find("mass and physicsbone fields agree"), std::string::npos);
        } else {
            ASSERT_EQ(errors.size(), 1u) << result.err;
            EXPECT_EQ(errors[0].rfind(path.string() + ": warning[PHYCHK001]: checkSum ", 0), 0u)
                << errors[0];
        }
    }
}

// Copies labturret_npc's files (their names in mixed case, as Valve shipped them) into `dir`,
// writable (the corpus is read-only).
fs::path copyTurret(const TempDir& dir) {
    const fs::path from = corpusDir() / kTurret.parent_path();
    for (const auto& entry : fs::directory_iterator(from))
        if (entry.is_regular_file())
            writeText(dir / entry.path().filename().string(), readText(entry.path()));
    return dir / "labturret_npc";
}

void replaceInFile(const fs::path& path, const std::string& from, const std::string& to) {
    std::string text = readText(path);
    const std::size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    writeText(path, text);
}

TEST(InspectPhy, ASolidNamedAfterNoBoneIsNamedAndExits3) {
    VTXC_REQUIRE_CORPUS();
    TempDir dir;
    const fs::path base = copyTurret(dir);
    const fs::path phy = dir / "LabTurret_npc.phy";
    replaceInFile(phy, "\"name\" \"LabTurret.turret_Bone2\"",
                  "\"name\" \"LabTurret.turret_BoneX\"");
    const auto result = runVtxc({"inspect", base.string()});
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find(phy.string() +
                              ": error[PHYCHK002]: solid 2 "
                              "\"LabTurret.turret_BoneX\" names no bone of " +
                              (dir / "labturret_npc.mdl").string()),
              std::string::npos)
        << result.err;
    EXPECT_NE(result.out.find("not consistent"), std::string::npos);

    const auto json = runVtxc({"inspect", base.string(), "--json"});
    EXPECT_EQ(json.exitStatus, 3);
    const auto parsed = nlohmann::json::parse(json.out);
    EXPECT_FALSE(parsed["consistent"].get<bool>());
    bool named = false;
    for (const auto& finding : parsed["findings"])
        named = named || (finding["code"] == "PHYCHK002" && finding["file"] == phy.string());
    EXPECT_TRUE(named) << parsed["findings"].dump();
}

TEST(InspectPhy, ATotalmassOtherThanTheMdlsIsNamedInTheMdl) {
    VTXC_REQUIRE_CORPUS();
    TempDir dir;
    const fs::path base = copyTurret(dir);
    replaceInFile(dir / "LabTurret_npc.phy", "\"totalmass\" \"15.021680\"",
                  "\"totalmass\" \"25.021680\"");
    const auto result = runVtxc({"inspect", base.string()});
    EXPECT_EQ(result.exitStatus, 3);
    const auto errors = lines(result.err);
    ASSERT_EQ(errors.size(), 1u) << result.err;
    EXPECT_EQ(errors[0].rfind((dir / "labturret_npc.mdl").string() +
                                  ": error[PHYCHK004]: mass 15.0217 differs from the totalmass "
                                  "25.0217 of " +
                                  (dir / "LabTurret_npc.phy").string(),
                              0),
              0u)
        << errors[0];
}

} // namespace
} // namespace vtxc::test
