// Tests of how the QC preprocessor reads macros as studiomdl does (docs/qc.md, "How studiomdl's
// preprocessor reads macros"): one test per rule on small hand-written QC text, and where a rule
// leaves an error, its code and line.
#include "formats/qc/qc_lexer.h"
#include "formats/qc/qc_preprocessor.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

class QcPreprocessorTest : public ::testing::Test {
  protected:
    // The preprocessed words of `qc` (the file proj/model.qc), joined by single spaces.
    std::string run(const std::string& qc) {
        files.addFile("proj/model.qc", qc);
        const QcPathResolver paths("proj", files);
        out = preprocessQc(paths, "model.qc", files, sink);
        std::string words;
        for (const QcToken& token : out.tokens)
            words += (words.empty() ? "" : " ") + token.text;
        return words;
    }

    // The token with this text, or nothing.
    const QcToken* find(const std::string& text) const {
        for (const QcToken& token : out.tokens)
            if (token.text == text) return &token;
        return nullptr;
    }

    std::string all() const {
        std::string text;
        for (const Diagnostic& d : sink.diagnostics())
            text += formatDiagnostic(d) + "\n";
        return text;
    }

    // The diagnostic with this code, checked to point at `line` of proj/model.qc.
    void expectAt(const std::string& code, std::uint32_t line) const {
        const Diagnostic* found = sink.find(code);
        ASSERT_NE(found, nullptr) << "no " << code << "; got:\n" << all();
        EXPECT_EQ(found->location.file, "proj/model.qc") << formatDiagnostic(*found);
        EXPECT_EQ(found->location.line, line) << formatDiagnostic(*found);
    }

    MemoryFileSystem files;
    CollectingSink sink;
    QcPreprocessed out;
};

// ---- the end of a macro body ----

TEST_F(QcPreprocessorTest, CommentLineEndingInTheMarkKeepsTheBodyGoing) {
    const std::string words = run("$definemacro Gesture name inner \\\\\n"
                                  "$sequence $name$ { \\\\\n"
                                  "  ikrule $inner$ release \\\\\n"
                                  "  // HACK until footsteps work \\\\\n"
                                  "  iklock $inner$ 1 0 \\\\\n"
                                  "} \\\\\n"
                                  "$continue $name$\n"
                                  "\n"
                                  "$Gesture turn lfoot\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    EXPECT_EQ(words, "$sequence turn { ikrule lfoot release iklock lfoot 1 0 } $continue turn");
}

TEST_F(QcPreprocessorTest, CommentLineHoldingTheMarkInsideKeepsTheBodyGoing) {
    const std::string words = run("$definemacro Shoot name file \\\\\n"
                                  "$sequence $name$ { \\\\\n"
                                  "\t$file$ \\\\\n"
                                  "\t//{ event 3014 0 \"\" } \\\\ // { event 3014 1 \"\" }\n"
                                  "\taddlayer aim \\\\\n"
                                  "} \\\\\n"
                                  "$continue $name$\n"
                                  "\n"
                                  "$Shoot shoot \"anims/shoot\"\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    EXPECT_EQ(words, "$sequence shoot { anims/shoot addlayer aim } $continue shoot");
}

TEST_F(QcPreprocessorTest, BlockCommentHoldingTheMarkKeepsTheBodyGoing) {
    const std::string words = run("$definemacro M a \\\\\n"
                                  "/* off for now: fps 10 \\\\ */\n"
                                  "$cdmaterials $a$\n"
                                  "\n"
                                  "$M x\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    EXPECT_EQ(words, "$cdmaterials x");
}

TEST_F(QcPreprocessorTest, CommentLineWithoutTheMarkEndsTheBody) {
    // Line 3 has no mark, so the body ends there and line 4 is outside the macro, where `$a$`
    // names nothing.
    run("$definemacro M a \\\\\n"
        "$cdmaterials $a$ \\\\\n"
        "// the end\n"
        "$cdmaterials $a$\n");
    expectAt("QC022", 4);
}

TEST_F(QcPreprocessorTest, BlankLineEndsABodyWhoseLastLineHasTheMark) {
    const std::string words = run("$definemacro M a \\\\\n"
                                  "$cdmaterials $a$ \\\\\n"
                                  "\n"
                                  "$modelname after\n"
                                  "$M x\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    EXPECT_EQ(words, "$modelname after $cdmaterials x");
}

TEST_F(QcPreprocessorTest, LineHoldingOnlyTheMarkIsAnEmptyBodyLine) {
    const std::string words = run("$definemacro M a \\\\\n"
                                  "$cdmaterials $a$ \\\\\n"
                                  "\\\\\n"
                                  "$modelname $a$\n"
                                  "$M x\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    EXPECT_EQ(words, "$cdmaterials x $modelname x");
}

// ---- macro calls ----

TEST_F(QcPreprocessorTest, CallInsideABodyTakesTheOuterArgumentsFromItsBodyLine) {
    const std::string words = run("$definemacro Inner name file \\\\\n"
                                  "$sequence $name$ $file$ \\\\\n"
                                  "$continue $name$\n"
                                  "\n"
                                  "$definemacro Outer name file fps \\\\\n"
                                  "$Inner $name$ $file$ \\\\\n"
                                  "$continue $name$ fps $fps$\n"
                                  "\n"
                                  "$Outer idle \"anims/idle\" 30\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    EXPECT_EQ(words, "$sequence idle anims/idle $continue idle $continue idle fps 30");
    // The argument put in whole still points where it was written.
    const QcToken* file = find("anims/idle");
    ASSERT_NE(file, nullptr);
    EXPECT_EQ(file->location.line, 9u);
    EXPECT_EQ(file->location.column, 13u);
}

TEST_F(QcPreprocessorTest, InnerCallWithTooFewWordsOnItsBodyLineIsAnErrorAtTheOuterCall) {
    run("$definemacro Inner name file \\\\\n"
        "$sequence $name$ $file$\n"
        "\n"
        "$definemacro Outer name \\\\\n"
        "$Inner $name$ \\\\\n"
        "$cdmaterials x\n"
        "\n"
        "$Outer idle\n");
    expectAt("QC021", 8);
}

TEST_F(QcPreprocessorTest, WordsAfterTheArgumentsFollowTheExpansion) {
    const std::string words = run("$definemacro Idle name file \\\\\n"
                                  "$sequence $name$ $file$ loop \\\\\n"
                                  "$continue $name$\n"
                                  "\n"
                                  "$Idle idle_smg \"anims/idle\" ACT_IDLE_SMG1 1\n"
                                  "$modelname next\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    EXPECT_EQ(words,
              "$sequence idle_smg anims/idle loop $continue idle_smg ACT_IDLE_SMG1 1 $modelname "
              "next");
}

TEST_F(QcPreprocessorTest, WordsAfterANestedCallsArgumentsStayInTheOuterBody) {
    const std::string words = run("$definemacro Plain name \\\\\n"
                                  "$sequence $name$ frame 0 0 \\\\\n"
                                  "$continue $name$\n"
                                  "\n"
                                  "$definemacro WithIk name \\\\\n"
                                  "$Plain $name$ ikrule \"lhand\" touch \"hand\" \\\\\n"
                                  "$continue $name$\n"
                                  "\n"
                                  "$WithIk idle ACT_IDLE 1\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    EXPECT_EQ(words, "$sequence idle frame 0 0 $continue idle ikrule lhand touch hand "
                     "$continue idle ACT_IDLE 1");
}

TEST_F(QcPreprocessorTest, CallsInsideAnAppendBlockExpandInPlace) {
    const std::string words = run("$definemacro Kv apex \\\\\n"
                                  "keyvalues { faceposer { \"apex\" $apex$ } }\n"
                                  "\n"
                                  "$definemacro Signals fps \\\\\n"
                                  "$sequence wave anims/wave fps $fps$ \\\\\n"
                                  "$append wave { $Kv 9 }\n"
                                  "\n"
                                  "$Signals 24\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    EXPECT_EQ(words, "$sequence wave anims/wave fps 24 $append wave { keyvalues { faceposer { apex "
                     "9 } } }");
}

TEST_F(QcPreprocessorTest, VariablesDefinedInsideABodyUseTheArguments) {
    const std::string words = run("$definemacro M name \\\\\n"
                                  "$definevariable seq $name$_loop \\\\\n"
                                  "$sequence $seq$ anims/$name$\n"
                                  "\n"
                                  "$M walk\n"
                                  "$continue $seq$\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    EXPECT_EQ(words, "$sequence walk_loop anims/walk $continue walk_loop");
}

TEST_F(QcPreprocessorTest, AQuotedArgumentReadsAsABareWordInTheBody) {
    run("$definemacro Walk name act \\\\\n"
        "$sequence $name$ anims/walk keyvalues { interior $act$ } \\\\\n"
        "$continue $name$\n"
        "\n"
        "$Walk \"walk_all\" \"ACT_IDLE_RIFLE\"\n"
        "$Walk run_all \"has space\"\n");
    EXPECT_EQ(sink.errorCount(), 0u) << all();
    const QcToken* act = find("ACT_IDLE_RIFLE");
    ASSERT_NE(act, nullptr);
    EXPECT_TRUE(act->isWord());
    const QcToken* name = find("walk_all");
    ASSERT_NE(name, nullptr);
    EXPECT_TRUE(name->isWord());
    // Text with a space stays one quoted word.
    const QcToken* spaced = find("has space");
    ASSERT_NE(spaced, nullptr);
    EXPECT_EQ(spaced->kind, QcTokenKind::String);
}

// ---- the lexer's part ----

TEST(QcLexerComments, LinesOfCommentsHoldingTheMarkAreListed) {
    CollectingSink sink;
    const QcLexedFile lexed = lexQcFile("a \\\\\n"        // 1: a word, not a comment
                                        "// x \\\\ y\n"   // 2
                                        "// path a\\b\n"  // 3: one backslash is no mark
                                        "b // \\\\\\\\\n" // 4: listed once
                                        "/* \\\\\n"       // 5
                                        "\\\\ */ c\n",    // 6
                                        "m.qc", sink);
    EXPECT_EQ(lexed.continuationCommentLines, (std::vector<std::uint32_t>{2, 4, 5, 6}));
    EXPECT_EQ(lexed.tokens.size(), 4u); // a, \\, b, c
}

} // namespace
} // namespace vtxc
