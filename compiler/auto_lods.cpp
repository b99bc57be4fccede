// Planning levels of detail: targets, simplification from LOD 0, error and switch points.
#include "compiler/auto_lods.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <tbb/parallel_for.h>

namespace vtxc {

std::vector<PlannedLod> planLods(const LodSource& lod0, std::span<const LodTarget> targets,
                                 const AutoLodOptions& options) {
    std::vector<PlannedLod> lods(targets.size());
    std::vector<Vec3> positions;
    positions.reserve(lod0.vertices.size());
    for (const ModelVertex& v : lod0.vertices)
        positions.push_back(v.position);
    tbb::parallel_for(std::size_t(0), targets.size(), [&](std::size_t i) {
        const auto start = std::chrono::steady_clock::now();
        SimplifyOptions simplify = options.simplify;
        simplify.targetTriangles = std::max<std::size_t>(1, targets[i].triangles);
        PlannedLod& lod = lods[i];
        lod.mesh = simplifyMesh({lod0.vertices, lod0.indices, lod0.materials}, simplify);
        lod.shadow = targets[i].shadow;
        std::vector<Vec3> simplified;
        simplified.reserve(lod.mesh.vertices.size());
        for (const ModelVertex& v : lod.mesh.vertices)
            simplified.push_back(v.position);
        lod.error = measureSurfaceError({positions, lod0.indices}, {simplified, lod.mesh.indices},
                                        options.measure);
        lod.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    });
    return lods;
}

std::vector<LodTarget> targetsFromRatios(std::size_t triangles, std::span<const double> ratios,
                                         std::optional<double> shadowRatio) {
    auto count = [triangles](double ratio) {
        const double clamped = std::clamp(ratio, 0.0, 1.0);
        return std::max<std::size_t>(
            1, static_cast<std::size_t>(std::llround(clamped * static_cast<double>(triangles))));
    };
    std::vector<LodTarget> targets;
    for (double ratio : ratios)
        targets.push_back({count(ratio), false});
    if (shadowRatio) targets.push_back({count(*shadowRatio), true});
    return targets;
}

std::vector<double> halvingRatios(int count) {
    std::vector<double> ratios;
    double ratio = 1.0;
    for (int i = 0; i < count; ++i)
        ratios.push_back(ratio *= 0.5);
    return ratios;
}

float switchPointForError(double maxError, double pixelError) {
    if (!(pixelError > 0) || !std::isfinite(maxError)) return 0;
    // Rounded up to a hundredth, so a switch point written as text reads back no earlier.
    return static_cast<float>(std::ceil(100.0 * 100.0 * std::max(0.0, maxError) / pixelError) /
                              100.0);
}

std::vector<float> switchPoints(std::span<const double> maxErrors, double pixelError) {
    std::vector<float> points;
    float previous = 0;
    for (double error : maxErrors) {
        previous = std::max(previous, switchPointForError(error, pixelError));
        points.push_back(previous);
    }
    return points;
}

} // namespace vtxc
