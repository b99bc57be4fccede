// Rules of the source tree that a reviewer would otherwise check by eye: every #include points
// down the library graph (CONTRIBUTING.md, "The layering rule"), and no comment sends the reader
// outside the repository (to a machine's paths, to an issue tracker, or to documents that are not
// in docs/). Reads the source tree, not the corpus.
#include "testing/test_support.h"

#include <cctype>
#include <gtest/gtest.h>
#include <map>
#include <set>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

// What each library may include: itself and the libraries it links (see the CMakeLists.txt).
const std::map<std::string, std::set<std::string>>& allowedIncludes() {
    static const std::set<std::string> formats{"formats/common", "formats/smd",  "formats/qc",
                                               "formats/kv3",    "formats/vmdl", "formats/studio"};
    static const std::map<std::string, std::set<std::string>> allowed = {
        {"formats/common", {"formats/common"}},
        {"formats/smd", {"formats/common", "formats/smd"}},
        {"formats/qc", {"formats/common", "formats/qc"}},
        {"formats/kv3", {"formats/common", "formats/kv3"}},
        {"formats/keyvalues", {"formats/common", "formats/keyvalues"}},
        {"formats/vmdl", {"formats/common", "formats/kv3", "formats/vmdl"}},
        {"formats/studio", {"formats/common", "formats/studio"}},
        {"formats/phy", {"formats/common", "formats/phy"}},
        {"optimizer", {"formats/common", "formats/studio", "optimizer"}},
        {"collision", {"formats/common", "formats/phy", "collision"}},
        {"compiler",
         {"formats/common", "formats/smd", "formats/qc", "formats/keyvalues", "formats/studio",
          "formats/phy", "optimizer", "collision", "compiler"}},
        {"tools",
         {"formats/common", "formats/smd", "formats/qc", "formats/keyvalues", "formats/studio",
          "formats/phy", "optimizer", "collision", "compiler", "tools"}},
        {"anim", {"formats/common", "formats/smd", "formats/kv3", "formats/vmdl", "anim"}},
    };
    return allowed;
}

// The library a repository path belongs to ("formats/qc", "optimizer", ...).
std::string libraryOf(const std::string& relative) {
    if (relative.rfind("formats/", 0) == 0) return relative.substr(0, relative.find('/', 8));
    return relative.substr(0, relative.find('/'));
}

std::vector<fs::path> sourcesUnder(const fs::path& folder) {
    std::vector<fs::path> out;
    for (const auto& entry : fs::recursive_directory_iterator(folder))
        if (entry.path().extension() == ".cpp" || entry.path().extension() == ".h")
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

// The repository paths a file includes with #include "...".
std::vector<std::string> quotedIncludes(const std::string& text) {
    std::vector<std::string> out;
    const std::string directive = "#include \"";
    for (std::size_t at = text.find(directive); at != std::string::npos;
         at = text.find(directive, at + 1)) {
        const std::size_t start = at + directive.size();
        const std::size_t end = text.find('"', start);
        if (end != std::string::npos) out.push_back(text.substr(start, end - start));
    }
    return out;
}

TEST(SourceTree, IncludesPointOnlyDownTheLibraryGraph) {
    const fs::path root = VTXC_SOURCE_DIR;
    std::size_t checked = 0;
    for (const auto& [library, allowed] : allowedIncludes())
        for (const fs::path& file : sourcesUnder(root / library))
            for (const std::string& include : quotedIncludes(test::readText(file))) {
                const std::string target = libraryOf(include);
                EXPECT_TRUE(allowed.contains(target))
                    << fs::relative(file, root).string() << " (" << library << ") includes "
                    << include << ": " << library << " may not depend on " << target;
                ++checked;
            }
    EXPECT_GT(checked, 200u);
    for (const fs::path& file : sourcesUnder(root / "cli"))
        for (const std::string& include : quotedIncludes(test::readText(file)))
            EXPECT_NE(libraryOf(include), "testing")
                << fs::relative(file, root).string() << ": the shipped binary may not use testing/";
}

// The first place `text` points outside the repository, or "".
std::string pointerOutside(const std::string& text) {
    // Assembled from pieces so that this file does not find itself.
    const std::string needles[] = {
        std::string("/wo") + "rk/",      std::string("/ro") + "ot/",
        std::string("shared/") + "spec", std::string("shared/") + "seeds",
        std::string("seeds") + "/",      std::string("FORMATS") + ".md",
        std::string("MDL") + ".md",      std::string("QC") + ".md"};
    for (const std::string& needle : needles)
        if (const std::size_t at = text.find(needle); at != std::string::npos)
            return text.substr(at, needle.size());
    for (const std::string& word : {std::string("issue "), std::string("Issue ")})
        for (std::size_t at = text.find(word); at != std::string::npos;
             at = text.find(word, at + 1))
            if (at + word.size() < text.size() &&
                std::isdigit(static_cast<unsigned char>(text[at + word.size()])))
                return text.substr(at, word.size() + 1);
    return "";
}

TEST(SourceTree, NoCommentPointsOutsideTheRepository) {
    const fs::path root = VTXC_SOURCE_DIR;
    EXPECT_EQ(pointerOutside(std::string("// see iss") + "ue 4"), std::string("iss") + "ue 4");
    EXPECT_EQ(pointerOutside("// the issue of v vs 1 - v"), "");
    std::size_t files = 0;
    for (const char* folder : {"formats", "optimizer", "collision", "compiler", "anim", "tools",
                               "cli", "testing", "tests", "bench"})
        for (const fs::path& file : sourcesUnder(root / folder)) {
            const std::string found = pointerOutside(test::readText(file));
            EXPECT_EQ(found, "") << fs::relative(file, root).string() << " refers to '" << found
                                 << "': cite docs/ or a public source instead";
            ++files;
        }
    EXPECT_GT(files, 150u);
}

} // namespace
} // namespace vtxc
