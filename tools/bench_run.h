// `vtxc bench` as a library: finds the models in a folder, compiles each, records time and quality
// figures, and compares a run against a baseline run.
#pragma once

#include "compiler/compile.h"
#include "compiler/project/compile_options.h"
#include "formats/common/diagnostics.h"

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
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
// whose name has no `_lodN` suffix; `NAME_lodN.smd` beside `NAME.smd` is its LOD N. An SMD the
// reader refuses counts as a reference, so that its compile reports why. Reports BENCH001 when
// `dir` is not a folder. `excluded`: folders and files relative to `dir` ('/'-separated) that the
// walk passes over; one that names nothing there is reported (BENCH005).
std::vector<BenchModel> discoverBenchModels(const std::filesystem::path& dir, DiagnosticSink& sink,
                                            const std::vector<std::string>& excluded = {});

struct BenchRunOptions {
    CompileOptions compile;
    std::function<void(std::size_t done, std::size_t total)> progress; // after each model
};

// What a bench records of one LOD of one variant (the compile report's figures). A run read back
// from a file may lack a figure: nullopt.
struct BenchLodFigures {
    std::optional<double> triangles;
    std::optional<double> acmr;
    std::optional<double> atvr;
    std::optional<double> storedVertices;
    std::optional<double> strips;
    bool operator==(const BenchLodFigures&) const = default;
};

// The figures by name, in the order runs list and compare them. `count`: a whole number (written
// without decimals); `compared`: a quality figure, where higher is worse (triangles are recorded
// only).
struct BenchFigure {
    const char* name;
    std::optional<double> BenchLodFigures::*value;
    bool count;
    bool compared;
};
inline constexpr BenchFigure kBenchFigures[] = {
    {"triangles", &BenchLodFigures::triangles, true, false},
    {"acmr", &BenchLodFigures::acmr, false, true},
    {"atvr", &BenchLodFigures::atvr, false, true},
    {"storedVertices", &BenchLodFigures::storedVertices, true, true},
    {"strips", &BenchLodFigures::strips, true, true},
};

struct BenchModelResult {
    bool ok = false; // compiled; a failed model has a time only
    std::optional<double> timeMs;
    std::map<std::string, double> bytes; // file ("vvd", "dx90.vtx", ...) -> its size
    std::map<std::string, std::vector<BenchLodFigures>> variants; // "dx90" -> per LOD
    bool operator==(const BenchModelResult&) const = default;
};

// A bench run: every model by its BenchModel::name (maps keep name order, the order of the
// comparison and of the saved file).
struct BenchRun {
    std::map<std::string, BenchModelResult> models;
    bool operator==(const BenchRun&) const = default;
};

// Compiles each model in turn, timing it. A model that fails is recorded with ok false and its
// errors go to `sink` (the run goes on). tools_json.h saves a run and reads one back.
BenchRun runBench(const std::vector<BenchModel>& models, const BenchRunOptions& options,
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
BenchComparison compareBench(const BenchRun& baseline, const BenchRun& now,
                             double tolerancePercent);

} // namespace vtxc
