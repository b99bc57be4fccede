// Skeleton, bone flags and bone records. The flag rules (used by hitbox, attachment, IK link,
// vertices of LOD n, bone merge; parents carry their children's bits) are those observed on every
// bone of Valve's compiled models (docs/mdl-compile.md).
#include "compiler/skeleton/bone_setup.h"

#include <algorithm>
#include <cctype>

namespace vtxc {

std::optional<int> Skeleton::find(const std::string& name) const {
    // Compared without case and without copying: called for every node of every animation file.
    auto sameIgnoringCase = [](const std::string& a, const std::string& b) {
        return a.size() == b.size() &&
               std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
                   return std::tolower(static_cast<unsigned char>(x)) ==
                          std::tolower(static_cast<unsigned char>(y));
               });
    };
    for (std::size_t i = 0; i < bones.size(); ++i)
        if (sameIgnoringCase(bones[i].name, name)) return static_cast<int>(i);
    return std::nullopt;
}

Skeleton buildSkeleton(const BoneTable& table) {
    Skeleton skeleton;
    skeleton.bones = table.bones();
    for (const ModelBone& bone : skeleton.bones) {
        skeleton.parents.push_back(bone.parent);
        LocalPose pose;
        pose.position = toEigen(bone.position);
        pose.rotation = quaternionFromEuler(toEigen(bone.rotation));
        skeleton.bind.push_back(pose);
    }
    skeleton.boneToModel = modelTransforms(skeleton.bind, skeleton.parents);
    return skeleton;
}

std::vector<std::int32_t> boneFlags(const Skeleton& skeleton, const BoneUse& use) {
    std::vector<std::int32_t> flags(skeleton.size(), 0);
    auto mark = [&](const std::vector<int>& list, std::int32_t bit) {
        for (int bone : list)
            if (bone >= 0 && static_cast<std::size_t>(bone) < flags.size())
                flags[static_cast<std::size_t>(bone)] |= bit;
    };
    mark(use.hitboxBones, kBoneUsedByHitbox);
    mark(use.attachmentBones, kBoneUsedByAttachment);
    mark(use.ikLinkBones, kBoneUsedByAttachment);
    mark(use.boneMergeBones, kBoneUsedByBoneMerge);
    for (std::size_t lod = 0; lod < use.weightedPerLod.size() && lod < 8; ++lod)
        for (std::size_t bone = 0; bone < flags.size(); ++bone)
            if (use.weightedPerLod[lod][bone])
                flags[bone] |= kBoneUsedByVertexLod0 << static_cast<int>(lod);
    // Children come after their parents: one backward pass hands every bit up the hierarchy.
    for (std::size_t bone = flags.size(); bone-- > 0;) {
        const int parent = skeleton.parents[bone];
        if (parent >= 0) flags[static_cast<std::size_t>(parent)] |= flags[bone];
    }
    return flags;
}

std::vector<MdlBone> mdlBones(const Skeleton& skeleton, const std::vector<std::int32_t>& flags,
                              const std::vector<BoneScales>& scales, const std::string& surfaceProp,
                              std::int32_t contents) {
    std::vector<MdlBone> out;
    for (std::size_t i = 0; i < skeleton.size(); ++i) {
        MdlBone bone;
        bone.name = skeleton.bones[i].name;
        bone.parent = skeleton.parents[i];
        bone.pos = skeleton.bones[i].position;
        bone.rot = skeleton.bones[i].rotation;
        bone.quat = toVec4(skeleton.bind[i].rotation);
        bone.posscale = scales[i].posscale;
        bone.rotscale = scales[i].rotscale;
        bone.poseToBone = toMdlMatrix(skeleton.boneToModel[i].inverse());
        bone.qAlignment = {0, 0, 0, 0};
        bone.flags = flags[i];
        bone.surfaceprop = surfaceProp;
        bone.contents = contents;
        out.push_back(std::move(bone));
    }
    return out;
}

} // namespace vtxc
