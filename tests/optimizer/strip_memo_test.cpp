// Tests of the strip memo: strip groups built through it are those built without it, for every
// cache size and bone limit, on many threads at once; partitions are shared across cache sizes
// and a strip that is the same under two bone limits is ordered once.
#include "optimizer/strips/strip_memo.h"
#include "optimizer/strips/strip_partition.h"
#include "optimizer/vertices/welding.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <tbb/parallel_for.h>

namespace vtxc {
namespace {

struct SkinnedMesh {
    std::vector<std::uint32_t> indices;
    std::vector<BoneWeights> weights;
};

// A synthesized tube along a chain of `bones` bones, welded as the compiler welds it.
SkinnedMesh weldedTube(std::size_t triangles, int bones) {
    SmdSynthesisOptions options;
    options.triangles = triangles;
    options.bones = bones;
    const WeldedMesh welded = weldCorners(synthesizeCorners(options));
    SkinnedMesh mesh{welded.indices, {}};
    for (const ModelVertex& v : welded.vertices)
        mesh.weights.push_back(v.weights);
    return mesh;
}

StripLimits limitsFor(std::size_t cacheSize, int bonesPerStrip) {
    StripLimits limits;
    limits.vertexCacheSize = cacheSize;
    limits.maxBonesPerStrip = bonesPerStrip;
    return limits;
}

TEST(StripMemo, GroupsAreThoseBuiltWithoutItOnEveryThreadAndSubProblemsAreShared) {
    const SkinnedMesh mesh = weldedTube(1200, 20);
    const std::vector<std::size_t> cacheSizes{12, 24, 32};
    const std::vector<int> bonesPerStrip{9, 16, 20, 53}; // 20 and 53: the whole mesh in one strip
    const std::size_t total = cacheSizes.size() * bonesPerStrip.size();
    std::vector<std::optional<std::vector<StripGroup>>> plain(total), memoised(total);
    StripMemo memo;
    tbb::parallel_for(std::size_t(0), total, [&](std::size_t i) {
        const StripLimits limits = limitsFor(cacheSizes[i / bonesPerStrip.size()],
                                             bonesPerStrip[i % bonesPerStrip.size()]);
        CollectingSink plainSink, memoSink;
        plain[i] = buildStripGroups(mesh.indices, mesh.weights, limits, plainSink);
        memoised[i] = buildStripGroups(mesh.indices, mesh.weights, limits, memoSink, &memo);
    });
    std::size_t orderCalls = 0; // one per strip
    for (std::size_t i = 0; i < total; ++i) {
        ASSERT_TRUE(plain[i] && memoised[i]) << i;
        EXPECT_TRUE(*plain[i] == *memoised[i]) << "combination " << i;
        for (const StripGroup& group : *plain[i])
            orderCalls += group.strips.size();
    }
    ASSERT_EQ(plain[0]->size(), 1u);
    EXPECT_GT(plain[0]->front().strips.size(), 2u); // 9 bones per strip: several strips
    ASSERT_EQ(plain[2]->front().strips.size(), 1u);
    // One partition per bone limit; the one-strip order once per cache size, not twice.
    const std::size_t calls = total + orderCalls;
    EXPECT_EQ(memo.computed() + memo.reused(), calls);
    EXPECT_GE(memo.reused(), total - bonesPerStrip.size() + cacheSizes.size());
}

TEST(StripMemo, AStripWithoutCacheOrderingAsksOnlyForThePartition) {
    const SkinnedMesh mesh = weldedTube(300, 12);
    StripMemo memo;
    CollectingSink sink;
    const auto a = buildStripGroups(mesh.indices, mesh.weights, limitsFor(0, 9), sink, &memo);
    const auto b = buildStripGroups(mesh.indices, mesh.weights, limitsFor(0, 9), sink, &memo);
    ASSERT_TRUE(a && b);
    EXPECT_TRUE(*a == *b);
    EXPECT_EQ(memo.computed(), 1u);
    EXPECT_EQ(memo.reused(), 1u);
}

} // namespace
} // namespace vtxc
