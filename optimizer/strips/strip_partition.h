// Strip groups of a mesh for one .vtx variant: bone-limited strips (hardware skinning), vertex
// ranges in first-use order, hardware bone slots and bone state changes, 65535-vertex groups.
// Follows the .vtx rules of docs/formats.md (optimize.h, and what Valve's compiled files show).
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/studio/studiomdl_defaults.h"
#include "optimizer/mesh_types.h"
#include "optimizer/strips/vertex_cache_order.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace vtxc {

class StripMemo;

// The hardware parameters of a .vtx header plus how the strip groups are skinned.
struct StripLimits {
    int maxBonesPerStrip = kStudiomdlMaxBonesPerStrip;
    int maxBonesPerTriangle = kStudiomdlMaxBonesPerTri;
    int maxBonesPerVertex = kMaxBonesPerVertex;
    std::size_t maxVerticesPerStripGroup = 65535;
    // Hardware skinned (dx90/dx80): bone-limited strips with slots and bone state changes.
    // Software (sw): one strip per group, boneIDs are model bones, no bone state changes.
    bool hardwareSkinned = true;
    // $staticprop: vertices and strips carry no bones at all (numBones 0, boneIDs 0).
    bool staticProp = false;
    // FIFO size the triangles of each strip are ordered for; 0 keeps the input order.
    std::size_t vertexCacheSize = kStudiomdlVertCacheSize;
    CacheOrderEffort cacheOrderEffort = CacheOrderEffort::Fast;
};

// One Vertex_t of a strip group.
struct StripGroupVertex {
    std::uint32_t meshVertex = 0; // index into the mesh's vertices (origMeshVertID)
    std::uint8_t numBones = 0;
    // Hardware skinning: the strip's slot of each bone (unused 0). Software: the model bone
    // (unused -1). Static props: 0.
    std::array<std::int16_t, kMaxBonesPerVertex> boneID{0, 0, 0};
    friend bool operator==(const StripGroupVertex&, const StripGroupVertex&) = default;
};

// Hardware slot -> model bone, set before the strip is drawn.
struct BoneStateChange {
    int hardwareID = 0;
    int newBoneID = 0;
    friend bool operator==(const BoneStateChange&, const BoneStateChange&) = default;
};

// A triangle list drawn with one bone state: contiguous ranges of its group's indices and
// vertices. Its vertices are exactly those its indices use, in order of first use.
struct Strip {
    std::uint32_t indexOffset = 0;
    std::uint32_t indexCount = 0;
    std::uint32_t vertexOffset = 0;
    std::uint32_t vertexCount = 0;
    int numBones = 0;                              // largest bone count of a vertex in the strip
    std::vector<BoneStateChange> boneStateChanges; // slots 0..n-1 in order
    friend bool operator==(const Strip&, const Strip&) = default;
};

struct StripGroup {
    std::vector<StripGroupVertex> vertices;
    std::vector<std::uint16_t> indices; // relative to this group's vertices
    std::vector<Strip> strips;
    friend bool operator==(const StripGroup&, const StripGroup&) = default;
};

// Partition step on its own: the triangles (three indices each into `weights`) split into sets
// whose distinct bones number at most maxBonesPerStrip, keeping the count of sets and of vertices
// stored more than once low. Each set lists triangle numbers in increasing order; the sets come in
// order of their first triangle. Preconditions (VTXC_ASSERT): every index is below weights.size(),
// and no triangle has more than maxBonesPerStrip bones.
std::vector<std::vector<std::uint32_t>>
partitionTrianglesByBones(std::span<const std::uint32_t> indices,
                          std::span<const BoneWeights> weights, int maxBonesPerStrip);

// The whole step: validates the limits (OPT001 a triangle or vertex has more bones than allowed;
// the error names the triangle), partitions (hardware skinning), orders each strip's triangles for
// the vertex cache, splits strips and groups so that no group holds more than
// maxVerticesPerStripGroup vertices, and builds the records. Returns nothing after reporting an
// error. Precondition (VTXC_ASSERT): `weights` has one entry per mesh vertex and every index is
// below weights.size(). With a `memo` (strip_memo.h), partitions and cache orders already worked
// out for the same input are taken from it; the result is the same.
std::optional<std::vector<StripGroup>>
buildStripGroups(std::span<const std::uint32_t> indices, std::span<const BoneWeights> weights,
                 const StripLimits& limits, DiagnosticSink& sink, StripMemo* memo = nullptr);

} // namespace vtxc
