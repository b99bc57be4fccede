// SMD reader: one pass over the whole text, line by line, numbers parsed in place (no streams).
// Follows docs/formats.md ("SMD"); the codes it reports are in smd_codes.h.
#include "formats/common/decimal_to_float.h"
#include "formats/common/io_codes.h"
#include "formats/common/page_prefault.h"
#include "formats/common/text_safety.h"
#include "formats/common/text_window.h"
#include "formats/smd/smd.h"
#include "formats/smd/smd_codes.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <memory>
#include <span>
#include <tbb/parallel_for.h>
#include <tbb/task_group.h>
#include <unordered_map>

namespace vtxc {

namespace {

// Big triangle sections are read in blocks (SmdReadOptions) on all threads, up to this many blocks
// at a time: the text window holds them, and its buffer is reused for the next ones. The blocks
// depend on the text and the options only, never on the thread count.
constexpr std::size_t kBlocksPerWindow = 8;

// A serial read hands triangles on (SmdReadOptions::triangles) in pieces of this many: the same
// memory then holds piece after piece (fresh memory costs a page fault per 4 KiB).
constexpr std::size_t kTrianglesPerPiece = 1024;

bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
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

// 10^k for the digits of a fraction read eight at a time.
constexpr std::uint64_t kIntegerPowersOf10[] = {1,      10,      100,      1000,     10000,
                                                100000, 1000000, 10000000, 100000000};

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
    if (digits == 0 || digits > 19 || fractionDigits > kDecimalToFloatMaxFractionDigits ||
        mantissa > kDecimalToFloatMaxMantissa || !cursor.atSeparator(p) ||
        !decimalToFloat(mantissa, fractionDigits, negative, out))
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
                    mantissa = mantissa * kIntegerPowersOf10[fractionDigits] +
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

// ---- the plain vertex line (SmdParser::readPlainVertex) ----

std::uint64_t loadWord(const char* p) {
    std::uint64_t word;
    std::memcpy(&word, p, sizeof word);
    return word;
}

// A whole number of one to seven digits (no sign).
inline bool plainCount(const char*& p, std::uint32_t& out) {
    const std::uint64_t chunk = loadWord(p);
    const int digits = leadingDigits(chunk);
    if (digits == 0 || digits == 8) return false;
    out = digitsValue(chunk, digits);
    p += digits;
    return true;
}

// A decimal of one to seven integer digits and up to seven fraction digits, with an optional
// minus sign; others go the general way.
inline bool plainDecimal(const char*& p, float& out) {
    const char* q = p;
    const bool negative = *q == '-';
    q += negative;
    std::uint64_t chunk = loadWord(q);
    const int integerDigits = leadingDigits(chunk);
    if (integerDigits == 0 || integerDigits == 8) return false;
    std::uint64_t mantissa = digitsValue(chunk, integerDigits);
    q += integerDigits;
    int fractionDigits = 0;
    if (*q == '.') {
        chunk = loadWord(q + 1);
        fractionDigits = leadingDigits(chunk);
        if (fractionDigits == 8) return false;
        if (fractionDigits > 0)
            mantissa =
                mantissa * kIntegerPowersOf10[fractionDigits] + digitsValue(chunk, fractionDigits);
        q += 1 + fractionDigits;
    }
    if (!decimalToFloat(mantissa, fractionDigits, negative, out)) return false;
    p = q;
    return true;
}

// After a value: blanks (skipped), or the line's end.
inline bool plainSeparator(const char*& p, const char* lineEnd) {
    if (!isBlank(*p)) return p == lineEnd;
    do
        ++p;
    while (isBlank(*p));
    return true;
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

// The vertex lines read last, by their exact text. A mesh's triangles share corners, and exporters
// write a shared corner's line again soon after, byte for byte: about seven vertex lines in ten,
// in the corpus and in generated meshes, repeat one of the last few hundred. Such a line is
// copied from here rather than read again. Only lines that readPlainVertex accepted are kept, so
// the copy is what reading the line again gives: its numbers depend on its text alone, and its
// bones were in range then (nodes are only ever added). A slot is picked by a hash of the text
// and holds the last line that hashed to it.
class RecentVertexLines {
  public:
    // The slot of a line's text; `line` has readable bytes up to 7 past its end.
    std::size_t slotOf(std::string_view line) const {
        // The sum of the text's 8-byte words, sixteen bytes a step in the compilers' portable
        // vector types.
        typedef std::uint64_t Words __attribute__((vector_size(16)));
        Words sums = {line.size(), 0};
        const char* p = line.data();
        const char* const end = p + line.size();
        for (; end - p >= 16; p += 16) {
            Words words;
            std::memcpy(&words, p, sizeof words);
            sums += words;
        }
        std::uint64_t sum = sums[0] + sums[1];
        if (end - p >= 8) {
            sum += loadWord(p);
            p += 8;
        }
        if (p < end) // the last bytes, without the ones after the line
            sum += loadWord(p) & (~0ull >> (8 * (8 - (end - p))));
        return static_cast<std::size_t>((sum * 0x9E3779B97F4A7C15ull) >> (64 - kSlotBits));
    }

    // True when `line` is the one kept in `slot`: the vertex is then set as reading the line
    // would set it, its links appended to `links`.
    bool recall(std::size_t slot, std::string_view line, SmdVertex& vertex,
                std::vector<SmdLink>& links) const {
        if (!slots_ || textBytes_[slot] != line.size()) return false;
        const Slot& kept = slots_[slot];
        if (std::memcmp(kept.text, line.data(), line.size()) != 0) return false;
        vertex = kept.vertex;
        vertex.firstLink = static_cast<std::uint32_t>(links.size());
        links.insert(links.end(), kept.links.begin(), kept.links.begin() + kept.vertex.linkCount);
        return true;
    }

    // Keeps a line that readPlainVertex read into `vertex` (with `vertexLinks`) in `slot`.
    void keep(std::size_t slot, std::string_view line, const SmdVertex& vertex,
              std::span<const SmdLink> vertexLinks) {
        if (line.size() > kMaxTextBytes || vertexLinks.size() > kMaxLinks) return;
        if (!slots_) {
            // Only the lengths are set (0: empty, no vertex line is): a slot's memory is first
            // touched when a line is kept in it.
            textBytes_ = std::make_unique<std::uint32_t[]>(kSlots);
            slots_ = std::make_unique_for_overwrite<Slot[]>(kSlots);
        }
        textBytes_[slot] = static_cast<std::uint32_t>(line.size());
        Slot& kept = slots_[slot];
        std::memcpy(kept.text, line.data(), line.size());
        kept.vertex = vertex;
        std::copy(vertexLinks.begin(), vertexLinks.end(), kept.links.begin());
    }

  private:
    // Lines up to 8 links (what exporters write, kSmdWriterMaxLinks) and 240 bytes; 1024 slots
    // (about 360 KiB, in the processor's second-level cache). Measured on a generated mesh: 256
    // slots copy 74% of the vertex lines, 1024 slots 78%, and read the file 7% faster.
    static constexpr int kSlotBits = 10;
    static constexpr std::size_t kSlots = std::size_t(1) << kSlotBits;
    static constexpr std::size_t kMaxLinks = kSmdWriterMaxLinks, kMaxTextBytes = 240;
    struct Slot {
        SmdVertex vertex;
        std::array<SmdLink, kMaxLinks> links;
        char text[kMaxTextBytes];
    };
    // Made on the first line kept.
    std::unique_ptr<std::uint32_t[]> textBytes_; // the length of each slot's line
    std::unique_ptr<Slot[]> slots_;
};

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
    std::vector<std::uint8_t> repeatedCorners; // per triangle of `part`, when they are handed on
    CollectingSink diagnostics;
    bool absoluteLines = false;
    std::uint32_t lines = 0;          // lines in the block (or up to the section's `end`)
    std::uint32_t partialLine = 0;    // material line of a triangle the block's end cut off
    std::uint32_t partialCorners = 0; // how many vertex lines that triangle had
    const char* sectionEnd = nullptr; // past the `end` line closing the section, if in the block
};

// The result arrays of a window's blocks, kept for the next window: their memory is reused
// instead of being given back and faulted in again.
struct BlockArrays {
    std::vector<SmdTriangle> triangles;
    std::vector<SmdLink> links;
    std::vector<std::uint8_t> repeatedCorners;
};

class SmdParser {
  public:
    // Reads a whole source through `window`.
    SmdParser(TextWindow& window, const std::string& fileName, DiagnosticSink& sink,
              const SmdReadOptions& options)
        : fileName_(fileName), sink_(sink), options_(options), window_(&window),
          markRepeats_(static_cast<bool>(options.triangles)) {}

    std::optional<SmdFile> run();

  private:
    // Reads one block of text [begin, end) that lies in a window (triangle blocks).
    SmdParser(const char* begin, const char* end, const std::string& fileName, DiagnosticSink& sink)
        : fileName_(fileName), sink_(sink), next_(begin), end_(end) {}

    enum class Section { Nodes, Skeleton, Triangles };

    // ---- lines
    bool nextLine();
    bool nextContentLine();
    bool loadMoreText();
    const char* findLineEnd(const char* from) const;
    ValueCursor valuesOfLine() const { return {content_, lineEnd_}; }
    std::uint32_t columnOf(const char* p) const {
        return static_cast<std::uint32_t>(p - lineBegin_) + 1;
    }
    bool lineIsEnd() const;
    bool carriageReturns() const { return window_ ? window_->carriageReturnSeen() : blockCr_; }

    // ---- diagnostics
    // Reports `code` (an entry of kSmdCodes) at `at` on the current line, or at `line`.
    void report(const DiagnosticCode& code, const char* at, std::string message);
    void reportAtLine(const DiagnosticCode& code, std::uint32_t line, std::string message,
                      std::uint32_t column = 1);
    bool shouldStop() const { return local_.errorLimitReached() || binary_; }
    // Reports a failed number read; returns false so callers can `return numberProblem(...)`.
    bool numberProblem(NumberStatus status, const ValueCursor& cursor, const char* what,
                       bool wholeNumber) {
        return status == NumberStatus::Ok || reportNumberProblem(status, cursor, what, wholeNumber);
    }
    bool reportNumberProblem(NumberStatus status, const ValueCursor& cursor, const char* what,
                             bool wholeNumber);
    std::optional<SmdFile> finishWithBinaryError();

    // ---- sections
    bool readVersion();
    void readSections();
    void beginSection(Section section, const char* keywordAt);
    void expectNoMoreValues(ValueCursor cursor);
    void readNodes();
    void readNode();
    void readSkeleton();
    void readFrameStart(ValueCursor cursor);
    void readBonePose();
    bool readTriangles(std::uint64_t stopAfter = UINT64_MAX);
    void readTrianglesSection();
    bool readTriangleWindow(std::uint32_t& lines, std::uint32_t& pendingLine,
                            std::uint32_t& pendingCorners);
    void readTriangleBlock(TriangleBlock& block, std::uint32_t linesBefore) const;
    bool mergeTriangleBlock(TriangleBlock& block, std::uint32_t linesBefore);
    void reserveForTheRest();
    void handOverTriangles();
    std::string_view materialOfLine() const;
    bool readTriangle(std::string_view material);
    bool readVertex(SmdVertex& vertex);
    bool readRecentOrPlainVertex(SmdVertex& vertex, bool& repeated);
    bool readPlainVertex(SmdVertex& vertex);
    void skipVertexAnimation();
    void reportUnclosed(const char* sectionName);
    std::uint32_t internMaterial(std::string_view name);
    // Names end up in JSON files, which must be UTF-8: SMD024 at the first bad byte.
    bool checkUtf8Name(std::string_view name, const char* nameAt, const char* what) {
        const std::size_t bad = firstInvalidUtf8(name);
        if (bad == std::string_view::npos) return true;
        report(kSmdCodes["SMD024"], nameAt + bad,
               std::string("the ") + what + " name '" + printableText(name) +
                   "' is not UTF-8 text; save the SMD as UTF-8");
        return false;
    }
    std::size_t nodeCount() const { return window_ ? file_.nodes.size() : blockNodeCount_; }

    const std::string& fileName_;
    DiagnosticSink& sink_;
    SmdReadOptions options_;
    TextWindow* window_ = nullptr; // the source's text; none for a block's parser
    // This file's diagnostics, handed on at the end: a binary file gets its SMD015 alone, even
    // when the binary byte comes after text that had problems of its own.
    CollectingSink local_;
    bool binary_ = false;
    bool stoppedAfterPoses_ = false; // SmdReadOptions::posesOnly: the rest was not read
    // Reading one block of a triangles section (TriangleBlock): the block's end is not the end
    // of the file, so a triangle cut off there is recorded, not reported.
    TriangleBlock* block_ = nullptr;
    bool blockCr_ = false;           // a block's parser: carriage returns may occur
    std::size_t blockNodeCount_ = 0; // a block's parser: the nodes the file has
    std::vector<BlockArrays> spareArrays_;
    bool reserved_ = false;
    std::size_t lastWindowTriangles_ = 0, lastWindowLinks_ = 0; // merged from the last window
    std::uint64_t sectionStart_ = 0; // source offset where the triangles section's text starts

    // Current line: [lineBegin_, lineEnd_) without its terminator; content_ is its first non-blank.
    // The text runs to end_ (at least TextWindow::kPadding readable bytes follow it).
    const char* next_ = nullptr;
    const char* end_ = nullptr;
    const char* lineBegin_ = nullptr;
    const char* lineEnd_ = nullptr;
    const char* content_ = nullptr;
    std::uint32_t lineNumber_ = 0;
    bool pendingLine_ = false; // the current line is to be read again by the next nextContentLine

    SmdFile file_;
    bool seen_[3] = {false, false, false};
    std::vector<std::uint8_t> posedInFrame_;
    std::unordered_map<std::string, std::uint32_t> materialIndex_;
    std::string lastMaterial_;
    std::uint32_t lastMaterialIndex_ = 0;
    bool haveLastMaterial_ = false;
    RecentVertexLines recentLines_;
    // SmdTrianglePiece::repeatedCorners of file_.triangles, kept only when they are handed on.
    bool markRepeats_ = false;
    std::vector<std::uint8_t> repeatedCorners_;
};

// ---- lines -----------------------------------------------------------------------------------

// The first line end in [from, end_): a line feed, or a carriage return when the text has any.
// A CR seen in text loaded later cannot lie in text searched before: the flag covers every
// loaded byte.
const char* SmdParser::findLineEnd(const char* from) const {
    const auto size = static_cast<std::size_t>(end_ - from);
    const char* newline = static_cast<const char*>(std::memchr(from, '\n', size));
    if (!carriageReturns()) return newline;
    const char* carriage = static_cast<const char*>(
        std::memchr(from, '\r', static_cast<std::size_t>((newline ? newline : end_) - from)));
    return carriage ? carriage : newline;
}

// Gives up the text before next_ and loads more; false at the end of the text or on finding a
// byte that is not text (the read then stops: the file is refused as binary).
bool SmdParser::loadMoreText() {
    if (!window_ || window_->exhausted() || binary_) return false;
    const bool loaded =
        window_->load(next_, static_cast<std::size_t>(end_ - next_) + window_->windowBytes());
    next_ = window_->begin();
    end_ = window_->end();
    binary_ = window_->firstBinaryByte().has_value();
    return loaded && !binary_;
}

bool SmdParser::nextLine() {
    if (binary_) return false;
    const char* stop = next_ < end_ ? findLineEnd(next_) : nullptr;
    while (!stop || (*stop == '\r' && stop + 1 == end_)) { // a CR's LF may not be loaded yet
        const auto searched = static_cast<std::size_t>((stop ? stop : end_) - next_);
        const bool loaded = loadMoreText();
        if (binary_) return false;
        stop = next_ + searched < end_ ? findLineEnd(next_ + searched) : nullptr; // text moved
        if (!loaded) break;
    }
    if (binary_ || next_ >= end_) return false;
    lineBegin_ = next_;
    if (stop) {
        lineEnd_ = stop;
        next_ = (*stop == '\r' && stop[1] == '\n') ? stop + 2 : stop + 1;
    } else {
        lineEnd_ = end_;
        next_ = end_;
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
    const std::string_view token = cursor.token();
    switch (status) {
    case NumberStatus::Ok:
        return true;
    case NumberStatus::Missing:
        report(kSmdCodes["SMD005"], cursor.p,
               std::string("missing ") + what + "; complete the line (see the SMD format)");
        break;
    case NumberStatus::Bad:
        report(kSmdCodes["SMD003"], cursor.p,
               "'" + printableText(token) + "' is not " +
                   (wholeNumber ? "a whole number" : "a number") + " (" + what +
                   "); write it as a plain decimal such as " + (wholeNumber ? "3" : "-1.250000"));
        break;
    case NumberStatus::NonFinite:
        report(kSmdCodes["SMD004"], cursor.p,
               "'" + printableText(token) + "' (" + what +
                   ") is not a finite number; re-export the model after fixing the broken value");
        break;
    }
    return false;
}

// ---- top level -------------------------------------------------------------------------------

// The file holds a byte that no text holds: SMD015 at its line and column, and nothing else (what
// was read before it is not an SMD either).
std::optional<SmdFile> SmdParser::finishWithBinaryError() {
    const std::uint64_t offset = *window_->firstBinaryByte();
    const unsigned char byte = window_->binaryByte();
    const auto [line, column] = window_->lineAndColumnOf(offset);
    char byteText[8];
    std::snprintf(byteText, sizeof byteText, "0x%02X", byte);
    sink_.report(kSmdCodes["SMD015"], {fileName_, line, column},
                 std::string("byte ") + byteText + " at offset " + std::to_string(offset) +
                     ": this is not a text file (binary data, or UTF-16); an SMD must be plain "
                     "text (ASCII or UTF-8)");
    return std::nullopt;
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
                               : "SMD version '" + printableText(version) +
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
               "unexpected '" + printableText(cursor.token()) +
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
        if (options_.posesOnly && seen_[0] && seen_[1]) {
            stoppedAfterPoses_ = true;
            return;
        }
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
                   "'" + printableText(word) +
                       "' is not a section; expected nodes, skeleton, triangles or end (is a "
                       "section's 'end' line missing or doubled?)");
        }
    }
}

void SmdParser::reportUnclosed(const char* sectionName) {
    local_.report(kSmdCodes["SMD017"], {fileName_, lineNumber_, 1},
                  std::string("the '") + sectionName +
                      "' section has no 'end' line; add 'end' after its last line");
}

std::optional<SmdFile> SmdParser::run() {
    file_.fileName = fileName_;
    window_->loadMore(window_->begin());
    next_ = window_->begin();
    end_ = window_->end();
    binary_ = window_->firstBinaryByte().has_value();
    if (end_ - next_ >= 3 && std::memcmp(next_, "\xEF\xBB\xBF", 3) == 0)
        next_ += 3; // UTF-8 byte order mark
    if (!binary_ && readVersion()) {
        readSections();
        if (!seen_[0])
            reportAtLine(kSmdCodes["SMD018"], lineNumber_,
                         "no 'nodes' section; an SMD lists its bones between 'nodes' and 'end'", 1);
        if (!seen_[1])
            reportAtLine(kSmdCodes["SMD018"], lineNumber_,
                         "no 'skeleton' section; an SMD gives bone poses between 'skeleton' and "
                         "'end' (at least 'time 0')",
                         1);
    }
    // A read that stopped early (an error) still refuses a binary file as such; one that took
    // the poses only leaves the rest unread, as nothing of it is used.
    if (!stoppedAfterPoses_) window_->scanRest();
    if (window_->firstBinaryByte()) return finishWithBinaryError();
    if (!window_->shortReadReason().empty()) {
        sink_.report(kIoCodes["IO001"], {fileName_}, window_->shortReadReason());
        return std::nullopt;
    }
    for (const Diagnostic& d : local_.diagnostics())
        sink_.report(d);
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
    if (!checkUtf8Name(node.name, nameBegin, "bone")) return keepNode();
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
    if (inserted) {
        checkUtf8Name(lastMaterial_, content_, "material");
        file_.materials.push_back(lastMaterial_);
    }
    lastMaterialIndex_ = it->second;
    haveLastMaterial_ = true;
    return lastMaterialIndex_;
}

// Reads triangles up to the section's `end`. Returns false once the section is over (its `end`,
// the end of the text, or the error limit); true when it stopped after the first complete
// triangle ending at or past source offset `stopAfter`, the next line being a triangle's first.
bool SmdParser::readTriangles(std::uint64_t stopAfter) {
    // A skinned triangle takes about 400 bytes of text; reserving saves most of the regrowth.
    // Triangles handed on (SmdReadOptions::triangles) are held a piece at a time.
    const std::uint64_t remaining = window_ ? window_->sourceSize() - window_->offsetOf(next_)
                                            : static_cast<std::uint64_t>(end_ - next_);
    const auto expected = static_cast<std::size_t>(remaining / 400);
    file_.triangles.reserve(file_.triangles.size() + (options_.triangles
                                                          ? std::min(expected, kTrianglesPerPiece)
                                                          : expected));
    while (!shouldStop()) {
        if (!nextContentLine()) {
            if (!block_) reportUnclosed("triangles");
            return false;
        }
        if (lineIsEnd()) break;
        const bool complete = readTriangle(materialOfLine());
        // A short triangle cut off by `end`: that `end` closes the section.
        if (!complete && pendingLine_ && lineIsEnd()) {
            pendingLine_ = false;
            break;
        }
        if (file_.triangles.size() >= kTrianglesPerPiece) handOverTriangles();
        if (!pendingLine_ && window_ && window_->offsetOf(next_) >= stopAfter) return true;
    }
    if (block_ && !shouldStop()) block_->sectionEnd = next_;
    return false;
}

// A big triangles section is cut into blocks that each start at a line that can only begin a
// triangle (nextTriangleStart), read on all threads a window at a time, and merged in order:
// materials renumbered in order of first appearance, links and line numbers shifted, a triangle
// cut off at a block's end reported where a serial read would report it, diagnostics in order up
// to the error limit. The result and the diagnostics are those of a serial read, whatever the
// number of threads.
void SmdParser::readTrianglesSection() {
    const std::uint64_t remaining = window_->sourceSize() - window_->offsetOf(next_);
    if (remaining < options_.parallelFromBytes) {
        readTriangles();
        handOverTriangles();
    } else {
        sectionStart_ = window_->offsetOf(next_);
        std::uint32_t lines = lineNumber_; // lines before the next block
        std::uint32_t pendingLine = 0, pendingCorners = 0;
        while (readTriangleWindow(lines, pendingLine, pendingCorners)) {
        }
    }
}

// Cuts the text ahead into blocks, reads them in parallel and merges them; false once the
// section is over. `lines` counts the lines before the next block; `pendingLine` names the
// material line of a triangle that the last block's end cut off (0: none).
bool SmdParser::readTriangleWindow(std::uint32_t& lines, std::uint32_t& pendingLine,
                                   std::uint32_t& pendingCorners) {
    const std::size_t blockBytes = std::max<std::size_t>(options_.blockBytes, 1);
    const std::size_t windowBytes = (kBlocksPerWindow + 1) * blockBytes;
    if (static_cast<std::size_t>(end_ - next_) < windowBytes && !window_->exhausted()) {
        window_->load(next_, windowBytes);
        next_ = window_->begin();
        end_ = window_->end();
        binary_ = window_->firstBinaryByte().has_value();
        if (binary_) return false;
    }
    auto reportCutOff = [&] {
        if (pendingLine == 0) return;
        reportAtLine(kSmdCodes["SMD014"], pendingLine,
                     cutOffByLine(static_cast<int>(pendingCorners), lines + 1));
        pendingLine = 0;
    };
    if (next_ >= end_) { // the text ends inside the section
        lineNumber_ = lines;
        if (pendingLine != 0)
            reportAtLine(kSmdCodes["SMD014"], pendingLine,
                         cutOffByEndOfFile(static_cast<int>(pendingCorners)));
        if (!shouldStop()) reportUnclosed("triangles");
        return false;
    }
    std::vector<TriangleBlock> blocks;
    for (const char* begin = next_; begin < end_ && blocks.size() < kBlocksPerWindow;) {
        const char* nominal = begin + std::min<std::size_t>(blockBytes, end_ - begin);
        const char* stop = nominal < end_ ? nextTriangleStart(nominal, end_) : nullptr;
        if (!stop && !window_->exhausted()) break; // the rest goes with the next window's text
        blocks.emplace_back();
        blocks.back().begin = begin;
        blocks.back().end = stop ? stop : end_;
        begin = blocks.back().end;
    }
    if (blocks.empty()) {
        // No line in reach can only begin a triangle (damaged text): read on serially, at least
        // past this window, from the state a block's start has.
        reportCutOff();
        lineNumber_ = lines;
        const bool more = readTriangles(window_->offsetOf(end_));
        handOverTriangles();
        lines = lineNumber_;
        return more && !shouldStop();
    }
    spareArrays_.resize(std::max(spareArrays_.size(), blocks.size()));
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        blocks[i].part.triangles = std::move(spareArrays_[i].triangles);
        blocks[i].part.links = std::move(spareArrays_[i].links);
        blocks[i].repeatedCorners = std::move(spareArrays_[i].repeatedCorners);
    }
    // While the blocks are read, a thread with time to spare faults in the result arrays' room
    // for about this window's triangles: zeroing those fresh pages is otherwise most of the
    // merge below, which only this thread does.
    tbb::task_group prefault;
    if (reserved_)
        prefault.run([&] {
            prefaultAfterSize(file_.triangles, lastWindowTriangles_ + lastWindowTriangles_ / 4);
            prefaultAfterSize(file_.links, lastWindowLinks_ + lastWindowLinks_ / 4);
        });
    tbb::parallel_for(std::size_t(0), blocks.size(),
                      [&](std::size_t i) { readTriangleBlock(blocks[i], 0); });
    prefault.wait();
    const std::size_t trianglesBefore = file_.triangles.size(), linksBefore = file_.links.size();
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        TriangleBlock& block = blocks[i];
        reportCutOff();
        // Messages name lines: a block with diagnostics is read again with its true numbers.
        bool merged;
        if (!block.diagnostics.diagnostics().empty()) {
            TriangleBlock numbered;
            numbered.begin = block.begin;
            numbered.end = block.end;
            readTriangleBlock(numbered, lines);
            merged = mergeTriangleBlock(numbered, lines);
        } else {
            merged = mergeTriangleBlock(block, lines);
        }
        spareArrays_[i].triangles = std::move(block.part.triangles);
        spareArrays_[i].links = std::move(block.part.links);
        spareArrays_[i].repeatedCorners = std::move(block.repeatedCorners);
        spareArrays_[i].triangles.clear();
        spareArrays_[i].links.clear();
        spareArrays_[i].repeatedCorners.clear();
        if (!merged) return false;
        if (block.sectionEnd) {
            next_ = block.sectionEnd;
            lineNumber_ = lines + block.lines;
            return false;
        }
        if (block.partialLine != 0) {
            pendingLine = lines + block.partialLine;
            pendingCorners = block.partialCorners;
        }
        lines += block.lines;
        next_ = block.end;
    }
    lastWindowTriangles_ = file_.triangles.size() - trianglesBefore;
    lastWindowLinks_ = file_.links.size() - linksBefore;
    if (!reserved_ && !options_.triangles) reserveForTheRest();
    return true;
}

// With SmdReadOptions::triangles, hands on the triangles read into the file and forgets them
// (their arrays keep their memory for the next ones).
void SmdParser::handOverTriangles() {
    if (!options_.triangles || file_.triangles.empty()) return;
    options_.triangles({file_.triangles, file_.links, repeatedCorners_});
    file_.triangles.clear();
    file_.links.clear();
    repeatedCorners_.clear();
}

// The first window tells how much text a triangle and a link take here; reserving the rest's
// share now spares the regrowth copies (untouched capacity costs no memory).
void SmdParser::reserveForTheRest() {
    const double done = static_cast<double>(window_->offsetOf(next_) - sectionStart_);
    const double factor =
        1.05 * static_cast<double>(window_->sourceSize() - sectionStart_) / std::max(done, 1.0);
    file_.triangles.reserve(static_cast<std::size_t>(file_.triangles.size() * factor) + 16);
    file_.links.reserve(static_cast<std::size_t>(file_.links.size() * factor) + 16);
    reserved_ = true;
}

// Reads one block as a serial read would from the block's first line, in a parser of its own.
// Line numbers start after `linesBefore` (0: relative to the block). The block's arrays are
// reused (they hold no triangles on entry).
void SmdParser::readTriangleBlock(TriangleBlock& block, std::uint32_t linesBefore) const {
    SmdParser parser(block.begin, block.end, fileName_, block.diagnostics);
    parser.block_ = &block;
    parser.blockCr_ = carriageReturns();
    parser.blockNodeCount_ = nodeCount();
    parser.lineNumber_ = linesBefore;
    parser.file_.triangles = std::move(block.part.triangles);
    parser.file_.links = std::move(block.part.links);
    parser.markRepeats_ = markRepeats_;
    parser.repeatedCorners_ = std::move(block.repeatedCorners);
    parser.readTriangles();
    // The block's parser collects its diagnostics; hand them on in order.
    for (const Diagnostic& d : parser.local_.diagnostics())
        block.diagnostics.report(d);
    block.lines = parser.lineNumber_ - linesBefore;
    if (block.partialLine != 0) block.partialLine -= linesBefore;
    block.absoluteLines = linesBefore != 0;
    block.part.triangles = std::move(parser.file_.triangles);
    block.part.links = std::move(parser.file_.links);
    block.part.materials = std::move(parser.file_.materials);
    block.repeatedCorners = std::move(parser.repeatedCorners_);
}

// Appends a block's result after `linesBefore` lines; false once
// the error limit is reached (a serial read stops there). The block's arrays are emptied.
bool SmdParser::mergeTriangleBlock(TriangleBlock& block, std::uint32_t linesBefore) {
    for (const Diagnostic& d : block.diagnostics.diagnostics()) {
        if (d.severity == Severity::Error && shouldStop()) return false;
        local_.report(d);
    }
    if (shouldStop()) return false;
    std::uint32_t materialOf[64];
    std::vector<std::uint32_t> moreMaterials;
    std::uint32_t* renumber = materialOf;
    if (block.part.materials.size() > std::size(materialOf)) {
        moreMaterials.resize(block.part.materials.size());
        renumber = moreMaterials.data();
    }
    for (std::size_t m = 0; m < block.part.materials.size(); ++m)
        renumber[m] = internMaterial(block.part.materials[m]);
    const std::uint32_t lineShift = block.absoluteLines ? 0 : linesBefore;
    const auto linkBase = static_cast<std::uint32_t>(file_.links.size());
    const auto shifted = [&](SmdTriangle triangle) {
        triangle.material = renumber[triangle.material];
        triangle.line += lineShift;
        for (SmdVertex& corner : triangle.corners)
            corner.firstLink += linkBase;
        return triangle;
    };
    if (options_.triangles) {
        // In place, and linkBase is 0: the block's arrays are what is handed on.
        for (SmdTriangle& triangle : block.part.triangles)
            triangle = shifted(triangle);
        options_.triangles({block.part.triangles, block.part.links, block.repeatedCorners});
    } else {
        // Shifted as they are copied: one pass over the triangles, not two.
        std::transform(block.part.triangles.begin(), block.part.triangles.end(),
                       std::back_inserter(file_.triangles), shifted);
        file_.links.insert(file_.links.end(), block.part.links.begin(), block.part.links.end());
    }
    block.part.triangles.clear();
    block.part.links.clear();
    block.part.materials.clear();
    block.repeatedCorners.clear();
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
    // Read in place: the triangle is dropped again if it is not complete.
    SmdTriangle& triangle = file_.triangles.emplace_back();
    triangle.line = lineNumber_;
    triangle.material = internMaterial(material);
    const std::size_t linksBefore = file_.links.size();
    auto drop = [&] {
        file_.links.resize(linksBefore);
        file_.triangles.pop_back();
        return false;
    };
    bool ok = true;
    std::uint8_t repeats = 0;
    for (int corner = 0; corner < 3; ++corner) {
        if (!nextContentLine()) {
            if (block_) {
                block_->partialLine = triangle.line;
                block_->partialCorners = static_cast<std::uint32_t>(corner);
                return drop();
            }
            reportAtLine(kSmdCodes["SMD014"], triangle.line, cutOffByEndOfFile(corner));
            return drop();
        }
        // A line that does not start with a number is the next material (or `end`): a short
        // triangle. Read it again as such rather than misread it.
        const char first = *content_;
        if (!((first >= '0' && first <= '9') || first == '-' || first == '+')) {
            reportAtLine(kSmdCodes["SMD014"], triangle.line, cutOffByLine(corner, lineNumber_));
            pendingLine_ = true;
            return drop();
        }
        SmdVertex& vertex = triangle.corners[static_cast<std::size_t>(corner)];
        bool repeated = false;
        ok = (readRecentOrPlainVertex(vertex, repeated) || readVertex(vertex)) && ok;
        repeats |= static_cast<std::uint8_t>(repeated ? 1u << corner : 0u);
    }
    if (!ok) return drop();
    if (markRepeats_) repeatedCorners_.push_back(repeats);
    return true;
}

// A vertex line read lately (RecentVertexLines) is copied; another is read as a plain line, and
// kept when that succeeds. False, with nothing kept, for the lines readVertex must read.
bool SmdParser::readRecentOrPlainVertex(SmdVertex& vertex, bool& repeated) {
    const std::string_view line(content_, static_cast<std::size_t>(lineEnd_ - content_));
    const std::size_t slot = recentLines_.slotOf(line);
    repeated = recentLines_.recall(slot, line, vertex, file_.links);
    if (repeated) return true;
    if (!readPlainVertex(vertex)) return false;
    recentLines_.keep(slot, line, vertex, file_.linksOf(vertex));
    return true;
}

// The vertex line as exporters write it, read without a diagnostic in reach: plain numbers
// separated by blanks, links that fit, nothing after them. Anything else (including every line
// with an error) returns false with no link kept, and readVertex reads the line again with its
// diagnostics. Both give the same values for the lines this one accepts. Numbers are read eight
// bytes at a time: the text always has readable bytes past a line's end (TextWindow::kPadding),
// and the byte at the line's end is a line end or a zero, neither a digit nor a blank.
bool SmdParser::readPlainVertex(SmdVertex& vertex) {
    const char* p = content_;
    const char* const end = lineEnd_;
    const std::size_t nodes = nodeCount();
    std::uint32_t bone = 0;
    if (!plainCount(p, bone) || bone >= nodes || !plainSeparator(p, end)) return false;
    vertex.bone = static_cast<int>(bone);
    float* const values[8] = {&vertex.position.x, &vertex.position.y, &vertex.position.z,
                              &vertex.normal.x,   &vertex.normal.y,   &vertex.normal.z,
                              &vertex.uv.x,       &vertex.uv.y};
    for (float* value : values)
        if (!plainDecimal(p, *value) || !plainSeparator(p, end)) return false;
    vertex.firstLink = static_cast<std::uint32_t>(file_.links.size());
    vertex.linkCount = 0;
    if (p == end) return true; // Half-Life form: rigid on `bone`
    std::uint32_t count = 0;
    if (!plainCount(p, count) || count > kSmdMaxLinksPerVertex || !plainSeparator(p, end))
        return false;
    const std::size_t linksBefore = file_.links.size();
    file_.links.resize(linksBefore + count);
    SmdLink* link = file_.links.data() + linksBefore;
    for (std::uint32_t i = 0; i < count; ++i, ++link) {
        std::uint32_t linkBone = 0;
        if (!plainCount(p, linkBone) || linkBone >= nodes || !plainSeparator(p, end) ||
            !plainDecimal(p, link->weight) || link->weight < 0 || !plainSeparator(p, end)) {
            file_.links.resize(linksBefore);
            return false;
        }
        link->bone = static_cast<int>(linkBone);
    }
    if (p != end) {
        file_.links.resize(linksBefore);
        return false;
    }
    vertex.linkCount = count;
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
    if (vertex.bone < 0 || static_cast<std::size_t>(vertex.bone) >= nodeCount()) {
        report(kSmdCodes["SMD008"], boneAt,
               "vertex bone " + std::to_string(vertex.bone) + " is not in 'nodes' (which has " +
                   std::to_string(nodeCount()) + " nodes); fix the number or add the node");
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
        if (link.bone < 0 || static_cast<std::size_t>(link.bone) >= nodeCount()) {
            report(kSmdCodes["SMD008"], linkAt,
                   "link bone " + std::to_string(link.bone) + " is not in 'nodes' (which has " +
                       std::to_string(nodeCount()) + " nodes); fix the number or add the node");
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

namespace {
std::optional<SmdFile> parseSource(TextSource source, const std::string& fileName,
                                   DiagnosticSink& sink, const SmdReadOptions& options) {
    // Room for the longest plain number and a line end, at least.
    TextWindow window(std::move(source), std::max<std::size_t>(options.windowBytes, 64));
    SmdParser parser(window, fileName, sink, options);
    return parser.run();
}
} // namespace

std::optional<SmdFile> parseSmd(std::string_view text, const std::string& fileName,
                                DiagnosticSink& sink, const SmdReadOptions& options) {
    return parseSource(TextSource::fromMemory(text), fileName, sink, options);
}

std::optional<SmdFile> readSmdFile(const std::filesystem::path& path, DiagnosticSink& sink,
                                   const SmdReadOptions& options) {
    auto source = TextSource::openFile(path, sink);
    if (!source) return std::nullopt;
    return parseSource(std::move(*source), path.string(), sink, options);
}

} // namespace vtxc
