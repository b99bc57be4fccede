// Queries on the built meshes that later stages share.
#include "compiler/meshes/built_project.h"

namespace vtxc {

std::vector<std::vector<bool>> bonesWeightedPerLod(const BuiltProject& built, std::size_t bones) {
    std::vector<std::vector<bool>> used(built.lodCount(), std::vector<bool>(bones, false));
    for (const BuiltBodyPart& part : built.bodyParts)
        for (const BuiltModel& model : part.models)
            for (const BuiltMesh& mesh : model.meshes)
                for (std::size_t lod = 0; lod < mesh.lodIndices.size() && lod < used.size(); ++lod)
                    for (std::uint32_t v : mesh.lodIndices[lod]) {
                        const BoneWeights& weights = mesh.vertices[v].weights;
                        for (int k = 0; k < weights.count; ++k) {
                            const auto bone = static_cast<std::size_t>(weights.bone[k]);
                            if (weights.weight[k] > 0.0f && bone < bones) used[lod][bone] = true;
                        }
                    }
    return used;
}

} // namespace vtxc
