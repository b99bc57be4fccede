// Content hashes for incremental builds: SHA-256 (FIPS 180-4) of a file's bytes or of a text, as
// 64 lower-case hex digits. A build decides by content, not by file times, so a fresh checkout or
// a file restored to its old bytes counts as unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace vtxc {

// SHA-256 fed in pieces.
class Sha256 {
  public:
    Sha256();
    void update(const void* data, std::size_t size);
    // The digest as hex; the object must not be updated afterwards.
    std::string hexDigest();

  private:
    void compress(const std::uint8_t* block);
    std::uint32_t state_[8];
    std::uint8_t block_[64];
    std::size_t blockBytes_ = 0;
    std::uint64_t totalBytes_ = 0;
};

std::string sha256Hex(std::string_view text);

// The hash of the file's bytes, read through a file descriptor; nothing when it is not a regular
// file or cannot be read.
std::optional<std::string> sha256OfFile(const std::filesystem::path& path);

} // namespace vtxc
