// The deciding half of `vtxc build` (tree_build.h): discovery, depfiles, the build record and the
// Ninja file. docs/build.md describes the behaviour from the user's side.
#include "tools/tree_build.h"

#include "formats/common/file_io.h"
#include "formats/common/file_system.h"
#include "formats/common/file_tracking.h"
#include "formats/common/text.h"
#include "formats/qc/qc_project.h"
#include "tools/content_hash.h"
#include "tools/tools_codes.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <set>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

fs::path canonicalOrNormal(const fs::path& path) {
    std::error_code ec;
    fs::path resolved = fs::weakly_canonical(fs::absolute(path, ec), ec);
    if (ec) return fs::absolute(path, ec).lexically_normal();
    return resolved;
}

// The real file system, remembering every file the QC reader read (the QC and its includes).
class IncludeRecordingFileSystem final : public FileSystem {
  public:
    bool isFile(const fs::path& path) override { return real_.isFile(path); }
    std::optional<std::uintmax_t> fileSize(const fs::path& path) override {
        return real_.fileSize(path);
    }
    std::optional<std::string> readText(const fs::path& path) override {
        auto text = real_.readText(path);
        if (text) read_.push_back(path);
        return text;
    }
    fs::path resolveLinks(const fs::path& path) override { return real_.resolveLinks(path); }
    std::optional<std::vector<std::string>> listFolder(const fs::path& path) override {
        return real_.listFolder(path);
    }
    const std::vector<fs::path>& read() const { return read_; }

  private:
    RealFileSystem real_;
    std::vector<fs::path> read_;
};

bool isHidden(const fs::path& path) {
    const std::string name = path.filename().string();
    return !name.empty() && name.front() == '.';
}

std::vector<fs::path> findQcFiles(const fs::path& root, const fs::path& skip) {
    std::vector<fs::path> found;
    std::error_code ec;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::directory_entry& entry = *it;
        std::error_code statError;
        if (entry.is_directory(statError) && !entry.is_symlink(statError)) {
            if (isHidden(entry.path()) ||
                (!skip.empty() && canonicalOrNormal(entry.path()) == skip))
                it.disable_recursion_pending();
            continue;
        }
        if (entry.is_regular_file(statError) && lowerExtension(entry.path()) == ".qc")
            found.push_back(canonicalOrNormal(entry.path()));
    }
    std::sort(found.begin(), found.end());
    return found;
}

std::string keyOf(const fs::path& qc, const fs::path& root) {
    return qc.lexically_relative(root).generic_string();
}

} // namespace

TreeDiscovery discoverTreeModels(const fs::path& sourceRoot, const fs::path& contentRoot,
                                 const fs::path& skip) {
    const fs::path root = canonicalOrNormal(sourceRoot);
    const fs::path content = canonicalOrNormal(contentRoot);
    const std::vector<fs::path> qcs =
        findQcFiles(root, skip.empty() ? fs::path() : canonicalOrNormal(skip));
    std::vector<TreeModel> candidates;
    std::set<fs::path> includedPaths;
    for (const fs::path& qc : qcs) {
        TreeModel model{qc, keyOf(qc, root), {}, false, false};
        IncludeRecordingFileSystem files;
        NullSink ignored; // a QC that does not read fails in its compile, which says why
        if (const auto project = readQcProject(qc, files, ignored, content)) {
            model.modelName = project->modelName;
            model.meshes = !project->bodyParts.empty();
            model.physics = project->collisionModel && project->collisionModel->smd.found;
        }
        // The first file read is the QC itself; a .qc among the rest is an include.
        for (std::size_t i = 1; i < files.read().size(); ++i) {
            const fs::path read = canonicalOrNormal(files.read()[i]);
            if (read != qc) includedPaths.insert(read);
        }
        candidates.push_back(std::move(model));
    }
    TreeDiscovery out;
    for (TreeModel& model : candidates) {
        if (includedPaths.count(model.qc))
            out.included.push_back(model.key);
        else
            out.models.push_back(std::move(model));
    }
    return out;
}

// ---- Depfiles ---------------------------------------------------------------------------------

namespace {

// Make's (and Ninja's) depfile escapes: a space or '#' after a backslash, '$' doubled; backslashes
// before a space are doubled so that the space stays escaped.
std::string escapeDepfilePath(const std::string& path) {
    std::string out;
    for (std::size_t i = 0; i < path.size(); ++i) {
        const char c = path[i];
        if (c == ' ' || c == '#') {
            std::size_t backslashes = 0;
            for (std::size_t k = i; k > 0 && path[k - 1] == '\\'; --k)
                ++backslashes;
            out.append(backslashes, '\\');
            out += '\\';
            out += c;
        } else if (c == '$') {
            out += "$$";
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace

std::string depfileText(const Depfile& depfile) {
    std::string out;
    for (std::size_t i = 0; i < depfile.outputs.size(); ++i) {
        if (i > 0) out += " \\\n ";
        out += escapeDepfilePath(depfile.outputs[i].string());
    }
    out += ":";
    for (const fs::path& input : depfile.inputs)
        out += " \\\n  " + escapeDepfilePath(input.string());
    out += "\n";
    return out;
}

std::optional<Depfile> parseDepfile(std::string_view text) {
    Depfile out;
    bool afterColon = false;
    std::string word;
    auto finishWord = [&] {
        if (word.empty()) return;
        (afterColon ? out.inputs : out.outputs).push_back(word);
        word.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size()) {
            const char next = text[i + 1];
            if (next == '\n') { // a continued line
                finishWord();
                ++i;
                continue;
            }
            std::size_t run = 0;
            while (i + run < text.size() && text[i + run] == '\\')
                ++run;
            const char after = i + run < text.size() ? text[i + run] : '\0';
            if (after == ' ' || after == '#') {
                word.append(run / 2, '\\');
                word += after;
                i += run;
                continue;
            }
            word.append(run, '\\');
            i += run - 1;
            continue;
        }
        if (c == '$' && i + 1 < text.size() && text[i + 1] == '$') {
            word += '$';
            ++i;
            continue;
        }
        if (c == ':' && !afterColon &&
            (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '\n' ||
             text[i + 1] == '\\')) {
            finishWord();
            afterColon = true;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            finishWord();
            continue;
        }
        word += c;
    }
    finishWord();
    if (!afterColon) return std::nullopt;
    return out;
}

// ---- The build record ---------------------------------------------------------------------------

namespace {

constexpr int kRecordFormat = 1;
constexpr const char* kRecordName = ".vtxc-build.json";
constexpr const char* kLockName = ".vtxc-build.lock";

nlohmann::json stampJson(const FileStamp& stamp) {
    return {{"path", stamp.path},
            {"size", stamp.size},
            {"changedNs", stamp.changedNs},
            {"sha256", stamp.hash}};
}

std::optional<FileStamp> stampFromJson(const nlohmann::json& json) {
    if (!json.is_object() || !json.contains("path") || !json["path"].is_string() ||
        !json.contains("sha256") || !json["sha256"].is_string())
        return std::nullopt;
    FileStamp stamp;
    stamp.path = json["path"].get<std::string>();
    stamp.hash = json["sha256"].get<std::string>();
    if (json.contains("size") && json["size"].is_number_unsigned())
        stamp.size = json["size"].get<std::uintmax_t>();
    if (json.contains("changedNs") && json["changedNs"].is_number_integer())
        stamp.changedNs = json["changedNs"].get<std::int64_t>();
    return stamp;
}

bool stampsFromJson(const nlohmann::json& json, const char* name, std::vector<FileStamp>& out) {
    if (!json.contains(name) || !json[name].is_array()) return false;
    for (const nlohmann::json& item : json[name]) {
        auto stamp = stampFromJson(item);
        if (!stamp) return false;
        out.push_back(std::move(*stamp));
    }
    return true;
}

std::string readTextFile(const fs::path& path, bool& missing) {
    NullSink ignored;
    missing = false;
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        missing = true;
        return {};
    }
    const auto bytes = readWholeFile(path, ignored, 256 * kMiB);
    if (!bytes) return "\x01"; // unreadable: does not parse
    return std::string(bytes->begin(), bytes->end());
}

// Waits for an exclusive lock on `fd`, at most VTXC_LOCK_TIMEOUT seconds (default 60).
bool lockWithTimeout(int fd) {
    double seconds = 60;
    if (const char* text = std::getenv("VTXC_LOCK_TIMEOUT")) seconds = std::atof(text);
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
    while (true) {
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return true;
        if (errno != EWOULDBLOCK && errno != EINTR) return true; // no flock here: go on
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

// Writes `text` to a fresh file beside `target` and renames it over `target`: a reader sees the
// old record or the new one, never a part.
bool replaceFile(const fs::path& target, const std::string& text) {
    const fs::path temporary =
        target.parent_path() / (target.filename().string() + "." + std::to_string(::getpid()));
    const int fd =
        ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) return false;
    std::size_t done = 0;
    bool ok = true;
    while (done < text.size()) {
        const ssize_t put = ::write(fd, text.data() + done, text.size() - done);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) {
            ok = false;
            break;
        }
        done += static_cast<std::size_t>(put);
    }
    ok = ok && ::fsync(fd) == 0;
    ::close(fd);
    if (ok && ::rename(temporary.c_str(), target.c_str()) == 0) return true;
    ::unlink(temporary.c_str());
    return false;
}

} // namespace

fs::path buildRecordPath(const fs::path& game) {
    return game / kRecordName;
}

std::string buildRecordText(const BuildRecord& record) {
    nlohmann::json models = nlohmann::json::object();
    for (const auto& [key, entry] : record.models) {
        nlohmann::json inputs = nlohmann::json::array(), outputs = nlohmann::json::array();
        for (const FileStamp& stamp : entry.inputs)
            inputs.push_back(stampJson(stamp));
        for (const FileStamp& stamp : entry.outputs)
            outputs.push_back(stampJson(stamp));
        models[key] = {{"tool", entry.tool},
                       {"options", entry.options},
                       {"inputs", inputs},
                       {"outputs", outputs}};
        if (!entry.failure.empty()) {
            models[key]["failure"] = entry.failure;
            models[key]["listing"] = entry.listing;
        }
    }
    nlohmann::json json = {{"format", kRecordFormat}, {"models", models}};
    return json.dump(1) + "\n";
}

std::optional<BuildRecord> parseBuildRecord(std::string_view text) {
    const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded() || !json.is_object() || !json.contains("format") ||
        json["format"] != kRecordFormat || !json.contains("models") || !json["models"].is_object())
        return std::nullopt;
    BuildRecord record;
    for (const auto& [key, item] : json["models"].items()) {
        if (!item.is_object() || !item.contains("tool") || !item["tool"].is_string() ||
            !item.contains("options") || !item["options"].is_string())
            return std::nullopt;
        BuildRecordEntry entry;
        entry.tool = item["tool"].get<std::string>();
        entry.options = item["options"].get<std::string>();
        if (!stampsFromJson(item, "inputs", entry.inputs) ||
            !stampsFromJson(item, "outputs", entry.outputs))
            return std::nullopt;
        if (item.contains("failure")) {
            if (!item["failure"].is_string() || !item.contains("listing") ||
                !item["listing"].is_string())
                return std::nullopt;
            entry.failure = item["failure"].get<std::string>();
            entry.listing = item["listing"].get<std::string>();
        }
        record.models.emplace(key, std::move(entry));
    }
    return record;
}

BuildRecord readBuildRecord(const fs::path& game, DiagnosticSink& sink) {
    bool missing = false;
    const std::string text = readTextFile(buildRecordPath(game), missing);
    if (missing) return {};
    if (auto record = parseBuildRecord(text)) return *record;
    sink.report(kBuildCodes["BUILD002"], {buildRecordPath(game).string()},
                "the build record does not parse (written by another version, or edited); every "
                "model is compiled again and the record rewritten");
    return {};
}

bool updateBuildRecord(const fs::path& game,
                       const std::map<std::string, std::optional<BuildRecordEntry>>& changes,
                       DiagnosticSink& sink) {
    if (changes.empty()) return true;
    std::error_code ec;
    fs::create_directories(game, ec);
    const fs::path lockPath = game / kLockName;
    const int lock = ::open(lockPath.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (lock < 0) {
        sink.report(kBuildCodes["BUILD003"], {lockPath.string()},
                    "cannot open the build record's lock file; is the game folder writable?");
        return false;
    }
    if (!lockWithTimeout(lock)) {
        ::close(lock);
        sink.report(kBuildCodes["BUILD003"], {lockPath.string()},
                    "another vtxc build held the build record's lock for too long; run again "
                    "(or raise VTXC_LOCK_TIMEOUT, in seconds)");
        return false;
    }
    bool missing = false;
    BuildRecord record;
    if (auto read = parseBuildRecord(readTextFile(buildRecordPath(game), missing))) record = *read;
    for (const auto& [key, entry] : changes) {
        if (entry)
            record.models[key] = *entry;
        else
            record.models.erase(key);
    }
    const bool written = replaceFile(buildRecordPath(game), buildRecordText(record));
    ::close(lock); // releases the lock
    if (!written)
        sink.report(kBuildCodes["BUILD003"], {buildRecordPath(game).string()},
                    "cannot write the build record; is the game folder writable and the disk not "
                    "full? The models built are kept; the next build compiles them again");
    return written;
}

// ---- Up to date ---------------------------------------------------------------------------------

std::int64_t fileClockNowNs() {
    struct timespec now {};
    ::clock_gettime(CLOCK_REALTIME, &now);
    return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

namespace {

// The status change time, not the modification time: a program (or a person) can set the
// modification time back after changing a file, but any change of the file moves this one.
std::int64_t changedNsOf(const struct stat& st) {
    return std::int64_t(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec;
}

// A time this close to now may be shared by a write still to come (file times are coarser than
// a nanosecond): such a stamp is not trusted by time alone later.
constexpr std::int64_t kRacyWindowNs = 2'000'000'000;

} // namespace

std::optional<FileStamp> StampCache::stampOf(const fs::path& path, std::int64_t untrustedAfterNs) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    FileStamp stamp;
    stamp.size = static_cast<std::uintmax_t>(st.st_size);
    stamp.changedNs = changedNsOf(st);
    if (stamp.changedNs >= untrustedAfterNs) return stamp; // empty hash: compiled again
    auto hash = sha256OfFile(path);
    if (!hash) return std::nullopt;
    stamp.hash = *hash;
    if (stamp.changedNs > fileClockNowNs() - kRacyWindowNs) stamp.changedNs = 0;
    return stamp;
}

bool StampCache::matches(FileStamp& stamp, const fs::path& path, bool& refreshed) {
    if (stamp.hash.empty()) return false;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
    if (stamp.changedNs != 0 && changedNsOf(st) == stamp.changedNs &&
        static_cast<std::uintmax_t>(st.st_size) == stamp.size)
        return true;
    if (static_cast<std::uintmax_t>(st.st_size) != stamp.size) return false;
    auto it = current_.find(path);
    if (it == current_.end()) it = current_.emplace(path, stampOf(path)).first;
    if (!it->second || it->second->hash != stamp.hash) return false;
    if (stamp.changedNs != it->second->changedNs) {
        stamp.changedNs = it->second->changedNs;
        refreshed = true;
    }
    return true;
}

fs::path BuildPaths::inputPath(const std::string& recorded) const {
    const fs::path path(recorded);
    return path.is_absolute() ? path : source / path;
}

fs::path BuildPaths::outputPath(const std::string& recorded) const {
    return game / recorded;
}

std::string BuildPaths::recordedInput(const fs::path& path) const {
    const fs::path absolute = fs::absolute(path).lexically_normal();
    const fs::path relative = absolute.lexically_relative(source);
    if (relative.empty() || *relative.begin() == "..") return absolute.string();
    return relative.generic_string();
}

std::string BuildPaths::recordedOutput(const fs::path& path) const {
    const fs::path absolute = fs::absolute(path).lexically_normal();
    const fs::path relative = absolute.lexically_relative(game);
    if (relative.empty() || *relative.begin() == "..") return {};
    return relative.generic_string();
}

std::string treeListing(const fs::path& root, const fs::path& skip) {
    std::vector<std::string> names;
    const fs::path skipped = skip.empty() ? fs::path() : canonicalOrNormal(skip);
    std::error_code ec;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        std::error_code statError;
        if (it->is_directory(statError) && !it->is_symlink(statError)) {
            if (isHidden(it->path()) ||
                (!skipped.empty() && canonicalOrNormal(it->path()) == skipped))
                it.disable_recursion_pending();
            continue;
        }
        names.push_back(it->path().lexically_relative(root).generic_string());
    }
    std::sort(names.begin(), names.end());
    Sha256 hash;
    for (const std::string& name : names)
        hash.update(name.c_str(), name.size() + 1); // with its NUL: names cannot run together
    return hash.hexDigest();
}

ModelVerdict checkModel(BuildRecordEntry& entry, const std::string& tool,
                        const std::string& options, const BuildPaths& paths, StampCache& stamps,
                        const std::function<std::string()>& listing) {
    ModelVerdict verdict;
    if (entry.tool != tool) {
        verdict.reason = "vtxc changed";
        return verdict;
    }
    if (entry.options != options) {
        verdict.reason = "options changed";
        return verdict;
    }
    std::set<fs::path> folders;
    for (const FileStamp& output : entry.outputs)
        folders.insert(paths.outputPath(output.path).parent_path());
    for (const fs::path& folder : folders)
        finishAbandonedPublications(folder);
    for (FileStamp& input : entry.inputs)
        if (!stamps.matches(input, paths.inputPath(input.path), verdict.refreshed)) {
            verdict.reason = "changed: " + input.path;
            return verdict;
        }
    for (FileStamp& output : entry.outputs)
        if (!stamps.matches(output, paths.outputPath(output.path), verdict.refreshed)) {
            verdict.reason = "output changed or missing: " + output.path;
            return verdict;
        }
    if (!entry.failure.empty() && entry.listing != listing()) {
        verdict.reason = "files were added or removed in the tree";
        return verdict;
    }
    verdict.upToDate = true;
    return verdict;
}

std::optional<BuildRecordEntry> entryFromDepfile(const Depfile& depfile, const std::string& tool,
                                                 const std::string& options,
                                                 const BuildPaths& paths, std::int64_t startedNs) {
    BuildRecordEntry entry;
    entry.tool = tool;
    entry.options = options;
    StampCache fresh;
    for (const fs::path& input : depfile.inputs) {
        auto stamp = fresh.stampOf(input, startedNs);
        if (!stamp) return std::nullopt; // gone already: nothing to record
        stamp->path = paths.recordedInput(input);
        entry.inputs.push_back(std::move(*stamp));
    }
    for (const fs::path& output : depfile.outputs) {
        const std::string recorded = paths.recordedOutput(output);
        if (recorded.empty()) continue;
        auto stamp = fresh.stampOf(output);
        if (!stamp) return std::nullopt;
        stamp->path = recorded;
        entry.outputs.push_back(std::move(*stamp));
    }
    return entry;
}

// ---- Ninja --------------------------------------------------------------------------------------

std::string shellQuote(const std::string& word) {
    if (!word.empty() &&
        word.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                               "0123456789_-+=./,:@%") == std::string::npos)
        return word;
    std::string out = "'";
    for (char c : word) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

namespace {

// Ninja's own escapes: '$' before a space, a colon, a line end or another '$'.
std::string ninjaPath(const std::string& path) {
    std::string out;
    for (char c : path) {
        if (c == '$' || c == ' ' || c == ':') out += '$';
        if (c == '\n') continue;
        out += c;
    }
    return out;
}

std::string ninjaValue(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '$') out += '$';
        if (c == '\n') continue;
        out += c;
    }
    return out;
}

} // namespace

// Appends the pieces (GCC 12 warns, wrongly, on `"literal" + std::string` temporaries).
static void appendAll(std::string& out, std::initializer_list<std::string_view> pieces) {
    for (std::string_view piece : pieces)
        out.append(piece);
}

std::string ninjaFileText(const NinjaRequest& request, std::vector<std::string>& skipped) {
    std::string extra;
    for (const std::string& option : request.compileOptions)
        appendAll(extra, {" ", shellQuote(option)});
    std::string out;
    appendAll(out, {"# Written by `vtxc build --ninja`: one edge per model of ",
                    ninjaValue(request.paths.source.string()),
                    ".\n# Run `ninja -f FILE`; each compile writes a depfile naming every file it "
                    "read.\n"});
    out += "ninja_required_version = 1.10\n\n";
    appendAll(out, {"vtxc = ", ninjaValue(shellQuote(request.vtxc.string())), "\n"});
    appendAll(out, {"game = ", ninjaValue(shellQuote(request.paths.game.string())), "\n"});
    appendAll(out, {"content_root = ", ninjaValue(shellQuote(request.contentRoot.string())), "\n"});
    appendAll(out, {"compile_options =", ninjaValue(extra), "\n\n"});
    out += "rule vtxc_compile\n"
           "  command = $vtxc compile $qc -o $game --content-root $content_root --depfile $dep "
           "--quiet$compile_options\n"
           "  description = vtxc $key\n"
           "  depfile = $dep_path\n"
           "  deps = gcc\n\n";
    const fs::path deps = request.paths.game / ".vtxc-deps";
    for (const TreeModel& model : request.models) {
        if (model.modelName.empty()) {
            skipped.push_back(model.key);
            continue;
        }
        const std::string base =
            (request.paths.game / "models" / model.modelName).lexically_normal().string();
        std::vector<std::string> outputs{base + ".mdl", base + ".layout.json"};
        if (model.meshes) {
            outputs.push_back(base + ".vvd");
            for (const char* variant : {".dx90.vtx", ".dx80.vtx", ".sw.vtx"})
                outputs.push_back(base + variant);
        }
        if (model.physics) outputs.push_back(base + ".phy");
        std::string dep = model.key;
        std::replace(dep.begin(), dep.end(), '/', '_');
        const std::string depPath = (deps / (dep + ".d")).string();
        out += "build";
        for (const std::string& output : outputs)
            appendAll(out, {" ", ninjaPath(output)});
        appendAll(out, {": vtxc_compile ", ninjaPath(model.qc.string()), " | ",
                        ninjaPath(request.vtxc.string()), "\n"});
        appendAll(out, {"  qc = ", ninjaValue(shellQuote(model.qc.string())), "\n"});
        appendAll(out, {"  dep = ", ninjaValue(shellQuote(depPath)), "\n"});
        appendAll(out, {"  dep_path = ", ninjaValue(depPath), "\n"});
        appendAll(out, {"  key = ", ninjaValue(model.key), "\n\n"});
    }
    return out;
}

} // namespace vtxc
