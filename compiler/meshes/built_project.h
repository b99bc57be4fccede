// The compiled model before it becomes files: bones, materials, and each body part's models with
// their LOD-sorted meshes. Produced by the driver, consumed by the .vvd/.vtx/layout builders.
#pragma once

#include "compiler/bone_table.h"
#include "compiler/model_assembly.h"
#include "compiler/model_project.h"

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

} // namespace vtxc
