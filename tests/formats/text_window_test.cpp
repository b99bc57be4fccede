// Tests of the windowed text input the big-file readers use: the text as on disk whatever the
// window size, the scan for carriage returns and binary bytes, a size cap, refusal of what is not
// a regular file (IO003) or over the cap (IO004, both exit status 3), and a file cut short while it
// is read (IO001, exit status 2); each names the path.
#include "formats/common/text_window.h"
#include "formats/smd/smd.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace vtxc {
namespace {

void expectCode(const CollectingSink& sink, const char* code, ExitCode exit,
                const std::filesystem::path& path, const std::string& words) {
    const Diagnostic* d = sink.find(code);
    ASSERT_NE(d, nullptr) << code;
    EXPECT_EQ(d->location.file, path.string());
    EXPECT_EQ(d->kind, exit);
    EXPECT_NE(d->message.find(words), std::string::npos) << d->message;
}

// Everything a window gives, loading `step` bytes at a time and keeping nothing behind.
std::string readAll(TextWindow& window) {
    std::string text;
    while (window.loadMore(window.end()))
        text.append(window.begin(), window.end());
    return text;
}

TEST(TextWindow, GivesTheBytesOfTheFileWhateverTheWindow) {
    test::TempDir dir;
    std::string text;
    for (int i = 0; i < 500; ++i)
        text += "line " + std::to_string(i) + "\n";
    test::writeText(dir / "a.txt", text);
    for (const std::size_t windowBytes : {std::size_t(1), std::size_t(7), std::size_t(4096)}) {
        CollectingSink sink;
        auto source = TextSource::openFile(dir / "a.txt", sink);
        ASSERT_TRUE(source.has_value());
        TextWindow window(std::move(*source), windowBytes);
        EXPECT_EQ(readAll(window), text) << windowBytes;
        EXPECT_TRUE(window.exhausted());
        EXPECT_FALSE(window.carriageReturnSeen());
        EXPECT_FALSE(window.firstBinaryByte().has_value());
        EXPECT_TRUE(window.shortReadReason().empty());
    }
}

TEST(TextWindow, KeepsTheUnreadTextAndPadsWithZeros) {
    TextWindow window(TextSource::fromMemory("abcdefgh"), 3);
    ASSERT_TRUE(window.loadMore(window.begin()));
    EXPECT_EQ(std::string(window.begin(), window.end()), "abc");
    ASSERT_TRUE(window.load(window.begin() + 1, 6)); // keeps "bc", loads up to 6 from there
    EXPECT_EQ(std::string(window.begin(), window.end()), "bcdefg");
    EXPECT_EQ(window.offsetOf(window.begin()), 1u);
    for (std::size_t i = 0; i < TextWindow::kPadding; ++i)
        EXPECT_EQ(window.end()[i], '\0');
}

TEST(TextWindow, FindsCarriageReturnsAndTheFirstBinaryByte) {
    // Past the 16-byte vector steps, so that both the vector and the byte loop are tested.
    std::string text(100, 'a');
    text += "\r\nline two\n";
    text += std::string(50, 'b');
    text += '\x01';
    text += "\x02 more";
    TextWindow window(TextSource::fromMemory(text), 16);
    window.scanRest();
    EXPECT_TRUE(window.carriageReturnSeen());
    ASSERT_TRUE(window.firstBinaryByte().has_value());
    EXPECT_EQ(*window.firstBinaryByte(), 161u);
    EXPECT_EQ(window.binaryByte(), 0x01);
    EXPECT_EQ(window.lineAndColumnOf(161), std::make_pair(std::uint32_t(3), std::uint32_t(51)));
}

TEST(TextWindow, EmptyFileIsEmptyText) {
    test::TempDir dir;
    test::writeText(dir / "empty.smd", "");
    CollectingSink sink;
    auto source = TextSource::openFile(dir / "empty.smd", sink);
    ASSERT_TRUE(source.has_value());
    EXPECT_EQ(source->size(), 0u);
    TextWindow window(std::move(*source), 64);
    EXPECT_EQ(readAll(window), "");
}

TEST(TextWindow, RefusesAFileOverTheCap) {
    test::TempDir dir;
    test::writeText(dir / "big.smd", std::string(100, 'x'));
    CollectingSink sink;
    EXPECT_FALSE(TextSource::openFile(dir / "big.smd", sink, 99).has_value());
    expectCode(sink, "IO004", ExitCode::InvalidInput, dir / "big.smd", "over the 99 bytes");
}

TEST(TextWindow, RefusesAFolderAndAPipe) {
    test::TempDir dir;
    CollectingSink sink;
    EXPECT_FALSE(TextSource::openFile(dir.path(), sink).has_value());
    expectCode(sink, "IO003", ExitCode::InvalidInput, dir.path(), "folder");
    const auto fifo = dir / "pipe.smd";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    CollectingSink pipeSink;
    EXPECT_FALSE(readSmdFile(fifo, pipeSink).has_value()); // must not block waiting for a writer
    expectCode(pipeSink, "IO003", ExitCode::InvalidInput, fifo, "not a regular file");
}

TEST(TextWindow, MissingFileIsReported) {
    test::TempDir dir;
    CollectingSink sink;
    EXPECT_FALSE(readSmdFile(dir / "absent.smd", sink).has_value());
    expectCode(sink, "IO001", ExitCode::Io, dir / "absent.smd", "cannot open");
}

// Another program cuts the file short after it was opened: the read ends there (a mapped file
// would fault), and the SMD reader refuses the file with IO001 instead of parsing half of it.
TEST(TextWindow, FileCutShortWhileReadEndsTheText) {
    test::TempDir dir;
    const auto path = dir / "cut.smd";
    test::writeText(path, std::string(1000, 'x'));
    CollectingSink sink;
    auto source = TextSource::openFile(path, sink);
    ASSERT_TRUE(source.has_value());
    ASSERT_EQ(::truncate(path.c_str(), 10), 0);
    TextWindow window(std::move(*source), 4096);
    EXPECT_EQ(readAll(window), std::string(10, 'x'));
    EXPECT_NE(window.shortReadReason().find("ended after 10 of its 1000 bytes"), std::string::npos)
        << window.shortReadReason();
}

} // namespace
} // namespace vtxc
