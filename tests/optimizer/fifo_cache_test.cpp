// Tests of the FIFO vertex cache simulation that ACMR and ATVR are computed with.
#include "formats/common/internal_error.h"
#include "optimizer/fifo_cache.h"

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

TEST(FifoCache, LargerCacheNeverMissesMore) {
    std::vector<std::uint32_t> grid;
    const std::uint32_t w = 20;
    for (std::uint32_t y = 0; y + 1 < w; ++y)
        for (std::uint32_t x = 0; x + 1 < w; ++x) {
            const std::uint32_t a = y * w + x;
            grid.insert(grid.end(), {a, a + w, a + 1, a + 1, a + w, a + w + 1});
        }
    std::size_t previous = SIZE_MAX;
    for (std::size_t size : {4, 8, 16, 24, 32, 64}) {
        const auto misses = simulateFifoCache(grid, w * w, size).misses;
        EXPECT_LE(misses, previous) << "cache size " << size;
        previous = misses;
    }
    EXPECT_EQ(simulateFifoCache(grid, w * w, 1000).misses, std::size_t(w * w));
}

TEST(FifoCache, AnIndexPastTheVerticesBreaksThePrecondition) {
    if (!VTXC_ASSERTIONS) GTEST_SKIP() << "built with -DVTXC_ASSERTIONS=OFF";
    const std::vector<std::uint32_t> bad{0, 1, 2, 2, 1, 9};
    EXPECT_THROW(simulateFifoCache(bad, 4, 24), InternalError);
}

} // namespace
} // namespace vtxc
