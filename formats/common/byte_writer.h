// Little-endian byte writer for the binary model files, with per-record size checks.
// Every record is opened with its constexpr size and planned offset and closed; a mismatch is a bug
// in the writer and raises an internal error (VTXC_CHECK), never a file with a wrong layout.
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
    void reserve(std::size_t n) { bytes_.reserve(n); }

    void u8(std::uint8_t v) { bytes_.push_back(v); }
    void i8(std::int8_t v) { u8(static_cast<std::uint8_t>(v)); }
    void u16(std::uint16_t v) { putLittleEndian(v); }
    void i16(std::int16_t v) { putLittleEndian(static_cast<std::uint16_t>(v)); }
    void u32(std::uint32_t v) { putLittleEndian(v); }
    void i32(std::int32_t v) { putLittleEndian(static_cast<std::uint32_t>(v)); }
    void f32(float v) { putLittleEndian(std::bit_cast<std::uint32_t>(v)); }
    void raw(const void* data, std::size_t n) {
        const auto* p = static_cast<const std::uint8_t*>(data);
        bytes_.insert(bytes_.end(), p, p + n);
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

    // Checks that a record of a declared size is written exactly, at the offset the layout
    // planned: the offset when the record opens, the size when it closes (end of scope). A
    // destructor must not throw, so a size mismatch is kept and raised by take().
    class Record {
      public:
        Record(ByteWriter& writer, const char* name, std::size_t size, std::size_t expectedOffset)
            : writer_(writer), name_(name), size_(size), start_(writer.size()) {
            VTXC_CHECK(start_ == expectedOffset, std::string(name_) + " written at offset " +
                                                     std::to_string(start_) + " but laid out at " +
                                                     std::to_string(expectedOffset));
        }
        Record(const Record&) = delete;
        Record& operator=(const Record&) = delete;
        ~Record() { writer_.closeRecord(name_, size_, start_); }

      private:
        ByteWriter& writer_;
        const char* name_;
        std::size_t size_;
        std::size_t start_;
    };
    Record record(const char* name, std::size_t size, std::size_t expectedOffset) {
        return Record(*this, name, size, expectedOffset);
    }

    // The bytes written; raises an internal error if a record's size did not match.
    std::vector<std::uint8_t> take() {
        VTXC_CHECK(!mismatch_.name, std::string(mismatch_.name ? mismatch_.name : "") + " wrote " +
                                        std::to_string(mismatch_.written) +
                                        " bytes, its declared size is " +
                                        std::to_string(mismatch_.declared));
        return std::move(bytes_);
    }

  private:
    template <class T> void putLittleEndian(T v) {
        for (std::size_t i = 0; i < sizeof(T); ++i)
            bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    // The first record whose size did not match (name null: none). No allocation: it is set
    // from a destructor.
    struct Mismatch {
        const char* name = nullptr;
        std::size_t written = 0;
        std::size_t declared = 0;
    };
    void closeRecord(const char* name, std::size_t declared, std::size_t start) noexcept {
        const std::size_t written = bytes_.size() - start;
        if (written != declared && !mismatch_.name) mismatch_ = {name, written, declared};
    }

    std::vector<std::uint8_t> bytes_;
    Mismatch mismatch_;
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
