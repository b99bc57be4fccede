// Shared helpers for the test suite: where the corpus is, temporary folders, running the CLI.
// The corpus lives outside the repo (../shared/corpus); tests that need it skip, loudly, without
// it.
#pragma once

#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace vtxc::test {

// True in the unit tiers (ctest sets VTXC_TEST_TIER=unit for tests/{formats,optimizer,compiler,
// anim,tools}): there the corpus is hidden and runVtxc fails the test.
bool inUnitTier();

// The corpus folder: $VTXC_CORPUS, else ../shared/corpus beside the repo. Empty when missing, and
// always empty in the unit tiers.
std::filesystem::path corpusDir();

// Skips the current test with a clear message when the corpus is missing; with
// VTXC_REQUIRE_CORPUS=1 in the environment (CI), or in a unit tier, fails instead.
#define VTXC_REQUIRE_CORPUS()                                                                      \
    do {                                                                                           \
        if (::vtxc::test::corpusDir().empty()) {                                                   \
            if (::vtxc::test::corpusRequired()) FAIL() << ::vtxc::test::corpusMissingMessage();    \
            GTEST_SKIP() << ::vtxc::test::corpusMissingMessage();                                  \
        }                                                                                          \
    } while (0)
bool corpusRequired();
std::string corpusMissingMessage();

// Every file under the corpus whose extension (lower-cased, with the dot) is `extension`.
std::vector<std::filesystem::path> corpusFiles(const std::string& extension);

// The corpus's single-model folders: each top-level folder that holds a compiled `.mdl` of its own
// beside its sources (MANIFEST.md's table). Not `projects/` (a whole source tree with Valve's
// output apart) nor `game/` (the game's scripts).
std::vector<std::filesystem::path> corpusModelFolders();
// Every file of the single-model folders whose extension is `extension` (as corpusFiles).
std::vector<std::filesystem::path> corpusModelFiles(const std::string& extension);
// Every compiled model with meshes anywhere in the corpus (a folder holding a `.mdl` and its
// `.vtx` files, Valve's output under projects/ included), as the `.mdl`'s path without extension.
std::vector<std::filesystem::path> corpusMeshModels();

std::string readText(const std::filesystem::path& path);
void writeText(const std::filesystem::path& path, const std::string& text);

// A fresh, empty folder for this test, removed when the object goes away.
class TempDir {
  public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

  private:
    std::filesystem::path path_;
};

struct CommandResult {
    int exitStatus = -1;
    std::string out;
    std::string err;
};
// Runs the built vtxc binary with these arguments (each shell-quoted), capturing output. Fails the
// test in the unit tiers.
CommandResult runVtxc(const std::vector<std::string>& arguments);

} // namespace vtxc::test
