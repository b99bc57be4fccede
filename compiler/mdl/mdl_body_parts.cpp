// Body part, model and mesh records: base = product of the earlier parts' model counts; a model's
// vertexindex/tangentsindex are 48 and 16 times its first vertex in the .vvd; each mesh's
// numLODVertexes are the vertices its LODs >= n use, the slots past the last LOD repeating it.
#include "compiler/mdl/mdl_body_parts.h"

#include <algorithm>

namespace vtxc {

std::vector<MdlBodyPart> buildBodyParts(const BuiltProject& built, const VvdAssembly& vvd,
                                        const std::vector<std::vector<bool>>& blank) {
    std::vector<MdlBodyPart> parts;
    std::int32_t base = 1;
    std::int32_t meshId = 0;
    std::size_t modelIndex = 0;
    for (std::size_t b = 0; b < built.bodyParts.size(); ++b) {
        const BuiltBodyPart& part = built.bodyParts[b];
        MdlBodyPart out;
        out.name = part.name;
        out.base = base;
        for (std::size_t m = 0; m < part.models.size(); ++m, ++modelIndex) {
            const BuiltModel& model = part.models[m];
            MdlModel record;
            const bool isBlank = b < blank.size() && m < blank[b].size() && blank[b][m];
            record.name = isBlank ? std::string() : model.name;
            const auto start = static_cast<std::int32_t>(vvd.modelVertexStart.at(modelIndex));
            record.vertexindex = 48 * start;
            record.tangentsindex = 16 * start;
            std::int32_t offset = 0;
            for (const BuiltMesh& mesh : model.meshes) {
                MdlMesh meshRecord;
                meshRecord.material = static_cast<std::int32_t>(mesh.material);
                meshRecord.numvertices = static_cast<std::int32_t>(mesh.vertices.size());
                meshRecord.vertexoffset = offset;
                meshRecord.meshid = meshId++;
                const std::vector<std::size_t> counts = mesh.lodVertexCounts();
                for (std::size_t lod = 0; lod < meshRecord.numLODVertexes.size(); ++lod)
                    meshRecord.numLODVertexes[lod] = static_cast<std::int32_t>(
                        counts.empty() ? 0 : counts[std::min(lod, counts.size() - 1)]);
                offset += meshRecord.numvertices;
                record.meshes.push_back(std::move(meshRecord));
            }
            record.numvertices = offset;
            out.models.push_back(std::move(record));
        }
        base *= std::max<std::int32_t>(1, static_cast<std::int32_t>(part.models.size()));
        parts.push_back(std::move(out));
    }
    return parts;
}

} // namespace vtxc
