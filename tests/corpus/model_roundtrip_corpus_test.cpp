// Byte-exact round trip of every .mdl, .vvd and .vtx in the corpus: read, write back, compare
// bytes. Ground truth: the Valve-compiled files of the corpus (docs/formats.md gives the layout).
#include "formats/studio/mdl.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"
#include "testing/test_support.h"

#include <algorithm>

namespace vtxc::test {
namespace {

std::vector<std::uint8_t> bytesOf(const std::filesystem::path& path) {
    const std::string text = readText(path);
    return {text.begin(), text.end()};
}

// The first byte where two buffers differ (or the shorter length), for a readable failure.
std::size_t firstDifference(const std::vector<std::uint8_t>& a,
                            const std::vector<std::uint8_t>& b) {
    const auto [ia, ib] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
    return static_cast<std::size_t>(ia - a.begin());
}

TEST(ModelRoundTripCorpus, EveryVvdWritesBackByteIdentical) {
    VTXC_REQUIRE_CORPUS();
    const auto files = corpusFiles(".vvd");
    ASSERT_GE(files.size(), 6u);
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        const auto original = bytesOf(path);
        CollectingSink sink;
        const auto file = readVvd(original, path.filename().string(), sink);
        ASSERT_TRUE(file.has_value())
            << (sink.diagnostics().empty() ? "" : formatDiagnostic(sink.diagnostics()[0]));
        EXPECT_EQ(sink.errorCount(), 0u);
        const auto written = writeVvd(*file);
        EXPECT_EQ(written.size(), original.size());
        EXPECT_TRUE(written == original)
            << "first difference at byte " << firstDifference(written, original);
    }
}

TEST(ModelRoundTripCorpus, EveryVtxWritesBackByteIdentical) {
    VTXC_REQUIRE_CORPUS();
    const auto files = corpusFiles(".vtx");
    ASSERT_GE(files.size(), 16u);
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        const auto original = bytesOf(path);
        CollectingSink sink;
        const auto file = readVtx(original, path.filename().string(), sink);
        ASSERT_TRUE(file.has_value())
            << (sink.diagnostics().empty() ? "" : formatDiagnostic(sink.diagnostics()[0]));
        EXPECT_EQ(sink.errorCount(), 0u);
        const auto written = writeVtx(*file);
        EXPECT_EQ(written.size(), original.size());
        EXPECT_TRUE(written == original)
            << "first difference at byte " << firstDifference(written, original);
    }
}

TEST(ModelRoundTripCorpus, EveryMdlWritesBackByteIdentical) {
    VTXC_REQUIRE_CORPUS();
    // Every .mdl of the corpus, the projects' animation libraries and props included.
    const auto files = corpusFiles(".mdl");
    ASSERT_FALSE(files.empty());
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        const auto original = bytesOf(path);
        CollectingSink sink;
        const auto file = readMdl(original, path.filename().string(), sink);
        // One file's failure does not hide the others'.
        if (!file) {
            ADD_FAILURE() << (sink.diagnostics().empty() ? ""
                                                         : formatDiagnostic(sink.diagnostics()[0]));
            continue;
        }
        EXPECT_EQ(sink.errorCount(), 0u);
        EXPECT_EQ(file->version, 48);
        const auto written = writeMdl(*file);
        EXPECT_EQ(written.size(), original.size());
        EXPECT_TRUE(written == original)
            << "first difference at byte " << firstDifference(written, original);
    }
}

// Reading what the writer produced gives the same data model back (the model is the whole story).
TEST(ModelRoundTripCorpus, ReadingWrittenFilesGivesTheSameModel) {
    VTXC_REQUIRE_CORPUS();
    for (const auto& path : corpusFiles(".vtx")) {
        SCOPED_TRACE(path.string());
        CollectingSink sink;
        const auto first = readVtx(bytesOf(path), "a.vtx", sink);
        ASSERT_TRUE(first);
        const auto second = readVtx(writeVtx(*first), "b.vtx", sink);
        ASSERT_TRUE(second);
        EXPECT_TRUE(*first == *second);
    }
    for (const auto& path : corpusFiles(".mdl")) {
        SCOPED_TRACE(path.string());
        CollectingSink sink;
        const auto first = readMdl(bytesOf(path), "a.mdl", sink);
        ASSERT_TRUE(first);
        const auto second = readMdl(writeMdl(*first), "b.mdl", sink);
        ASSERT_TRUE(second);
        EXPECT_TRUE(*first == *second);
    }
    for (const auto& path : corpusFiles(".vvd")) {
        SCOPED_TRACE(path.string());
        CollectingSink sink;
        const auto first = readVvd(bytesOf(path), "a.vvd", sink);
        ASSERT_TRUE(first);
        const auto second = readVvd(writeVvd(*first), "b.vvd", sink);
        ASSERT_TRUE(second);
        EXPECT_TRUE(*first == *second);
    }
}

} // namespace
} // namespace vtxc::test
