// Tests of the mapped input files the big-file readers use: the text as on disk, a size cap, and
// refusal of what is not a regular file (IO003) or over the cap (IO004), exit status 3, naming
// the path.
#include "formats/common/file_io.h"
#include "formats/smd/smd.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

namespace vtxc {
namespace {

void expectRefused(const CollectingSink& sink, const char* code, const std::filesystem::path& path,
                   const std::string& words) {
    const Diagnostic* d = sink.find(code);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->location.file, path.string());
    EXPECT_EQ(d->kind, ExitCode::InvalidInput);
    EXPECT_NE(d->message.find(words), std::string::npos) << d->message;
}

TEST(MappedFile, GivesTheBytesOfTheFile) {
    test::TempDir dir;
    test::writeText(dir / "a.txt", "version 1\nnodes\n");
    CollectingSink sink;
    const auto file = MappedFile::open(dir / "a.txt", sink);
    ASSERT_TRUE(file.has_value());
    EXPECT_EQ(file->text(), "version 1\nnodes\n");
    file->populate(file->text().data(), file->text().data() + file->text().size());
    file->release(file->text().data(), file->text().data() + file->text().size());
    EXPECT_EQ(file->text(), "version 1\nnodes\n"); // released pages read back from the file
}

TEST(MappedFile, EmptyFileIsEmptyText) {
    test::TempDir dir;
    test::writeText(dir / "empty.smd", "");
    CollectingSink sink;
    const auto file = MappedFile::open(dir / "empty.smd", sink);
    ASSERT_TRUE(file.has_value());
    EXPECT_TRUE(file->text().empty());
}

TEST(MappedFile, RefusesAFileOverTheCap) {
    test::TempDir dir;
    test::writeText(dir / "big.smd", std::string(100, 'x'));
    CollectingSink sink;
    EXPECT_FALSE(MappedFile::open(dir / "big.smd", sink, 99).has_value());
    expectRefused(sink, "IO004", dir / "big.smd", "over the 99 bytes");
}

TEST(MappedFile, RefusesAFolderAndAPipe) {
    test::TempDir dir;
    CollectingSink sink;
    EXPECT_FALSE(MappedFile::open(dir.path(), sink).has_value());
    expectRefused(sink, "IO003", dir.path(), "folder");
    const auto fifo = dir / "pipe.smd";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    CollectingSink pipeSink;
    EXPECT_FALSE(readSmdFile(fifo, pipeSink).has_value()); // must not block waiting for a writer
    expectRefused(pipeSink, "IO003", fifo, "not a regular file");
}

TEST(MappedFile, MissingFileIsReported) {
    test::TempDir dir;
    CollectingSink sink;
    EXPECT_FALSE(readSmdFile(dir / "absent.smd", sink).has_value());
    const Diagnostic* d = sink.find("IO001");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->location.file, (dir / "absent.smd").string());
    EXPECT_EQ(d->kind, ExitCode::Io);
    EXPECT_NE(d->message.find("cannot open"), std::string::npos) << d->message;
}

} // namespace
} // namespace vtxc
