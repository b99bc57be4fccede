// The .mdl-side view of a compile: mesh vertex offsets relative to their model, model vertex
// offsets in mesh order, per-LOD vertex counts as the .mdl's mesh numLODVertexes holds them.
#include "compiler/model_layout.h"

#include "compiler/version.h"

namespace vtxc {

namespace {
LayoutModel modelOf(const BuiltModel& model, std::size_t modelVertexStart,
                    const std::vector<std::string>& materials) {
    LayoutModel out;
    out.name = model.name;
    out.vertexIndex = modelVertexStart;
    for (const BuiltMesh& mesh : model.meshes) {
        out.meshes.push_back({mesh.material, materials[mesh.material], out.vertexCount,
                              mesh.vertices.size(), mesh.lodVertexCounts()});
        out.vertexCount += mesh.vertices.size();
    }
    return out;
}

// Animation files as layout.json names them: relative to the QC's content root, so the same
// project gives the same layout wherever it is checked out.
std::string layoutFileName(const std::filesystem::path& file, const ModelProject& project) {
    if (project.description && !project.description->rootDirectory.empty()) {
        const std::filesystem::path relative =
            file.lexically_relative(project.description->rootDirectory);
        if (!relative.empty() && *relative.begin() != "..") return relative.generic_string();
    }
    return file.generic_string();
}
} // namespace

ModelLayout modelLayout(const BuiltProject& built, const ModelProject& project,
                        const VvdAssembly& vvd) {
    ModelLayout layout;
    layout.generator = std::string("vtxc ") + versionString();
    layout.name = project.name;
    layout.staticProp = built.staticProp;
    layout.mdlFlags = project.mdlFlags;
    for (const ModelBone& bone : built.bones.bones())
        layout.bones.push_back({bone.name, bone.parent});
    layout.materials = built.materials;
    layout.cdMaterials = project.cdMaterials;
    layout.textureGroups = project.textureGroups;
    for (const ProjectLod& lod : built.lods)
        layout.lods.push_back({lod.switchPoint, lod.shadow});
    std::size_t modelIndex = 0;
    for (const BuiltBodyPart& part : built.bodyParts) {
        LayoutBodyPart& bodyPart = layout.bodyParts.emplace_back();
        bodyPart.name = part.name;
        for (const BuiltModel& model : part.models)
            bodyPart.models.push_back(
                modelOf(model, vvd.modelVertexStart.at(modelIndex++), built.materials));
    }
    layout.generatedLods = project.generatedLodFigures;
    for (const auto& s : project.sequences) {
        LayoutSequence& sequence = layout.sequences.emplace_back();
        sequence.name = s.name;
        for (const auto& f : s.files)
            sequence.files.push_back(layoutFileName(f, project));
        sequence.fps = s.fps;
        sequence.loop = s.loop;
        sequence.frames = s.frames;
    }
    return layout;
}

} // namespace vtxc
