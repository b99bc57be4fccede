// KV3 text reader: lexer, recursive-descent parser and the declared-type check of each value.
// Grammar (from the examples of the VDC wiki's VMDL animation page; docs/vmdl-animation.md):
//   document    := [ "<!--" ... "-->" ] declaration*
//   declaration := type name "=" value | type name "{" declaration* "}"
//   type        := identifier { "*" | "[]" | "(" integer ")" }
//   value       := string | number | "true" | "false" | "NULL" | "&" identifier
//                | identifier "{" declaration* "}" | "[" [ value { [","] value } [","] ] "]"
//                | "(" [ number { "," number } ] ")"
// Codes: KV3001-KV3011 of kKv3Codes (formats/kv3/kv3_codes.h).
#include "formats/kv3/kv3_reader.h"

#include "formats/common/file_io.h"
#include "formats/kv3/kv3_codes.h"

#include <charconv>
#include <cstdio>
#include <set>

namespace vtxc {

const char* kv3KindName(Kv3Kind kind) {
    switch (kind) {
    case Kv3Kind::Null:
        return "NULL";
    case Kv3Kind::Bool:
        return "bool";
    case Kv3Kind::Int:
        return "int";
    case Kv3Kind::Float:
        return "float";
    case Kv3Kind::String:
        return "string";
    case Kv3Kind::Pointer:
        return "pointer";
    case Kv3Kind::Object:
        return "object";
    case Kv3Kind::Array:
        return "array";
    case Kv3Kind::Tuple:
        return "tuple";
    }
    return "value";
}

const Kv3Member* Kv3Value::find(std::string_view name) const {
    for (const Kv3Member& member : members)
        if (member.name == name) return &member;
    return nullptr;
}

namespace {

void collectNamed(const Kv3Value& value,
                  std::map<std::string, const Kv3Member*, std::less<>>& named);

void collectNamedMembers(const std::vector<Kv3Member>& members,
                         std::map<std::string, const Kv3Member*, std::less<>>& named) {
    for (const Kv3Member& member : members) {
        if (member.namedObject) named.emplace(member.name, &member);
        collectNamed(member.value, named);
    }
}

void collectNamed(const Kv3Value& value,
                  std::map<std::string, const Kv3Member*, std::less<>>& named) {
    collectNamedMembers(value.members, named);
    for (const Kv3Value& item : value.items)
        collectNamed(item, named);
}

} // namespace

std::map<std::string, const Kv3Member*, std::less<>> kv3NamedObjects(const Kv3Document& document) {
    std::map<std::string, const Kv3Member*, std::less<>> named;
    collectNamedMembers(document.members, named);
    return named;
}

namespace {

enum class TokenKind { End, Identifier, String, Number, Punctuation };

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text; // identifier, unescaped string, number as written, or the punctuation
    Kv3Position position;
};

// Thrown after a syntax error was reported: the reader cannot go on from a broken token stream.
struct SyntaxStop {};

bool isIdentifierStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isIdentifierChar(char c) {
    return isIdentifierStart(c) || (c >= '0' && c <= '9');
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

std::string describe(const Token& token) {
    switch (token.kind) {
    case TokenKind::End:
        return "the end of the file";
    case TokenKind::Identifier:
        return "'" + token.text + "'";
    case TokenKind::String:
        return "a string";
    case TokenKind::Number:
        return "the number " + token.text;
    case TokenKind::Punctuation:
        return "'" + token.text + "'";
    }
    return "a token";
}

std::string printable(char c) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x21 && byte < 0x7f) return std::string("'") + c + "'";
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "0x%02X", byte);
    return std::string("byte ") + buffer;
}

class Lexer {
  public:
    Lexer(std::string_view text, const std::string& fileName, DiagnosticSink& sink)
        : text_(text), fileName_(fileName), sink_(sink) {}

    Kv3Position position() const { return {line_, column_}; }

    // The optional `<!-- ... -->` header, only before anything else.
    std::string readHeader() {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF") advance(3);
        skipWhitespace();
        if (text_.substr(offset_, 4) != "<!--") return {};
        const Kv3Position start = position();
        const std::size_t close = text_.find("-->", offset_ + 4);
        if (close == std::string_view::npos)
            fail(kKv3Codes["KV3004"], start,
                 "the '<!--' header is never closed: end it with '-->'");
        std::string header(text_.substr(offset_ + 4, close - offset_ - 4));
        advance(close + 3 - offset_);
        const auto first = header.find_first_not_of(" \t\r\n");
        const auto last = header.find_last_not_of(" \t\r\n");
        return first == std::string::npos ? std::string() : header.substr(first, last - first + 1);
    }

    Token next() {
        skipTrivia();
        Token token;
        token.position = position();
        if (offset_ >= text_.size()) return token;
        const char c = text_[offset_];
        if (isIdentifierStart(c)) {
            token.kind = TokenKind::Identifier;
            const std::size_t start = offset_;
            while (offset_ < text_.size() && isIdentifierChar(text_[offset_]))
                advance(1);
            token.text = std::string(text_.substr(start, offset_ - start));
        } else if (c == '"') {
            token.kind = TokenKind::String;
            token.text = readString();
        } else if (isDigit(c) || c == '-' || c == '+' || c == '.') {
            token.kind = TokenKind::Number;
            token.text = readNumber();
        } else if (c == '[' && offset_ + 1 < text_.size() && text_[offset_ + 1] == ']') {
            token.kind = TokenKind::Punctuation;
            token.text = "[]";
            advance(2);
        } else if (std::string_view("{}[]()=,&*").find(c) != std::string_view::npos) {
            token.kind = TokenKind::Punctuation;
            token.text = std::string(1, c);
            advance(1);
        } else {
            fail(kKv3Codes["KV3001"], token.position,
                 "unexpected character " + printable(c) +
                     ": expected a declaration, a value or punctuation ({ } [ ] ( ) = , & *)");
        }
        return token;
    }

    [[noreturn]] void fail(const DiagnosticCode& code, Kv3Position where, std::string message) {
        sink_.report(code, {fileName_, where.line, where.column}, std::move(message));
        throw SyntaxStop{};
    }

  private:
    void advance(std::size_t count) {
        for (std::size_t i = 0; i < count && offset_ < text_.size(); ++i, ++offset_) {
            if (text_[offset_] == '\n') {
                ++line_;
                column_ = 1;
            } else {
                ++column_;
            }
        }
    }

    void skipWhitespace() {
        while (offset_ < text_.size() && (text_[offset_] == ' ' || text_[offset_] == '\t' ||
                                          text_[offset_] == '\r' || text_[offset_] == '\n'))
            advance(1);
    }

    void skipTrivia() {
        for (;;) {
            skipWhitespace();
            const std::string_view rest = text_.substr(offset_);
            if (rest.starts_with("//")) {
                const std::size_t end = text_.find('\n', offset_);
                advance((end == std::string_view::npos ? text_.size() : end) - offset_);
            } else if (rest.starts_with("/*")) {
                const Kv3Position start = position();
                const std::size_t end = text_.find("*/", offset_ + 2);
                if (end == std::string_view::npos)
                    fail(kKv3Codes["KV3011"], start,
                         "comment '/*' is never closed: end it with '*/'");
                advance(end + 2 - offset_);
            } else {
                return;
            }
        }
    }

    std::string readString() {
        const Kv3Position start = position();
        advance(1); // opening quote
        std::string out;
        for (;;) {
            if (offset_ >= text_.size() || text_[offset_] == '\n')
                fail(kKv3Codes["KV3002"], start,
                     "string is not closed on its line: add the closing '\"'");
            const char c = text_[offset_];
            if (c == '"') {
                advance(1);
                return out;
            }
            if (c != '\\') {
                out += c;
                advance(1);
                continue;
            }
            const Kv3Position escape = position();
            const char next = offset_ + 1 < text_.size() ? text_[offset_ + 1] : '\0';
            switch (next) {
            case '\\':
                out += '\\';
                break;
            case '"':
                out += '"';
                break;
            case 'n':
                out += '\n';
                break;
            case 't':
                out += '\t';
                break;
            default:
                fail(kKv3Codes["KV3003"], escape,
                     "unknown escape '\\" + std::string(next ? 1 : 0, next) +
                         "' in a string: write a backslash as '\\\\' (also known: \\\" \\n \\t)");
            }
            advance(2);
        }
    }

    std::string readNumber() {
        const std::size_t start = offset_;
        auto digits = [&] {
            std::size_t count = 0;
            while (offset_ < text_.size() && isDigit(text_[offset_])) {
                advance(1);
                ++count;
            }
            return count;
        };
        if (text_[offset_] == '-' || text_[offset_] == '+') advance(1);
        std::size_t count = digits();
        if (offset_ < text_.size() && text_[offset_] == '.') {
            advance(1);
            count += digits();
        }
        bool wellFormed = count > 0;
        if (wellFormed && offset_ < text_.size() &&
            (text_[offset_] == 'e' || text_[offset_] == 'E')) {
            advance(1);
            if (offset_ < text_.size() && (text_[offset_] == '-' || text_[offset_] == '+'))
                advance(1);
            wellFormed = digits() > 0;
        }
        if (offset_ < text_.size() && (isIdentifierChar(text_[offset_]) || text_[offset_] == '.'))
            wellFormed = false;
        if (!wellFormed) {
            const Kv3Position where{line_, column_ - static_cast<std::uint32_t>(offset_ - start)};
            fail(kKv3Codes["KV3005"], where,
                 "malformed number '" + std::string(text_.substr(start, offset_ - start + 1)) +
                     "': write digits with an optional sign, '.' and exponent, such as -1.5e3");
        }
        return std::string(text_.substr(start, offset_ - start));
    }

    std::string_view text_;
    const std::string& fileName_;
    DiagnosticSink& sink_;
    std::size_t offset_ = 0;
    std::uint32_t line_ = 1;
    std::uint32_t column_ = 1;
};

// The declared type of a value, peeled from its last suffix inwards.
struct TypeShape {
    enum Kind { Array, Pointer, Tuple, Primitive, Class } kind;
    std::string inner; // element type (Array, Tuple), pointee (Pointer)
    std::size_t tupleSize = 0;
};

TypeShape shapeOf(const std::string& type) {
    if (type.ends_with("[]")) return {TypeShape::Array, type.substr(0, type.size() - 2)};
    if (type.ends_with("*")) return {TypeShape::Pointer, type.substr(0, type.size() - 1)};
    if (type.ends_with(")")) {
        const std::size_t open = type.rfind('(');
        const std::string count = type.substr(open + 1, type.size() - open - 2);
        return {TypeShape::Tuple, type.substr(0, open), std::stoul(count)};
    }
    if (type == "int" || type == "float" || type == "bool" || type == "string")
        return {TypeShape::Primitive, type};
    return {TypeShape::Class, type};
}

class Parser {
  public:
    Parser(std::string_view text, const std::string& fileName, DiagnosticSink& sink)
        : lexer_(text, fileName, sink), fileName_(fileName), sink_(sink) {}

    Kv3Document parseDocument() {
        Kv3Document document;
        document.fileName = fileName_;
        document.header = lexer_.readHeader();
        advance();
        std::set<std::string> names;
        while (current_.kind != TokenKind::End)
            addMember(document.members, names, parseDeclaration(0));
        return document;
    }

  private:
    void advance() { current_ = lexer_.next(); }

    bool atPunctuation(std::string_view text) const {
        return current_.kind == TokenKind::Punctuation && current_.text == text;
    }

    [[noreturn]] void unexpected(const std::string& expected) {
        lexer_.fail(kKv3Codes["KV3006"], current_.position,
                    "expected " + expected + ", found " + describe(current_));
    }

    void expectPunctuation(std::string_view text, const std::string& context) {
        if (!atPunctuation(text)) unexpected("'" + std::string(text) + "' " + context);
        advance();
    }

    void checkDepth(int depth, Kv3Position where) {
        if (depth > kKv3MaxDepth)
            lexer_.fail(kKv3Codes["KV3008"], where,
                        "nested more than " + std::to_string(kKv3MaxDepth) +
                            " levels deep: this is not a model document vtxc can read");
    }

    void addMember(std::vector<Kv3Member>& members, std::set<std::string>& names,
                   Kv3Member member) {
        if (!names.insert(member.name).second) {
            const Kv3Member* first = nullptr;
            for (const Kv3Member& m : members)
                if (m.name == member.name) first = &m;
            report(kKv3Codes["KV3009"], member.position,
                   "'" + member.name + "' is declared twice in one object (first on line " +
                       std::to_string(first ? first->position.line : 0) + "): remove one");
        }
        members.push_back(std::move(member));
    }

    void report(const DiagnosticCode& code, Kv3Position where, std::string message) {
        sink_.report(code, {fileName_, where.line, where.column}, std::move(message));
        if (sink_.errorLimitReached()) throw SyntaxStop{};
    }

    std::string parseType() {
        if (current_.kind != TokenKind::Identifier) unexpected("a type name such as 'int'");
        std::string type = current_.text;
        advance();
        for (;;) {
            if (atPunctuation("*") || atPunctuation("[]")) {
                type += current_.text;
                advance();
            } else if (atPunctuation("(")) {
                advance();
                if (current_.kind != TokenKind::Number ||
                    current_.text.find_first_not_of("0123456789") != std::string::npos ||
                    current_.text.size() > 6 || std::stoul(current_.text) == 0)
                    unexpected("a positive element count in the type, as in 'float(3)'");
                type += "(" + std::to_string(std::stoul(current_.text)) + ")";
                advance();
                expectPunctuation(")", "to close the element count of the type");
            } else {
                return type;
            }
        }
    }

    Kv3Member parseDeclaration(int depth) {
        Kv3Member member;
        member.position = current_.position;
        member.type = parseType();
        if (current_.kind != TokenKind::Identifier)
            unexpected("the name of the attribute after its type '" + member.type + "'");
        member.name = current_.text;
        advance();
        if (atPunctuation("{")) {
            if (member.type.find_first_of("*[(") != std::string::npos)
                unexpected("'=' (a named object '" + member.type +
                           " Name { ... }' needs a class type)");
            member.namedObject = true;
            member.value = parseObjectBody(member.type, member.position, depth + 1);
            if (!namedObjects_.insert(member.name).second)
                report(kKv3Codes["KV3010"], member.position,
                       "a second object is named '" + member.name + "': pointers '&" + member.name +
                           "' would be ambiguous; rename one");
            return member;
        }
        expectPunctuation("=", "or '{' after the attribute name '" + member.name + "'");
        member.value = parseValue(depth + 1);
        checkDeclaredType(member.type, member.value, member.name);
        return member;
    }

    Kv3Value parseObjectBody(const std::string& className, Kv3Position where, int depth) {
        checkDepth(depth, where);
        Kv3Value value;
        value.kind = Kv3Kind::Object;
        value.position = where;
        value.text = className;
        expectPunctuation("{", "to open the object");
        std::set<std::string> names;
        while (!atPunctuation("}")) {
            if (current_.kind == TokenKind::End)
                lexer_.fail(kKv3Codes["KV3006"], where,
                            "object '" + className + "' opened here is never closed: add '}'");
            addMember(value.members, names, parseDeclaration(depth));
        }
        advance();
        return value;
    }

    Kv3Value parseValue(int depth) {
        checkDepth(depth, current_.position);
        Kv3Value value;
        value.position = current_.position;
        switch (current_.kind) {
        case TokenKind::String:
            value.kind = Kv3Kind::String;
            value.text = current_.text;
            advance();
            return value;
        case TokenKind::Number:
            return parseNumber();
        case TokenKind::Identifier:
            return parseWord(depth);
        case TokenKind::Punctuation:
            if (atPunctuation("&")) return parsePointer();
            if (atPunctuation("[") || atPunctuation("[]")) return parseArray(depth);
            if (atPunctuation("(")) return parseTuple();
            break;
        case TokenKind::End:
            break;
        }
        unexpected("a value");
    }

    Kv3Value parseNumber() {
        Kv3Value value;
        value.position = current_.position;
        const std::string& text = current_.text;
        const char* begin = text.data() + (text[0] == '+' ? 1 : 0);
        const char* end = text.data() + text.size();
        const bool integral = text.find_first_of(".eE") == std::string::npos;
        if (integral) {
            value.kind = Kv3Kind::Int;
            const auto result = std::from_chars(begin, end, value.integer);
            if (result.ec != std::errc() || result.ptr != end)
                lexer_.fail(kKv3Codes["KV3005"], value.position,
                            "integer " + text + " is out of range (64-bit signed)");
            value.number = static_cast<double>(value.integer);
        } else {
            value.kind = Kv3Kind::Float;
            const auto result = std::from_chars(begin, end, value.number);
            if (result.ec != std::errc() || result.ptr != end)
                lexer_.fail(kKv3Codes["KV3005"], value.position,
                            "number " + text + " is out of range for a double");
        }
        advance();
        return value;
    }

    Kv3Value parseWord(int depth) {
        Kv3Value value;
        value.position = current_.position;
        const std::string word = current_.text;
        if (word == "true" || word == "false") {
            value.kind = Kv3Kind::Bool;
            value.boolean = word == "true";
            advance();
            return value;
        }
        if (word == "NULL") {
            advance();
            return value;
        }
        advance();
        if (!atPunctuation("{"))
            unexpected(
                "'{' after the class name '" + word +
                "' (or a value: a string, number, true, false, NULL, &Name, [...] or (...))");
        return parseObjectBody(word, value.position, depth);
    }

    Kv3Value parsePointer() {
        Kv3Value value;
        value.kind = Kv3Kind::Pointer;
        value.position = current_.position;
        advance();
        if (current_.kind != TokenKind::Identifier) unexpected("the name of an object after '&'");
        value.text = current_.text;
        advance();
        return value;
    }

    Kv3Value parseArray(int depth) {
        Kv3Value value;
        value.kind = Kv3Kind::Array;
        value.position = current_.position;
        if (atPunctuation("[]")) { // `[]` lexed as one token: an empty array
            advance();
            return value;
        }
        advance();
        while (!atPunctuation("]")) {
            if (current_.kind == TokenKind::End)
                lexer_.fail(kKv3Codes["KV3006"], value.position,
                            "array opened here is never closed: add ']'");
            value.items.push_back(parseValue(depth + 1));
            if (atPunctuation(",")) advance();
        }
        advance();
        return value;
    }

    Kv3Value parseTuple() {
        Kv3Value value;
        value.kind = Kv3Kind::Tuple;
        value.position = current_.position;
        advance();
        while (!atPunctuation(")")) {
            if (current_.kind != TokenKind::Number) unexpected("a number or ')' in the tuple");
            value.items.push_back(parseNumber());
            if (atPunctuation(",")) {
                advance();
                if (atPunctuation(")")) unexpected("a number after ','");
            } else if (!atPunctuation(")")) {
                unexpected("',' or ')' in the tuple");
            }
        }
        advance();
        return value;
    }

    // Reports KV3007 when `value` is not what `type` declares; turns int literals into floats
    // where a float is declared.
    void checkDeclaredType(const std::string& type, Kv3Value& value, const std::string& name) {
        const TypeShape shape = shapeOf(type);
        auto mismatch = [&](const std::string& expected) {
            report(kKv3Codes["KV3007"], value.position,
                   "'" + name + "' is declared '" + type + "' but holds " +
                       (value.kind == Kv3Kind::Object
                            ? "an object of class '" + value.text + "'"
                            : std::string("a ") + kv3KindName(value.kind)) +
                       ": write " + expected);
        };
        switch (shape.kind) {
        case TypeShape::Array:
            if (value.kind != Kv3Kind::Array) return mismatch("an array '[ ... ]'");
            for (Kv3Value& item : value.items)
                checkDeclaredType(shape.inner, item, name + "[]");
            return;
        case TypeShape::Pointer:
            if (value.kind != Kv3Kind::Pointer && value.kind != Kv3Kind::Null)
                mismatch("a pointer '&Name' or NULL");
            return;
        case TypeShape::Tuple:
            if (value.kind != Kv3Kind::Tuple || value.items.size() != shape.tupleSize)
                return mismatch("a tuple of " + std::to_string(shape.tupleSize) +
                                " numbers '( ... )'");
            for (Kv3Value& item : value.items)
                checkDeclaredType(shape.inner, item, name + "()");
            return;
        case TypeShape::Primitive:
            return checkPrimitive(shape.inner, value, mismatch);
        case TypeShape::Class:
            if (value.kind != Kv3Kind::Object || value.text != type)
                mismatch("'" + type + " { ... }'");
            return;
        }
    }

    template <typename Mismatch>
    void checkPrimitive(const std::string& type, Kv3Value& value, Mismatch& mismatch) {
        if (type == "float" && value.kind == Kv3Kind::Int) value.kind = Kv3Kind::Float;
        const bool ok = (type == "int" && value.kind == Kv3Kind::Int) ||
                        (type == "float" && value.kind == Kv3Kind::Float) ||
                        (type == "bool" && value.kind == Kv3Kind::Bool) ||
                        (type == "string" && value.kind == Kv3Kind::String);
        if (ok) return;
        if (type == "int") mismatch("a whole number such as 12");
        if (type == "float") mismatch("a number such as 30.0");
        if (type == "bool") mismatch("true or false");
        if (type == "string") mismatch("a quoted string");
    }

    Lexer lexer_;
    const std::string& fileName_;
    DiagnosticSink& sink_;
    Token current_;
    std::set<std::string> namedObjects_;
};

} // namespace

std::optional<Kv3Document> parseKv3(std::string_view text, const std::string& fileName,
                                    DiagnosticSink& sink) {
    ForwardingSink local(sink);
    Parser parser(text, fileName, local);
    std::optional<Kv3Document> document;
    try {
        document = parser.parseDocument();
    } catch (const SyntaxStop&) {
        return std::nullopt;
    }
    if (local.hasErrors()) return std::nullopt;
    return document;
}

std::optional<Kv3Document> readKv3File(const std::filesystem::path& path, DiagnosticSink& sink) {
    const auto bytes = readWholeFile(path, sink);
    if (!bytes) return std::nullopt;
    return parseKv3(std::string_view(bytes->data(), bytes->size()), path.string(), sink);
}

} // namespace vtxc
