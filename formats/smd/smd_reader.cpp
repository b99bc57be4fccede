// SMD reader: one pass over the whole text, line by line, numbers parsed in place (no streams).
// Follows docs/formats.md ("SMD"); the codes it reports are in smd_codes.h.
#include "formats/common/file_io.h"
#include "formats/smd/smd.h"
#include "formats/smd/smd_codes.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <unordered_map>

namespace vtxc {

namespace {

constexpr std::size_t kBinaryScanBlock = 4096;

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

// The fast path for plain decimals such as -17.627241 (what every exporter writes): the digits
// as an integer N < 2^53 over 10^k with k <= 22 gives a correctly rounded double (both exact,
// IEEE division rounds correctly). Rounding that double to float is then correct too unless it
// sits exactly on a midpoint between two floats, which is left to std::from_chars.
bool tryReadPlainDecimal(ValueCursor& cursor, float& out) {
    static constexpr double kPowersOf10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                             1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                             1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
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
        !cursor.atSeparator(p))
        return false;
    const double value = static_cast<double>(mantissa) / kPowersOf10[fractionDigits];
    // A float midpoint has exactly bit 28 set among the 29 low bits of the double's mantissa.
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    if ((bits & 0x1FFFFFFFull) == 0x10000000ull) return false;
    out = static_cast<float>(negative ? -value : value);
    cursor.p = p;
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

class SmdParser {
  public:
    SmdParser(std::string_view text, const std::string& fileName, DiagnosticSink& sink)
        : text_(text), fileName_(fileName), sink_(sink) {}

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
    std::string_view materialOfLine() const;
    bool readTriangle(std::string_view material);
    bool readVertex(SmdVertex& vertex);
    void skipVertexAnimation();
    void reportUnclosed(const char* sectionName);
    std::uint32_t internMaterial(std::string_view name);

    std::string_view text_;
    const std::string& fileName_;
    DiagnosticSink& sink_;
    ForwardingSink local_{sink_}; // counts this file's errors only

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

// Whether a block holds a byte that isBinaryByte() refuses; written with a fixed trip count and
// no early exit so that compilers vectorise it (this scan touches every byte of the file).
bool blockHasBinaryByte(const unsigned char* bytes) {
    unsigned char any = 0;
    for (std::size_t i = 0; i < kBinaryScanBlock; ++i) {
        const unsigned char c = bytes[i];
        any |= static_cast<unsigned char>((c < 9) | (static_cast<unsigned char>(c - 14) < 18) |
                                          (c == 127));
    }
    return any != 0;
}

bool SmdParser::checkBinary() {
    const auto* bytes = reinterpret_cast<const unsigned char*>(text_.data());
    const std::size_t size = text_.size();
    for (std::size_t start = 0; start < size; start += kBinaryScanBlock) {
        const std::size_t stop = std::min(size, start + kBinaryScanBlock);
        bool anyBad = false;
        if (stop - start == kBinaryScanBlock) {
            anyBad = blockHasBinaryByte(bytes + start);
        } else {
            for (std::size_t i = start; i < stop; ++i)
                anyBad |= isBinaryByte(bytes[i]);
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
            readTriangles();
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
    hasCarriageReturns_ = std::memchr(text_.data(), '\r', text_.size()) != nullptr;
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
    while (!shouldStop()) {
        if (!nextContentLine()) return reportUnclosed("triangles");
        if (lineIsEnd()) return;
        const bool complete = readTriangle(materialOfLine());
        // A short triangle cut off by `end`: that `end` closes the section.
        if (!complete && pendingLine_ && lineIsEnd()) {
            pendingLine_ = false;
            return;
        }
    }
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
            reportAtLine(kSmdCodes["SMD014"], triangle.line,
                         "the triangle starting here has " + std::to_string(corner) +
                             " of its 3 vertex lines before the end of the file; the file is "
                             "cut short, export it again");
            file_.links.resize(linksBefore);
            return false;
        }
        // A line that does not start with a number is the next material (or `end`): a short
        // triangle. Read it again as such rather than misread it.
        const char first = *content_;
        if (!((first >= '0' && first <= '9') || first == '-' || first == '+')) {
            reportAtLine(kSmdCodes["SMD014"], triangle.line,
                         "the triangle starting here has " + std::to_string(corner) +
                             " of its 3 vertex lines (line " + std::to_string(lineNumber_) +
                             " is not a vertex); every triangle is a material line and 3 vertex "
                             "lines");
            pendingLine_ = true;
            file_.links.resize(linksBefore);
            return false;
        }
        ok = readVertex(triangle.corners[static_cast<std::size_t>(corner)]) && ok;
    }
    if (!ok) {
        file_.links.resize(linksBefore);
        return false;
    }
    file_.triangles.push_back(triangle);
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
                                DiagnosticSink& sink) {
    SmdParser parser(text, fileName, sink);
    return parser.run();
}

std::optional<SmdFile> readSmdFile(const std::filesystem::path& path, DiagnosticSink& sink) {
    const auto bytes = readWholeFile(path, sink);
    if (!bytes) return std::nullopt;
    return parseSmd(std::string_view(bytes->data(), bytes->size()), path.string(), sink);
}

} // namespace vtxc
