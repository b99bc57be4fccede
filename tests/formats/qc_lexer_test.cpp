// Tests of the QC tokenizer: token kinds, positions, comments, strings, and brace checks.
// Syntax per docs/qc.md; every bad-input test asserts the code and the line.
#include "formats/qc/qc_lexer.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

std::vector<QcToken> lex(const std::string& text, CollectingSink& sink) {
    return lexQc(text, "t.qc", sink);
}

std::vector<std::string> texts(const std::vector<QcToken>& tokens) {
    std::vector<std::string> out;
    for (const QcToken& token : tokens)
        out.push_back(token.text);
    return out;
}

TEST(QcLexer, SplitsWordsStringsAndBraces) {
    CollectingSink sink;
    const auto tokens = lex("$bodygroup \"studio\"{studio x.smd}\n", sink);
    EXPECT_EQ(texts(tokens),
              (std::vector<std::string>{"$bodygroup", "studio", "{", "studio", "x.smd", "}"}));
    EXPECT_EQ(tokens[0].kind, QcTokenKind::Word);
    EXPECT_EQ(tokens[1].kind, QcTokenKind::String);
    EXPECT_EQ(tokens[2].kind, QcTokenKind::OpenBrace);
    EXPECT_EQ(tokens[5].kind, QcTokenKind::CloseBrace);
    EXPECT_FALSE(sink.hasErrors());
}

TEST(QcLexer, RecordsFileLineAndColumn) {
    CollectingSink sink;
    const auto tokens = lex("$a\n\t$lod 10\n  {\n", sink);
    ASSERT_EQ(tokens.size(), 4u);
    EXPECT_EQ(tokens[1].location.file, "t.qc");
    EXPECT_EQ(tokens[1].location.line, 2u);
    EXPECT_EQ(tokens[1].location.column, 2u);
    EXPECT_EQ(tokens[2].location.column, 7u);
    EXPECT_EQ(tokens[3].location.line, 3u);
    EXPECT_EQ(tokens[3].location.column, 3u);
}

TEST(QcLexer, BackslashesInStringsAreSeparatorsNotEscapes) {
    CollectingSink sink;
    const auto tokens = lex("$cdmaterials \"models\\weapons\\w_grenade\\\"\n$next", sink);
    ASSERT_EQ(tokens.size(), 3u);
    EXPECT_EQ(tokens[1].text, "models\\weapons\\w_grenade\\");
    EXPECT_EQ(tokens[2].text, "$next");
    EXPECT_FALSE(sink.hasErrors());
}

TEST(QcLexer, SkipsLineAndBlockComments) {
    CollectingSink sink;
    const auto tokens = lex("$a // note { \"\n/* {\n } */ $b/*x*/c // end", sink);
    EXPECT_EQ(texts(tokens), (std::vector<std::string>{"$a", "$b", "c"}));
    EXPECT_EQ(tokens[1].location.line, 3u);
    EXPECT_FALSE(sink.hasErrors());
}

TEST(QcLexer, HandlesCrLfAndByteOrderMark) {
    CollectingSink sink;
    const auto tokens = lex("\xEF\xBB\xBF$a \"b\"\r\n$c\r\n", sink);
    EXPECT_EQ(texts(tokens), (std::vector<std::string>{"$a", "b", "$c"}));
    EXPECT_EQ(tokens[2].location.line, 2u);
    EXPECT_EQ(tokens[0].location.column, 1u);
}

TEST(QcLexer, UnterminatedStringIsReportedWhereItOpens) {
    CollectingSink sink;
    const auto tokens = lex("$a\n$body x \"ref.smd\n$b", sink);
    const Diagnostic* error = sink.find("QC002");
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->location.line, 2u);
    EXPECT_EQ(error->location.column, 9u);
    // The string ends at its line, so the next command is still seen.
    EXPECT_EQ(tokens.back().text, "$b");
}

TEST(QcLexer, UnterminatedBlockCommentIsReportedWhereItOpens) {
    CollectingSink sink;
    lex("$a\n\n  /* never closed\n$b", sink);
    const Diagnostic* error = sink.find("QC003");
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->location.line, 3u);
    EXPECT_EQ(error->location.column, 3u);
}

TEST(QcLexer, StopsAtTheErrorLimit) {
    CollectingSink sink;
    std::string text;
    for (int i = 0; i < 100; ++i)
        text += "\"open\n";
    lex(text, sink);
    EXPECT_EQ(sink.errorCount(), DiagnosticSink::kErrorLimit);
}

TEST(QcLexer, UnclosedBraceNamesWhereItOpened) {
    CollectingSink sink;
    const auto tokens = lex("$lod 10\n{\n replacemodel a b\n$lod 20 { replacemodel a c }\n", sink);
    EXPECT_FALSE(checkQcBraces(tokens, sink));
    const Diagnostic* error = sink.find("QC005");
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->location.line, 2u);
    EXPECT_EQ(error->location.column, 1u);
}

TEST(QcLexer, CloseBraceWithoutOpenIsReportedWhereItIs) {
    CollectingSink sink;
    const auto tokens = lex("$a { }\n  }\n", sink);
    EXPECT_FALSE(checkQcBraces(tokens, sink));
    const Diagnostic* error = sink.find("QC004");
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->location.line, 2u);
    EXPECT_EQ(error->location.column, 3u);
}

TEST(QcLexer, BalancedBracesPass) {
    CollectingSink sink;
    const auto tokens = lex("$t x { { a } { b } }", sink);
    EXPECT_TRUE(checkQcBraces(tokens, sink));
    EXPECT_FALSE(sink.hasErrors());
}

TEST(QcLexer, RecognisesLineContinuationMarks) {
    CollectingSink sink;
    const auto tokens = lex("\\\\ \\ a\\ \"\\\\\"", sink);
    ASSERT_EQ(tokens.size(), 4u);
    EXPECT_TRUE(isQcLineContinuation(tokens[0]));
    EXPECT_TRUE(isQcLineContinuation(tokens[1]));
    EXPECT_FALSE(isQcLineContinuation(tokens[2]));
    EXPECT_FALSE(isQcLineContinuation(tokens[3])); // a quoted string is never a mark
}

} // namespace
} // namespace vtxc
