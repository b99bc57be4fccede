// QC tokenizer: bare words, quoted strings, braces, `//` and `/* */` comments, with positions.
// Syntax as docs/qc.md describes it; no escapes exist inside strings.
#include "formats/qc/qc_lexer.h"

#include "formats/common/text_safety.h"
#include "formats/qc/qc_codes.h"

#include <cstdint>

namespace vtxc {

namespace {

class QcLexer {
  public:
    QcLexer(std::string_view text, const std::string& fileName, DiagnosticSink& sink)
        : text_(text), fileName_(fileName), sink_(sink) {}

    QcLexedFile run() {
        skipByteOrderMark();
        // Past the error limit the rest would only repeat the damage.
        while (!atEnd() && !sink_.errorLimitReached()) {
            const char c = text_[pos_];
            if (isSpace(c)) {
                advance();
            } else if (startsWith("//")) {
                skipLineComment();
            } else if (startsWith("/*")) {
                skipBlockComment();
            } else if (c == '"') {
                readString();
            } else if (c == '{' || c == '}') {
                push(c == '{' ? QcTokenKind::OpenBrace : QcTokenKind::CloseBrace, std::string(1, c),
                     here());
                advance();
            } else {
                readWord();
            }
        }
        return std::move(out_);
    }

  private:
    static bool isSpace(char c) { return static_cast<unsigned char>(c) <= ' '; }
    bool atEnd() const { return pos_ >= text_.size(); }
    bool startsWith(std::string_view prefix) const {
        return text_.substr(pos_, prefix.size()) == prefix;
    }
    SourceLocation here() const { return {fileName_, line_, column_}; }

    void advance() {
        if (text_[pos_] == '\n') {
            ++line_;
            column_ = 1;
        } else {
            ++column_;
        }
        ++pos_;
    }

    void skipByteOrderMark() {
        if (startsWith("\xEF\xBB\xBF")) pos_ += 3;
    }

    void skipLineComment() {
        while (!atEnd() && text_[pos_] != '\n') {
            noteContinuationMark();
            advance();
        }
    }

    // A `\\` inside a comment still continues a $definemacro body (observed in real QCs).
    void noteContinuationMark() {
        if (!startsWith("\\\\")) return;
        std::vector<std::uint32_t>& lines = out_.continuationCommentLines;
        if (lines.empty() || lines.back() != line_) lines.push_back(line_);
    }

    void skipBlockComment() {
        const SourceLocation opened = here();
        advance();
        advance();
        while (!atEnd() && !startsWith("*/")) {
            noteContinuationMark();
            advance();
        }
        if (atEnd()) {
            sink_.report(kQcCodes["QC003"], opened,
                         "the /* comment that starts here is never closed; end it with */");
            return;
        }
        advance();
        advance();
    }

    // A string ends at its closing quote; a line break first means the quote was forgotten.
    void readString() {
        const SourceLocation opened = here();
        advance();
        const std::size_t start = pos_;
        while (!atEnd() && text_[pos_] != '"' && text_[pos_] != '\n')
            advance();
        std::string value(text_.substr(start, pos_ - start));
        if (!value.empty() && value.back() == '\r') value.pop_back();
        if (atEnd() || text_[pos_] == '\n') {
            sink_.report(kQcCodes["QC002"], opened,
                         "the string that starts here has no closing quote on its line; add the "
                         "missing \"");
        } else {
            advance();
        }
        push(QcTokenKind::String, std::move(value), opened);
    }

    void readWord() {
        const SourceLocation start = here();
        const std::size_t begin = pos_;
        // Past the error limit the rest would only repeat the damage.
        while (!atEnd() && !sink_.errorLimitReached()) {
            const char c = text_[pos_];
            if (isSpace(c) || c == '"' || c == '{' || c == '}') break;
            if (startsWith("//") || startsWith("/*")) break;
            advance();
        }
        push(QcTokenKind::Word, std::string(text_.substr(begin, pos_ - begin)), start);
    }

    void push(QcTokenKind kind, std::string text, SourceLocation where) {
        // Names and paths end up in JSON files, which must be UTF-8; a string token's text starts
        // one column after its opening quote.
        if (const std::size_t bad = firstInvalidUtf8(text); bad != std::string::npos) {
            SourceLocation at = where;
            at.column += static_cast<std::uint32_t>(bad) + (kind == QcTokenKind::String ? 1 : 0);
            sink_.report(kQcCodes["QC007"], at,
                         "'" + printableText(text) +
                             "' is not UTF-8 text; save the QC (and what it includes) as UTF-8");
        }
        QcToken token;
        token.kind = kind;
        token.text = std::move(text);
        token.location = std::move(where);
        out_.tokens.push_back(std::move(token));
    }

    std::string_view text_;
    const std::string& fileName_;
    DiagnosticSink& sink_;
    std::size_t pos_ = 0;
    std::uint32_t line_ = 1;
    std::uint32_t column_ = 1;
    QcLexedFile out_;
};

} // namespace

QcLexedFile lexQcFile(std::string_view text, const std::string& fileName, DiagnosticSink& sink) {
    return QcLexer(text, fileName, sink).run();
}

std::vector<QcToken> lexQc(std::string_view text, const std::string& fileName,
                           DiagnosticSink& sink) {
    return lexQcFile(text, fileName, sink).tokens;
}

bool checkQcBraces(std::span<const QcToken> tokens, DiagnosticSink& sink) {
    std::vector<const QcToken*> open;
    bool balanced = true;
    for (const QcToken& token : tokens) {
        if (token.kind == QcTokenKind::OpenBrace) {
            open.push_back(&token);
        } else if (token.kind == QcTokenKind::CloseBrace) {
            if (!open.empty()) {
                open.pop_back();
                continue;
            }
            balanced = false;
            sink.report(kQcCodes["QC004"], token.where(),
                        "this '}' closes no '{'; remove it or add the '{' it belongs to");
            if (sink.errorLimitReached()) return false;
        }
    }
    if (!open.empty()) {
        // The outermost unclosed brace: inner ones were closed by the '}' meant for it.
        std::string message = "the '{' opened here is never closed; add the missing '}'";
        if (open.size() > 1)
            message += " (" + std::to_string(open.size()) + " blocks are left open in all)";
        sink.report(kQcCodes["QC005"], open.front()->where(), message);
        balanced = false;
    }
    return balanced;
}

bool isQcLineContinuation(const QcToken& token) {
    return token.isWord() && !token.text.empty() &&
           token.text.find_first_not_of('\\') == std::string::npos;
}

} // namespace vtxc
