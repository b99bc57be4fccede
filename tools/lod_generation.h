// `vtxc lod`: levels of detail generated from a reference SMD, written as SMDs (skeleton and bone
// weights kept) with a .qci of $lod blocks (replacemodel and switch points) that a QC includes.
#pragma once

#include "compiler/lods/auto_lods.h"
#include "formats/common/diagnostics.h"
#include "formats/common/file_io.h"
#include "formats/smd/smd.h"
#include "optimizer/bone_weights.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

struct LodGenerationOptions {
    std::vector<double> ratios{0.5, 0.25, 0.12}; // shares of the reference's triangles...
    std::vector<std::size_t> triangles;          // ...or triangle counts, when given
    std::optional<double> shadowRatio;           // a $shadowlod at this share, last
    AutoLodOptions lod;
    BoneWeightOptions weights; // reading the reference's weights (as the compile does)
    // How the QC names the reference in $body/$model (replacemodel's first argument); empty:
    // the reference's file name without extension.
    std::string qcName;
};

struct GeneratedLod {
    PlannedLod plan;
    std::size_t requestedTriangles = 0;
    float switchPoint = 0; // -1 for the shadow LOD
    std::string fileName;  // NAME_lodN.smd
};

struct GeneratedLods {
    std::string name; // the reference's file name without extension
    std::size_t referenceTriangles = 0;
    std::size_t referenceVertices = 0;
    std::vector<GeneratedLod> lods;
    std::vector<PendingFile> files; // the LOD SMDs and NAME_lods.qci, under the output folder
};

// The LODs of `reference` (an SMD with a triangles section), files laid out under `outDir`.
// LOD001 when it has no triangle to simplify; LOD002 (warning) for a LOD that stays above the
// count asked for.
std::optional<GeneratedLods> generateLods(const SmdFile& reference, const std::string& name,
                                          const std::filesystem::path& outDir,
                                          const LodGenerationOptions& options,
                                          DiagnosticSink& sink);

// Reads `referencePath`, generates and writes every file (all or none).
std::optional<GeneratedLods> writeLodFiles(const std::filesystem::path& referencePath,
                                           const std::filesystem::path& outDir,
                                           const LodGenerationOptions& options,
                                           DiagnosticSink& sink);

} // namespace vtxc
