// `vtxc build`: whole trees, incremental by content, in parallel, through Ninja, killed at random
// moments and run twice at once; `vtxc compile --depfile` against the files the compile opened.
#include "formats/common/file_tracking.h"
#include "testing/child_process.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"
#include "tools/content_hash.h"
#include "tools/tree_build.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <thread>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

// The `--report` of a build: status per QC.
std::map<std::string, std::string> statusesOf(const fs::path& report) {
    const nlohmann::json json = nlohmann::json::parse(test::readText(report));
    std::map<std::string, std::string> out;
    for (const nlohmann::json& model : json.at("models"))
        out[model.at("qc").get<std::string>()] = model.at("status").get<std::string>();
    return out;
}

std::set<std::string> withStatus(const std::map<std::string, std::string>& statuses,
                                 const std::string& status) {
    std::set<std::string> out;
    for (const auto& [qc, s] : statuses)
        if (s == status) out.insert(qc);
    return out;
}

test::CommandResult build(const fs::path& src, const fs::path& game, const fs::path& report,
                          std::vector<std::string> extra = {}) {
    std::vector<std::string> arguments{"build",       src.string(), "-o",
                                       game.string(), "--report",   report.string()};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    return test::runVtxc(arguments);
}

// A small tree: m1 and m2 include shared.qci, m3 does not; m1 and m3 play walk.smd, m2 plays
// run.smd; every model's mesh is ref.smd; notes.qci is included by nobody.
void writeSmallTree(const fs::path& src, float version = 0) {
    test::writeText(src / "meshes/ref.smd", quadSmdText("skin", version));
    test::writeText(src / "anims/walk.smd", quadSmdText("skin", 1));
    test::writeText(src / "anims/run.smd", quadSmdText("skin", 2));
    test::writeText(src / "shared.qci", "$surfaceprop \"metal\"\n");
    test::writeText(src / "notes.qci", "$surfaceprop \"wood\"\n");
    test::writeText(src / "props/m1.qc",
                    "$modelname \"props/m1.mdl\"\n$include \"../shared.qci\"\n"
                    "$body b \"../meshes/ref.smd\"\n$sequence walk \"../anims/walk.smd\" loop\n");
    test::writeText(src / "props/m2.qc",
                    "$modelname \"props/m2.mdl\"\n$include \"../shared.qci\"\n"
                    "$body b \"../meshes/ref.smd\"\n$sequence run \"../anims/run.smd\" loop\n");
    test::writeText(src / "m3.qc", "$modelname \"m3.mdl\"\n$body b \"meshes/ref.smd\"\n"
                                   "$sequence walk \"anims/walk.smd\" loop\n");
}

TEST(BuildCommand, ASecondRunCompilesNothingAndAFreshCopyOfTheTreeIsUpToDate) {
    test::TempDir dir;
    writeSmallTree(dir / "src");
    auto first = build(dir / "src", dir / "game", dir / "r1.json");
    ASSERT_EQ(first.exitStatus, 0) << first.err << first.out;
    const auto statuses = statusesOf(dir / "r1.json");
    EXPECT_EQ(withStatus(statuses, "compiled"),
              (std::set<std::string>{"m3.qc", "props/m1.qc", "props/m2.qc"}));
    EXPECT_TRUE(fs::exists(dir / "game/models/props/m1.mdl"));
    EXPECT_TRUE(fs::exists(dir / "game/models/m3.dx90.vtx"));
    EXPECT_NE(first.out.find("compiled    3"), std::string::npos) << first.out;

    auto second = build(dir / "src", dir / "game", dir / "r2.json");
    ASSERT_EQ(second.exitStatus, 0) << second.err;
    EXPECT_EQ(withStatus(statusesOf(dir / "r2.json"), "up to date").size(), 3u);
    EXPECT_NE(second.out.find("compiled    0"), std::string::npos) << second.out;

    // A checkout elsewhere (new paths, new times, same bytes) builds into the same game folder.
    fs::copy(dir / "src", dir / "checkout", fs::copy_options::recursive);
    auto third = build(dir / "checkout", dir / "game", dir / "r3.json");
    ASSERT_EQ(third.exitStatus, 0) << third.err;
    EXPECT_EQ(withStatus(statusesOf(dir / "r3.json"), "up to date").size(), 3u) << third.out;
}

TEST(BuildCommand, ChangingASharedQciCompilesExactlyTheModelsThatIncludeIt) {
    test::TempDir dir;
    writeSmallTree(dir / "src");
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r1.json").exitStatus, 0);
    test::writeText(dir / "src/shared.qci", "$surfaceprop \"metal\" // reviewed\n");
    test::writeText(dir / "src/notes.qci", "$surfaceprop \"dirt\"\n"); // read by no model
    auto second = build(dir / "src", dir / "game", dir / "r2.json");
    ASSERT_EQ(second.exitStatus, 0) << second.err;
    EXPECT_EQ(withStatus(statusesOf(dir / "r2.json"), "compiled"),
              (std::set<std::string>{"props/m1.qc", "props/m2.qc"}));
}

TEST(BuildCommand, ChangingAnAnimationCompilesExactlyTheModelsThatReadIt) {
    test::TempDir dir;
    writeSmallTree(dir / "src");
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r1.json").exitStatus, 0);
    test::writeText(dir / "src/anims/walk.smd", quadSmdText("skin", 3));
    auto second = build(dir / "src", dir / "game", dir / "r2.json");
    ASSERT_EQ(second.exitStatus, 0) << second.err;
    EXPECT_EQ(withStatus(statusesOf(dir / "r2.json"), "compiled"),
              (std::set<std::string>{"m3.qc", "props/m1.qc"}));
    // Restoring the old bytes is a change again (the record holds the new ones) ...
    test::writeText(dir / "src/anims/walk.smd", quadSmdText("skin", 1));
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r3.json").exitStatus, 0);
    EXPECT_EQ(withStatus(statusesOf(dir / "r3.json"), "compiled").size(), 2u);
    // ... while writing the same bytes again is none.
    test::writeText(dir / "src/anims/walk.smd", quadSmdText("skin", 1));
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r4.json").exitStatus, 0);
    EXPECT_TRUE(withStatus(statusesOf(dir / "r4.json"), "compiled").empty());
}

TEST(BuildCommand, DeletedOrEditedOutputsAndForceCompileAgain) {
    test::TempDir dir;
    writeSmallTree(dir / "src");
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r1.json").exitStatus, 0);
    fs::remove(dir / "game/models/props/m2.vvd");
    test::writeText(dir / "game/models/m3.layout.json", "{}");
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r2.json").exitStatus, 0);
    EXPECT_EQ(withStatus(statusesOf(dir / "r2.json"), "compiled"),
              (std::set<std::string>{"m3.qc", "props/m2.qc"}));
    EXPECT_TRUE(fs::exists(dir / "game/models/props/m2.vvd"));
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r3.json", {"--force"}).exitStatus, 0);
    EXPECT_EQ(withStatus(statusesOf(dir / "r3.json"), "compiled").size(), 3u);
}

TEST(BuildCommand, AFailedModelIsListedLeftAsItWasAndTriedAgainOnlyWhenSomethingChanged) {
    test::TempDir dir;
    writeSmallTree(dir / "src");
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r1.json").exitStatus, 0);
    const std::string before = test::readText(dir / "game/models/props/m2.mdl");
    test::writeText(dir / "src/props/m2.qc", "$modelname \"props/m2.mdl\"\n"
                                             "$body b \"../meshes/missing.smd\"\n");
    auto failed = build(dir / "src", dir / "game", dir / "r2.json", {"--jobs", "2"});
    EXPECT_EQ(failed.exitStatus, 3) << failed.err;
    EXPECT_EQ(withStatus(statusesOf(dir / "r2.json"), "failed"),
              (std::set<std::string>{"props/m2.qc"}));
    EXPECT_NE(failed.out.find("FAILED props/m2.qc: "), std::string::npos) << failed.out;
    EXPECT_NE(failed.out.find("missing.smd"), std::string::npos) << failed.out;
    EXPECT_NE(failed.err.find("error[BUILD004]"), std::string::npos) << failed.err;
    EXPECT_EQ(test::readText(dir / "game/models/props/m2.mdl"), before);
    // Nothing changed: the failure stands without a compile.
    auto again = build(dir / "src", dir / "game", dir / "r3.json");
    EXPECT_EQ(again.exitStatus, 3);
    EXPECT_NE(again.out.find("compiled    0"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("FAILED (nothing changed since) props/m2.qc"), std::string::npos)
        << again.out;
    // The file it looked for appears: tried again, and compiles.
    test::writeText(dir / "src/meshes/missing.smd", quadSmdText("skin", 5));
    auto fixed = build(dir / "src", dir / "game", dir / "r4.json");
    EXPECT_EQ(fixed.exitStatus, 0) << fixed.out << fixed.err;
    EXPECT_EQ(withStatus(statusesOf(dir / "r4.json"), "compiled"),
              (std::set<std::string>{"props/m2.qc"}));
}

TEST(BuildCommand, TwoQcsOfOneModelNameCompileTheFirstAndNameTheSecond) {
    test::TempDir dir;
    writeSmallTree(dir / "src");
    test::writeText(dir / "src/props/zz_copy.qc",
                    "$modelname \"props/m1.mdl\"\n$body b \"../meshes/ref.smd\"\n");
    auto result = build(dir / "src", dir / "game", dir / "r.json");
    EXPECT_EQ(result.exitStatus, 3);
    EXPECT_NE(result.err.find((dir / "src/props/zz_copy.qc").string() + ": error[BUILD005]"),
              std::string::npos)
        << result.err;
    const auto statuses = statusesOf(dir / "r.json");
    EXPECT_EQ(statuses.at("props/m1.qc"), "compiled");
    EXPECT_EQ(statuses.at("props/zz_copy.qc"), "failed");
}

TEST(BuildCommand, ATreeWithoutModelsIsAUsageError) {
    test::TempDir dir;
    test::writeText(dir / "src/only.qci", "$surfaceprop \"metal\"\n");
    auto result = build(dir / "src", dir / "game", dir / "r.json");
    EXPECT_EQ(result.exitStatus, 1);
    EXPECT_NE(result.err.find((dir / "src").string() + ": error[BUILD001]"), std::string::npos)
        << result.err;
    auto missing = build(dir / "nothing", dir / "game", dir / "r.json");
    EXPECT_EQ(missing.exitStatus, 1);
    EXPECT_NE(missing.err.find("error[BUILD001]"), std::string::npos) << missing.err;
}

// The eight model QCs the projects tree holds (its MANIFEST.md): each is found, none of the
// .qci files and no included QC, and a second run compiles none of them.
TEST(BuildCommand, TheProjectsTreeFindsEveryModelAndASecondRunCompilesNothing) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    const fs::path src = test::corpusDir() / "projects/modelsrc";
    auto first = build(src, dir / "game", dir / "r1.json", {"--jobs", "2"});
    ASSERT_TRUE(first.exitStatus == 0 || first.exitStatus == 3) << first.err;
    const auto statuses = statusesOf(dir / "r1.json");
    std::set<std::string> found;
    for (const auto& [qc, status] : statuses)
        found.insert(qc);
    EXPECT_EQ(found,
              (std::set<std::string>{"combine_soldier_anims.qc", "door01_left/door01_left.qc",
                                     "door01_left/door01b_left.qc", "labturret_npc/labturret.qc",
                                     "monk_animations.qc", "police_animations.qc",
                                     "vortigaunt_anims_shared_hl2.qc", "weapons/w_357.qc"}));
    // Some of them may not compile yet; those that do were published.
    EXPECT_FALSE(withStatus(statuses, "compiled").empty());
    const auto start = std::chrono::steady_clock::now();
    auto second = build(src, dir / "game", dir / "r2.json");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(second.exitStatus, first.exitStatus) << second.err;
    const auto again = statusesOf(dir / "r2.json");
    EXPECT_TRUE(withStatus(again, "compiled").empty());
    EXPECT_EQ(withStatus(again, "up to date"), withStatus(statuses, "compiled"));
    std::printf("second run of the projects tree: %.3f s\n", seconds);
}

// The lower-cased text of a QC and of every file it includes, found by file name in `tree` as
// the corpus keeps its .qci files: a text oracle of which files a model names.
std::string closureText(const fs::path& qc, const std::map<std::string, fs::path>& byName,
                        std::set<std::string>& seen) {
    std::string text = test::readText(qc);
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    std::string out = text;
    for (std::size_t at = text.find("$include"); at != std::string::npos;
         at = text.find("$include", at + 1)) {
        const std::size_t open = text.find('"', at);
        const std::size_t close = text.find('"', open + 1);
        if (open == std::string::npos || close == std::string::npos) break;
        const std::string name =
            fs::path(text.substr(open + 1, close - open - 1)).filename().string();
        const auto found = byName.find(name);
        if (found != byName.end() && seen.insert(name).second)
            out += closureText(found->second, byName, seen);
    }
    return out;
}

// The models of the corpus's projects tree whose QC (with its includes) names `stem`.
std::set<std::string> modelsNaming(const fs::path& tree, const std::string& stem) {
    std::map<std::string, fs::path> byName;
    std::vector<fs::path> qcs;
    for (const auto& entry : fs::recursive_directory_iterator(tree)) {
        std::string name = entry.path().filename().string();
        std::transform(name.begin(), name.end(), name.begin(),
                       [](unsigned char c) { return std::tolower(c); });
        byName[name] = entry.path();
        if (entry.path().extension() == ".qc") qcs.push_back(entry.path());
    }
    std::set<std::string> out;
    for (const fs::path& qc : qcs) {
        std::set<std::string> seen;
        if (closureText(qc, byName, seen).find(stem) != std::string::npos)
            out.insert(qc.lexically_relative(tree).generic_string());
    }
    return out;
}

// A copy of the corpus's projects tree (the corpus itself is never written): a shared .qci and an
// animation SMD changed recompile the models that name them, and only those.
TEST(BuildCommand, InACopyOfTheProjectsTreeAChangeCompilesTheModelsThatReadIt) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    fs::copy(test::corpusDir() / "projects/modelsrc", dir / "src", fs::copy_options::recursive);
    auto first = build(dir / "src", dir / "game", dir / "r1.json", {"--jobs", "2"});
    ASSERT_TRUE(first.exitStatus == 0 || first.exitStatus == 3) << first.err;
    const auto compiledFirst = withStatus(statusesOf(dir / "r1.json"), "compiled");

    const std::set<std::string> weightlistUsers = modelsNaming(dir / "src", "genericweightlists");
    ASSERT_FALSE(weightlistUsers.empty());
    ASSERT_LT(weightlistUsers.size(), 8u);
    test::writeText(dir / "src/GenericWeightlists.qci",
                    test::readText(dir / "src/GenericWeightlists.qci") + "// reviewed\n");
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r2.json").exitStatus, first.exitStatus);
    const auto statuses = statusesOf(dir / "r2.json");
    std::set<std::string> expected; // a model that failed before is tried again as well
    for (const std::string& qc : weightlistUsers)
        if (compiledFirst.count(qc)) expected.insert(qc);
    std::set<std::string> compiledNow = withStatus(statuses, "compiled");
    for (const std::string& qc : withStatus(statuses, "failed"))
        if (weightlistUsers.count(qc)) compiledNow.insert(qc), expected.insert(qc);
    EXPECT_EQ(compiledNow, expected);

    const std::set<std::string> blindfireUsers = modelsNaming(dir / "src", "blindfire_left_entry");
    ASSERT_FALSE(blindfireUsers.empty());
    const fs::path smd = dir / "src/AlyxBlindfireAnims/blindfire_left_entry.smd";
    test::writeText(smd, test::readText(smd) + "\n");
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r3.json").exitStatus, first.exitStatus);
    const auto after = statusesOf(dir / "r3.json");
    std::set<std::string> touched = withStatus(after, "compiled");
    for (const std::string& qc : withStatus(after, "failed"))
        if (blindfireUsers.count(qc)) touched.insert(qc);
    EXPECT_EQ(touched, blindfireUsers);
}

// Each single-model folder of the corpus as a tree of its own: its QC is found.
TEST(BuildCommand, EachCorpusModelFolderIsATreeOfOneModel) {
    VTXC_REQUIRE_CORPUS();
    for (const fs::path& folder : test::corpusModelFolders()) {
        std::vector<std::string> qcs;
        for (const auto& entry : fs::directory_iterator(folder))
            if (entry.path().extension() == ".qc") qcs.push_back(entry.path().filename().string());
        if (qcs.empty()) continue;
        test::TempDir dir;
        auto result =
            build(folder, dir / "game", dir / "r.json", {"--ninja", (dir / "b.ninja").string()});
        // --ninja discovers without compiling: the edges name the models found.
        ASSERT_EQ(result.exitStatus, 0) << folder << result.err;
        const std::string ninja = test::readText(dir / "b.ninja");
        for (const std::string& qc : qcs)
            EXPECT_NE(ninja.find("  key = " + qc + "\n"), std::string::npos) << folder << ninja;
    }
}

// ---- depfiles --------------------------------------------------------------------------------

// The regular files under `root` a traced process opened for reading (strace's log).
std::set<fs::path> openedUnder(const fs::path& log, const fs::path& root) {
    std::set<fs::path> out;
    std::istringstream lines(test::readText(log));
    std::string line;
    while (std::getline(lines, line)) {
        if (line.find("open") == std::string::npos || line.find("O_WRONLY") != std::string::npos ||
            line.find("O_DIRECTORY") != std::string::npos || line.find("= -1") != std::string::npos)
            continue;
        const std::size_t open = line.find('"');
        const std::size_t close = line.find('"', open + 1);
        if (open == std::string::npos || close == std::string::npos) continue;
        const fs::path path = fs::path(line.substr(open + 1, close - open - 1)).lexically_normal();
        std::error_code ec;
        if (!fs::is_regular_file(path, ec)) continue;
        const fs::path relative =
            fs::weakly_canonical(path).lexically_relative(fs::weakly_canonical(root));
        if (!relative.empty() && *relative.begin() != "..") out.insert(fs::weakly_canonical(path));
    }
    return out;
}

std::set<fs::path> canonicalSet(const std::vector<fs::path>& paths) {
    std::set<fs::path> out;
    for (const fs::path& path : paths)
        out.insert(fs::weakly_canonical(path));
    return out;
}

TEST(CompileDepfile, NamesEveryOutputAndExactlyTheFilesTheCompileRead) {
    test::TempDir dir;
    writeSmallTree(dir / "src");
    const fs::path depfile = dir / "deps/m1.d";
    auto result =
        test::runVtxc({"compile", (dir / "src/props/m1.qc").string(), "-o", (dir / "game").string(),
                       "--content-root", (dir / "src").string(), "--depfile", depfile.string()});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const auto parsed = parseDepfile(test::readText(depfile));
    ASSERT_TRUE(parsed);
    // The inputs: the QC, the .qci it includes, its mesh and its animation; not notes.qci, not
    // run.smd.
    const fs::path src = fs::weakly_canonical(dir / "src");
    EXPECT_EQ(canonicalSet(parsed->inputs),
              (std::set<fs::path>{src / "props/m1.qc", src / "shared.qci", src / "meshes/ref.smd",
                                  src / "anims/walk.smd"}));
    // The outputs: every file of the model the compile wrote.
    std::vector<fs::path> written;
    for (const auto& entry : fs::directory_iterator(dir / "game/models/props"))
        written.push_back(entry.path());
    EXPECT_EQ(canonicalSet(parsed->outputs), canonicalSet(written));
    for (const fs::path& path : parsed->outputs)
        EXPECT_TRUE(path.is_absolute()) << path;
}

TEST(CompileDepfile, ItsInputsAreTheFilesStraceSawTheCompileOpen) {
    if (std::system("strace -V >/dev/null 2>&1") != 0)
        GTEST_SKIP() << "strace is not installed: the depfile is compared with the expected files "
                        "in NamesEveryOutputAndExactlyTheFilesTheCompileRead only";
    test::TempDir dir;
    writeSmallTree(dir / "src");
    // A model that reads more: its physics mesh too.
    test::writeText(dir / "src/phys.smd", quadSmdText("skin", 0));
    test::writeText(dir / "src/m4.qc",
                    "$modelname \"m4.mdl\"\n$include \"shared.qci\"\n"
                    "$body b \"meshes/ref.smd\"\n$collisionmodel \"phys.smd\" {\n"
                    "$mass 10\n}\n");
    const fs::path depfile = dir / "m4.d";
    const fs::path log = dir / "strace.log";
    const std::string command = "strace -f -qq -e trace=open,openat -o '" + log.string() + "' '" +
                                std::string(VTXC_BINARY) + "' compile '" +
                                (dir / "src/m4.qc").string() + "' -o '" + (dir / "game").string() +
                                "' --depfile '" + depfile.string() + "' --quiet >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    if (status != 0 && !fs::exists(depfile))
        GTEST_SKIP() << "strace cannot trace here (ptrace not permitted?)";
    const auto parsed = parseDepfile(test::readText(depfile));
    ASSERT_TRUE(parsed);
    const std::set<fs::path> opened = openedUnder(log, dir / "src");
    EXPECT_EQ(canonicalSet(parsed->inputs), opened);
    EXPECT_EQ(opened.count(fs::weakly_canonical(dir / "src/phys.smd")), 1u);
}

// ---- Ninja -----------------------------------------------------------------------------------

int runShell(const std::string& command, std::string& output, const fs::path& scratch) {
    const fs::path out = scratch / "shell.out";
    const int status = std::system((command + " >'" + out.string() + "' 2>&1").c_str());
    output = test::readText(out);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The edges a Ninja run started: the descriptions it printed ("vtxc KEY").
std::set<std::string> edgesRun(const std::string& output) {
    std::set<std::string> out;
    std::istringstream lines(output);
    std::string line;
    while (std::getline(lines, line)) {
        const std::size_t at = line.find("] vtxc ");
        if (at != std::string::npos) out.insert(line.substr(at + 7));
    }
    return out;
}

TEST(BuildNinja, NinjaBuildsTheTreeAndRebuildsOnlyWhatChanged) {
    if (std::system("ninja --version >/dev/null 2>&1") != 0)
        GTEST_SKIP() << "ninja is not installed (Debian: ninja-build; scripts/install-deps.sh "
                        "installs it): the Ninja file is not run";
    test::TempDir dir;
    writeSmallTree(dir / "src");
    const fs::path ninjaFile = dir / "build.ninja";
    auto written = test::runVtxc({"build", (dir / "src").string(), "-o", (dir / "game").string(),
                                  "--ninja", ninjaFile.string()});
    ASSERT_EQ(written.exitStatus, 0) << written.err;
    EXPECT_FALSE(fs::exists(dir / "game/models")); // written, not built
    const std::string ninja = "ninja -f '" + ninjaFile.string() + "'";
    std::string output;
    ASSERT_EQ(runShell(ninja, output, dir.path()), 0) << output;
    EXPECT_EQ(edgesRun(output), (std::set<std::string>{"m3.qc", "props/m1.qc", "props/m2.qc"}))
        << output;
    EXPECT_TRUE(fs::exists(dir / "game/models/props/m1.dx80.vtx"));
    // The files of `vtxc build` and of Ninja are the same bytes.
    auto direct = build(dir / "src", dir / "direct", dir / "r.json");
    ASSERT_EQ(direct.exitStatus, 0);
    EXPECT_EQ(test::readText(dir / "game/models/props/m1.mdl"),
              test::readText(dir / "direct/models/props/m1.mdl"));

    ASSERT_EQ(runShell(ninja, output, dir.path()), 0) << output;
    EXPECT_NE(output.find("no work to do"), std::string::npos) << output;
    test::writeText(dir / "src/shared.qci", "$surfaceprop \"metal\" // reviewed\n");
    ASSERT_EQ(runShell(ninja, output, dir.path()), 0) << output;
    EXPECT_EQ(edgesRun(output), (std::set<std::string>{"props/m1.qc", "props/m2.qc"})) << output;
    test::writeText(dir / "src/anims/walk.smd", quadSmdText("skin", 3));
    ASSERT_EQ(runShell(ninja, output, dir.path()), 0) << output;
    EXPECT_EQ(edgesRun(output), (std::set<std::string>{"m3.qc", "props/m1.qc"})) << output;
}

// ---- kills and concurrent builds ---------------------------------------------------------------

using ModelFiles = std::map<std::string, std::string>; // file name -> sha256 of its bytes

// Each model's files (by $modelname base) in GAME/models: name -> hash.
std::map<std::string, ModelFiles> modelFilesOf(const fs::path& game,
                                               const std::vector<std::string>& models) {
    std::map<std::string, ModelFiles> out;
    for (const std::string& model : models) {
        const fs::path base = game / "models" / model;
        ModelFiles files;
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(base.parent_path(), ec)) {
            const std::string name = entry.path().filename().string();
            if (name.rfind(base.filename().string() + ".", 0) == 0)
                files[name] = sha256Hex(test::readText(entry.path()));
        }
        out[model] = files;
    }
    return out;
}

void writeVersion(const fs::path& src, int version) {
    writeSmallTree(src, static_cast<float>(version));
    test::writeText(src / "shared.qci",
                    version == 0 ? "$surfaceprop \"metal\"\n" : "$surfaceprop \"wood\"\n");
}

TEST(BuildKill, AKilledBuildLeavesEachModelWholeAndTheNextBuildCorrect) {
    const std::vector<std::string> models{"props/m1", "props/m2", "m3"};
    test::TempDir dir;
    // The files each version gives, from builds of their own.
    std::map<std::string, ModelFiles> versions[2];
    for (int v = 0; v < 2; ++v) {
        writeVersion(dir / ("v" + std::to_string(v)), v);
        const fs::path game = dir / ("g" + std::to_string(v));
        ASSERT_EQ(build(dir / ("v" + std::to_string(v)), game, dir / "r.json").exitStatus, 0);
        versions[v] = modelFilesOf(game, models);
        for (const std::string& model : models)
            ASSERT_GE(versions[v][model].size(), 6u) << model;
    }
    for (const std::string& model : models)
        ASSERT_NE(versions[0][model], versions[1][model]) << model;

    const fs::path src = dir / "src", game = dir / "game";
    writeVersion(src, 0);
    ASSERT_EQ(build(src, game, dir / "r.json").exitStatus, 0);
    // Delays up to the time of a whole build, so that kills land in every phase: discovery, the
    // up-to-date check, compiles, publication, record updates.
    const auto start = std::chrono::steady_clock::now();
    writeVersion(src, 1);
    ASSERT_EQ(build(src, game, dir / "r.json").exitStatus, 0);
    int version = 1;
    const int wholeBuildMs = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                  std::chrono::steady_clock::now() - start)
                                                  .count());
    std::mt19937 random(20261203);
    test::ChildOptions options;
    options.environment = {{"TMPDIR", dir.path().string()}};
    int killed = 0;
    int cutBetweenModels = 0; // rounds that left some models old and some new
    for (int round = 0; round < 100 && killed < 24; ++round) {
        version = 1 - version;
        writeVersion(src, version);
        options.deadline =
            std::chrono::milliseconds(std::uniform_int_distribution<int>(0, wholeBuildMs)(random));
        const auto result = test::runVtxcChild(
            {"build", src.string(), "-o", game.string(), "--jobs", "2", "--quiet"}, options);
        killed += result.timedOut;
        // What the next vtxc writing into a model's folder does first.
        finishAbandonedPublications(game / "models");
        finishAbandonedPublications(game / "models/props");
        const auto now = modelFilesOf(game, models);
        std::set<int> seen;
        for (const std::string& model : models) {
            EXPECT_TRUE(now.at(model) == versions[0][model] || now.at(model) == versions[1][model])
                << "round " << round << ": " << model << " is neither version";
            seen.insert(now.at(model) == versions[1][model]);
        }
        cutBetweenModels += seen.size() > 1;
        if (fs::exists(buildRecordPath(game))) {
            EXPECT_TRUE(parseBuildRecord(test::readText(buildRecordPath(game))))
                << "round " << round;
        }
    }
    EXPECT_GE(killed, 20) << "the delays must cut most builds short";
    std::printf("%d builds killed, %d of them between one model's publication and another's\n",
                killed, cutBetweenModels);
    auto final = build(src, game, dir / "final.json");
    ASSERT_EQ(final.exitStatus, 0) << final.err;
    EXPECT_EQ(modelFilesOf(game, models), versions[version]);
    auto settled = build(src, game, dir / "settled.json");
    EXPECT_TRUE(withStatus(statusesOf(dir / "settled.json"), "compiled").empty());
}

TEST(BuildConcurrency, TwoBuildsIntoOneGameFolderAtOnceLeaveWholeModelsAndOneRecord) {
    const std::vector<std::string> models{"props/m1", "props/m2", "m3"};
    test::TempDir dir;
    writeSmallTree(dir / "src");
    writeSmallTree(dir / "copy"); // a second checkout of the same sources
    std::vector<test::CommandResult> results(2);
    std::thread other([&] { results[1] = build(dir / "copy", dir / "game", dir / "r1.json"); });
    results[0] = build(dir / "src", dir / "game", dir / "r0.json");
    other.join();
    EXPECT_EQ(results[0].exitStatus, 0) << results[0].err;
    EXPECT_EQ(results[1].exitStatus, 0) << results[1].err;
    ASSERT_EQ(build(dir / "src", dir / "alone", dir / "r.json").exitStatus, 0);
    EXPECT_EQ(modelFilesOf(dir / "game", models), modelFilesOf(dir / "alone", models));
    ASSERT_TRUE(parseBuildRecord(test::readText(buildRecordPath(dir / "game"))));
    ASSERT_EQ(build(dir / "src", dir / "game", dir / "r2.json").exitStatus, 0);
    EXPECT_TRUE(withStatus(statusesOf(dir / "r2.json"), "compiled").empty());
}

} // namespace
} // namespace vtxc
