// `vtxc inspect` of compiled files (.vvd, .vtx, .mdl) and of a whole model given its base path,
// whose files are cross-checked (formats/model_check; the .phy by tools/model_physics_check) with
// every mismatch reported as one finding.
#include "cli/inspect/compiled_file_json.h"
#include "cli/inspect/compiled_file_tree.h"
#include "cli/inspect/inspect.h"
#include "formats/common/file_io.h"
#include "formats/common/text.h"
#include "formats/phy/phy_check.h"
#include "formats/studio/model_check.h"
#include "formats/studio/model_files.h"
#include "formats/studio/studio_codes.h"
#include "tools/model_physics_check.h"

#include <algorithm>
#include <cstdio>

namespace vtxc::cli {

namespace {

using Json = nlohmann::ordered_json;

void print(const std::string& text) {
    std::fputs(text.c_str(), stdout);
}
void printJson(const Json& json) {
    print(json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

template <class File, class Read, class ToJson, class ToTree>
void inspectWith(std::span<const std::uint8_t> bytes, const std::string& name, bool json,
                 DiagnosticSink& sink, Read read, ToJson toJson, ToTree toTree) {
    const std::optional<File> file = read(bytes, name, sink);
    if (!file) return;
    if (json)
        printJson(toJson(*file));
    else
        print(toTree(*file, name));
}

std::size_t triangles(const VtxModelLod& lod) {
    std::size_t indices = 0;
    for (const auto& mesh : lod.meshes)
        for (const auto& group : mesh.stripGroups)
            indices += group.indices.size();
    return indices / 3;
}

// One line per file of a model: enough to see what the cross-check compared.
Json mdlSummary(const MdlFile& mdl, const std::string& name) {
    std::size_t models = 0, meshes = 0;
    std::int64_t vertices = 0;
    for (const auto& bodyPart : mdl.bodyParts)
        for (const auto& model : bodyPart.models) {
            ++models;
            meshes += model.meshes.size();
            vertices += model.numvertices;
        }
    return {{"file", name},
            {"kind", "mdl"},
            {"version", mdl.version},
            {"checksum", mdl.checksum},
            {"numbones", mdl.bones.size()},
            {"numbodyparts", mdl.bodyParts.size()},
            {"models", models},
            {"meshes", meshes},
            {"numvertices", vertices}};
}

Json vvdSummary(const VvdFile& vvd, const std::string& name) {
    return {{"file", name},
            {"kind", "vvd"},
            {"checksum", vvd.checksum},
            {"numLODs", vvd.numLODs},
            {"numLODVertexes", vvd.numLODVertexes},
            {"numFixups", vvd.fixups.size()},
            {"vertexCount", vvd.vertices.size()}};
}

Json vtxSummary(const LoadedModel::Vtx& vtx) {
    Json lodTriangles = Json::array();
    if (!vtx.file.bodyParts.empty() && !vtx.file.bodyParts.front().models.empty())
        for (const auto& lod : vtx.file.bodyParts.front().models.front().lods)
            lodTriangles.push_back(triangles(lod));
    return {{"file", vtx.name},
            {"kind", "vtx"},
            {"variant", vtx.variant},
            {"checkSum", vtx.file.checkSum},
            {"numLODs", vtx.file.numLODs},
            {"maxBonesPerStrip", vtx.file.maxBonesPerStrip},
            {"numBodyParts", vtx.file.bodyParts.size()},
            {"trianglesPerLod", lodTriangles}};
}

Json phySummary(const PhyFile& phy, const std::string& name) {
    std::size_t pieces = 0;
    for (const PhySolid& solid : phy.solids)
        pieces += phyPieceLedges(solid.surface).size();
    Json summary{{"file", name},
                 {"kind", "phy"},
                 {"checkSum", phy.checkSum},
                 {"solidCount", phy.solids.size()},
                 {"pieces", pieces},
                 {"jointed", isJointedPhy(phy)}};
    for (const PhyTextBlock* block : phy.text.blocksOf(PhyBlockKind::EditParams))
        if (const auto total = block->number("totalmass")) {
            summary["totalmass"] = *total;
            break;
        }
    return summary;
}

// What a consistent model's .phy was found to agree with; the .mdl's fields are compared only
// when the two come from one compile (tools/model_physics_check.h).
std::string phyAgreement(const PhyFile* phy, const LoadedModel& model) {
    if (!phy) return "";
    if (model.mdl && model.mdl->checksum == phy->checkSum)
        return "; the .phy's hulls are closed and its solids, mass and physicsbone fields agree "
               "with the .mdl";
    return "; the .phy's hulls are closed";
}

std::string summaryLine(const Json& summary) {
    std::string line = "  " + summary["file"].get<std::string>() + ":";
    bool first = true;
    for (const auto& [key, value] : summary.items()) {
        if (key == "file" || key == "kind") continue;
        line += (first ? " " : ", ") + key + " " +
                (value.is_string()
                     ? value.get<std::string>()
                     : value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        first = false;
    }
    return line + "\n";
}

} // namespace

void inspectCompiledFile(const std::filesystem::path& file, bool json, bool frames,
                         DiagnosticSink& sink) {
    const auto data = readWholeFile(file, sink, kMaxModelFileBytes);
    if (!data) return;
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(data->data()),
                                              data->size());
    const std::string name = file.string();
    const std::string extension = lowerExtension(file);
    if (extension == ".vvd")
        inspectWith<VvdFile>(bytes, name, json, sink, readVvd, vvdJson, vvdTree);
    else if (extension == ".vtx")
        inspectWith<VtxFile>(bytes, name, json, sink, readVtx, vtxJson, vtxTree);
    else
        inspectWith<MdlFile>(
            bytes, name, json, sink, readMdl,
            [frames](const MdlFile& mdl) { return mdlJson(mdl, frames); },
            [frames](const MdlFile& mdl, const std::string& label) {
                return mdlTree(mdl, label, frames);
            });
}

void inspectModel(const std::filesystem::path& basePath, bool json, DiagnosticSink& sink) {
    const ModelFilePaths paths = findModelFiles(basePath);
    if (paths.empty()) {
        const std::string base = basePath.string();
        sink.report(
            kModelCheckCodes["CHK010"], {base},
            "no model files found: looked for " + base +
                ".mdl, .vvd, .dx90.vtx, .dx80.vtx and "
                ".sw.vtx (ignoring case); give a model's path without extension, e.g. models/foo");
        return;
    }
    const LoadedModel model = loadModelFiles(paths, sink);
    std::vector<Diagnostic> findings = checkModel(model);
    // The .phy is found here, not in loadModelFiles: formats/studio may not know formats/phy.
    const std::filesystem::path phyPath = findModelPhy(basePath);
    const std::string phyName = phyPath.string();
    const std::optional<PhyFile> phy = phyPath.empty() ? std::nullopt : loadPhyFile(phyPath, sink);
    if (phy)
        for (Diagnostic& finding :
             checkModelPhysics(model.mdl ? &*model.mdl : nullptr, model.mdlName, *phy, phyName))
            findings.push_back(std::move(finding));
    for (const Diagnostic& finding : findings)
        sink.report(finding);

    Json summaries = Json::array();
    if (model.mdl) summaries.push_back(mdlSummary(*model.mdl, model.mdlName));
    if (model.vvd) summaries.push_back(vvdSummary(*model.vvd, model.vvdName));
    for (const auto& vtx : model.vtx)
        summaries.push_back(vtxSummary(vtx));
    if (phy) summaries.push_back(phySummary(*phy, phyName));
    const bool consistent = !sink.hasErrors();
    if (json) {
        Json out;
        out["base"] = basePath.string();
        out["files"] = summaries;
        out["findings"] = Json::array();
        for (const Diagnostic& f : findings)
            out["findings"].push_back({{"code", f.code},
                                       {"severity", severityLabel(f.severity)},
                                       {"file", f.location.file},
                                       {"message", f.message}});
        out["consistent"] = consistent;
        printJson(out);
        return;
    }
    std::string text =
        "model " + basePath.string() + ": " + std::to_string(summaries.size()) + " files\n";
    for (const Json& summary : summaries)
        text += summaryLine(summary);
    text += consistent ? "consistent: checksums, LOD counts, vertex ranges, per-LOD vertex counts "
                         "and fixups agree" +
                             phyAgreement(phy ? &*phy : nullptr, model) + "\n"
                       : "not consistent: " + std::to_string(sink.errorCount()) +
                             " problems (reported on stderr)\n";
    print(text);
}

} // namespace vtxc::cli
