// `vtxc bench` as a library: finds the models in a folder, compiles each, records time and quality
// figures as JSON, and compares a run against a baseline run (README, "vtxc bench").
#pragma once

#include "compiler/compile.h"
#include "compiler/compile_options.h"
#include "formats/common/diagnostics.h"

#include <cstddef>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// One model found in the bench folder: a QC, or a reference SMD with its `_lodN` SMDs.
struct BenchModel {
    std::string name;             // the source path relative to the bench folder, '/'-separated
    std::filesystem::path source; // the QC or the reference SMD
    bool fromQc = false;
    std::vector<LodArgument> lods; // SMD models: the `_lodN` files, switch point 10 * N
};

// Walks `dir` (recursively, in name order). A folder with .qc files gives one model per QC; a
// folder with SMDs but no QC gives one model per reference SMD (an SMD with a `triangles` section)
// whose name has no `_lodN` suffix; `NAME_lodN.smd` beside `NAME.smd` is its LOD N. Reports
// BENCH001 when `dir` is not a folder.
std::vector<BenchModel> discoverBenchModels(const std::filesystem::path& dir, DiagnosticSink& sink);

struct BenchRunOptions {
    CompileOptions compile;
    std::function<void(std::size_t done, std::size_t total)> progress; // after each model
};

// Compiles each model in turn. The JSON: {"models": {NAME: {"ok": true, "timeMs": t,
// "bytes": {"vvd": n, "dx90.vtx": n, ...}, "variants": {"dx90": {"lods": [{"triangles", "acmr",
// "atvr", "storedVertices", "strips"}]}}}}}; a model that fails is {"ok": false} and its errors go
// to `sink` (the run goes on).
nlohmann::json runBench(const std::vector<BenchModel>& models, const BenchRunOptions& options,
                        DiagnosticSink& sink);

// One figure that differs between the baseline and this run (or is missing now).
struct BenchChange {
    enum class Kind { Improved, Regressed, WorseWithinTolerance };
    std::string model;
    std::string variant; // "dx90", "dx80", "sw"; for bytes the file ("vvd", "dx90.vtx")
    std::string lod;     // "0", "1", ...; "-" for bytes
    std::string figure;  // acmr, atvr, storedVertices, strips, bytes
    double baseline = 0;
    std::optional<double> now; // nullopt: the figure is missing now (a regression)
    double changePercent = 0;  // (now - baseline) / baseline * 100; +inf from a zero baseline
    Kind kind = Kind::Improved;
};

struct BenchTime {
    std::string model;
    double baselineMs = 0;
    double nowMs = 0;
};

struct BenchComparison {
    std::vector<BenchChange> changes; // quality figures that changed, in model/variant/LOD order
    std::vector<std::string> missingModels; // in the baseline, not compiled now: regressions
    std::vector<std::string> newModels;     // compiled now, not in the baseline
    std::vector<BenchTime> times;           // reported, never a regression
    bool regressed() const;
};

// Higher is worse for every quality figure; a figure regresses when it grows by more than
// `tolerancePercent` of its baseline value.
BenchComparison compareBench(const nlohmann::json& baseline, const nlohmann::json& now,
                             double tolerancePercent);

} // namespace vtxc
