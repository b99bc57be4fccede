// Turns one SMD's triangles into per-material corner lists of model vertices: bones mapped to the
// model's table, weights capped, placement applied, and Valve's output conventions
// (docs/formats.md).
#pragma once

#include "compiler/project/model_project.h"
#include "formats/smd/smd.h"
#include "optimizer/bone_weights.h"
#include "optimizer/mesh_types.h"

#include <string>
#include <vector>

namespace vtxc {

// Corners of one material, three per triangle, in output winding (SMD a, b, c drawn a, c, b)
// with v stored as 1 - v.
struct MaterialCorners {
    std::string material; // as the SMD names it (extension stripped), see materialKey()
    std::vector<ModelVertex> corners;
    std::vector<std::uint32_t> sourceLines; // SMD line of each triangle
};

struct ExtractionOptions {
    float weightThreshold = 0.05f;
    bool staticProp = false; // rotate 90 degrees about Z, every vertex on bone 0
};

struct ExtractedMesh {
    std::vector<MaterialCorners> materials; // in order of first appearance in the SMD
    InfluenceLossSummary influenceLoss;
    std::size_t skippedNullFaces = 0;
};

// The name a material is known by: the SMD material line without its extension (everything from
// the last dot of the file name part: `metal.vmt`, `lock.001` -> `metal`, `lock`).
std::string materialKey(const std::string& smdMaterial);
// Two spellings of one material: the same name once the extension is dropped, compared without
// case and with `\` as `/` (the first spelling names the material in the tables).
bool sameMaterial(const std::string& a, const std::string& b);
// Faces of these materials are left out, as studiomdl does (null.bmp, null.tga, debug/debugempty).
bool isNullMaterial(const std::string& smdMaterial);

// `nodeToBone` maps each SMD node to a model bone (BoneTable::mapNodes).
ExtractedMesh extractMesh(const SmdFile& smd, const std::vector<int>& nodeToBone,
                          const MeshSourceRef& placement, const ExtractionOptions& options);

} // namespace vtxc
