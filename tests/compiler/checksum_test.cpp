// Tests of the content checksum: the same bytes give the same value however they are handed in,
// and a change of any bit, or of the length, gives another.
#include "compiler/checksum.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <span>
#include <vector>

namespace vtxc {
namespace {

std::vector<std::uint8_t> someBytes(std::size_t count) {
    std::vector<std::uint8_t> bytes(count);
    std::uint32_t state = 2024;
    for (std::uint8_t& b : bytes) {
        state = state * 1664525u + 1013904223u;
        b = static_cast<std::uint8_t>(state >> 24);
    }
    return bytes;
}

std::int32_t checksumOf(std::span<const std::uint8_t> bytes) {
    ContentChecksum checksum;
    checksum.add(bytes);
    return checksum.value();
}

TEST(ContentChecksum, ValueDoesNotDependOnHowTheBytesAreSplit) {
    const std::vector<std::uint8_t> bytes = someBytes(1000);
    const std::int32_t whole = checksumOf(bytes);
    for (std::size_t piece : {1u, 7u, 31u, 32u, 33u, 100u}) {
        ContentChecksum pieces;
        for (std::size_t at = 0; at < bytes.size(); at += piece)
            pieces.add(std::span(bytes).subspan(at, std::min(piece, bytes.size() - at)));
        EXPECT_EQ(pieces.value(), whole) << piece;
    }
    ContentChecksum withEmpty;
    withEmpty.add({});
    withEmpty.add(bytes);
    withEmpty.add({});
    EXPECT_EQ(withEmpty.value(), whole);
}

TEST(ContentChecksum, EveryBitCounts) {
    std::vector<std::uint8_t> bytes = someBytes(200);
    const std::int32_t original = checksumOf(bytes);
    for (std::size_t i = 0; i < bytes.size(); ++i)
        for (int bit = 0; bit < 8; ++bit) {
            bytes[i] ^= static_cast<std::uint8_t>(1u << bit);
            EXPECT_NE(checksumOf(bytes), original) << "byte " << i << " bit " << bit;
            bytes[i] ^= static_cast<std::uint8_t>(1u << bit);
        }
}

TEST(ContentChecksum, TrailingZerosCount) {
    std::vector<std::uint8_t> bytes = someBytes(64);
    const std::int32_t original = checksumOf(bytes);
    bytes.push_back(0);
    EXPECT_NE(checksumOf(bytes), original);
    EXPECT_NE(checksumOf(std::vector<std::uint8_t>{}), checksumOf(std::vector<std::uint8_t>{0}));
}

} // namespace
} // namespace vtxc
