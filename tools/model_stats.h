// `vtxc stats`: quality figures of any compiled model (Valve's or vtxc's) per variant, LOD and
// mesh, beside the lower bound, meshoptimizer's unconstrained order and batch-GPU cache models.
#pragma once

#include "formats/studio/model_files.h"

#include <nlohmann/json.hpp>
#include <vector>

namespace vtxc {

struct StatsOptions {
    std::vector<std::size_t> extraCacheSizes; // simulated besides each header's vertCacheSize
};

// The quality JSON of compiler/quality_report.h for every .vtx of the model, each LOD also with
// "lowerBound" (unique vertices / triangles: the best ACMR any order reaches), "headroom" (ACMR and
// ATVR of the same triangles per mesh ordered by meshoptimizer with no bone limit, at the header's
// cache size) and "gpu" (meshopt_analyzeVertexCache for NVIDIA 32/32/32, AMD 14/64/128, Intel
// 128/0/0); plus "files" with the bytes of each file, and "autoLods" (the generated LODs' errors
// and switch points) when NAME.layout.json beside the .vvd records them.
nlohmann::json modelStatsJson(const ModelFilePaths& paths, const LoadedModel& model,
                              const StatsOptions& options);

} // namespace vtxc
