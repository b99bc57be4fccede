// Texture and skin tables, as Valve's compiled models show them (tree_pine04's group reuses the
// SMD's texture by a differently cased name and adds the sway texture).
#include "compiler/mdl/mdl_textures.h"

#include "compiler/meshes/mesh_extraction.h"
#include "compiler/project/compile_codes.h"

#include <algorithm>
#include <cctype>

namespace vtxc {

namespace {

std::string lowered(std::string text) {
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

std::int16_t textureIndex(std::vector<MdlTexture>& textures, const std::string& name) {
    for (std::size_t i = 0; i < textures.size(); ++i)
        if (lowered(textures[i].name) == lowered(name)) return static_cast<std::int16_t>(i);
    MdlTexture texture;
    texture.name = name;
    textures.push_back(std::move(texture));
    return static_cast<std::int16_t>(textures.size() - 1);
}

std::string folderOf(const std::string& written) {
    std::string folder = written;
    std::replace(folder.begin(), folder.end(), '/', '\\');
    if (folder.empty() || folder.back() != '\\') folder += '\\';
    return folder;
}

// The name a material has in the .mdl: the last rename of it, else its own.
std::string renamed(const std::string& material, const std::vector<QcMaterialRename>& renames) {
    std::string name = material;
    for (const QcMaterialRename& rename : renames)
        if (sameMaterial(rename.from, material)) name = rename.to;
    return name;
}

void reportUnusedRenames(const std::vector<std::string>& materials,
                         const std::vector<QcTextureGroup>& groups,
                         const std::vector<QcMaterialRename>& renames, DiagnosticSink& sink) {
    std::vector<std::string> names = materials; // every name a rename may match
    for (const QcTextureGroup& group : groups)
        for (const auto& row : group.skins)
            names.insert(names.end(), row.begin(), row.end());
    for (const QcMaterialRename& rename : renames)
        if (std::none_of(names.begin(), names.end(),
                         [&](const std::string& name) { return sameMaterial(rename.from, name); }))
            sink.report(kMeshCodes["MESH008"], rename.definedAt,
                        "$renamematerial '" + rename.from +
                            "': no mesh or $texturegroup of the model uses that material; "
                            "nothing was renamed");
}

} // namespace

TextureTables buildTextureTables(const std::vector<std::string>& materials,
                                 const std::vector<QcTextureGroup>& groups,
                                 const std::vector<std::string>& cdMaterials,
                                 const std::vector<QcMaterialRename>& renames,
                                 DiagnosticSink& sink) {
    TextureTables tables;
    reportUnusedRenames(materials, groups, renames, sink);
    // One texture per material, in the materials' order, even where two get one new name: the
    // meshes number their textures by that order.
    for (const std::string& material : materials)
        tables.textures.push_back(MdlTexture{.name = renamed(material, renames)});
    for (const std::string& folder : cdMaterials)
        tables.cdmaterials.push_back(folderOf(folder));
    for (std::size_t g = 1; g < groups.size(); ++g)
        sink.report(kMeshCodes["MESH007"], groups[g].definedAt,
                    "only the first $texturegroup makes skin families; '" + groups[g].name +
                        "' is ignored (put every skin in one group)");
    std::vector<std::vector<std::int16_t>> rows;
    if (!groups.empty())
        for (const auto& row : groups.front().skins) {
            std::vector<std::int16_t> indices;
            for (const std::string& name : row)
                indices.push_back(textureIndex(tables.textures, renamed(name, renames)));
            rows.push_back(std::move(indices));
        }
    std::vector<std::int16_t> identity(tables.textures.size());
    for (std::size_t i = 0; i < identity.size(); ++i)
        identity[i] = static_cast<std::int16_t>(i);
    tables.skinFamilies.push_back(identity);
    for (std::size_t f = 1; f < rows.size(); ++f) {
        std::vector<std::int16_t> family = identity;
        for (std::size_t c = 0; c < rows[f].size() && c < rows[0].size(); ++c)
            family[static_cast<std::size_t>(rows[0][c])] = rows[f][c];
        tables.skinFamilies.push_back(std::move(family));
    }
    return tables;
}

} // namespace vtxc
