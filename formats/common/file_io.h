// File input and output: whole-file reads with a size cap that refuse FIFOs and devices, and
// all-or-nothing publication of a set of output files (docs/guarantees.md says exactly what
// "all or nothing" means, including after a SIGKILL).
#pragma once

#include "formats/common/diagnostics.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

// Size caps of the readers (docs/guarantees.md lists them). A file over its cap is refused with
// IO004 (exit 3) before anything is allocated for it.
inline constexpr std::uintmax_t kMiB = 1024 * 1024;
inline constexpr std::uintmax_t kMaxInputBytes = 1024 * kMiB;    // SMD and anything not listed
inline constexpr std::uintmax_t kMaxModelFileBytes = 256 * kMiB; // .mdl, .vvd, .vtx
inline constexpr std::uintmax_t kMaxDocumentBytes = 64 * kMiB;   // KV3/VMDL documents
inline constexpr std::uintmax_t kMaxJsonInputBytes = 256 * kMiB; // bench baselines

// Checks that `path` names a regular file (after following links) of at most `maxBytes`; returns
// its size. Reports IO001 (exit 2) when it cannot be examined, IO003 (exit 3) for a folder,
// FIFO, device or socket, IO004 (exit 3) when it is over the cap. Every read path (whole-file
// reads, memory maps, the QC file system) goes through this or through readWholeFile.
std::optional<std::uintmax_t> checkInputFile(const std::filesystem::path& path,
                                             std::uintmax_t maxBytes, DiagnosticSink& sink);

// The same checks on a file already opened as `fd` (so they cannot be raced); returns its size.
std::optional<std::uintmax_t> checkOpenedInputFile(const std::filesystem::path& path, int fd,
                                                   std::uintmax_t maxBytes, DiagnosticSink& sink);

// Reads the whole file under the same checks, made on the opened file so they cannot be raced;
// never blocks on a FIFO. Reports IO001 (exit 2) when it cannot be opened or read.
std::optional<std::vector<char>> readWholeFile(const std::filesystem::path& path,
                                               DiagnosticSink& sink,
                                               std::uintmax_t maxBytes = kMaxInputBytes);

struct PendingFile {
    std::filesystem::path path;
    std::vector<std::uint8_t> bytes;
    bool mayReplace = true; // false: refuse (IO002) when a file of this name exists (backups)
};

struct WriteOptions {
    // The folder the user named as the output root. It is created as named (links and all);
    // every folder between it and the files' folder is created and entered without following a
    // symbolic link, so nothing is written outside it (IO005). Empty: the files' own folder is
    // the root.
    std::filesystem::path root;
};

// Publishes every file or none. All files of one call must share a folder. The files are
// written into a fresh staging folder inside the target folder under exclusive, unpredictable
// names; every target is checked before the first rename; the previous files are kept aside
// until the whole set is in place, and put back when a rename fails. Writers into one folder
// take turns (a lock on the folder, waited for at most VTXC_LOCK_TIMEOUT seconds, default 60:
// IO006), and each publication first finishes or undoes what a killed writer left.
// Reports IO002 (exit 2) when a file cannot be written or moved into place.
bool writeFilesAtomically(std::span<const PendingFile> files, DiagnosticSink& sink,
                          const WriteOptions& options = {});
bool writeFileAtomically(const std::filesystem::path& path, std::span<const std::uint8_t> bytes,
                         DiagnosticSink& sink, const WriteOptions& options = {});

// Reports IO007 (exit 1) unless `name` is a plain visible file name: not empty, no leading dot
// (a hidden file, as `-o dir/` would give), no path separator, no control character.
bool checkOutputFileName(const std::string& name, const SourceLocation& where,
                         DiagnosticSink& sink);

// Reports IO008 (exit 1) for each output that is (or is a link to) one of `inputs`; outputs
// that do not exist yet cannot be inputs.
bool checkOutputsAreNotInputs(std::span<const std::filesystem::path> outputs,
                              std::span<const std::filesystem::path> inputs, DiagnosticSink& sink);

} // namespace vtxc
