// Shared checks of the binary model readers (.vvd, .vtx, .mdl): record bounds, count limits, and a
// budget against offsets that alias one region many times. Each failure becomes one diagnostic.
#pragma once

#include "formats/common/byte_reader.h"
#include "formats/common/diagnostic_catalogue.h"
#include "formats/common/diagnostics.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace vtxc {

// The checks every binary reader makes report the reader's own entries of one numbering (see
// formats/studio/studio_codes.h): 003 offset before the start of the file, 004 record cut off,
// 005 count out of range, 006 records that alias the same bytes.
struct BinaryReadCodes {
    const DiagnosticCode& offsetBeforeStart;
    const DiagnosticCode& cutOff;
    const DiagnosticCode& countOutOfRange;
    const DiagnosticCode& aliasing;
};

class BinaryRecordReader {
  public:
    BinaryRecordReader(std::span<const std::uint8_t> bytes, std::string fileName,
                       const BinaryReadCodes& codes, DiagnosticSink& sink)
        : reader_(bytes), fileName_(std::move(fileName)), codes_(codes), sink_(sink),
          budget_(4 * static_cast<std::uint64_t>(bytes.size()) + 4096) {}

    const ByteReader& bytes() const { return reader_; }
    std::size_t size() const { return reader_.size(); }
    bool failed() const { return failed_; }

    void fail(const DiagnosticCode& code, const std::string& message) {
        failed_ = true;
        // The limit counts this reader's own reports: a caller's sink may already hold errors
        // about other files, and this file's first damage must still be named.
        if (reported_ >= DiagnosticSink::kErrorLimit) return;
        ++reported_;
        sink_.report(code, {fileName_}, message);
    }

    // True when `count` records of `elementSize` bytes named `record` fit at `offset`; otherwise
    // reports what is cut off (VTX004: "StripHeader_t at byte 1234 needs 27 bytes but the file
    // ends at 1240"). Also charges the bytes to the aliasing budget.
    // An empty array needs no bytes, so its offset is not checked (it is never followed).
    bool need(const char* record, std::int64_t offset, std::int64_t count,
              std::int64_t elementSize) {
        if (count == 0) return true;
        if (offset < 0) {
            fail(codes_.offsetBeforeStart,
                 std::string(record) + " offset " + std::to_string(offset) +
                     " points before the start of the file; the file is corrupt");
            return false;
        }
        if (count < 0) {
            fail(codes_.countOutOfRange, std::string(record) + " count " + std::to_string(count) +
                                             " at byte " + std::to_string(offset) +
                                             " is negative; the file is corrupt");
            return false;
        }
        if (!reader_.fits(offset, count, elementSize)) {
            const std::string needed =
                count == 1 ? std::to_string(elementSize) + " bytes"
                           : std::to_string(count) + " x " + std::to_string(elementSize) + " bytes";
            fail(codes_.cutOff, std::string(record) + " at byte " + std::to_string(offset) +
                                    " needs " + needed + " but the file ends at " +
                                    std::to_string(reader_.size()) +
                                    "; the file is truncated or corrupt");
            return false;
        }
        const auto charged =
            static_cast<std::uint64_t>(count) * static_cast<std::uint64_t>(elementSize);
        if (charged > budget_) {
            fail(codes_.aliasing,
                 std::string(record) + " at byte " + std::to_string(offset) +
                     ": the records describe far more data than the file holds (offsets that "
                     "point to the same bytes again and again); the file is corrupt");
            return false;
        }
        budget_ -= charged;
        return true;
    }

    // A NUL-terminated string at `at`, its length charged to the budget (names that all point at
    // one long string must not multiply it). Reports a cut-off record when no NUL follows before
    // the end.
    std::optional<std::string> cstring(const char* what, std::int64_t at) {
        if (!need(what, at, 1, 1)) return std::nullopt;
        auto text = reader_.cstring(static_cast<std::size_t>(at));
        if (!text) {
            fail(codes_.cutOff,
                 std::string(what) + " at byte " + std::to_string(at) +
                     " has no terminating NUL before the end of the file; the file is "
                     "truncated or corrupt");
            return std::nullopt;
        }
        if (!need(what, at, static_cast<std::int64_t>(text->size()), 1)) return std::nullopt;
        return text;
    }

    // Checks a count read at `at` against [0, limit]; reports a count out of range.
    bool countInRange(const char* field, std::size_t at, std::int64_t value, std::int64_t limit) {
        if (value >= 0 && value <= limit) return true;
        fail(codes_.countOutOfRange, std::string(field) + " at byte " + std::to_string(at) +
                                         " is " + std::to_string(value) + ", outside 0.." +
                                         std::to_string(limit) + "; the file is corrupt");
        return false;
    }

  private:
    ByteReader reader_;
    std::string fileName_;
    BinaryReadCodes codes_;
    DiagnosticSink& sink_;
    std::uint64_t budget_;
    bool failed_ = false;
    std::size_t reported_ = 0; // reports made through fail(), against the error limit
};

} // namespace vtxc
