// Little-endian byte writer for the binary model files, with per-record size checks.
// Every record is opened with its constexpr size and closed; a mismatch is a programming error.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
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
        if (offset < bytes_.size()) throw std::logic_error("ByteWriter::padTo moves backwards");
        zeros(offset - bytes_.size());
    }
    // Rewrites a 32-bit value already written, for the rare field only known afterwards.
    void patchI32(std::size_t at, std::int32_t v) {
        const auto u = static_cast<std::uint32_t>(v);
        for (int i = 0; i < 4; ++i)
            bytes_.at(at + i) = static_cast<std::uint8_t>(u >> (8 * i));
    }

    // Checks that a record of a declared size was written exactly, at the offset the layout
    // planned.
    class Record {
      public:
        Record(ByteWriter& writer, const char* name, std::size_t size, std::size_t expectedOffset)
            : writer_(writer), name_(name), size_(size), start_(writer.size()) {
            if (start_ != expectedOffset)
                throw std::logic_error(std::string(name_) + " written at offset " +
                                       std::to_string(start_) + " but laid out at " +
                                       std::to_string(expectedOffset));
        }
        Record(const Record&) = delete;
        Record& operator=(const Record&) = delete;
        ~Record() noexcept(false) {
            if (std::uncaught_exceptions() == 0 && writer_.size() - start_ != size_)
                throw std::logic_error(std::string(name_) + " wrote " +
                                       std::to_string(writer_.size() - start_) +
                                       " bytes, its declared size is " + std::to_string(size_));
        }

      private:
        ByteWriter& writer_;
        const char* name_;
        std::size_t size_;
        std::size_t start_;
    };
    Record record(const char* name, std::size_t size, std::size_t expectedOffset) {
        return Record(*this, name, size, expectedOffset);
    }

  private:
    template <class T> void putLittleEndian(T v) {
        for (std::size_t i = 0; i < sizeof(T); ++i)
            bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    std::vector<std::uint8_t> bytes_;
};

} // namespace vtxc
