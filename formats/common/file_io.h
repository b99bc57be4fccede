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

// A regular file mapped read-only, for readers of big text files: the text is read where it lies
// (no copy, no zeroed buffer) and the pages already parsed can be given back, so a reader's peak
// memory is its result plus a window of text. Refuses what is not a regular file (a folder, a
// pipe, a device: reading those could block or never end) and files over `maxBytes`.
class MappedFile {
  public:
    static constexpr std::uint64_t kDefaultMaxBytes = 4ull << 30; // 32-bit line and link counts
    // On failure reports IO001 (exit status 2) and returns nothing.
    static std::optional<MappedFile> open(const std::filesystem::path& path, DiagnosticSink& sink,
                                          std::uint64_t maxBytes = kDefaultMaxBytes);
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();

    std::string_view text() const { return {data_, size_}; }
    // Maps the pages of [from, to) in one call, ahead of reading them (a page fault each would
    // cost more, notably in a virtual machine).
    void populate(const char* from, const char* to) const;
    // Drops the whole pages inside [from, to) from this process's memory; reading them again
    // maps them again from the file.
    void release(const char* from, const char* to) const;

  private:
    MappedFile(const char* data, std::size_t size) : data_(data), size_(size) {}
    const char* data_ = nullptr;
    std::size_t size_ = 0;
};

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
