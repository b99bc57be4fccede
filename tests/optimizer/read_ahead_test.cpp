// Tests of reading ahead: every line of the ranges is asked for, spread over the steps given,
// empty ranges left out, and no more lines per step than a core can have outstanding.
#include "optimizer/simplify/read_ahead.h"

#include <gtest/gtest.h>
#include <vector>

namespace vtxc {
namespace {

// Steps until every line was asked for (or `most` steps).
int stepsToFinish(ReadAhead& ahead, int most) {
    int steps = 0;
    while (!ahead.finished() && steps < most) {
        ahead.step();
        ++steps;
    }
    return steps;
}

TEST(ReadAhead, EveryLineWithinTheStepsGiven) {
    std::vector<double> a(1000), b(24), empty(4);
    ReadAhead ahead;
    ahead.add(a.data(), a.data() + a.size()); // 8000 bytes: 125 or 126 lines
    ahead.add(empty.data(), empty.data());    // nothing
    ahead.add(b.data(), b.data() + b.size()); // 192 bytes: 3 or 4 lines
    ahead.spreadOver(50);
    EXPECT_FALSE(ahead.finished());
    const int steps = stepsToFinish(ahead, 1000);
    EXPECT_TRUE(ahead.finished());
    EXPECT_LE(steps, 50);
    EXPECT_GE(steps, 30); // spread, not asked for at once
}

TEST(ReadAhead, AtMostSixteenLinesAStep) {
    std::vector<char> big(64 * 1600);
    ReadAhead ahead;
    ahead.add(big.data(), big.data() + big.size());
    ahead.spreadOver(1); // asks for all at once: held to 16 a step
    EXPECT_GE(stepsToFinish(ahead, 1000), 100);
    EXPECT_TRUE(ahead.finished());
}

TEST(ReadAhead, NothingToReadIsFinished) {
    ReadAhead ahead;
    EXPECT_TRUE(ahead.finished());
    ahead.spreadOver(10);
    ahead.step();
    EXPECT_TRUE(ahead.finished());
    std::vector<int> v(100);
    ahead.add(v.data(), v.data() + v.size());
    EXPECT_FALSE(ahead.finished());
    ahead.clear();
    EXPECT_TRUE(ahead.finished());
}

} // namespace
} // namespace vtxc
