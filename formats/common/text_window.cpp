// Text read front to back through one reused buffer (see text_window.h for why not a mapping).
#include "formats/common/text_window.h"

#include "formats/common/file_io.h"
#include "formats/common/file_tracking.h"
#include "formats/common/io_codes.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vtxc {

namespace fs = std::filesystem;

// ---- TextSource ------------------------------------------------------------------------------

std::optional<TextSource> TextSource::openFile(const fs::path& path, DiagnosticSink& sink,
                                               std::uint64_t maxBytes) {
    auto fail = [&](const std::string& message) -> std::optional<TextSource> {
        sink.report(kIoCodes["IO001"], {path.string()}, message);
        return std::nullopt;
    };
    TextSource source;
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below anyway.
    source.fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (source.fd_ < 0)
        return fail(errno == EISDIR
                        ? "is a folder, not a file"
                        : "cannot open file for reading (does it exist, and may vtxc read it?)");
    // IO003 for what is not a regular file, IO004 over the cap: the checks of every read path.
    const auto size = checkOpenedInputFile(path, source.fd_, maxBytes, sink);
    if (!size) return std::nullopt;
    recordInputRead(path);
    source.size_ = *size;
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(source.fd_, 0, 0, POSIX_FADV_SEQUENTIAL); // a bigger read-ahead
#endif
    return source;
}

TextSource TextSource::fromMemory(std::string_view text) {
    TextSource source;
    source.memory_ = text;
    source.size_ = text.size();
    return source;
}

TextSource::TextSource(TextSource&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), memory_(other.memory_), size_(other.size_),
      position_(other.position_), shortReadReason_(std::move(other.shortReadReason_)) {}

TextSource& TextSource::operator=(TextSource&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = std::exchange(other.fd_, -1);
        memory_ = other.memory_;
        size_ = other.size_;
        position_ = other.position_;
        shortReadReason_ = std::move(other.shortReadReason_);
    }
    return *this;
}

TextSource::~TextSource() {
    if (fd_ >= 0) ::close(fd_);
}

std::size_t TextSource::read(char* out, std::size_t count) {
    const std::size_t wanted =
        static_cast<std::size_t>(std::min<std::uint64_t>(count, size_ - position_));
    if (wanted == 0) return 0;
    if (fd_ < 0) {
        std::memcpy(out, memory_.data() + position_, wanted);
        position_ += wanted;
        return wanted;
    }
    while (true) {
        const ssize_t n = ::read(fd_, out, wanted);
        if (n > 0) {
            position_ += static_cast<std::uint64_t>(n);
            return static_cast<std::size_t>(n);
        }
        if (n < 0 && errno == EINTR) continue;
        // The text ends here: whatever follows cannot be read (it is never guessed at).
        shortReadReason_ =
            n < 0 ? std::string("reading failed after ") + std::to_string(position_) +
                        " bytes: " + std::strerror(errno)
                  : "the file ended after " + std::to_string(position_) + " of its " +
                        std::to_string(size_) +
                        " bytes: another program changed it while it was read; read it again "
                        "once it is complete";
        size_ = position_;
        return 0;
    }
}

void TextSource::rewind() {
    position_ = 0;
    if (fd_ >= 0) ::lseek(fd_, 0, SEEK_SET);
}

// ---- TextWindow ------------------------------------------------------------------------------

TextWindow::TextWindow(TextSource source, std::size_t windowBytes)
    : source_(std::move(source)), windowBytes_(std::max<std::size_t>(windowBytes, 1)) {
    // No bigger than the text: a small file gets a small buffer (fresh memory costs page faults).
    reserve(static_cast<std::size_t>(std::min<std::uint64_t>(windowBytes_, source_.size())));
}

void TextWindow::reserve(std::size_t bytes) {
    if (buffer_ && bytes <= capacity_) return;
    auto bigger = std::make_unique_for_overwrite<char[]>(bytes + kPadding);
    if (buffer_) std::memcpy(bigger.get(), buffer_.get(), filled_);
    // Only the padding after the text needs zeros (load() keeps them there): zeroing the whole
    // buffer would write every byte twice.
    std::memset(bigger.get() + filled_, 0, kPadding);
    buffer_ = std::move(bigger);
    capacity_ = bytes;
}

bool TextWindow::load(const char* keep, std::size_t wanted) {
    const auto keepAt = static_cast<std::size_t>(keep - buffer_.get());
    const std::size_t kept = filled_ - keepAt;
    if (keepAt > 0) {
        std::memmove(buffer_.get(), buffer_.get() + keepAt, kept);
        base_ += keepAt;
    }
    start_ = 0;
    filled_ = kept;
    bool loaded = false;
    if (!exhausted_) {
        const std::uint64_t left = source_.size() - (base_ + kept);
        reserve(static_cast<std::size_t>(
            std::min<std::uint64_t>(std::max(wanted, windowBytes_), kept + left)));
        // In steps that stay in the processor's cache until scanned.
        constexpr std::size_t kReadStep = std::size_t(128) << 10;
        while (filled_ < capacity_) {
            const std::size_t n =
                source_.read(buffer_.get() + filled_, std::min(capacity_ - filled_, kReadStep));
            if (n == 0) break;
            scan(buffer_.get() + filled_, buffer_.get() + filled_ + n);
            filled_ += n;
            loaded = true;
        }
        exhausted_ = base_ + filled_ >= source_.size();
    }
    std::memset(buffer_.get() + filled_, 0, kPadding);
    return loaded;
}

namespace {

// What a stretch of text holds: a byte that no text holds, a carriage return.
struct StretchContents {
    bool binary = false;
    bool carriageReturn = false;
};

// Every byte of the input passes here once: 32 bytes per step in the compilers' portable vector
// types. On x86-64 the function is compiled twice, for AVX2 (one instruction per step of each
// operation) and for the baseline (two SSE2 ones), and the loader picks the one the processor runs
// (GCC's and Clang's target_clones, which need the ELF loader's indirect functions: Linux and the
// BSDs; elsewhere the baseline alone). `size` is a multiple of 32.
#if defined(__x86_64__) && defined(__ELF__) && defined(__has_attribute)
#if __has_attribute(target_clones)
__attribute__((target_clones("avx2", "default")))
#endif
#endif
StretchContents
stretchContents(const unsigned char* p, std::size_t size) {
    typedef unsigned char Bytes32 __attribute__((vector_size(32)));
    Bytes32 bad = {}, carriage = {};
    for (const unsigned char* end = p + size; p < end; p += 32) {
        Bytes32 v;
        std::memcpy(&v, p, 32);
        const Bytes32 shifted = v - 14;
        // Below tab; 14..31 (past CR); DEL.
        bad |= (Bytes32)(v < 9) | (Bytes32)(shifted < 18) | (Bytes32)(v == 127);
        carriage |= (Bytes32)(v == 13);
    }
    StretchContents contents;
    for (int k = 0; k < 32; ++k) {
        contents.binary |= bad[k] != 0;
        contents.carriageReturn |= carriage[k] != 0;
    }
    return contents;
}

} // namespace

// A stretch holding a binary byte is scanned again a byte at a time to find the first one.
void TextWindow::scan(const char* from, const char* to) {
    constexpr std::ptrdiff_t kStretch = 4096;
    const auto* p = reinterpret_cast<const unsigned char*>(from);
    const auto* stop = reinterpret_cast<const unsigned char*>(to);
    while (stop - p >= 32 && !firstBinary_) {
        const auto size = static_cast<std::size_t>(std::min(stop - p, kStretch) / 32 * 32);
        const StretchContents contents = stretchContents(p, size);
        carriageReturnSeen_ |= contents.carriageReturn;
        if (contents.binary) break; // p stays at the stretch's start
        p += size;
    }
    for (; p < stop; ++p) {
        carriageReturnSeen_ |= *p == '\r';
        if (!firstBinary_ && isBinaryTextByte(*p)) {
            firstBinary_ = offsetOf(reinterpret_cast<const char*>(p));
            binaryByte_ = *p;
        }
    }
}

void TextWindow::scanRest() {
    while (!exhausted_ && !firstBinary_)
        load(end(), windowBytes_);
}

std::pair<std::uint32_t, std::uint32_t> TextWindow::lineAndColumnOf(std::uint64_t offset) {
    source_.rewind();
    std::uint32_t line = 1;
    std::uint64_t lineStart = 0, position = 0;
    bool pendingCarriage = false; // a CR whose line end is decided by the byte after it
    char chunk[1 << 16];
    while (position < offset) {
        const std::size_t n = source_.read(chunk, static_cast<std::size_t>(std::min<std::uint64_t>(
                                                      sizeof chunk, offset - position)));
        if (n == 0) break;
        for (std::size_t i = 0; i < n; ++i, ++position) {
            const char c = chunk[i];
            if (pendingCarriage && c != '\n') { // a lone CR ends a line
                ++line;
                lineStart = position;
            }
            pendingCarriage = c == '\r';
            if (c == '\n') {
                ++line;
                lineStart = position + 1;
            }
        }
    }
    if (pendingCarriage) {
        ++line;
        lineStart = position;
    }
    return {line, static_cast<std::uint32_t>(offset - lineStart + 1)};
}

} // namespace vtxc
