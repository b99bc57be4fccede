// Tests of the SMD writer: Valve exporter conventions, and read -> write -> read keeping every
// value (bit for bit) on hand-made files, the bundled example and every corpus SMD.
#include "formats/smd/smd.h"
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

SmdFile parseOrFail(const std::string& text) {
    CollectingSink sink;
    auto file = parseSmd(text, "test.smd", sink);
    if (!file) {
        ADD_FAILURE() << "does not parse: "
                      << (sink.errors().empty() ? "" : formatDiagnostic(sink.errors()[0]));
        return {};
    }
    return std::move(*file);
}

// Influences as the writer puts them: largest weight first, ties in file order.
std::vector<SmdLink> sortedInfluences(const SmdFile& file, const SmdVertex& vertex) {
    const SmdInfluences influences = file.influences(vertex);
    std::vector<SmdLink> links(influences.begin(), influences.end());
    std::stable_sort(links.begin(), links.end(),
                     [](const SmdLink& a, const SmdLink& b) { return a.weight > b.weight; });
    return links;
}

// Every value equal (floats compared with ==, so bit for bit but for the sign of zero).
void expectSameContent(const SmdFile& a, const SmdFile& b) {
    ASSERT_EQ(a.kind(), b.kind());
    ASSERT_EQ(a.nodes.size(), b.nodes.size());
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        EXPECT_EQ(a.nodes[i].name, b.nodes[i].name);
        EXPECT_EQ(a.nodes[i].parent, b.nodes[i].parent);
    }
    ASSERT_EQ(a.frames.size(), b.frames.size());
    for (std::size_t i = 0; i < a.frames.size(); ++i) {
        EXPECT_EQ(a.frames[i].time, b.frames[i].time);
        EXPECT_EQ(a.frames[i].bones, b.frames[i].bones);
    }
    EXPECT_EQ(a.materials, b.materials);
    ASSERT_EQ(a.triangles.size(), b.triangles.size());
    for (std::size_t t = 0; t < a.triangles.size(); ++t) {
        const SmdTriangle& ta = a.triangles[t];
        const SmdTriangle& tb = b.triangles[t];
        ASSERT_EQ(a.materials[ta.material], b.materials[tb.material]);
        for (std::size_t k = 0; k < 3; ++k) {
            const SmdVertex& va = ta.corners[k];
            const SmdVertex& vb = tb.corners[k];
            ASSERT_EQ(va.bone, vb.bone) << "triangle " << t;
            ASSERT_EQ(va.position, vb.position) << "triangle " << t;
            ASSERT_EQ(va.normal, vb.normal) << "triangle " << t;
            ASSERT_EQ(va.uv, vb.uv) << "triangle " << t;
            ASSERT_EQ(sortedInfluences(a, va), sortedInfluences(b, vb)) << "triangle " << t;
        }
    }
}

void expectRoundTrip(const SmdFile& original) {
    const std::string written = writeSmd(original);
    const SmdFile reread = parseOrFail(written);
    expectSameContent(original, reread);
    EXPECT_EQ(writeSmd(reread), written) << "writing is not stable";
}

TEST(SmdWriter, FollowsTheExporterConventions) {
    const std::string written = writeSmd(parseOrFail(kExample));
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
    expectRoundTrip(parseOrFail(kExample));
}

TEST(SmdWriter, KeepsValuesThatSixDecimalsWouldChange) {
    SmdFile file = parseOrFail(kExample);
    SmdVertex& v = file.triangles[0].corners[1];
    v.position = {1e-7f, -123456.789f, 3.0e20f};
    v.normal = {0.1234567f, -0.0f, 1.0f / 3.0f};
    v.uv = {1e-45f /* the smallest subnormal */, 0.99999994f};
    file.frames[0].bones[1].rotation = {-6.2831f, 1e-30f, 0.7f};
    const SmdFile reread = parseOrFail(writeSmd(file));
    expectSameContent(file, reread);
    EXPECT_TRUE(std::signbit(reread.triangles[0].corners[1].normal.y));
}

TEST(SmdWriter, KeepsAnglesOutsideATurnAsRead) {
    // Exporters write angles past 2pi (the corpus's body_poses_lean.smd does); a writer keeps
    // what it read, so a processed file differs from its source only where it was changed.
    SmdFile file = parseOrFail(kExample);
    file.frames[0].bones[1].rotation = {7.0f, -20.0f, 6.28f};
    const SmdFile reread = parseOrFail(writeSmd(file));
    EXPECT_EQ(reread.frames[0].bones[1].rotation, (Vec3{7.0f, -20.0f, 6.28f}));
}

TEST(SmdWriter, WritesAtMostEightWeightsLargestFirst) {
    SmdFile file = parseOrFail(kExample);
    file.nodes.clear();
    for (int i = 0; i < 10; ++i)
        file.nodes.push_back({i, "b" + std::to_string(i), i - 1, 0});
    SmdVertex& v = file.triangles[0].corners[0];
    v.firstLink = static_cast<std::uint32_t>(file.links.size());
    v.linkCount = 10;
    // Weights 0.01 .. 0.10 on bones 0..9: sum 0.55.
    for (int i = 0; i < 10; ++i)
        file.links.push_back({i, 0.01f * static_cast<float>(i + 1)});
    const SmdFile reread = parseOrFail(writeSmd(file));
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
    SmdFile file = parseOrFail(kExample);
    file.hasTrianglesSection = false;
    file.triangles.clear();
    file.materials.clear();
    file.frames.push_back({1, {{0, {1, 2, 3}, {0.1f, 0.2f, 0.3f}}}, 0});
    const std::string written = writeSmd(file);
    EXPECT_EQ(written.find("triangles"), std::string::npos);
    const SmdFile reread = parseOrFail(written);
    EXPECT_EQ(reread.kind(), SmdKind::Animation);
    expectSameContent(file, reread);
}

TEST(SmdWriter, QuoteInANodeNameBecomesASingleQuote) {
    SmdFile file = parseOrFail(kExample);
    file.nodes[1].name = "say \"hi\"";
    EXPECT_EQ(parseOrFail(writeSmd(file)).nodes[1].name, "say 'hi'");
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
    expectRoundTrip(*file);
}

TEST(SmdWriter, RoundTripsEveryCorpusSmd) {
    VTXC_REQUIRE_CORPUS();
    const auto files = test::corpusFiles(".smd");
    ASSERT_FALSE(files.empty());
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        CollectingSink sink;
        const auto file = readSmdFile(path, sink);
        ASSERT_TRUE(file);
        expectRoundTrip(*file);
    }
}

// ---- synthesis ------------------------------------------------------------------------------

TEST(SmdSynthesis, MakesExactlyTheTrianglesAskedForAndParses) {
    for (std::size_t triangles : {1u, 2u, 7u, 1001u}) {
        SmdSynthesisOptions options;
        options.triangles = triangles;
        options.bones = 5;
        options.maxInfluences = 4;
        options.materials = 3;
        const SmdFile reread = parseOrFail(synthesizeSmdText(options));
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
