// What the simplifier is asked to do: the mesh it takes and the options that steer it. Apart from
// simplify.h so that the working mesh (simplify_mesh.h), which simplifyMesh builds, can take them
// without reaching back to the entry point.
#pragma once

#include "optimizer/bone_weights.h"
#include "optimizer/mesh_types.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

namespace vtxc {

struct SimplifyInput {
    std::span<const ModelVertex> vertices;
    std::span<const std::uint32_t> indices;   // three per triangle
    std::span<const std::uint32_t> materials; // one per triangle; empty: all one material
};

struct SimplifyOptions {
    // Stop once at most this many triangles are left (0: use targetRatio).
    std::size_t targetTriangles = 0;
    // With targetTriangles 0: keep this share of the input's triangles.
    double targetRatio = 0.5;
    // Make no collapse whose error exceeds this, as a fraction of the input's bounding-box
    // diagonal (the error is the quadric's estimate of the distance the surface moves).
    double maxError = std::numeric_limits<double>::infinity();

    // Importance of the attributes beside position (positions are measured in bounding-box
    // diagonals, normals as unit vectors, texture coordinates as they are). Small: larger
    // weights let attribute smoothness buy collapses that move the surface far (at 0.05 the
    // largest distance of the corpus LODs is 2 to 5 times what it is at 0.003; docs/lod.md).
    double normalWeight = 0.003;
    double uvWeight = 0.003;
    // Moving an open border, a UV seam or a material boundary off its line costs this many
    // times what moving the surface the same distance costs.
    double borderWeight = 1.0;
    double seamWeight = 1.0;
    // Equivalent distance (in diagonals) of merging vertices that follow entirely different
    // bones; partly different bone sets cost in proportion (see boneWeightDistance).
    double skinWeight = 0.003;
    // Meshes with at least this many unique positions make most collapses in local passes, block
    // of positions after block (0: never): much faster on big meshes, whose working data does
    // not fit in cache, and the same quality within a few per cent (docs/lod.md).
    std::size_t localPassesFromPoints = 32768;
    // Weights of new vertices are capped like source weights (three bones, this threshold).
    BoneWeightOptions boneWeights;
    // Cost several faces or collapses at once in the processor's vector lanes where it has them
    // (x86-64 with AVX2). The output is the same to the bit either way.
    bool vectorLanes = true;
};

} // namespace vtxc
