// Tests of the shared FIFO state, the scratch FIFO, the vertex-to-triangle adjacency and the
// greedy order's contract (its miss count is the FIFO model's, and a hopeless run stops).
#include "optimizer/strips/fifo_cache.h"
#include "optimizer/strips/fifo_greedy_order.h"
#include "optimizer/strips/fifo_state.h"
#include "optimizer/strips/forward_pull_search.h"
#include "optimizer/strips/triangle_adjacency.h"
#include "optimizer/strips/window_regreedy.h"
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

TEST(FifoState, AVertexLeavesAfterSizePushesAndAHitDoesNotRefreshIt) {
    FifoState fifo(10, 3);
    EXPECT_TRUE(fifo.touch(0));
    EXPECT_TRUE(fifo.touch(1));
    EXPECT_FALSE(fifo.touch(0)); // hit: 0 keeps its place as the oldest
    EXPECT_EQ(fifo.evictedBy(fifo.pushes() + 1), FifoState::kNone); // one free entry
    EXPECT_TRUE(fifo.touch(2));
    EXPECT_EQ(fifo.evictedBy(fifo.pushes() + 1), 0u);
    EXPECT_EQ(fifo.evictedBy(fifo.pushes() + 2), 1u);
    EXPECT_TRUE(fifo.touch(3)); // evicts 0
    EXPECT_FALSE(fifo.contains(0));
    EXPECT_TRUE(fifo.contains(1) && fifo.contains(2) && fifo.contains(3));
    std::vector<std::uint32_t> oldestFirst;
    fifo.cachedOldestFirst(oldestFirst);
    EXPECT_EQ(oldestFirst, (std::vector<std::uint32_t>{1, 2, 3}));
    // A vertex pushed again is evicted by the later push only.
    EXPECT_TRUE(fifo.touch(0));
    EXPECT_EQ(fifo.evictedBy(fifo.pushes() + 1), 2u);
}

TEST(FifoScratch, CountsFromAStateAndStopsPastTheLimit) {
    FifoState fifo(10, 4);
    for (std::uint32_t v : {0u, 1u, 2u, 3u})
        fifo.touch(v);
    FifoScratch scratch(10, 4);
    scratch.start(fifo);
    const std::vector<std::uint32_t> run{0, 1, 4, 5, 0};
    EXPECT_TRUE(scratch.run(run));
    EXPECT_EQ(scratch.misses(), 3u); // 4, 5, then 0 (pushed out by 4 and 5)
    scratch.start(fifo);
    scratch.resetCount();
    EXPECT_FALSE(scratch.run(run, 1));
    // The state itself is untouched.
    EXPECT_TRUE(fifo.contains(0));
    EXPECT_EQ(fifo.pushes(), 4u);
}

TEST(TriangleAdjacency, ListsEachTriangleOncePerDistinctCornerInOrder) {
    const std::vector<std::uint32_t> indices{0, 1, 2, 2, 1, 3, 3, 3, 0};
    const TriangleAdjacency adjacency(indices, 5);
    EXPECT_EQ(std::vector<std::uint32_t>(adjacency.trianglesOf(0).begin(),
                                         adjacency.trianglesOf(0).end()),
              (std::vector<std::uint32_t>{0, 2}));
    EXPECT_EQ(adjacency.trianglesOf(3).size(), 2u); // triangle 2 lists 3 twice, counted once
    EXPECT_TRUE(adjacency.trianglesOf(4).empty());
    EXPECT_EQ(adjacency.triangles().size(), 8u);
}

TEST(GreedyFifoOrder, CountsTheMissesTheFifoModelCounts) {
    const std::vector<std::uint32_t> indices = gridTriangles(20, 20);
    const TriangleAdjacency adjacency(indices, 21 * 21);
    for (std::size_t cacheSize : {3u, 12u, 24u}) {
        GreedyRun run;
        run.cacheSize = cacheSize;
        const auto order = greedyFifoOrder(indices, adjacency, run);
        ASSERT_TRUE(order.has_value());
        EXPECT_EQ(sortedTriangles(order->indices), sortedTriangles(indices));
        EXPECT_EQ(order->misses, simulateFifoCache(order->indices, 21 * 21, cacheSize).misses);
    }
}

TEST(GreedyFifoOrder, StopsWhenItCannotMissFewerThanTheLimit) {
    const std::vector<std::uint32_t> indices = gridTriangles(10, 10);
    const TriangleAdjacency adjacency(indices, 11 * 11);
    GreedyRun run;
    const std::size_t misses = greedyFifoOrder(indices, adjacency, run)->misses;
    run.missLimit = misses + 1;
    EXPECT_TRUE(greedyFifoOrder(indices, adjacency, run).has_value());
    run.missLimit = misses;
    EXPECT_FALSE(greedyFifoOrder(indices, adjacency, run).has_value());
    run.missLimit = 11 * 11; // every vertex misses at least once: hopeless from the start
    EXPECT_FALSE(greedyFifoOrder(indices, adjacency, run).has_value());
}

TEST(LocalSearches, KeepWholeTrianglesAndImproveAShuffledOrder) {
    const std::vector<std::uint32_t> input = shuffledTriangles(gridTriangles(30, 8));
    const std::size_t vertices = 31 * 9;
    std::vector<std::uint32_t> pulled = input;
    forwardPullSearch(pulled, vertices, {8, 16, 32});
    EXPECT_EQ(sortedTriangles(pulled), sortedTriangles(input));
    EXPECT_LT(simulateFifoCache(pulled, vertices, 8).misses,
              simulateFifoCache(input, vertices, 8).misses);
    std::vector<std::uint32_t> windows = input;
    const GreedyWeights settings[] = {{1.0, 1.0, 0.5}};
    windowRegreedy(windows, vertices, {8, 60, 10}, settings);
    EXPECT_EQ(sortedTriangles(windows), sortedTriangles(input));
    EXPECT_LT(simulateFifoCache(windows, vertices, 8).misses,
              simulateFifoCache(input, vertices, 8).misses);
}

} // namespace
} // namespace vtxc
