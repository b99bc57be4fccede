// The JSON the tools write and read: bench run files (vtxc bench --save, read back by
// --baseline), vtxc stats --json and tune.json. The only place the tools produce JSON; the compile
// report's part comes from compile_json.h.
#pragma once

#include "tools/bench_run.h"
#include "tools/model_stats.h"
#include "tools/tune.h"

#include <optional>
#include <string>
#include <string_view>

namespace vtxc {

// {"models": {NAME: {"ok": true, "timeMs": t, "bytes": {"vvd": n, "dx90.vtx": n, ...},
// "variants": {"dx90": {"lods": [{"triangles", "acmr", "atvr", "storedVertices", "strips"}]}}}}}; a
// failed model is {"ok": false, "timeMs": t}. Keys in name order, indented by 2, final newline.
std::string benchRunJsonText(const BenchRun& run);

// A run saved by benchRunJsonText (or by an older vtxc): nothing when `text` is not JSON or has no
// "models" object. Entries of the wrong type are left out: a model without "ok": true counts as
// failed, a figure that is not a number as missing.
std::optional<BenchRun> parseBenchRun(std::string_view text);

// The compile report's JSON (compile_json.h) with, in each LOD, "lowerBound", "headroom": {"acmr",
// "atvr"} and "gpu": {"nvidia": {"acmr", "atvr"}, "amd": ..., "intel": ...}; plus "files": {NAME:
// bytes}. Indented by 2, final newline.
std::string modelStatsJsonText(const ModelStats& stats);

// {"cacheSizes", "bonesPerStrip", "lod": 0, "results": [{"vertCacheSize", "bonesPerStrip",
// "triangles", "uniqueVertices", "storedVertices", "strips", "boneStateChanges", "acmr", "atvr",
// "acmrAtCacheSize": {SIZE: acmr} (with --cross)}], "pareto": [{"vertCacheSize", "bonesPerStrip",
// "reason"}]}. Indented by 2, final newline.
std::string tuneJsonText(const TuneReport& report);

} // namespace vtxc
