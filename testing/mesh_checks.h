// Test helpers for the mesh algorithms: a mesh as the strip step sees it, the rules every strip
// group record must follow, and an SMD's corners with their weights capped as the compiler does.
#pragma once

#include "formats/smd/smd.h"
#include "optimizer/mesh_types.h"
#include "optimizer/strips/strip_partition.h"

#include <cstdint>
#include <vector>

namespace vtxc::test {

// One bone-weight set per vertex, three indices per triangle.
struct TestMesh {
    std::vector<BoneWeights> weights;
    std::vector<std::uint32_t> indices;
};

// Every rule of the strip group records (contiguous ranges, first-use vertex order, hardware bone
// slots, bone counts, static props, every triangle exactly once), checked against `mesh`.
void expectValidStripGroups(const std::vector<StripGroup>& groups, const TestMesh& mesh,
                            const StripLimits& limits);

// The SMD's triangle corners, three per triangle, with position, normal, UV and the bone weights
// capped as the compiler caps them (default threshold).
std::vector<ModelVertex> cappedCorners(const SmdFile& smd);

} // namespace vtxc::test
