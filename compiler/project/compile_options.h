// Options of a compile: the hardware parameters of each .vtx variant and the mesh tolerances.
// Defaults are studiomdl's (studiomdl_defaults.h; weight cut-off 0.05).
#pragma once

#include "formats/keyvalues/surface_properties.h"
#include "formats/studio/studiomdl_defaults.h"
#include "optimizer/strips/vertex_cache_order.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// What to do when $concave finds more islands than $maxconvexpieces.
enum class CollisionPieceStrategy {
    SingleHull, // studiomdl: one hull around everything (the default: Valve's output)
    Merge,      // join islands, least added volume first, into the allowed number of hulls
};

enum class VtxVariant { Dx90, Dx80, Sw };

// "dx90", "dx80", "sw": also the middle part of the file name (NAME.dx90.vtx).
const char* variantName(VtxVariant variant);
std::optional<VtxVariant> parseVariantName(const std::string& name);

// The hardware parameters a .vtx header records and its strips obey.
struct HardwareParameters {
    int vertCacheSize = kStudiomdlVertCacheSize;
    int maxBonesPerStrip = kStudiomdlMaxBonesPerStrip;
    int maxBonesPerTri = kStudiomdlMaxBonesPerTri;
    int maxBonesPerVert = kStudiomdlMaxBonesPerVert;
    bool hardwareSkinned =
        true; // dx90/dx80: bone state changes and hardware slots; sw: model bones
};

struct CompileOptions {
    int vertCacheSize = kStudiomdlVertCacheSize;            // dx90 and dx80
    int bonesPerStrip = kStudiomdlMaxBonesPerStrip;         // dx90
    int dx80BonesPerStrip = kStudiomdlDx80MaxBonesPerStrip; // dx80
    int swVertCacheSize = kStudiomdlSwVertCacheSize;        // sw
    int swBonesPerStrip = kStudiomdlSwMaxBonesPerStrip;
    std::vector<VtxVariant> variants{VtxVariant::Dx90, VtxVariant::Dx80, VtxVariant::Sw};
    float weightThreshold = 0.05f;   // bone weights under this are dropped (one always stays)
    float normalAngleDegrees = 2.0f; // corners weld when their normals are within this angle
    // A LOD vertex reuses a vertex of an earlier LOD within these (model units; UV units;
    // degrees); a vertex that a LOD after LOD 0 added also needs the same tangent frame
    // (docs/formats.md, "LOD vertex sharing": studiomdl's rule, measured on the corpus).
    float lodPositionTolerance = 0.01f;
    float lodUvTolerance = 0.001f;
    float lodNormalAngleDegrees = 10.0f;
    float lodTangentAngleDegrees = 10.0f;
    std::optional<std::int32_t> checksum; // default: derived from the output content
    int threads = 0;                      // 0: as many as the machine has
    CacheOrderEffort cacheOrderEffort = CacheOrderEffort::Fast;
    // Called from worker threads as strip building advances (done, total); must be thread-safe.
    std::function<void(std::size_t, std::size_t)> progress;
    // The collision model (.phy): what $concave does past $maxconvexpieces, and the game's
    // surface properties for $automass (none: the default density, with a warning).
    CollisionPieceStrategy collisionPieces = CollisionPieceStrategy::SingleHull;
    std::shared_ptr<const SurfaceProperties> surfaceProperties;

    HardwareParameters parametersFor(VtxVariant variant) const;
};

} // namespace vtxc
