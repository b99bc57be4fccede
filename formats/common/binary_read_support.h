// Shared checks of the binary model readers (.vvd, .vtx, .mdl): record bounds, count limits, and a
// budget against offsets that alias one region many times. Each failure becomes one diagnostic.
#pragma once

#include "formats/common/byte_reader.h"
#include "formats/common/diagnostics.h"

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

namespace vtxc {

// Error codes shared by the three readers; each reader prefixes its own tag ("VVD", "VTX", "MDL").
//   001 wrong file id    002 unsupported version    003 offset before the start of the file
//   004 record cut off   005 count out of range     006 records overlap (aliasing offsets)
//   007 inconsistent content (format-specific; the message says what)
class BinaryRecordReader {
  public:
    BinaryRecordReader(std::span<const std::uint8_t> bytes, std::string fileName, std::string tag,
                       DiagnosticSink& sink)
        : reader_(bytes), fileName_(std::move(fileName)), tag_(std::move(tag)), sink_(sink),
          budget_(4 * static_cast<std::uint64_t>(bytes.size()) + 4096) {}

    const ByteReader& bytes() const { return reader_; }
    std::size_t size() const { return reader_.size(); }
    bool failed() const { return failed_; }

    void fail(int number, const std::string& message) {
        failed_ = true;
        if (sink_.errorLimitReached()) return;
        char code[8];
        std::snprintf(code, sizeof code, "%03d", number);
        sink_.error(tag_ + code, {fileName_}, message);
    }

    // True when `count` records of `elementSize` bytes named `record` fit at `offset`; otherwise
    // reports what is cut off (VTX004: "StripHeader_t at byte 1234 needs 27 bytes but the file
    // ends at 1240"). Also charges the bytes to the aliasing budget.
    // An empty array needs no bytes, so its offset is not checked (it is never followed).
    bool need(const char* record, std::int64_t offset, std::int64_t count,
              std::int64_t elementSize) {
        if (count == 0) return true;
        if (offset < 0) {
            fail(3, std::string(record) + " offset " + std::to_string(offset) +
                        " points before the start of the file; the file is corrupt");
            return false;
        }
        if (count < 0) {
            fail(5, std::string(record) + " count " + std::to_string(count) + " at byte " +
                        std::to_string(offset) + " is negative; the file is corrupt");
            return false;
        }
        if (!reader_.fits(offset, count, elementSize)) {
            const std::string needed =
                count == 1 ? std::to_string(elementSize) + " bytes"
                           : std::to_string(count) + " x " + std::to_string(elementSize) + " bytes";
            fail(4, std::string(record) + " at byte " + std::to_string(offset) + " needs " +
                        needed + " but the file ends at " + std::to_string(reader_.size()) +
                        "; the file is truncated or corrupt");
            return false;
        }
        const auto charged =
            static_cast<std::uint64_t>(count) * static_cast<std::uint64_t>(elementSize);
        if (charged > budget_) {
            fail(6, std::string(record) + " at byte " + std::to_string(offset) +
                        ": the records describe far more data than the file holds (offsets that "
                        "point to the same bytes again and again); the file is corrupt");
            return false;
        }
        budget_ -= charged;
        return true;
    }

    // A NUL-terminated string at `at`, its length charged to the budget (names that all point at
    // one long string must not multiply it). Reports 004 when no NUL follows before the end.
    std::optional<std::string> cstring(const char* what, std::int64_t at) {
        if (!need(what, at, 1, 1)) return std::nullopt;
        auto text = reader_.cstring(static_cast<std::size_t>(at));
        if (!text) {
            fail(4, std::string(what) + " at byte " + std::to_string(at) +
                        " has no terminating NUL before the end of the file; the file is "
                        "truncated or corrupt");
            return std::nullopt;
        }
        if (!need(what, at, static_cast<std::int64_t>(text->size()), 1)) return std::nullopt;
        return text;
    }

    // Checks a count read at `at` against [0, limit]; reports VTX005-style errors.
    bool countInRange(const char* field, std::size_t at, std::int64_t value, std::int64_t limit) {
        if (value >= 0 && value <= limit) return true;
        fail(5, std::string(field) + " at byte " + std::to_string(at) + " is " +
                    std::to_string(value) + ", outside 0.." + std::to_string(limit) +
                    "; the file is corrupt");
        return false;
    }

  private:
    ByteReader reader_;
    std::string fileName_;
    std::string tag_;
    DiagnosticSink& sink_;
    std::uint64_t budget_;
    bool failed_ = false;
};

} // namespace vtxc
