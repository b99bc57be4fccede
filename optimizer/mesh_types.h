// Small mesh types the optimizer stages share: a vertex with capped bone weights, an indexed mesh.
// Independent of the SMD/VVD/VTX records; the layout of BoneWeights follows studio.h's 3 bones.
#pragma once

#include "formats/common/vector_types.h"

#include <array>
#include <cstdint>
#include <vector>

namespace vtxc {

// MAX_NUM_BONES_PER_VERT of studio.h: the .vvd and .vtx store at most this many per vertex.
inline constexpr int kMaxBonesPerVertex = 3;

// One bone's share of a vertex, as a source file gives it (not yet merged, sorted or capped).
struct BoneInfluence {
    int bone = 0;
    float weight = 0;
};

// A vertex's final bone weights: `count` bones (model bone indices), largest weight first,
// weights summing to 1. Unused entries are bone 0 with weight 0, so equal weights compare equal.
struct BoneWeights {
    std::uint8_t count = 0;
    std::array<std::int16_t, kMaxBonesPerVertex> bone{0, 0, 0};
    std::array<float, kMaxBonesPerVertex> weight{0, 0, 0};
    // Member by member, as the defaulted comparison would; written out because GCC compiles the
    // defaulted one to a call of memcmp for the bones (welding and simplifying compare weights
    // per corner and per candidate collapse).
    friend bool operator==(const BoneWeights& x, const BoneWeights& y) {
        static_assert(kMaxBonesPerVertex == 3, "the comparison below lists three bones");
        return x.count == y.count && x.bone[0] == y.bone[0] && x.bone[1] == y.bone[1] &&
               x.bone[2] == y.bone[2] && x.weight[0] == y.weight[0] && x.weight[1] == y.weight[1] &&
               x.weight[2] == y.weight[2];
    }
};

// A welded model vertex: what one .vvd vertex record holds, except the tangent.
struct ModelVertex {
    Vec3 position;
    Vec3 normal;
    Vec2 uv;
    BoneWeights weights;
    friend bool operator==(const ModelVertex&, const ModelVertex&) = default;
};

// Triangles (three indices each) over a vertex list.
struct IndexedMesh {
    std::vector<ModelVertex> vertices;
    std::vector<std::uint32_t> indices;
};

} // namespace vtxc
