// Little-endian byte writer for the binary model files, with per-record size checks.
// Every record is written with its constexpr size at its planned offset; a mismatch is a bug in the
// writer and raises an internal error (VTXC_CHECK), never a file with a wrong layout.
#pragma once

#include "formats/common/internal_error.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

class ByteWriter {
  public:
    std::size_t size() const { return bytes_.size(); }
    const std::vector<std::uint8_t>& bytes() const { return bytes_; }
    std::vector<std::uint8_t> take() { return std::move(bytes_); }
    void reserve(std::size_t n) { bytes_.reserve(n); }

    void u8(std::uint8_t v) { bytes_.push_back(v); }
    void i8(std::int8_t v) { u8(static_cast<std::uint8_t>(v)); }
    void u16(std::uint16_t v) { putLittleEndian(v); }
    void i16(std::int16_t v) { putLittleEndian(static_cast<std::uint16_t>(v)); }
    void u32(std::uint32_t v) { putLittleEndian(v); }
    void i32(std::int32_t v) { putLittleEndian(static_cast<std::uint32_t>(v)); }
    void f32(float v) { putLittleEndian(std::bit_cast<std::uint32_t>(v)); }
    void raw(const void* data, std::size_t n) {
        if (n == 0) return;
        const std::size_t at = bytes_.size();
        bytes_.resize(at + n);
        std::memcpy(bytes_.data() + at, data, n);
    }
    void chars(std::string_view s) { raw(s.data(), s.size()); }
    // A NUL-terminated string.
    void cstring(std::string_view s) {
        chars(s);
        u8(0);
    }
    void zeros(std::size_t n) { bytes_.insert(bytes_.end(), n, 0); }
    void padTo(std::size_t offset) {
        VTXC_CHECK(offset >= bytes_.size(), "padding to offset " + std::to_string(offset) +
                                                " would move back from " +
                                                std::to_string(bytes_.size()));
        zeros(offset - bytes_.size());
    }

    // Writes one record: checks that it starts at the offset the layout planned, that `write`
    // puts exactly the declared number of bytes, and raises an internal error otherwise.
    template <class Write>
    void record(const char* name, std::size_t size, std::size_t expectedOffset, Write&& write) {
        const std::size_t start = bytes_.size();
        VTXC_CHECK(start == expectedOffset, std::string(name) + " written at offset " +
                                                std::to_string(start) + " but laid out at " +
                                                std::to_string(expectedOffset));
        write();
        VTXC_CHECK(bytes_.size() - start == size,
                   std::string(name) + " wrote " + std::to_string(bytes_.size() - start) +
                       " bytes, its declared size is " + std::to_string(size));
    }

  private:
    template <class T> void putLittleEndian(T v) {
        for (std::size_t i = 0; i < sizeof(T); ++i)
            bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    std::vector<std::uint8_t> bytes_;
};

// Rewrites a little-endian 32-bit value in bytes already written (a header field only known once
// the whole file is, such as a checksum over the file's own bytes).
inline void patchI32(std::span<std::uint8_t> bytes, std::size_t at, std::int32_t v) {
    VTXC_CHECK(at <= bytes.size() && bytes.size() - at >= 4,
               "patching 4 bytes at " + std::to_string(at) + " of a " +
                   std::to_string(bytes.size()) + "-byte file");
    const auto u = static_cast<std::uint32_t>(v);
    for (std::size_t i = 0; i < 4; ++i)
        bytes[at + i] = static_cast<std::uint8_t>(u >> (8 * i));
}

} // namespace vtxc
