// The .vvd vertices in mesh order for a root LOD, through the fixup table when there is one.
// Rule from docs/formats.md (".vvd") and the vertexFileFixup_t record of studio.h.
#include "formats/studio/vvd_mesh_order.h"

#include <algorithm>

namespace vtxc {

std::vector<std::uint32_t> meshOrderedVertexIndices(const VvdFile& file, int rootLod) {
    std::vector<std::uint32_t> order;
    const auto poolSize = static_cast<std::int64_t>(file.vertices.size());
    if (file.fixups.empty()) {
        const int lod = std::clamp(rootLod, 0, kVvdMaxLods - 1);
        const std::int64_t count = std::clamp<std::int64_t>(
            file.numLODVertexes[static_cast<std::size_t>(lod)], 0, poolSize);
        for (std::int64_t i = 0; i < count; ++i)
            order.push_back(static_cast<std::uint32_t>(i));
        return order;
    }
    for (const VvdFixup& fixup : file.fixups) {
        if (fixup.lod < rootLod) continue;
        const std::int64_t begin = std::clamp<std::int64_t>(fixup.sourceVertexID, 0, poolSize);
        const std::int64_t end = std::clamp<std::int64_t>(
            std::int64_t(fixup.sourceVertexID) + std::max(0, fixup.numVertexes), 0, poolSize);
        for (std::int64_t i = begin; i < end; ++i)
            order.push_back(static_cast<std::uint32_t>(i));
    }
    return order;
}

} // namespace vtxc
