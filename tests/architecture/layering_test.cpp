// The layering rule of CONTRIBUTING.md, checked on the source tree's quoted #include lines:
//  - a library includes only the libraries below it in the picture ("The layering rule"), so
//    formats/ includes nothing above it;
//  - inside compiler/, a stage includes only itself and earlier stages, in the order of
//    kCompilerStages; the driver (the files directly in compiler/) may include every stage;
//  - inside optimizer/, vertices/, strips/ and simplify/ include only the shared mesh types at the
//    top of optimizer/ (never the index optimizer.h) and themselves, never one another;
//  - no two components (a header and its source file) include each other through any chain;
//  - each stage and optimizer folder has its index header.
// The checker is tested on small made-up trees first, so a rule that stopped catching anything
// would fail here before the real tree is looked at.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Include {
    std::string target; // as written between the quotes
    int line = 0;
};

// Repository-relative path ("compiler/meshes/vvd_assembly.h") -> its quoted includes.
using SourceTree = std::map<std::string, std::vector<Include>>;

// The libraries of the picture in CONTRIBUTING.md and what each may include directly; the rule
// allows the closure (a library may include what the libraries it points to may).
const std::map<std::string, std::vector<std::string>> kLibraryDependencies{
    {"common", {}},
    {"smd", {"common"}},
    {"qc", {"common"}},
    {"kv3", {"common"}},
    {"keyvalues", {"common"}},
    {"studio", {"common"}},
    {"phy", {"common"}},
    {"vmdl", {"kv3"}},
    {"optimizer", {"studio"}},
    {"collision", {"phy"}},
    {"compiler", {"optimizer", "collision", "keyvalues", "smd", "qc", "studio", "phy"}},
    {"anim", {"vmdl", "smd"}},
    {"tools", {"compiler", "phy"}},
    {"cli", {"tools", "anim"}},
    {"testing", {"tools", "anim", "collision", "phy", "keyvalues"}},
};

// The compile pipeline's stages, earliest first: what a compile is asked to do, the bone table,
// the meshes (and .vvd/.vtx), generated LODs, the collision model, decoded animations, the
// sequences they play, the .mdl's records. CONTRIBUTING.md, "Inside compiler/", says why.
const std::vector<std::string> kCompilerStages{"project", "skeleton",  "meshes",    "lods",
                                               "physics", "animation", "sequences", "mdl"};
const std::vector<std::string> kOptimizerFolders{"vertices", "strips", "simplify"};

// Folders whose sources make up the libraries (tests/ and bench/ sit above them all).
const std::vector<std::string> kLibraryFolders{"formats", "optimizer", "collision", "compiler",
                                               "anim",    "tools",     "cli",       "testing"};

std::vector<std::string> pathParts(const std::string& path) {
    std::vector<std::string> parts;
    std::stringstream stream(path);
    for (std::string part; std::getline(stream, part, '/');)
        parts.push_back(part);
    return parts;
}

std::string libraryOf(const std::string& path) {
    const std::vector<std::string> parts = pathParts(path);
    if (parts.size() >= 2 && parts[0] == "formats") return parts[1];
    return parts.empty() ? std::string() : parts[0];
}

std::set<std::string> allowedLibraries(const std::string& library) {
    std::set<std::string> allowed{library};
    std::function<void(const std::string&)> add = [&](const std::string& name) {
        const auto found = kLibraryDependencies.find(name);
        if (found == kLibraryDependencies.end()) return;
        for (const std::string& below : found->second)
            if (allowed.insert(below).second) add(below);
    };
    add(library);
    return allowed;
}

// The folder of a file one level inside `library` ("compiler/meshes/x.h" -> "meshes"); empty for
// a file directly in the library's folder.
std::string innerFolderOf(const std::string& path, const std::string& library) {
    const std::vector<std::string> parts = pathParts(path);
    if (parts.size() >= 3 && parts[0] == library) return parts[1];
    return {};
}

std::string location(const std::string& path, const Include& include) {
    return path + ":" + std::to_string(include.line) + ": includes " + include.target;
}

void checkLibraries(const SourceTree& tree, std::vector<std::string>& violations) {
    for (const auto& [path, includes] : tree) {
        const std::string library = libraryOf(path);
        if (!kLibraryDependencies.count(library)) {
            violations.push_back(path + ": library '" + library +
                                 "' is not in the layering picture");
            continue;
        }
        const std::set<std::string> allowed = allowedLibraries(library);
        for (const Include& include : includes) {
            if (!tree.count(include.target)) continue; // a system or generated header
            const std::string target = libraryOf(include.target);
            if (!allowed.count(target))
                violations.push_back(location(path, include) + ", but " + library +
                                     " may not include " + target + " (it is not below it)");
        }
    }
}

// The rank of a compiler file: its stage's place in kCompilerStages, the driver last.
std::optional<std::size_t> compilerRank(const std::string& path) {
    const std::string stage = innerFolderOf(path, "compiler");
    if (stage.empty()) return kCompilerStages.size();
    const auto found = std::find(kCompilerStages.begin(), kCompilerStages.end(), stage);
    if (found == kCompilerStages.end()) return std::nullopt;
    return static_cast<std::size_t>(found - kCompilerStages.begin());
}

void checkCompilerStages(const SourceTree& tree, std::vector<std::string>& violations) {
    for (const auto& [path, includes] : tree) {
        if (libraryOf(path) != "compiler") continue;
        const std::optional<std::size_t> rank = compilerRank(path);
        if (!rank) {
            violations.push_back(
                path + ": stage folder '" + innerFolderOf(path, "compiler") +
                "' is not in the stage order (kCompilerStages and CONTRIBUTING.md)");
            continue;
        }
        for (const Include& include : includes) {
            if (libraryOf(include.target) != "compiler" || !tree.count(include.target)) continue;
            const std::optional<std::size_t> targetRank = compilerRank(include.target);
            if (targetRank && *targetRank > *rank)
                violations.push_back(location(path, include) + ", a later stage than its own");
        }
    }
}

void checkOptimizerFolders(const SourceTree& tree, std::vector<std::string>& violations) {
    for (const auto& [path, includes] : tree) {
        if (libraryOf(path) != "optimizer" || path == "optimizer/optimizer.h") continue;
        const std::string folder = innerFolderOf(path, "optimizer");
        if (!folder.empty() && std::find(kOptimizerFolders.begin(), kOptimizerFolders.end(),
                                         folder) == kOptimizerFolders.end()) {
            violations.push_back(path + ": optimizer folder '" + folder +
                                 "' is not one of kOptimizerFolders");
            continue;
        }
        for (const Include& include : includes) {
            if (libraryOf(include.target) != "optimizer" || !tree.count(include.target)) continue;
            const std::string targetFolder = innerFolderOf(include.target, "optimizer");
            if (include.target == "optimizer/optimizer.h")
                violations.push_back(location(path, include) + ", the library's index");
            else if (!targetFolder.empty() && targetFolder != folder)
                violations.push_back(
                    location(path, include) + ", another folder of optimizer/ (" +
                    (folder.empty() ? std::string("the shared mesh types") : folder) +
                    " may include only the mesh types and itself)");
        }
    }
}

std::string componentOf(const std::string& path) {
    return fs::path(path).replace_extension().generic_string();
}

// Tarjan's strongly connected components over the component graph; each component of more than
// one member is a cycle.
class CycleFinder {
  public:
    explicit CycleFinder(const SourceTree& tree) {
        for (const auto& [path, includes] : tree)
            for (const Include& include : includes)
                if (tree.count(include.target) && componentOf(include.target) != componentOf(path))
                    edges_[componentOf(path)].insert(componentOf(include.target));
    }

    std::vector<std::vector<std::string>> cycles() {
        for (const auto& [node, targets] : edges_)
            if (!index_.count(node)) visit(node);
        return cycles_;
    }

  private:
    void visit(const std::string& node) {
        index_[node] = low_[node] = next_++;
        stack_.push_back(node);
        onStack_.insert(node);
        for (const std::string& target : edges_[node]) {
            if (!index_.count(target)) {
                visit(target);
                low_[node] = std::min(low_[node], low_[target]);
            } else if (onStack_.count(target)) {
                low_[node] = std::min(low_[node], index_[target]);
            }
        }
        if (low_[node] != index_[node]) return;
        std::vector<std::string> members;
        for (std::string member; member != node;) {
            member = stack_.back();
            stack_.pop_back();
            onStack_.erase(member);
            members.push_back(member);
        }
        if (members.size() > 1) {
            std::sort(members.begin(), members.end());
            cycles_.push_back(members);
        }
    }

    std::map<std::string, std::set<std::string>> edges_;
    std::map<std::string, int> index_, low_;
    std::vector<std::string> stack_;
    std::set<std::string> onStack_;
    std::vector<std::vector<std::string>> cycles_;
    int next_ = 0;
};

void checkCycles(const SourceTree& tree, std::vector<std::string>& violations) {
    for (const std::vector<std::string>& cycle : CycleFinder(tree).cycles()) {
        std::string text = "components include each other:";
        for (const std::string& member : cycle)
            text += " " + member;
        violations.push_back(text);
    }
}

void checkIndexHeaders(const SourceTree& tree, std::vector<std::string>& violations) {
    std::set<std::string> compilerFolders, optimizerFolders;
    for (const auto& [path, includes] : tree) {
        if (const std::string stage = innerFolderOf(path, "compiler"); !stage.empty())
            compilerFolders.insert(stage);
        if (const std::string folder = innerFolderOf(path, "optimizer"); !folder.empty())
            optimizerFolders.insert(folder);
    }
    for (const std::string& stage : compilerFolders) {
        const std::string index = "compiler/" + stage + "/" + stage + "_stage.h";
        if (!tree.count(index))
            violations.push_back(index + ": the stage's index header is missing");
    }
    for (const std::string& folder : optimizerFolders) {
        const std::string index = "optimizer/" + folder + "/" + folder + ".h";
        if (!tree.count(index))
            violations.push_back(index + ": the folder's index header is missing");
    }
}

std::vector<std::string> layeringViolations(const SourceTree& tree) {
    std::vector<std::string> violations;
    checkLibraries(tree, violations);
    checkCompilerStages(tree, violations);
    checkOptimizerFolders(tree, violations);
    checkCycles(tree, violations);
    checkIndexHeaders(tree, violations);
    return violations;
}

std::vector<Include> quotedIncludes(const fs::path& file) {
    std::vector<Include> includes;
    std::ifstream in(file);
    int lineNumber = 0;
    for (std::string line; std::getline(in, line);) {
        ++lineNumber;
        const std::size_t hash = line.find_first_not_of(" \t");
        if (hash == std::string::npos || line.compare(hash, 1, "#") != 0) continue;
        const std::size_t word = line.find_first_not_of(" \t", hash + 1);
        if (word == std::string::npos || line.compare(word, 7, "include") != 0) continue;
        const std::size_t open = line.find('"', word);
        const std::size_t close = open == std::string::npos ? open : line.find('"', open + 1);
        if (close == std::string::npos) continue;
        includes.push_back({line.substr(open + 1, close - open - 1), lineNumber});
    }
    return includes;
}

SourceTree readSourceTree(const fs::path& root) {
    SourceTree tree;
    for (const std::string& folder : kLibraryFolders)
        for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
            const std::string extension = entry.path().extension().string();
            if (!entry.is_regular_file() || (extension != ".h" && extension != ".cpp")) continue;
            tree[fs::relative(entry.path(), root).generic_string()] = quotedIncludes(entry.path());
        }
    return tree;
}

bool anyContains(const std::vector<std::string>& violations, const std::string& text) {
    return std::any_of(violations.begin(), violations.end(),
                       [&](const std::string& v) { return v.find(text) != std::string::npos; });
}

// A made-up tree with every index header, so each test below shows one rule alone.
SourceTree treeWithIndexHeaders(SourceTree tree) {
    for (const std::string& stage : kCompilerStages)
        tree["compiler/" + stage + "/" + stage + "_stage.h"] = {};
    for (const std::string& folder : kOptimizerFolders)
        tree["optimizer/" + folder + "/" + folder + ".h"] = {};
    return tree;
}

TEST(Layering, AStageIncludingALaterStageIsReportedAtItsLine) {
    const SourceTree tree = treeWithIndexHeaders({
        {"compiler/skeleton/bone_setup.h", {{"compiler/meshes/built_project.h", 6}}},
        {"compiler/meshes/built_project.h", {{"compiler/skeleton/bone_table.h", 5}}},
        {"compiler/skeleton/bone_table.h", {}},
    });
    const std::vector<std::string> violations = layeringViolations(tree);
    ASSERT_EQ(violations.size(), 1u);
    EXPECT_NE(violations[0].find("compiler/skeleton/bone_setup.h:6: includes "
                                 "compiler/meshes/built_project.h, a later stage"),
              std::string::npos)
        << violations[0];
}

TEST(Layering, TheDriverMayIncludeEveryStageAndAStageItsOwnAndEarlierOnes) {
    const SourceTree tree = treeWithIndexHeaders({
        {"compiler/compile.cpp", {{"compiler/mdl/mdl_assembly.h", 3}}},
        {"compiler/mdl/mdl_assembly.h",
         {{"compiler/mdl/hitboxes.h", 4}, {"compiler/project/model_project.h", 5}}},
        {"compiler/mdl/hitboxes.h", {}},
        {"compiler/project/model_project.h", {}},
    });
    EXPECT_TRUE(layeringViolations(tree).empty());
}

TEST(Layering, AStageIncludingTheDriverIsReported) {
    const SourceTree tree = treeWithIndexHeaders({
        {"compiler/animation/ik.cpp", {{"compiler/compile.h", 9}}},
        {"compiler/compile.h", {}},
    });
    EXPECT_TRUE(
        anyContains(layeringViolations(tree),
                    "compiler/animation/ik.cpp:9: includes compiler/compile.h, a later stage"));
}

TEST(Layering, AFolderOutsideTheStageOrderIsReported) {
    const SourceTree tree = treeWithIndexHeaders({{"compiler/faces/flex_rules.h", {}}});
    EXPECT_TRUE(
        anyContains(layeringViolations(tree), "stage folder 'faces' is not in the stage order"));
}

TEST(Layering, FormatsIncludingALibraryAboveItIsReported) {
    const SourceTree tree = treeWithIndexHeaders({
        {"formats/smd/smd_reader.cpp", {{"compiler/compile.h", 12}, {"formats/common/text.h", 4}}},
        {"formats/common/text.h", {}},
        {"compiler/compile.h", {}},
    });
    const std::vector<std::string> violations = layeringViolations(tree);
    ASSERT_EQ(violations.size(), 1u);
    EXPECT_NE(violations[0].find("formats/smd/smd_reader.cpp:12: includes compiler/compile.h, but "
                                 "smd may not include compiler"),
              std::string::npos)
        << violations[0];
}

TEST(Layering, AFormatFamilyIncludingASiblingIsReported) {
    const SourceTree tree = treeWithIndexHeaders({
        {"formats/qc/qc_project.h", {{"formats/smd/smd.h", 7}}},
        {"formats/smd/smd.h", {}},
    });
    EXPECT_TRUE(anyContains(layeringViolations(tree), "qc may not include smd"));
}

TEST(Layering, OptimizerFoldersShareOnlyTheMeshTypes) {
    const SourceTree tree = treeWithIndexHeaders({
        {"optimizer/simplify/simplify.cpp",
         {{"optimizer/strips/fifo_cache.h", 8}, {"optimizer/mesh_types.h", 2}}},
        {"optimizer/strips/fifo_cache.h", {{"optimizer/optimizer.h", 3}}},
        {"optimizer/mesh_types.h", {{"optimizer/vertices/welding.h", 4}}},
        {"optimizer/vertices/welding.h", {}},
        {"optimizer/optimizer.h", {{"optimizer/strips/fifo_cache.h", 1}}},
    });
    const std::vector<std::string> violations = layeringViolations(tree);
    EXPECT_TRUE(anyContains(violations, "optimizer/simplify/simplify.cpp:8: includes "
                                        "optimizer/strips/fifo_cache.h, another folder"));
    EXPECT_TRUE(anyContains(violations, "optimizer/strips/fifo_cache.h:3: includes "
                                        "optimizer/optimizer.h, the library's index"));
    EXPECT_TRUE(
        anyContains(violations, "optimizer/mesh_types.h:4: includes optimizer/vertices/welding.h"));
    EXPECT_FALSE(anyContains(violations, "simplify.cpp:2"));
}

TEST(Layering, ComponentsThatIncludeEachOtherAreReportedAsACycle) {
    // The shape the animation stage had: the builder's source calls a helper whose header needs
    // the builder's types.
    const SourceTree tree = treeWithIndexHeaders({
        {"compiler/animation/animation_sources.cpp",
         {{"compiler/animation/motion_extraction.h", 4}}},
        {"compiler/animation/animation_sources.h", {}},
        {"compiler/animation/motion_extraction.h", {{"compiler/animation/animation_sources.h", 3}}},
    });
    EXPECT_TRUE(anyContains(layeringViolations(tree),
                            "components include each other: compiler/animation/animation_sources "
                            "compiler/animation/motion_extraction"));
}

TEST(Layering, AMissingIndexHeaderIsReported) {
    SourceTree tree = treeWithIndexHeaders({});
    tree.erase("compiler/lods/lods_stage.h");
    tree["compiler/lods/auto_lods.h"] = {};
    tree.erase("optimizer/strips/strips.h");
    tree["optimizer/strips/fifo_cache.h"] = {};
    const std::vector<std::string> violations = layeringViolations(tree);
    EXPECT_TRUE(
        anyContains(violations, "compiler/lods/lods_stage.h: the stage's index header is missing"));
    EXPECT_TRUE(
        anyContains(violations, "optimizer/strips/strips.h: the folder's index header is missing"));
}

TEST(Layering, TheSourceTreeKeepsTheRule) {
    const SourceTree tree = readSourceTree(VTXC_SOURCE_DIR);
    // The tree is really read: each stage and folder named in the order has files.
    for (const std::string& stage : kCompilerStages)
        EXPECT_TRUE(tree.count("compiler/" + stage + "/" + stage + "_stage.h")) << stage;
    ASSERT_GT(tree.size(), 300u);
    const std::vector<std::string> violations = layeringViolations(tree);
    std::string text;
    for (const std::string& violation : violations)
        text += violation + "\n";
    EXPECT_TRUE(violations.empty()) << text;
}

} // namespace
