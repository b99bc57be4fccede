// The bones of one triangle's corners and the distinct ones among them: what the strip step's
// bone check (OPT001) and its partition read per triangle. At most 9 values, so no sort: the
// distinct ones are found by comparing every pair without a branch on the bones (a sort's swaps
// mispredict about every other time on them).
#pragma once

#include "optimizer/mesh_types.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace vtxc {

inline constexpr int kMaxTriangleBones = 3 * kMaxBonesPerVertex;
using TriangleBoneList = std::array<std::int16_t, kMaxTriangleBones>;

// The bones of triangle t's three corners, in corner order, repeats kept; returns how many.
// Pre: every index of the triangle < weights.size().
inline int gatherTriangleBones(std::span<const std::uint32_t> indices,
                               std::span<const BoneWeights> weights, std::size_t t,
                               TriangleBoneList& out) {
    int n = 0;
    for (int c = 0; c < 3; ++c) {
        const BoneWeights& w = weights[indices[3 * t + c]];
        for (int k = 0; k < w.count && k < kMaxBonesPerVertex; ++k)
            out[static_cast<std::size_t>(n++)] = w.bone[k];
    }
    return n;
}

// Moves the first of each distinct value in values[0, n) to the front, in order; returns how many
// there are. Every value is written, and the count only advances past the ones not seen before.
template <typename T> int keepFirstOfEach(T* values, int n) {
    int distinct = 0;
    for (int i = 0; i < n; ++i) {
        bool seen = false;
        for (int j = 0; j < i; ++j)
            seen |= values[j] == values[i];
        values[distinct] = values[i];
        distinct += !seen;
    }
    return distinct;
}

} // namespace vtxc
