// Tests of the diagnostics core: message format, error counting, exit status selection,
// and the all-or-nothing file writer.
#include "formats/common/diagnostics.h"
#include "formats/common/file_io.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

TEST(Diagnostics, FormatsFileLineColumnAndCode) {
    Diagnostic d{Severity::Error, "SMD001", {"a.smd", 3, 7}, "bad version", ExitCode::InvalidInput};
    EXPECT_EQ(formatDiagnostic(d), "a.smd:3:7: error[SMD001]: bad version");
    d.location.column = 0;
    EXPECT_EQ(formatDiagnostic(d), "a.smd:3: error[SMD001]: bad version");
    d.location = {};
    d.severity = Severity::Warning;
    EXPECT_EQ(formatDiagnostic(d), "warning[SMD001]: bad version");
}

TEST(Diagnostics, WorstErrorDecidesExitCode) {
    CollectingSink sink;
    EXPECT_EQ(sink.exitCode(), ExitCode::Ok);
    sink.warning("W", {}, "just a warning");
    EXPECT_EQ(sink.exitCode(), ExitCode::Ok);
    sink.error("A", {}, "io", ExitCode::Io);
    EXPECT_EQ(sink.exitCode(), ExitCode::Io);
    sink.error("B", {}, "bad input");
    EXPECT_EQ(sink.exitCode(), ExitCode::InvalidInput);
    sink.error("C", {}, "io again", ExitCode::Io);
    EXPECT_EQ(sink.exitCode(), ExitCode::InvalidInput);
    EXPECT_EQ(sink.errorCount(), 3u);
    EXPECT_EQ(sink.warningCount(), 1u);
    ASSERT_NE(sink.find("B"), nullptr);
    EXPECT_EQ(sink.find("B")->message, "bad input");
    EXPECT_EQ(sink.find("Z"), nullptr);
}

TEST(FileIo, WritesAllFilesOrNone) {
    test::TempDir dir;
    CollectingSink sink;
    std::vector<PendingFile> files{{dir / "a.bin", {1, 2, 3}},
                                   {dir / "missing-parent-is-a-file/x/b.bin", {4}}};
    test::writeText(dir / "missing-parent-is-a-file", "blocks the folder");
    EXPECT_FALSE(writeFilesAtomically(files, sink));
    EXPECT_EQ(sink.exitCode(), ExitCode::Io);
    EXPECT_FALSE(std::filesystem::exists(dir / "a.bin"));
    // No temporary files are left behind either.
    int entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path()))
        ++entries;
    EXPECT_EQ(entries, 1);
}

TEST(FileIo, ReadsBackWhatWasWritten) {
    test::TempDir dir;
    CollectingSink sink;
    const std::vector<std::uint8_t> bytes{0, 255, 10, 13};
    ASSERT_TRUE(writeFileAtomically(dir / "sub/f.bin", bytes, sink));
    auto read = readWholeFile(dir / "sub/f.bin", sink);
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(std::vector<std::uint8_t>(read->begin(), read->end()), bytes);
    EXPECT_FALSE(readWholeFile(dir / "nope", sink).has_value());
    EXPECT_EQ(sink.find("IO001")->kind, ExitCode::Io);
}

} // namespace
} // namespace vtxc
