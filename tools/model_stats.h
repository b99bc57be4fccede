// `vtxc stats`: quality figures of any compiled model (Valve's or vtxc's) per variant, LOD and
// mesh, beside the lower bound, meshoptimizer's unconstrained order and batch-GPU cache models.
#pragma once

#include "compiler/generated_lod_figures.h"
#include "compiler/quality_report.h"
#include "formats/common/diagnostics.h"
#include "formats/studio/model_files.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace vtxc {

struct StatsOptions {
    std::vector<std::size_t> extraCacheSizes; // simulated besides each header's vertCacheSize
};

struct AcmrAtvr {
    double acmr = 0;
    double atvr = 0;
};

// ACMR and ATVR under one GPU's cache model (meshopt_analyzeVertexCache).
struct GpuCacheFigures {
    std::string gpu; // "nvidia" (32/32/32), "amd" (14/64/128), "intel" (128/0/0)
    AcmrAtvr figures;
};

// Reference points for one LOD of one variant; ratios rounded as the report's are.
struct LodReferences {
    double lowerBound = 0; // unique vertices / triangles: the best ACMR any order reaches
    // The same triangles per mesh ordered by meshoptimizer with no bone limit, simulated at the
    // header's cache size (the better of its FIFO-aware and LRU-style orders per mesh).
    AcmrAtvr headroom;
    std::vector<GpuCacheFigures> gpu; // nvidia, amd, intel
};

struct FileSize {
    std::string name; // the file name, without its folder
    std::uintmax_t bytes = 0;
};

struct ModelStats {
    QualityReport quality; // the compile report's figures of every .vtx
    // Per variant of `quality` (same order), per LOD.
    std::vector<std::vector<LodReferences>> references;
    std::vector<FileSize> files; // the .mdl, .vvd and each .vtx that exist, in name order
    // The generated LODs' figures (surface errors, switch points) from the NAME.layout.json vtxc
    // wrote beside the model: the compiled files do not store them. Empty without one.
    std::vector<GeneratedLodFigures> generatedLods;
};

ModelStats modelStats(const ModelFilePaths& paths, const LoadedModel& model,
                      const StatsOptions& options);

// NAME.layout.json beside the model's files (NAME.vvd or NAME.dx90.vtx), if there is one.
std::filesystem::path layoutPathOf(const ModelFilePaths& paths);

// The generated LODs' figures of the layout.json beside the model. A layout that cannot be read
// (STATS002) or that another compile wrote (its checksum is not the model's, STATS003) gives
// none, with a warning.
std::vector<GeneratedLodFigures>
generatedLodsBeside(const ModelFilePaths& paths, const LoadedModel& model, DiagnosticSink& sink);

} // namespace vtxc
