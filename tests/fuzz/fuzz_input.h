// Helpers of the whole-path fuzz targets: an input split into files at NUL bytes, and a check
// that stops the target (libFuzzer records the input) when a promise is broken.
#pragma once

#include <cstdlib>
#include <string_view>

namespace vtxc::fuzz {

inline void check(bool condition) {
    if (!condition) std::abort();
}

// The text up to the next NUL byte (or the end), which is consumed from `input`.
inline std::string_view nextPart(std::string_view& input) {
    const std::size_t cut = input.find('\0');
    const std::string_view part = input.substr(0, cut);
    input = cut == std::string_view::npos ? std::string_view() : input.substr(cut + 1);
    return part;
}

} // namespace vtxc::fuzz
