// `vtxc lod REF.smd -o DIR [--ratios 0.5,0.25,0.12 | --triangles N,N,...] [--shadow-lod RATIO]`:
// generated LOD SMDs and a .qci of $lod blocks; prints each LOD's figures.
#include "cli/cli_codes.h"
#include "cli/command.h"
#include "tools/lod_generation.h"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace vtxc::cli {

namespace {

struct LodArgs {
    std::string input;
    std::string output;
    std::string ratios;
    std::string triangles;
    double shadowRatio = 0;
    double pixelError = 1;
    double maxErrorPercent = 0;
    bool quiet = false;
    LodGenerationOptions options;
};

// "0.5,0.25": numbers in (0, 1]; nothing for any other spelling.
std::optional<std::vector<double>> parseRatios(const std::string& text) {
    std::vector<double> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        double value = 0;
        const char* begin = text.data() + start;
        const char* end = text.data() + comma;
        const auto [stop, ec] = std::from_chars(begin, end, value);
        if (ec != std::errc() || stop != end || !(value > 0 && value <= 1)) return std::nullopt;
        out.push_back(value);
        start = comma + 1;
    }
    return out;
}

// "2500,1200": positive counts.
std::optional<std::vector<std::size_t>> parseCounts(const std::string& text) {
    std::vector<std::size_t> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        std::size_t value = 0;
        const char* begin = text.data() + start;
        const char* end = text.data() + comma;
        const auto [stop, ec] = std::from_chars(begin, end, value);
        if (ec != std::errc() || stop != end || value == 0) return std::nullopt;
        out.push_back(value);
        start = comma + 1;
    }
    return out;
}

void printLods(const GeneratedLods& set) {
    std::printf("%-6s %9s %8s %10s %10s %8s %8s\n", "LOD", "triangles", "vertices", "mean err %",
                "max err %", "switch", "time ms");
    std::printf("%-6s %9zu %8zu %10s %10s %8s %8s\n", "0", set.referenceTriangles,
                set.referenceVertices, "-", "-", "0", "-");
    for (std::size_t i = 0; i < set.lods.size(); ++i) {
        const GeneratedLod& lod = set.lods[i];
        const std::string name = lod.plan.shadow ? "shadow" : std::to_string(i + 1);
        std::printf("%-6s %9zu %8zu %10.4f %10.4f %8.2f %8.1f\n", name.c_str(),
                    lod.plan.mesh.indices.size() / 3, lod.plan.mesh.vertices.size(),
                    lod.plan.error.meanPercent(), lod.plan.error.maxPercent(),
                    double(lod.switchPoint), 1000 * lod.plan.seconds);
    }
    for (const PendingFile& file : set.files)
        std::printf("wrote %s\n", file.path.string().c_str());
}

void runLod(LodArgs& args, CommandContext& context) {
    StderrSink sink(args.quiet);
    LodGenerationOptions options = args.options;
    if (!args.ratios.empty()) {
        const auto ratios = parseRatios(args.ratios);
        if (!ratios) {
            sink.report(kCliCodes["CLI014"], {"--ratios"},
                        "expected shares of the reference's triangles above 0 and at most 1, "
                        "comma-separated, e.g. --ratios 0.5,0.25,0.12");
            context.exitStatus = exitStatusOf(sink);
            return;
        }
        options.ratios = *ratios;
    }
    if (!args.triangles.empty()) {
        const auto counts = parseCounts(args.triangles);
        if (!counts) {
            sink.report(kCliCodes["CLI014"], {"--triangles"},
                        "expected triangle counts above 0, comma-separated, e.g. "
                        "--triangles 2500,1200,600");
            context.exitStatus = exitStatusOf(sink);
            return;
        }
        options.triangles = *counts;
    }
    if (args.shadowRatio > 0) options.shadowRatio = args.shadowRatio;
    options.lod.pixelError = args.pixelError;
    if (args.maxErrorPercent > 0) options.lod.simplify.maxError = args.maxErrorPercent / 100.0;
    const auto set = writeLodFiles(args.input, args.output, options, sink);
    if (set && !args.quiet) printLods(*set);
    context.exitStatus = exitStatusOf(sink);
}

} // namespace

void addLodCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<LodArgs>();
    auto* sub = app.add_subcommand(
        "lod", "Generate levels of detail from a reference SMD: NAME_lod1.smd, ... and "
               "NAME_lods.qci with the $lod blocks (include it after the model's $body line)");
    sub->add_option("INPUT", args->input, "reference mesh (.smd)")->required();
    sub->add_option("-o,--output", args->output, "folder for the LOD SMDs and the .qci")
        ->required();
    auto* ratios = sub->add_option("--ratios", args->ratios,
                                   "LODs at these shares of the reference's triangles "
                                   "(default 0.5,0.25,0.12)");
    sub->add_option("--triangles", args->triangles, "LODs with these triangle counts")
        ->excludes(ratios);
    sub->add_option("--shadow-lod", args->shadowRatio,
                    "also a shadow LOD ($shadowlod) at this share of the triangles")
        ->check(CLI::Range(0.0, 1.0));
    sub->add_option("--pixel-error", args->pixelError,
                    "switch each LOD in where its largest error covers this many pixels")
        ->capture_default_str()
        ->check(CLI::Range(0.01, 100.0));
    sub->add_option("--max-error", args->maxErrorPercent,
                    "stop simplifying before the error exceeds this % of the bounding-box diagonal")
        ->check(CLI::Range(0.0, 100.0));
    sub->add_option("--qc-name", args->options.qcName,
                    "how the QC's $body/$model names the reference (default: its file name "
                    "without extension)");
    sub->add_option("--weight-threshold", args->options.weights.dropThreshold,
                    "drop bone weights under this (as the compile does)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    sub->add_flag("--quiet", args->quiet, "print errors only");
    sub->callback([args, &context] { runLod(*args, context); });
}

} // namespace vtxc::cli
