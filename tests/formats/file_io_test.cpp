// Tests of the checked reads and the all-or-nothing publication (formats/common/file_io.h), and
// of the text helpers for hostile strings (formats/common/text_safety.h).
#include "formats/common/file_io.h"
#include "formats/common/text_safety.h"
#include "testing/test_support.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> bytes(const std::string& text) {
    return {text.begin(), text.end()};
}

std::vector<std::string> entries(const fs::path& folder) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

TEST(CheckedRead, RefusesFifosWithoutBlockingAndFilesOverTheCap) {
    test::TempDir dir;
    ASSERT_EQ(::mkfifo((dir / "pipe.vvd").c_str(), 0644), 0);
    CollectingSink sink;
    EXPECT_FALSE(readWholeFile(dir / "pipe.vvd", sink));
    ASSERT_NE(sink.find("IO003"), nullptr);
    EXPECT_EQ(sink.exitCode(), ExitCode::InvalidInput);
    EXPECT_FALSE(checkInputFile(dir / "pipe.vvd", kMaxInputBytes, sink));

    test::writeText(dir / "small.vvd", std::string(2000, 'x'));
    CollectingSink capped;
    EXPECT_FALSE(readWholeFile(dir / "small.vvd", capped, 1000));
    ASSERT_NE(capped.find("IO004"), nullptr);
    EXPECT_EQ(capped.find("IO004")->location.file, (dir / "small.vvd").string());
    CollectingSink fine;
    const auto read = readWholeFile(dir / "small.vvd", fine, 2000);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->size(), 2000u);
}

TEST(Publication, WritesTheSetAndLeavesNoStagingBehind) {
    test::TempDir dir;
    const std::vector<PendingFile> files{{dir / "out/a.vvd", bytes("one")},
                                         {dir / "out/a.dx90.vtx", bytes("two")}};
    CollectingSink sink;
    ASSERT_TRUE(writeFilesAtomically(files, sink));
    EXPECT_EQ(entries(dir / "out"), (std::vector<std::string>{"a.dx90.vtx", "a.vvd"}));
    EXPECT_EQ(test::readText(dir / "out/a.vvd"), "one");
}

TEST(Publication, AFolderInTheWayFailsTheSetBeforeAnyRename) {
    test::TempDir dir;
    CollectingSink sink;
    ASSERT_TRUE(writeFilesAtomically(
        std::vector<PendingFile>{{dir / "a", bytes("old a")}, {dir / "b", bytes("old b")}}, sink));
    fs::create_directory(dir / "d");
    const std::vector<PendingFile> files{{dir / "a", bytes("new a")},
                                         {dir / "b", bytes("new b")},
                                         {dir / "c", bytes("new c")},
                                         {dir / "d", bytes("new d")}};
    CollectingSink failed;
    EXPECT_FALSE(writeFilesAtomically(files, failed));
    ASSERT_NE(failed.find("IO002"), nullptr);
    EXPECT_EQ(failed.find("IO002")->location.file, (dir / "d").string());
    EXPECT_EQ(test::readText(dir / "a"), "old a");
    EXPECT_EQ(test::readText(dir / "b"), "old b");
    EXPECT_EQ(entries(dir.path()), (std::vector<std::string>{"a", "b", "d"}));
}

TEST(Publication, AKeptFileIsNeverReplaced) {
    test::TempDir dir;
    test::writeText(dir / "x.vtx.bak", "originals");
    CollectingSink sink;
    EXPECT_FALSE(writeFilesAtomically(
        std::vector<PendingFile>{{dir / "x.vtx", bytes("new")},
                                 {dir / "x.vtx.bak", bytes("second backup"), false}},
        sink));
    EXPECT_EQ(test::readText(dir / "x.vtx.bak"), "originals");
    EXPECT_FALSE(fs::exists(dir / "x.vtx"));
}

TEST(Publication, FoldersBelowTheRootAreNeverEnteredThroughLinks) {
    test::TempDir dir;
    fs::create_directories(dir / "root");
    fs::create_directories(dir / "outside");
    fs::create_directory_symlink(dir / "outside", dir / "root/models");
    CollectingSink sink;
    EXPECT_FALSE(writeFilesAtomically(
        std::vector<PendingFile>{{dir / "root/models/x.vvd", bytes("x")}}, sink, {dir / "root"}));
    ASSERT_NE(sink.find("IO005"), nullptr);
    EXPECT_TRUE(fs::is_empty(dir / "outside"));
    // The root itself may be a link: the user named it.
    fs::create_directory_symlink(dir / "outside", dir / "linkroot");
    CollectingSink fine;
    EXPECT_TRUE(
        writeFilesAtomically(std::vector<PendingFile>{{dir / "linkroot/models/x.vvd", bytes("x")}},
                             fine, {dir / "linkroot"}));
    EXPECT_TRUE(fs::exists(dir / "outside/models/x.vvd"));
}

TEST(Publication, HiddenAndControlCharacterNamesAreRefused) {
    test::TempDir dir;
    for (const std::string& name : {std::string(".vvd"), std::string("a\tb.vvd")}) {
        CollectingSink sink;
        EXPECT_FALSE(writeFileAtomically(dir / name, bytes("x"), sink)) << name;
        ASSERT_NE(sink.find("IO007"), nullptr) << name;
        EXPECT_EQ(sink.exitCode(), ExitCode::Usage);
    }
    EXPECT_TRUE(fs::is_empty(dir.path()));
}

// A staging folder as a writer killed at each point leaves it (its lock died with it).
void stage(const fs::path& folder, const std::string& name, bool commit, bool rollback,
           bool published) {
    const fs::path s = folder / (".vtxc-stage-99999-" + name);
    fs::create_directories(s);
    test::writeText(s / "MANIFEST", "0\ta.vvd\n1\ta.vtx\n");
    if (!published) test::writeText(s / "n.0", "new a.vvd");
    test::writeText(s / "n.1", "new a.vtx");
    if (fs::exists(folder / "a.vvd")) fs::create_hard_link(folder / "a.vvd", s / "b.0");
    if (fs::exists(folder / "a.vtx")) fs::create_hard_link(folder / "a.vtx", s / "b.1");
    if (published) { // a rename replaces the file: the backup link keeps the old one
        fs::remove(folder / "a.vvd");
        test::writeText(folder / "a.vvd", "new a.vvd");
    }
    if (commit) test::writeText(s / "COMMIT", "");
    if (rollback) test::writeText(s / "ROLLBACK", "");
}

TEST(Publication, TheNextWriterFinishesWhatADeadOneLeft) {
    struct Case {
        bool commit, rollback, published;
        const char* vvd;
        const char* vtx;
    };
    const Case cases[] = {
        {false, false, false, "old a.vvd", "old a.vtx"}, // killed while staging: dropped
        {true, false, true, "new a.vvd", "new a.vtx"},   // killed between renames: forward
        {true, true, true, "old a.vvd", "old a.vtx"},    // killed while rolling back: back
    };
    for (const Case& c : cases) {
        test::TempDir dir;
        test::writeText(dir / "a.vvd", "old a.vvd");
        test::writeText(dir / "a.vtx", "old a.vtx");
        stage(dir.path(), "1234", c.commit, c.rollback, c.published);
        CollectingSink sink;
        ASSERT_TRUE(writeFileAtomically(dir / "other.json", bytes("{}"), sink));
        EXPECT_EQ(test::readText(dir / "a.vvd"), c.vvd);
        EXPECT_EQ(test::readText(dir / "a.vtx"), c.vtx);
        EXPECT_EQ(entries(dir.path()), (std::vector<std::string>{"a.vtx", "a.vvd", "other.json"}));
    }
}

TEST(Publication, LooseTemporariesOfDeadWritersAreRemoved) {
    test::TempDir dir;
    // Earlier versions wrote ".NAME.vtxc-PID.tmp"; pid 2^22 + 1 is above Linux's pid_max.
    test::writeText(dir / ".a.vvd.vtxc-4194305.tmp", "half a file");
    test::writeText(dir / (".a.vvd.vtxc-" + std::to_string(::getpid()) + ".tmp"), "alive");
    CollectingSink sink;
    ASSERT_TRUE(writeFileAtomically(dir / "a.vvd", bytes("whole"), sink));
    EXPECT_EQ(
        entries(dir.path()),
        (std::vector<std::string>{".a.vvd.vtxc-" + std::to_string(::getpid()) + ".tmp", "a.vvd"}));
}

TEST(Publication, OutputsThatAreInputsAreFoundThroughLinks) {
    test::TempDir dir;
    test::writeText(dir / "in.smd", "x");
    fs::create_symlink(dir / "in.smd", dir / "alias.json");
    CollectingSink sink;
    const std::vector<fs::path> outputs{dir / "alias.json", dir / "new.json"};
    const std::vector<fs::path> inputs{dir / "in.smd"};
    EXPECT_FALSE(checkOutputsAreNotInputs(outputs, inputs, sink));
    ASSERT_EQ(sink.errors().size(), 1u);
    EXPECT_EQ(sink.errors()[0].code, "IO008");
    EXPECT_EQ(sink.exitCode(), ExitCode::Usage);
}

TEST(TextSafety, Utf8ValidationFollowsRfc3629) {
    EXPECT_TRUE(isValidUtf8("plain ascii"));
    EXPECT_TRUE(isValidUtf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"));
    EXPECT_EQ(firstInvalidUtf8("ab\xe9"), 2u);           // Latin-1
    EXPECT_EQ(firstInvalidUtf8("\xc0\xaf"), 0u);         // overlong '/'
    EXPECT_EQ(firstInvalidUtf8("x\xed\xa0\x80"), 1u);    // a surrogate
    EXPECT_EQ(firstInvalidUtf8("\xf4\x90\x80\x80"), 0u); // past U+10FFFF
    EXPECT_EQ(firstInvalidUtf8("\xe2\x82"), 0u);         // cut short
}

TEST(TextSafety, PrintableTextEscapesAndCaps) {
    EXPECT_EQ(printableText("a\tb\xff"), "a\\x09b\\xff");
    const std::string huge(20u << 20, 'x');
    const std::string shown = printableText(huge);
    EXPECT_LT(shown.size(), 120u);
    EXPECT_NE(shown.find("(20971520 bytes)"), std::string::npos);
}

} // namespace
} // namespace vtxc
