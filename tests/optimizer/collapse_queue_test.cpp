// Tests of the simplifier's queues: the one queue pops in the order of its comparison; the block
// queues pop each block's entries within the bound in that same order (entries pushed meanwhile
// included) and lose none; the requeued-edge record answers only for the versions it was told.
#include "optimizer/simplify/collapse_queue.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <random>

namespace vtxc::simplification {
namespace {

std::vector<CollapseEntry> randomEntries(std::size_t count, std::uint32_t points,
                                         std::uint32_t seed) {
    std::mt19937 random(seed);
    std::uniform_int_distribution<std::uint32_t> point(0, points - 1);
    // Few distinct priorities, so ties on priority (and on a, and on a and b) are common.
    std::uniform_int_distribution<int> level(0, 40);
    std::vector<CollapseEntry> entries;
    for (std::size_t i = 0; i < count; ++i) {
        const auto version = static_cast<std::uint16_t>(random() % 3);
        entries.push_back({0.25f * static_cast<float>(level(random)), point(random), point(random),
                           version, static_cast<std::uint16_t>(random() % 3)});
    }
    return entries;
}

bool same(const CollapseEntry& x, const CollapseEntry& y) {
    return x.priority == y.priority && x.a == y.a && x.b == y.b && x.versionA == y.versionA &&
           x.versionB == y.versionB;
}

// Cheapest first, as one sorted list (Later puts the later entry first).
std::vector<CollapseEntry> inOrder(std::vector<CollapseEntry> entries) {
    std::sort(entries.begin(), entries.end(),
              [](const CollapseEntry& x, const CollapseEntry& y) { return Later{}(y, x); });
    return entries;
}

TEST(CollapseQueue, PopsInTheComparisonsOrder) {
    const std::vector<CollapseEntry> entries = randomEntries(5000, 300, 1);
    CollapseQueue queue;
    queue.assign({entries.begin(), entries.begin() + 2500});
    for (std::size_t i = 2500; i < entries.size(); ++i)
        queue.push(entries[i]);
    const std::vector<CollapseEntry> expected = inOrder(entries);
    for (const CollapseEntry& want : expected) {
        ASSERT_FALSE(queue.empty());
        EXPECT_EQ(queue.topPriority(), want.priority);
        const CollapseEntry got = queue.pop();
        ASSERT_TRUE(same(got, want)) << got.priority << " " << got.a << " " << got.b;
    }
    EXPECT_TRUE(queue.empty());
}

TEST(Later, OrdersEntriesAlikeButForTheirVersions) {
    const CollapseEntry older{1.0f, 5, 9, 1, 1}, newer{1.0f, 5, 9, 2, 0};
    EXPECT_NE(Later{}(older, newer), Later{}(newer, older));
    EXPECT_FALSE(Later{}(older, older));
}

TEST(BlockQueues, EachBlockPopsItsEntriesWithinTheBoundCheapestFirst) {
    constexpr std::uint32_t kPoints = 64;
    constexpr unsigned kShift = 4; // four blocks of 16 points
    const std::vector<CollapseEntry> entries = randomEntries(3000, kPoints, 2);
    BlockQueues blocks(kPoints, kShift, {});
    blocks.assign(entries);
    const float bound = 5.0f;
    std::vector<CollapseEntry> left;
    for (std::uint32_t block = 0; block < blocks.blocks(); ++block) {
        std::vector<CollapseEntry> mine;
        for (const CollapseEntry& entry : entries)
            if (entry.a >> kShift == block)
                (entry.priority <= bound ? mine : left).push_back(entry);
        blocks.select(block, bound);
        for (const CollapseEntry& want : inOrder(mine)) {
            ASSERT_TRUE(blocks.hasNext());
            EXPECT_EQ(blocks.topPriority(), want.priority);
            ASSERT_TRUE(same(blocks.pop(), want));
        }
        EXPECT_FALSE(blocks.hasNext());
        EXPECT_EQ(blocks.topPriority(), bound); // nothing within it left
    }
    // Only the entries beyond the bound are left, every one of them.
    std::vector<CollapseEntry> drained = blocks.drain();
    ASSERT_EQ(drained.size(), left.size());
    drained = inOrder(drained);
    left = inOrder(left);
    for (std::size_t i = 0; i < left.size(); ++i)
        EXPECT_TRUE(same(drained[i], left[i]));
}

TEST(BlockQueues, EntriesPushedDuringABlockAreTakenInOrderOrKeptForTheirOwnBlock) {
    constexpr std::uint32_t kPoints = 32;
    BlockQueues blocks(kPoints, 4, {});
    blocks.assign({{1.0f, 1, 2, 0, 0}, {3.0f, 2, 3, 0, 0}, {2.0f, 20, 21, 0, 0}});
    blocks.select(0, 4.0f);
    EXPECT_TRUE(same(blocks.pop(), {1.0f, 1, 2, 0, 0}));
    blocks.push({0.5f, 4, 5, 0, 0});   // this block, cheaper than what is left: next
    blocks.push({3.5f, 6, 7, 0, 0});   // this block, within the bound: after the 3
    blocks.push({9.0f, 8, 9, 0, 0});   // this block, beyond the bound: kept
    blocks.push({0.1f, 17, 18, 0, 0}); // the next block: kept for it
    EXPECT_EQ(blocks.topPriority(), 0.5f);
    EXPECT_TRUE(same(blocks.pop(), {0.5f, 4, 5, 0, 0}));
    EXPECT_TRUE(same(blocks.pop(), {3.0f, 2, 3, 0, 0}));
    EXPECT_TRUE(same(blocks.pop(), {3.5f, 6, 7, 0, 0}));
    EXPECT_FALSE(blocks.hasNext());
    blocks.select(1, 4.0f);
    EXPECT_TRUE(same(blocks.pop(), {0.1f, 17, 18, 0, 0}));
    EXPECT_TRUE(same(blocks.pop(), {2.0f, 20, 21, 0, 0}));
    EXPECT_FALSE(blocks.hasNext());
    const std::vector<CollapseEntry> left = blocks.drain();
    ASSERT_EQ(left.size(), 1u);
    EXPECT_TRUE(same(left[0], {9.0f, 8, 9, 0, 0}));
}

TEST(BlockQueues, PartRemovalsBelongToTheBlockOfTheirPartsFirstPoint) {
    BlockQueues blocks(64, 4, {40, 3}); // part 0 starts at point 40, part 1 at point 3
    blocks.assign({{1.0f, 0, kNone, 0, 0}, {1.0f, 1, kNone, 0, 0}});
    blocks.select(0, 2.0f);
    EXPECT_TRUE(same(blocks.pop(), {1.0f, 1, kNone, 0, 0}));
    EXPECT_FALSE(blocks.hasNext());
    blocks.select(2, 2.0f);
    EXPECT_TRUE(same(blocks.pop(), {1.0f, 0, kNone, 0, 0}));
}

TEST(BlockQueues, PriorityAtSamplesTheEntriesRank) {
    std::vector<CollapseEntry> entries;
    for (std::uint32_t i = 0; i < 8000; ++i)
        entries.push_back({static_cast<float>(i), (i * 37) % 4096, 0, 0, 0});
    BlockQueues blocks(4096, 10, {});
    blocks.assign(entries);
    for (std::size_t rank : {0u, 100u, 4000u, 7990u})
        EXPECT_NEAR(blocks.priorityAt(rank), static_cast<double>(rank), 64.0) << rank;
    EXPECT_GT(blocks.priorityAt(100000), 7900.0f); // beyond the last: the last sampled
}

TEST(RequeuedEdges, AnswersOnlyForTheRecordedVersions) {
    RequeuedEdges requeued;
    requeued.reset(10);
    EXPECT_FALSE(requeued.contains(3, 4, 0));
    requeued.record(3, 4, 1u << 16 | 7);
    EXPECT_TRUE(requeued.contains(3, 4, 1u << 16 | 7));
    EXPECT_FALSE(requeued.contains(3, 4, 1u << 16 | 8)); // b has changed since
    EXPECT_FALSE(requeued.contains(3, 4, 2u << 16 | 7)); // a has changed since
    EXPECT_FALSE(requeued.contains(4, 3, 1u << 16 | 7)); // the edge as queued from b
    requeued.record(3, 4, 1u << 16 | 8);                 // queued again at b's new version
    EXPECT_TRUE(requeued.contains(3, 4, 1u << 16 | 8));
    EXPECT_FALSE(requeued.contains(3, 4, 1u << 16 | 7));
    requeued.record(3, 5, 2u << 16 | 0); // a's new version: its older edges are forgotten
    EXPECT_TRUE(requeued.contains(3, 5, 2u << 16 | 0));
    EXPECT_FALSE(requeued.contains(3, 4, 2u << 16 | 8));
}

TEST(RequeuedEdges, AFullPointForgetsItsOldestEdge) {
    RequeuedEdges requeued;
    requeued.reset(100);
    for (std::uint32_t b = 10; b < 30; ++b)
        requeued.record(1, b, 0);
    int known = 0;
    for (std::uint32_t b = 10; b < 30; ++b)
        known += requeued.contains(1, b, 0);
    EXPECT_GE(known, 4);
    EXPECT_LT(known, 20);
    EXPECT_TRUE(requeued.contains(1, 29, 0)); // the newest is kept
    EXPECT_FALSE(requeued.contains(1, 10, 0));
}

} // namespace
} // namespace vtxc::simplification
