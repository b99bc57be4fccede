// Reader of KeyValues text (version 1). The syntax follows the Valve Developer Community wiki page
// "KeyValues" and the game files it is used on (scripts/surfaceproperties*.txt): blocks are read
// with an explicit stack, so nesting costs no recursion, and the depth is capped.
#include "formats/keyvalues/keyvalues_reader.h"

#include "formats/common/file_io.h"
#include "formats/common/text.h"
#include "formats/common/text_safety.h"
#include "formats/keyvalues/keyvalues_codes.h"

#include <cstdint>

namespace vtxc {

const KeyValuesEntry* KeyValuesEntry::find(std::string_view wanted) const {
    for (const KeyValuesEntry& child : children)
        if (equalsIgnoringAsciiCase(child.key, wanted)) return &child;
    return nullptr;
}

namespace {

// A name in quotes for a message, unprintable bytes escaped.
std::string inQuotes(std::string_view text) {
    std::string out(1, '\'');
    out += printableText(text);
    out += '\'';
    return out;
}

enum class TokenKind { Text, Open, Close, End, Error };

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;
    SourceLocation at;
};

class Tokenizer {
  public:
    Tokenizer(std::string_view text, const std::string& fileName, DiagnosticSink& sink)
        : text_(text), fileName_(fileName), sink_(sink) {}

    Token next() {
        skipSpaceAndComments();
        Token token;
        token.at = {fileName_, line_, column_};
        if (at_ >= text_.size()) return token;
        const char c = text_[at_];
        if (c == '{' || c == '}') {
            token.kind = c == '{' ? TokenKind::Open : TokenKind::Close;
            token.text = std::string(1, c);
            advance();
            return token;
        }
        token.kind = TokenKind::Text;
        if (c == '"') return quotedString(std::move(token));
        const std::size_t start = at_;
        while (at_ < text_.size() && !isSpace(text_[at_]) && text_[at_] != '"' &&
               text_[at_] != '{' && text_[at_] != '}')
            advance();
        token.text = std::string(text_.substr(start, at_ - start));
        return token;
    }

  private:
    static bool isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    }

    void advance() {
        if (text_[at_] == '\n') {
            ++line_;
            column_ = 1;
        } else {
            ++column_;
        }
        ++at_;
    }

    void skipSpaceAndComments() {
        while (at_ < text_.size()) {
            if (isSpace(text_[at_])) {
                advance();
            } else if (text_.compare(at_, 2, "//") == 0) {
                while (at_ < text_.size() && text_[at_] != '\n')
                    advance();
            } else {
                return;
            }
        }
    }

    // A string ends at its closing quote on the same line.
    Token quotedString(Token token) {
        advance(); // the opening quote
        const std::size_t start = at_;
        while (at_ < text_.size() && text_[at_] != '"' && text_[at_] != '\n')
            advance();
        if (at_ >= text_.size() || text_[at_] != '"') {
            sink_.report(kKeyValuesCodes["KVT001"], token.at,
                         "the string that starts here is not closed on its line; add the "
                         "closing '\"'");
            token.kind = TokenKind::Error;
            return token;
        }
        token.text = std::string(text_.substr(start, at_ - start));
        advance(); // the closing quote
        return token;
    }

    std::string_view text_;
    const std::string& fileName_;
    DiagnosticSink& sink_;
    std::size_t at_ = 0;
    std::uint32_t line_ = 1;
    std::uint32_t column_ = 1;
};

} // namespace

std::optional<KeyValuesDocument> parseKeyValues(std::string_view text, const std::string& fileName,
                                                DiagnosticSink& sink) {
    KeyValuesDocument document;
    document.fileName = fileName;
    Tokenizer tokens(text, fileName, sink);
    // The open blocks: where each entry goes, and where its '{' was (for KVT005).
    std::vector<std::vector<KeyValuesEntry>*> containers{&document.entries};
    std::vector<SourceLocation> opened;
    for (;;) {
        Token token = tokens.next();
        switch (token.kind) {
        case TokenKind::Error:
            return std::nullopt;
        case TokenKind::End:
            if (!opened.empty()) {
                sink.report(kKeyValuesCodes["KVT005"], opened.back(),
                            "this '{' is never closed; add the missing '}'");
                return std::nullopt;
            }
            return document;
        case TokenKind::Close:
            if (opened.empty()) {
                sink.report(kKeyValuesCodes["KVT004"], token.at,
                            "this '}' closes no '{'; remove it, or add the '{' it belongs to");
                return std::nullopt;
            }
            opened.pop_back();
            containers.pop_back();
            continue;
        case TokenKind::Open:
            sink.report(kKeyValuesCodes["KVT003"], token.at,
                        "a '{' with no key before it; name the block: \"name\" { ... }");
            return std::nullopt;
        case TokenKind::Text:
            break;
        }
        KeyValuesEntry entry;
        entry.key = std::move(token.text);
        entry.keyAt = token.at;
        Token value = tokens.next();
        if (value.kind == TokenKind::Error) return std::nullopt;
        if (value.kind == TokenKind::Text) {
            entry.value = std::move(value.text);
            entry.valueAt = value.at;
            containers.back()->push_back(std::move(entry));
            continue;
        }
        if (value.kind != TokenKind::Open) {
            sink.report(kKeyValuesCodes["KVT002"], entry.keyAt,
                        inQuotes(entry.key) +
                            " has no value or block after it; write \"key\" \"value\" or "
                            "\"key\" { ... }");
            return std::nullopt;
        }
        if (opened.size() >= static_cast<std::size_t>(kKeyValuesMaxDepth)) {
            sink.report(kKeyValuesCodes["KVT006"], value.at,
                        "blocks are nested deeper than " + std::to_string(kKeyValuesMaxDepth) +
                            " here; this is not a KeyValues file vtxc reads");
            return std::nullopt;
        }
        entry.isBlock = true;
        entry.valueAt = value.at;
        containers.back()->push_back(std::move(entry));
        // The parent gains no entry while this block is open, so the pointer stays valid.
        containers.push_back(&containers.back()->back().children);
        opened.push_back(value.at);
    }
}

std::optional<KeyValuesDocument> readKeyValuesFile(const std::filesystem::path& path,
                                                   DiagnosticSink& sink) {
    const auto bytes = readWholeFile(path, sink, kMaxKeyValuesBytes);
    if (!bytes) return std::nullopt;
    return parseKeyValues(std::string_view(bytes->data(), bytes->size()), path.string(), sink);
}

} // namespace vtxc
