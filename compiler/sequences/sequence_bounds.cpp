// Sequence boxes from the decoded animation frames: skinning with bone-to-model * poseToBone per
// vertex weight, as the engine's software skinning does.
#include "compiler/sequences/sequence_bounds.h"

#include "compiler/animation/motion_extraction.h"
#include "compiler/skeleton/pose_math.h"

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

// A rotation scaled by a weight: its angle times the weight about the same axis, so a weight
// above 1 turns further (Valve's weight lists hold weights up to 5).
Eigen::Quaterniond scaledRotation(const Eigen::Quaterniond& rotation, double weight) {
    Eigen::AngleAxisd turn(rotation.normalized());
    turn.angle() *= weight;
    return Eigen::Quaterniond(turn);
}

// The frame measured: a weighed animation's frame before its weight list; a delta's frame added to
// the base pose, bone by bone in the parent's frame and scaled by the bone's weight.
std::vector<LocalPose> measuredPose(const AnimationFrames& source, std::size_t frame,
                                    const std::vector<LocalPose>& base,
                                    const std::vector<float>& boneWeights) {
    if (!source.unweighted.empty()) return source.unweighted[frame];
    std::vector<LocalPose> pose = source.frames[frame];
    if (!source.delta) return pose;
    for (std::size_t bone = 0; bone < pose.size(); ++bone) {
        const double weight = bone < boneWeights.size() ? boneWeights[bone] : 1.0;
        const LocalPose rest = bone < base.size() ? base[bone] : LocalPose{};
        pose[bone].position = rest.position + weight * pose[bone].position;
        pose[bone].rotation = rest.rotation * scaledRotation(pose[bone].rotation, weight);
    }
    return pose;
}

// The movements as extracted, where the last one ends early (motion rollback): that record
// run to its piece's end. Empty for every other animation, whose frames are measured as written.
std::vector<MdlMovement> extractedMovements(const AnimationFrames& source) {
    if (source.movementRollback <= 0 || source.movements.empty()) return {};
    std::vector<MdlMovement> extracted = source.movements;
    extracted.back().endframe += source.movementRollback;
    return extracted;
}

// A frame of an animation whose last record ends early, placed where the records put it: the
// file's root less the recorded motion. Valve's hl2mp `mp_run_*_mod` boxes reach 74.7 units
// behind the model (frame 9, where the record has the whole 125.874-unit cycle and the root has
// gone half of it), where the frames alone reach 30.8.
void placeAsRecorded(const AnimationFrames& source, const std::vector<MdlMovement>& extracted,
                     int frame, const std::vector<int>& parents, std::vector<LocalPose>& pose) {
    const Eigen::Isometry3d placement =
        movementAtFrame(source.movements, frame).inverse() * movementAtFrame(extracted, frame);
    for (std::size_t bone = 0; bone < pose.size() && bone < parents.size(); ++bone)
        if (parents[bone] < 0) pose[bone] = poseOf(placement * transformOf(pose[bone]));
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
                            const AnimationFrames& source, const std::vector<LocalPose>& deltaBase,
                            const std::vector<float>& boneWeights) {
    std::vector<int> parents;
    std::vector<Eigen::Isometry3d> poseToBone;
    for (const MdlBone& bone : bones) {
        parents.push_back(bone.parent);
        poseToBone.push_back(fromMdlMatrix(bone.poseToBone));
    }
    const std::vector<MdlMovement> extracted = extractedMovements(source);
    BoundingBox box;
    for (std::size_t frame = 0; frame < source.frames.size(); ++frame) {
        std::vector<LocalPose> pose = measuredPose(source, frame, deltaBase, boneWeights);
        if (!extracted.empty())
            placeAsRecorded(source, extracted, static_cast<int>(frame), parents, pose);
        addFrame(model, modelTransforms(pose, parents), poseToBone, box);
    }
    return box;
}

} // namespace vtxc
