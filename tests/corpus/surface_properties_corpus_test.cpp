// The game's surface properties of the corpus (game/scripts: the manifest and the three files it
// lists) read without a diagnostic, with "base" chains, the manifest's order and the densities
// the files give.
#include "formats/keyvalues/keyvalues.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

std::string all(const CollectingSink& sink) {
    std::string out;
    for (const Diagnostic& d : sink.diagnostics())
        out += formatDiagnostic(d) + "\n";
    return out;
}

class SurfacePropertiesCorpusTest : public ::testing::Test {
  protected:
    void SetUp() override {
        VTXC_REQUIRE_CORPUS();
        surfaces = loadSurfaceProperties(test::corpusDir() / "game", sink);
        ASSERT_TRUE(surfaces) << all(sink);
        EXPECT_EQ(sink.diagnostics().size(), 0u) << all(sink);
    }

    CollectingSink sink;
    std::optional<SurfaceProperties> surfaces;
};

TEST_F(SurfacePropertiesCorpusTest, TheManifestsFilesAreReadInItsOrder) {
    std::vector<std::string> names;
    for (const auto& file : surfaces->filesRead())
        names.push_back(file.filename().string());
    EXPECT_EQ(names, (std::vector<std::string>{"surfaceproperties.txt", "surfaceproperties_hl2.txt",
                                               "surfaceproperties_mapbase.txt"}));
    // "default" comes from the first file and keeps the first place.
    ASSERT_FALSE(surfaces->all().empty());
    EXPECT_EQ(surfaces->all().front().name, "default");
    EXPECT_EQ(surfaces->all().front().definedAt.line, 43u);
    EXPECT_GE(surfaces->all().size(), 90u);
}

TEST_F(SurfacePropertiesCorpusTest, DensitiesAndThicknessesFollowTheBaseChains) {
    EXPECT_EQ(surfaces->defaultSurface().density, 2000.0);
    const SurfaceProperty* metal = surfaces->find("metal");
    ASSERT_NE(metal, nullptr);
    EXPECT_EQ(metal->density, 2700.0); // from its base "solidmetal"
    EXPECT_EQ(metal->thickness, 0.1);  // sheet metal: $automass takes area x thickness
    EXPECT_EQ(metal->baseChain, std::vector<std::string>{"solidmetal"});
    // The props of the corpus: w_grenade's "grenade" and w_357's "weapon" are sheet metal too.
    const SurfaceProperty* grenade = surfaces->find("grenade");
    ASSERT_NE(grenade, nullptr);
    EXPECT_EQ(grenade->baseChain, (std::vector<std::string>{"metalpanel", "metal", "solidmetal"}));
    EXPECT_EQ(grenade->density, 2700.0);
    EXPECT_EQ(grenade->thickness, 0.1);
    EXPECT_EQ(surfaces->find("WEAPON")->thickness, 0.1);
    const SurfaceProperty* flesh = surfaces->find("flesh");
    ASSERT_NE(flesh, nullptr);
    EXPECT_EQ(flesh->density, 900.0);
    EXPECT_FALSE(flesh->thickness);
    EXPECT_TRUE(flesh->baseChain.empty());
    EXPECT_EQ(flesh->values.at("friction"), "0.8"); // copied from "default"
}

TEST_F(SurfacePropertiesCorpusTest, LaterFilesBuildOnEarlierOnes) {
    // surfaceproperties_hl2.txt: "metalvehicle" names "metal" of the first file.
    const SurfaceProperty* vehicle = surfaces->find("metalvehicle");
    ASSERT_NE(vehicle, nullptr);
    EXPECT_EQ(vehicle->definedAt.file, surfaces->filesRead()[1].string());
    EXPECT_EQ(vehicle->baseChain, (std::vector<std::string>{"metal", "solidmetal"}));
    // surfaceproperties_mapbase.txt: a mixed-case name found ignoring case, its own density.
    const SurfaceProperty* friction = surfaces->find("frictionm_00");
    ASSERT_NE(friction, nullptr);
    EXPECT_EQ(friction->name, "frictionM_00");
    EXPECT_EQ(friction->density, 917.0);
    EXPECT_EQ(friction->thickness, 0.1); // from "metal"
    EXPECT_EQ(friction->values.at("friction"), "0.0");
    EXPECT_TRUE(surfaces->lookup("no_such_surface").fellBack);
}

TEST_F(SurfacePropertiesCorpusTest, TheMainFileAloneReadsToo) {
    CollectingSink one;
    const auto main = loadSurfacePropertiesFile(
        test::corpusDir() / "game" / "scripts" / "surfaceproperties.txt", one);
    ASSERT_TRUE(main) << all(one);
    EXPECT_EQ(one.diagnostics().size(), 0u) << all(one);
    EXPECT_EQ(main->find("metalvehicle"), nullptr); // defined by the second file only
    EXPECT_EQ(main->find("metal")->density, 2700.0);
}

} // namespace
} // namespace vtxc
