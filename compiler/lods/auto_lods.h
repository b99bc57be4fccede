// Levels of detail made from LOD 0 by the simplifier (optimizer/simplify/simplify.h): triangle
// targets, each LOD's measured surface error against LOD 0, and the $lod switch point that error
// calls for (docs/lod.md). Shared by `vtxc lod` (SMD files out) and `vtxc compile --auto-lods`.
#pragma once

#include "compiler/project/model_project.h"
#include "formats/common/diagnostics.h"
#include "formats/smd/smd.h"
#include "optimizer/bone_weights.h"
#include "optimizer/mesh_types.h"
#include "optimizer/simplify/simplify.h"
#include "optimizer/simplify/surface_error.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vtxc {

// One model's LOD 0: welded vertices, triangles, a material per triangle.
struct LodSource {
    std::vector<ModelVertex> vertices;
    std::vector<std::uint32_t> indices;
    std::vector<std::uint32_t> materials;
};

struct LodTarget {
    std::size_t triangles = 0;
    bool shadow = false; // a $shadowlod: drawn only into shadows, switch point -1
};

struct AutoLodOptions {
    SimplifyOptions simplify; // everything but the target, which each LodTarget gives
    // A LOD switches in once its largest error covers at most this many pixels on screen.
    double pixelError = 1.0;
    SurfaceErrorOptions measure;
};

struct PlannedLod {
    SimplifiedMesh mesh;
    SurfaceError error; // against LOD 0, in model units (and % of LOD 0's diagonal)
    bool shadow = false;
    double seconds = 0; // time to simplify and measure (for printing; not in any output file)
};

// Each target simplified from LOD 0 (independently and in parallel; the result does not depend
// on the thread count) and measured against it.
std::vector<PlannedLod> planLods(const LodSource& lod0, std::span<const LodTarget> targets,
                                 const AutoLodOptions& options);

// Targets at these shares of `triangles` (each at least one triangle), then the shadow LOD.
std::vector<LodTarget> targetsFromRatios(std::size_t triangles, std::span<const double> ratios,
                                         std::optional<double> shadowRatio);

// `count` LODs, each with half the triangles of the one before: 1/2, 1/4, ...
std::vector<double> halvingRatios(int count);

// The $lod threshold at which a LOD whose largest distance from LOD 0 is `maxError` model units
// can be drawn: Source's LOD metric is 100 / (width in pixels of a sphere one unit across), so the
// metric reaches 100 * maxError / pixelError where maxError covers pixelError pixels.
float switchPointForError(double maxError, double pixelError);

// Switch points for LODs in order: each from its error, and never below the one before (the
// engine takes the last LOD whose switch point the metric has passed).
std::vector<float> switchPoints(std::span<const double> maxErrors, double pixelError);

// One model's LOD 0 from an SMD: triangles of null materials left out (as the compile does),
// corners welded, weights capped; materials are SMD material indices.
LodSource lodSourceFromSmd(const SmdFile& smd, const BoneWeightOptions& weights);

// The LOD mesh as an SMD with the reference's skeleton and materials.
SmdFile lodSmd(const SmdFile& reference, const SimplifiedMesh& mesh);

// ---- `vtxc compile --auto-lods` ----

struct AutoLodRequest {
    int count = 0;                     // LODs after LOD 0, each with half the triangles before
    std::optional<double> shadowRatio; // and a shadow LOD at this share of LOD 0's triangles
    AutoLodOptions lod;
    BoneWeightOptions weights; // reading LOD 0's weights (as the compile does)
};

// Gives a project without $lod `request.count` generated LODs (and a shadow LOD): each model's
// LOD 0 SMD is read and simplified, the LOD SMDs kept in `project.generatedSmds` under names
// that are not files, their figures in `project.generatedLodFigures`. Switch points from the
// largest error over the models. A project that has LODs already is left alone (LOD003, a
// warning). False when LOD 0 cannot be read.
bool addAutoLods(ModelProject& project, const AutoLodRequest& request, DiagnosticSink& sink);

} // namespace vtxc
