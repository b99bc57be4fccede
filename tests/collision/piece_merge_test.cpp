// Tests of mergePieces: the pair that adds the least volume goes first, limits, flat pieces, and
// the same result on one thread as on many.
#include "collision/piece_merge.h"

#include <gtest/gtest.h>
#include <random>
#include <tbb/global_control.h>
#include <vector>

namespace vtxc {
namespace {

std::vector<Vec3d> box(Vec3d low, Vec3d high) {
    std::vector<Vec3d> corners;
    for (int i = 0; i < 8; ++i)
        corners.push_back({i & 1 ? high.x : low.x, i & 2 ? high.y : low.y, i & 4 ? high.z : low.z});
    return corners;
}

TEST(PieceMerge, ThreeCubesWithLimitTwoMergeTheNearestPair) {
    // Unit cubes at x = 0, x = 10 and x = 1.5: the nearest pair is 0 and 2, 0.5 apart; their
    // joint hull is a 2.5 x 1 x 1 box, adding 0.5.
    const std::vector<std::vector<Vec3d>> pieces{
        box({0, 0, 0}, {1, 1, 1}), box({10, 0, 0}, {11, 1, 1}), box({1.5, 0, 0}, {2.5, 1, 1})};
    const PieceMergeResult result = mergePieces(pieces, 2);
    ASSERT_EQ(result.groups.size(), 2u);
    EXPECT_EQ(result.groups[0], (std::vector<std::uint32_t>{0, 2}));
    EXPECT_EQ(result.groups[1], (std::vector<std::uint32_t>{1}));
    EXPECT_NEAR(result.addedVolume, 0.5, 1e-12);
    ASSERT_EQ(result.merges.size(), 1u);
    EXPECT_EQ(result.merges[0].first, 0u);
    EXPECT_EQ(result.merges[0].second, 2u);
}

TEST(PieceMerge, LimitOneJoinsEverythingAndTheAddedVolumesSum) {
    const std::vector<std::vector<Vec3d>> pieces{
        box({0, 0, 0}, {1, 1, 1}), box({10, 0, 0}, {11, 1, 1}), box({1.5, 0, 0}, {2.5, 1, 1})};
    const PieceMergeResult result = mergePieces(pieces, 0); // 0 counts as 1
    ASSERT_EQ(result.groups.size(), 1u);
    EXPECT_EQ(result.groups[0], (std::vector<std::uint32_t>{0, 1, 2}));
    ASSERT_EQ(result.merges.size(), 2u);
    // All three end in one 11 x 1 x 1 box: 11 - 3 added.
    EXPECT_NEAR(result.addedVolume, 8.0, 1e-9);
    EXPECT_NEAR(result.merges[0].addedVolume + result.merges[1].addedVolume, 8.0, 1e-9);
    EXPECT_LE(result.merges[0].addedVolume, result.merges[1].addedVolume);
}

TEST(PieceMerge, AtOrUnderTheLimitNothingMerges) {
    const std::vector<std::vector<Vec3d>> pieces{box({0, 0, 0}, {1, 1, 1}),
                                                 box({3, 0, 0}, {4, 1, 1})};
    const PieceMergeResult result = mergePieces(pieces, 2);
    EXPECT_EQ(result.groups, (std::vector<std::vector<std::uint32_t>>{{0}, {1}}));
    EXPECT_TRUE(result.merges.empty());
    EXPECT_EQ(result.addedVolume, 0);
    EXPECT_TRUE(mergePieces({}, 3).groups.empty());
}

TEST(PieceMerge, FlatPiecesCountAsNoVolume) {
    // A flat square lying on the top of the first cube adds nothing when merged with it.
    const std::vector<std::vector<Vec3d>> pieces{box({0, 0, 0}, {1, 1, 1}),
                                                 {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}},
                                                 box({5, 5, 5}, {6, 6, 6})};
    const PieceMergeResult result = mergePieces(pieces, 2);
    EXPECT_EQ(result.groups[0], (std::vector<std::uint32_t>{0, 1}));
    EXPECT_NEAR(result.addedVolume, 0, 1e-12);
}

TEST(PieceMerge, OneThreadAndManyGiveTheSameGroups) {
    std::mt19937_64 random(5);
    const auto unit = [&] { return static_cast<double>(random() >> 11) * 0x1.0p-53; };
    std::vector<std::vector<Vec3d>> pieces;
    for (int i = 0; i < 30; ++i) {
        const Vec3d at{unit() * 50, unit() * 50, unit() * 50};
        const Vec3d size{0.5 + unit() * 3, 0.5 + unit() * 3, 0.5 + unit() * 3};
        pieces.push_back(box(at, at + size));
    }
    PieceMergeResult many = mergePieces(pieces, 7);
    PieceMergeResult one;
    {
        const tbb::global_control single(tbb::global_control::max_allowed_parallelism, 1);
        one = mergePieces(pieces, 7);
    }
    EXPECT_EQ(many.groups.size(), 7u);
    EXPECT_EQ(one.groups, many.groups);
    EXPECT_EQ(one.addedVolume, many.addedVolume);
    std::size_t members = 0;
    for (const auto& group : many.groups)
        members += group.size();
    EXPECT_EQ(members, pieces.size());
}

} // namespace
} // namespace vtxc
