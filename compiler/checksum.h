// The model checksum when the user gives none: a hash of the output content, so the same input
// gives the same checksum and any change of geometry gives another.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace vtxc {

// Four lanes of a multiply-rotate hash over 8-byte little-endian words, lane k taking words k,
// k + 4, k + 8, ...: the four multiplications of a 32-byte step do not wait on each other, so the
// hash keeps up with memory (FNV-1a, a byte at a time, took 3% of a big compile's CPU). The value
// depends only on the bytes added, in order, not on how they were split into calls. Not
// cryptographic: the engine only compares the value between a model's files.
class ContentChecksum {
  public:
    void add(std::span<const std::uint8_t> bytes);
    std::int32_t value() const;

  private:
    static constexpr std::size_t kStepBytes = 32;
    void step(const std::uint8_t* bytes);

    std::array<std::uint64_t, 4> lanes_{0x243F6A8885A308D3ull, 0x13198A2E03707344ull,
                                        0xA4093822299F31D0ull, 0x082EFA98EC4E6C89ull};
    std::array<std::uint8_t, kStepBytes> pending_{};
    std::size_t pendingBytes_ = 0;
    std::uint64_t totalBytes_ = 0;
};

} // namespace vtxc
