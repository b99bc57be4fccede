// QC tokenizer: bare words, quoted strings, braces and comments, each token with file:line:col.
// Syntax as docs/qc.md describes it (backslashes in strings are path separators).
#pragma once

#include "formats/common/diagnostics.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

enum class QcTokenKind { Word, String, OpenBrace, CloseBrace };

struct QcToken {
    QcTokenKind kind = QcTokenKind::Word;
    std::string text;        // a string's text without its quotes; "{" or "}" for braces
    SourceLocation location; // where the text was written
    // For tokens that came out of a macro body: the outermost macro call that produced them.
    std::optional<SourceLocation> expandedAt;

    // Where diagnostics about this token point: the macro call for macro output, else the text.
    const SourceLocation& where() const { return expandedAt ? *expandedAt : location; }
    bool isWord() const { return kind == QcTokenKind::Word; }
    bool isText() const { return kind == QcTokenKind::Word || kind == QcTokenKind::String; }
    bool isBrace() const { return !isText(); }
    // A bare word starting with '$' (a command, macro call or directive).
    bool isDollarWord() const { return isWord() && !text.empty() && text.front() == '$'; }
};

// Splits one file's text into tokens. Reports unterminated strings (a string ends at its line) and
// block comments; keeps going after them so one run shows every such mistake (up to the sink's
// error limit, where it stops).
std::vector<QcToken> lexQc(std::string_view text, const std::string& fileName,
                           DiagnosticSink& sink);

// One file's tokens, and the lines whose comments hold the `\\` continuation mark: studiomdl
// continues a $definemacro body past such a line (docs/qc.md, "How studiomdl's preprocessor reads
// macros"), though the comment itself yields no token.
struct QcLexedFile {
    std::vector<QcToken> tokens;
    std::vector<std::uint32_t> continuationCommentLines; // ascending, each line once
};

// lexQc, keeping the lines of comments that hold `\\` as well.
QcLexedFile lexQcFile(std::string_view text, const std::string& fileName, DiagnosticSink& sink);

// Checks that braces pair up: a '}' without '{' is reported where it is, and a '{' never closed is
// reported where it opened. Returns true when they balance.
bool checkQcBraces(std::span<const QcToken> tokens, DiagnosticSink& sink);

// True for a bare word made only of backslashes: the line-continuation mark of $definemacro bodies.
bool isQcLineContinuation(const QcToken& token);

} // namespace vtxc
