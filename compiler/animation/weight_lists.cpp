// Weight lists: the weight of a bone is inherited from its nearest named ancestor, which gives the
// partial lists of Valve's compiled models (1 on the spine up to the last bone before a bone named
// with weight 0); a bone with no named ancestor weighs 0 (combine_soldier_anims.mdl:
// `weapongesture_justspine` names the spine, not the pelvis, and the pelvis weighs 0).
#include "compiler/animation/weight_lists.h"

namespace vtxc {

std::optional<std::vector<double>>
resolveWeightList(const QcWeightList& list, const Skeleton& skeleton, DiagnosticSink& sink) {
    std::vector<std::optional<double>> named(skeleton.size());
    bool ok = true;
    for (const auto& [bone, weight] : list.weights) {
        const std::optional<int> index = skeleton.find(bone);
        if (!index) {
            sink.error("BONE004", list.definedAt,
                       "$weightlist '" + list.name + "' names bone '" + bone +
                           "', which the model does not have");
            ok = false;
            continue;
        }
        named[static_cast<std::size_t>(*index)] = weight;
    }
    if (!ok) return std::nullopt;
    std::vector<double> weights(skeleton.size(), 0.0);
    for (std::size_t bone = 0; bone < skeleton.size(); ++bone) {
        const int parent = skeleton.parents[bone];
        if (named[bone])
            weights[bone] = *named[bone];
        else if (parent >= 0)
            weights[bone] = weights[static_cast<std::size_t>(parent)];
    }
    return weights;
}

std::optional<std::vector<double>> namedWeightList(const QcMdlSettings& settings,
                                                   const std::string& name,
                                                   const SourceLocation& at,
                                                   const Skeleton& skeleton, DiagnosticSink& sink) {
    const QcWeightList* list = settings.findWeightList(name);
    if (!list) {
        sink.error("SEQ002", at,
                   "no $weightlist is named '" + name + "'; define it before the sequences");
        return std::nullopt;
    }
    return resolveWeightList(*list, skeleton, sink);
}

} // namespace vtxc
