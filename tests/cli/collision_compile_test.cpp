// `vtxc compile` of QCs with a collision model: a flat island fails the compile at its QC line and
// leaves an earlier compile's files as they were (docs/guarantees.md: all files or none);
// --collision-pieces merge keeps $maxconvexpieces hulls; a corpus model's .phy carries the .mdl's
// checksum and `vtxc inspect` finds the files consistent.
#include "formats/phy/phy.h"
#include "formats/studio/mdl.h"
#include "testing/diagnostic_text.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <chrono>
#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> bytesOf(const fs::path& path) {
    const std::string text = test::readText(path);
    return {text.begin(), text.end()};
}

// A box with its minimum corner at (x, y, z), 12 triangles whose corners carry smoothed normals
// (from the centre), so that $concave welds it into one island.
void boxTriangles(std::ostringstream& out, double x, double y, double z, double size) {
    for (const auto& q : {std::array<int, 4>{0, 2, 3, 1}, std::array<int, 4>{4, 5, 7, 6},
                          std::array<int, 4>{0, 1, 5, 4}, std::array<int, 4>{2, 6, 7, 3},
                          std::array<int, 4>{0, 4, 6, 2}, std::array<int, 4>{1, 3, 7, 5}})
        for (const auto& t :
             {std::array<int, 3>{q[0], q[1], q[2]}, std::array<int, 3>{q[0], q[2], q[3]}}) {
            out << "mat\n";
            for (int c : t) {
                const double s[3] = {(c & 1) ? 1.0 : -1.0, (c & 2) ? 1.0 : -1.0,
                                     (c & 4) ? 1.0 : -1.0};
                const double n = 1 / std::sqrt(3.0);
                out << "0 " << x + (s[0] > 0 ? size : 0) << ' ' << y + (s[1] > 0 ? size : 0) << ' '
                    << z + (s[2] > 0 ? size : 0) << ' ' << s[0] * n << ' ' << s[1] * n << ' '
                    << s[2] * n << " 0 0 1 0 1\n";
            }
        }
}

// A physics SMD of boxes of side 4 at these x positions, and optionally a flat 2 x 2 square at
// (10, 20, 5).
std::string physicsSmd(const std::vector<double>& boxXs, bool flatSquare) {
    std::ostringstream out;
    out << "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\n"
           "triangles\n";
    for (double x : boxXs)
        boxTriangles(out, x, 0, 0, 4);
    if (flatSquare)
        for (const char* t : {"0 9 19 5 0 0 1 0 0 1 0 1\n0 11 19 5 0 0 1 0 0 1 0 1\n"
                              "0 11 21 5 0 0 1 0 0 1 0 1\n",
                              "0 9 19 5 0 0 1 0 0 1 0 1\n0 11 21 5 0 0 1 0 0 1 0 1\n"
                              "0 9 21 5 0 0 1 0 0 1 0 1\n"})
            out << "mat\n" << t;
    out << "end\n";
    return out.str();
}

std::string propQc(const std::string& physics, const std::string& options) {
    return "$modelname \"props/thing.mdl\"\n$body \"b\" \"ref.smd\"\n$surfaceprop metal\n"
           "$sequence idle \"ref.smd\"\n$collisionmodel \"" +
           physics + "\" {\n" + options + "}\n";
}

struct FileState {
    std::string bytes;
    fs::file_time_type written;
};

std::map<std::string, FileState> filesUnder(const fs::path& dir) {
    std::map<std::string, FileState> out;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        if (entry.is_regular_file())
            out[fs::relative(entry.path(), dir).string()] = {test::readText(entry.path()),
                                                             fs::last_write_time(entry.path())};
    return out;
}

TEST(CollisionCompileCli, AFlatIslandFailsAtTheQcLineAndLeavesTheEarlierFilesAsTheyWere) {
    test::TempDir dir;
    test::writeText(dir / "src/ref.smd", quadSmdText("skin", 0));
    test::writeText(dir / "src/good_phys.smd", physicsSmd({0, 20}, false));
    test::writeText(dir / "src/flat_phys.smd", physicsSmd({0, 20}, true));
    test::writeText(dir / "src/good.qc", propQc("good_phys.smd", "$concave\n$mass 5\n"));
    test::writeText(dir / "src/flat.qc", propQc("flat_phys.smd", "$concave\n$mass 5\n"));
    const std::string out = (dir / "game").string();

    auto result = test::runVtxc({"compile", (dir / "src/good.qc").string(), "-o", out, "--quiet"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const fs::path base = dir / "game/models/props/thing";
    ASSERT_TRUE(fs::exists(base.string() + ".phy"));
    const auto before = filesUnder(dir / "game");
    for (const char* name : {"thing.mdl", "thing.vvd", "thing.dx90.vtx", "thing.phy"})
        ASSERT_EQ(before.count((fs::path("models/props") / name).string()), 1u) << name;

    result = test::runVtxc({"compile", (dir / "src/flat.qc").string(), "-o", out});
    EXPECT_EQ(result.exitStatus, 3) << result.err;
    EXPECT_NE(result.err.find("flat.qc:5:"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("error[PHYS009]"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("0.000 units thick"), std::string::npos) << result.err;

    const auto after = filesUnder(dir / "game");
    ASSERT_EQ(after.size(), before.size()) << "a file was added or removed";
    for (const auto& [name, state] : before) {
        SCOPED_TRACE(name);
        const auto found = after.find(name);
        ASSERT_NE(found, after.end());
        EXPECT_EQ(found->second.bytes, state.bytes);
        EXPECT_EQ(found->second.written, state.written);
    }
}

TEST(CollisionCompileCli, MergeKeepsMaxConvexPiecesHullsAndNotesTheAddedVolume) {
    test::TempDir dir;
    test::writeText(dir / "src/ref.smd", quadSmdText("skin", 0));
    // Four islands in two close pairs; the limit is 2.
    test::writeText(dir / "src/phys.smd", physicsSmd({0, 5, 100, 105}, false));
    test::writeText(dir / "src/m.qc", propQc("phys.smd", "$concave\n$maxconvexpieces 2\n"));
    const std::string qc = (dir / "src/m.qc").string();

    auto result = test::runVtxc(
        {"compile", qc, "-o", (dir / "merge").string(), "--collision-pieces", "merge"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.err.find("m.qc:5:"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("note[PHYS003]"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("4 islands joined into 2 hulls"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("PHYS002"), std::string::npos) << result.err;

    CollectingSink sink;
    const auto merged = readPhy(bytesOf(dir / "merge/models/props/thing.phy"), "thing.phy", sink);
    ASSERT_TRUE(merged) << (sink.errors().empty() ? "" : formatDiagnostic(sink.errors()[0]));
    ASSERT_EQ(merged->solids.size(), 1u);
    const PhyCompactSurface& surface = merged->solids[0].surface;
    const std::size_t pieces = surface.ledges.size() - (phyOuterHullLedge(surface) ? 1 : 0);
    EXPECT_EQ(pieces, 2u);

    // Without the option: studiomdl's single hull, with its warning.
    result = test::runVtxc({"compile", qc, "-o", (dir / "single").string()});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.err.find("warning[PHYS002]"), std::string::npos) << result.err;
    const auto single = readPhy(bytesOf(dir / "single/models/props/thing.phy"), "thing.phy", sink);
    ASSERT_TRUE(single);
    ASSERT_EQ(single->solids.size(), 1u);
    EXPECT_EQ(single->solids[0].surface.ledges.size(), 1u);
}

// The model-space bounds of a compiled prop's one solid.
std::pair<Vec3, Vec3> solidBounds(const fs::path& phy) {
    CollectingSink sink;
    const auto file = readPhy(bytesOf(phy), phy.filename().string(), sink);
    EXPECT_TRUE(file && file->solids.size() == 1) << test::diagnosticsText(sink);
    Vec3 low{1e9f, 1e9f, 1e9f}, high{-1e9f, -1e9f, -1e9f};
    if (file && !file->solids.empty())
        for (const PhyPoint& p : file->solids[0].surface.points) {
            const Vec3 s = phyToSourceUnits({p.x, p.y, p.z});
            low = {std::min(low.x, s.x), std::min(low.y, s.y), std::min(low.z, s.z)};
            high = {std::max(high.x, s.x), std::max(high.y, s.y), std::max(high.z, s.z)};
        }
    return {low, high};
}

// studiomdl skins a prop's collision mesh to the first frame of the model's first animation, not
// to the bind pose (Valve's w_357.phy: its idle animation's root turned by 0.0086 degrees). Here
// the first animation holds the root 5 units along x (y once turned into model space); an
// animation declared later, which would hold it elsewhere, does not count. vtxc says so where the
// mesh moves more than a tenth of a unit (PHYS011).
TEST(CollisionCompileCli, APropsCollisionMeshTakesTheFirstAnimationsFirstFrame) {
    test::TempDir dir;
    const auto animation = [](double x) {
        std::ostringstream out;
        out << "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\n";
        for (int t = 0; t < 2; ++t)
            out << "time " << t << "\n0 " << x + 3 * t << " 0 0 0 0 0\n";
        out << "end\n";
        return out.str();
    };
    test::writeText(dir / "src/ref.smd", quadSmdText("skin", 0));
    test::writeText(dir / "src/phys.smd", physicsSmd({0}, false));
    test::writeText(dir / "src/moved.smd", animation(5));
    test::writeText(dir / "src/far.smd", animation(40));
    const std::string head = "$modelname \"props/thing.mdl\"\n$body \"b\" \"ref.smd\"\n";
    const std::string collision = "$collisionmodel \"phys.smd\" {\n$mass 5\n}\n";
    test::writeText(dir / "src/bind.qc", head + "$sequence idle \"ref.smd\"\n" + collision);
    test::writeText(dir / "src/moved.qc", head + "$animation a_moved \"moved.smd\"\n" +
                                              "$sequence idle \"far.smd\"\n" + collision);
    std::map<std::string, std::string> messages;
    for (const char* name : {"bind", "moved"}) {
        const auto result = test::runVtxc(
            {"compile", (dir / "src" / name).string() + ".qc", "-o", (dir / name).string()});
        ASSERT_EQ(result.exitStatus, 0) << name << ": " << result.err;
        messages[name] = result.err;
    }
    // Moving the collision mesh away from the render mesh is worth a warning at the animation.
    EXPECT_EQ(messages["bind"].find("PHYS011"), std::string::npos) << messages["bind"];
    const std::string& moved = messages["moved"];
    EXPECT_NE(moved.find("moved.qc:3:"), std::string::npos) << moved;
    EXPECT_NE(moved.find("warning[PHYS011]"), std::string::npos) << moved;
    EXPECT_NE(moved.find("'a_moved'"), std::string::npos) << moved;
    EXPECT_NE(moved.find("up to 5.000 units"), std::string::npos) << moved;
    // The box spans 0..4 on each axis of the SMD; model space turns (x, y, z) to (-y, x, z).
    const auto [bindLow, bindHigh] = solidBounds(dir / "bind/models/props/thing.phy");
    const auto [movedLow, movedHigh] = solidBounds(dir / "moved/models/props/thing.phy");
    EXPECT_NEAR(bindLow.y, 0, 1e-3);
    EXPECT_NEAR(bindHigh.y, 4, 1e-3);
    EXPECT_NEAR(movedLow.y, 5, 1e-3);
    EXPECT_NEAR(movedHigh.y, 9, 1e-3);
    EXPECT_NEAR(movedLow.x, bindLow.x, 1e-3);
    EXPECT_NEAR(movedLow.z, bindLow.z, 1e-3);
}

TEST(CollisionCompileCli, CorpusPhyCarriesTheMdlChecksumAndInspectFindsNothing) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    auto result = test::runVtxc({"compile", (test::corpusDir() / "w_grenade/w_grenade.qc").string(),
                                 "-o", dir.path().string(), "--quiet"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const fs::path base = dir / "models/weapons/w_grenade";
    ASSERT_TRUE(fs::exists(base.string() + ".phy"));
    CollectingSink sink;
    const auto phy = readPhy(bytesOf(base.string() + ".phy"), "w_grenade.phy", sink);
    const auto mdl = readMdl(bytesOf(base.string() + ".mdl"), "w_grenade.mdl", sink);
    ASSERT_TRUE(phy && mdl) << (sink.errors().empty() ? "" : formatDiagnostic(sink.errors()[0]));
    EXPECT_NE(mdl->checksum, 0);
    EXPECT_EQ(phy->checkSum, mdl->checksum);
    EXPECT_EQ(phy->solids.size(), 1u);

    result = test::runVtxc({"inspect", base.string(), "--json"});
    EXPECT_EQ(result.exitStatus, 0) << result.out << result.err;
    const auto inspected = nlohmann::json::parse(result.out);
    EXPECT_TRUE(inspected["consistent"].get<bool>());
    EXPECT_TRUE(inspected["findings"].empty()) << inspected["findings"].dump();
}

} // namespace
} // namespace vtxc
