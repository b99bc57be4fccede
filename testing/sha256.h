// SHA-256 (FIPS 180-4) of a byte buffer, as lowercase hex: the digest `sha256sum` prints, so tests
// can hold output files to figures recorded with the command-line tool.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace vtxc::test {

std::string sha256Hex(std::span<const std::uint8_t> bytes);

} // namespace vtxc::test
