// $pushd and $popd: the stack of folders that the file names of $sequence, $animation, $model and
// the other file commands are relative to (docs/qc.md, "Folders: $pushd and $popd"). The trees are
// held in memory; each test reads which file every name resolved to.
#include "formats/qc/qc_project.h"
#include "testing/diagnostic_text.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

class QcPushdTest : public ::testing::Test {
  protected:
    QcPushdTest() {
        for (const char* name :
             {"tree/models/ref.smd", "tree/models/walk.smd", "tree/models/anims/walk.smd",
              "tree/models/anims/run.smd", "tree/models/anims/sub/walk.smd",
              "tree/models/anims/male/walk.smd", "tree/shared/walk.smd", "tree/walk.smd"})
            files.addFile(name, "version 1\n");
    }

    // Reads tree/models/model.qc with the content root `tree`.
    std::optional<QcProject> read(const std::string& body) {
        files.addFile("tree/models/model.qc", "$modelname \"m.mdl\"\n$body b \"ref\"\n" + body);
        return readQcProject("tree/models/model.qc", files, sink, fs::path("tree"));
    }

    // The file the first source of the sequence named `name` resolved to.
    static fs::path sourceOf(const QcProject& project, const std::string& name) {
        for (const auto* list : {&project.sequences, &project.animations})
            for (const QcSequence& entry : *list)
                if (entry.name == name && !entry.animationFiles.empty())
                    return entry.animationFiles.front().path;
        return {};
    }

    std::string all() const { return test::diagnosticsText(sink); }

    MemoryFileSystem files;
    CollectingSink sink;
};

TEST_F(QcPushdTest, NestedFoldersJoinAndPopdReturnsToEachEarlierOne) {
    auto project = read("$sequence a \"walk\"\n"
                        "$pushd \"anims\"\n"
                        "$sequence b \"walk\"\n"
                        "$pushd \"sub\"\n"
                        "$sequence c \"walk\"\n"
                        "$popd\n"
                        "$sequence d \"walk\"\n"
                        "$animation e \"run\"\n"
                        "$popd\n"
                        "$sequence f \"walk\"\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(sourceOf(*project, "a"), fs::path("tree/models/walk.smd"));
    EXPECT_EQ(sourceOf(*project, "b"), fs::path("tree/models/anims/walk.smd"));
    EXPECT_EQ(sourceOf(*project, "c"), fs::path("tree/models/anims/sub/walk.smd"));
    EXPECT_EQ(sourceOf(*project, "d"), fs::path("tree/models/anims/walk.smd"));
    EXPECT_EQ(sourceOf(*project, "e"), fs::path("tree/models/anims/run.smd"));
    EXPECT_EQ(sourceOf(*project, "f"), fs::path("tree/models/walk.smd"));
    EXPECT_EQ(sink.find("QC051"), nullptr) << all();
    EXPECT_EQ(sink.find("QC061"), nullptr) << all(); // neither command is "not implemented"
}

TEST_F(QcPushdTest, BackslashesSeparateAndDotDotClimbsInsideTheContentRoot) {
    auto project = read("$pushd \"anims\\male\"\n"
                        "$sequence a \"walk\"\n"
                        "$popd\n"
                        "$pushd \"..\\shared\"\n"
                        "$sequence b \"walk.smd\"\n"
                        "$popd\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(sourceOf(*project, "a"), fs::path("tree/models/anims/male/walk.smd"));
    EXPECT_EQ(sourceOf(*project, "b"), fs::path("tree/shared/walk.smd"));
}

// A $pushd in an included file names its folder from the QC's folder (the folder in force), not
// from the included file's folder: the way L4D1_PistolAnims.qci, in l4d1_ported_anims/, pushes
// "l4d1_ported_anims\male". The $include itself is not affected by the folder pushed before it.
TEST_F(QcPushdTest, PushdInAnIncludedFileIsRelativeToTheFolderInForce) {
    files.addFile("tree/models/anims/part.qci", "$pushd \"anims\\sub\"\n"
                                                "$sequence inner \"walk\"\n"
                                                "$popd\n");
    auto project = read("$pushd \"anims\"\n"
                        "$popd\n"
                        "$include \"anims/part.qci\"\n"
                        "$sequence after \"walk\"\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(sourceOf(*project, "inner"), fs::path("tree/models/anims/sub/walk.smd"));
    EXPECT_EQ(sourceOf(*project, "after"), fs::path("tree/models/walk.smd"));
}

TEST_F(QcPushdTest, IncludeBetweenPushdAndPopdIsStillFoundBesideTheQc) {
    files.addFile("tree/models/shared.qci", "$sequence inner \"walk\"\n");
    auto project = read("$pushd \"anims\"\n"
                        "$include \"shared.qci\"\n"
                        "$popd\n");
    ASSERT_TRUE(project) << all();
    // The .qci is the one beside the QC; the file it names is looked up in the pushed folder.
    EXPECT_EQ(sourceOf(*project, "inner"), fs::path("tree/models/anims/walk.smd"));
}

TEST_F(QcPushdTest, PopdWithoutPushdWarnsAtItsLineAndKeepsTheQcFolder) {
    files.addFile("tree/models/extra.qci", "\n$popd\n");
    auto project = read("$pushd \"anims\"\n"
                        "$popd\n"
                        "$include \"extra.qci\"\n"
                        "$sequence a \"walk\"\n");
    ASSERT_TRUE(project) << all();
    const Diagnostic* underflow = sink.find("QC064");
    ASSERT_NE(underflow, nullptr) << all();
    EXPECT_EQ(underflow->severity, Severity::Warning);
    EXPECT_EQ(fs::path(underflow->location.file), fs::path("tree/models/extra.qci"));
    EXPECT_EQ(underflow->location.line, 2u);
    EXPECT_EQ(sourceOf(*project, "a"), fs::path("tree/models/walk.smd"));
}

TEST_F(QcPushdTest, AFolderOutsideTheContentRootMakesItsFilesMissingUntilPopd) {
    auto project = read("$pushd \"../../outside\"\n"
                        "$sequence a \"walk\"\n"
                        "$pushd \"deeper\"\n"
                        "$sequence b \"walk\"\n"
                        "$popd\n"
                        "$popd\n"
                        "$sequence c \"walk\"\n");
    ASSERT_TRUE(project) << all();
    std::vector<std::uint32_t> missingLines;
    for (const Diagnostic& d : sink.diagnostics())
        if (d.code == "QC051") {
            missingLines.push_back(d.location.line);
            EXPECT_NE(d.message.find("outside the content root"), std::string::npos) << d.message;
        }
    EXPECT_EQ(missingLines, (std::vector<std::uint32_t>{4, 6})) << all();
    EXPECT_EQ(sourceOf(*project, "c"), fs::path("tree/models/walk.smd"));
    EXPECT_EQ(sink.find("QC064"), nullptr) << all();
}

TEST_F(QcPushdTest, AbsoluteFolderIsAnErrorAtItsLine) {
    auto project = read("$pushd \"C:\\models\\anims\"\n"
                        "$popd\n");
    EXPECT_FALSE(project);
    const Diagnostic* absolute = sink.find("QC013");
    ASSERT_NE(absolute, nullptr) << all();
    EXPECT_EQ(absolute->location.line, 3u);
    EXPECT_EQ(sink.find("QC064"), nullptr) << all(); // the failed $pushd still pairs with $popd
}

TEST_F(QcPushdTest, MeshesFollowThePushedFolderAndIncludedModelsDoNot) {
    files.addFile("tree/models/anims/body.smd", "version 1\n");
    files.addFile("tree/models/base.mdl", "IDST");
    auto project = read("$pushd \"anims\"\n"
                        "$model second \"body\"\n"
                        "$includemodel \"base.mdl\"\n"
                        "$popd\n");
    ASSERT_TRUE(project) << all();
    ASSERT_EQ(project->bodyParts.size(), 2u);
    ASSERT_TRUE(project->bodyParts[1].models[0].mesh);
    EXPECT_EQ(project->bodyParts[1].models[0].mesh->path, fs::path("tree/models/anims/body.smd"));
    ASSERT_EQ(project->includedModels.size(), 1u);
    EXPECT_TRUE(project->includedModels[0].found);
    EXPECT_EQ(project->includedModels[0].path, fs::path("tree/models/base.mdl"));
}

TEST_F(QcPushdTest, PushdWithoutAFolderIsReported) {
    auto project = read("$pushd\n");
    EXPECT_FALSE(project);
    const Diagnostic* missing = sink.find("QC030");
    ASSERT_NE(missing, nullptr) << all();
    EXPECT_EQ(missing->location.line, 3u);
}

} // namespace
} // namespace vtxc
