// `vtxc tune REF.smd [--lod ...] [--cache-sizes 12:32] [--bones-per-strip 16,24,32,53] [-o DIR]
// [--cross]`: measures every parameter pair, prints the table and the Pareto-best choices.
#include "cli/cli_codes.h"
#include "cli/command.h"
#include "cli/model_arguments.h"
#include "cli/progress.h"
#include "formats/common/file_io.h"
#include "tools/tools_json.h"
#include "tools/tune.h"

#include <cstdio>

namespace vtxc::cli {

namespace {
struct TuneArguments {
    ModelArguments model;
    std::string cacheSizes = "12:32:4";
    std::string bonesPerStrip = "16,24,32,53";
    std::string outputDir;
    bool cross = false;
    bool quiet = false;
    CompileOptions options;
};

void printTable(const TuneReport& report) {
    std::printf("%6s %6s %8s %8s %8s %7s %6s %7s %7s\n", "cache", "bones", "tris", "unique",
                "stored", "strips", "bsc", "ACMR", "ATVR");
    for (std::size_t i = 0; i < report.results.size(); ++i) {
        const TuneResult& r = report.results[i];
        const bool pareto =
            std::find(report.pareto.begin(), report.pareto.end(), i) != report.pareto.end();
        std::printf("%6d %6d %8zu %8zu %8zu %7zu %6zu %7.3f %7.3f%s\n", r.cacheSize,
                    r.bonesPerStrip, r.triangles, r.uniqueVertices, r.storedVertices, r.strips,
                    r.boneStateChanges, r.acmr, r.atvr, pareto ? "  *" : "");
    }
    std::printf(
        "\nPareto-best bones-per-strip for each cache size (ATVR vs draw calls), marked *:\n");
    for (const std::string& line : paretoReasons(report))
        std::printf("  %s\n", line.c_str());
}

void printCross(const TuneReport& report) {
    const int bones = report.bonesPerStrip.back();
    std::printf("\nACMR of the order tuned for cache A (rows) on a cache of size B (columns), %d "
                "bones:\n%6s",
                bones, "A\\B");
    for (int b : report.cacheSizes)
        std::printf(" %6d", b);
    std::printf("\n");
    for (const TuneResult& r : report.results) {
        if (r.bonesPerStrip != bones) continue;
        std::printf("%6d", r.cacheSize);
        for (double acmr : r.crossAcmr)
            std::printf(" %6.3f", acmr);
        std::printf("\n");
    }
}

std::vector<std::uint8_t> bytesOf(const std::string& text) {
    return {text.begin(), text.end()};
}

void runTune(const TuneArguments& args, CommandContext& context) {
    StderrSink sink(args.quiet);
    TuneOptions options;
    auto sizes = parseIntegerList(args.cacheSizes, 1, 1024);
    auto bones = parseIntegerList(args.bonesPerStrip, 9, 512);
    if (!sizes || !bones || sizes->empty() || bones->empty()) {
        sink.report(kCliCodes["CLI012"], {sizes ? "--bones-per-strip" : "--cache-sizes"},
                    "expected a list such as 16,24,32 or a range such as 12:32 (or 12:32:4), "
                    "within limits");
        context.exitStatus = exitStatusOf(sink);
        return;
    }
    options.cacheSizes = *sizes;
    options.bonesPerStrip = *bones;
    options.cross = args.cross;
    ProgressBar bar("tuning", args.quiet);
    options.progress = [&bar](std::size_t done, std::size_t total) { bar.update(done, total); };
    const auto project = projectFromArguments(args.model, sink);
    std::optional<TuneReport> report;
    if (project) report = tuneModel(*project, args.options, options, sink);
    if (report) {
        if (!args.outputDir.empty()) {
            const std::filesystem::path dir(args.outputDir);
            const std::string title =
                "vtxc tune: " + std::filesystem::path(args.model.input).filename().string();
            std::vector<PendingFile> files{{dir / "tune.csv", bytesOf(tuneCsv(*report))},
                                           {dir / "tune.json", bytesOf(tuneJsonText(*report))},
                                           {dir / "tune.svg", bytesOf(tuneSvg(*report, title))}};
            writeFilesAtomically(files, sink);
        }
        if (!args.quiet) {
            printTable(*report);
            if (args.cross) printCross(*report);
        }
    }
    context.exitStatus = exitStatusOf(sink);
}
} // namespace

void addTuneCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<TuneArguments>();
    auto* sub =
        app.add_subcommand("tune", "Compile a model for every vertex cache size and bones-per-"
                                   "strip value and compare the results");
    addModelArguments(sub, args->model);
    sub->add_option("--cache-sizes", args->cacheSizes, "FIFO sizes: 12:32, 12:32:4 or 16,24,32")
        ->capture_default_str();
    sub->add_option("--bones-per-strip", args->bonesPerStrip, "bones-per-strip values")
        ->capture_default_str();
    sub->add_option("-o,--output", args->outputDir, "write tune.csv, tune.json and tune.svg here");
    sub->add_flag("--cross", args->cross, "simulate each order at every other cache size");
    sub->add_option("--threads", args->options.threads, "worker threads (0: all cores)");
    addEffortOption(sub, args->options.cacheOrderEffort);
    sub->add_flag("--quiet", args->quiet, "print errors only");
    sub->callback([args, &context] { runTune(*args, context); });
}

} // namespace vtxc::cli
