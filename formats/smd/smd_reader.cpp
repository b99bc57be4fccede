// SMD reader: one pass over the whole text, line by line, numbers parsed in place (no streams).
// Follows docs/formats.md ("SMD"); the codes it reports are in smd_codes.h.
#include "formats/common/file_io.h"
#include "formats/smd/smd.h"
#include "formats/smd/smd_codes.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sys/mman.h>
#include <tbb/parallel_for.h>
#include <unordered_map>

namespace vtxc {

namespace {

constexpr std::size_t kBinaryScanBlock = 4096;
// Big triangle sections are read in blocks (SmdReadOptions) on all threads, this many blocks at a
// time (the text of a window is given back once merged). The blocks depend on the text and the
// options only, never on the thread count.
constexpr std::size_t kBlocksPerWindow = 16;

// Big result arrays are filled once, front to back: on Linux, ask for transparent huge pages so
// that filling them takes a page fault per 2 MiB instead of per 4 KiB (faults are most of the
// system time of a big read). Only whole huge pages inside the array are advised.
template <typename T> void preferHugePages(const std::vector<T>& v) {
#ifdef MADV_HUGEPAGE
    constexpr std::uintptr_t kHuge = 2u << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
    const std::uintptr_t end = begin + v.capacity() * sizeof(T);
    const std::uintptr_t first = (begin + kHuge - 1) / kHuge * kHuge, last = end / kHuge * kHuge;
    if (first < last) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
    (void)v;
#endif
}

bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

// Bytes that never occur in a text file: C0 controls other than tab/line ends/form feed, and DEL.
bool isBinaryByte(unsigned char c) {
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f') || c == 0x7f;
}

// `//`, `#` and `;` start a comment where a value could start (as real exporters' files do).
bool startsComment(const char* p, const char* end) {
    return *p == '#' || *p == ';' || (*p == '/' && p + 1 < end && p[1] == '/');
}

bool equalsKeyword(std::string_view word, std::string_view keyword) {
    if (word.size() != keyword.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i) {
        const char c = word[i];
        const char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        if (lower != keyword[i]) return false;
    }
    return true;
}

// Walks the values of one line. Stops at the end of the line or at a comment.
struct ValueCursor {
    const char* p;
    const char* end;

    // True when a value follows (skipping blanks); false at the end of the line or a comment.
    bool more() {
        while (p < end && isBlank(*p))
            ++p;
        return p < end && !startsComment(p, end);
    }
    std::string_view token() const {
        const char* q = p;
        while (q < end && !isBlank(*q))
            ++q;
        return {p, static_cast<std::size_t>(q - p)};
    }
    bool atSeparator(const char* q) const { return q == end || isBlank(*q); }
};

enum class NumberStatus { Ok, Missing, Bad, NonFinite };

// MSVC's printf writes NaN and infinity as 1.#QNAN, -1.#IND, 1.#INF: tell those from junk.
bool looksLikeMsvcNonFinite(const char* stop, const char* end) {
    if (stop >= end || *stop != '#') return false;
    const std::string_view rest(
        stop + 1, static_cast<std::size_t>(std::min<std::ptrdiff_t>(4, end - stop - 1)));
    return equalsKeyword(rest.substr(0, 3), "inf") || equalsKeyword(rest.substr(0, 3), "ind") ||
           equalsKeyword(rest, "qnan") || equalsKeyword(rest, "snan");
}

// The general path: std::from_chars, with NaN/Inf, underflow and MSVC spellings told apart.
NumberStatus readFloatSlow(ValueCursor& cursor, float& out) {
    const char* first = cursor.p;
    if (*first == '+' && first + 1 < cursor.end) ++first;
    auto [stop, ec] = std::from_chars(first, cursor.end, out);
    if (ec == std::errc::result_out_of_range && cursor.atSeparator(stop)) {
        // Too small for a float rounds to zero; too large is an error.
        const std::string_view text(first, static_cast<std::size_t>(stop - first));
        const auto exponent = text.find_first_of("eE");
        if (exponent == std::string_view::npos || exponent + 1 >= text.size() ||
            text[exponent + 1] != '-')
            return NumberStatus::Bad;
        out = *first == '-' ? -0.0f : 0.0f;
        cursor.p = stop;
        return NumberStatus::Ok;
    }
    if (ec != std::errc() || !cursor.atSeparator(stop)) {
        if (ec == std::errc() && looksLikeMsvcNonFinite(stop, cursor.end))
            return NumberStatus::NonFinite;
        return NumberStatus::Bad;
    }
    if (!std::isfinite(out)) return NumberStatus::NonFinite; // the cursor stays on the value
    cursor.p = stop;
    return NumberStatus::Ok;
}

constexpr double kPowersOf10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                  1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// mantissa / 10^fractionDigits as a float, when that is correctly rounded: the digits as an
// integer N < 2^53 over 10^k with k <= 22 gives a correctly rounded double (both exact, IEEE
// division rounds correctly). Rounding that double to float is then correct too unless it sits
// exactly on a midpoint between two floats, which is left to std::from_chars.
bool decimalToFloat(std::uint64_t mantissa, int fractionDigits, bool negative, float& out) {
    const double value = static_cast<double>(mantissa) / kPowersOf10[fractionDigits];
    // A float midpoint has exactly bit 28 set among the 29 low bits of the double's mantissa.
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    if ((bits & 0x1FFFFFFFull) == 0x10000000ull) return false;
    out = static_cast<float>(negative ? -value : value);
    return true;
}

// How many of the 8 bytes in `chunk` (first byte lowest, as loaded on a little-endian machine)
// are decimal digits before the first byte that is not. A byte is a digit when (byte ^ '0') < 10;
// adding 0x76 sets the byte's high bit otherwise. A carry out of a non-digit byte only reaches
// later bytes, past the first non-digit, so it cannot change the answer.
int leadingDigits(std::uint64_t chunk) {
    const std::uint64_t t = chunk ^ 0x3030303030303030ull;
    const std::uint64_t nonDigit = ((t + 0x7676767676767676ull) | t) & 0x8080808080808080ull;
    return nonDigit ? std::countr_zero(nonDigit) / 8 : 8;
}

// The value of the first `count` (1..8) digits of `chunk`, eight digits at a time in three
// multiplications (the digits shifted to the top, zeros above them act as leading zeros).
std::uint32_t digitsValue(std::uint64_t chunk, int count) {
    std::uint64_t v = (chunk ^ 0x3030303030303030ull) << (8 * (8 - count));
    v = (v * 10) + (v >> 8);
    v = (((v & 0x000000FF000000FFull) * 0x000F424000000064ull) +
         (((v >> 16) & 0x000000FF000000FFull) * 0x0000271000000001ull)) >>
        32;
    return static_cast<std::uint32_t>(v);
}

// The same, a digit at a time: long numbers and the last bytes of a line.
bool tryReadPlainDecimalSlow(ValueCursor& cursor, float& out) {
    const char* p = cursor.p;
    const char* end = cursor.end;
    const bool negative = *p == '-';
    if (negative || *p == '+') ++p;
    std::uint64_t mantissa = 0;
    int digits = 0, fractionDigits = 0;
    while (p < end && static_cast<unsigned>(*p - '0') < 10u) {
        mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
        ++digits, ++p;
    }
    if (p < end && *p == '.') {
        ++p;
        while (p < end && static_cast<unsigned>(*p - '0') < 10u) {
            mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
            ++digits, ++fractionDigits, ++p;
        }
    }
    if (digits == 0 || digits > 19 || fractionDigits > 22 || mantissa > (1ull << 53) ||
        !cursor.atSeparator(p) || !decimalToFloat(mantissa, fractionDigits, negative, out))
        return false;
    cursor.p = p;
    return true;
}

// The fast path for plain decimals such as -17.627241 (what every exporter writes), reading the
// integer and the fraction digits eight bytes at a time when the line has room for that.
bool tryReadPlainDecimal(ValueCursor& cursor, float& out) {
    const char* p = cursor.p;
    const char* end = cursor.end;
    const bool negative = *p == '-';
    if (negative || *p == '+') ++p;
    if (end - p >= 16) {
        std::uint64_t chunk;
        std::memcpy(&chunk, p, 8);
        const int integerDigits = leadingDigits(chunk);
        if (integerDigits > 0 && integerDigits < 8) {
            std::uint64_t mantissa = digitsValue(chunk, integerDigits);
            const char* q = p + integerDigits;
            int fractionDigits = 0;
            if (*q == '.') {
                ++q;
                std::memcpy(&chunk, q, 8);
                fractionDigits = leadingDigits(chunk);
                if (fractionDigits == 8) return tryReadPlainDecimalSlow(cursor, out);
                if (fractionDigits > 0)
                    mantissa = mantissa * static_cast<std::uint64_t>(kPowersOf10[fractionDigits]) +
                               digitsValue(chunk, fractionDigits);
                q += fractionDigits;
            }
            if (!cursor.atSeparator(q) || !decimalToFloat(mantissa, fractionDigits, negative, out))
                return false;
            cursor.p = q;
            return true;
        }
    }
    return tryReadPlainDecimalSlow(cursor, out);
}

inline NumberStatus readFloat(ValueCursor& cursor, float& out) {
    if (!cursor.more()) return NumberStatus::Missing;
    if (tryReadPlainDecimal(cursor, out)) return NumberStatus::Ok;
    return readFloatSlow(cursor, out);
}

inline NumberStatus readInt(ValueCursor& cursor, int& out) {
    if (!cursor.more()) return NumberStatus::Missing;
    const char* p = cursor.p;
    const bool negative = *p == '-';
    if (negative || *p == '+') ++p;
    const char* digitsStart = p;
    int value = 0;
    while (p < cursor.end && static_cast<unsigned>(*p - '0') < 10u && p - digitsStart < 9) {
        value = value * 10 + (*p - '0');
        ++p;
    }
    if (p != digitsStart && cursor.atSeparator(p)) {
        out = negative ? -value : value;
        cursor.p = p;
        return NumberStatus::Ok;
    }
    // Long or odd numbers: let from_chars decide (it reports overflow).
    const char* first = cursor.p;
    if (*first == '+' && first + 1 < cursor.end) ++first;
    auto [stop, ec] = std::from_chars(first, cursor.end, out);
    if (ec != std::errc() || !cursor.atSeparator(stop)) return NumberStatus::Bad;
    cursor.p = stop;
    return NumberStatus::Ok;
}

std::string cutOffByEndOfFile(int corners) {
    return "the triangle starting here has " + std::to_string(corners) +
           " of its 3 vertex lines before the end of the file; the file is cut short, export it "
           "again";
}

std::string cutOffByLine(int corners, std::uint32_t line) {
    return "the triangle starting here has " + std::to_string(corners) +
           " of its 3 vertex lines (line " + std::to_string(line) +
           " is not a vertex); every triangle is a material line and 3 vertex lines";
}

// The start of the first line after the one holding `from` that can only
// begin a triangle: a content line whose first character cannot start a vertex line. Whatever
// state a serial read is in when it reaches such a line, it reads it as a material line (or the
// section's `end`), so a block may start there. nullptr if there is none.
const char* nextTriangleStart(const char* from, const char* end) {
    const char* p = from;
    while (p < end) {
        const char* newline =
            static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
        if (!newline) return nullptr;
        p = newline + 1;
        const char* q = p;
        while (q < end && isBlank(*q))
            ++q;
        if (q == end) return nullptr;
        if (*q == '\n' || *q == '\r' || startsComment(q, end)) continue;
        if (!((*q >= '0' && *q <= '9') || *q == '-' || *q == '+')) return p;
    }
    return nullptr;
}

// What one block of a triangles section read on its own gives: its triangles, links and
// materials numbered within the block, its diagnostics, and how it ended. Line numbers are counted
// from the block's start (its first line is 1) unless `absoluteLines`.
struct TriangleBlock {
    const char* begin = nullptr;
    const char* end = nullptr;
    SmdFile part;
    CollectingSink diagnostics;
    bool absoluteLines = false;
    std::uint32_t lines = 0;          // lines in the block (or up to the section's `end`)
    std::uint32_t partialLine = 0;    // material line of a triangle the block's end cut off
    std::uint32_t partialCorners = 0; // how many vertex lines that triangle had
    const char* sectionEnd = nullptr; // past the `end` line closing the section, if in the block
};

class SmdParser {
  public:
    SmdParser(std::string_view text, const std::string& fileName, DiagnosticSink& sink,
              const SmdReadOptions& options = {}, const MappedFile* source = nullptr)
        : text_(text), fileName_(fileName), sink_(sink), options_(options), source_(source) {}

    std::optional<SmdFile> run();

  private:
    enum class Section { Nodes, Skeleton, Triangles };

    // ---- lines
    bool nextLine();
    bool nextContentLine();
    ValueCursor valuesOfLine() const { return {content_, lineEnd_}; }
    std::uint32_t columnOf(const char* p) const {
        return static_cast<std::uint32_t>(p - lineBegin_) + 1;
    }
    bool lineIsEnd() const;

    // ---- diagnostics
    // Reports `code` (an entry of kSmdCodes) at `at` on the current line, or at `line`.
    void report(const DiagnosticCode& code, const char* at, std::string message);
    void reportAtLine(const DiagnosticCode& code, std::uint32_t line, std::string message,
                      std::uint32_t column = 1);
    bool shouldStop() const { return local_.errorLimitReached(); }
    // Reports a failed number read; returns false so callers can `return numberProblem(...)`.
    bool numberProblem(NumberStatus status, const ValueCursor& cursor, const char* what,
                       bool wholeNumber) {
        return status == NumberStatus::Ok || reportNumberProblem(status, cursor, what, wholeNumber);
    }
    bool reportNumberProblem(NumberStatus status, const ValueCursor& cursor, const char* what,
                             bool wholeNumber);

    // ---- sections
    bool checkBinary();
    bool readVersion();
    void readSections();
    void beginSection(Section section, const char* keywordAt);
    void expectNoMoreValues(ValueCursor cursor);
    void readNodes();
    void readNode();
    void readSkeleton();
    void readFrameStart(ValueCursor cursor);
    void readBonePose();
    void readTriangles();
    void readTrianglesSection();
    void readTriangleBlock(TriangleBlock& block, std::uint32_t linesBefore) const;
    bool mergeTriangleBlock(TriangleBlock& block, std::uint32_t linesBefore);
    std::string_view materialOfLine() const;
    bool readTriangle(std::string_view material);
    bool readVertex(SmdVertex& vertex);
    bool readPlainVertex(SmdVertex& vertex);
    void skipVertexAnimation();
    void reportUnclosed(const char* sectionName);
    std::uint32_t internMaterial(std::string_view name);

    std::string_view text_;
    const std::string& fileName_;
    DiagnosticSink& sink_;
    SmdReadOptions options_;
    const MappedFile* source_;    // where text_ lies, if mapped: parsed pages are given back
    ForwardingSink local_{sink_}; // counts this file's errors only
    // Reading one block of a triangles section (TriangleBlock): the block's end is not the end
    // of the file, so a triangle cut off there is recorded, not reported.
    TriangleBlock* block_ = nullptr;

    // Current line: [lineBegin_, lineEnd_) without its terminator; content_ is its first non-blank.
    const char* next_ = nullptr;
    const char* lineBegin_ = nullptr;
    const char* lineEnd_ = nullptr;
    const char* content_ = nullptr;
    std::uint32_t lineNumber_ = 0;
    bool hasCarriageReturns_ = false;
    bool pendingLine_ = false; // the current line is to be read again by the next nextContentLine

    SmdFile file_;
    bool seen_[3] = {false, false, false};
    std::vector<std::uint8_t> posedInFrame_;
    std::unordered_map<std::string, std::uint32_t> materialIndex_;
    std::string lastMaterial_;
    std::uint32_t lastMaterialIndex_ = 0;
    bool haveLastMaterial_ = false;
};

// ---- lines -----------------------------------------------------------------------------------

bool SmdParser::nextLine() {
    const char* end = text_.data() + text_.size();
    if (next_ >= end) return false;
    lineBegin_ = next_;
    const std::size_t remaining = static_cast<std::size_t>(end - next_);
    const char* newline = static_cast<const char*>(std::memchr(next_, '\n', remaining));
    const char* stop = newline ? newline : end;
    const char* carriage =
        hasCarriageReturns_ ? static_cast<const char*>(
                                  std::memchr(next_, '\r', static_cast<std::size_t>(stop - next_)))
                            : nullptr;
    if (carriage) {
        lineEnd_ = carriage;
        next_ = (carriage + 1 < end && carriage[1] == '\n') ? carriage + 2 : carriage + 1;
    } else {
        lineEnd_ = stop;
        next_ = newline ? newline + 1 : end;
    }
    ++lineNumber_;
    return true;
}

// Advances to the next line holding something other than blanks and comments.
bool SmdParser::nextContentLine() {
    if (pendingLine_) {
        pendingLine_ = false;
        return true;
    }
    while (nextLine()) {
        const char* p = lineBegin_;
        while (p < lineEnd_ && isBlank(*p))
            ++p;
        if (p == lineEnd_ || startsComment(p, lineEnd_)) continue;
        content_ = p;
        return true;
    }
    return false;
}

bool SmdParser::lineIsEnd() const {
    const char c = *content_;
    if (c != 'e' && c != 'E') return false;
    ValueCursor cursor = valuesOfLine();
    if (!equalsKeyword(cursor.token(), "end")) return false;
    cursor.p += 3;
    return !cursor.more();
}

// ---- diagnostics -----------------------------------------------------------------------------

// Past the error limit nothing more is reported: one line can hold several errors, and the limit
// is a promise to the user (and to the fuzz target).
void SmdParser::report(const DiagnosticCode& code, const char* at, std::string message) {
    reportAtLine(code, lineNumber_, std::move(message), columnOf(at));
}

void SmdParser::reportAtLine(const DiagnosticCode& code, std::uint32_t line, std::string message,
                             std::uint32_t column) {
    if (code.severity == Severity::Error && shouldStop()) return;
    local_.report(code, {fileName_, line, column}, std::move(message));
}

bool SmdParser::reportNumberProblem(NumberStatus status, const ValueCursor& cursor,
                                    const char* what, bool wholeNumber) {
    const std::string token(cursor.token());
    switch (status) {
    case NumberStatus::Ok:
        return true;
    case NumberStatus::Missing:
        report(kSmdCodes["SMD005"], cursor.p,
               std::string("missing ") + what + "; complete the line (see the SMD format)");
        break;
    case NumberStatus::Bad:
        report(kSmdCodes["SMD003"], cursor.p,
               std::string("'") + token + "' is not " +
                   (wholeNumber ? "a whole number" : "a number") + " (" + what +
                   "); write it as a plain decimal such as " + (wholeNumber ? "3" : "-1.250000"));
        break;
    case NumberStatus::NonFinite:
        report(kSmdCodes["SMD004"], cursor.p,
               std::string("'") + token + "' (" + what +
                   ") is not a finite number; re-export the model after fixing the broken value");
        break;
    }
    return false;
}

// ---- top level -------------------------------------------------------------------------------

// What a block of kBinaryScanBlock bytes holds: a byte that isBinaryByte() refuses, a carriage
// return. Sixteen bytes per step in the compilers' portable vector types (SSE2 on x86-64, NEON on
// ARM): this scan touches every byte of the file, so it must run at memory speed.
struct BlockBytes {
    bool binary = false;
    bool carriageReturn = false;
};

BlockBytes scanBlock(const unsigned char* bytes) {
    typedef unsigned char Bytes16 __attribute__((vector_size(16)));
    Bytes16 bad = {}, carriage = {};
    for (std::size_t i = 0; i < kBinaryScanBlock; i += 16) {
        Bytes16 v;
        std::memcpy(&v, bytes + i, 16);
        const Bytes16 shifted = v - 14;
        bad |= (Bytes16)(v < 9) | (Bytes16)(shifted < 18) | (Bytes16)(v == 127);
        carriage |= (Bytes16)(v == 13);
    }
    BlockBytes out;
    for (int k = 0; k < 16; ++k) {
        out.binary |= bad[k] != 0;
        out.carriageReturn |= carriage[k] != 0;
    }
    return out;
}

bool SmdParser::checkBinary() {
    const auto* bytes = reinterpret_cast<const unsigned char*>(text_.data());
    const std::size_t size = text_.size();
    for (std::size_t start = 0; start < size; start += kBinaryScanBlock) {
        const std::size_t stop = std::min(size, start + kBinaryScanBlock);
        bool anyBad = false;
        if (stop - start == kBinaryScanBlock) {
            const BlockBytes block = scanBlock(bytes + start);
            anyBad = block.binary;
            hasCarriageReturns_ |= block.carriageReturn;
        } else {
            for (std::size_t i = start; i < stop; ++i) {
                anyBad |= isBinaryByte(bytes[i]);
                hasCarriageReturns_ |= bytes[i] == '\r';
            }
        }
        if (!anyBad) continue;
        std::size_t offset = start;
        while (!isBinaryByte(bytes[offset]))
            ++offset;
        std::uint32_t line = 1;
        std::size_t lineStart = 0;
        for (std::size_t i = 0; i < offset; ++i) {
            const bool crlf = bytes[i] == '\r' && i + 1 < offset && bytes[i + 1] == '\n';
            if (bytes[i] == '\n' || (bytes[i] == '\r' && !crlf)) {
                ++line;
                lineStart = i + 1;
            }
        }
        char byteText[8];
        std::snprintf(byteText, sizeof byteText, "0x%02X", bytes[offset]);
        local_.report(kSmdCodes["SMD015"],
                      {fileName_, line, static_cast<std::uint32_t>(offset - lineStart + 1)},
                      std::string("byte ") + byteText + " at offset " + std::to_string(offset) +
                          ": this is not a text file (binary data, or UTF-16); an SMD must be "
                          "plain text (ASCII or UTF-8)");
        return false;
    }
    return true;
}

bool SmdParser::readVersion() {
    if (!nextContentLine()) {
        local_.report(kSmdCodes["SMD001"], {fileName_, lineNumber_ + 1, 1},
                      "the file is empty; an SMD starts with the line 'version 1'");
        return false;
    }
    ValueCursor cursor = valuesOfLine();
    if (!equalsKeyword(cursor.token(), "version")) {
        report(kSmdCodes["SMD001"], content_,
               "expected 'version 1' as the first line; add it at the top of the file");
        pendingLine_ = true; // read on as version 1, to report the other problems too
        return true;
    }
    cursor.p += 7;
    const char* at = cursor.more() ? cursor.p : lineEnd_;
    const std::string_view version = cursor.more() ? cursor.token() : std::string_view();
    if (version != "1") {
        report(kSmdCodes["SMD002"], at,
               version.empty() ? std::string("'version' has no number; write 'version 1'")
                               : "SMD version '" + std::string(version) +
                                     "' is not supported; only 'version 1' exists");
        return false;
    }
    cursor.p += 1;
    expectNoMoreValues(cursor);
    return true;
}

void SmdParser::expectNoMoreValues(ValueCursor cursor) {
    if (cursor.more())
        report(kSmdCodes["SMD007"], cursor.p,
               "unexpected '" + std::string(cursor.token()) +
                   "' after the end of the line's values; remove it (values are never misread)");
}

// Reports a repeated section, or one that needs `nodes` first; the section is read all the same.
void SmdParser::beginSection(Section section, const char* keywordAt) {
    const int slot = static_cast<int>(section);
    static const char* const kNames[] = {"nodes", "skeleton", "triangles"};
    if (seen_[slot]) {
        report(kSmdCodes["SMD019"], keywordAt,
               std::string("a second '") + kNames[slot] +
                   "' section; an SMD has at most one, merge them");
        return;
    }
    seen_[slot] = true;
    if (section != Section::Nodes && !seen_[0])
        report(kSmdCodes["SMD019"], keywordAt,
               std::string("'") + kNames[slot] +
                   "' comes before 'nodes'; move the nodes section to the top (it defines the "
                   "bones the rest refers to)");
}

void SmdParser::readSections() {
    while (!shouldStop() && nextContentLine()) {
        ValueCursor cursor = valuesOfLine();
        const std::string_view word = cursor.token();
        const char* keywordAt = content_;
        cursor.p += word.size();
        if (equalsKeyword(word, "nodes")) {
            expectNoMoreValues(cursor);
            beginSection(Section::Nodes, keywordAt);
            readNodes();
        } else if (equalsKeyword(word, "skeleton")) {
            expectNoMoreValues(cursor);
            beginSection(Section::Skeleton, keywordAt);
            readSkeleton();
        } else if (equalsKeyword(word, "triangles")) {
            expectNoMoreValues(cursor);
            beginSection(Section::Triangles, keywordAt);
            file_.hasTrianglesSection = true;
            readTrianglesSection();
        } else if (equalsKeyword(word, "vertexanimation")) {
            report(kSmdCodes["SMD023"], keywordAt,
                   "'vertexanimation' section (flex shapes) skipped: vtxc does not read it");
            skipVertexAnimation();
        } else if (equalsKeyword(word, "version")) {
            report(kSmdCodes["SMD019"], keywordAt,
                   "a second 'version' line; keep only the first line 'version 1'");
        } else {
            report(kSmdCodes["SMD016"], keywordAt,
                   "'" + std::string(word) +
                       "' is not a section; expected nodes, skeleton, triangles or end (is a "
                       "section's 'end' line missing or doubled?)");
        }
    }
}

void SmdParser::reportUnclosed(const char* sectionName) {
    local_.report(kSmdCodes["SMD017"], {fileName_, lineNumber_, 0},
                  std::string("the '") + sectionName +
                      "' section has no 'end' line; add 'end' after its last line");
}

std::optional<SmdFile> SmdParser::run() {
    file_.fileName = fileName_;
    if (!checkBinary()) return std::nullopt;
    if (text_.size() >= 3 && std::memcmp(text_.data(), "\xEF\xBB\xBF", 3) == 0)
        text_.remove_prefix(3); // UTF-8 byte order mark
    // checkBinary saw every byte, carriage returns included (a byte order mark holds none).
    next_ = text_.data();
    if (!readVersion()) return std::nullopt;
    readSections();
    if (!seen_[0])
        reportAtLine(kSmdCodes["SMD018"], lineNumber_,
                     "no 'nodes' section; an SMD lists its bones between 'nodes' and 'end'", 0);
    if (!seen_[1])
        reportAtLine(kSmdCodes["SMD018"], lineNumber_,
                     "no 'skeleton' section; an SMD gives bone poses between 'skeleton' and "
                     "'end' (at least 'time 0')",
                     0);
    if (local_.hasErrors()) return std::nullopt;
    return std::move(file_);
}

// ---- nodes -----------------------------------------------------------------------------------

void SmdParser::readNodes() {
    while (!shouldStop()) {
        if (!nextContentLine()) return reportUnclosed("nodes");
        if (lineIsEnd()) return;
        readNode();
    }
}

void SmdParser::readNode() {
    SmdNode node;
    node.line = lineNumber_;
    node.index = static_cast<int>(file_.nodes.size());
    auto keepNode = [&] {
        node.index = static_cast<int>(file_.nodes.size());
        file_.nodes.push_back(std::move(node));
    };
    ValueCursor cursor = valuesOfLine();
    int index = 0;
    if (!numberProblem(readInt(cursor, index), cursor, "node index", true)) return keepNode();
    if (index != node.index) {
        report(kSmdCodes["SMD010"], content_,
               "node " + std::to_string(index) + " where node " + std::to_string(node.index) +
                   " was expected; nodes are numbered 0, 1, 2... in order");
    }
    if (!cursor.more() || *cursor.p != '"') {
        report(kSmdCodes["SMD012"], cursor.more() ? cursor.p : lineEnd_,
               "the node name must be in double quotes, as in 0 \"root\" -1");
        return keepNode();
    }
    const char* nameBegin = cursor.p + 1;
    const char* nameEnd = static_cast<const char*>(
        std::memchr(nameBegin, '"', static_cast<std::size_t>(lineEnd_ - nameBegin)));
    if (!nameEnd) {
        report(kSmdCodes["SMD012"], cursor.p,
               "the node name has no closing double quote; end it with \"");
        return keepNode();
    }
    node.name.assign(nameBegin, nameEnd);
    cursor.p = nameEnd + 1;
    if (!cursor.atSeparator(cursor.p)) {
        // A name glued to the next value ("a"-1) still reads, but is almost certainly damage.
        report(kSmdCodes["SMD012"], cursor.p,
               "text right after the closing quote; separate the name and the parent with a space");
        return keepNode();
    }
    int parent = -1;
    const char* parentAt = cursor.more() ? cursor.p : lineEnd_;
    if (!numberProblem(readInt(cursor, parent), cursor, "parent node", true)) return keepNode();
    if (parent != -1 && (parent < 0 || parent >= node.index)) {
        report(kSmdCodes["SMD011"], parentAt,
               "parent " + std::to_string(parent) + " of node " + std::to_string(node.index) +
                   " is not an earlier node; use -1 for a root, or list the parent first");
        parent = -1;
    }
    node.parent = parent;
    expectNoMoreValues(cursor);
    keepNode();
}

// ---- skeleton --------------------------------------------------------------------------------

void SmdParser::readSkeleton() {
    while (!shouldStop()) {
        if (!nextContentLine()) return reportUnclosed("skeleton");
        if (lineIsEnd()) return;
        ValueCursor cursor = valuesOfLine();
        const std::string_view word = cursor.token();
        if (equalsKeyword(word, "time")) {
            cursor.p += 4;
            readFrameStart(cursor);
        } else {
            readBonePose();
        }
    }
}

void SmdParser::readFrameStart(ValueCursor cursor) {
    int time = 0;
    const char* at = cursor.more() ? cursor.p : lineEnd_;
    if (!numberProblem(readInt(cursor, time), cursor, "frame number after 'time'", true)) {
        time = file_.frames.empty() ? 0 : file_.frames.back().time + 1;
    } else if (time < 0 || (!file_.frames.empty() && time <= file_.frames.back().time)) {
        report(kSmdCodes["SMD020"], at,
               "frame 'time " + std::to_string(time) + "' " +
                   (time < 0
                        ? std::string("is negative")
                        : "does not come after frame " + std::to_string(file_.frames.back().time)) +
                   "; frames count up from 0");
    } else {
        expectNoMoreValues(cursor);
    }
    SmdFrame frame;
    frame.time = time;
    frame.line = lineNumber_;
    // Frames usually pose the same bones as the one before; never trust a count from the file.
    if (!file_.frames.empty()) frame.bones.reserve(file_.frames.back().bones.size());
    file_.frames.push_back(std::move(frame));
    posedInFrame_.assign(file_.nodes.size(), 0);
}

void SmdParser::readBonePose() {
    ValueCursor cursor = valuesOfLine();
    SmdBonePose pose;
    const char* boneAt = content_;
    if (!numberProblem(readInt(cursor, pose.bone), cursor, "bone number", true)) return;
    float* values[6] = {&pose.position.x, &pose.position.y, &pose.position.z,
                        &pose.rotation.x, &pose.rotation.y, &pose.rotation.z};
    static const char* const kWhat[6] = {"position x", "position y", "position z",
                                         "rotation x", "rotation y", "rotation z"};
    for (int i = 0; i < 6; ++i) {
        const char* at = cursor.more() ? cursor.p : lineEnd_;
        const NumberStatus status = readFloat(cursor, *values[i]);
        if (status == NumberStatus::Missing) {
            report(kSmdCodes["SMD005"], at,
                   "a skeleton line needs 7 values (bone px py pz rx ry rz); this one has " +
                       std::to_string(i + 1));
            return;
        }
        if (!numberProblem(status, cursor, kWhat[i], false)) return;
    }
    expectNoMoreValues(cursor);
    if (file_.frames.empty()) {
        report(kSmdCodes["SMD022"], boneAt,
               "bone pose before any 'time' line; start each frame with 'time N' (the first is "
               "'time 0')");
        return;
    }
    if (pose.bone < 0 || static_cast<std::size_t>(pose.bone) >= file_.nodes.size()) {
        report(kSmdCodes["SMD013"], boneAt,
               "bone " + std::to_string(pose.bone) + " is not in 'nodes' (which has " +
                   std::to_string(file_.nodes.size()) + " nodes); fix the number or add the node");
        return;
    }
    // Nodes read after the frame began (an out-of-order file, already reported) widen the set.
    if (posedInFrame_.size() < file_.nodes.size()) posedInFrame_.resize(file_.nodes.size(), 0);
    if (posedInFrame_[static_cast<std::size_t>(pose.bone)]) {
        report(kSmdCodes["SMD021"], boneAt,
               "bone " + std::to_string(pose.bone) + " is posed twice in frame " +
                   std::to_string(file_.frames.back().time) + "; keep one line per bone");
        return;
    }
    posedInFrame_[static_cast<std::size_t>(pose.bone)] = 1;
    file_.frames.back().bones.push_back(pose);
}

// ---- triangles -------------------------------------------------------------------------------

std::uint32_t SmdParser::internMaterial(std::string_view name) {
    if (haveLastMaterial_ && name == lastMaterial_) return lastMaterialIndex_;
    lastMaterial_.assign(name);
    auto [it, inserted] = materialIndex_.try_emplace(
        lastMaterial_, static_cast<std::uint32_t>(file_.materials.size()));
    if (inserted) file_.materials.push_back(lastMaterial_);
    lastMaterialIndex_ = it->second;
    haveLastMaterial_ = true;
    return lastMaterialIndex_;
}

void SmdParser::readTriangles() {
    // A skinned triangle takes about 400 bytes of text; reserving saves most of the regrowth.
    const auto remaining = static_cast<std::size_t>(text_.data() + text_.size() - next_);
    file_.triangles.reserve(file_.triangles.size() + remaining / 400);
    if (!block_) preferHugePages(file_.triangles);
    while (!shouldStop()) {
        if (!nextContentLine()) {
            if (!block_) reportUnclosed("triangles");
            return;
        }
        if (lineIsEnd()) break;
        const bool complete = readTriangle(materialOfLine());
        // A short triangle cut off by `end`: that `end` closes the section.
        if (!complete && pendingLine_ && lineIsEnd()) {
            pendingLine_ = false;
            break;
        }
    }
    if (block_ && !shouldStop()) block_->sectionEnd = next_;
}

// A big triangles section is cut into blocks that each start at a line that can only begin a
// triangle (nextTriangleStart), read on all threads, and merged in order: materials renumbered in
// order of first appearance, links and line numbers shifted, a triangle cut off at a block's end
// reported where a serial read would report it, diagnostics in order up to the error limit. The
// result and the diagnostics are those of a serial read, whatever the number of threads.
void SmdParser::readTrianglesSection() {
    const char* end = text_.data() + text_.size();
    if (static_cast<std::size_t>(end - next_) < options_.parallelFromBytes || block_)
        return readTriangles();
    const std::size_t blockBytes = std::max<std::size_t>(options_.blockBytes, 1);
    std::uint32_t lines = lineNumber_; // lines before the next block
    std::uint32_t pendingLine = 0, pendingCorners = 0;
    bool reserved = false;
    const char* windowBegin = next_;
    while (next_ < end) {
        std::vector<TriangleBlock> blocks;
        for (const char* begin = next_; begin < end && blocks.size() < kBlocksPerWindow;) {
            const char* nominal = begin + std::min<std::size_t>(blockBytes, end - begin);
            const char* stop = nominal < end ? nextTriangleStart(nominal, end) : nullptr;
            blocks.emplace_back();
            blocks.back().begin = begin;
            blocks.back().end = stop ? stop : end;
            begin = blocks.back().end;
        }
        if (source_) source_->populate(blocks.front().begin, blocks.back().end);
        tbb::parallel_for(std::size_t(0), blocks.size(),
                          [&](std::size_t i) { readTriangleBlock(blocks[i], 0); });
        for (TriangleBlock& block : blocks) {
            if (pendingLine != 0) {
                reportAtLine(kSmdCodes["SMD014"], pendingLine,
                             cutOffByLine(static_cast<int>(pendingCorners), lines + 1));
                pendingLine = 0;
            }
            // Messages name lines: a block with diagnostics is read again with its true numbers.
            if (!block.diagnostics.diagnostics().empty()) {
                TriangleBlock numbered;
                numbered.begin = block.begin;
                numbered.end = block.end;
                readTriangleBlock(numbered, lines);
                if (!mergeTriangleBlock(numbered, lines)) return;
            } else if (!mergeTriangleBlock(block, lines)) {
                return;
            }
            if (block.sectionEnd) {
                next_ = block.sectionEnd;
                lineNumber_ = lines + block.lines;
                return;
            }
            if (block.partialLine != 0) {
                pendingLine = lines + block.partialLine;
                pendingCorners = block.partialCorners;
            }
            lines += block.lines;
            next_ = block.end;
        }
        if (!reserved) {
            // The first window tells how much text a triangle and a link take here; reserving the
            // rest's share now spares the regrowth copies (untouched capacity costs no memory).
            const double done = static_cast<double>(next_ - windowBegin);
            const double factor = 1.05 * static_cast<double>(end - windowBegin) / done;
            file_.triangles.reserve(static_cast<std::size_t>(file_.triangles.size() * factor) + 16);
            file_.links.reserve(static_cast<std::size_t>(file_.links.size() * factor) + 16);
            preferHugePages(file_.triangles);
            preferHugePages(file_.links);
            reserved = true;
        }
        if (source_) source_->release(text_.data(), next_);
    }
    lineNumber_ = lines;
    if (pendingLine != 0)
        reportAtLine(kSmdCodes["SMD014"], pendingLine,
                     cutOffByEndOfFile(static_cast<int>(pendingCorners)));
    if (!shouldStop()) reportUnclosed("triangles");
}

// Reads one block as a serial read would from the block's first line, in a parser of its own.
// Line numbers start after `linesBefore` (0: relative to the block).
void SmdParser::readTriangleBlock(TriangleBlock& block, std::uint32_t linesBefore) const {
    SmdParser parser(
        std::string_view(block.begin, static_cast<std::size_t>(block.end - block.begin)), fileName_,
        block.diagnostics);
    parser.block_ = &block;
    parser.hasCarriageReturns_ = hasCarriageReturns_;
    parser.next_ = block.begin;
    parser.lineNumber_ = linesBefore;
    parser.file_.nodes = file_.nodes;
    parser.readTriangles();
    block.lines = parser.lineNumber_ - linesBefore;
    if (block.partialLine != 0) block.partialLine -= linesBefore;
    block.absoluteLines = linesBefore != 0;
    block.part.triangles = std::move(parser.file_.triangles);
    block.part.links = std::move(parser.file_.links);
    block.part.materials = std::move(parser.file_.materials);
}

// Appends a block's result after `linesBefore` lines; false once the error limit is reached (a
// serial read stops there).
bool SmdParser::mergeTriangleBlock(TriangleBlock& block, std::uint32_t linesBefore) {
    for (const Diagnostic& d : block.diagnostics.diagnostics()) {
        if (d.severity == Severity::Error && shouldStop()) return false;
        local_.report(d);
    }
    if (shouldStop()) return false;
    std::vector<std::uint32_t> materialOf;
    materialOf.reserve(block.part.materials.size());
    for (const std::string& name : block.part.materials)
        materialOf.push_back(internMaterial(name));
    const auto linkBase = static_cast<std::uint32_t>(file_.links.size());
    const std::uint32_t lineShift = block.absoluteLines ? 0 : linesBefore;
    for (SmdTriangle& triangle : block.part.triangles) {
        triangle.material = materialOf[triangle.material];
        triangle.line += lineShift;
        for (SmdVertex& corner : triangle.corners)
            corner.firstLink += linkBase;
    }
    file_.triangles.insert(file_.triangles.end(), block.part.triangles.begin(),
                           block.part.triangles.end());
    file_.links.insert(file_.links.end(), block.part.links.begin(), block.part.links.end());
    block.part = SmdFile();
    return true;
}

// The material is the rest of the line, less trailing blanks and a comment after a blank.
std::string_view SmdParser::materialOfLine() const {
    const char* stop = content_ + 1; // a content line does not start with a comment
    while (stop < lineEnd_ && !(isBlank(stop[-1]) && startsComment(stop, lineEnd_)))
        ++stop;
    while (stop > content_ && isBlank(stop[-1]))
        --stop;
    return {content_, static_cast<std::size_t>(stop - content_)};
}

bool SmdParser::readTriangle(std::string_view material) {
    SmdTriangle triangle;
    triangle.line = lineNumber_;
    triangle.material = internMaterial(material);
    const std::size_t linksBefore = file_.links.size();
    bool ok = true;
    for (int corner = 0; corner < 3; ++corner) {
        if (!nextContentLine()) {
            file_.links.resize(linksBefore);
            if (block_) {
                block_->partialLine = triangle.line;
                block_->partialCorners = static_cast<std::uint32_t>(corner);
                return false;
            }
            reportAtLine(kSmdCodes["SMD014"], triangle.line, cutOffByEndOfFile(corner));
            return false;
        }
        // A line that does not start with a number is the next material (or `end`): a short
        // triangle. Read it again as such rather than misread it.
        const char first = *content_;
        if (!((first >= '0' && first <= '9') || first == '-' || first == '+')) {
            reportAtLine(kSmdCodes["SMD014"], triangle.line, cutOffByLine(corner, lineNumber_));
            pendingLine_ = true;
            file_.links.resize(linksBefore);
            return false;
        }
        SmdVertex& vertex = triangle.corners[static_cast<std::size_t>(corner)];
        ok = (readPlainVertex(vertex) || readVertex(vertex)) && ok;
    }
    if (!ok) {
        file_.links.resize(linksBefore);
        return false;
    }
    file_.triangles.push_back(triangle);
    return true;
}

// The vertex line as exporters write it, read without a diagnostic in reach: plain numbers
// separated by blanks, links that fit, nothing after them. Anything else (including every line
// with an error) returns false with nothing changed, and readVertex reads the line again with
// its diagnostics. Both give the same values for the lines this one accepts.
bool SmdParser::readPlainVertex(SmdVertex& vertex) {
    const char* const end = lineEnd_;
    ValueCursor cursor{content_, end};
    auto skipBlanks = [&] {
        while (cursor.p < end && isBlank(*cursor.p))
            ++cursor.p;
    };
    auto plainInt = [&](int& out) {
        const char* p = cursor.p;
        const bool negative = p < end && *p == '-';
        p += negative;
        const char* digits = p;
        int value = 0;
        while (p < end && static_cast<unsigned>(*p - '0') < 10u && p - digits < 9)
            value = value * 10 + (*p++ - '0');
        if (p == digits || !cursor.atSeparator(p)) return false;
        out = negative ? -value : value;
        cursor.p = p;
        skipBlanks();
        return true;
    };
    auto plainFloat = [&](float& out) {
        if (cursor.p == end || !tryReadPlainDecimal(cursor, out)) return false;
        skipBlanks();
        return true;
    };
    const std::size_t nodeCount = file_.nodes.size();
    if (!plainInt(vertex.bone) || static_cast<std::size_t>(vertex.bone) >= nodeCount) return false;
    if (!plainFloat(vertex.position.x) || !plainFloat(vertex.position.y) ||
        !plainFloat(vertex.position.z) || !plainFloat(vertex.normal.x) ||
        !plainFloat(vertex.normal.y) || !plainFloat(vertex.normal.z) || !plainFloat(vertex.uv.x) ||
        !plainFloat(vertex.uv.y))
        return false;
    const std::size_t linksBefore = file_.links.size();
    vertex.firstLink = static_cast<std::uint32_t>(linksBefore);
    vertex.linkCount = 0;
    if (cursor.p == end) return true; // Half-Life form: rigid on `bone`
    int count = 0;
    if (!plainInt(count) || count < 0 || count > kSmdMaxLinksPerVertex) return false;
    for (int i = 0; i < count; ++i) {
        SmdLink link;
        if (!plainInt(link.bone) || static_cast<std::size_t>(link.bone) >= nodeCount ||
            !plainFloat(link.weight) || link.weight < 0) {
            file_.links.resize(linksBefore);
            return false;
        }
        file_.links.push_back(link);
    }
    if (cursor.p != end) {
        file_.links.resize(linksBefore);
        return false;
    }
    vertex.linkCount = static_cast<std::uint32_t>(count);
    return true;
}

bool SmdParser::readVertex(SmdVertex& vertex) {
    ValueCursor cursor = valuesOfLine();
    const char* boneAt = cursor.p;
    if (!numberProblem(readInt(cursor, vertex.bone), cursor, "vertex bone", true)) return false;
    float* values[8] = {&vertex.position.x, &vertex.position.y, &vertex.position.z,
                        &vertex.normal.x,   &vertex.normal.y,   &vertex.normal.z,
                        &vertex.uv.x,       &vertex.uv.y};
    for (int i = 0; i < 8; ++i) {
        const NumberStatus status = readFloat(cursor, *values[i]);
        if (status == NumberStatus::Ok) continue;
        if (status == NumberStatus::Missing) {
            report(kSmdCodes["SMD005"], lineEnd_,
                   "a vertex line needs 9 values (bone x y z nx ny nz u v); this one has " +
                       std::to_string(i + 1));
            return false;
        }
        static const char* const kWhat[8] = {"x",        "y",        "z", "normal x",
                                             "normal y", "normal z", "u", "v"};
        return numberProblem(status, cursor, kWhat[i], false);
    }
    if (vertex.bone < 0 || static_cast<std::size_t>(vertex.bone) >= file_.nodes.size()) {
        report(kSmdCodes["SMD008"], boneAt,
               "vertex bone " + std::to_string(vertex.bone) + " is not in 'nodes' (which has " +
                   std::to_string(file_.nodes.size()) + " nodes); fix the number or add the node");
        return false;
    }
    vertex.firstLink = static_cast<std::uint32_t>(file_.links.size());
    vertex.linkCount = 0;
    if (!cursor.more()) return true; // Half-Life form: rigid on `bone`
    const char* countAt = cursor.p;
    int count = 0;
    if (!numberProblem(readInt(cursor, count), cursor, "links count", true)) return false;
    if (count < 0 || count > kSmdMaxLinksPerVertex) {
        report(kSmdCodes["SMD006"], countAt,
               "links count " + std::to_string(count) + " is not between 0 and " +
                   std::to_string(kSmdMaxLinksPerVertex) + "; the line is damaged");
        return false;
    }
    for (int i = 0; i < count; ++i) {
        SmdLink link;
        const char* linkAt = cursor.more() ? cursor.p : lineEnd_;
        NumberStatus status = readInt(cursor, link.bone);
        if (status == NumberStatus::Ok) status = readFloat(cursor, link.weight);
        if (status == NumberStatus::Missing) {
            report(kSmdCodes["SMD006"], countAt,
                   "the line says " + std::to_string(count) + " links but has " +
                       std::to_string(i) + " bone/weight pairs; fix the count or add the pairs");
            return false;
        }
        if (!numberProblem(status, cursor, "link bone or weight", false)) return false;
        if (link.bone < 0 || static_cast<std::size_t>(link.bone) >= file_.nodes.size()) {
            report(kSmdCodes["SMD008"], linkAt,
                   "link bone " + std::to_string(link.bone) + " is not in 'nodes' (which has " +
                       std::to_string(file_.nodes.size()) +
                       " nodes); fix the number or add the node");
            return false;
        }
        if (link.weight < 0) {
            report(kSmdCodes["SMD009"], linkAt,
                   "link to bone " + std::to_string(link.bone) +
                       " has a negative weight; weights "
                       "run from 0 to 1");
            return false;
        }
        file_.links.push_back(link);
    }
    vertex.linkCount = static_cast<std::uint32_t>(count);
    if (cursor.more()) {
        report(kSmdCodes["SMD007"], cursor.p,
               "values after the " + std::to_string(count) +
                   " bone/weight pairs; this SMD dialect is not supported (fix the links count "
                   "or remove them)");
        return false;
    }
    return true;
}

void SmdParser::skipVertexAnimation() {
    while (nextContentLine())
        if (lineIsEnd()) return;
    reportUnclosed("vertexanimation");
}

} // namespace

// ---- public ----------------------------------------------------------------------------------

std::uint32_t SmdFile::internMaterial(std::string_view name) {
    for (std::size_t i = 0; i < materials.size(); ++i)
        if (materials[i] == name) return static_cast<std::uint32_t>(i);
    materials.emplace_back(name);
    return static_cast<std::uint32_t>(materials.size() - 1);
}

std::optional<SmdFile> parseSmd(std::string_view text, const std::string& fileName,
                                DiagnosticSink& sink, const SmdReadOptions& options) {
    SmdParser parser(text, fileName, sink, options);
    return parser.run();
}

std::optional<SmdFile> readSmdFile(const std::filesystem::path& path, DiagnosticSink& sink) {
    const auto file = MappedFile::open(path, sink);
    if (!file) return std::nullopt;
    const std::string fileName = path.string(); // the parser keeps a reference to it
    SmdParser parser(file->text(), fileName, sink, {}, &*file);
    return parser.run();
}

} // namespace vtxc
