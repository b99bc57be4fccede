// Counting sort of the corners by vertex: two passes over the indices, no per-vertex allocation.
#include "optimizer/strips/triangle_adjacency.h"

namespace vtxc {

namespace {
// The corners of triangle t that are not repeats of an earlier corner of t.
template <typename F> void forEachDistinctCorner(const std::uint32_t* corners, F&& f) {
    f(corners[0]);
    if (corners[1] != corners[0]) f(corners[1]);
    if (corners[2] != corners[0] && corners[2] != corners[1]) f(corners[2]);
}
} // namespace

TriangleAdjacency::TriangleAdjacency(std::span<const std::uint32_t> indices,
                                     std::size_t vertexCount)
    : start_(vertexCount + 1, 0) {
    const std::size_t triangleCount = indices.size() / 3;
    for (std::size_t t = 0; t < triangleCount; ++t)
        forEachDistinctCorner(&indices[3 * t], [&](std::uint32_t v) { ++start_[v + 1]; });
    for (std::size_t v = 0; v < vertexCount; ++v)
        start_[v + 1] += start_[v];
    triangles_.resize(start_[vertexCount]);
    std::vector<std::uint32_t> fill(start_.begin(), start_.end() - 1);
    for (std::size_t t = 0; t < triangleCount; ++t)
        forEachDistinctCorner(&indices[3 * t], [&](std::uint32_t v) {
            triangles_[fill[v]++] = static_cast<std::uint32_t>(t);
        });
}

} // namespace vtxc
