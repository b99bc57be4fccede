// Bounds-checked little-endian reader over a byte buffer for the binary model files.
// Every read names the record it belongs to, so a failure can say what was cut off and where.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>

namespace vtxc {

struct ByteReadError {
    std::string record; // e.g. "StripHeader_t"
    std::size_t offset = 0;
    std::string what; // e.g. "needs 27 bytes, 3 remain"
};

class ByteReader {
  public:
    explicit ByteReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    std::size_t size() const { return bytes_.size(); }
    std::span<const std::uint8_t> bytes() const { return bytes_; }

    // True when [offset, offset + count * elementSize) lies inside the buffer, without overflow.
    bool fits(std::int64_t offset, std::int64_t count, std::int64_t elementSize) const {
        if (offset < 0 || count < 0 || elementSize < 0) return false;
        const auto total = static_cast<std::uint64_t>(bytes_.size());
        if (static_cast<std::uint64_t>(offset) > total) return false;
        if (elementSize != 0 &&
            static_cast<std::uint64_t>(count) > (total - static_cast<std::uint64_t>(offset)) /
                                                    static_cast<std::uint64_t>(elementSize))
            return false;
        return true;
    }

    std::uint8_t u8(std::size_t at) const { return bytes_[at]; }
    std::int8_t i8(std::size_t at) const { return static_cast<std::int8_t>(bytes_[at]); }
    std::uint16_t u16(std::size_t at) const { return load<std::uint16_t>(at); }
    std::int16_t i16(std::size_t at) const { return static_cast<std::int16_t>(u16(at)); }
    std::uint32_t u32(std::size_t at) const { return load<std::uint32_t>(at); }
    std::int32_t i32(std::size_t at) const { return static_cast<std::int32_t>(u32(at)); }
    float f32(std::size_t at) const { return std::bit_cast<float>(u32(at)); }
    // A NUL-terminated string starting at `at`; nothing when no NUL follows inside the buffer.
    std::optional<std::string> cstring(std::size_t at) const {
        if (at >= bytes_.size()) return std::nullopt;
        const void* end = std::memchr(bytes_.data() + at, 0, bytes_.size() - at);
        if (!end) return std::nullopt;
        return std::string(reinterpret_cast<const char*>(bytes_.data() + at),
                           static_cast<const std::uint8_t*>(end) - (bytes_.data() + at));
    }

  private:
    // Callers check fits() first; the loads themselves assume the range is valid.
    template <class T> T load(std::size_t at) const {
        T v = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i)
            v |= static_cast<T>(T(bytes_[at + i]) << (8 * i));
        return v;
    }
    std::span<const std::uint8_t> bytes_;
};

} // namespace vtxc
