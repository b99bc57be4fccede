// File input and output: whole-file reads, and all-or-nothing writes through temporary names.
// Rename within one folder is atomic on POSIX file systems, which is what makes the writes safe.
#include "formats/common/file_io.h"

#include "formats/common/io_codes.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/mman.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace vtxc {

namespace fs = std::filesystem;

std::optional<std::vector<char>> readWholeFile(const fs::path& path, DiagnosticSink& sink) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        sink.report(kIoCodes["IO001"], {path.string()}, "is a folder, not a file");
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        sink.report(kIoCodes["IO001"], {path.string()},
                    "cannot open file for reading (does it exist, and may vtxc read it?)");
        return std::nullopt;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    if (size < 0) {
        sink.report(kIoCodes["IO001"], {path.string()}, "cannot determine the file's size");
        return std::nullopt;
    }
    std::vector<char> bytes(static_cast<std::size_t>(size));
    if (size > 0 && !in.read(bytes.data(), size)) {
        sink.report(kIoCodes["IO001"], {path.string()}, "read failed part-way through the file");
        return std::nullopt;
    }
    return bytes;
}

namespace {
std::size_t pageSize() {
    static const std::size_t size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    return size;
}

// Closes the descriptor on every path out of MappedFile::open.
struct Descriptor {
    int fd;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};
} // namespace

std::optional<MappedFile> MappedFile::open(const fs::path& path, DiagnosticSink& sink,
                                           std::uint64_t maxBytes) {
    auto fail = [&](const std::string& message) -> std::optional<MappedFile> {
        sink.report(kIoCodes["IO001"], {path.string()}, message);
        return std::nullopt;
    };
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below anyway.
    const Descriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
    if (file.fd < 0)
        return fail(errno == EISDIR
                        ? "is a folder, not a file"
                        : "cannot open file for reading (does it exist, and may vtxc read it?)");
    struct stat status {};
    if (::fstat(file.fd, &status) != 0) return fail("cannot determine the file's size");
    if (S_ISDIR(status.st_mode)) return fail("is a folder, not a file");
    if (!S_ISREG(status.st_mode))
        return fail("is not a regular file (a pipe, socket or device); save the data to a file "
                    "and read that");
    const auto size = static_cast<std::uint64_t>(status.st_size);
    if (size > maxBytes)
        return fail("is " + std::to_string(size) + " bytes, over the limit of " +
                    std::to_string(maxBytes) + " bytes for this kind of file; split the model");
    if (size == 0) return MappedFile(nullptr, 0);
    void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file.fd, 0);
    if (data == MAP_FAILED)
        return fail(std::string("cannot map the file: ") + std::strerror(errno));
    // Read front to back: let the kernel read ahead, and drop pages behind.
    ::madvise(data, size, MADV_SEQUENTIAL);
    return MappedFile(static_cast<const char*>(data), static_cast<std::size_t>(size));
}

MappedFile::MappedFile(MappedFile&& other) noexcept : data_(other.data_), size_(other.size_) {
    other.data_ = nullptr;
    other.size_ = 0;
}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
    if (this != &other) {
        this->~MappedFile();
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

MappedFile::~MappedFile() {
    if (data_) ::munmap(const_cast<char*>(data_), size_);
}

void MappedFile::populate(const char* from, const char* to) const {
#ifdef MADV_POPULATE_READ
    if (!data_) return;
    const std::size_t page = pageSize();
    const auto base = reinterpret_cast<std::uintptr_t>(data_);
    std::uintptr_t first = std::max(reinterpret_cast<std::uintptr_t>(from), base);
    const std::uintptr_t last =
        std::min<std::uintptr_t>(reinterpret_cast<std::uintptr_t>(to), base + size_);
    first = first / page * page;
    if (first < last) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_POPULATE_READ);
#else
    (void)from;
    (void)to;
#endif
}

void MappedFile::release(const char* from, const char* to) const {
    if (!data_) return;
    const std::size_t page = pageSize();
    const auto base = reinterpret_cast<std::uintptr_t>(data_);
    std::uintptr_t first = reinterpret_cast<std::uintptr_t>(from);
    std::uintptr_t last = reinterpret_cast<std::uintptr_t>(to);
    first = std::max(first, base);
    last = std::min<std::uintptr_t>(last, base + size_);
    first = (first + page - 1) / page * page;
    last = last / page * page;
    if (first < last) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
}

namespace {
fs::path temporaryNameFor(const fs::path& path) {
    return path.parent_path() /
           ("." + path.filename().string() + ".vtxc-" + std::to_string(::getpid()) + ".tmp");
}

bool writeOne(const fs::path& path, std::span<const std::uint8_t> bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    out.flush();
    return static_cast<bool>(out);
}
} // namespace

bool writeFilesAtomically(std::span<const PendingFile> files, DiagnosticSink& sink) {
    std::vector<fs::path> temporaries;
    auto removeTemporaries = [&] {
        std::error_code ignored;
        for (const fs::path& t : temporaries)
            fs::remove(t, ignored);
    };
    for (const PendingFile& file : files) {
        std::error_code ec;
        const fs::path parent = file.path.parent_path();
        if (!parent.empty()) fs::create_directories(parent, ec);
        if (ec) {
            sink.report(kIoCodes["IO002"], {file.path.string()},
                        "cannot create the output folder: " + ec.message());
            removeTemporaries();
            return false;
        }
        const fs::path temporary = temporaryNameFor(file.path);
        temporaries.push_back(temporary);
        if (!writeOne(temporary, file.bytes)) {
            sink.report(kIoCodes["IO002"], {file.path.string()},
                        "cannot write the file (is the folder writable and the disk not full?)");
            removeTemporaries();
            return false;
        }
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::error_code ec;
        fs::rename(temporaries[i], files[i].path, ec);
        if (ec) {
            sink.report(kIoCodes["IO002"], {files[i].path.string()},
                        "cannot move the finished file into place: " + ec.message());
            removeTemporaries();
            return false;
        }
    }
    return true;
}

bool writeFileAtomically(const fs::path& path, std::span<const std::uint8_t> bytes,
                         DiagnosticSink& sink) {
    PendingFile file{path, std::vector<std::uint8_t>(bytes.begin(), bytes.end())};
    return writeFilesAtomically(std::span<const PendingFile>(&file, 1), sink);
}

} // namespace vtxc
