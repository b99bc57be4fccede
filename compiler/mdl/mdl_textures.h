// Textures, material folders and skin families (docs/mdl-compile.md).
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/qc/qc_project.h"
#include "formats/studio/mdl.h"

#include <string>
#include <vector>

namespace vtxc {

struct TextureTables {
    std::vector<MdlTexture> textures;
    std::vector<std::string> cdmaterials;
    std::vector<std::vector<std::int16_t>> skinFamilies; // [family][skin reference]
};

// Textures: the meshes' materials in order of first use, then materials only a $texturegroup
// names (matched ignoring case). Families: row 0 is the identity; family f replaces the texture
// of each column of the group's first row by the one of its row f. Only the first $texturegroup
// is used (SKIN001, a warning, names the others). Folders: as written with '/' turned into '\'
// and a trailing '\'. Renames ($renamematerial, matched as materials are: ignoring case and the
// extension) give a texture its new name, also where a $texturegroup names the old one; each
// texture keeps its place, so the meshes keep theirs. A rename that names no material of the
// model is MESH008, a warning at its line.
TextureTables buildTextureTables(const std::vector<std::string>& materials,
                                 const std::vector<QcTextureGroup>& groups,
                                 const std::vector<std::string>& cdMaterials,
                                 const std::vector<QcMaterialRename>& renames,
                                 DiagnosticSink& sink);

} // namespace vtxc
