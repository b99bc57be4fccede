// ASCII text helpers shared by the readers and tools: case folding for the names Source tools treat
// without regard to case (QC commands, bone and material names, file names written on Windows).
// Only A-Z and a-z fold; other bytes (UTF-8 included) are compared as they are, whatever the
// process locale, so results never depend on the machine.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace vtxc {

constexpr char asciiLower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Lower-case ASCII copy of `text`.
std::string asciiLower(std::string_view text);

// True when `a` and `b` differ at most in the case of ASCII letters.
bool equalsIgnoringAsciiCase(std::string_view a, std::string_view b);

// The extension of `path` with its dot, lower-cased: ".smd" for "Model.SMD", "" for none.
std::string lowerExtension(const std::filesystem::path& path);

} // namespace vtxc
