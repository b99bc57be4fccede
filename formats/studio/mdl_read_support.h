// Internal to the .mdl reader: typed, bounds-checked reads of studio.h records on top of the shared
// BinaryRecordReader (MDL001-007), split over the reader's files (header and geometry,
// animations, sequences).
#pragma once

#include "formats/common/binary_read_support.h"
#include "formats/studio/mdl.h"
#include "formats/studio/studio_codes.h"

#include <algorithm>
#include <string>

namespace vtxc::mdl_read {

// Every read below assumes the caller checked the range with need() first.
class MdlInput {
  public:
    MdlInput(std::span<const std::uint8_t> bytes, const std::string& fileName, DiagnosticSink& sink)
        : in_(bytes, fileName, kReadCodes, sink), r_(in_.bytes()) {}

    BinaryRecordReader& in() { return in_; }
    const ByteReader& r() const { return r_; }
    std::int32_t version = kMdlVersion;

    std::int32_t i32(std::int64_t at) const { return r_.i32(pos(at)); }
    std::int16_t i16(std::int64_t at) const { return r_.i16(pos(at)); }
    std::uint16_t u16(std::int64_t at) const { return r_.u16(pos(at)); }
    std::uint32_t u32(std::int64_t at) const { return r_.u32(pos(at)); }
    std::uint8_t u8(std::int64_t at) const { return r_.u8(pos(at)); }
    float f32(std::int64_t at) const { return r_.f32(pos(at)); }
    Vec3 vec3(std::int64_t at) const { return {f32(at), f32(at + 4), f32(at + 8)}; }
    Vec4 vec4(std::int64_t at) const { return {f32(at), f32(at + 4), f32(at + 8), f32(at + 12)}; }
    MdlMatrix3x4 matrix(std::int64_t at) const {
        MdlMatrix3x4 m;
        for (std::size_t i = 0; i < 12; ++i)
            m.m[i] = f32(at + 4 * static_cast<std::int64_t>(i));
        return m;
    }
    // A char[size] field: the bytes up to the first NUL (or all of them).
    std::string fixedString(std::int64_t at, std::size_t size) const {
        const auto* begin = reinterpret_cast<const char*>(r_.bytes().data() + pos(at));
        return std::string(begin, std::find(begin, begin + size, '\0'));
    }

    bool need(const char* record, std::int64_t at, std::int64_t count, std::int64_t size) {
        return in_.need(record, at, count, size);
    }
    // MDL00n of the shared numbering (studio_codes.h).
    void fail(int number, const std::string& message) { in_.fail(code(number), message); }
    void fail(const DiagnosticCode& code, const std::string& message) { in_.fail(code, message); }
    // MDL007 with the record and its byte offset in front.
    bool inconsistent(const std::string& record, std::int64_t at, const std::string& what) {
        in_.fail(kMdlCodes["MDL007"],
                 record + " at byte " + std::to_string(at) + ": " + what + "; the file is corrupt");
        return false;
    }
    bool count(const char* field, std::int64_t at, std::int64_t value, std::int64_t limit) {
        return in_.countInRange(field, static_cast<std::size_t>(std::max<std::int64_t>(at, 0)),
                                value, limit);
    }

    // The NUL-terminated string at `base + offset` (offsets relative to a record, or to the file
    // with base 0).
    bool string(const char* what, std::int64_t base, std::int64_t offset, std::string& out) {
        auto text = in_.cstring(what, base + offset);
        if (!text) return false;
        out = std::move(*text);
        return true;
    }
    // As string(), but an offset of 0 means "none" and gives "".
    bool optionalString(const char* what, std::int64_t base, std::int64_t offset,
                        std::string& out) {
        if (offset == 0) {
            out.clear();
            return true;
        }
        return string(what, base, offset, out);
    }

  private:
    static constexpr BinaryReadCodes kReadCodes{kMdlCodes["MDL003"], kMdlCodes["MDL004"],
                                                kMdlCodes["MDL005"], kMdlCodes["MDL006"]};
    static const DiagnosticCode& code(int number) {
        switch (number) {
        case 1:
            return kMdlCodes["MDL001"];
        case 2:
            return kMdlCodes["MDL002"];
        case 3:
            return kMdlCodes["MDL003"];
        case 4:
            return kMdlCodes["MDL004"];
        case 5:
            return kMdlCodes["MDL005"];
        case 6:
            return kMdlCodes["MDL006"];
        default:
            return kMdlCodes["MDL007"];
        }
    }
    static std::size_t pos(std::int64_t at) { return static_cast<std::size_t>(at); }
    BinaryRecordReader in_;
    const ByteReader& r_;
};

// One RLE channel at `at` covering `frames` frames (MDL004 past the end, MDL007 for a run of no
// frames or no values).
bool readAnimValues(MdlInput& input, const char* record, std::int64_t at, std::int64_t frames,
                    MdlAnimValues& runs);

bool readAnimations(MdlInput& input, MdlFile& file);
bool readSequences(MdlInput& input, MdlFile& file);

} // namespace vtxc::mdl_read
