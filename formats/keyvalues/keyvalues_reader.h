// Reader of Valve's KeyValues text (version 1): `"key" "value"` pairs and `"name" { ... }` blocks,
// as the Source games' scripts/*.txt files are written (Valve Developer Community wiki,
// "KeyValues"). Keys and values are quoted strings or bare words; `//` starts a comment to the
// end of the line. Not supported: `#include`/`#base` directives, `[$CONDITION]` suffixes and
// escape sequences (a backslash is kept as it is).
#pragma once

#include "formats/common/diagnostics.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

// One key with its value, or with a block of entries.
struct KeyValuesEntry {
    std::string key;
    std::string value;                    // a value's text (empty for a block)
    std::vector<KeyValuesEntry> children; // a block's entries, in file order
    bool isBlock = false;
    SourceLocation keyAt;
    SourceLocation valueAt; // the value, or the block's '{'

    // The first child whose key equals `key` ignoring ASCII case, or nullptr.
    const KeyValuesEntry* find(std::string_view key) const;
};

struct KeyValuesDocument {
    std::string fileName;
    std::vector<KeyValuesEntry> entries; // top-level entries, in file order
};

// Deepest nesting of blocks accepted; deeper input is refused (KVT006).
inline constexpr int kKeyValuesMaxDepth = 64;
// Largest file read (IO004 above it).
inline constexpr std::uintmax_t kMaxKeyValuesBytes = 16 * 1024 * 1024;

// Parses KeyValues text. The read stops at the first syntax error (KVT001-KVT006, at the
// offending token's line and column) and returns nothing. Any bytes are accepted as input.
std::optional<KeyValuesDocument> parseKeyValues(std::string_view text, const std::string& fileName,
                                                DiagnosticSink& sink);

// Reads the whole file (IO001 when it cannot, IO004 above kMaxKeyValuesBytes) and parses it.
std::optional<KeyValuesDocument> readKeyValuesFile(const std::filesystem::path& path,
                                                   DiagnosticSink& sink);

} // namespace vtxc
