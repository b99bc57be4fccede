// The model checksum when the user gives none: FNV-1a over the output content, so the same input
// gives the same checksum and any change of geometry gives another.
#pragma once

#include <cstdint>
#include <span>

namespace vtxc {

class ContentChecksum {
  public:
    void add(std::span<const std::uint8_t> bytes);
    std::int32_t value() const { return static_cast<std::int32_t>(hash_ ^ (hash_ >> 32)); }

  private:
    std::uint64_t hash_ = 0xcbf29ce484222325ull; // FNV-1a 64 offset basis
};

} // namespace vtxc
