// Tests of the SMD reader: the worked example of the SMD description, text variants, and one test
// per error class asserting the code and the file:line(:col). Format: docs/formats.md ("SMD").
#include "formats/smd/smd.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <random>
#include <sstream>

namespace vtxc {
namespace {

// The worked example of the SMD description (line numbers below refer to it).
const char* const kExample = "version 1\n"                          // 1
                             "nodes\n"                              // 2
                             "0 \"root\" -1\n"                      // 3
                             "1 \"arm\" 0\n"                        // 4
                             "end\n"                                // 5
                             "skeleton\n"                           // 6
                             "time 0\n"                             // 7
                             "0 0 0 0 0 0 0\n"                      // 8
                             "1 0 0 10 0 0 1.570796\n"              // 9
                             "end\n"                                // 10
                             "triangles\n"                          // 11
                             "skin.bmp\n"                           // 12
                             "1 0 0 10 0 1 0 0 0 2 1 0.75 0 0.25\n" // 13
                             "1 5 0 10 0 1 0 1 0 1 1 1.000\n"       // 14
                             "1 0 0 15 0 1 0 0 1 1 1 1.000\n"       // 15
                             "end\n";                               // 16

// The example with line `number` (1-based) replaced by `text` (which may hold several lines).
std::string exampleWithLine(int number, const std::string& text) {
    std::istringstream in(kExample);
    std::string line, out;
    for (int i = 1; std::getline(in, line); ++i)
        out += (i == number ? text : line) + "\n";
    return out;
}

struct Parsed {
    std::optional<SmdFile> file;
    CollectingSink sink;
};

std::unique_ptr<Parsed> parse(const std::string& text) {
    auto result = std::make_unique<Parsed>();
    result->file = parseSmd(text, "test.smd", result->sink);
    return result;
}

// Parsing fails with at least one error; the first has this code, line and (if non-zero) column.
void expectError(const std::string& text, const std::string& code, std::uint32_t line,
                 std::uint32_t column = 0) {
    const auto result = parse(text);
    EXPECT_FALSE(result->file.has_value());
    const auto errors = result->sink.errors();
    ASSERT_FALSE(errors.empty()) << "no error reported";
    EXPECT_EQ(errors.front().code, code) << formatDiagnostic(errors.front());
    EXPECT_EQ(errors.front().location.file, "test.smd");
    EXPECT_EQ(errors.front().location.line, line) << formatDiagnostic(errors.front());
    if (column != 0) {
        EXPECT_EQ(errors.front().location.column, column) << formatDiagnostic(errors.front());
    }
    EXPECT_FALSE(errors.front().message.empty());
    EXPECT_EQ(result->sink.exitCode(), ExitCode::InvalidInput);
}

TEST(SmdReader, ReadsTheWorkedExample) {
    const auto result = parse(kExample);
    ASSERT_TRUE(result->file) << (result->sink.diagnostics().empty()
                                      ? ""
                                      : formatDiagnostic(result->sink.diagnostics()[0]));
    const SmdFile& file = *result->file;
    EXPECT_TRUE(result->sink.diagnostics().empty());
    EXPECT_EQ(file.kind(), SmdKind::Reference);
    ASSERT_EQ(file.nodes.size(), 2u);
    EXPECT_EQ(file.nodes[1].name, "arm");
    EXPECT_EQ(file.nodes[1].parent, 0);
    EXPECT_EQ(file.nodes[0].parent, -1);
    EXPECT_EQ(file.nodes[1].line, 4u);
    ASSERT_EQ(file.frames.size(), 1u);
    EXPECT_EQ(file.frames[0].time, 0);
    ASSERT_EQ(file.frames[0].bones.size(), 2u);
    EXPECT_EQ(file.frames[0].bones[1], (SmdBonePose{1, {0, 0, 10}, {0, 0, 1.570796f}}));
    ASSERT_EQ(file.materials, std::vector<std::string>{"skin.bmp"});
    ASSERT_EQ(file.triangles.size(), 1u);
    const SmdTriangle& triangle = file.triangles[0];
    EXPECT_EQ(triangle.line, 12u);
    EXPECT_EQ(triangle.material, 0u);
    const SmdVertex& a = triangle.corners[0];
    EXPECT_EQ(a.bone, 1);
    EXPECT_EQ(a.position, (Vec3{0, 0, 10}));
    EXPECT_EQ(a.normal, (Vec3{0, 1, 0}));
    EXPECT_EQ(a.uv, (Vec2{0, 0}));
    const auto links = file.linksOf(a);
    ASSERT_EQ(links.size(), 2u);
    EXPECT_EQ(links[0], (SmdLink{1, 0.75f}));
    EXPECT_EQ(links[1], (SmdLink{0, 0.25f}));
    EXPECT_EQ(triangle.corners[2].position, (Vec3{0, 0, 15}));
    EXPECT_EQ(triangle.corners[2].uv, (Vec2{0, 1}));
    EXPECT_EQ(file.influences(triangle.corners[1]).size(), 1u);
}

TEST(SmdReader, HalfLifeNineValueVertexIsRigidOnItsBone) {
    const auto result = parse(exampleWithLine(13, "1 0 0 10 0 1 0 0.5 0.25"));
    ASSERT_TRUE(result->file);
    const SmdVertex& v = result->file->triangles[0].corners[0];
    EXPECT_EQ(v.linkCount, 0u);
    EXPECT_EQ(v.uv, (Vec2{0.5f, 0.25f}));
    const SmdInfluences influences = result->file->influences(v);
    ASSERT_EQ(influences.size(), 1u);
    EXPECT_EQ(influences[0], (SmdLink{1, 1.0f}));
}

TEST(SmdReader, LinksZeroIsRigid) {
    const auto result = parse(exampleWithLine(13, "1 0 0 10 0 1 0 0 0 0"));
    ASSERT_TRUE(result->file);
    EXPECT_EQ(result->file->influences(result->file->triangles[0].corners[0])[0],
              (SmdLink{1, 1.0f}));
}

TEST(SmdReader, FileWithoutTrianglesIsAnAnimation) {
    const std::string text =
        "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\n"
        "time 0\n0 0 0 0 0 0 0\ntime 1\n0 1 0 0 0 0 0\ntime 2\n0 2 0 0 0 0 0\nend\n";
    const auto result = parse(text);
    ASSERT_TRUE(result->file);
    EXPECT_EQ(result->file->kind(), SmdKind::Animation);
    ASSERT_EQ(result->file->frames.size(), 3u);
    EXPECT_EQ(result->file->frames[2].time, 2);
    EXPECT_EQ(result->file->frames[2].line, 10u);
    EXPECT_EQ(result->file->frames[2].bones[0].position.x, 2.0f);
}

TEST(SmdReader, EmptyTrianglesSectionIsStillAReference) {
    // Remove the whole triangle: lines 12..15.
    std::string text = kExample;
    text.erase(text.find("skin.bmp"), text.rfind("end") - text.find("skin.bmp"));
    const auto empty = parse(text);
    ASSERT_TRUE(empty->file);
    EXPECT_EQ(empty->file->kind(), SmdKind::Reference);
    EXPECT_TRUE(empty->file->triangles.empty());
}

// ---- text variants -------------------------------------------------------------------------

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

void expectSameAsExample(const std::string& text) {
    const auto reference = parse(kExample);
    const auto variant = parse(text);
    ASSERT_TRUE(variant->file) << formatDiagnostic(variant->sink.diagnostics().at(0));
    EXPECT_EQ(variant->sink.warningCount(), 0u);
    const SmdFile& a = *reference->file;
    const SmdFile& b = *variant->file;
    ASSERT_EQ(a.nodes.size(), b.nodes.size());
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        EXPECT_EQ(a.nodes[i].name, b.nodes[i].name);
        EXPECT_EQ(a.nodes[i].parent, b.nodes[i].parent);
    }
    EXPECT_EQ(a.frames[0].bones, b.frames[0].bones);
    EXPECT_EQ(a.materials, b.materials);
    ASSERT_EQ(b.triangles.size(), 1u);
    for (int k = 0; k < 3; ++k) {
        const SmdVertex& va = a.triangles[0].corners[k];
        const SmdVertex& vb = b.triangles[0].corners[k];
        EXPECT_EQ(va.position, vb.position);
        EXPECT_EQ(va.normal, vb.normal);
        EXPECT_EQ(va.uv, vb.uv);
        EXPECT_TRUE(std::ranges::equal(a.linksOf(va), b.linksOf(vb)));
    }
}

TEST(SmdReader, AcceptsCrLfLineEnds) {
    expectSameAsExample(replaceAll(kExample, "\n", "\r\n"));
}
TEST(SmdReader, AcceptsCrLineEnds) {
    expectSameAsExample(replaceAll(kExample, "\n", "\r"));
}
TEST(SmdReader, AcceptsMixedLineEnds) {
    std::string text = kExample;
    text.replace(text.find('\n'), 1, "\r");
    text.replace(text.find("end\n"), 4, "end\r\n");
    expectSameAsExample(text);
}
TEST(SmdReader, AcceptsTabsAndRunsOfBlanks) {
    expectSameAsExample(replaceAll(kExample, " ", " \t  "));
}
TEST(SmdReader, AcceptsTrailingWhiteSpace) {
    expectSameAsExample(replaceAll(kExample, "\n", " \t \n"));
}
TEST(SmdReader, AcceptsLeadingWhiteSpace) {
    expectSameAsExample(replaceAll(kExample, "\n", "\n  "));
}
TEST(SmdReader, AcceptsAMissingFinalNewline) {
    std::string text = kExample;
    text.pop_back();
    expectSameAsExample(text);
}
TEST(SmdReader, KeywordsAreCaseInsensitive) {
    std::string text = replaceAll(kExample, "version", "VERSION");
    text = replaceAll(text, "nodes", "Nodes");
    text = replaceAll(text, "skeleton", "SKELETON");
    text = replaceAll(text, "time", "Time");
    text = replaceAll(text, "triangles", "TriAngles");
    text = replaceAll(text, "end\n", "END\n");
    expectSameAsExample(text);
}
TEST(SmdReader, SkipsCommentsAndBlankLines) {
    std::string text =
        "// exported by hand\n# another comment\n; and another\n\n" + std::string(kExample);
    text = replaceAll(text, "time 0\n", "time 0 // rest pose\n\n");
    text = replaceAll(text, "skin.bmp\n", "skin.bmp // the skin\n// between lines\n");
    text = replaceAll(text, "0 0.25\n", "0 0.25 # weights\n");
    expectSameAsExample(text);
}
TEST(SmdReader, AcceptsAUtf8ByteOrderMark) {
    expectSameAsExample("\xEF\xBB\xBF" + std::string(kExample));
}
TEST(SmdReader, AcceptsPlusSignsAndExponents) {
    expectSameAsExample(exampleWithLine(9, "+1 0e0 0.0E+3 1e1 -0 0 157.0796e-2"));
}

TEST(SmdReader, MaterialKeepsInnerSpacesAndDropsTrailingOnes) {
    const auto result = parse(exampleWithLine(12, "  my material.tga  \t"));
    ASSERT_TRUE(result->file);
    EXPECT_EQ(result->file->materials[0], "my material.tga");
}

TEST(SmdReader, NodeNamesMayHoldSpaces) {
    const auto result = parse(exampleWithLine(4, "1 \"Bip01 L Forearm\" 0"));
    ASSERT_TRUE(result->file);
    EXPECT_EQ(result->file->nodes[1].name, "Bip01 L Forearm");
}

TEST(SmdReader, MaterialsAreInternedInOrderOfFirstUse) {
    std::string tri = "a\n1 0 0 10 0 1 0 0 0\n1 5 0 10 0 1 0 1 0\n1 0 0 15 0 1 0 0 1\n";
    std::string text = kExample;
    const std::string body =
        tri + replaceAll(tri, "a\n", "b\n") + tri + replaceAll(tri, "a\n", "skin.bmp\n");
    text.insert(text.rfind("end"), body);
    const auto result = parse(text);
    ASSERT_TRUE(result->file);
    EXPECT_EQ(result->file->materials, (std::vector<std::string>{"skin.bmp", "a", "b"}));
    ASSERT_EQ(result->file->triangles.size(), 5u);
    EXPECT_EQ(result->file->triangles[3].material, 1u);
    EXPECT_EQ(result->file->triangles[4].material, 0u);
    EXPECT_EQ(result->file->triangles[4].line, 28u);
}

TEST(SmdReader, VertexAnimationSectionIsSkippedWithAWarning) {
    std::string text = std::string(kExample) + "vertexanimation\ntime 0\n0 0 0 0 0 0 0\nend\n";
    const auto result = parse(text);
    ASSERT_TRUE(result->file);
    const Diagnostic* warning = result->sink.find("SMD023");
    ASSERT_NE(warning, nullptr);
    EXPECT_EQ(warning->severity, Severity::Warning);
    EXPECT_EQ(warning->location.line, 17u);
    EXPECT_EQ(result->file->triangles.size(), 1u);
}

TEST(SmdReader, SectionWithoutEndAtEndOfFileIsAWarning) {
    std::string text = kExample;
    text.erase(text.rfind("end"));
    const auto result = parse(text);
    ASSERT_TRUE(result->file);
    const Diagnostic* warning = result->sink.find("SMD017");
    ASSERT_NE(warning, nullptr);
    EXPECT_EQ(warning->severity, Severity::Warning);
    EXPECT_EQ(result->file->triangles.size(), 1u);
}

TEST(SmdReader, UnderflowReadsAsZeroAndSignIsKept) {
    const auto result = parse(exampleWithLine(9, "1 1e-60 -1e-60 10 0 0 0"));
    ASSERT_TRUE(result->file);
    const Vec3 p = result->file->frames[0].bones[1].position;
    EXPECT_EQ(p.x, 0.0f);
    EXPECT_EQ(p.y, 0.0f);
    EXPECT_TRUE(std::signbit(p.y));
}

// The reader's fast decimal path must give exactly what std::from_chars gives.
TEST(SmdReader, DecimalsParseExactlyAsFromChars) {
    std::mt19937 random(12345);
    std::uniform_int_distribution<int> digits(0, 9), intDigits(1, 9), fracDigits(0, 12), sign(0, 1);
    std::vector<std::string> values;
    std::string text = "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\n";
    for (int frame = 0; frame < 3000; ++frame) {
        text += "time " + std::to_string(frame) + "\n0";
        for (int k = 0; k < 6; ++k) {
            std::string value = sign(random) ? "-" : "";
            const int whole = intDigits(random) % 7 + 1, fraction = fracDigits(random);
            for (int i = 0; i < whole; ++i)
                value += static_cast<char>('0' + digits(random));
            if (fraction > 0) value += '.';
            for (int i = 0; i < fraction; ++i)
                value += static_cast<char>('0' + digits(random));
            values.push_back(value);
            text += " " + value;
        }
        text += "\n";
    }
    // Float midpoints and near-midpoints, the hard cases of correct rounding.
    text += "time 3000\n0 16777217 16777219 0.500000001 33554434 1.00000006 4294967808.5\n";
    for (const char* v :
         {"16777217", "16777219", "0.500000001", "33554434", "1.00000006", "4294967808.5"})
        values.push_back(v);
    text += "end\n";
    const auto result = parse(text);
    ASSERT_TRUE(result->file);
    std::size_t index = 0;
    for (const SmdFrame& frame : result->file->frames) {
        const SmdBonePose& pose = frame.bones.at(0);
        for (float parsed : {pose.position.x, pose.position.y, pose.position.z, pose.rotation.x,
                             pose.rotation.y, pose.rotation.z}) {
            const std::string& value = values.at(index++);
            float expected = 0;
            std::from_chars(value.data(), value.data() + value.size(), expected);
            ASSERT_EQ(parsed, expected) << value;
        }
    }
    EXPECT_EQ(index, values.size());
}

// Vertex lines that repeat one read lately are copied rather than read again: every corner must
// still hold what its own text says. Lines of every shape (rigid, `links 0`, more links than are
// copied, blanks after the values, other spellings of the same numbers) repeat at every distance,
// far more distinct lines than the reader keeps.
TEST(SmdReader, RepeatedVertexLinesReadAsTheirText) {
    std::mt19937 random(2024);
    std::uniform_int_distribution<int> digits(0, 9), sign(0, 3), links(0, 10), bone(0, 3);
    auto decimal = [&] {
        std::string value = sign(random) == 0 ? "-" : "";
        value += std::to_string(digits(random)) + "." + std::to_string(digits(random)) + "0";
        for (int i = 0; i < 4; ++i)
            value += static_cast<char>('0' + digits(random));
        return value;
    };
    std::vector<std::string> lines;
    for (int i = 0; i < 1500; ++i) {
        std::string line = std::to_string(bone(random));
        for (int k = 0; k < 8; ++k)
            line += " " + decimal();
        const int count = links(random);
        if (count < 10) { // 10: the Half-Life form, no links count
            line += " " + std::to_string(count);
            for (int k = 0; k < count; ++k)
                line += " " + std::to_string(bone(random)) + " " + decimal().substr(1);
        }
        if (i % 7 == 0) line += "  ";
        lines.push_back(line);
        if (i % 5 == 0) lines.push_back(line + " "); // the same values, other text
    }
    std::string text = "version 1\nnodes\n0 \"a\" -1\n1 \"b\" 0\n2 \"c\" 0\n3 \"d\" 0\nend\n"
                       "skeleton\ntime 0\n0 0 0 0 0 0 0\nend\ntriangles\n";
    std::vector<const std::string*> corners;
    std::geometric_distribution<int> back(0.05);
    for (std::size_t i = 0; i < 3 * lines.size(); ++i) {
        const std::size_t newest = std::min(i / 3, lines.size() - 1);
        corners.push_back(&lines[newest - std::min<std::size_t>(newest, back(random))]);
        if (corners.size() % 3 == 1) text += "m\n";
        text += *corners.back() + "\n";
    }
    text += "end\n";
    const auto result = parse(text);
    ASSERT_TRUE(result->file);
    const SmdFile& file = *result->file;
    ASSERT_EQ(file.triangles.size() * 3, corners.size());
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const SmdVertex& vertex = file.triangles[i / 3].corners[i % 3];
        const std::string& line = *corners[i];
        std::vector<float> values;
        for (const char *p = line.data(), *end = p + line.size(); p < end;) {
            if (*p == ' ') {
                ++p;
                continue;
            }
            float value = 0;
            p = std::from_chars(p, end, value).ptr;
            values.push_back(value);
        }
        ASSERT_GE(values.size(), 9u) << line;
        EXPECT_EQ(vertex.bone, static_cast<int>(values[0])) << line;
        const float read[8] = {vertex.position.x, vertex.position.y, vertex.position.z,
                               vertex.normal.x,   vertex.normal.y,   vertex.normal.z,
                               vertex.uv.x,       vertex.uv.y};
        for (int k = 0; k < 8; ++k)
            ASSERT_EQ(std::bit_cast<std::uint32_t>(read[k]),
                      std::bit_cast<std::uint32_t>(values[1 + k]))
                << line;
        const std::size_t count = values.size() == 9 ? 0 : static_cast<std::size_t>(values[9]);
        ASSERT_EQ(vertex.linkCount, count) << line;
        ASSERT_LE(vertex.firstLink + count, file.links.size());
        for (std::size_t k = 0; k < count; ++k)
            ASSERT_EQ(file.linksOf(vertex)[k],
                      (SmdLink{static_cast<int>(values[10 + 2 * k]), values[11 + 2 * k]}))
                << line;
    }
}

// A repeated line with an error is reported each time it occurs.
TEST(SmdReaderErrors, RepeatedBadVertexLineIsReportedEachTime) {
    const std::string bad = "1 0 0 10 0 1 0 0 0 1 7 1.0"; // link bone 7 is not a node
    const std::string good = "1 0 0 10 0 1 0 0 0 1 1 1.0";
    std::string text = kExample;
    text = text.substr(0, text.find("skin.bmp")); // lines 1 to 11
    text += "skin.bmp\n" + good + "\n" + bad + "\n" + good + "\nskin.bmp\n" + bad + "\n" + good +
            "\n" + bad + "\nend\n";
    const auto result = parse(text);
    EXPECT_FALSE(result->file);
    const auto errors = result->sink.errors();
    ASSERT_EQ(errors.size(), 3u);
    for (const Diagnostic& error : errors) {
        EXPECT_EQ(error.code, "SMD008");
        EXPECT_EQ(error.location.column, 22u);
    }
    EXPECT_EQ(errors[0].location.line, 14u);
    EXPECT_EQ(errors[1].location.line, 17u);
    EXPECT_EQ(errors[2].location.line, 19u);
}

// ---- one test per error class -------------------------------------------------------------

TEST(SmdReaderErrors, MissingVersion) {
    expectError(exampleWithLine(1, "nodes\nend"), "SMD001", 1, 1);
}
TEST(SmdReaderErrors, EmptyFile) {
    expectError("", "SMD001", 1);
    expectError("\n// just a comment\n", "SMD001", 3);
}
TEST(SmdReaderErrors, UnsupportedVersionIsNamed) {
    const auto result = parse(exampleWithLine(1, "version 2"));
    ASSERT_FALSE(result->file);
    const auto errors = result->sink.errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].code, "SMD002");
    EXPECT_EQ(errors[0].location.line, 1u);
    EXPECT_EQ(errors[0].location.column, 9u);
    EXPECT_NE(errors[0].message.find("'2'"), std::string::npos) << errors[0].message;
    expectError(exampleWithLine(1, "version"), "SMD002", 1);
}
TEST(SmdReaderErrors, NumberThatDoesNotParse) {
    expectError(exampleWithLine(14, "1 5 0 1O 0 1 0 1 0"), "SMD003", 14, 7);
    expectError(exampleWithLine(9, "1 0 0 10 0 0 1,5"), "SMD003", 9, 14);
    expectError(exampleWithLine(8, "x 0 0 0 0 0 0"), "SMD003", 8, 1);
    expectError(exampleWithLine(13, "1.5 0 0 10 0 1 0 0 0"), "SMD003", 13, 1);
    expectError(exampleWithLine(9, "1 0 0 1e50 0 0 0"), "SMD003", 9, 7);
    expectError(exampleWithLine(4, "1 \"arm\" zero"), "SMD003", 4, 9);
}
TEST(SmdReaderErrors, NanOrInfinity) {
    expectError(exampleWithLine(14, "1 5 0 nan 0 1 0 1 0"), "SMD004", 14, 7);
    expectError(exampleWithLine(14, "1 5 0 10 0 1 0 -inf 0"), "SMD004", 14, 16);
    expectError(exampleWithLine(9, "1 0 0 10 0 0 1.#QNAN0"), "SMD004", 9, 14);
    expectError(exampleWithLine(9, "1 0 0 10 -1.#IND00 0 0"), "SMD004", 9, 10);
    expectError(exampleWithLine(13, "1 0 0 10 0 1 0 0 0 1 1 NaN"), "SMD004", 13, 24);
}
TEST(SmdReaderErrors, VertexLineWithFewerThanNineValues) {
    expectError(exampleWithLine(14, "1 5 0 10 0 1 0 1"), "SMD005", 14, 17);
}
TEST(SmdReaderErrors, SkeletonLineWithFewerThanSevenValues) {
    expectError(exampleWithLine(9, "1 0 0 10 0 0"), "SMD005", 9, 13);
}
TEST(SmdReaderErrors, LinksCountLargerThanThePairs) {
    expectError(exampleWithLine(13, "1 0 0 10 0 1 0 0 0 3 1 0.75 0 0.25"), "SMD006", 13, 20);
    expectError(exampleWithLine(13, "1 0 0 10 0 1 0 0 0 2 1 0.75 0"), "SMD006", 13, 20);
}
TEST(SmdReaderErrors, LinksCountAbsurd) {
    expectError(exampleWithLine(13, "1 0 0 10 0 1 0 0 0 2000000 1 0.75"), "SMD006", 13, 20);
    expectError(exampleWithLine(13, "1 0 0 10 0 1 0 0 0 -1"), "SMD006", 13, 20);
}
TEST(SmdReaderErrors, ValuesAfterThePairs) {
    expectError(exampleWithLine(13, "1 0 0 10 0 1 0 0 0 1 1 1.0 0 0.25"), "SMD007", 13, 28);
    expectError(exampleWithLine(9, "1 0 0 10 0 0 1.5 7"), "SMD007", 9, 18);
    expectError(exampleWithLine(3, "0 \"root\" -1 5"), "SMD007", 3, 13);
}
TEST(SmdReaderErrors, VertexBoneNotInNodes) {
    expectError(exampleWithLine(14, "2 5 0 10 0 1 0 1 0"), "SMD008", 14, 1);
    expectError(exampleWithLine(14, "-1 5 0 10 0 1 0 1 0"), "SMD008", 14, 1);
}
TEST(SmdReaderErrors, LinkBoneNotInNodes) {
    expectError(exampleWithLine(13, "1 0 0 10 0 1 0 0 0 2 1 0.75 7 0.25"), "SMD008", 13, 29);
}
TEST(SmdReaderErrors, NegativeWeight) {
    expectError(exampleWithLine(13, "1 0 0 10 0 1 0 0 0 2 1 1.25 0 -0.25"), "SMD009", 13, 29);
}
TEST(SmdReaderErrors, NodesOutOfOrder) {
    expectError(exampleWithLine(4, "2 \"arm\" 0"), "SMD010", 4, 1);
}
TEST(SmdReaderErrors, UndefinedParent) {
    expectError(exampleWithLine(4, "1 \"arm\" 1"), "SMD011", 4, 9);
    expectError(exampleWithLine(4, "1 \"arm\" 5"), "SMD011", 4, 9);
    expectError(exampleWithLine(3, "0 \"root\" -2"), "SMD011", 3, 10);
}
TEST(SmdReaderErrors, UnquotedNodeName) {
    expectError(exampleWithLine(4, "1 arm 0"), "SMD012", 4, 3);
    expectError(exampleWithLine(4, "1 \"arm 0"), "SMD012", 4, 3);
    expectError(exampleWithLine(4, "1"), "SMD012", 4, 2);
}
TEST(SmdReaderErrors, SkeletonLineForUnknownBone) {
    expectError(exampleWithLine(9, "2 0 0 10 0 0 1.570796"), "SMD013", 9, 1);
}
TEST(SmdReaderErrors, TriangleCutOffByEndOfFile) {
    std::string text = kExample;
    text.erase(text.find("1 0 0 15"));
    expectError(text, "SMD014", 12);
}
TEST(SmdReaderErrors, TriangleCutOffByEnd) {
    expectError(exampleWithLine(15, "end"), "SMD014", 12);
}
TEST(SmdReaderErrors, TriangleCutOffByTheNextMaterial) {
    // The short triangle is reported; the next one still reads (no cascade of errors).
    const auto result = parse(exampleWithLine(
        15, "skin.bmp\n1 0 0 10 0 1 0 0 0\n1 5 0 10 0 1 0 1 0\n1 0 0 15 0 1 0 0 1"));
    ASSERT_FALSE(result->file);
    const auto errors = result->sink.errors();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].code, "SMD014");
    EXPECT_EQ(errors[0].location.line, 12u);
}
TEST(SmdReaderErrors, BinaryJunk) {
    std::string text = kExample;
    text.insert(text.find("skin") + 2, std::string(1, '\0'));
    expectError(text, "SMD015", 12, 3);
    expectError(std::string("\xFF\xFEv\0e\0r\0", 8), "SMD015", 1, 4);
    expectError(exampleWithLine(2, "nodes\x01"), "SMD015", 2, 6);
    expectError(exampleWithLine(3, "0 \"root\" -1\x7f"), "SMD015", 3, 12);
    // Past the first 4 KiB, where the scan works a block at a time.
    const std::string padding(5000, ' ');
    expectError(exampleWithLine(9, padding + "1 0 0 10 0 0 1.570796\x1b"), "SMD015", 9, 5022);
    expectError(exampleWithLine(9, padding + std::string(1, '\0')), "SMD015", 9, 5001);
}
TEST(SmdReaderErrors, UnknownSection) {
    expectError(exampleWithLine(6, "skelton"), "SMD016", 6, 1);
}
TEST(SmdReaderErrors, MissingNodesOrSkeleton) {
    expectError("version 1\nskeleton\ntime 0\nend\n", "SMD019", 2, 1);
    const auto result = parse("version 1\nnodes\n0 \"root\" -1\nend\n");
    ASSERT_FALSE(result->file);
    ASSERT_EQ(result->sink.errors().size(), 1u);
    EXPECT_EQ(result->sink.errors()[0].code, "SMD018");
    EXPECT_EQ(result->sink.errors()[0].location.line, 4u);
}
TEST(SmdReaderErrors, RepeatedSection) {
    expectError(std::string(kExample) + "nodes\nend\n", "SMD019", 17, 1);
}
TEST(SmdReaderErrors, FrameTimeNotIncreasing) {
    expectError(exampleWithLine(9, "1 0 0 10 0 0 1.570796\ntime 0"), "SMD020", 10, 6);
    expectError(exampleWithLine(7, "time -1"), "SMD020", 7, 6);
}
TEST(SmdReaderErrors, BonePosedTwiceInAFrame) {
    expectError(exampleWithLine(9, "0 0 0 10 0 0 1.570796"), "SMD021", 9, 1);
}
TEST(SmdReaderErrors, PoseBeforeAnyTime) {
    expectError(exampleWithLine(7, ""), "SMD022", 8, 1);
}

TEST(SmdReaderErrors, ReportsSeveralErrorsNotJustTheFirst) {
    std::string text = exampleWithLine(9, "1 0 0 x 0 0 0");
    text = replaceAll(text, "1 5 0 10 0 1 0 1 0 1 1 1.000", "1 5 0 10 0 1 0 1 0 1 9 1.000");
    const auto result = parse(text);
    ASSERT_FALSE(result->file);
    const auto errors = result->sink.errors();
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].code, "SMD003");
    EXPECT_EQ(errors[0].location.line, 9u);
    EXPECT_EQ(errors[1].code, "SMD008");
    EXPECT_EQ(errors[1].location.line, 14u);
}

TEST(SmdReaderErrors, StopsAtTheErrorLimit) {
    std::string bad;
    for (int i = 0; i < 40; ++i)
        bad += "m\n1 0 0 10 0 1 0 0 0 1 5 1\n1 5 0 10 0 1 0 1 0\n1 0 0 15 0 1 0 0 1\n";
    const auto result = parse(exampleWithLine(15, "1 0 0 15 0 1 0 0 1\n" + bad));
    ASSERT_FALSE(result->file);
    EXPECT_EQ(result->sink.errors().size(), DiagnosticSink::kErrorLimit);
}

TEST(SmdReaderErrors, LinesAreCountedAlikeForEveryLineEnd) {
    const std::string text = exampleWithLine(14, "1 5 0 10 0 1 0 1 0 1 4 1.000");
    expectError(text, "SMD008", 14, 22);
    expectError(replaceAll(text, "\n", "\r\n"), "SMD008", 14, 22);
    expectError(replaceAll(text, "\n", "\r"), "SMD008", 14, 22);
}

TEST(SmdReaderErrors, DiagnosticNamesFileLineAndColumn) {
    const auto result = parse(exampleWithLine(14, "2 5 0 10 0 1 0 1 0"));
    ASSERT_FALSE(result->sink.errors().empty());
    const std::string text = formatDiagnostic(result->sink.errors()[0]);
    EXPECT_EQ(text.rfind("test.smd:14:1: error[SMD008]: ", 0), 0u) << text;
}

// SmdReadOptions::posesOnly: the bones and their poses, with nothing after them read or checked.
std::unique_ptr<Parsed> parsePoses(const std::string& text) {
    auto result = std::make_unique<Parsed>();
    SmdReadOptions options;
    options.posesOnly = true;
    result->file = parseSmd(text, "test.smd", result->sink, options);
    return result;
}

TEST(SmdReaderPosesOnly, TakesNodesAndSkeletonAndStopsThere) {
    const auto result = parsePoses(kExample);
    ASSERT_TRUE(result->file) << formatDiagnostic(result->sink.errors().front());
    EXPECT_EQ(result->file->nodes.size(), 2u);
    ASSERT_EQ(result->file->frames.size(), 1u);
    EXPECT_EQ(result->file->frames[0].bones.size(), 2u);
    EXPECT_TRUE(result->file->triangles.empty());
    EXPECT_TRUE(result->file->materials.empty());
    EXPECT_EQ(result->file->kind(), SmdKind::Animation);
}

TEST(SmdReaderPosesOnly, LeavesABrokenTrianglesSectionUnread) {
    const std::string broken = exampleWithLine(13, "1 0 0 1O 0 1 0 0 0");
    expectError(broken, "SMD003", 13, 7);
    const auto result = parsePoses(broken);
    ASSERT_TRUE(result->file);
    EXPECT_EQ(result->sink.diagnostics().size(), 0u);
    // A binary byte in the text the reader has at hand is still refused.
    const auto binary = parsePoses(exampleWithLine(13, std::string("\0\x01", 2)));
    EXPECT_FALSE(binary->file);
}

TEST(SmdReaderPosesOnly, StillChecksTheNodesAndPoses) {
    const auto badPose = parsePoses(exampleWithLine(9, "1 0 0 10 0 0"));
    EXPECT_FALSE(badPose->file);
    ASSERT_FALSE(badPose->sink.errors().empty());
    EXPECT_EQ(badPose->sink.errors().front().code, "SMD005");
    EXPECT_EQ(badPose->sink.errors().front().location.line, 9u);
    EXPECT_EQ(badPose->sink.errors().front().location.column, 13u);
    // Without a skeleton section the whole file is read, and the missing section named.
    std::string noSkeleton = kExample;
    noSkeleton.erase(noSkeleton.find("skeleton"),
                     noSkeleton.find("triangles") - noSkeleton.find("skeleton"));
    const auto missing = parsePoses(noSkeleton);
    EXPECT_FALSE(missing->file);
    ASSERT_FALSE(missing->sink.errors().empty());
    EXPECT_EQ(missing->sink.errors().front().code, "SMD018");
}

TEST(SmdReaderPosesOnly, ReadsAFileOnlyAsFarAsItsPoses) {
    // Triangles past the reader's first window of text, then a binary byte: read whole, the
    // file is refused; for its poses, it is read no further than they go.
    std::string text = kExample;
    text.erase(text.rfind("end\n"));
    for (int i = 0; i < 8000; ++i)
        text += "skin.bmp\n1 0 0 10 0 1 0 0 0 0\n1 5 0 10 0 1 0 1 0 0\n1 0 0 15 0 1 0 0 1 0\n";
    text += std::string(1, '\0') + "\nend\n";
    const auto path = std::filesystem::temp_directory_path() / "vtxc_poses_only_test.smd";
    {
        std::ofstream out(path, std::ios::binary);
        out << text;
    }
    CollectingSink whole, poses;
    EXPECT_FALSE(readSmdFile(path, whole));
    ASSERT_FALSE(whole.errors().empty());
    EXPECT_EQ(whole.errors().front().code, "SMD015");
    SmdReadOptions options;
    options.posesOnly = true;
    const auto file = readSmdFile(path, poses, options);
    std::filesystem::remove(path);
    ASSERT_TRUE(file);
    EXPECT_EQ(file->frames.size(), 1u);
    EXPECT_TRUE(file->triangles.empty());
}

TEST(SmdReader, ParsesTheBundledExample) {
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
