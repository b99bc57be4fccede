// The compiled model before it becomes files: bones, materials, and each body part's models with
// their LOD-sorted meshes. Produced by the driver, consumed by the .vvd/.vtx/layout builders.
#pragma once

#include "compiler/meshes/model_assembly.h"
#include "compiler/project/model_project.h"
#include "compiler/skeleton/bone_table.h"

#include <string>
#include <vector>

namespace vtxc {

struct BuiltBodyPart {
    std::string name;
    std::vector<BuiltModel> models;
};

struct BuiltProject {
    BoneTable bones;
    std::vector<std::string> materials; // material table, in order of first appearance
    std::vector<BuiltBodyPart> bodyParts;
    std::vector<ProjectLod> lods;
    bool staticProp = false;

    std::size_t lodCount() const { return lods.size(); }
};

// For every LOD, the bones its vertices are weighted to (the .mdl's BONE_USED_BY_VERTEX_LODn).
std::vector<std::vector<bool>> bonesWeightedPerLod(const BuiltProject& built, std::size_t bones);

} // namespace vtxc
