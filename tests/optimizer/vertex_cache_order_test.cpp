// Tests of the vertex-cache triangle order: a permutation of whole triangles (corners and winding
// kept), never worse than the input, better than a random order, deterministic, robust.
#include "optimizer/strips/fifo_cache.h"
#include "optimizer/strips/vertex_cache_order.h"
#include "testing/triangle_lists.h"

#include <algorithm>
#include <array>
#include <gtest/gtest.h>
#include <vector>

namespace vtxc {
namespace {

using test::gridTriangles;
using test::shuffledTriangles;
using test::sortedTriangles;

TEST(VertexCacheOrder, IsAPermutationOfWholeTriangles) {
    const std::vector<std::uint32_t> input = shuffledTriangles(gridTriangles(30, 30));
    const std::vector<std::uint32_t> ordered = orderForVertexCache(input, 31 * 31);
    ASSERT_EQ(ordered.size(), input.size());
    EXPECT_EQ(sortedTriangles(ordered), sortedTriangles(input));
}

TEST(VertexCacheOrder, BeatsARandomOrderClearly) {
    const std::vector<std::uint32_t> input = shuffledTriangles(gridTriangles(40, 40));
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
             {gridTriangles(20, 20), shuffledTriangles(gridTriangles(20, 20))}) {
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
    const std::vector<std::uint32_t> input = shuffledTriangles(gridTriangles(25, 25));
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
    const std::vector<std::uint32_t> input = shuffledTriangles(gridTriangles(60, 60));
    const std::size_t vertices = 61 * 61;
    CacheOrderOptions options;
    options.thoroughTriangleLimit = 100; // force the path that big meshes take
    const auto ordered = orderForVertexCache(input, vertices, options);
    EXPECT_EQ(sortedTriangles(ordered), sortedTriangles(input));
    EXPECT_LT(simulateFifoCache(ordered, vertices, 24).acmr(),
              0.8 * simulateFifoCache(input, vertices, 24).acmr());
}

TEST(VertexCacheOrder, EffortMattersOnlyPastTheThoroughLimit) {
    const std::vector<std::uint32_t> input = shuffledTriangles(gridTriangles(40, 40));
    const std::size_t vertices = 41 * 41;
    CacheOrderOptions fast, thorough;
    thorough.effort = CacheOrderEffort::Thorough;
    // Small: both run the whole search, so the orders are the same.
    EXPECT_EQ(orderForVertexCache(input, vertices, fast),
              orderForVertexCache(input, vertices, thorough));
    // Big: the thorough candidates include the fast ones, so it never misses more.
    fast.thoroughTriangleLimit = thorough.thoroughTriangleLimit = 500;
    const auto fastOrder = orderForVertexCache(input, vertices, fast);
    const auto thoroughOrder = orderForVertexCache(input, vertices, thorough);
    EXPECT_EQ(sortedTriangles(fastOrder), sortedTriangles(input));
    EXPECT_LE(simulateFifoCache(thoroughOrder, vertices, 24).misses,
              simulateFifoCache(fastOrder, vertices, 24).misses);
}

} // namespace
} // namespace vtxc
