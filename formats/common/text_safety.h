// Text from strangers in messages and JSON: UTF-8 validation, and a bounded, escaped rendering of
// any bytes for a diagnostic (a 20 MB token must not become a 20 MB line).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace vtxc {

// True when `text` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, at most
// U+10FFFF). JSON text must be UTF-8, so strings that reach a JSON writer are checked with this.
bool isValidUtf8(std::string_view text);

// The byte offset of the first byte that breaks UTF-8, or npos when `text` is valid.
std::size_t firstInvalidUtf8(std::string_view text);

// `text` for a message: control characters and bytes outside UTF-8 as \xNN, and at most
// `maxBytes` of the original followed by "... (N bytes)" when longer.
std::string printableText(std::string_view text, std::size_t maxBytes = 80);

// True when `text` holds a byte below 0x20 or 0x7f (tab, newline, escape, ...).
bool hasControlCharacter(std::string_view text);

} // namespace vtxc
