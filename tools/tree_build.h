// `vtxc build`: a whole tree of QCs compiled into a game folder, incrementally. This is the part
// that decides (docs/build.md): which QCs are models, what a compile read (its depfile), whether
// a model is up to date (the build record: content hashes of every input and output), and the
// Ninja file that lets any Ninja-compatible engine drive the same compiles. Running the compiles
// is the command line's part.
#pragma once

#include "formats/common/diagnostics.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

// ---- Discovery -----------------------------------------------------------------------------

struct TreeModel {
    std::filesystem::path qc; // absolute, lexically normal
    std::string key;          // the QC relative to the source root, '/'-separated: the model's id
    // $modelname without ".mdl" (props/thing), when the QC could be read; empty otherwise.
    std::filesystem::path modelName;
    bool meshes = false;  // the QC names body parts: the compile writes .vvd and .vtx files
    bool physics = false; // and a collision model it found: a .phy
};

struct TreeDiscovery {
    std::vector<TreeModel> models;     // in key order
    std::vector<std::string> included; // keys of .qc files another QC includes (not models)
};

// Every QC under `sourceRoot` that defines a model: a `.qc` file (any case) that no other QC of
// the tree reads through `$include`. `.qci` files never are models. Hidden folders (`.git`),
// folder links and `skip` (the game folder, when it lies inside the tree) are not entered. QC
// paths resolve against `contentRoot` as the compile resolves them.
TreeDiscovery discoverTreeModels(const std::filesystem::path& sourceRoot,
                                 const std::filesystem::path& contentRoot,
                                 const std::filesystem::path& skip = {});

// ---- Depfiles (Make's format, as GCC's -MD writes it) --------------------------------------

struct Depfile {
    std::vector<std::filesystem::path> outputs;
    std::vector<std::filesystem::path> inputs;
};

// "OUT1 OUT2: IN1 IN2" with spaces, '#', '$' and backslashes before them escaped as Make and Ninja
// read them, one input per continued line.
std::string depfileText(const Depfile& depfile);
// Reads what depfileText writes (one rule; no output when the compile failed); nothing when it is
// not a depfile.
std::optional<Depfile> parseDepfile(std::string_view text);

// ---- The build record ------------------------------------------------------------------------

// A file as it was when the record was made. The hash decides; size and status change time
// (ctime, which no program can set back) only spare hashing a file that was not touched since (a
// time of 0 is never trusted).
struct FileStamp {
    std::string path; // inputs: relative to the source root when inside it; outputs: to GAME
    std::uintmax_t size = 0;
    std::int64_t changedNs = 0;
    std::string hash; // SHA-256, hex; empty: unknown (the model is compiled again)
};

struct BuildRecordEntry {
    std::string tool;    // the compiler's identity (its version and the hash of its binary)
    std::string options; // the compile options that shape the output
    std::vector<FileStamp> inputs;
    std::vector<FileStamp> outputs;
    // A compile that failed: its first diagnostic, and the tree's list of files then (treeListing).
    // It is tried again once an input, the options, vtxc or the list of files changes (a file
    // added may be the one the QC looked for).
    std::string failure;
    std::string listing;
};

struct BuildRecord {
    std::map<std::string, BuildRecordEntry> models; // by TreeModel::key
};

// GAME/.vtxc-build.json, and the lock file that serializes its updates.
std::filesystem::path buildRecordPath(const std::filesystem::path& game);

std::string buildRecordText(const BuildRecord& record);
std::optional<BuildRecord> parseBuildRecord(std::string_view text);

// The record in GAME; an empty one when there is none. A record that does not parse is reported
// (BUILD002, a warning: every model is then compiled again) and taken as empty.
BuildRecord readBuildRecord(const std::filesystem::path& game, DiagnosticSink& sink);

// Sets (a value) or removes (nothing) these entries in the record on disk: under an exclusive
// lock on GAME/.vtxc-build.lock (waited for VTXC_LOCK_TIMEOUT seconds, default 60), the record
// is read again, changed and replaced atomically (a new file renamed over it), so builds into one
// GAME at once keep each other's entries and a kill never leaves half a record. BUILD003 (I/O)
// when it cannot be written.
bool updateBuildRecord(const std::filesystem::path& game,
                       const std::map<std::string, std::optional<BuildRecordEntry>>& changes,
                       DiagnosticSink& sink);

// ---- Up to date ------------------------------------------------------------------------------

// Hashes each file at most once per build (models share .qci files and animations).
class StampCache {
  public:
    // The file's stamp now; nothing when it is missing or unreadable. `untrustedAfterNs`: a file
    // modified at or after this time (a compile was running) gets an empty hash, so the next build
    // compiles again whatever read it: it may have changed while being read.
    std::optional<FileStamp> stampOf(const std::filesystem::path& path,
                                     std::int64_t untrustedAfterNs = INT64_MAX);
    // True when the file holds the bytes `stamp` recorded. Refreshes the stamp's size and time
    // when only they changed (a checkout), and then sets `refreshed`.
    bool matches(FileStamp& stamp, const std::filesystem::path& path, bool& refreshed);

  private:
    std::map<std::filesystem::path, std::optional<FileStamp>> current_;
};

struct BuildPaths {
    std::filesystem::path source; // absolute source root
    std::filesystem::path game;   // absolute game folder
    std::filesystem::path inputPath(const std::string& recorded) const;
    std::filesystem::path outputPath(const std::string& recorded) const;
    std::string recordedInput(const std::filesystem::path& path) const;
    std::string recordedOutput(const std::filesystem::path& path) const;
};

struct ModelVerdict {
    bool upToDate = false;  // nothing changed (for a failure: it would fail again)
    std::string reason;     // why it is compiled: "new", "input changed: a.qci", ...
    bool refreshed = false; // stamps were refreshed: the entry should be written back
};

// Whether the model `entry` describes is still what compiling it now would give. Finishes
// publications of its output folders that a killed writer left first. `listing` gives the tree's
// treeListing (asked for only when the entry is a failure).
ModelVerdict checkModel(BuildRecordEntry& entry, const std::string& tool,
                        const std::string& options, const BuildPaths& paths, StampCache& stamps,
                        const std::function<std::string()>& listing);

// A hash of the names of every file under `root` (hidden folders and `skip` left out): changes
// when a file is added, removed or renamed.
std::string treeListing(const std::filesystem::path& root, const std::filesystem::path& skip);

// The record entry of a compile that just succeeded, from its depfile; outputs outside GAME
// (a report) are left out. `startedNs`: when the compile started (see StampCache::stampOf).
std::optional<BuildRecordEntry> entryFromDepfile(const Depfile& depfile, const std::string& tool,
                                                 const std::string& options,
                                                 const BuildPaths& paths, std::int64_t startedNs);

// Now, in the clock file modification times use.
std::int64_t fileClockNowNs();

// ---- Ninja -----------------------------------------------------------------------------------

struct NinjaRequest {
    std::filesystem::path vtxc; // the compiler, absolute
    BuildPaths paths;
    std::filesystem::path contentRoot;       // absolute
    std::vector<std::string> compileOptions; // further `vtxc compile` arguments, as given
    std::vector<TreeModel> models;
};

// A Ninja file with one edge per model (the outputs $modelname gives, the QC as input, vtxc itself
// as an implicit input) whose command is `vtxc compile ... --depfile`, so Ninja learns every file
// each compile read. Models whose QC could not be read (no $modelname) are left out and listed in
// `skipped`.
std::string ninjaFileText(const NinjaRequest& request, std::vector<std::string>& skipped);

// Quotes a word for the POSIX shell (Ninja runs commands through /bin/sh).
std::string shellQuote(const std::string& word);

} // namespace vtxc
