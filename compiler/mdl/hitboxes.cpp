// $hbox sets and generated hitboxes. The generation rule reproduces every box of Valve's compiled
// models that have no $hbox (docs/mdl-compile.md).
#include "compiler/mdl/hitboxes.h"

#include <algorithm>

namespace vtxc {

std::optional<std::vector<MdlHitboxSet>> hitboxSetsFromQc(const std::vector<QcHitboxSet>& sets,
                                                          const Skeleton& skeleton,
                                                          DiagnosticSink& sink) {
    std::vector<MdlHitboxSet> out;
    bool ok = true;
    for (const QcHitboxSet& set : sets) {
        MdlHitboxSet built{set.name, {}};
        for (const QcHitbox& box : set.boxes) {
            const std::optional<int> bone = skeleton.find(box.bone);
            if (!bone) {
                sink.error("BONE004", box.definedAt,
                           "$hbox names bone '" + box.bone +
                               "', which the model does not have; name one of its bones");
                ok = false;
                continue;
            }
            MdlHitbox hitbox;
            hitbox.bone = *bone;
            hitbox.group = box.group;
            hitbox.bbmin = toVec3({box.min[0], box.min[1], box.min[2]});
            hitbox.bbmax = toVec3({box.max[0], box.max[1], box.max[2]});
            hitbox.name = box.name;
            built.hitboxes.push_back(std::move(hitbox));
        }
        out.push_back(std::move(built));
    }
    if (!ok) return std::nullopt;
    return out;
}

namespace {
struct Bounds {
    Eigen::Vector3d min = Eigen::Vector3d::Constant(1e300);
    Eigen::Vector3d max = Eigen::Vector3d::Constant(-1e300);
    bool empty = true;
    void add(const Eigen::Vector3d& p) {
        min = min.cwiseMin(p);
        max = max.cwiseMax(p);
        empty = false;
    }
};
} // namespace

std::vector<MdlHitbox> generatedHitboxCandidates(const Skeleton& skeleton,
                                                 const BuiltProject& built) {
    const std::size_t count = skeleton.size();
    std::vector<Bounds> bounds(count);
    std::vector<bool> hasContent(count, false);
    std::vector<Eigen::Isometry3d> modelToBone;
    for (const Eigen::Isometry3d& boneToModel : skeleton.boneToModel)
        modelToBone.push_back(boneToModel.inverse());
    for (std::size_t bone = 0; bone < count; ++bone)
        bounds[bone].add(Eigen::Vector3d::Zero());
    for (std::size_t bone = 0; bone < count; ++bone) {
        const int parent = skeleton.parents[bone];
        if (parent < 0) continue;
        bounds[static_cast<std::size_t>(parent)].add(skeleton.bind[bone].position);
        hasContent[static_cast<std::size_t>(parent)] = true;
    }
    for (const BuiltBodyPart& part : built.bodyParts)
        for (const BuiltModel& model : part.models)
            for (const BuiltMesh& mesh : model.meshes)
                for (const ModelVertex& vertex : mesh.vertices)
                    for (int k = 0; k < vertex.weights.count; ++k) {
                        const auto bone = static_cast<std::size_t>(vertex.weights.bone[k]);
                        if (vertex.weights.weight[k] <= 0.0f || bone >= count) continue;
                        bounds[bone].add(modelToBone[bone] * toEigen(vertex.position));
                        hasContent[bone] = true;
                    }
    std::vector<MdlHitbox> candidates;
    for (std::size_t bone = 0; bone < count; ++bone) {
        if (!hasContent[bone]) continue;
        MdlHitbox box;
        box.bone = static_cast<std::int32_t>(bone);
        box.bbmin = toVec3(bounds[bone].min);
        box.bbmax = toVec3(bounds[bone].max);
        candidates.push_back(std::move(box));
    }
    return candidates;
}

MdlHitboxSet generatedHitboxes(const std::vector<MdlHitbox>& candidates) {
    MdlHitboxSet set{"default", {}};
    for (const MdlHitbox& box : candidates) {
        const Eigen::Vector3d size = toEigen(box.bbmax) - toEigen(box.bbmin);
        if (size.minCoeff() >= kMinAutoHitboxSide) set.hitboxes.push_back(box);
    }
    return set;
}

} // namespace vtxc
