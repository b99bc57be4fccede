// The strip step's two costly pure functions, partitionTrianglesByBones and orderForVertexCache,
// remembered by their exact inputs: a caller that strips one model many ways (vtxc tune: every
// vertex cache size times every bones-per-strip value; a compile: dx90, dx80 and sw) computes each
// distinct sub-problem once. A partition does not depend on the cache size, and a strip whose
// triangles come out the same under several bone limits (a mesh with fewer bones than every limit
// is one strip under all of them) is ordered once per cache size. Results are the functions' own,
// so the output bytes are the same with or without a memo.
#pragma once

#include "optimizer/mesh_types.h"
#include "optimizer/strips/vertex_cache_order.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace vtxc {

// Thread-safe: concurrent callers asking for the same sub-problem wait for (and help with) one
// computation. Entries live as long as the memo; the references returned stay valid until then.
// Not copyable (it owns its tables).
class StripMemo {
  public:
    StripMemo();
    ~StripMemo();

    // partitionTrianglesByBones(indices, weights, maxBonesPerStrip), same preconditions.
    const std::vector<std::vector<std::uint32_t>>& partition(std::span<const std::uint32_t> indices,
                                                             std::span<const BoneWeights> weights,
                                                             int maxBonesPerStrip);

    // orderForVertexCache(indices, vertexCount, options).
    const std::vector<std::uint32_t>& cacheOrder(std::span<const std::uint32_t> indices,
                                                 std::size_t vertexCount,
                                                 const CacheOrderOptions& options);

    // Sub-problems computed, and answered from memory (for tests and measurements).
    std::size_t computed() const;
    std::size_t reused() const;

  private:
    struct Tables;
    std::unique_ptr<Tables> tables_;
};

} // namespace vtxc
