// `vtxc restrip MODEL|DIR`: rebuilds the .vtx strip files of compiled models (same .mdl and .vvd),
// one model or every model under a folder (--recursive, in parallel), printing old vs new figures.
#include "cli/command.h"
#include "cli/progress.h"
#include "formats/common/file_io.h"
#include "formats/common/io_codes.h"
#include "tools/restrip.h"
#include "tools/tools_codes.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <tbb/parallel_for.h>

namespace vtxc::cli {

namespace fs = std::filesystem;

namespace {
struct RestripArgs {
    std::string input;
    std::string outDir;
    bool inPlace = false;
    bool recursive = false;
    bool quiet = false;
    RestripOptions options;
};

// What the batch table shows of one model: dx90 LOD 0 (else the first variant's LOD 0).
struct ModelSummary {
    std::size_t triangles = 0;
    std::size_t uniqueVertices = 0;
    std::size_t missesBefore = 0;
    std::size_t missesAfter = 0;
};

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

void printFigures(const std::vector<RestrippedVtx>& rebuilt) {
    std::printf("%-5s %4s %7s %15s %15s %15s %11s\n", "vtx", "LOD", "tris", "ACMR old->new",
                "ATVR old->new", "stored old->new", "strips");
    for (const RestrippedVtx& r : rebuilt) {
        for (std::size_t l = 0; l < r.after.size() && l < r.before.size(); ++l) {
            const StripQuality& a = r.before[l];
            const StripQuality& b = r.after[l];
            std::printf("%-5s %4zu %7zu %6.3f->%6.3f  %6.3f->%6.3f  %6zu->%6zu  %4zu->%4zu\n",
                        r.variant.c_str(), l, b.triangles, a.acmr(), b.acmr(), a.atvr(), b.atvr(),
                        a.storedVertices, b.storedVertices, a.strips, b.strips);
        }
        std::printf("%-5s bytes %zu -> %zu (vertCacheSize %d, maxBonesPerStrip %d)\n",
                    r.variant.c_str(), r.sourceBytes, r.bytes.size(), r.file.vertCacheSize,
                    int(r.file.maxBonesPerStrip));
    }
}

// The files to write for one model: next to the output folder, or in place with .bak copies.
std::optional<std::vector<PendingFile>> pendingFiles(const ModelFilePaths& paths,
                                                     std::vector<RestrippedVtx>& rebuilt,
                                                     const fs::path& outDir, bool inPlace,
                                                     DiagnosticSink& sink) {
    std::vector<PendingFile> files;
    for (RestrippedVtx& r : rebuilt) {
        auto source =
            std::find_if(paths.vtx.begin(), paths.vtx.end(),
                         [&](const ModelFilePaths::Vtx& v) { return v.variant == r.variant; });
        if (source == paths.vtx.end()) continue;
        if (inPlace) {
            auto original = readWholeFile(source->path, sink);
            if (!original) return std::nullopt;
            fs::path backup = source->path;
            backup += ".bak";
            files.push_back(
                {backup, std::vector<std::uint8_t>(original->begin(), original->end())});
            files.push_back({source->path, std::move(r.bytes)});
        } else {
            files.push_back({outDir / source->path.filename(), std::move(r.bytes)});
        }
    }
    return files;
}

bool makeFolder(const fs::path& folder, DiagnosticSink& sink) {
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (!ec) return true;
    sink.report(kIoCodes["IO002"], {folder.string()},
                "cannot create the output folder: " + ec.message());
    return false;
}

// Restrips one model and writes its files; nothing on error (reported to the sink).
std::optional<ModelSummary> restripOne(const fs::path& base, const fs::path& outDir,
                                       const RestripArgs& args, bool print, DiagnosticSink& sink) {
    const ModelFilePaths paths = findModelFiles(base);
    if (paths.empty()) {
        sink.report(kRestripCodes["RST008"], {base.string()},
                    "no model files found (give the base path: models/foo "
                    "for foo.mdl, foo.vvd, foo.*.vtx)");
        return std::nullopt;
    }
    ForwardingSink local(sink);
    const LoadedModel loaded = loadModelFiles(paths, local);
    if (local.hasErrors()) return std::nullopt;
    auto rebuilt = restripModel(loaded, args.options, local);
    if (!rebuilt) return std::nullopt;
    if (print) printFigures(*rebuilt);
    ModelSummary summary;
    auto shown =
        std::find_if(rebuilt->begin(), rebuilt->end(), [](auto& r) { return r.variant == "dx90"; });
    if (shown == rebuilt->end()) shown = rebuilt->begin();
    if (shown != rebuilt->end() && !shown->after.empty()) {
        summary = {shown->after[0].triangles, shown->after[0].uniqueVertices,
                   shown->before[0].misses[0], shown->after[0].misses[0]};
    }
    if (!args.inPlace && !makeFolder(outDir, local)) return std::nullopt;
    auto files = pendingFiles(paths, *rebuilt, outDir, args.inPlace, local);
    if (!files || !writeFilesAtomically(*files, local)) return std::nullopt;
    return summary;
}

// Model base paths under `root`: every .mdl, and every .dx90.vtx that has no .mdl beside it.
std::vector<fs::path> findModels(const fs::path& root) {
    std::map<std::string, fs::path> bases;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
         it.increment(ec)) {
        if (!it->is_regular_file()) continue;
        const std::string name = lower(it->path().filename().string());
        fs::path base;
        if (name.size() > 4 && name.ends_with(".mdl"))
            base = it->path().parent_path() / it->path().stem();
        else if (name.size() > 9 && name.ends_with(".dx90.vtx"))
            base = it->path().parent_path() /
                   it->path().filename().string().substr(0, name.size() - 9);
        if (!base.empty()) bases.emplace(lower(base.string()), base);
    }
    std::vector<fs::path> out;
    for (auto& [key, base] : bases)
        out.push_back(base);
    return out;
}

double ratio(std::size_t a, std::size_t b) {
    return b ? double(a) / double(b) : 0.0;
}

int runBatch(const RestripArgs& args) {
    StderrSink sink(args.quiet);
    const fs::path root = args.input;
    const std::vector<fs::path> models = findModels(root);
    std::vector<std::optional<ModelSummary>> results(models.size());
    std::vector<CollectingSink> sinks(models.size());
    ProgressBar bar("restripping", args.quiet);
    std::atomic<std::size_t> done{0};
    tbb::parallel_for(std::size_t(0), models.size(), [&](std::size_t i) {
        const fs::path outDir =
            args.inPlace ? fs::path()
                         : fs::path(args.outDir) / fs::relative(models[i].parent_path(), root);
        results[i] = restripOne(models[i], outDir, args, false, sinks[i]);
        bar.update(++done, models.size());
    });
    std::printf("%-50s %8s %8s %8s %7s\n", "model", "tris", "ATVR old", "ATVR new", "status");
    ModelSummary total;
    std::size_t failed = 0;
    bool internal = false;
    for (std::size_t i = 0; i < models.size(); ++i) {
        for (const Diagnostic& d : sinks[i].diagnostics())
            sink.report(d);
        const std::string name = fs::relative(models[i], root).generic_string();
        if (!results[i]) {
            ++failed;
            internal = internal || sinks[i].exitCode() == ExitCode::Internal;
            std::printf("%-50s %8s %8s %8s %7s\n", name.c_str(), "-", "-", "-", "FAILED");
            continue;
        }
        const ModelSummary& s = *results[i];
        std::printf("%-50s %8zu %8.3f %8.3f %7s\n", name.c_str(), s.triangles,
                    ratio(s.missesBefore, s.uniqueVertices), ratio(s.missesAfter, s.uniqueVertices),
                    "ok");
        total = {total.triangles + s.triangles, total.uniqueVertices + s.uniqueVertices,
                 total.missesBefore + s.missesBefore, total.missesAfter + s.missesAfter};
    }
    std::printf("%-50s %8zu %8.3f %8.3f %7s\n",
                ("total: " + std::to_string(models.size() - failed) + " of " +
                 std::to_string(models.size()) + " models")
                    .c_str(),
                total.triangles, ratio(total.missesBefore, total.uniqueVertices),
                ratio(total.missesAfter, total.uniqueVertices), failed ? "FAILED" : "ok");
    if (models.empty())
        sink.report(kRestripCodes["RST008"], {root.string()},
                    "no .mdl or .dx90.vtx found under this folder");
    if (failed) return static_cast<int>(internal ? ExitCode::Internal : ExitCode::InvalidInput);
    return exitStatusOf(sink);
}

int run(const RestripArgs& args) {
    StderrSink sink(args.quiet);
    if (args.inPlace == !args.outDir.empty()) {
        sink.report(kRestripCodes["RST007"], {args.input},
                    "give exactly one of -o OUTDIR and --in-place");
        return exitStatusOf(sink);
    }
    std::error_code ec;
    if (fs::is_directory(args.input, ec)) {
        if (args.recursive) return runBatch(args);
        sink.report(kRestripCodes["RST007"], {args.input},
                    "this is a folder: add --recursive to restrip every "
                    "model under it");
        return exitStatusOf(sink);
    }
    restripOne(args.input, args.outDir, args, !args.quiet, sink);
    return exitStatusOf(sink);
}
} // namespace

void addRestripCommand(CLI::App& app, CommandContext& context) {
    auto* sub =
        app.add_subcommand("restrip", "Rebuild the .vtx strip files of a compiled model "
                                      "(same .mdl and .vvd) with vtxc's partition and cache order");
    auto args = std::make_shared<RestripArgs>();
    sub->add_option("MODEL", args->input,
                    "model base path (models/foo), or a folder with --recursive")
        ->required();
    sub->add_option("-o,--output", args->outDir, "folder the new .vtx files go to");
    sub->add_flag("--in-place", args->inPlace,
                  "replace the model's .vtx files, keeping FILE.vtx.bak");
    sub->add_flag("--recursive", args->recursive, "restrip every model under the folder MODEL");
    sub->add_option("--variants", args->options.variants,
                    "variants to rebuild (default: all present)")
        ->delimiter(',')
        ->check(CLI::IsMember({"dx90", "dx80", "sw"}));
    sub->add_option("--vert-cache-size", args->options.vertCacheSize,
                    "FIFO size for dx90/dx80 (default: the file's vertCacheSize)")
        ->check(CLI::Range(1, 4096));
    sub->add_option("--bones-per-strip", args->options.bonesPerStrip,
                    "dx90 maxBonesPerStrip (default: the file's)")
        ->check(CLI::Range(3, 255));
    sub->add_option("--dx80-bones-per-strip", args->options.dx80BonesPerStrip,
                    "dx80 maxBonesPerStrip (default: the file's)")
        ->check(CLI::Range(3, 255));
    sub->add_flag("--quiet", args->quiet, "print errors only");
    sub->callback([&context, args] { context.exitStatus = run(*args); });
}

} // namespace vtxc::cli
