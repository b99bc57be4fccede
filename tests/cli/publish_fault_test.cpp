// Fault injection for the writers: a rename that fails, a kill between renames, a link planted at
// the old temporary name, a read-only folder, a full disk (RLIMIT_FSIZE), a second writer. After
// each, the output folder holds the previous set or the new set, whole, and nothing else.
#include "testing/child_process.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <map>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;
using Folder = std::map<std::string, std::string>; // file name -> bytes

// Every entry of a folder with its bytes (folders as "<dir>"), so a test sees leftovers too.
Folder snapshot(const fs::path& folder) {
    Folder out;
    for (const auto& entry : fs::directory_iterator(folder))
        out[entry.path().filename().string()] =
            entry.is_directory() ? std::string("<dir>") : test::readText(entry.path());
    return out;
}

// Two different models that compile to the same six file names: OUT/model.*.
class PublishFault : public ::testing::Test {
  protected:
    void SetUp() override {
        CollectingSink sink;
        SmdSynthesisOptions a;
        a.triangles = 200;
        a.seed = 1;
        SmdSynthesisOptions b = a;
        b.triangles = 300;
        b.seed = 2;
        ASSERT_TRUE(writeSynthesizedSmdFile(dir_ / "a.smd", a, sink));
        ASSERT_TRUE(writeSynthesizedSmdFile(dir_ / "b.smd", b, sink));
        fs::create_directories(out());
        // What each set looks like when published without faults, compiled elsewhere.
        setA_ = compiledSet("a.smd");
        setB_ = compiledSet("b.smd");
        ASSERT_EQ(setA_.size(), 6u); // .mdl, .vvd, three .vtx, .layout.json
    }

    fs::path out() const { return dir_ / "out"; }
    std::vector<std::string> compileArgs(const std::string& smd) const {
        return {"compile", (dir_ / smd).string(), "-o", (out() / "model").string(), "--quiet"};
    }

    Folder compiledSet(const std::string& smd) {
        const fs::path elsewhere = dir_ / ("reference-" + smd);
        fs::create_directories(elsewhere);
        const auto r = test::runVtxcChild(
            {"compile", (dir_ / smd).string(), "-o", (elsewhere / "model").string(), "--quiet"},
            {});
        EXPECT_EQ(r.exitStatus, 0) << r.err;
        return snapshot(elsewhere);
    }

    test::ChildResult run(const std::string& smd, test::ChildOptions options = {}) const {
        return test::runVtxcChild(compileArgs(smd), options);
    }

    static test::ChildOptions withShim(const std::string& name, const std::string& value) {
        test::ChildOptions options;
        options.environment = {{"LD_PRELOAD", VTXC_FAULT_SHIM},
                               {"ASAN_OPTIONS", "verify_asan_link_order=0"},
                               {name, value}};
        return options;
    }

    test::TempDir dir_;
    Folder setA_, setB_;
};

TEST_F(PublishFault, ARenameThatFailsPutsThePreviousSetBack) {
    ASSERT_EQ(run("a.smd").exitStatus, 0);
    ASSERT_EQ(snapshot(out()), setA_);
    // The third of six renames fails: two files were already replaced.
    const auto r = run("b.smd", withShim("VTXC_FAULT_RENAME_FAIL_AT", "3"));
    EXPECT_EQ(r.exitStatus, 2) << r.err;
    EXPECT_NE(r.err.find("IO002"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("put back"), std::string::npos) << r.err;
    EXPECT_EQ(snapshot(out()), setA_);
}

TEST_F(PublishFault, ARenameThatFailsOnAFirstCompileLeavesNothing) {
    const auto r = run("a.smd", withShim("VTXC_FAULT_RENAME_FAIL_AT", "4"));
    EXPECT_EQ(r.exitStatus, 2) << r.err;
    EXPECT_TRUE(snapshot(out()).empty());
}

TEST_F(PublishFault, AFolderInTheWayOfTheFourthFileChangesNothing) {
    ASSERT_EQ(run("a.smd").exitStatus, 0);
    fs::remove(out() / "model.dx80.vtx");
    fs::create_directory(out() / "model.dx80.vtx");
    const Folder before = snapshot(out());
    const auto r = run("b.smd");
    EXPECT_EQ(r.exitStatus, 2) << r.err;
    EXPECT_NE(r.err.find("model.dx80.vtx: error[IO002]"), std::string::npos) << r.err;
    EXPECT_EQ(snapshot(out()), before);
}

// Killed after the journal says "commit" and two of six renames: the folder mixes the sets
// until the next vtxc that writes into it, which completes the new set first.
TEST_F(PublishFault, AKillBetweenRenamesIsCompletedByTheNextWriter) {
    ASSERT_EQ(run("a.smd").exitStatus, 0);
    const auto killed = run("b.smd", withShim("VTXC_FAULT_RENAME_KILL_AT", "3"));
    ASSERT_EQ(killed.signal, SIGKILL) << killed.err;
    const Folder mixed = snapshot(out());
    EXPECT_NE(mixed, setA_);
    EXPECT_NE(mixed, setB_);
    // Any later publication into the folder (here another model) recovers it first.
    const auto other = test::runVtxcChild(
        {"compile", (dir_ / "a.smd").string(), "-o", (out() / "other").string(), "--quiet"}, {});
    ASSERT_EQ(other.exitStatus, 0) << other.err;
    Folder after = snapshot(out());
    for (auto it = after.begin(); it != after.end();)
        it = it->first.starts_with("other.") ? after.erase(it) : std::next(it);
    EXPECT_EQ(after, setB_);
    const auto inspect = test::runVtxcChild({"inspect", (out() / "model").string()}, {});
    EXPECT_EQ(inspect.exitStatus, 0) << inspect.out << inspect.err;
}

TEST_F(PublishFault, AKillBeforeTheFirstRenameLeavesThePreviousSet) {
    ASSERT_EQ(run("a.smd").exitStatus, 0);
    // The first renameat is the first file's publication: killed just before it, after the
    // commit mark; the next writer rolls the whole new set forward.
    const auto killed = run("b.smd", withShim("VTXC_FAULT_RENAME_KILL_AT", "1"));
    ASSERT_EQ(killed.signal, SIGKILL);
    Folder files = snapshot(out());
    std::size_t staging = 0;
    for (auto it = files.begin(); it != files.end();)
        if (it->first.starts_with(".vtxc-stage-")) {
            ++staging;
            it = files.erase(it);
        } else {
            ++it;
        }
    EXPECT_EQ(staging, 1u);
    EXPECT_EQ(files, setA_); // nothing of the new set is visible yet
    ASSERT_EQ(run("b.smd").exitStatus, 0);
    EXPECT_EQ(snapshot(out()), setB_);
}

// The old writer used `.NAME.vtxc-PID.tmp` without O_EXCL: a link planted there redirected the
// write. Plant such links for the child's own pid before it starts.
void plantLinks(int pid, void* context) {
    const auto* paths = static_cast<const std::pair<fs::path, fs::path>*>(context);
    for (const char* ext : {".mdl", ".vvd", ".dx90.vtx", ".dx80.vtx", ".sw.vtx", ".layout.json"}) {
        const fs::path link =
            paths->first / (".model" + std::string(ext) + ".vtxc-" + std::to_string(pid) + ".tmp");
        [[maybe_unused]] int ignored = ::symlink(paths->second.c_str(), link.c_str());
    }
}

TEST_F(PublishFault, LinksPlantedAtTemporaryNamesAreNeverFollowed) {
    const fs::path victim = dir_ / "victim.txt";
    test::writeText(victim, "precious");
    std::pair<fs::path, fs::path> paths{out(), victim};
    test::ChildOptions options;
    options.beforeExec = plantLinks;
    options.beforeExecContext = &paths;
    const auto r = run("a.smd", options);
    EXPECT_EQ(r.exitStatus, 0) << r.err;
    EXPECT_EQ(test::readText(victim), "precious");
    for (const auto& [name, bytes] : setA_)
        EXPECT_EQ(test::readText(out() / name), bytes) << name;
}

TEST_F(PublishFault, ALinkAtAnOutputNameIsReplacedNotFollowed) {
    const fs::path victim = dir_ / "victim.txt";
    test::writeText(victim, "precious");
    fs::create_symlink(victim, out() / "model.vvd");
    ASSERT_EQ(run("a.smd").exitStatus, 0);
    EXPECT_EQ(test::readText(victim), "precious");
    EXPECT_FALSE(fs::is_symlink(out() / "model.vvd"));
    EXPECT_EQ(snapshot(out()), setA_);
}

TEST_F(PublishFault, AReadOnlyFolderFailsCleanly) {
    ASSERT_EQ(run("a.smd").exitStatus, 0);
    // As root, permissions bind only without the override capabilities (dropRootPrivileges).
    fs::permissions(out(), fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                               fs::perms::group_exec | fs::perms::others_read |
                               fs::perms::others_exec);
    test::ChildOptions options;
    options.dropRootPrivileges = true;
    const auto r = run("b.smd", options);
    fs::permissions(out(), fs::perms::owner_all);
    EXPECT_EQ(r.exitStatus, 2) << r.err;
    EXPECT_NE(r.err.find("IO002"), std::string::npos) << r.err;
    EXPECT_EQ(snapshot(out()), setA_);
}

TEST_F(PublishFault, AFullDiskFailsAsIo002LeavingNothing) {
    ASSERT_EQ(run("a.smd").exitStatus, 0);
    test::ChildOptions options;
    options.fileSizeLimit = 4096; // ulimit -f: the .vvd alone is larger
    const auto r = run("b.smd", options);
    EXPECT_EQ(r.signal, 0) << "killed by signal " << r.signal << " (SIGXFSZ is 25)";
    EXPECT_EQ(r.exitStatus, 2) << r.err;
    EXPECT_NE(r.err.find("error[IO002]"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("file-size limit"), std::string::npos) << r.err;
    EXPECT_EQ(snapshot(out()), setA_);
}

// A second writer into the folder waits for the first (the lock on the folder).
TEST_F(PublishFault, ASecondWriterWaitsBoundedForTheFolderLock) {
    const int folder = ::open(out().c_str(), O_RDONLY | O_DIRECTORY);
    ASSERT_GE(folder, 0);
    ASSERT_EQ(::flock(folder, LOCK_EX), 0);
    test::ChildOptions impatient;
    impatient.environment = {{"VTXC_LOCK_TIMEOUT", "0.3"}};
    const auto refused = run("a.smd", impatient);
    EXPECT_EQ(refused.exitStatus, 2) << refused.err;
    EXPECT_NE(refused.err.find("error[IO006]"), std::string::npos) << refused.err;
    EXPECT_TRUE(snapshot(out()).empty());

    std::thread release([folder] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        ::flock(folder, LOCK_UN);
    });
    const auto waited = run("a.smd");
    release.join();
    ::close(folder);
    EXPECT_EQ(waited.exitStatus, 0) << waited.err;
    EXPECT_EQ(snapshot(out()), setA_);
}

TEST_F(PublishFault, TwoCompilesAtOnceLeaveOneWholeSet) {
    ASSERT_EQ(run("a.smd").exitStatus, 0);
    test::ChildResult first, second;
    std::thread one([&] { first = run("a.smd"); });
    std::thread two([&] { second = run("b.smd"); });
    one.join();
    two.join();
    EXPECT_EQ(first.exitStatus, 0) << first.err;
    EXPECT_EQ(second.exitStatus, 0) << second.err;
    const Folder after = snapshot(out());
    EXPECT_TRUE(after == setA_ || after == setB_);
}

} // namespace
} // namespace vtxc
