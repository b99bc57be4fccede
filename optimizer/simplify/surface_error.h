// How far a simplified mesh lies from the mesh it was made from: point-to-surface distances
// sampled both ways (reference -> LOD and LOD -> reference), mean and maximum. The measure of the
// LOD quality figures (see docs/lod.md); the maximum is a sampled two-sided Hausdorff distance.
#pragma once

#include "formats/common/vector_types.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace vtxc {

// Triangles (three indices each) over positions. Only geometry counts: duplicated positions (UV
// seams, material boundaries) need no welding, and attributes are not looked at.
struct SurfaceMesh {
    std::span<const Vec3> positions;
    std::span<const std::uint32_t> indices;
};

struct SurfaceErrorOptions {
    // Points sampled on each surface, spread by area (stratified, deterministic); every vertex
    // is measured as well (for the maximum).
    std::size_t samplesPerSurface = 60000;
};

struct SurfaceError {
    // Area-weighted mean distance, averaged over the two directions (model units).
    double mean = 0;
    // Largest distance found in either direction (model units).
    double max = 0;
    double meanReferenceToLod = 0, meanLodToReference = 0;
    double maxReferenceToLod = 0, maxLodToReference = 0;
    // Where the largest distance was found (a point of the reference or of the LOD surface).
    Vec3 worstPoint;
    // The reference's bounding-box diagonal: the percentages are relative to it.
    double diagonal = 0;

    double meanPercent() const { return diagonal > 0 ? 100.0 * mean / diagonal : 0.0; }
    double maxPercent() const { return diagonal > 0 ? 100.0 * max / diagonal : 0.0; }
};

// The distances between `reference` and `lod`. An empty `lod` with a non-empty reference has
// infinite error; two empty meshes have none. Deterministic, whatever the thread count.
SurfaceError measureSurfaceError(const SurfaceMesh& reference, const SurfaceMesh& lod,
                                 const SurfaceErrorOptions& options = {});

// The bounding-box diagonal of the vertices the triangles use (0 for no triangles).
double boundingDiagonal(const SurfaceMesh& mesh);

} // namespace vtxc
