// The deciding half of `vtxc build`: content hashes, depfiles, discovery of a tree's models, the
// build record and the up-to-date check, the Ninja file.
#include "testing/test_support.h"
#include "tools/content_hash.h"
#include "tools/tree_build.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <thread>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

TEST(ContentHash, Sha256MatchesTheStandardsTestVectors) {
    // FIPS 180-4's examples (NIST's "SHA256.pdf" worked examples).
    EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    // A million bytes: many blocks, and the length in the padding's last block.
    EXPECT_EQ(sha256Hex(std::string(1000000, 'a')),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(ContentHash, PiecesAndFilesHashAsTheWholeText) {
    std::string text;
    for (int i = 0; i < 5000; ++i)
        text += static_cast<char>('a' + i % 23);
    Sha256 pieces;
    for (std::size_t at = 0; at < text.size(); at += 7)
        pieces.update(text.data() + at, std::min<std::size_t>(7, text.size() - at));
    EXPECT_EQ(pieces.hexDigest(), sha256Hex(text));
    test::TempDir dir;
    test::writeText(dir / "f.txt", text);
    EXPECT_EQ(sha256OfFile(dir / "f.txt"), sha256Hex(text));
    EXPECT_FALSE(sha256OfFile(dir / "missing.txt"));
    EXPECT_FALSE(sha256OfFile(dir.path())); // a folder is no file
}

TEST(Depfile, NamesWithSpacesHashesAndDollarsSurviveTheRoundTrip) {
    Depfile depfile;
    depfile.outputs = {"/g/models/a b.mdl", "/g/models/a b.vvd"};
    depfile.inputs = {"/src/my model/x#1.qc", "/src/$cost.qci", "/src/plain.smd",
                      "/src/back\\ slash.smd"};
    const std::string text = depfileText(depfile);
    EXPECT_NE(text.find("/g/models/a\\ b.mdl"), std::string::npos) << text;
    EXPECT_NE(text.find("x\\#1.qc"), std::string::npos) << text;
    EXPECT_NE(text.find("$$cost"), std::string::npos) << text;
    const auto parsed = parseDepfile(text);
    ASSERT_TRUE(parsed) << text;
    EXPECT_EQ(parsed->outputs, depfile.outputs);
    EXPECT_EQ(parsed->inputs, depfile.inputs);
}

TEST(Depfile, AFailedCompileNamesInputsOnlyAndTextWithoutAColonIsNoDepfile) {
    const auto failed = parseDepfile(": \\\n  /src/a.qc \\\n  /src/b.qci\n");
    ASSERT_TRUE(failed);
    EXPECT_TRUE(failed->outputs.empty());
    EXPECT_EQ(failed->inputs, (std::vector<fs::path>{"/src/a.qc", "/src/b.qci"}));
    EXPECT_FALSE(parseDepfile("just some words\n"));
    EXPECT_FALSE(parseDepfile(""));
}

void writeTree(const fs::path& src) {
    test::writeText(src / "ref.smd", "version 1\n");
    test::writeText(src / "shared.qci", "$cdmaterials \"x\"\n");
    test::writeText(src / "a.qc", "$modelname \"props/a.mdl\"\n$include \"shared.qci\"\n"
                                  "$include \"part.qc\"\n$body b \"ref.smd\"\n");
    test::writeText(src / "part.qc", "$surfaceprop \"metal\"\n");
    test::writeText(src / "sub/d.QC", "$modelname \"props/d.mdl\"\n$body b \"../ref.smd\"\n");
    test::writeText(src / "sub/lib.qci", "$modelname \"lib.mdl\"\n");
    test::writeText(src / ".git/hidden.qc", "$modelname \"h.mdl\"\n");
    test::writeText(src / "game/models/inside.qc", "$modelname \"i.mdl\"\n");
}

TEST(TreeDiscovery, FindsQcsNoOtherQcIncludesAndNeverQcis) {
    test::TempDir dir;
    writeTree(dir.path());
    const TreeDiscovery found = discoverTreeModels(dir.path(), dir.path(), dir / "game");
    std::vector<std::string> keys;
    for (const TreeModel& model : found.models)
        keys.push_back(model.key);
    EXPECT_EQ(keys, (std::vector<std::string>{"a.qc", "sub/d.QC"}));
    EXPECT_EQ(found.included, (std::vector<std::string>{"part.qc"}));
    ASSERT_EQ(found.models.size(), 2u);
    EXPECT_EQ(found.models[0].modelName, fs::path("props/a"));
    EXPECT_TRUE(found.models[0].meshes);
    EXPECT_FALSE(found.models[0].physics);
    EXPECT_TRUE(found.models[0].qc.is_absolute());
}

TEST(TreeDiscovery, AQcThatDoesNotReadIsStillAModelWithoutAName) {
    test::TempDir dir;
    test::writeText(dir / "broken.qc", "$modelname \"../../out.mdl\"\n");
    const TreeDiscovery found = discoverTreeModels(dir.path(), dir.path());
    ASSERT_EQ(found.models.size(), 1u);
    EXPECT_TRUE(found.models[0].modelName.empty()); // its compile reports why
}

BuildRecordEntry sampleEntry() {
    BuildRecordEntry entry;
    entry.tool = "vtxc 1 abc";
    entry.options = "content-root=.";
    entry.inputs = {{"a.qc", 12, 1000, "h1"}, {"/abs/shared.qci", 3, 0, "h2"}};
    entry.outputs = {{"models/a.mdl", 99, 5, "h3"}};
    return entry;
}

TEST(BuildRecord, RoundTripsAndRefusesWhatIsNotARecord) {
    BuildRecord record;
    record.models["a.qc"] = sampleEntry();
    BuildRecordEntry failed = sampleEntry();
    failed.outputs.clear();
    failed.failure = "a.qc:1:1: error[QC001]: nope";
    failed.listing = "list";
    record.models["b.qc"] = failed;
    const auto parsed = parseBuildRecord(buildRecordText(record));
    ASSERT_TRUE(parsed);
    ASSERT_EQ(parsed->models.size(), 2u);
    const BuildRecordEntry& a = parsed->models.at("a.qc");
    EXPECT_EQ(a.tool, "vtxc 1 abc");
    ASSERT_EQ(a.inputs.size(), 2u);
    EXPECT_EQ(a.inputs[1].path, "/abs/shared.qci");
    EXPECT_EQ(a.inputs[0].size, 12u);
    EXPECT_EQ(a.inputs[0].changedNs, 1000);
    EXPECT_EQ(a.outputs[0].hash, "h3");
    EXPECT_EQ(parsed->models.at("b.qc").failure, failed.failure);
    EXPECT_EQ(parsed->models.at("b.qc").listing, "list");
    EXPECT_FALSE(parseBuildRecord("{"));
    EXPECT_FALSE(parseBuildRecord("{\"format\": 99, \"models\": {}}"));
    EXPECT_FALSE(parseBuildRecord("{\"format\": 1, \"models\": {\"a\": {\"tool\": 3}}}"));
}

TEST(BuildRecord, AnUnreadableRecordIsAWarningAndAnEmptyRecord) {
    test::TempDir dir;
    test::writeText(buildRecordPath(dir.path()), "not json");
    CollectingSink sink;
    const BuildRecord record = readBuildRecord(dir.path(), sink);
    EXPECT_TRUE(record.models.empty());
    const Diagnostic* warning = sink.find("BUILD002");
    ASSERT_NE(warning, nullptr);
    EXPECT_EQ(warning->severity, Severity::Warning);
    EXPECT_EQ(warning->location.file, buildRecordPath(dir.path()).string());
    CollectingSink none;
    EXPECT_TRUE(readBuildRecord(dir / "nothing-here", none).models.empty());
    EXPECT_TRUE(none.diagnostics().empty());
}

TEST(BuildRecord, UpdatesFromSeveralWritersKeepEachOthersEntries) {
    test::TempDir dir;
    std::vector<std::thread> writers;
    for (int w = 0; w < 4; ++w)
        writers.emplace_back([&dir, w] {
            for (int i = 0; i < 10; ++i) {
                NullSink sink;
                std::map<std::string, std::optional<BuildRecordEntry>> changes;
                changes["m" + std::to_string(w) + "_" + std::to_string(i)] = sampleEntry();
                EXPECT_TRUE(updateBuildRecord(dir.path(), changes, sink));
            }
        });
    for (std::thread& writer : writers)
        writer.join();
    CollectingSink sink;
    BuildRecord record = readBuildRecord(dir.path(), sink);
    EXPECT_EQ(record.models.size(), 40u);
    NullSink ignored;
    std::map<std::string, std::optional<BuildRecordEntry>> removal{{"m0_0", std::nullopt}};
    ASSERT_TRUE(updateBuildRecord(dir.path(), removal, ignored));
    record = readBuildRecord(dir.path(), sink);
    EXPECT_EQ(record.models.size(), 39u);
    EXPECT_EQ(record.models.count("m0_0"), 0u);
    EXPECT_TRUE(sink.diagnostics().empty());
}

// A model compiled from src/a.qc and src/a.smd into game/models/a.mdl, recorded as vtxc build does.
struct RecordedModel {
    test::TempDir dir;
    BuildPaths paths;
    BuildRecordEntry entry;
    RecordedModel() {
        paths.source = dir / "src";
        paths.game = dir / "game";
        test::writeText(paths.source / "a.qc", "$modelname a.mdl\n");
        test::writeText(paths.source / "a.smd", "version 1\n");
        test::writeText(paths.game / "models/a.mdl", "IDST");
        Depfile depfile{{paths.game / "models/a.mdl"},
                        {paths.source / "a.qc", paths.source / "a.smd"}};
        entry = *entryFromDepfile(depfile, "tool", "opts", paths, INT64_MAX);
    }
    ModelVerdict check(const std::string& tool = "tool") {
        StampCache stamps;
        return checkModel(entry, tool, "opts", paths, stamps, [] { return std::string(); });
    }
};

void setModified(const fs::path& path, long seconds) {
    const struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0);
}

TEST(UpToDate, ContentDecidesNotTimes) {
    RecordedModel model;
    EXPECT_EQ(model.entry.inputs[0].path, "a.qc");
    EXPECT_EQ(model.entry.outputs[0].path, "models/a.mdl");
    EXPECT_TRUE(model.check().upToDate);
    // A checkout: new times, same bytes. Up to date.
    setModified(model.paths.source / "a.smd", 1000000);
    ModelVerdict verdict = model.check();
    EXPECT_TRUE(verdict.upToDate);
    // A stamp whose time still holds is trusted without reading the file; one that does not is
    // hashed and refreshed.
    model.entry.inputs[1].changedNs = 1;
    verdict = model.check();
    EXPECT_TRUE(verdict.upToDate);
    // Changed bytes of the same size, with the old modification time put back: still found.
    test::writeText(model.paths.source / "a.smd", "version 2\n");
    setModified(model.paths.source / "a.smd", 1000000);
    verdict = model.check();
    EXPECT_FALSE(verdict.upToDate);
    EXPECT_EQ(verdict.reason, "changed: a.smd");
    // Restored to the old bytes: unchanged again.
    test::writeText(model.paths.source / "a.smd", "version 1\n");
    EXPECT_TRUE(model.check().upToDate);
}

TEST(UpToDate, OutputsDeletedOrEditedAndANewCompilerMeanACompile) {
    RecordedModel model;
    EXPECT_FALSE(model.check("another tool").upToDate);
    test::writeText(model.paths.game / "models/a.mdl", "IDSX");
    ModelVerdict verdict = model.check();
    EXPECT_FALSE(verdict.upToDate);
    EXPECT_EQ(verdict.reason, "output changed or missing: models/a.mdl");
    fs::remove(model.paths.game / "models/a.mdl");
    EXPECT_FALSE(model.check().upToDate);
}

TEST(UpToDate, AFileWrittenWhileTheCompileRanIsNotTrusted) {
    RecordedModel model;
    Depfile depfile{{model.paths.game / "models/a.mdl"}, {model.paths.source / "a.qc"}};
    // The compile "started" before the file's time: the file may have changed under it.
    const auto entry = entryFromDepfile(depfile, "tool", "opts", model.paths, 0);
    ASSERT_TRUE(entry);
    EXPECT_TRUE(entry->inputs[0].hash.empty());
    model.entry = *entry;
    EXPECT_FALSE(model.check().upToDate);
}

TEST(UpToDate, AFailureIsTriedAgainWhenTheTreesFilesChange) {
    RecordedModel model;
    model.entry.failure = "error";
    model.entry.listing = treeListing(model.paths.source, model.paths.game);
    StampCache stamps;
    auto listing = [&] { return treeListing(model.paths.source, model.paths.game); };
    EXPECT_TRUE(checkModel(model.entry, "tool", "opts", model.paths, stamps, listing).upToDate);
    test::writeText(model.paths.source / "missing.smd", "version 1\n");
    const ModelVerdict verdict =
        checkModel(model.entry, "tool", "opts", model.paths, stamps, listing);
    EXPECT_FALSE(verdict.upToDate);
    EXPECT_EQ(verdict.reason, "files were added or removed in the tree");
}

TEST(NinjaFile, OneEdgePerNamedModelWithItsDepfileAndEscapedPaths) {
    NinjaRequest request;
    request.vtxc = "/opt/vtxc bin/vtxc";
    request.paths.source = "/src";
    request.paths.game = "/game";
    request.contentRoot = "/src";
    TreeModel a{"/src/a b.qc", "a b.qc", "props/a", true, true};
    TreeModel broken{"/src/broken.qc", "broken.qc", {}, false, false};
    request.models = {a, broken};
    std::vector<std::string> skipped;
    const std::string text = ninjaFileText(request, skipped);
    EXPECT_EQ(skipped, (std::vector<std::string>{"broken.qc"}));
    EXPECT_NE(text.find("build /game/models/props/a.mdl /game/models/props/a.layout.json "
                        "/game/models/props/a.vvd /game/models/props/a.dx90.vtx "
                        "/game/models/props/a.dx80.vtx /game/models/props/a.sw.vtx "
                        "/game/models/props/a.phy: vtxc_compile /src/a$ b.qc | /opt/vtxc$ "
                        "bin/vtxc\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("  qc = '/src/a b.qc'\n"), std::string::npos) << text;
    EXPECT_NE(text.find("deps = gcc"), std::string::npos);
    EXPECT_EQ(text.find("broken"), std::string::npos);
}

TEST(NinjaFile, ShellQuotingKeepsEveryWordWhole) {
    EXPECT_EQ(shellQuote("/plain/path.qc"), "/plain/path.qc");
    EXPECT_EQ(shellQuote("it's here"), "'it'\\''s here'");
    EXPECT_EQ(shellQuote(""), "''");
}

} // namespace
} // namespace vtxc
