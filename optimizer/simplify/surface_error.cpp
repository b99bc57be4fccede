// Point-to-surface error between two meshes: stratified area-weighted samples on each surface
// plus its vertices, each measured against the other surface through a box hierarchy.
// The usual Metro-style measure of simplification quality (Cignoni, Rocchini and Scopigno,
// "Metro: measuring error on simplified surfaces", 1998).
#include "optimizer/simplify/surface_error.h"

#include "optimizer/simplify/triangle_bvh.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tbb/parallel_for.h>
#include <vector>

namespace vtxc {

namespace {

struct DirectedError {
    double mean = 0;
    double max = 0;
    Point3d worst;
};

double triangleArea(const Point3d& a, const Point3d& b, const Point3d& c) {
    const double ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z;
    const double vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
    const double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
    return 0.5 * std::sqrt(cx * cx + cy * cy + cz * cz);
}

std::size_t triangleCount(const SurfaceMesh& mesh) {
    return mesh.indices.size() / 3;
}

Point3d corner(const SurfaceMesh& mesh, std::size_t triangle, std::size_t k) {
    const std::uint32_t index = mesh.indices[3 * triangle + k];
    return index < mesh.positions.size() ? toPoint3d(mesh.positions[index]) : Point3d{};
}

// Sample k of n on the surface: the triangle where the k-th stratum of the cumulative area falls,
// and a point in it from the R2 low-discrepancy sequence (Roberts 2018), folded into the triangle.
Point3d samplePoint(const SurfaceMesh& mesh, const std::vector<double>& cumulative, std::size_t k,
                    std::size_t n) {
    const double total = cumulative.back();
    const double target = (static_cast<double>(k) + 0.5) / static_cast<double>(n) * total;
    const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), target);
    const std::size_t t = std::min<std::size_t>(static_cast<std::size_t>(it - cumulative.begin()),
                                                cumulative.size() - 1);
    constexpr double a1 = 0.7548776662466927, a2 = 0.5698402909980532;
    double r1 = std::fmod(0.5 + a1 * static_cast<double>(k), 1.0);
    double r2 = std::fmod(0.5 + a2 * static_cast<double>(k), 1.0);
    if (r1 + r2 > 1.0) {
        r1 = 1.0 - r1;
        r2 = 1.0 - r2;
    }
    const Point3d a = corner(mesh, t, 0), b = corner(mesh, t, 1), c = corner(mesh, t, 2);
    return {a.x + r1 * (b.x - a.x) + r2 * (c.x - a.x), a.y + r1 * (b.y - a.y) + r2 * (c.y - a.y),
            a.z + r1 * (b.z - a.z) + r2 * (c.z - a.z)};
}

// Distances from `from`'s surface to `to`'s: area-weighted mean over the samples, maximum over
// samples and vertices. Chunks are summed in order so the result never depends on the threads.
DirectedError directedError(const SurfaceMesh& from, const TriangleBvh& to, std::size_t samples) {
    const std::size_t triangles = triangleCount(from);
    std::vector<double> cumulative(triangles);
    double total = 0;
    for (std::size_t t = 0; t < triangles; ++t) {
        total += triangleArea(corner(from, t, 0), corner(from, t, 1), corner(from, t, 2));
        cumulative[t] = total;
    }
    std::vector<std::uint32_t> vertices(from.indices.begin(), from.indices.end());
    std::sort(vertices.begin(), vertices.end());
    vertices.erase(std::unique(vertices.begin(), vertices.end()), vertices.end());
    const std::size_t sampleCount = total > 0 ? samples : 0;
    const std::size_t work = sampleCount + vertices.size();
    constexpr std::size_t kChunk = 1024;
    const std::size_t chunks = (work + kChunk - 1) / kChunk;
    std::vector<double> sums(chunks, 0.0), maxima(chunks, 0.0);
    std::vector<Point3d> worst(chunks);
    tbb::parallel_for(std::size_t(0), chunks, [&](std::size_t chunk) {
        double sum = 0, max = -1;
        for (std::size_t i = chunk * kChunk; i < std::min(work, (chunk + 1) * kChunk); ++i) {
            const bool isSample = i < sampleCount;
            const Point3d p = isSample ? samplePoint(from, cumulative, i, sampleCount)
                                       : (vertices[i - sampleCount] < from.positions.size()
                                              ? toPoint3d(from.positions[vertices[i - sampleCount]])
                                              : Point3d{});
            const double d = std::sqrt(to.nearest(p).distanceSquared);
            if (isSample) sum += d;
            if (d > max) {
                max = d;
                worst[chunk] = p;
            }
        }
        sums[chunk] = sum;
        maxima[chunk] = max;
    });
    DirectedError error;
    double sum = 0;
    for (std::size_t chunk = 0; chunk < chunks; ++chunk) {
        sum += sums[chunk];
        if (maxima[chunk] > error.max) {
            error.max = maxima[chunk];
            error.worst = worst[chunk];
        }
    }
    error.mean = sampleCount > 0 ? sum / static_cast<double>(sampleCount) : error.max;
    return error;
}

} // namespace

double boundingDiagonal(const SurfaceMesh& mesh) {
    if (mesh.indices.empty()) return 0;
    constexpr double inf = std::numeric_limits<double>::infinity();
    Point3d lo{inf, inf, inf}, hi{-inf, -inf, -inf};
    for (std::uint32_t index : mesh.indices) {
        if (index >= mesh.positions.size()) continue;
        const Point3d p = toPoint3d(mesh.positions[index]);
        lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
        hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    }
    if (lo.x > hi.x) return 0;
    const double dx = hi.x - lo.x, dy = hi.y - lo.y, dz = hi.z - lo.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

SurfaceError measureSurfaceError(const SurfaceMesh& reference, const SurfaceMesh& lod,
                                 const SurfaceErrorOptions& options) {
    SurfaceError error;
    error.diagonal = boundingDiagonal(reference);
    const bool referenceEmpty = triangleCount(reference) == 0;
    const bool lodEmpty = triangleCount(lod) == 0;
    if (referenceEmpty && lodEmpty) return error;
    if (referenceEmpty || lodEmpty) {
        constexpr double inf = std::numeric_limits<double>::infinity();
        error.mean = error.max = inf;
        error.meanReferenceToLod = error.meanLodToReference = inf;
        error.maxReferenceToLod = error.maxLodToReference = inf;
        return error;
    }
    const TriangleBvh referenceTree(reference.positions, reference.indices);
    const TriangleBvh lodTree(lod.positions, lod.indices);
    const DirectedError forward = directedError(reference, lodTree, options.samplesPerSurface);
    const DirectedError backward = directedError(lod, referenceTree, options.samplesPerSurface);
    error.meanReferenceToLod = forward.mean;
    error.meanLodToReference = backward.mean;
    error.maxReferenceToLod = forward.max;
    error.maxLodToReference = backward.max;
    error.mean = 0.5 * (forward.mean + backward.mean);
    error.max = std::max(forward.max, backward.max);
    const Point3d& worst = forward.max >= backward.max ? forward.worst : backward.worst;
    error.worstPoint = {static_cast<float>(worst.x), static_cast<float>(worst.y),
                        static_cast<float>(worst.z)};
    return error;
}

} // namespace vtxc
