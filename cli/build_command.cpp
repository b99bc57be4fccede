// `vtxc build SRC -o GAME [--jobs N] [--content-root DIR] [--force] [--ninja FILE]
// [--report FILE.json]`: every model of a source tree compiled into GAME/models, only those whose
// inputs, options or compiler changed, several at once. Each compile is a `vtxc compile ...
// --depfile` child process (the command a Ninja edge runs too), so a crash or a kill of one model
// never touches another, and the depfile says exactly which files it read. docs/build.md.
#include "cli/cli_codes.h"
#include "cli/command.h"
#include "compiler/version.h"
#include "formats/common/file_io.h"
#include "tools/content_hash.h"
#include "tools/tools_codes.h"
#include "tools/tree_build.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace vtxc::cli {

namespace fs = std::filesystem;

namespace {

struct BuildArguments {
    std::string source;
    std::string game;
    std::string contentRoot;
    std::string ninja;
    std::string report;
    std::string gameDir;
    std::string surfaceProperties;
    int jobs = 0;
    bool force = false;
    bool quiet = false;
};

enum class ModelStatus { UpToDate, Compiled, Failed };

struct ModelResult {
    ModelStatus status = ModelStatus::UpToDate;
    double seconds = 0;
    std::string reason;          // why it was compiled
    std::string firstDiagnostic; // of a failure
    bool cached = false;         // a failure of an earlier build, with nothing changed since
    nlohmann::json quality;      // the compile's quality report, when it compiled
};

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string readSmallText(const fs::path& path) {
    NullSink ignored;
    const auto bytes = readWholeFile(path, ignored, 64 * kMiB);
    return bytes ? std::string(bytes->begin(), bytes->end()) : std::string();
}

// The first error a failed compile printed (else its first line): the table shows it.
std::string firstDiagnosticOf(const std::string& errors) {
    std::string first;
    std::size_t start = 0;
    while (start < errors.size()) {
        const std::size_t end = std::min(errors.find('\n', start), errors.size());
        const std::string line = errors.substr(start, end - start);
        if (line.find("error[") != std::string::npos || line.find("internal error") == 0 ||
            line.find("vtxc: internal error") == 0)
            return line;
        if (first.empty() && !line.empty()) first = line;
        start = end + 1;
    }
    return first;
}

// A private folder for the compiles' depfiles, reports and error output.
class WorkFolder {
  public:
    WorkFolder() {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/vtxc-build-XXXXXX";
        if (::mkdtemp(pattern.data())) path_ = pattern;
    }
    ~WorkFolder() {
        std::error_code ec;
        if (!path_.empty()) fs::remove_all(path_, ec);
    }
    WorkFolder(const WorkFolder&) = delete;
    WorkFolder& operator=(const WorkFolder&) = delete;
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

// One compile running as a child process.
struct RunningCompile {
    pid_t pid = -1;
    std::size_t model = 0;
    fs::path depfile, report, errors, hashes;
    Clock::time_point started;
    std::int64_t startedNs = 0;
};

// Starts `vtxc compile` with `arguments`; its output goes to /dev/null, its errors to `errors`.
// The child dies with the build (PR_SET_PDEATHSIG): a build killed at any moment leaves no
// compile running on behind it.
pid_t startCompile(const fs::path& vtxc, const std::vector<std::string>& arguments,
                   const fs::path& errors) {
    std::vector<char*> argv;
    std::string program = vtxc.string();
    argv.push_back(program.data());
    std::vector<std::string> copies = arguments;
    for (std::string& argument : copies)
        argv.push_back(argument.data());
    argv.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid != 0) return pid;
    // The child: only async-signal-safe calls until exec.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    const int err = ::open(errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (null >= 0) {
        ::dup2(null, STDIN_FILENO);
        ::dup2(null, STDOUT_FILENO);
    }
    if (err >= 0) ::dup2(err, STDERR_FILENO);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
}

// What a person sees while the build runs: on a terminal one line redrawn in place (done of
// total, failures, the models being compiled, time left); otherwise one line per model.
class BuildProgress {
  public:
    BuildProgress(std::size_t total, bool quiet)
        : total_(total), quiet_(quiet), terminal_(!quiet && ::isatty(STDERR_FILENO)) {}
    ~BuildProgress() { clear(); }
    BuildProgress(const BuildProgress&) = delete;
    BuildProgress& operator=(const BuildProgress&) = delete;

    void started(const std::string& key) {
        running_.push_back(key);
        draw();
    }

    void finished(const std::string& key, const ModelResult& result) {
        const auto it = std::find(running_.begin(), running_.end(), key);
        if (it != running_.end()) running_.erase(it);
        ++done_;
        if (result.status == ModelStatus::Failed) ++failed_;
        if (quiet_) return;
        if (!terminal_) {
            if (result.status == ModelStatus::Compiled)
                std::fprintf(stderr, "[%zu/%zu] compiled %s (%.2f s)\n", done_, total_, key.c_str(),
                             result.seconds);
            else
                std::fprintf(stderr, "[%zu/%zu] FAILED %s: %s\n", done_, total_, key.c_str(),
                             result.firstDiagnostic.c_str());
            return;
        }
        if (result.status == ModelStatus::Failed) {
            clear();
            std::fprintf(stderr, "FAILED %s: %s\n", key.c_str(), result.firstDiagnostic.c_str());
        }
        draw();
    }

  private:
    void draw() {
        if (!terminal_) return;
        // Time left from the rate so far: models finished per second of wall time, all jobs.
        std::string left;
        if (done_ > 0 && done_ < total_) {
            const double seconds = secondsSince(start_) / double(done_) * double(total_ - done_);
            char text[64];
            std::snprintf(text, sizeof text, ", ~%.0f s left", seconds);
            left = text;
        }
        // The models being compiled, the oldest first, as many as fit the line.
        std::string compiling;
        for (std::size_t i = 0; i < running_.size(); ++i) {
            if (i > 0 && compiling.size() + running_[i].size() > 60) {
                compiling += " +" + std::to_string(running_.size() - i);
                break;
            }
            if (i > 0) compiling += ' ';
            compiling += running_[i];
        }
        std::fprintf(stderr, "\r\033[K[%zu/%zu] %zu failed%s%s%s", done_, total_, failed_,
                     compiling.empty() ? "" : ", compiling ", compiling.c_str(), left.c_str());
        std::fflush(stderr);
        drawn_ = true;
    }
    void clear() {
        if (drawn_) std::fprintf(stderr, "\r\033[K");
        drawn_ = false;
    }

    std::size_t total_;
    bool quiet_;
    bool terminal_;
    bool drawn_ = false;
    std::size_t done_ = 0, failed_ = 0;
    std::vector<std::string> running_;
    Clock::time_point start_ = Clock::now();
};

// Whether every output of `entry` (as found on disk) holds the bytes the compile reported
// publishing ("SHA256 PATH" lines of --output-hashes).
bool publishedAsFound(const BuildRecordEntry& entry, const std::string& hashes,
                      const BuildPaths& paths) {
    std::map<std::string, std::string> published;
    std::size_t start = 0;
    while (start < hashes.size()) {
        const std::size_t end = std::min(hashes.find('\n', start), hashes.size());
        const std::string line = hashes.substr(start, end - start);
        const std::size_t space = line.find(' ');
        if (space != std::string::npos)
            published[paths.recordedOutput(line.substr(space + 1))] = line.substr(0, space);
        start = end + 1;
    }
    for (const FileStamp& output : entry.outputs) {
        const auto it = published.find(output.path);
        if (it != published.end() && it->second != output.hash) return false;
    }
    return !published.empty();
}

// The compiler's identity in the record: its version and the hash of its own binary, so a
// rebuilt vtxc (whose output may differ) compiles everything again.
std::string toolIdentity(const fs::path& vtxc) {
    return std::string(versionString()) + " " + sha256OfFile(vtxc).value_or("unknown");
}

class TreeBuild {
  public:
    TreeBuild(const BuildArguments& args, DiagnosticSink& sink) : args_(args), sink_(sink) {}

    bool prepare() {
        std::error_code ec;
        if (!fs::is_directory(args_.source, ec)) {
            sink_.report(kBuildCodes["BUILD001"], {args_.source},
                         "is not a folder: name the folder that holds the QCs");
            return false;
        }
        paths_.source = fs::weakly_canonical(fs::absolute(args_.source), ec);
        fs::create_directories(args_.game, ec);
        paths_.game = fs::weakly_canonical(fs::absolute(args_.game), ec);
        contentRoot_ = args_.contentRoot.empty()
                           ? paths_.source
                           : fs::weakly_canonical(fs::absolute(args_.contentRoot), ec);
        if (!args_.gameDir.empty() && !args_.surfaceProperties.empty()) {
            sink_.report(kCliCodes["CLI013"], {"--surface-properties"},
                         "give --game-dir or --surface-properties, not both");
            return false;
        }
        if (!args_.gameDir.empty())
            compileOptions_ = {"--game-dir",
                               fs::absolute(args_.gameDir).lexically_normal().string()};
        if (!args_.surfaceProperties.empty())
            compileOptions_ = {"--surface-properties",
                               fs::absolute(args_.surfaceProperties).lexically_normal().string()};
        vtxc_ = fs::read_symlink("/proc/self/exe", ec);
        if (ec) vtxc_ = fs::absolute("vtxc");
        discovery_ = discoverTreeModels(paths_.source, contentRoot_, paths_.game);
        if (discovery_.models.empty()) {
            sink_.report(kBuildCodes["BUILD001"], {args_.source},
                         "holds no QC that defines a model (.qc files that no other QC "
                         "includes); name the folder of the model sources");
            return false;
        }
        return true;
    }

    bool writeNinja() {
        NinjaRequest request{vtxc_, paths_, contentRoot_, compileOptions_, discovery_.models};
        std::vector<std::string> skipped;
        const std::string text = ninjaFileText(request, skipped);
        for (const std::string& key : skipped)
            sink_.report(kBuildCodes["BUILD004"], {(paths_.source / key).string()},
                         "the QC does not read (no $modelname): it has no Ninja edge; run `vtxc "
                         "compile` on it to see why");
        if (!writeFileAtomically(args_.ninja, std::vector<std::uint8_t>(text.begin(), text.end()),
                                 sink_))
            return false;
        if (!args_.quiet)
            std::printf("wrote %s: %zu edges for %zu models of %s\n", args_.ninja.c_str(),
                        discovery_.models.size() - skipped.size(), discovery_.models.size(),
                        paths_.source.c_str());
        return true;
    }

    void run() {
        const auto start = Clock::now();
        tool_ = toolIdentity(vtxc_);
        // Paths inside the tree are recorded relative to it: a checkout elsewhere is up to date.
        options_ = "content-root=" + paths_.recordedInput(contentRoot_);
        for (const std::string& option : compileOptions_)
            options_ += " " + option;
        record_ = readBuildRecord(paths_.game, sink_);
        const std::vector<std::size_t> toCompile = plan();
        compileAll(toCompile);
        flushRecord();
        seconds_ = secondsSince(start);
    }

    void printTable() const {
        std::size_t compiled = 0, upToDate = 0, failed = 0;
        for (const ModelResult& result : results_) {
            compiled += result.status == ModelStatus::Compiled;
            upToDate += result.status == ModelStatus::UpToDate;
            failed += result.status == ModelStatus::Failed;
        }
        std::printf("%zu models in %s (%.2f s)\n", results_.size(), paths_.source.c_str(),
                    seconds_);
        std::printf("  compiled    %zu\n  up to date  %zu\n  failed      %zu\n", compiled, upToDate,
                    failed);
        for (std::size_t i = 0; i < results_.size(); ++i)
            if (results_[i].status == ModelStatus::Failed)
                std::printf("  FAILED%s %s: %s\n",
                            results_[i].cached ? " (nothing changed since)" : "",
                            discovery_.models[i].key.c_str(), results_[i].firstDiagnostic.c_str());
    }

    void reportFailures() {
        std::size_t failed = 0;
        for (std::size_t i = 0; i < results_.size(); ++i) {
            if (results_[i].status != ModelStatus::Failed) continue;
            ++failed;
            if (args_.quiet)
                sink_.report(kBuildCodes["BUILD004"], {discovery_.models[i].qc.string()},
                             "failed: " + results_[i].firstDiagnostic);
        }
        if (failed > 0 && !args_.quiet)
            sink_.report(kBuildCodes["BUILD004"], {paths_.source.string()},
                         std::to_string(failed) + " of " + std::to_string(results_.size()) +
                             " models failed to compile (listed above); their previous files "
                             "were left as they were");
    }

    bool writeReport() {
        if (args_.report.empty()) return true;
        nlohmann::json models = nlohmann::json::array();
        static const char* kStatus[] = {"up to date", "compiled", "failed"};
        for (std::size_t i = 0; i < results_.size(); ++i) {
            const ModelResult& result = results_[i];
            nlohmann::json item = {{"qc", discovery_.models[i].key},
                                   {"model", discovery_.models[i].modelName.generic_string()},
                                   {"status", kStatus[int(result.status)]},
                                   {"seconds", result.seconds}};
            if (!result.reason.empty()) item["reason"] = result.reason;
            if (result.cached) item["unchangedSinceFailure"] = true;
            if (!result.firstDiagnostic.empty()) item["firstDiagnostic"] = result.firstDiagnostic;
            if (!result.quality.is_null()) item["quality"] = result.quality;
            models.push_back(std::move(item));
        }
        const nlohmann::json report = {{"source", paths_.source.string()},
                                       {"game", paths_.game.string()},
                                       {"seconds", seconds_},
                                       {"jobs", jobs()},
                                       {"models", models}};
        const std::string text = report.dump(2) + "\n";
        return writeFileAtomically(args_.report,
                                   std::vector<std::uint8_t>(text.begin(), text.end()), sink_);
    }

  private:
    unsigned jobs() const {
        if (args_.jobs > 0) return static_cast<unsigned>(args_.jobs);
        return std::max(1u, std::thread::hardware_concurrency());
    }

    // Which models to compile; the others are up to date (their refreshed stamps are kept).
    std::vector<std::size_t> plan() {
        results_.assign(discovery_.models.size(), {});
        std::vector<std::size_t> out;
        StampCache stamps;
        std::map<std::string, std::size_t> byName;
        for (std::size_t i = 0; i < discovery_.models.size(); ++i) {
            const TreeModel& model = discovery_.models[i];
            if (!model.modelName.empty()) {
                const auto [it, fresh] = byName.emplace(model.modelName.generic_string(), i);
                if (!fresh) {
                    const std::string message =
                        "its $modelname '" + model.modelName.generic_string() +
                        "' is also the model of " + discovery_.models[it->second].key +
                        ", compiled instead: give each QC its own $modelname";
                    sink_.report(kBuildCodes["BUILD005"], {model.qc.string()}, message);
                    results_[i].status = ModelStatus::Failed;
                    results_[i].firstDiagnostic = "error[BUILD005]: " + message;
                    continue;
                }
            }
            const auto entry = record_.models.find(model.key);
            if (args_.force || entry == record_.models.end()) {
                results_[i].reason = args_.force ? "--force" : "not built yet";
                out.push_back(i);
                continue;
            }
            const ModelVerdict verdict = checkModel(entry->second, tool_, options_, paths_, stamps,
                                                    [this] { return listing(); });
            if (verdict.upToDate) {
                if (verdict.refreshed) pending_[model.key] = entry->second;
                if (!entry->second.failure.empty()) {
                    // It would fail again: nothing it read, and no file name of the tree, changed.
                    results_[i].status = ModelStatus::Failed;
                    results_[i].cached = true;
                    results_[i].firstDiagnostic = entry->second.failure;
                }
                continue;
            }
            results_[i].reason = verdict.reason;
            out.push_back(i);
        }
        return out;
    }

    std::vector<std::string> compileArguments(const TreeModel& model,
                                              const RunningCompile& run) const {
        const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
        const unsigned threads = std::max(1u, cores / jobs());
        std::vector<std::string> arguments{
            "compile",         model.qc.string(),     "-o",        paths_.game.string(),
            "--content-root",  contentRoot_.string(), "--depfile", run.depfile.string(),
            "--report",        run.report.string(),   "--threads", std::to_string(threads),
            "--output-hashes", run.hashes.string(),   "--quiet"};
        arguments.insert(arguments.end(), compileOptions_.begin(), compileOptions_.end());
        return arguments;
    }

    void compileAll(const std::vector<std::size_t>& toCompile) {
        if (toCompile.empty()) return;
        listing(); // before any compile: a file added meanwhile makes a failure be tried again
        WorkFolder work;
        BuildProgress progress(toCompile.size(), args_.quiet);
        std::map<pid_t, RunningCompile> running;
        std::size_t next = 0;
        auto lastFlush = Clock::now();
        while (next < toCompile.size() || !running.empty()) {
            while (running.size() < jobs() && next < toCompile.size()) {
                RunningCompile run;
                run.model = toCompile[next];
                const std::string id = std::to_string(next++);
                run.depfile = work.path() / (id + ".d");
                run.report = work.path() / (id + ".json");
                run.errors = work.path() / (id + ".err");
                run.hashes = work.path() / (id + ".sha256");
                run.started = Clock::now();
                run.startedNs = fileClockNowNs();
                const TreeModel& model = discovery_.models[run.model];
                run.pid = startCompile(vtxc_, compileArguments(model, run), run.errors);
                progress.started(model.key);
                if (run.pid < 0) {
                    finish(run, -1, progress);
                    continue;
                }
                running.emplace(run.pid, std::move(run));
            }
            int status = 0;
            const pid_t pid = ::waitpid(-1, &status, 0);
            if (pid < 0) {
                if (errno == EINTR) continue;
                break;
            }
            const auto it = running.find(pid);
            if (it == running.end()) continue;
            finish(it->second, status, progress);
            running.erase(it);
            // The record is written as the build goes (a killed build keeps what it finished),
            // but not after every model: it is rewritten whole each time.
            if (secondsSince(lastFlush) > 2.0) {
                flushRecord();
                lastFlush = Clock::now();
            }
        }
    }

    void finish(const RunningCompile& run, int status, BuildProgress& progress) {
        ModelResult& result = results_[run.model];
        result.seconds = secondsSince(run.started);
        const TreeModel& model = discovery_.models[run.model];
        const bool exited = run.pid >= 0 && WIFEXITED(status);
        if (exited && WEXITSTATUS(status) == 0) {
            const auto depfile = parseDepfile(readSmallText(run.depfile));
            std::optional<BuildRecordEntry> entry;
            if (depfile) entry = entryFromDepfile(*depfile, tool_, options_, paths_, run.startedNs);
            // Another build may have published the model again since this compile did: then
            // the files found are not the ones these inputs gave, and nothing is recorded.
            if (entry && !publishedAsFound(*entry, readSmallText(run.hashes), paths_))
                entry.reset();
            result.status = ModelStatus::Compiled;
            pending_[model.key] = entry; // none: compiled again next time
            const nlohmann::json quality =
                nlohmann::json::parse(readSmallText(run.report), nullptr, false);
            if (!quality.is_discarded()) result.quality = quality;
        } else {
            result.status = ModelStatus::Failed;
            result.firstDiagnostic = firstDiagnosticOf(readSmallText(run.errors));
            if (run.pid < 0)
                result.firstDiagnostic = "could not start vtxc compile";
            else if (WIFSIGNALED(status))
                result.firstDiagnostic =
                    "vtxc compile was killed by signal " + std::to_string(WTERMSIG(status)) +
                    (result.firstDiagnostic.empty() ? std::string()
                                                    : " after: " + result.firstDiagnostic);
            else if (result.firstDiagnostic.empty())
                result.firstDiagnostic =
                    "vtxc compile ended with status " + std::to_string(WEXITSTATUS(status));
            // A compile that failed on its own (not killed) is kept with what it read.
            std::optional<BuildRecordEntry> entry;
            if (exited) {
                const auto depfile = parseDepfile(readSmallText(run.depfile));
                if (depfile && depfile->outputs.empty())
                    entry = entryFromDepfile(*depfile, tool_, options_, paths_, run.startedNs);
                if (entry) {
                    entry->failure = result.firstDiagnostic;
                    entry->listing = listing();
                }
            }
            pending_[model.key] = entry;
        }
        progress.finished(model.key, result);
    }

    // The tree's list of files when the build started (see treeListing).
    const std::string& listing() {
        if (!listing_) listing_ = treeListing(contentRoot_, paths_.game);
        return *listing_;
    }

    void flushRecord() {
        if (pending_.empty()) return;
        updateBuildRecord(paths_.game, pending_, sink_);
        pending_.clear();
    }

    const BuildArguments& args_;
    DiagnosticSink& sink_;
    BuildPaths paths_;
    fs::path contentRoot_;
    fs::path vtxc_;
    std::vector<std::string> compileOptions_;
    TreeDiscovery discovery_;
    std::string tool_;
    std::string options_;
    BuildRecord record_;
    std::vector<ModelResult> results_;
    std::map<std::string, std::optional<BuildRecordEntry>> pending_;
    double seconds_ = 0;
    std::optional<std::string> listing_;
};

void runBuild(const BuildArguments& args, CommandContext& context) {
    StderrSink sink(args.quiet);
    TreeBuild build(args, sink);
    if (!build.prepare()) {
        context.exitStatus = exitStatusOf(sink);
        return;
    }
    if (!args.ninja.empty()) {
        build.writeNinja();
        context.exitStatus = exitStatusOf(sink);
        return;
    }
    build.run();
    if (!args.quiet) build.printTable();
    std::fflush(stdout);
    build.reportFailures();
    build.writeReport();
    context.exitStatus = exitStatusOf(sink);
}

} // namespace

void addBuildCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<BuildArguments>();
    auto* sub = app.add_subcommand(
        "build", "Compile every model of a source tree into GAME/models, only those whose "
                 "sources, options or compiler changed, several at once (docs/build.md)");
    sub->add_option("SRC", args->source, "the source tree: every .qc that no other QC includes")
        ->required();
    sub->add_option("-o,--output", args->game, "the game folder: files go to GAME/models/...")
        ->required();
    sub->add_option("--jobs,-j", args->jobs, "models compiled at once (default: all cores)")
        ->check(CLI::Range(1, 1024));
    sub->add_option("--content-root", args->contentRoot,
                    "the folder QC paths may not leave (default: SRC)");
    sub->add_flag("--force", args->force, "compile every model, up to date or not");
    sub->add_option("--ninja", args->ninja,
                    "write a Ninja file (one edge per model, with depfiles) instead of building");
    sub->add_option("--report", args->report,
                    "write per-model status, time and quality figures (JSON) to this file");
    sub->add_option("--game-dir", args->gameDir,
                    "passed to each compile: $automass reads its surface properties");
    sub->add_option("--surface-properties", args->surfaceProperties,
                    "passed to each compile: one surface properties file for $automass");
    sub->add_flag("--quiet", args->quiet, "print errors only");
    sub->callback([args, &context] { runBuild(*args, context); });
}

} // namespace vtxc::cli
