// Tests of the vertex-cache triangle order: a permutation of whole triangles (corners and winding
// kept), never worse than the input, better than a random order, deterministic, robust.
#include "optimizer/fifo_cache.h"
#include "optimizer/vertex_cache_order.h"

#include <algorithm>
#include <array>
#include <gtest/gtest.h>
#include <vector>

namespace vtxc {
namespace {

std::vector<std::uint32_t> grid(std::uint32_t width, std::uint32_t height) {
    std::vector<std::uint32_t> indices;
    for (std::uint32_t y = 0; y < height; ++y)
        for (std::uint32_t x = 0; x < width; ++x) {
            const std::uint32_t a = y * (width + 1) + x, b = a + width + 1;
            indices.insert(indices.end(), {a, b, a + 1, a + 1, b, b + 1});
        }
    return indices;
}

// Triangles in a fixed pseudo-random order (a small LCG, identical on every platform).
std::vector<std::uint32_t> shuffledTriangles(std::vector<std::uint32_t> indices) {
    std::uint64_t state = 12345;
    for (std::size_t t = indices.size() / 3; t > 1; --t) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const std::size_t other = (state >> 33) % t;
        std::swap_ranges(indices.begin() + 3 * (t - 1), indices.begin() + 3 * t,
                         indices.begin() + 3 * other);
    }
    return indices;
}

std::vector<std::array<std::uint32_t, 3>>
sortedTriangles(const std::vector<std::uint32_t>& indices) {
    std::vector<std::array<std::uint32_t, 3>> triangles;
    for (std::size_t i = 0; i + 2 < indices.size(); i += 3)
        triangles.push_back({indices[i], indices[i + 1], indices[i + 2]});
    std::sort(triangles.begin(), triangles.end());
    return triangles;
}

TEST(VertexCacheOrder, IsAPermutationOfWholeTriangles) {
    const std::vector<std::uint32_t> input = shuffledTriangles(grid(30, 30));
    const std::vector<std::uint32_t> ordered = orderForVertexCache(input, 31 * 31);
    ASSERT_EQ(ordered.size(), input.size());
    EXPECT_EQ(sortedTriangles(ordered), sortedTriangles(input));
}

TEST(VertexCacheOrder, BeatsARandomOrderClearly) {
    const std::vector<std::uint32_t> input = shuffledTriangles(grid(40, 40));
    const std::size_t vertices = 41 * 41;
    const CacheFigures before = simulateFifoCache(input, vertices, 24);
    const CacheFigures after =
        simulateFifoCache(orderForVertexCache(input, vertices), vertices, 24);
    EXPECT_LT(after.acmr(), 0.8 * before.acmr());
    EXPECT_LT(after.acmr(), 0.75); // a regular grid at FIFO 24 reaches about 0.6-0.7
}

TEST(VertexCacheOrder, NeverWorseThanTheInput) {
    const std::size_t vertices = 21 * 21;
    for (std::size_t cacheSize : {3u, 4u, 8u, 16u, 24u, 32u, 512u}) {
        for (const std::vector<std::uint32_t>& input :
             {grid(20, 20), shuffledTriangles(grid(20, 20))}) {
            CacheOrderOptions options;
            options.cacheSize = cacheSize;
            const auto ordered = orderForVertexCache(input, vertices, options);
            EXPECT_LE(simulateFifoCache(ordered, vertices, cacheSize).misses,
                      simulateFifoCache(input, vertices, cacheSize).misses)
                << "cache " << cacheSize;
        }
    }
}

TEST(VertexCacheOrder, IsDeterministic) {
    const std::vector<std::uint32_t> input = shuffledTriangles(grid(25, 25));
    EXPECT_EQ(orderForVertexCache(input, 26 * 26), orderForVertexCache(input, 26 * 26));
}

TEST(VertexCacheOrder, SmallAndOddInputsAreReturnedSafely) {
    EXPECT_TRUE(orderForVertexCache({}, 0).empty());
    const std::vector<std::uint32_t> one{2, 0, 1};
    EXPECT_EQ(orderForVertexCache(one, 3), one);
    // A trailing partial triangle is dropped.
    const std::vector<std::uint32_t> partial{0, 1, 2, 2, 1, 3, 4};
    EXPECT_EQ(orderForVertexCache(partial, 5).size(), 6u);
    // Indices out of range: the input comes back unchanged rather than being read out of bounds.
    const std::vector<std::uint32_t> bad{0, 1, 2, 2, 1, 9};
    EXPECT_EQ(orderForVertexCache(bad, 4), bad);
    // Repeated corners (degenerate triangles) are allowed.
    const std::vector<std::uint32_t> degenerate{0, 0, 1, 1, 2, 2, 0, 1, 2, 3, 3, 3};
    EXPECT_EQ(sortedTriangles(orderForVertexCache(degenerate, 4)), sortedTriangles(degenerate));
}

TEST(VertexCacheOrder, LargeMeshesUseTheFastPathAndStillImprove) {
    const std::vector<std::uint32_t> input = shuffledTriangles(grid(60, 60));
    const std::size_t vertices = 61 * 61;
    CacheOrderOptions options;
    options.thoroughTriangleLimit = 100; // force the path that big meshes take
    const auto ordered = orderForVertexCache(input, vertices, options);
    EXPECT_EQ(sortedTriangles(ordered), sortedTriangles(input));
    EXPECT_LT(simulateFifoCache(ordered, vertices, 24).acmr(),
              0.8 * simulateFifoCache(input, vertices, 24).acmr());
}

} // namespace
} // namespace vtxc
