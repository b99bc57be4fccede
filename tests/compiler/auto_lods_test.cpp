// LOD planning: targets from ratios, halving ratios, switch points from the error.
#include "compiler/lods/auto_lods.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

TEST(AutoLods, TargetsAreSharesOfTheTrianglesThenTheShadowLod) {
    const double ratios[] = {0.5, 0.25, 0.0001};
    const auto targets = targetsFromRatios(1000, ratios, 0.1);
    ASSERT_EQ(targets.size(), 4u);
    EXPECT_EQ(targets[0].triangles, 500u);
    EXPECT_EQ(targets[1].triangles, 250u);
    EXPECT_EQ(targets[2].triangles, 1u); // never below one triangle
    EXPECT_FALSE(targets[2].shadow);
    EXPECT_EQ(targets[3].triangles, 100u);
    EXPECT_TRUE(targets[3].shadow);
}

TEST(AutoLods, HalvingRatios) {
    EXPECT_EQ(halvingRatios(3), (std::vector<double>{0.5, 0.25, 0.125}));
    EXPECT_TRUE(halvingRatios(0).empty());
}

TEST(AutoLods, SwitchPointIsWhereTheErrorCoversThePixelError) {
    // Metric 100 / (pixels per unit): an error of 0.5 units covers one pixel at metric 50.
    EXPECT_FLOAT_EQ(switchPointForError(0.5, 1.0), 50.0f);
    EXPECT_FLOAT_EQ(switchPointForError(0.5, 2.0), 25.0f);
    // Rounded up to a hundredth, so that the text written reads back no earlier.
    EXPECT_FLOAT_EQ(switchPointForError(0.123456, 1.0), 12.35f);
    EXPECT_EQ(switchPointForError(1.0, 0.0), 0.0f);
}

TEST(AutoLods, SwitchPointsNeverGoBack) {
    const double errors[] = {0.1, 0.05, 0.3};
    const auto points = switchPoints(errors, 1.0);
    EXPECT_EQ(points, (std::vector<float>{10.0f, 10.0f, 30.0f}));
}

} // namespace
} // namespace vtxc
