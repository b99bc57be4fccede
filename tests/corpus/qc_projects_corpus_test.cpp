// The QCs of the real model-source tree projects/modelsrc (MANIFEST.md) get through the QC
// reader's lexer and preprocessor without errors when read with the tree as content root: their
// macros use every rule of docs/qc.md, "How studiomdl's preprocessor reads macros". Later stages
// (sequences, animation-only models) are checked elsewhere.
#include "formats/common/text.h"
#include "formats/qc/qc_preprocessor.h"
#include "formats/qc/qc_project.h"
#include "testing/test_support.h"

#include <cctype>
#include <gtest/gtest.h>
#include <set>
#include <string>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

// The codes of the lexer and the preprocessor (qc_codes.h): reading, UTF-8, comments, strings and
// braces, includes, macros and variables, the expansion budget. QC030 is left out: the command
// interpreter reports it too.
const std::set<std::string> kPreprocessorCodes = {
    "QC001", "QC002", "QC003", "QC004", "QC005", "QC006", "QC007",
    "QC010", "QC011", "QC012", "QC013", "QC014", "QC015", "QC016",
    "QC017", "QC020", "QC021", "QC022", "QC023", "QC024", "QC025"};

const char* const kProjectQcs[] = {"combine_soldier_anims.qc",   "police_animations.qc",
                                   "monk_animations.qc",         "vortigaunt_anims_shared_hl2.qc",
                                   "door01_left/door01_left.qc", "door01_left/door01b_left.qc",
                                   "labturret_npc/labturret.qc", "weapons/w_357.qc"};

fs::path modelsrc() {
    return test::corpusDir() / "projects" / "modelsrc";
}

class QcProjectsCorpusTest : public ::testing::TestWithParam<const char*> {};

TEST_P(QcProjectsCorpusTest, ReadsWithoutPreprocessorErrors) {
    VTXC_REQUIRE_CORPUS();
    const fs::path qc = modelsrc() / GetParam();
    ASSERT_TRUE(fs::is_regular_file(qc)) << qc;
    CollectingSink sink;
    (void)readQcProject(qc, sink, modelsrc()); // later stages may still fail: not this test's part
    std::string preprocessorErrors;
    for (const Diagnostic& d : sink.diagnostics())
        if (d.severity == Severity::Error && kPreprocessorCodes.count(d.code))
            preprocessorErrors += formatDiagnostic(d) + "\n";
    EXPECT_EQ(preprocessorErrors, "");
}

TEST_P(QcProjectsCorpusTest, ExpandsEveryMacroAndContinuationMark) {
    VTXC_REQUIRE_CORPUS();
    const fs::path qc = modelsrc() / GetParam();
    RealFileSystem files;
    RelativePath folder;
    for (const fs::path& part : fs::path(GetParam()).parent_path())
        folder.push_back(part.string());
    const QcPathResolver paths(modelsrc(), files, folder);
    CollectingSink sink;
    const QcPreprocessed out = preprocessQc(paths, qc.filename().string(), files, sink);
    ASSERT_FALSE(out.truncated);
    ASSERT_FALSE(out.tokens.empty());
    for (const QcToken& token : out.tokens) {
        // No continuation mark, directive or `$name$` reference is left for the interpreter.
        const std::string at = token.where().file + ":" + std::to_string(token.where().line);
        EXPECT_FALSE(isQcLineContinuation(token)) << at;
        EXPECT_NE(asciiLower(token.text), "$definemacro") << at;
        EXPECT_NE(asciiLower(token.text), "$definevariable") << at;
    }
}

INSTANTIATE_TEST_SUITE_P(Modelsrc, QcProjectsCorpusTest, ::testing::ValuesIn(kProjectQcs),
                         [](const ::testing::TestParamInfo<const char*>& param) {
                             std::string name;
                             for (const char c : std::string(param.param))
                                 name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                             return name;
                         });

} // namespace
} // namespace vtxc
