// `vtxc bench DIR [--save FILE.json] [--baseline FILE.json] [--tolerance PCT] [--threads N]
// [--quiet]`: compiles every model in DIR, records quality and time, and compares against a
// baseline run.
#include "cli/command.h"
#include "cli/model_arguments.h"
#include "cli/progress.h"
#include "formats/common/file_io.h"
#include "tools/bench_run.h"
#include "tools/tools_codes.h"
#include "tools/tools_json.h"

#include <cmath>
#include <cstdio>

namespace vtxc::cli {

namespace {
struct BenchArguments {
    std::string dir;
    std::string save;
    std::string baseline;
    std::vector<std::string> excluded;
    double tolerancePercent = 0.5;
    int threads = 0;
    CacheOrderEffort effort = CacheOrderEffort::Fast;
    bool quiet = false;
};

const char* kindName(BenchChange::Kind kind) {
    switch (kind) {
    case BenchChange::Kind::Improved:
        return "improved";
    case BenchChange::Kind::Regressed:
        return "REGRESSED";
    case BenchChange::Kind::WorseWithinTolerance:
        return "worse (within tolerance)";
    }
    return "";
}

// Counts (vertices, strips, bytes) as integers, ratios (ACMR, ATVR) with six decimals.
std::string number(double v, const std::string& figure) {
    char buffer[32];
    const bool ratio = figure == "acmr" || figure == "atvr";
    std::snprintf(buffer, sizeof buffer, ratio ? "%.6f" : "%.0f", v);
    return buffer;
}

std::string percent(double v) {
    if (std::isinf(v)) return "+inf%";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.2f%%", v);
    return buffer;
}

// dx90 LOD 0, or the first variant's when a model has no dx90 (--variants).
const BenchLodFigures* shownLod(const BenchModelResult& model) {
    auto variant = model.variants.find("dx90");
    if (variant == model.variants.end()) variant = model.variants.begin();
    if (variant == model.variants.end() || variant->second.empty()) return nullptr;
    return &variant->second.front();
}

void printRunSummary(const BenchRun& run) {
    std::printf("%-60s %10s %8s %8s %8s %7s %7s\n", "model", "time ms", "tris", "stored", "strips",
                "ACMR", "ATVR");
    for (const auto& [name, model] : run.models) {
        const double timeMs = model.timeMs.value_or(0);
        if (!model.ok) {
            std::printf("%-60s %10.1f  FAILED\n", name.c_str(), timeMs);
            continue;
        }
        const BenchLodFigures* lod0 = shownLod(model);
        if (!lod0) { // an animation library: an .mdl alone, no meshes to measure
            std::printf("%-60s %10.1f  (animations only)\n", name.c_str(), timeMs);
            continue;
        }
        std::printf("%-60s %10.1f %8.0f %8.0f %8.0f %7.3f %7.3f\n", name.c_str(), timeMs,
                    lod0->triangles.value_or(0), lod0->storedVertices.value_or(0),
                    lod0->strips.value_or(0), lod0->acmr.value_or(0), lod0->atvr.value_or(0));
    }
}

// Quiet: only what fails the run (regressions and missing models), so CI logs stay deterministic.
void printComparison(const BenchComparison& comparison, double tolerancePercent, bool quiet) {
    bool header = false;
    for (const BenchChange& c : comparison.changes) {
        if (quiet && c.kind != BenchChange::Kind::Regressed) continue;
        if (!header)
            std::printf("%-60s %-8s %-4s %-15s %14s %14s %9s  %s\n", "model", "variant", "LOD",
                        "figure", "baseline", "now", "change", "status");
        header = true;
        std::printf("%-60s %-8s %-4s %-15s %14s %14s %9s  %s\n", c.model.c_str(), c.variant.c_str(),
                    c.lod.c_str(), c.figure.c_str(), number(c.baseline, c.figure).c_str(),
                    c.now ? number(*c.now, c.figure).c_str() : "missing",
                    percent(c.changePercent).c_str(), kindName(c.kind));
    }
    for (const std::string& name : comparison.missingModels)
        std::printf("REGRESSED: %s is in the baseline but did not compile now\n", name.c_str());
    if (quiet) return;
    for (const std::string& name : comparison.newModels)
        std::printf("new model (not in the baseline): %s\n", name.c_str());
    if (!comparison.times.empty()) {
        std::printf("\n%-60s %12s %12s %9s  (time is reported, never a regression)\n", "model",
                    "baseline ms", "now ms", "change");
        for (const BenchTime& t : comparison.times)
            std::printf(
                "%-60s %12.1f %12.1f %9s\n", t.model.c_str(), t.baselineMs, t.nowMs,
                percent(t.baselineMs > 0 ? (t.nowMs - t.baselineMs) / t.baselineMs * 100.0 : 0)
                    .c_str());
    }
    std::printf("\n%s (tolerance %.2f%%)\n",
                comparison.regressed() ? "quality REGRESSED against the baseline"
                                       : "no quality regression",
                tolerancePercent);
}

std::optional<BenchRun> readBaseline(const std::string& path, DiagnosticSink& sink) {
    const auto bytes = readWholeFile(path, sink, kMaxJsonInputBytes);
    if (!bytes) return std::nullopt;
    const auto json = nlohmann::json::parse(bytes->begin(), bytes->end(), nullptr, false);
    if (json.is_discarded() || !json.is_object() || !json.contains("models")) {
        sink.report(kBenchCodes["BENCH002"], {path},
                    "not a bench run; make one with `vtxc bench DIR --save FILE.json`");
        return std::nullopt;
    }
    // A bench run with a key missing or of the wrong type: BENCH003 names it.
    if (!checkBenchRun(json, path, sink)) return std::nullopt;
    auto run = parseBenchRun(std::string_view(bytes->data(), bytes->size()));
    if (!run)
        sink.report(kBenchCodes["BENCH002"], {path},
                    "not a bench run; make one with `vtxc bench DIR --save FILE.json`");
    return run;
}

void runBenchCommand(const BenchArguments& args, CommandContext& context) {
    // Compile warnings are `vtxc compile`'s business; a bench shows errors only.
    StderrSink sink(/*quiet=*/true);
    std::optional<BenchRun> baseline;
    if (!args.baseline.empty() && !(baseline = readBaseline(args.baseline, sink))) {
        context.exitStatus = exitStatusOf(sink);
        return;
    }
    // Discovery's warnings (folder loops) are the bench's own business: shown unless --quiet.
    StderrSink discovery(args.quiet);
    const auto models = discoverBenchModels(args.dir, discovery, args.excluded);
    if (discovery.hasErrors()) {
        context.exitStatus = exitStatusOf(discovery);
        return;
    }
    ProgressBar bar("bench", args.quiet);
    BenchRunOptions options;
    options.compile.threads = args.threads;
    options.compile.cacheOrderEffort = args.effort;
    options.progress = [&bar](std::size_t done, std::size_t total) { bar.update(done, total); };
    const BenchRun run = runBench(models, options, sink);
    bar.update(models.size(), models.size());
    if (!args.save.empty()) {
        const std::string text = benchRunJsonText(run);
        writeFileAtomically(args.save, std::vector<std::uint8_t>(text.begin(), text.end()), sink);
    }
    if (!args.quiet) printRunSummary(run);
    if (baseline) {
        const BenchComparison comparison = compareBench(*baseline, run, args.tolerancePercent);
        if (!args.quiet) std::printf("\n");
        printComparison(comparison, args.tolerancePercent, args.quiet);
        if (comparison.regressed()) {
            context.exitStatus = static_cast<int>(ExitCode::QualityRegression);
            return;
        }
    }
    context.exitStatus = exitStatusOf(sink);
}
} // namespace

void addBenchCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<BenchArguments>();
    auto* sub =
        app.add_subcommand("bench", "Compile every model in a folder, record quality and time, and "
                                    "compare against a baseline (exit 5 on a quality regression)");
    sub->add_option("DIR", args->dir, "folder of models (QC files, or reference SMDs)")->required();
    sub->add_option("--save", args->save, "write this run as JSON");
    sub->add_option("--baseline", args->baseline, "a run saved with --save to compare against");
    sub->add_option("--exclude", args->excluded,
                    "a folder or QC under DIR (relative to it) to leave out; may be repeated");
    sub->add_option("--tolerance", args->tolerancePercent,
                    "allowed growth of a quality figure, percent")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1e6));
    sub->add_option("--threads", args->threads, "worker threads per compile (0: all cores)");
    addEffortOption(sub, args->effort);
    sub->add_flag("--quiet", args->quiet, "no progress; print only errors and regressions");
    sub->callback([args, &context] { runBenchCommand(*args, context); });
}

} // namespace vtxc::cli
