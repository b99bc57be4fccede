// File input and output: checked whole-file reads, and all-or-nothing publication of a set of
// files through a staging folder with a journal (docs/guarantees.md). Everything below the output
// root goes through descriptors opened with O_NOFOLLOW, so a planted link is never followed.
#include "formats/common/file_io.h"

#include "formats/common/file_tracking.h"
#include "formats/common/io_codes.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <random>
#include <sys/file.h>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

// A file descriptor closed when it goes out of scope.
class Fd {
  public:
    Fd() = default;
    explicit Fd(int fd) : fd_(fd) {}
    Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
    Fd& operator=(Fd&& other) noexcept {
        if (this != &other) {
            reset();
            fd_ = std::exchange(other.fd_, -1);
        }
        return *this;
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() { reset(); }
    int get() const { return fd_; }
    bool valid() const { return fd_ >= 0; }
    void reset() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

  private:
    int fd_ = -1;
};

std::string errnoText(int error) {
    return std::generic_category().message(error);
}

std::string mib(std::uintmax_t bytes) {
    if (bytes < kMiB) return std::to_string(bytes) + " bytes";
    return std::to_string(bytes / kMiB) + " MiB";
}

// IO003/IO004 from the file's status; true when it may be read.
bool acceptInput(const fs::path& path, const struct stat& st, std::uintmax_t maxBytes,
                 DiagnosticSink& sink) {
    if (S_ISDIR(st.st_mode)) {
        sink.error("IO003", {path.string()}, "is a folder, not a file", ExitCode::InvalidInput);
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        sink.error("IO003", {path.string()},
                   "is not a regular file (a FIFO, device or socket); vtxc reads only files",
                   ExitCode::InvalidInput);
        return false;
    }
    if (static_cast<std::uintmax_t>(st.st_size) > maxBytes) {
        sink.error("IO004", {path.string()},
                   "is " + mib(static_cast<std::uintmax_t>(st.st_size)) + ", over the " +
                       mib(maxBytes) + " this kind of input may have; it is not a model file",
                   ExitCode::InvalidInput);
        return false;
    }
    return true;
}

} // namespace

std::optional<std::uintmax_t> checkInputFile(const fs::path& path, std::uintmax_t maxBytes,
                                             DiagnosticSink& sink) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        sink.error("IO001", {path.string()},
                   "cannot open file for reading (" + errnoText(errno) + ")", ExitCode::Io);
        return std::nullopt;
    }
    if (!acceptInput(path, st, maxBytes, sink)) return std::nullopt;
    return static_cast<std::uintmax_t>(st.st_size);
}

std::optional<std::uintmax_t> checkOpenedInputFile(const fs::path& path, int fd,
                                                   std::uintmax_t maxBytes, DiagnosticSink& sink) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        sink.error("IO001", {path.string()}, "cannot determine the file's size", ExitCode::Io);
        return std::nullopt;
    }
    if (!acceptInput(path, st, maxBytes, sink)) return std::nullopt;
    return static_cast<std::uintmax_t>(st.st_size);
}

std::optional<std::vector<char>> readWholeFile(const fs::path& path, DiagnosticSink& sink,
                                               std::uintmax_t maxBytes) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just after.
    Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    if (!fd.valid()) {
        sink.error("IO001", {path.string()},
                   "cannot open file for reading (" + errnoText(errno) +
                       "; does it exist, and may vtxc read it?)",
                   ExitCode::Io);
        return std::nullopt;
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) {
        sink.error("IO001", {path.string()}, "cannot determine the file's size", ExitCode::Io);
        return std::nullopt;
    }
    if (!acceptInput(path, st, maxBytes, sink)) return std::nullopt;
    recordInputRead(path);
    std::vector<char> bytes(static_cast<std::size_t>(st.st_size));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t got = ::read(fd.get(), bytes.data() + done, bytes.size() - done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            sink.error("IO001", {path.string()}, "read failed part-way through the file",
                       ExitCode::Io);
            return std::nullopt;
        }
        done += static_cast<std::size_t>(got);
    }
    return bytes;
}

void InputRecorder::record(const fs::path& path) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (seen_.insert(path).second) files_.push_back(path);
}

std::vector<fs::path> InputRecorder::files() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return files_;
}

namespace {
std::atomic<InputRecorder*> installedRecorder{nullptr};
}

void setInputRecorder(InputRecorder* recorder) {
    installedRecorder.store(recorder);
}

void recordInputRead(const fs::path& path) {
    if (InputRecorder* recorder = installedRecorder.load()) recorder->record(path);
}

bool checkOutputFileName(const std::string& name, const SourceLocation& where,
                         DiagnosticSink& sink) {
    const bool control = std::any_of(name.begin(), name.end(),
                                     [](unsigned char c) { return c < 0x20 || c == 0x7f; });
    std::string problem;
    if (name.empty())
        problem = "has no file name (does the path end in '/'?)";
    else if (name.front() == '.')
        problem = "would be a hidden file (its name starts with '.')";
    else if (name.find('/') != std::string::npos || name.find('\\') != std::string::npos)
        problem = "holds a path separator";
    else if (control)
        problem = "holds a control character (tab, newline, ...)";
    if (problem.empty()) return true;
    sink.error("IO007", where,
               "output name '" + name + "' " + problem + ": give a plain, visible file name",
               ExitCode::Usage);
    return false;
}

bool checkOutputsAreNotInputs(std::span<const fs::path> outputs, std::span<const fs::path> inputs,
                              DiagnosticSink& sink) {
    bool ok = true;
    for (const fs::path& output : outputs) {
        std::error_code ec;
        if (!fs::exists(output, ec)) continue;
        for (const fs::path& input : inputs) {
            if (!fs::equivalent(output, input, ec) || ec) continue;
            sink.error("IO008", {output.string()},
                       "this output would replace the input '" + input.string() +
                           "': choose another output name or folder",
                       ExitCode::Usage);
            ok = false;
            break;
        }
    }
    return ok;
}

namespace {

constexpr const char* kStagePrefix = ".vtxc-stage-";
constexpr const char* kManifestName = "MANIFEST";
constexpr const char* kCommitName = "COMMIT";
constexpr const char* kRollbackName = "ROLLBACK";

std::string newName(std::size_t i) {
    return "n." + std::to_string(i);
}
std::string oldName(std::size_t i) {
    return "b." + std::to_string(i);
}

bool existsAt(int dir, const std::string& name) {
    struct stat st {};
    return ::fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
}

// A staging folder name no other process can guess: pid for the reader of a listing, 64 random
// bits against planted names (created with mkdirat, which fails on anything already there).
std::string stageName() {
    std::random_device random;
    const std::uint64_t bits = (std::uint64_t(random()) << 32) ^ random();
    char text[64];
    std::snprintf(text, sizeof text, "%s%d-%016llx", kStagePrefix, int(::getpid()),
                  static_cast<unsigned long long>(bits));
    return text;
}

bool writeAll(int fd, std::span<const std::uint8_t> bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t put = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) return false;
        done += static_cast<std::size_t>(put);
    }
    return true;
}

enum class Flush { Now, Later };

// Creates `name` in `dir` exclusively (never through a link) and writes `bytes`; with Flush::Now
// also to disk (Later: the caller flushes the whole set at once, see flushFileSystem).
int createFile(int dir, const std::string& name, std::span<const std::uint8_t> bytes,
               Flush flush = Flush::Now) {
    Fd fd(::openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666));
    if (!fd.valid()) return errno;
    if (!writeAll(fd.get(), bytes)) return errno ? errno : EIO;
    if (flush == Flush::Now && ::fsync(fd.get()) != 0) return errno;
    return 0;
}

// One flush for a whole staged set: an fsync per file costs a journal commit each (a thousand
// animations took seconds of waiting); syncfs(2) writes out every file of the file system holding
// `dir` in one commit, and reports a write error of any of them.
int flushFileSystem(int dir) {
    return ::syncfs(dir) == 0 ? 0 : errno;
}

std::optional<std::string> readSmallFile(int dir, const std::string& name) {
    Fd fd(::openat(dir, name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.valid()) return std::nullopt;
    std::string text;
    char buffer[4096];
    for (ssize_t got; (got = ::read(fd.get(), buffer, sizeof buffer)) > 0;) {
        text.append(buffer, static_cast<std::size_t>(got));
        if (text.size() > 16 * kMiB) return std::nullopt;
    }
    return text;
}

std::vector<std::string> folderEntries(int dir) {
    std::vector<std::string> names;
    const int copy = ::dup(dir);
    if (copy < 0) return names;
    DIR* listing = ::fdopendir(copy);
    if (!listing) {
        ::close(copy);
        return names;
    }
    ::rewinddir(listing);
    while (const dirent* entry = ::readdir(listing)) {
        const std::string name = entry->d_name;
        if (name != "." && name != "..") names.push_back(name);
    }
    ::closedir(listing);
    return names;
}

// The journal of one publication: which target each staged file goes to.
//   MANIFEST  "index<TAB>target name" per line, written before anything is touched;
//   COMMIT    present once every new file is staged: from then on the set is rolled forward;
//   ROLLBACK  present once a rename failed: from then on the set is rolled back.
// n.INDEX is a new file not yet moved into place, b.INDEX the previous file kept aside.
struct Journal {
    std::vector<std::pair<std::size_t, std::string>> entries;

    std::string text() const {
        std::string out;
        for (const auto& [index, name] : entries)
            out += std::to_string(index) + '\t' + name + '\n';
        return out;
    }

    static std::optional<Journal> parse(const std::string& text) {
        Journal journal;
        std::size_t start = 0;
        while (start < text.size()) {
            const std::size_t end = text.find('\n', start);
            if (end == std::string::npos) return std::nullopt;
            const std::string line = text.substr(start, end - start);
            const std::size_t tab = line.find('\t');
            if (tab == std::string::npos || tab == 0) return std::nullopt;
            const std::string name = line.substr(tab + 1);
            if (name.empty() || name.find('/') != std::string::npos) return std::nullopt;
            journal.entries.emplace_back(std::strtoull(line.c_str(), nullptr, 10), name);
            start = end + 1;
        }
        return journal;
    }
};

// Puts the previous files back: targets already replaced get their old file again (or are
// removed when there was none); targets whose new file is still staged were never touched.
// Safe to run again after an interruption: each step checks what is still to do.
void rollBack(int dir, int stage, const Journal& journal) {
    for (const auto& [index, name] : journal.entries) {
        if (existsAt(stage, newName(index))) continue;
        if (existsAt(stage, oldName(index)))
            ::renameat(stage, oldName(index).c_str(), dir, name.c_str());
        else
            ::unlinkat(dir, name.c_str(), 0);
    }
}

// Moves every still-staged new file into place. Safe to run again after an interruption.
bool rollForward(int dir, int stage, const Journal& journal, std::size_t* failedAt = nullptr) {
    for (std::size_t k = 0; k < journal.entries.size(); ++k) {
        const auto& [index, name] = journal.entries[k];
        if (!existsAt(stage, newName(index))) continue;
        if (::renameat(stage, newName(index).c_str(), dir, name.c_str()) != 0) {
            if (failedAt) *failedAt = k;
            return false;
        }
    }
    return true;
}

void removeStage(int dir, int stage, const std::string& name) {
    for (const std::string& entry : folderEntries(stage))
        ::unlinkat(stage, entry.c_str(), 0);
    ::unlinkat(dir, name.c_str(), AT_REMOVEDIR);
}

// The pid in a temporary name of earlier vtxc versions, ".NAME.vtxc-PID.tmp", or 0.
long legacyTemporaryOwner(const std::string& name) {
    const std::size_t mark = name.rfind(".vtxc-");
    if (name.empty() || name.front() != '.' || mark == std::string::npos || !name.ends_with(".tmp"))
        return 0;
    const std::string digits = name.substr(mark + 6, name.size() - mark - 6 - 4);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return 0;
    return std::atol(digits.c_str());
}

// Finishes what a dead writer left in `dir` (called with the folder's lock held): a staging
// folder whose lock can be taken has no live owner. Loose temporaries of earlier versions whose
// process is gone are removed too.
void recoverStaleStages(int dir, const std::string& ours) {
    for (const std::string& name : folderEntries(dir)) {
        if (const long owner = legacyTemporaryOwner(name);
            owner > 0 && ::kill(static_cast<pid_t>(owner), 0) != 0 && errno == ESRCH) {
            ::unlinkat(dir, name.c_str(), 0);
            continue;
        }
        if (!name.starts_with(kStagePrefix) || name == ours) continue;
        Fd stage(::openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!stage.valid() || ::flock(stage.get(), LOCK_EX | LOCK_NB) != 0) continue;
        const auto manifest = readSmallFile(stage.get(), kManifestName);
        const auto journal = manifest ? Journal::parse(*manifest) : std::nullopt;
        if (journal && existsAt(stage.get(), kRollbackName))
            rollBack(dir, stage.get(), *journal);
        else if (journal && existsAt(stage.get(), kCommitName))
            rollForward(dir, stage.get(), *journal);
        removeStage(dir, stage.get(), name);
    }
}

// Waits for the folder's lock, at most VTXC_LOCK_TIMEOUT seconds (default 60).
bool lockFolder(int dir) {
    double seconds = 60;
    if (const char* text = std::getenv("VTXC_LOCK_TIMEOUT")) seconds = std::atof(text);
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
    while (true) {
        if (::flock(dir, LOCK_EX | LOCK_NB) == 0) return true;
        // File systems without flock on folders: publish without taking turns.
        if (errno != EWOULDBLOCK && errno != EINTR) return true;
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

// Opens the files' folder: the root as named (created if missing), then each folder below it
// created and entered with O_NOFOLLOW.
class OutputFolder {
  public:
    std::optional<Fd> open(const fs::path& folder, const fs::path& rootOption,
                           DiagnosticSink& sink) {
        const fs::path target = folder.empty() ? fs::path(".") : folder;
        const fs::path root = rootOption.empty() ? target : rootOption;
        std::error_code ec;
        fs::create_directories(root, ec);
        Fd dir(::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (!dir.valid()) {
            sink.error("IO002", {root.string()},
                       "cannot create or open the output folder (" + errnoText(errno) + ")",
                       ExitCode::Io);
            return std::nullopt;
        }
        const fs::path below =
            target.lexically_normal().lexically_relative(root.lexically_normal());
        if (below.empty()) return outside(target, root, sink);
        fs::path reached = root;
        for (const fs::path& part : below) {
            if (part == ".") continue;
            if (part == "..") return outside(target, root, sink);
            reached /= part;
            if (::mkdirat(dir.get(), part.c_str(), 0777) != 0 && errno != EEXIST) {
                sink.error("IO002", {reached.string()},
                           "cannot create the output folder (" + errnoText(errno) + ")",
                           ExitCode::Io);
                return std::nullopt;
            }
            Fd next(
                ::openat(dir.get(), part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (!next.valid()) {
                sink.error("IO005", {reached.string()},
                           "is a symbolic link or not a folder: vtxc never writes through links "
                           "below the output root " +
                               root.string() + "; remove the link or choose another root",
                           ExitCode::Io);
                return std::nullopt;
            }
            dir = std::move(next);
        }
        return dir;
    }

  private:
    static std::optional<Fd> outside(const fs::path& target, const fs::path& root,
                                     DiagnosticSink& sink) {
        sink.error("IO005", {target.string()},
                   "lies outside the output root " + root.string() + "; vtxc writes only below it",
                   ExitCode::Io);
        return std::nullopt;
    }
};

// One all-or-nothing publication into one folder.
class Publication {
  public:
    Publication(std::span<const PendingFile> files, DiagnosticSink& sink)
        : files_(files), sink_(sink) {}
    ~Publication() {
        if (stage_.valid()) removeStage(dir_.get(), stage_.get(), stageName_);
    }

    bool run(const WriteOptions& options) {
        // A file-size limit (ulimit -f) then fails write() with EFBIG instead of killing vtxc.
        std::signal(SIGXFSZ, SIG_IGN);
        if (!checkNames()) return false;
        auto dir = OutputFolder().open(files_.front().path.parent_path(), options.root, sink_);
        if (!dir) return false;
        dir_ = std::move(*dir);
        // The staging folder is made and locked while the folder's lock is held: a writer
        // recovering stale stages holds that lock too, so it never finds this one made but not
        // yet locked (and takes it for a dead writer's). The files are written without the lock.
        if (!takeFolderLock()) return false;
        const bool created = createStage();
        ::flock(dir_.get(), LOCK_UN);
        if (!created || !stageFiles() || !takeFolderLock()) return false;
        recoverStaleStages(dir_.get(), stageName_);
        return checkTargets() && keepPreviousFiles() && publish();
    }

  private:
    std::string folderName() const {
        const fs::path parent = files_.front().path.parent_path();
        return parent.empty() ? "." : parent.string();
    }

    bool fail(std::size_t i, const std::string& message) {
        sink_.error("IO002", {files_[i].path.string()}, message, ExitCode::Io);
        return false;
    }

    bool checkNames() {
        const fs::path folder = files_.front().path.parent_path();
        for (std::size_t i = 0; i < files_.size(); ++i) {
            if (files_[i].path.parent_path() != folder)
                return fail(i, "internal: one publication must stay in one folder");
            if (!checkOutputFileName(files_[i].path.filename().string(), {files_[i].path.string()},
                                     sink_))
                return false;
            for (std::size_t k = 0; k < i; ++k)
                if (files_[k].path.filename() == files_[i].path.filename())
                    return fail(i, "internal: the file is written twice in one set");
        }
        return true;
    }

    std::string writeFailure(int error) const {
        if (error == EFBIG)
            return "cannot write the file: it is larger than the file-size limit in force "
                   "(ulimit -f); nothing was written";
        if (error == ENOSPC || error == EDQUOT)
            return "cannot write the file: the disk is full (or the quota used up); nothing was "
                   "written";
        return "cannot write the file (" + errnoText(error) +
               "); is the folder writable? Nothing was written";
    }

    bool takeFolderLock() {
        if (lockFolder(dir_.get())) return true;
        sink_.error("IO006", {folderName()},
                    "another vtxc has been writing into this folder for too long; wait for it to "
                    "finish (or raise VTXC_LOCK_TIMEOUT, in seconds) and run again",
                    ExitCode::Io);
        return false;
    }

    bool createStage() {
        stageName_ = stageName();
        if (::mkdirat(dir_.get(), stageName_.c_str(), 0700) != 0)
            return fail(0, "cannot create a staging folder in " + folderName() + " (" +
                               errnoText(errno) + "); is the folder writable?");
        stage_ = Fd(::openat(dir_.get(), stageName_.c_str(),
                             O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!stage_.valid() || ::flock(stage_.get(), LOCK_EX | LOCK_NB) != 0) {
            stage_.reset();
            ::unlinkat(dir_.get(), stageName_.c_str(), AT_REMOVEDIR);
            return fail(0, "cannot open the staging folder in " + folderName());
        }
        return true;
    }

    bool stageFiles() {
        Journal journal;
        for (std::size_t i = 0; i < files_.size(); ++i) {
            if (const int error =
                    createFile(stage_.get(), newName(i), files_[i].bytes, Flush::Later))
                return fail(i, writeFailure(error));
            journal.entries.emplace_back(i, files_[i].path.filename().string());
        }
        const std::string manifest = journal.text();
        if (const int error = createFile(
                stage_.get(), kManifestName,
                {reinterpret_cast<const std::uint8_t*>(manifest.data()), manifest.size()},
                Flush::Later))
            return fail(0, writeFailure(error));
        if (const int error = flushFileSystem(stage_.get())) return fail(0, writeFailure(error));
        journal_ = std::move(journal);
        return true;
    }

    // Every target is checked before the first rename: a folder (or anything but a file or a
    // link) in the way, or a kept file that exists, fails the set while nothing has changed.
    bool checkTargets() {
        for (std::size_t i = 0; i < files_.size(); ++i) {
            struct stat st {};
            const std::string name = files_[i].path.filename().string();
            if (::fstatat(dir_.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
            if (!files_[i].mayReplace)
                return fail(i, "already exists and is never replaced; move it away first");
            if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
                return fail(i, "a folder or special file is in the way; remove it and run "
                               "again (nothing was written)");
        }
        return true;
    }

    // b.INDEX: a hard link to the previous target (a copy where links are not supported).
    bool keepPreviousFiles() {
        for (std::size_t i = 0; i < files_.size(); ++i) {
            const std::string name = files_[i].path.filename().string();
            if (!existsAt(dir_.get(), name)) continue;
            if (::linkat(dir_.get(), name.c_str(), stage_.get(), oldName(i).c_str(), 0) == 0)
                continue;
            if (!copyPrevious(name, oldName(i)))
                return fail(i, "cannot keep the previous file aside for a rollback (" +
                                   errnoText(errno) + "); nothing was written");
        }
        return true;
    }

    bool copyPrevious(const std::string& name, const std::string& copy) {
        Fd in(::openat(dir_.get(), name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
        if (!in.valid()) return false;
        std::vector<std::uint8_t> bytes;
        std::uint8_t buffer[65536];
        for (ssize_t got; (got = ::read(in.get(), buffer, sizeof buffer)) > 0;)
            bytes.insert(bytes.end(), buffer, buffer + got);
        return createFile(stage_.get(), copy, bytes) == 0;
    }

    bool publish() {
        if (const int error = createFile(stage_.get(), kCommitName, {}))
            return fail(0, writeFailure(error));
        ::fsync(stage_.get());
        std::size_t failedAt = 0;
        if (rollForward(dir_.get(), stage_.get(), journal_, &failedAt)) {
            ::fsync(dir_.get());
            return true;
        }
        const int error = errno;
        createFile(stage_.get(), kRollbackName, {});
        rollBack(dir_.get(), stage_.get(), journal_);
        return fail(journal_.entries[failedAt].first, "cannot move the finished file into place (" +
                                                          errnoText(error) +
                                                          "); the previous files were put back");
    }

    std::span<const PendingFile> files_;
    DiagnosticSink& sink_;
    Fd dir_;
    Fd stage_;
    std::string stageName_;
    Journal journal_;
};

} // namespace

bool finishAbandonedPublications(const fs::path& folder) {
    Fd dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!dir.valid()) return errno == ENOENT;
    if (!lockFolder(dir.get())) return false;
    recoverStaleStages(dir.get(), "");
    ::flock(dir.get(), LOCK_UN);
    return true;
}

bool writeFilesAtomically(std::span<const PendingFile> files, DiagnosticSink& sink,
                          const WriteOptions& options) {
    if (files.empty()) return true;
    return Publication(files, sink).run(options);
}

bool writeFileAtomically(const fs::path& path, std::span<const std::uint8_t> bytes,
                         DiagnosticSink& sink, const WriteOptions& options) {
    PendingFile file{path, std::vector<std::uint8_t>(bytes.begin(), bytes.end())};
    return writeFilesAtomically(std::span<const PendingFile>(&file, 1), sink, options);
}

} // namespace vtxc
