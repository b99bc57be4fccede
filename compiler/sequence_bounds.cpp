// Sequence boxes from the decoded animation frames: skinning with bone-to-model * poseToBone per
// vertex weight, as the engine's software skinning does.
#include "compiler/sequence_bounds.h"

#include "compiler/pose_math.h"
#include "formats/studio/mdl_codecs.h"

namespace vtxc {

SkinnedModel skinnedModelOf(const BuiltProject& built, const std::vector<MdlHitbox>& hitboxes,
                            bool boneOrigins) {
    SkinnedModel model;
    for (const BuiltBodyPart& part : built.bodyParts)
        for (const BuiltModel& m : part.models)
            for (const BuiltMesh& mesh : m.meshes)
                for (const ModelVertex& vertex : mesh.vertices) {
                    model.positions.push_back(toEigen(vertex.position));
                    model.weights.push_back(vertex.weights);
                }
    model.hitboxes = hitboxes;
    model.boneOrigins = boneOrigins;
    return model;
}

namespace {

std::vector<LocalPose> decodedPose(const std::vector<MdlBone>& bones, const MdlAnimDesc& encoded,
                                   const AnimationFrames& source, int frame) {
    const std::vector<BonePose> decoded = decodeAnimationFrame(encoded, bones, frame);
    std::vector<LocalPose> pose(decoded.size());
    for (std::size_t bone = 0; bone < decoded.size(); ++bone) {
        const Vec4& q = decoded[bone].rotation;
        pose[bone].position = toEigen(decoded[bone].position);
        pose[bone].rotation = Eigen::Quaterniond(q.w, q.x, q.y, q.z);
        if (source.delta && bone < source.reference.size()) {
            const LocalPose& ref = source.reference[bone];
            pose[bone].position += ref.position;
            pose[bone].rotation = ref.rotation * pose[bone].rotation;
        }
    }
    return pose;
}

void addFrame(const SkinnedModel& model, const std::vector<Eigen::Isometry3d>& boneToModel,
              const std::vector<Eigen::Isometry3d>& poseToBone, BoundingBox& box) {
    std::vector<Eigen::Isometry3d> skinning(boneToModel.size());
    for (std::size_t bone = 0; bone < boneToModel.size(); ++bone)
        skinning[bone] = boneToModel[bone] * poseToBone[bone];
    for (std::size_t v = 0; v < model.positions.size(); ++v) {
        const BoneWeights& weights = model.weights[v];
        Eigen::Vector3d skinned = Eigen::Vector3d::Zero();
        for (int k = 0; k < weights.count; ++k) {
            const auto bone = static_cast<std::size_t>(weights.bone[k]);
            if (bone < skinning.size())
                skinned +=
                    static_cast<double>(weights.weight[k]) * (skinning[bone] * model.positions[v]);
        }
        box.add(skinned);
    }
    for (const MdlHitbox& hitbox : model.hitboxes) {
        const auto bone = static_cast<std::size_t>(hitbox.bone);
        if (bone >= boneToModel.size()) continue;
        for (int corner = 0; corner < 8; ++corner) {
            const Eigen::Vector3d local((corner & 1) ? hitbox.bbmax.x : hitbox.bbmin.x,
                                        (corner & 2) ? hitbox.bbmax.y : hitbox.bbmin.y,
                                        (corner & 4) ? hitbox.bbmax.z : hitbox.bbmin.z);
            box.add(boneToModel[bone] * local);
        }
    }
    if (model.boneOrigins)
        for (const Eigen::Isometry3d& transform : boneToModel)
            box.add(transform.translation());
}

} // namespace

BoundingBox animationBounds(const SkinnedModel& model, const std::vector<MdlBone>& bones,
                            const MdlAnimDesc& encoded, const AnimationFrames& source) {
    std::vector<int> parents;
    std::vector<Eigen::Isometry3d> poseToBone;
    for (const MdlBone& bone : bones) {
        parents.push_back(bone.parent);
        poseToBone.push_back(fromMdlMatrix(bone.poseToBone));
    }
    BoundingBox box;
    for (int frame = 0; frame < encoded.numframes; ++frame)
        addFrame(model, modelTransforms(decodedPose(bones, encoded, source, frame), parents),
                 poseToBone, box);
    return box;
}

} // namespace vtxc
