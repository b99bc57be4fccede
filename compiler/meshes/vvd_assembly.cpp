// Builds the .vvd vertex pool: LOD-sorted (coarsest LOD first), with fixups restoring mesh order.
// Layout facts from docs/formats.md (".vvd") and the fixup record of studio.h.
#include "compiler/meshes/vvd_assembly.h"

#include <algorithm>

namespace vtxc {

namespace {
VvdVertex toVvdVertex(const ModelVertex& v) {
    VvdVertex out;
    out.position = v.position;
    out.normal = v.normal;
    out.texCoord = v.uv;
    out.boneWeights.numBones = v.weights.count;
    for (int k = 0; k < kMaxBonesPerVertex; ++k) {
        const bool used = k < v.weights.count;
        out.boneWeights.weight[k] = used ? v.weights.weight[k] : 0.0f;
        out.boneWeights.bone[k] = used ? static_cast<std::int8_t>(v.weights.bone[k]) : 0;
    }
    return out;
}

// A run of one mesh's vertices that share their coarsest LOD (contiguous in mesh order).
struct Run {
    int lod;
    const BuiltMesh* mesh;
    std::size_t first;
    std::size_t count;
};
} // namespace

VvdAssembly assembleVvd(const BuiltProject& project) {
    VvdAssembly out;
    const int lodCount = static_cast<int>(project.lodCount());
    std::vector<Run> runs; // in mesh order
    std::size_t meshCount = 0, inMeshOrder = 0;
    for (const BuiltBodyPart& part : project.bodyParts)
        for (const BuiltModel& model : part.models) {
            out.modelVertexStart.push_back(inMeshOrder);
            for (const BuiltMesh& mesh : model.meshes) {
                ++meshCount;
                inMeshOrder += mesh.vertices.size();
                for (std::size_t i = 0; i < mesh.vertices.size();) {
                    std::size_t j = i;
                    while (j < mesh.vertices.size() && mesh.coarsestLod[j] == mesh.coarsestLod[i])
                        ++j;
                    runs.push_back({mesh.coarsestLod[i], &mesh, i, j - i});
                    i = j;
                }
            }
        }
    // The pool: coarsest LOD first; within one LOD, mesh order.
    std::vector<std::size_t> poolStart(runs.size());
    VvdFile& file = out.file;
    for (int lod = lodCount - 1; lod >= 0; --lod)
        for (std::size_t r = 0; r < runs.size(); ++r) {
            if (runs[r].lod != lod) continue;
            poolStart[r] = file.vertices.size();
            for (std::size_t i = 0; i < runs[r].count; ++i) {
                file.vertices.push_back(toVvdVertex(runs[r].mesh->vertices[runs[r].first + i]));
                file.tangents.push_back(runs[r].mesh->tangents[runs[r].first + i]);
            }
        }
    file.numLODs = lodCount;
    for (int n = 0; n < kVvdMaxLods; ++n) {
        const int lod = std::min(n, lodCount - 1);
        std::int32_t count = 0;
        for (const Run& run : runs)
            if (run.lod >= lod) count += static_cast<std::int32_t>(run.count);
        file.numLODVertexes[static_cast<std::size_t>(n)] = count;
    }
    // Sorting by LOD only breaks mesh order when there are several meshes and several LODs.
    if (meshCount > 1 && lodCount > 1)
        for (std::size_t r = 0; r < runs.size(); ++r)
            file.fixups.push_back({runs[r].lod, static_cast<std::int32_t>(poolStart[r]),
                                   static_cast<std::int32_t>(runs[r].count)});
    return out;
}

} // namespace vtxc
