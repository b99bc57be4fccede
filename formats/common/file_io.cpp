// File input and output: whole-file reads, and all-or-nothing writes through temporary names.
// Rename within one folder is atomic on POSIX file systems, which is what makes the writes safe.
#include "formats/common/file_io.h"

#include "formats/common/io_codes.h"

#include <fstream>
#include <system_error>
#include <unistd.h>

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
