// Shared helpers for the test suite: corpus lookup, temporary folders and running the CLI binary.
// Kept small on purpose: tests should read as the behaviour they check.
#include "testing/test_support.h"

#include "formats/common/text.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <sys/wait.h>

namespace vtxc::test {

namespace fs = std::filesystem;

bool inUnitTier() {
    const char* tier = std::getenv("VTXC_TEST_TIER");
    return tier && std::string(tier) == "unit";
}

fs::path corpusDir() {
    if (inUnitTier()) return {};
    const char* fromEnvironment = std::getenv("VTXC_CORPUS");
    const fs::path candidate =
        fromEnvironment ? fs::path(fromEnvironment) : fs::path(VTXC_CORPUS_DIR);
    std::error_code ec;
    if (fs::is_directory(candidate, ec)) return fs::canonical(candidate, ec);
    return {};
}

bool corpusRequired() {
    if (inUnitTier()) return true; // a unit test that needs the corpus is in the wrong tier
    const char* required = std::getenv("VTXC_REQUIRE_CORPUS");
    return required && std::string(required) == "1";
}

std::string corpusMissingMessage() {
    if (inUnitTier()) return "a unit test may not use the corpus: move the test to tests/corpus/";
    return std::string("corpus not found at '") + VTXC_CORPUS_DIR +
           "' (set VTXC_CORPUS to the folder holding the shared corpus of Valve-compiled models)";
}

std::vector<fs::path> corpusFiles(const std::string& extension) {
    std::vector<fs::path> out;
    const fs::path root = corpusDir();
    if (root.empty()) return out;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (!entry.is_regular_file()) continue;
        if (lowerExtension(entry.path()) == extension) out.push_back(entry.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<fs::path> corpusModelFolders() {
    std::vector<fs::path> out;
    const fs::path root = corpusDir();
    if (root.empty()) return out;
    for (const auto& folder : fs::directory_iterator(root)) {
        if (!folder.is_directory()) continue;
        for (const auto& entry : fs::directory_iterator(folder.path()))
            if (entry.is_regular_file() && lowerExtension(entry.path()) == ".mdl") {
                out.push_back(folder.path());
                break;
            }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<fs::path> corpusModelFiles(const std::string& extension) {
    std::vector<fs::path> out;
    for (const fs::path& folder : corpusModelFolders())
        for (const auto& entry : fs::recursive_directory_iterator(folder))
            if (entry.is_regular_file() && lowerExtension(entry.path()) == extension)
                out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<fs::path> corpusMeshModels() {
    std::set<fs::path> folders;
    for (const fs::path& vtx : corpusFiles(".vtx"))
        folders.insert(vtx.parent_path());
    std::vector<fs::path> out;
    for (const fs::path& folder : folders)
        for (const auto& entry : fs::directory_iterator(folder))
            if (entry.is_regular_file() && lowerExtension(entry.path()) == ".mdl")
                out.push_back(folder / entry.path().stem());
    std::sort(out.begin(), out.end());
    return out;
}

std::string readText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

void writeText(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out << text;
}

TempDir::TempDir() {
    std::random_device device;
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = info ? std::string(info->test_suite_name()) + "_" + info->name() : "vtxc";
    std::replace(name.begin(), name.end(), '/', '_');
    path_ = fs::temp_directory_path() / ("vtxc-test-" + name + "-" + std::to_string(device()));
    fs::create_directories(path_);
}

TempDir::~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
}

namespace {
std::string shellQuote(const std::string& s) {
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}
} // namespace

CommandResult runVtxc(const std::vector<std::string>& arguments) {
    if (inUnitTier()) {
        ADD_FAILURE() << "a unit test may not run the vtxc binary: move the test to tests/cli/";
        return {};
    }
    TempDir scratch;
    std::string command = shellQuote(VTXC_BINARY);
    for (const auto& a : arguments)
        command += " " + shellQuote(a);
    command += " >" + shellQuote((scratch / "out").string()) + " 2>" +
               shellQuote((scratch / "err").string()) + " </dev/null";
    const int raw = std::system(command.c_str());
    CommandResult result;
    result.exitStatus = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = readText(scratch / "out");
    result.err = readText(scratch / "err");
    return result;
}

} // namespace vtxc::test
