// Big text inputs read front to back through one reused buffer. The file is read with read(2),
// never mapped: a mapped file that another process cuts short faults (SIGBUS) on the next touch
// of a lost page, while a read simply returns less. Reusing one buffer also keeps the kernel from
// zeroing a fresh page for every page of text, which costs more than the copy itself.
#pragma once

#include "formats/common/diagnostics.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace vtxc {

// Where text comes from: a regular file, or text already in memory (tests, fuzzers, callers that
// hold the text). Moves only.
class TextSource {
  public:
    // 32-bit line and link counts: nothing bigger is read.
    static constexpr std::uint64_t kDefaultMaxBytes = 4ull << 30;

    // Refuses what is not a regular file (a folder, a pipe, a device: reading those could block
    // or never end) with IO003 and files over `maxBytes` with IO004 (exit status 3), as
    // checkInputFile does; IO001 (exit status 2) when it cannot be opened. Nothing is returned.
    static std::optional<TextSource> openFile(const std::filesystem::path& path,
                                              DiagnosticSink& sink,
                                              std::uint64_t maxBytes = kDefaultMaxBytes);
    static TextSource fromMemory(std::string_view text);

    TextSource(TextSource&& other) noexcept;
    TextSource& operator=(TextSource&& other) noexcept;
    TextSource(const TextSource&) = delete;
    TextSource& operator=(const TextSource&) = delete;
    ~TextSource();

    // The size when opened; the text read never goes past it (a file that grows meanwhile).
    std::uint64_t size() const { return size_; }
    // Reads up to `count` bytes after those read so far; 0 once there is nothing more. A file
    // that ends early (cut short by another process) or fails to read ends there: see ended().
    std::size_t read(char* out, std::size_t count);
    // Starts again from the first byte (used only to locate a problem found further on).
    void rewind();
    // Why the text ended before size() bytes, if it did: empty when it did not.
    const std::string& shortReadReason() const { return shortReadReason_; }

  private:
    TextSource() = default;
    int fd_ = -1;
    std::string_view memory_;
    std::uint64_t size_ = 0;
    std::uint64_t position_ = 0;
    std::string shortReadReason_;
};

// The text of a source, loaded a window at a time into one buffer that is reused: [begin(),
// end()) is the loaded text not yet given up, and at least kPadding bytes after end() may be
// read (they hold zeros), so scanners can load whole words without checking the end. Every
// loaded byte is scanned once, while it is in the cache, for the bytes a text file never holds
// (NUL and other C0 controls except tab, line feed, vertical tab, form feed and carriage return;
// DEL) and for carriage returns.
class TextWindow {
  public:
    static constexpr std::size_t kPadding = 64;

    TextWindow(TextSource source, std::size_t windowBytes);

    const char* begin() const { return buffer_.get() + start_; }
    const char* end() const { return buffer_.get() + filled_; }
    // Whether everything the source holds has been loaded.
    bool exhausted() const { return exhausted_; }
    // Offset in the source of a loaded byte (or of end()).
    std::uint64_t offsetOf(const char* p) const {
        return base_ + static_cast<std::uint64_t>(p - buffer_.get());
    }
    std::uint64_t sourceSize() const { return source_.size(); }

    // Gives up the text before `keep` (in [begin(), end()]) and loads more after end() until
    // at least `wanted` bytes from `keep` are loaded or the source is exhausted; the buffer
    // grows when `wanted` is more than it holds. Pointers into the old text are invalid after
    // it: `keep` is now begin(). Returns false when nothing could be loaded.
    bool load(const char* keep, std::size_t wanted);
    // load(keep, the window size): the usual step of a reader that ran out of text.
    bool loadMore(const char* keep) { return load(keep, windowBytes_); }
    std::size_t windowBytes() const { return windowBytes_; }

    bool carriageReturnSeen() const { return carriageReturnSeen_; }
    // Source offset of the first byte that is not text, once loaded.
    std::optional<std::uint64_t> firstBinaryByte() const { return firstBinary_; }
    // Loads and scans the rest of the source, for firstBinaryByte() (a reader that stopped early
    // still refuses a binary file as such).
    void scanRest();
    // Line and column (1-based) of a source offset, counting LF, CR LF and a lone CR as line
    // ends; reads the source again from its start (an error path only: the window is of no
    // further use afterwards).
    std::pair<std::uint32_t, std::uint32_t> lineAndColumnOf(std::uint64_t offset);
    // The byte at a source offset found by firstBinaryByte().
    unsigned char binaryByte() const { return binaryByte_; }
    const std::string& shortReadReason() const { return source_.shortReadReason(); }

  private:
    void scan(const char* from, const char* to);

    void reserve(std::size_t bytes);

    TextSource source_;
    std::size_t windowBytes_;
    std::unique_ptr<char[]> buffer_;
    std::size_t capacity_ = 0; // bytes of text the buffer holds; kPadding more follow
    std::size_t start_ = 0, filled_ = 0;
    std::uint64_t base_ = 0; // source offset of buffer_[0]
    bool exhausted_ = false;
    bool carriageReturnSeen_ = false;
    std::optional<std::uint64_t> firstBinary_;
    unsigned char binaryByte_ = 0;
};

// Bytes that never occur in a text file: C0 controls other than tab, line ends, vertical tab and
// form feed; and DEL.
inline bool isBinaryTextByte(unsigned char c) {
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f') || c == 0x7f;
}

} // namespace vtxc
