// Tests of the block-wise (parallel) reading of big triangle sections: with blocks of a few
// hundred bytes, so that block ends fall on every kind of line, the result and every diagnostic
// (code, file:line:col, message, order, error limit) equal those of a serial read, on any number
// of threads.
#include "formats/smd/smd.h"
#include "testing/smd_synthesis.h"

#include <algorithm>
#include <bit>
#include <gtest/gtest.h>
#include <set>
#include <span>
#include <string>
#include <tbb/task_arena.h>
#include <vector>

namespace vtxc {
namespace {

struct Outcome {
    std::optional<SmdFile> file;
    std::vector<std::string> diagnostics;
};

Outcome read(const std::string& text, const SmdReadOptions& options) {
    CollectingSink sink;
    Outcome out;
    out.file = parseSmd(text, "big.smd", sink, options);
    for (const Diagnostic& d : sink.diagnostics())
        out.diagnostics.push_back(formatDiagnostic(d));
    return out;
}

SmdReadOptions serial() {
    SmdReadOptions options;
    options.parallelFromBytes = SIZE_MAX;
    return options;
}

SmdReadOptions tinyBlocks(std::size_t blockBytes) {
    SmdReadOptions options;
    options.parallelFromBytes = 0;
    options.blockBytes = blockBytes;
    return options;
}

bool sameVertex(const SmdFile& a, const SmdVertex& x, const SmdFile& b, const SmdVertex& y) {
    if (x.bone != y.bone || !(x.position == y.position) || !(x.normal == y.normal) ||
        !(x.uv == y.uv) || x.linkCount != y.linkCount || x.firstLink != y.firstLink)
        return false;
    const auto lx = a.linksOf(x), ly = b.linksOf(y);
    return std::equal(lx.begin(), lx.end(), ly.begin(), ly.end());
}

void expectSameFile(const SmdFile& a, const SmdFile& b) {
    EXPECT_EQ(a.materials, b.materials);
    EXPECT_EQ(a.links.size(), b.links.size());
    ASSERT_EQ(a.triangles.size(), b.triangles.size());
    for (std::size_t t = 0; t < a.triangles.size(); ++t) {
        const SmdTriangle &x = a.triangles[t], &y = b.triangles[t];
        ASSERT_EQ(x.material, y.material) << "triangle " << t;
        ASSERT_EQ(x.line, y.line) << "triangle " << t;
        for (std::size_t k = 0; k < 3; ++k)
            ASSERT_TRUE(sameVertex(a, x.corners[k], b, y.corners[k])) << "triangle " << t;
    }
    EXPECT_EQ(a.nodes.size(), b.nodes.size());
    EXPECT_EQ(a.frames.size(), b.frames.size());
}

// Serial, or in blocks of `blockBytes` (0: serial), through a window of `windowBytes`.
SmdReadOptions smallWindow(std::size_t windowBytes, std::size_t blockBytes) {
    SmdReadOptions options = blockBytes == 0 ? serial() : tinyBlocks(blockBytes);
    options.windowBytes = windowBytes;
    return options;
}

// Windows so small that their ends fall inside numbers, inside CR LF pairs and inside lines
// longer than the window: the text is read as if it were all loaded at once.
void expectSameForEveryWindow(const std::string& text) {
    const Outcome reference = read(text, serial());
    for (std::size_t windowBytes : {1u, 7u, 64u, 333u})
        for (std::size_t blockBytes : {0u, 180u}) {
            const Outcome windowed = read(text, smallWindow(windowBytes, blockBytes));
            EXPECT_EQ(windowed.diagnostics, reference.diagnostics)
                << "window " << windowBytes << ", blocks " << blockBytes;
            ASSERT_EQ(windowed.file.has_value(), reference.file.has_value());
            if (reference.file) expectSameFile(*windowed.file, *reference.file);
        }
}

void expectSameAsSerial(const std::string& text, std::size_t blockBytes) {
    const Outcome reference = read(text, serial());
    const Outcome blocks = read(text, tinyBlocks(blockBytes));
    EXPECT_EQ(blocks.diagnostics, reference.diagnostics) << "blocks of " << blockBytes;
    ASSERT_EQ(blocks.file.has_value(), reference.file.has_value());
    if (reference.file) expectSameFile(*blocks.file, *reference.file);
}

std::string generated(std::size_t triangles, int materials = 3) {
    SmdSynthesisOptions options;
    options.triangles = triangles;
    options.bones = 12;
    options.maxInfluences = 3;
    options.materials = materials;
    return synthesizeSmdText(options);
}

// The text with its line `number` (1-based) replaced by `replacement` (may hold several lines).
std::string withLine(const std::string& text, std::size_t number, const std::string& replacement) {
    std::size_t begin = 0;
    for (std::size_t line = 1; line < number; ++line)
        begin = text.find('\n', begin) + 1;
    const std::size_t end = text.find('\n', begin);
    return text.substr(0, begin) + replacement + text.substr(end);
}

std::size_t lineOfTriangles(const std::string& text) {
    const std::size_t at = text.find("\ntriangles\n");
    return static_cast<std::size_t>(std::count(text.begin(), text.begin() + at + 1, '\n')) + 1;
}

TEST(SmdBlockRead, CleanFileEqualsTheSerialReadForEveryBlockSize) {
    const std::string text = generated(600);
    for (std::size_t blockBytes : {1u, 97u, 400u, 1500u, 100000u})
        expectSameAsSerial(text, blockBytes);
    const Outcome blocks = read(text, tinyBlocks(300));
    ASSERT_TRUE(blocks.file.has_value());
    EXPECT_EQ(blocks.file->triangles.size(), 600u);
    EXPECT_EQ(blocks.file->materials.size(), 3u);
}

TEST(SmdBlockRead, ErrorsAnywhereGiveTheSerialDiagnostics) {
    const std::string text = generated(200);
    const std::size_t first = lineOfTriangles(text) + 1; // first material line
    // Damage on material lines, on each vertex line, a lost vertex line, an early `end`, blank
    // lines and comments, at many places.
    const std::vector<std::string> damages = {
        "1 2 3",
        "other_material",
        "0 1.0 2.0 3.0 0 0 1 0.5 0.5 1 0 1.0\nnot_a_vertex",
        "end",
        "end\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend",
        "0 1.0 x 3.0 0 0 1 0.5 0.5 1 0 1.0",
        "\n  \n// a comment\n# another",
        "0 1.0 2.0 3.0 0 0 1 0.5 0.5 3 0 1.0",
        "99 1.0 2.0 3.0 0 0 1 0.5 0.5 1 0 1.0",
    };
    for (std::size_t offset = 0; offset < 24; offset += 1)
        for (const std::string& damage : damages)
            for (std::size_t blockBytes : {150u, 700u})
                expectSameAsSerial(withLine(text, first + offset * 7, damage), blockBytes);
}

TEST(SmdBlockRead, TruncatedFileGivesTheSerialDiagnostics) {
    const std::string text = generated(100);
    for (std::size_t cut = text.size() - 700; cut < text.size(); cut += 37)
        for (std::size_t blockBytes : {200u, 900u})
            expectSameAsSerial(text.substr(0, cut), blockBytes);
}

TEST(SmdBlockRead, ErrorLimitStopsAtTheSameDiagnostic) {
    std::string text = generated(300);
    const std::size_t first = lineOfTriangles(text) + 2; // first vertex line
    for (std::size_t t = 0; t < 60; ++t)
        text = withLine(text, first + t * 12, "0 1.0 bad 3.0 0 0 1 0.5 0.5 1 0 1.0");
    const Outcome reference = read(text, serial());
    ASSERT_EQ(reference.diagnostics.size(), DiagnosticSink::kErrorLimit);
    for (std::size_t blockBytes : {120u, 333u, 5000u})
        expectSameAsSerial(text, blockBytes);
}

TEST(SmdBlockRead, CrLfLinesGiveTheSerialResult) {
    std::string text = generated(150);
    std::string crlf;
    for (char c : text) {
        if (c == '\n') crlf += '\r';
        crlf += c;
    }
    expectSameAsSerial(crlf, 250);
    expectSameAsSerial(withLine(crlf, lineOfTriangles(text) + 30, "0 1 2\r"), 250);
}

TEST(SmdBlockRead, WindowSizeDoesNotChangeTheResult) {
    const std::string text = generated(60);
    expectSameForEveryWindow(text);
    std::string crlf, cr;
    for (char c : text) {
        crlf += c == '\n' ? "\r\n" : std::string(1, c);
        cr += c == '\n' ? '\r' : c;
    }
    expectSameForEveryWindow(crlf);
    expectSameForEveryWindow(cr);
    const std::size_t first = lineOfTriangles(text) + 1;
    expectSameForEveryWindow(withLine(text, first + 9, "0 1.0 x 3.0 0 0 1 0.5 0.5 1 0 1.0"));
    expectSameForEveryWindow(withLine(text, first + 20, "end"));
    expectSameForEveryWindow(text.substr(0, text.size() - 150));
    // A byte no text holds, far past the first window: the file is refused as binary alone.
    expectSameForEveryWindow(withLine(text, first + 30, std::string("bad\x01 byte")));
    const Outcome binary =
        read(withLine(text, first + 30, std::string("bad\x01 byte")), smallWindow(7, 0));
    ASSERT_EQ(binary.diagnostics.size(), 1u);
    EXPECT_NE(binary.diagnostics[0].find("SMD015"), std::string::npos) << binary.diagnostics[0];
}

TEST(SmdBlockRead, ResultDoesNotDependOnTheThreadCount) {
    const std::string clean = generated(800);
    const std::string text = withLine(clean, lineOfTriangles(clean) + 2 + 4 * 500,
                                      "0 1.0 bad 3.0 0 0 1 0.5 0.5 1 0 1.0");
    Outcome one, many;
    tbb::task_arena(1).execute([&] { one = read(text, tinyBlocks(512)); });
    tbb::task_arena(2).execute([&] { many = read(text, tinyBlocks(512)); });
    EXPECT_FALSE(one.diagnostics.empty());
    EXPECT_EQ(one.diagnostics, many.diagnostics);
    tbb::task_arena(1).execute([&] { one = read(clean, tinyBlocks(512)); });
    tbb::task_arena(2).execute([&] { many = read(clean, tinyBlocks(512)); });
    ASSERT_TRUE(one.file && many.file);
    expectSameFile(*one.file, *many.file);
}

// The values of a vertex line as read: bone, position, normal, UV and links, as bits.
std::vector<std::uint32_t> lineValues(const SmdVertex& v, std::span<const SmdLink> links) {
    std::vector<std::uint32_t> values{static_cast<std::uint32_t>(v.bone)};
    for (float f : {v.position.x, v.position.y, v.position.z, v.normal.x, v.normal.y, v.normal.z,
                    v.uv.x, v.uv.y})
        values.push_back(std::bit_cast<std::uint32_t>(f));
    for (const SmdLink& link : links.subspan(v.firstLink, v.linkCount)) {
        values.push_back(static_cast<std::uint32_t>(link.bone));
        values.push_back(std::bit_cast<std::uint32_t>(link.weight));
    }
    return values;
}

// Triangles handed on piece by piece (SmdReadOptions::triangles), put together again, are the
// triangles the same read keeps: serially, in blocks, and in the serial read that follows a window
// with no line that can only begin a triangle. Every corner marked as a repeat has the values of
// a corner handed on before it; `marked` counts them.
SmdFile withHandedTriangles(const std::string& text, SmdReadOptions options, int& pieces,
                            std::size_t* marked = nullptr) {
    SmdFile joined;
    pieces = 0;
    std::set<std::vector<std::uint32_t>> earlier;
    std::size_t repeats = 0;
    options.triangles = [&](const SmdTrianglePiece& piece) {
        ++pieces;
        const std::span<const SmdTriangle> triangles = piece.triangles;
        const std::span<const SmdLink> links = piece.links;
        ASSERT_EQ(piece.repeatedCorners.size(), triangles.size());
        const auto linkBase = static_cast<std::uint32_t>(joined.links.size());
        for (std::size_t t = 0; t < triangles.size(); ++t) {
            SmdTriangle triangle = triangles[t];
            for (std::size_t k = 0; k < 3; ++k) {
                SmdVertex& corner = triangle.corners[k];
                ASSERT_LE(corner.firstLink + corner.linkCount, links.size());
                std::vector<std::uint32_t> values = lineValues(corner, links);
                if (piece.repeatedCorners[t] & (1u << k)) {
                    ++repeats;
                    ASSERT_TRUE(earlier.contains(values)) << "triangle " << joined.triangles.size();
                }
                earlier.insert(std::move(values));
                corner.firstLink += linkBase;
            }
            joined.triangles.push_back(triangle);
        }
        joined.links.insert(joined.links.end(), links.begin(), links.end());
    };
    CollectingSink sink;
    auto file = parseSmd(text, "big.smd", sink, options);
    EXPECT_TRUE(file.has_value());
    if (marked) *marked = repeats;
    if (!file) return joined;
    EXPECT_TRUE(file->triangles.empty());
    EXPECT_TRUE(file->links.empty());
    joined.materials = file->materials;
    joined.nodes = file->nodes;
    joined.frames = file->frames;
    return joined;
}

TEST(SmdBlockRead, HandedOnTrianglesEqualTheKeptOnes) {
    const std::string text = generated(600, 5);
    const Outcome kept = read(text, serial());
    ASSERT_TRUE(kept.file.has_value());
    int pieces = 0;
    expectSameFile(withHandedTriangles(text, serial(), pieces), *kept.file);
    EXPECT_EQ(pieces, 1);
    // A serial read of more triangles hands them on in pieces too.
    const std::string more = generated(2500, 5);
    const Outcome keptMore = read(more, serial());
    ASSERT_TRUE(keptMore.file.has_value());
    std::size_t marked = 0;
    expectSameFile(withHandedTriangles(more, serial(), pieces, &marked), *keptMore.file);
    EXPECT_GT(pieces, 1);
    // Most corners of a mesh repeat a line written shortly before.
    EXPECT_GT(marked, 2500u * 3 / 2);
    for (std::size_t blockBytes : {97u, 1500u}) {
        expectSameFile(withHandedTriangles(text, tinyBlocks(blockBytes), pieces, &marked),
                       *kept.file);
        EXPECT_GT(pieces, 10) << blockBytes;
    }
    // A block's repeats are found within the block: some in blocks of a few triangles.
    withHandedTriangles(text, tinyBlocks(1500), pieces, &marked);
    EXPECT_GT(marked, 0u);
    // Only vertex lines in reach of a window: read on serially, and still handed on.
    const std::size_t vertexLine = lineOfTriangles(text) + 2;
    std::string longLines =
        withLine(text, vertexLine, std::string(4000, ' ') + "0 0 0 0 0 0 1 0 0");
    const Outcome keptLong = read(longLines, serial());
    ASSERT_TRUE(keptLong.file.has_value());
    expectSameFile(withHandedTriangles(longLines, smallWindow(64, 180), pieces), *keptLong.file);
}

// A repeat is the same text: a line with the values of an earlier one written otherwise is not
// marked, the same text is, in a later triangle or the same one.
TEST(SmdBlockRead, RepeatedCornersAreLinesOfTheSameText) {
    const std::string text = "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n"
                             "0 0 0 0 0 0 0\nend\ntriangles\nskin\n"
                             "0 1 0 0 0 0 1 0 0 1 0 1\n"
                             "0 0 1 0 0 0 1 0 0 1 0 1\n"
                             "0 0 0 1 0 0 1 0 0 1 0 1\n"
                             "skin\n"
                             "0 1 0 0 0 0 1 0 0 1 0 1\n"
                             "0 0 1.0 0 0 0 1 0 0 1 0 1\n"
                             "0 1 0 0 0 0 1 0 0 1 0 1\n"
                             "end\n";
    std::vector<std::uint8_t> repeats;
    SmdReadOptions options = serial();
    options.triangles = [&](const SmdTrianglePiece& piece) {
        repeats.insert(repeats.end(), piece.repeatedCorners.begin(), piece.repeatedCorners.end());
    };
    CollectingSink sink;
    ASSERT_TRUE(parseSmd(text, "repeats.smd", sink, options).has_value());
    EXPECT_EQ(repeats, (std::vector<std::uint8_t>{0b000, 0b101}));
}

} // namespace
} // namespace vtxc
