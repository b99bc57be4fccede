// Tests of the FIFO vertex cache simulation that ACMR and ATVR are computed with.
#include "formats/common/internal_error.h"
#include "optimizer/strips/fifo_cache.h"

#include <gtest/gtest.h>
#include <vector>

namespace vtxc {
namespace {

TEST(FifoCache, ColdCacheMissesEachNewVertexOnce) {
    const std::vector<std::uint32_t> quad{0, 1, 2, 2, 1, 3};
    const CacheFigures f = simulateFifoCache(quad, 4, 24);
    EXPECT_EQ(f.triangles, 2u);
    EXPECT_EQ(f.misses, 4u);
    EXPECT_EQ(f.uniqueVertices, 4u);
    EXPECT_DOUBLE_EQ(f.acmr(), 2.0);
    EXPECT_DOUBLE_EQ(f.atvr(), 1.0);
}

TEST(FifoCache, FifoEvictsOldestEvenWhenRecentlyHit) {
    // Cache of 3: 0 1 2 fill it; 0 hits (FIFO does not refresh); 3 evicts 0; 0 misses again.
    const std::vector<std::uint32_t> indices{0, 1, 2, 0, 1, 3, 0, 2, 3};
    const CacheFigures f = simulateFifoCache(indices, 4, 3);
    EXPECT_EQ(f.misses, 5u);
    EXPECT_EQ(f.uniqueVertices, 4u);
}

std::vector<std::uint32_t> rowOrderedGrid(std::uint32_t w) {
    std::vector<std::uint32_t> grid;
    for (std::uint32_t y = 0; y + 1 < w; ++y)
        for (std::uint32_t x = 0; x + 1 < w; ++x) {
            const std::uint32_t a = y * w + x;
            grid.insert(grid.end(), {a, a + w, a + 1, a + 1, a + w, a + w + 1});
        }
    return grid;
}

TEST(FifoCache, CacheThatHoldsEveryVertexMissesEachVertexOnce) {
    const auto grid = rowOrderedGrid(20);
    for (std::size_t size : {400, 401, 1000}) {
        const CacheFigures f = simulateFifoCache(grid, 400, size);
        EXPECT_EQ(f.misses, 400u) << "cache size " << size;
        EXPECT_DOUBLE_EQ(f.atvr(), 1.0);
    }
    EXPECT_GT(simulateFifoCache(grid, 400, 16).misses, 400u) << "a cache shorter than a row";
}

// A larger FIFO is not always better: FIFO replacement is not a stack algorithm, so it shows
// Belady's anomaly (Belady, Nelson and Shedler 1969, "An anomaly in space-time characteristics of
// certain programs running in a paging machine"). Their reference string, read as 4 triangles,
// misses 9 times in a cache of 3 and 10 times in a cache of 4. This is why `vtxc tune` measures
// every cache size instead of assuming that an order good for one size is good for the larger.
TEST(FifoCache, LargerCacheCanMissMoreBeladysAnomaly) {
    const std::vector<std::uint32_t> belady{1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5};
    EXPECT_EQ(simulateFifoCache(belady, 6, 3).misses, 9u);
    EXPECT_EQ(simulateFifoCache(belady, 6, 4).misses, 10u);
}

TEST(FifoCache, AnIndexPastTheVerticesBreaksThePrecondition) {
    if (!VTXC_ASSERTIONS) GTEST_SKIP() << "built with -DVTXC_ASSERTIONS=OFF";
    const std::vector<std::uint32_t> bad{0, 1, 2, 2, 1, 9};
    EXPECT_THROW(simulateFifoCache(bad, 4, 24), InternalError);
}

} // namespace
} // namespace vtxc
