// `vtxc tune`: strips one prepared model for every (vertCacheSize, bones-per-strip) pair and
// measures each, so users can pick hardware parameters; the Pareto front weighs cache quality
// against draw calls.
#pragma once

#include "compiler/compile.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

struct TuneOptions {
    std::vector<int> cacheSizes{12, 16, 20, 24, 28, 32};
    std::vector<int> bonesPerStrip{16, 24, 32, 53};
    bool cross = false; // also simulate each order at every other cache size
    // Called from worker threads after each combination (done, total); must be thread-safe.
    std::function<void(std::size_t, std::size_t)> progress;
};

struct TuneResult {
    int cacheSize = 0;
    int bonesPerStrip = 0;
    // LOD 0 of the dx90-style (hardware-skinned) strips.
    std::size_t triangles = 0, uniqueVertices = 0, storedVertices = 0, strips = 0,
                boneStateChanges = 0;
    double acmr = 0, atvr = 0;
    // With TuneOptions::cross: ACMR of this order at each of TuneOptions::cacheSizes.
    std::vector<double> crossAcmr;
};

struct TuneReport {
    std::vector<int> cacheSizes;
    std::vector<int> bonesPerStrip;
    std::vector<TuneResult> results; // cache size major, bones minor
    std::vector<std::size_t> pareto; // indices of results on the (ATVR, strips) Pareto front
};

std::optional<TuneReport> tuneModel(const ModelProject& project, const CompileOptions& base,
                                    const TuneOptions& options, DiagnosticSink& sink);

// For each Pareto-best result, why it is there (one line).
std::vector<std::string> paretoReasons(const TuneReport& report);

std::string tuneCsv(const TuneReport& report);
// Two panels: ACMR against cache size, one line per bones-per-strip; stored vertices and strips per
// bones-per-strip at the cache size nearest 24.
std::string tuneSvg(const TuneReport& report, const std::string& title);

} // namespace vtxc
