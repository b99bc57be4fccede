// UTF-8 validation after RFC 3629 section 4 (the well-formed byte sequences table), and the
// escaped rendering of text for diagnostics.
#include "formats/common/text_safety.h"

#include <algorithm>
#include <cstdio>

namespace vtxc {

namespace {
// Length of the well-formed sequence starting at `at`, or 0 when it is not one.
std::size_t sequenceLength(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xbf; // range of the second byte
    if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        if (lead == 0xe0) low = 0xa0;  // no overlong forms
        if (lead == 0xed) high = 0x9f; // no surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        if (lead == 0xf0) low = 0x90;  // no overlong forms
        if (lead == 0xf4) high = 0x8f; // nothing past U+10FFFF
    } else {
        return 0;
    }
    if (at + length > text.size()) return 0;
    if (byte(at + 1) < low || byte(at + 1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i)
        if (byte(at + i) < 0x80 || byte(at + i) > 0xbf) return 0;
    return length;
}
} // namespace

std::size_t firstInvalidUtf8(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t length = sequenceLength(text, at);
        if (length == 0) return at;
        at += length;
    }
    return std::string_view::npos;
}

bool isValidUtf8(std::string_view text) {
    return firstInvalidUtf8(text) == std::string_view::npos;
}

bool hasControlCharacter(std::string_view text) {
    return std::any_of(text.begin(), text.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 || byte == 0x7f;
    });
}

std::string printableText(std::string_view text, std::size_t maxBytes) {
    const std::string_view shown = text.substr(0, maxBytes);
    std::string out;
    for (std::size_t at = 0; at < shown.size();) {
        const auto byte = static_cast<unsigned char>(shown[at]);
        const std::size_t length = sequenceLength(shown, at);
        if (length == 0 || byte < 0x20 || byte == 0x7f) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
            out += escaped;
            ++at;
            continue;
        }
        out.append(shown.substr(at, length));
        at += length;
    }
    if (shown.size() < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
    return out;
}

} // namespace vtxc
