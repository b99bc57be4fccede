// decimalToFloat must give the float std::from_chars gives for the same plain decimal, or decline.
#include "formats/common/decimal_to_float.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <gtest/gtest.h>
#include <random>
#include <string>

namespace vtxc {
namespace {

std::uint32_t bitsOf(float f) {
    std::uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    return bits;
}

// The decimal `text` (optional '-', digits, optional '.' and digits) as the mantissa and
// fraction length decimalToFloat takes; false when it has too many digits for it.
bool splitDecimal(const std::string& text, std::uint64_t& mantissa, int& fractionDigits,
                  bool& negative) {
    mantissa = 0, fractionDigits = 0;
    negative = !text.empty() && text[0] == '-';
    bool afterPoint = false;
    int digits = 0;
    for (std::size_t i = negative ? 1 : 0; i < text.size(); ++i) {
        if (text[i] == '.') {
            afterPoint = true;
            continue;
        }
        if (++digits > 19) return false;
        mantissa = mantissa * 10 + static_cast<std::uint64_t>(text[i] - '0');
        fractionDigits += afterPoint;
    }
    return mantissa <= kDecimalToFloatMaxMantissa &&
           fractionDigits <= kDecimalToFloatMaxFractionDigits;
}

enum class Outcome { TooLong, Declined, Decided };

// Checks one decimal: decided (and equal to std::from_chars), declined, or too long to ask.
Outcome expectSameAsFromChars(const std::string& text) {
    std::uint64_t mantissa;
    int fractionDigits;
    bool negative;
    if (!splitDecimal(text, mantissa, fractionDigits, negative)) return Outcome::TooLong;
    float expected = 0;
    const auto [stop, ec] = std::from_chars(text.data(), text.data() + text.size(), expected);
    EXPECT_EQ(ec, std::errc()) << text;
    EXPECT_EQ(stop, text.data() + text.size()) << text;
    float got = 12345.0f;
    if (!decimalToFloat(mantissa, fractionDigits, negative, got)) {
        EXPECT_EQ(got, 12345.0f) << "a declined value leaves the output alone: " << text;
        return Outcome::Declined;
    }
    EXPECT_EQ(bitsOf(got), bitsOf(expected)) << text;
    return Outcome::Decided;
}

std::string randomDigits(std::mt19937_64& random, int count) {
    std::string digits;
    for (int i = 0; i < count; ++i)
        digits += static_cast<char>('0' + random() % 10);
    return digits;
}

TEST(DecimalToFloat, RandomDecimalsMatchFromChars) {
    std::mt19937_64 random(20261201);
    int asked = 0, decided = 0;
    for (int n = 0; n < 500'000; ++n) {
        const int whole = 1 + static_cast<int>(random() % 10);
        const int fraction = static_cast<int>(random() % 12);
        std::string text = (random() & 1) ? "-" : "";
        text += randomDigits(random, whole);
        if (fraction > 0) text += "." + randomDigits(random, fraction);
        const Outcome outcome = expectSameAsFromChars(text);
        asked += outcome != Outcome::TooLong;
        decided += outcome == Outcome::Decided;
    }
    // Declining is for values on or near a float midpoint only: rare, though whole numbers over
    // 2^24 hit midpoints exactly often enough.
    EXPECT_GT(asked, 300'000);
    EXPECT_GT(decided, asked * 99 / 100);
}

// Exporters write 6 decimals; every such value of a unit range, and the weights' range.
TEST(DecimalToFloat, EverySixDecimalValueOfTheUnitRange) {
    char text[32];
    for (int i = 0; i <= 1'000'000; ++i) {
        std::snprintf(text, sizeof text, "0.%06d", i);
        expectSameAsFromChars(text);
        std::snprintf(text, sizeof text, "-1.%06d", i);
        expectSameAsFromChars(text);
    }
}

// Float midpoints written out (exactly, and one unit off in the last digit), zeros, the edges
// of the accepted sizes.
TEST(DecimalToFloat, MidpointsAndEdges) {
    for (const char* text :
         {"0", "-0", "0.0", "-0.000000", "16777216", "16777217", "16777218", "16777219", "33554434",
          "0.500000001", "1.00000006", "1.00000005960464477539", "4294967808.5", "9007199254740992",
          "0.0000000000000000000001", "3.4028234", "0.1", "0.2", "0.3"})
        expectSameAsFromChars(text);
    std::mt19937_64 random(7);
    int declined = 0;
    for (int n = 0; n < 40'000; ++n) {
        // A float, the one above it, and the double half way.
        const float low = std::ldexp(static_cast<float>(random() % (1u << 24)) / (1u << 24) + 1,
                                     static_cast<int>(random() % 40) - 20);
        const double middle =
            (static_cast<double>(low) + static_cast<double>(std::nextafter(low, 2 * low))) / 2;
        for (int decimals = 1; decimals <= 16; ++decimals) {
            char text[64];
            std::snprintf(text, sizeof text, "%.*f", decimals, middle);
            declined += expectSameAsFromChars(text) == Outcome::Declined;
        }
    }
    EXPECT_GT(declined, 0) << "the midpoints were meant to reach the cases that decline";
}

} // namespace
} // namespace vtxc
