// The content checksum (checksum.h): the lanes' constants are the first hexadecimal digits of pi
// (no structure of their own); the multiplier is the 64-bit golden-ratio constant of Knuth's
// multiplicative hashing, odd, so each step is a bijection of the lane.
#include "compiler/checksum.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace vtxc {

namespace {

constexpr std::uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;

std::uint64_t littleEndianWord(const std::uint8_t* p) {
    std::uint64_t word = 0;
    for (int k = 7; k >= 0; --k)
        word = word << 8 | p[k];
    return word;
}

std::uint64_t mixed(std::uint64_t lane, std::uint64_t word) {
    return std::rotl((lane ^ word) * kMultiplier, 29);
}

} // namespace

void ContentChecksum::step(const std::uint8_t* bytes) {
    for (std::size_t k = 0; k < lanes_.size(); ++k)
        lanes_[k] = mixed(lanes_[k], littleEndianWord(bytes + 8 * k));
}

void ContentChecksum::add(std::span<const std::uint8_t> bytes) {
    if (bytes.empty()) return; // an empty span may have no data pointer for memcpy
    totalBytes_ += bytes.size();
    if (pendingBytes_ > 0) {
        const std::size_t taken = std::min(bytes.size(), kStepBytes - pendingBytes_);
        std::memcpy(pending_.data() + pendingBytes_, bytes.data(), taken);
        pendingBytes_ += taken;
        bytes = bytes.subspan(taken);
        if (pendingBytes_ < kStepBytes) return;
        step(pending_.data());
        pendingBytes_ = 0;
    }
    const std::size_t whole = bytes.size() / kStepBytes * kStepBytes;
    for (std::size_t at = 0; at < whole; at += kStepBytes)
        step(bytes.data() + at);
    pendingBytes_ = bytes.size() - whole;
    std::memcpy(pending_.data(), bytes.data() + whole, pendingBytes_);
}

// The last bytes padded with zeros, then the length, so that trailing zeros still count.
std::int32_t ContentChecksum::value() const {
    ContentChecksum last = *this;
    std::array<std::uint8_t, kStepBytes> tail{};
    std::memcpy(tail.data(), pending_.data(), pendingBytes_);
    last.step(tail.data());
    std::uint64_t hash = totalBytes_;
    for (std::uint64_t lane : last.lanes_)
        hash = mixed(hash, lane);
    hash ^= hash >> 32;
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(hash));
}

} // namespace vtxc
