// `vtxc stats`: quality figures of any compiled model (Valve's or vtxc's) per variant, LOD and
// mesh, beside the lower bound, meshoptimizer's unconstrained order and batch-GPU cache models.
#pragma once

#include "compiler/meshes/quality_report.h"
#include "compiler/project/generated_lod_figures.h"
#include "formats/common/diagnostics.h"
#include "formats/phy/phy.h"
#include "formats/studio/model_files.h"

#include <cstdint>
#include <filesystem>
#include <optional>
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

// The collision model (.phy) beside a compiled model, for `vtxc stats`.
//
// The reference volume is the convex hull of the render mesh's LOD-0 vertices (the .vvd, bind
// pose, model space), not the render mesh's own volume: a render mesh need not be closed, so its
// enclosed volume is not defined. For a ragdoll the solids are each in their bone's space and
// overlap at the joints, so the ratio is a rough figure there.
//
// "Costly" (a warning line): a solid of more than kCostlyPiecesPerSolid convex pieces (studiomdl's
// later $maxconvexpieces default: a mesh past it is one that studiomdl would have collapsed), a
// solid of more than kCostlyPointsPerSolid hull points (the engine tests collisions against every
// piece's faces: a solid this detailed costs more than the render mesh of a typical prop), or a
// jointed model with more solids than the engine loads as a ragdoll (kRagdollSolidLimit, 24).
inline constexpr std::size_t kCostlyPiecesPerSolid = 40;
inline constexpr std::size_t kCostlyPointsPerSolid = 1000;

struct CollisionSolidStats {
    std::string name; // the "solid" block's name; empty when there is no block
    std::size_t pieces = 0;
    std::size_t points = 0; // hull points over its pieces (a point shared by two pieces: twice)
    double volume = 0;      // cubic inches, the pieces' volumes added
    double mass = 0;        // the "solid" block's mass (kg); 0 when there is none
};

struct CollisionStats {
    std::string file; // the .phy's name, without its folder
    bool jointed = false;
    std::vector<CollisionSolidStats> solids;
    std::size_t pieces = 0;
    std::size_t minPointsPerPiece = 0, maxPointsPerPiece = 0, totalPoints = 0;
    double hullVolume = 0;      // cubic inches: every piece's volume added
    double referenceVolume = 0; // cubic inches: convex hull of the LOD-0 render vertices; 0: none
    double totalMass = 0;       // editparams totalmass, else the solids' masses added
    std::vector<std::string> costly; // why the model is costly; empty when it is not
};

// The figures of `phy`, with the render mesh's vertices of `vvd` (null: no reference volume).
CollisionStats collisionStats(const PhyFile& phy, const VvdFile* vvd);

struct ModelStats {
    QualityReport quality; // the compile report's figures of every .vtx
    // Per variant of `quality` (same order), per LOD.
    std::vector<std::vector<LodReferences>> references;
    std::vector<FileSize> files; // the .mdl, .vvd and each .vtx that exist, in name order
    // The generated LODs' figures (surface errors, switch points) from the NAME.layout.json vtxc
    // wrote beside the model: the compiled files do not store them. Empty without one.
    std::vector<GeneratedLodFigures> generatedLods;
    // The collision model of the .phy beside the model (collisionStatsBeside), if there is one.
    std::optional<CollisionStats> collision;
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

// The collision figures of NAME.phy beside the model (found as findModelPhy finds it), if there
// is one. A .phy that cannot be read gives none, with a warning (STATS004).
std::optional<CollisionStats> collisionStatsBeside(const ModelFilePaths& paths,
                                                   const LoadedModel& model, DiagnosticSink& sink);

} // namespace vtxc
