// Tests of the SMD writer: Valve exporter conventions, and read -> write -> read keeping every
// value (bit for bit) on hand-made files, the bundled example and every corpus SMD.
#include "formats/smd/smd.h"
#include "testing/smd_round_trip.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

namespace vtxc {
namespace {

const char* const kExample = "version 1\n"
                             "nodes\n"
                             "0 \"root\" -1\n"
                             "1 \"arm\" 0\n"
                             "end\n"
                             "skeleton\n"
                             "time 0\n"
                             "0 0 0 0 0 0 0\n"
                             "1 0 0 10 0 0 1.570796\n"
                             "end\n"
                             "triangles\n"
                             "skin.bmp\n"
                             "1 0 0 10 0 1 0 0 0 2 0 0.25 1 0.75\n"
                             "1 5 0 10 0 1 0 1 0\n"
                             "1 0 0 15 0 1 0 0 1 1 1 1.000\n"
                             "end\n";

TEST(SmdWriter, FollowsTheExporterConventions) {
    const std::string written = writeSmd(test::parseSmdOrFail(kExample));
    EXPECT_EQ(written, "version 1\n"
                       "nodes\n"
                       "0 \"root\" -1\n"
                       "1 \"arm\" 0\n"
                       "end\n"
                       "skeleton\n"
                       "time 0\n"
                       "0 0.000000 0.000000 0.000000 0.000000 0.000000 0.000000\n"
                       "1 0.000000 0.000000 10.000000 0.000000 0.000000 1.570796\n"
                       "end\n"
                       "triangles\n"
                       "skin.bmp\n"
                       "1 0.000000 0.000000 10.000000 0.000000 1.000000 0.000000 0.000000 0.000000 "
                       "2 1 0.750000 0 0.250000\n"
                       "1 5.000000 0.000000 10.000000 0.000000 1.000000 0.000000 1.000000 0.000000 "
                       "1 1 1.000000\n"
                       "1 0.000000 0.000000 15.000000 0.000000 1.000000 0.000000 0.000000 1.000000 "
                       "1 1 1.000000\n"
                       "end\n");
}

TEST(SmdWriter, RoundTripsTheExample) {
    test::expectSmdRoundTrip(test::parseSmdOrFail(kExample));
}

TEST(SmdWriter, KeepsValuesThatSixDecimalsWouldChange) {
    SmdFile file = test::parseSmdOrFail(kExample);
    SmdVertex& v = file.triangles[0].corners[1];
    v.position = {1e-7f, -123456.789f, 3.0e20f};
    v.normal = {0.1234567f, -0.0f, 1.0f / 3.0f};
    v.uv = {1e-45f /* the smallest subnormal */, 0.99999994f};
    file.frames[0].bones[1].rotation = {-6.2831f, 1e-30f, 0.7f};
    const SmdFile reread = test::parseSmdOrFail(writeSmd(file));
    test::expectSameSmdContent(file, reread);
    EXPECT_TRUE(std::signbit(reread.triangles[0].corners[1].normal.y));
}

TEST(SmdWriter, KeepsAnglesOutsideATurnAsRead) {
    // Exporters write angles past 2pi (the corpus's body_poses_lean.smd does); a writer keeps
    // what it read, so a processed file differs from its source only where it was changed.
    SmdFile file = test::parseSmdOrFail(kExample);
    file.frames[0].bones[1].rotation = {7.0f, -20.0f, 6.28f};
    const SmdFile reread = test::parseSmdOrFail(writeSmd(file));
    EXPECT_EQ(reread.frames[0].bones[1].rotation, (Vec3{7.0f, -20.0f, 6.28f}));
}

TEST(SmdWriter, WritesAtMostEightWeightsLargestFirst) {
    SmdFile file = test::parseSmdOrFail(kExample);
    file.nodes.clear();
    for (int i = 0; i < 10; ++i)
        file.nodes.push_back({i, "b" + std::to_string(i), i - 1, 0});
    SmdVertex& v = file.triangles[0].corners[0];
    v.firstLink = static_cast<std::uint32_t>(file.links.size());
    v.linkCount = 10;
    // Weights 0.01 .. 0.10 on bones 0..9: sum 0.55.
    for (int i = 0; i < 10; ++i)
        file.links.push_back({i, 0.01f * static_cast<float>(i + 1)});
    const SmdFile reread = test::parseSmdOrFail(writeSmd(file));
    const auto links = reread.linksOf(reread.triangles[0].corners[0]);
    ASSERT_EQ(links.size(), 8u);
    float sum = 0;
    for (std::size_t i = 0; i < links.size(); ++i) {
        EXPECT_EQ(links[i].bone, 9 - static_cast<int>(i));
        if (i > 0) {
            EXPECT_GE(links[i - 1].weight, links[i].weight);
        }
        sum += links[i].weight;
    }
    EXPECT_NEAR(sum, 0.55f, 1e-5f); // the dropped weight is spread over the kept links
    EXPECT_NEAR(links[0].weight / links[7].weight, 10.0f / 3.0f, 1e-4f);
}

TEST(SmdWriter, AnimationHasNoTrianglesSection) {
    SmdFile file = test::parseSmdOrFail(kExample);
    file.hasTrianglesSection = false;
    file.triangles.clear();
    file.materials.clear();
    file.frames.push_back({1, {{0, {1, 2, 3}, {0.1f, 0.2f, 0.3f}}}, 0});
    const std::string written = writeSmd(file);
    EXPECT_EQ(written.find("triangles"), std::string::npos);
    const SmdFile reread = test::parseSmdOrFail(written);
    EXPECT_EQ(reread.kind(), SmdKind::Animation);
    test::expectSameSmdContent(file, reread);
}

TEST(SmdWriter, QuoteInANodeNameBecomesASingleQuote) {
    SmdFile file = test::parseSmdOrFail(kExample);
    file.nodes[1].name = "say \"hi\"";
    EXPECT_EQ(test::parseSmdOrFail(writeSmd(file)).nodes[1].name, "say 'hi'");
}

TEST(SmdWriter, ChunksAddUpToTheWholeText) {
    SmdSynthesisOptions options;
    options.triangles = 6000; // a few MiB: more than one chunk
    const SmdFile file = synthesizeSmd(options);
    std::string joined;
    std::size_t chunks = 0;
    writeSmdChunks(file, [&](std::string_view chunk) {
        joined.append(chunk);
        ++chunks;
    });
    EXPECT_GT(chunks, 1u);
    EXPECT_EQ(joined, writeSmd(file));
}

TEST(SmdWriter, RoundTripsTheBundledExample) {
    CollectingSink sink;
    const auto file =
        readSmdFile(std::filesystem::path(VTXC_SOURCE_DIR) / "examples" / "arm.smd", sink);
    ASSERT_TRUE(file);
    test::expectSmdRoundTrip(*file);
}

// ---- synthesis ------------------------------------------------------------------------------

TEST(SmdSynthesis, MakesExactlyTheTrianglesAskedForAndParses) {
    for (std::size_t triangles : {1u, 2u, 7u, 1001u}) {
        SmdSynthesisOptions options;
        options.triangles = triangles;
        options.bones = 5;
        options.maxInfluences = 4;
        options.materials = 3;
        const SmdFile reread = test::parseSmdOrFail(synthesizeSmdText(options));
        EXPECT_EQ(reread.triangles.size(), triangles);
        EXPECT_EQ(reread.nodes.size(), 5u);
        std::size_t most = 0;
        for (const SmdTriangle& t : reread.triangles)
            for (const SmdVertex& v : t.corners)
                most = std::max(most, reread.influences(v).size());
        EXPECT_EQ(most, 4u);
        if (triangles > 100) {
            EXPECT_EQ(reread.materials.size(), 3u);
        }
    }
}

TEST(SmdSynthesis, SharesCornersLikeARealMesh) {
    SmdSynthesisOptions options;
    options.triangles = 2000;
    const SmdFile file = synthesizeSmd(options);
    std::vector<std::array<float, 8>> distinct;
    for (const SmdTriangle& t : file.triangles)
        for (const SmdVertex& v : t.corners)
            distinct.push_back({v.position.x, v.position.y, v.position.z, v.normal.x, v.normal.y,
                                v.normal.z, v.uv.x, v.uv.y});
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    // A closed grid has about one vertex per two triangles; without sharing it would be three.
    EXPECT_LT(distinct.size(), file.triangles.size());
}

TEST(SmdSynthesis, WritesAFileThatReadsBack) {
    test::TempDir dir;
    SmdSynthesisOptions options;
    options.triangles = 3000;
    CollectingSink sink;
    ASSERT_TRUE(writeSynthesizedSmdFile(dir / "big.smd", options, sink));
    const auto file = readSmdFile(dir / "big.smd", sink);
    ASSERT_TRUE(file);
    EXPECT_EQ(file->triangles.size(), 3000u);
    EXPECT_EQ(test::readText(dir / "big.smd"), synthesizeSmdText(options));
}

TEST(SmdSynthesis, ReportsAFolderThatDoesNotExist) {
    test::TempDir dir;
    CollectingSink sink;
    EXPECT_FALSE(writeSynthesizedSmdFile(dir / "missing" / "big.smd", {}, sink));
    ASSERT_NE(sink.find("IO002"), nullptr);
    EXPECT_EQ(sink.exitCode(), ExitCode::Io);
}

} // namespace
} // namespace vtxc
