// File input and output: whole-file reads, and writes that never leave a partial file behind.
// Writes go to a temporary name in the target folder and are renamed into place on success.
#pragma once

#include "formats/common/diagnostics.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

// Reads the whole file; on failure reports IO001 (exit status 2) and returns nothing.
std::optional<std::vector<char>> readWholeFile(const std::filesystem::path& path,
                                               DiagnosticSink& sink);

struct PendingFile {
    std::filesystem::path path;
    std::vector<std::uint8_t> bytes;
};

// Writes every file or none: all go to temporary names first, then are renamed into place.
// On failure reports IO002 (exit status 2), removes the temporaries and returns false.
bool writeFilesAtomically(std::span<const PendingFile> files, DiagnosticSink& sink);
bool writeFileAtomically(const std::filesystem::path& path, std::span<const std::uint8_t> bytes,
                         DiagnosticSink& sink);

} // namespace vtxc
