// KV3 text reader: the typed key-value syntax of Source 2 model documents, as a generic value tree.
// Follows the syntax the VDC wiki's VMDL animation page shows (docs/vmdl-animation.md, "KV3 text").
#pragma once

#include "formats/common/diagnostics.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

// What a value is. Object: `Class { ... }`; Array: `[ ... ]`; Tuple: `( 1.0, 2.0, 3.0 )`;
// Pointer: `&Name`; Null: `NULL`.
enum class Kv3Kind { Null, Bool, Int, Float, String, Pointer, Object, Array, Tuple };

// "string", "object" etc., for messages.
const char* kv3KindName(Kv3Kind kind);

// 1-based line and column (bytes) of the first character of a value or declaration.
struct Kv3Position {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

struct Kv3Member;

struct Kv3Value {
    Kv3Kind kind = Kv3Kind::Null;
    Kv3Position position;
    bool boolean = false;
    std::int64_t integer = 0;
    double number = 0;              // Float; also set for Int (the same value as a double)
    std::string text;               // String: unescaped text; Pointer: target name; Object: class
    std::vector<Kv3Member> members; // Object, in file order
    std::vector<Kv3Value> items;    // Array and Tuple elements, in file order

    bool isNumber() const { return kind == Kv3Kind::Int || kind == Kv3Kind::Float; }
    // The member called `name`, or nullptr.
    const Kv3Member* find(std::string_view name) const;
};

// One declaration: `type name = value`, or `type name { ... }` (a named object, a pointer target).
struct Kv3Member {
    std::string type; // as declared, without spaces: "int", "float(3)", "CIKrule*[]", "CVanim"
    std::string name;
    Kv3Position position; // of the type
    bool namedObject = false;
    Kv3Value value;
};

struct Kv3Document {
    std::string fileName; // names the source in diagnostics
    std::string header;   // the text between `<!--` and `-->` (trimmed), empty when absent
    std::vector<Kv3Member> members; // top-level declarations

    SourceLocation locate(Kv3Position position) const {
        return {fileName, position.line, position.column};
    }
};

// Deepest nesting of objects, arrays and tuples accepted; deeper input is refused (KV3008).
inline constexpr int kKv3MaxDepth = 64;

// Every named object (`Type Name { ... }`) at any depth, by name. Pointers into `document`.
std::map<std::string, const Kv3Member*, std::less<>> kv3NamedObjects(const Kv3Document& document);

// Parses KV3 text. Syntax errors stop the reader at the first one; type mismatches between a
// declaration and its value are all reported (up to DiagnosticSink::kErrorLimit). Returns
// nothing if there was any error. Codes: KV3001..KV3011 (kv3_codes.h).
std::optional<Kv3Document> parseKv3(std::string_view text, const std::string& fileName,
                                    DiagnosticSink& sink);

// Reads the whole file (IO001, exit status 2, if it cannot) and parses it.
std::optional<Kv3Document> readKv3File(const std::filesystem::path& path, DiagnosticSink& sink);

} // namespace vtxc
