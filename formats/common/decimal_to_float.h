// A plain decimal (digits, at most one point, no exponent) turned into the correctly rounded float
// without a division: the text readers' hot path. The result is the float std::from_chars gives
// for the same text; the few inputs this cannot settle are handed back to the caller.
#pragma once

#include <cstdint>
#include <cstring>

namespace vtxc {

// 10^-k rounded to the nearest double (the compiler rounds each literal correctly).
inline constexpr double kInversePowersOf10[] = {
    1e0,   1e-1,  1e-2,  1e-3,  1e-4,  1e-5,  1e-6,  1e-7,  1e-8,  1e-9,  1e-10, 1e-11,
    1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18, 1e-19, 1e-20, 1e-21, 1e-22};

// The largest digit string and fraction length decimalToFloat takes.
inline constexpr std::uint64_t kDecimalToFloatMaxMantissa = 1ull << 53;
inline constexpr int kDecimalToFloatMaxFractionDigits = 22;

// mantissa / 10^fractionDigits (negated when `negative`) as the nearest float, ties to even; false
// when it cannot tell (then `out` is untouched and the caller asks std::from_chars).
//
// Why it is exact: the mantissa (at most 2^53) is exact as a double, and 10^-k as a double is off
// by at most half an ulp, so the product of the two, rounded once more, is within 2 ulps of the
// true quotient (relative error at most 2^-52 + 2^-106). Rounding to float can only go the
// other way than the true quotient when a float midpoint lies between the two. Every float
// midpoint in the normal range is a double whose 29 low mantissa bits are exactly 1 followed by
// 28 zeros (one bit below the float's 24), and the bit patterns of positive doubles are ordered
// as their values: so when the product's 29 low bits are more than 2 away from that pattern, no
// midpoint is within reach and the product rounds to the right float. A margin of 4 is kept.
// Every quotient here lies between 1e-22 and 2^53, well inside the normal floats.
inline bool decimalToFloat(std::uint64_t mantissa, int fractionDigits, bool negative, float& out) {
    const double product = static_cast<double>(mantissa) * kInversePowersOf10[fractionDigits];
    std::uint64_t bits;
    std::memcpy(&bits, &product, sizeof bits);
    constexpr std::uint64_t kLow29 = (1ull << 29) - 1, kMidpoint = 1ull << 28, kMargin = 4;
    if (((bits - (kMidpoint - kMargin)) & kLow29) <= 2 * kMargin) return false;
    out = static_cast<float>(negative ? -product : product);
    return true;
}

} // namespace vtxc
