// The model's skeleton in its bind pose, the BONE_USED_BY_* flags of every bone, and the .mdl bone
// records (docs/mdl-compile.md; studio.h of the public Source SDK 2013).
#pragma once

#include "compiler/skeleton/bone_table.h"
#include "compiler/skeleton/pose_math.h"
#include "formats/studio/mdl.h"

#include <optional>
#include <string>
#include <vector>

namespace vtxc {

struct Skeleton {
    std::vector<ModelBone> bones;
    std::vector<int> parents;
    std::vector<LocalPose> bind;                // relative to the parent
    std::vector<Eigen::Isometry3d> boneToModel; // bind pose in model space
    // Case-insensitive lookup, as studiomdl matches bone names.
    std::optional<int> find(const std::string& name) const;
    std::size_t size() const { return bones.size(); }
};

Skeleton buildSkeleton(const BoneTable& table);

// What uses each bone directly; boneFlags() adds the ancestors.
struct BoneUse {
    std::vector<int> hitboxBones;     // bones carrying a hitbox of set 0
    std::vector<int> attachmentBones; // bones carrying an attachment
    std::vector<int> ikLinkBones;     // links of IK chains (BONE_USED_BY_ATTACHMENT)
    std::vector<int> boneMergeBones;  // named by $bonemerge
    // [lod][bone]: a vertex used by LOD lod has a non-zero weight on the bone.
    std::vector<std::vector<bool>> weightedPerLod;
};

// BONE_USED_BY_* per bone; a bone carries every bit of its descendants.
std::vector<std::int32_t> boneFlags(const Skeleton& skeleton, const BoneUse& use);

struct BoneScales {
    Vec3 posscale;
    Vec3 rotscale;
};

// The .mdl bone records: bind pose, poseToBone (inverse of the bind bone-to-model transform),
// scales, flags and the model's surface property and contents on every bone.
std::vector<MdlBone> mdlBones(const Skeleton& skeleton, const std::vector<std::int32_t>& flags,
                              const std::vector<BoneScales>& scales, const std::string& surfaceProp,
                              std::int32_t contents);

} // namespace vtxc
