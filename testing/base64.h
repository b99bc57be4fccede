// Base64 (RFC 4648) decoding, for tests that read the typed arrays a page or JSON embeds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace vtxc::test {

// The bytes of `text`, up to its first '='.
inline std::vector<std::uint8_t> decodeBase64(const std::string& text) {
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::vector<std::uint8_t> out;
    out.reserve(text.size() / 4 * 3);
    std::uint32_t bits = 0;
    int count = 0;
    for (char c : text) {
        if (c == '=') break;
        bits = (bits << 6) | static_cast<std::uint32_t>(alphabet.find(c));
        count += 6;
        if (count >= 8) {
            count -= 8;
            out.push_back(static_cast<std::uint8_t>(bits >> count));
        }
    }
    return out;
}

} // namespace vtxc::test
