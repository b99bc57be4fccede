// `vtxc restrip MODEL|DIR`: rebuilds the .vtx strip files of compiled models (same .mdl and .vvd),
// one model or every model under a folder (--recursive, in parallel; tools/restrip_files.h),
// printing old vs new figures.
#include "cli/command.h"
#include "cli/progress.h"
#include "formats/common/file_io.h"
#include "formats/common/io_codes.h"
#include "tools/restrip.h"
#include "tools/restrip_files.h"
#include "tools/tools_codes.h"

#include <cstdio>
#include <filesystem>
#include <memory>

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

double ratio(std::size_t a, std::size_t b) {
    return b ? double(a) / double(b) : 0.0;
}

void printBatchRow(const std::string& name, const RestripSummary& s, const char* status) {
    std::printf("%-50s %8zu %8.3f %8.3f %7s\n", name.c_str(), s.triangles,
                ratio(s.missesBefore, s.uniqueVertices), ratio(s.missesAfter, s.uniqueVertices),
                status);
}

int runBatch(const RestripArgs& args) {
    StderrSink sink(args.quiet);
    const fs::path root = args.input;
    ProgressBar bar("restripping", args.quiet);
    const std::vector<RestripBatchEntry> entries =
        restripFolder(root, {args.outDir, args.inPlace}, args.options,
                      [&bar](std::size_t done, std::size_t total) { bar.update(done, total); });
    std::printf("%-50s %8s %8s %8s %7s\n", "model", "tris", "ATVR old", "ATVR new", "status");
    RestripSummary total;
    std::size_t failed = 0;
    for (const RestripBatchEntry& entry : entries) {
        for (const Diagnostic& d : entry.diagnostics)
            sink.report(d);
        const std::string name = fs::relative(entry.model, root).generic_string();
        if (!entry.summary) {
            ++failed;
            std::printf("%-50s %8s %8s %8s %7s\n", name.c_str(), "-", "-", "-", "FAILED");
            continue;
        }
        const RestripSummary& s = *entry.summary;
        printBatchRow(name, s, "ok");
        total = {total.triangles + s.triangles, total.uniqueVertices + s.uniqueVertices,
                 total.missesBefore + s.missesBefore, total.missesAfter + s.missesAfter};
    }
    printBatchRow("total: " + std::to_string(entries.size() - failed) + " of " +
                      std::to_string(entries.size()) + " models",
                  total, failed ? "FAILED" : "ok");
    if (entries.empty())
        sink.report(kRestripCodes["RST008"], {root.string()},
                    "no .mdl or .dx90.vtx found under this folder");
    if (failed) return static_cast<int>(ExitCode::InvalidInput);
    return exitStatusOf(sink);
}

int runOne(const RestripArgs& args) {
    StderrSink sink(args.quiet);
    auto model = restripModelAt(args.input, args.options, sink);
    if (model) {
        if (!args.quiet) printFigures(model->rebuilt);
        writeRestrippedModel(*model, {args.outDir, args.inPlace}, sink);
    }
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
    if (!fs::is_directory(args.input, ec)) return runOne(args);
    if (args.recursive) return runBatch(args);
    sink.report(kRestripCodes["RST007"], {args.input},
                "this is a folder: add --recursive to restrip every model under it");
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
