// Rebuilds a model's .vtx files from their own triangles and the .vvd's bone weights, keeping every
// header value, switch point, flag and material replacement; verifies triangles, limits, model
// check.
#include "tools/restrip.h"

#include "compiler/meshes/strip_records.h"
#include "formats/common/internal_error.h"
#include "formats/studio/model_check.h"
#include "formats/studio/vvd_mesh_order.h"
#include "optimizer/strips/strip_partition.h"
#include "tools/tools_codes.h"

#include <algorithm>
#include <set>
#include <tbb/parallel_for.h>

namespace vtxc {

namespace {

// Where one LOD mesh sits in the model's files.
struct MeshTask {
    std::size_t variant = 0;
    std::size_t bodyPart = 0, model = 0, lod = 0, mesh = 0;
};

std::string meshName(const MeshTask& t) {
    return "body part " + std::to_string(t.bodyPart) + ", model " + std::to_string(t.model) +
           ", LOD " + std::to_string(t.lod) + ", mesh " + std::to_string(t.mesh);
}

bool isStaticProp(const VtxFile& file) {
    for (const VtxBodyPart& part : file.bodyParts)
        for (const VtxModel& model : part.models)
            for (const VtxModelLod& lod : model.lods)
                for (const VtxMesh& mesh : lod.meshes)
                    for (const VtxStripGroup& group : mesh.stripGroups)
                        for (const VtxStrip& strip : group.strips)
                            if (strip.numBones != 0 || !strip.boneStateChanges.empty())
                                return false;
    return true;
}

// The .vtx body parts, models and meshes must match the .mdl's: that is how vertex ids map to the
// .vvd.
bool fitsMdl(const VtxFile& file, const MdlFile& mdl, const std::string& name,
             DiagnosticSink& sink) {
    auto refuse = [&](const std::string& what) {
        sink.report(kRestripCodes["RST002"], {name},
                    what + "; the .vtx does not belong to this .mdl: restrip needs "
                           "the model's own files");
        return false;
    };
    if (file.bodyParts.size() != mdl.bodyParts.size()) return refuse("body part count differs");
    for (std::size_t b = 0; b < file.bodyParts.size(); ++b) {
        const auto& models = file.bodyParts[b].models;
        if (models.size() != mdl.bodyParts[b].models.size())
            return refuse("model count of body part " + std::to_string(b) + " differs");
        for (std::size_t m = 0; m < models.size(); ++m)
            for (std::size_t l = 0; l < models[m].lods.size(); ++l)
                if (models[m].lods[l].meshes.size() != mdl.bodyParts[b].models[m].meshes.size())
                    return refuse("mesh count of body part " + std::to_string(b) + ", model " +
                                  std::to_string(m) + ", LOD " + std::to_string(l) + " differs");
    }
    return true;
}

// Bone weights of every vertex of one .mdl mesh, by mesh vertex id; nothing if the range leaves the
// .vvd.
std::optional<std::vector<BoneWeights>> meshWeights(const VvdFile& vvd,
                                                    const std::vector<std::uint32_t>& order,
                                                    const MdlModel& model, const MdlMesh& mesh) {
    const std::int64_t first = std::int64_t(model.vertexindex / 48) + mesh.vertexoffset;
    if (first < 0 || mesh.numvertices < 0 || first + mesh.numvertices > std::int64_t(order.size()))
        return std::nullopt;
    std::vector<BoneWeights> weights(static_cast<std::size_t>(mesh.numvertices));
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const VvdBoneWeights& w =
            vvd.vertices[order[static_cast<std::size_t>(first) + i]].boneWeights;
        weights[i].count = std::min<std::uint8_t>(w.numBones, kMaxBonesPerVertex);
        for (std::size_t k = 0; k < std::size_t(kMaxBonesPerVertex); ++k) {
            weights[i].bone[k] = w.bone[k];
            weights[i].weight[k] = w.weight[k];
        }
    }
    return weights;
}

StripLimits limitsOf(const VtxFile& file, std::uint8_t groupFlags, bool staticProp) {
    StripLimits limits;
    limits.maxBonesPerStrip = file.maxBonesPerStrip;
    limits.maxBonesPerTriangle = file.maxBonesPerTri;
    limits.maxBonesPerVertex = std::clamp(file.maxBonesPerVert, 1, kMaxBonesPerVertex);
    limits.staticProp = staticProp;
    limits.hardwareSkinned = (groupFlags & kStripGroupIsHwSkinned) && !staticProp;
    limits.vertexCacheSize = static_cast<std::size_t>(std::max(file.vertCacheSize, 0));
    return limits;
}

// Rebuilds one mesh: the source strip groups of each kind (flags) are restripped together, kinds in
// order of first appearance, so flexed and rigid parts stay apart.
std::optional<VtxMesh> restripMesh(const VtxMesh& source, const VtxFile& header,
                                   const std::vector<BoneWeights>& weights, bool staticProp,
                                   const std::string& where, DiagnosticSink& sink) {
    VtxMesh out;
    out.flags = source.flags;
    std::vector<std::uint8_t> kinds;
    for (const VtxStripGroup& g : source.stripGroups)
        if (std::find(kinds.begin(), kinds.end(), g.flags) == kinds.end()) kinds.push_back(g.flags);
    for (std::uint8_t kind : kinds) {
        VtxMesh ofKind;
        for (const VtxStripGroup& g : source.stripGroups)
            if (g.flags == kind) ofKind.stripGroups.push_back(g);
        const std::vector<std::uint32_t> triangles = meshTriangles(ofKind);
        for (std::uint32_t id : triangles)
            if (id >= weights.size()) {
                sink.report(kRestripCodes["RST002"], {where},
                            "vertex id " + std::to_string(id) + " is past the mesh's " +
                                std::to_string(weights.size()) +
                                " vertices in the .mdl; the .vtx does not belong to this model");
                return std::nullopt;
            }
        if (triangles.empty()) continue;
        ForwardingSink stage(sink);
        auto groups =
            buildStripGroups(triangles, weights, limitsOf(header, kind, staticProp), stage);
        if (!groups) return std::nullopt;
        for (const StripGroup& g : *groups)
            out.stripGroups.push_back(toVtxStripGroup(g, kind, staticProp));
    }
    return out;
}

// Header copy with the overrides applied and no body parts yet.
VtxFile rebuiltHeader(const VtxFile& source, const std::string& variant, const RestripOptions& o) {
    VtxFile file = source;
    file.bodyParts.clear();
    const bool hardware = variant == "dx90" || variant == "dx80";
    if (hardware && o.vertCacheSize) file.vertCacheSize = *o.vertCacheSize;
    if (variant == "dx90" && o.bonesPerStrip)
        file.maxBonesPerStrip = static_cast<std::uint16_t>(*o.bonesPerStrip);
    if (variant == "dx80" && o.dx80BonesPerStrip)
        file.maxBonesPerStrip = static_cast<std::uint16_t>(*o.dx80BonesPerStrip);
    return file;
}

std::vector<StripQuality> lodFigures(const VtxFile& file, std::size_t cacheSize) {
    std::vector<StripQuality> out;
    for (const LodQuality& lod : analyseVtx(file, {cacheSize}))
        out.push_back(lod.total);
    return out;
}

std::vector<const LoadedModel::Vtx*> chosenVariants(const LoadedModel& model,
                                                    const RestripOptions& o, DiagnosticSink& sink) {
    std::vector<const LoadedModel::Vtx*> chosen;
    for (const LoadedModel::Vtx& vtx : model.vtx)
        if (o.variants.empty() ||
            std::find(o.variants.begin(), o.variants.end(), vtx.variant) != o.variants.end())
            chosen.push_back(&vtx);
    for (const std::string& wanted : o.variants)
        if (std::none_of(chosen.begin(), chosen.end(),
                         [&](auto* v) { return v->variant == wanted; }))
            sink.report(kRestripCodes["RST003"], {model.mdlName},
                        "the model has no " + wanted + " .vtx; leave it out of --variants");
    return chosen;
}

bool haveNeededFiles(const LoadedModel& model, DiagnosticSink& sink) {
    const std::string name = model.mdlName.empty() ? model.vvdName : model.mdlName;
    if (!model.mdl)
        sink.report(kRestripCodes["RST001"], {name},
                    "no readable .mdl: restrip needs the model's .mdl "
                    "to find each mesh's vertices in the .vvd");
    if (!model.vvd)
        sink.report(kRestripCodes["RST001"], {name},
                    "no readable .vvd: restrip needs the bone weights");
    if (model.vtx.empty())
        sink.report(kRestripCodes["RST001"], {name}, "no readable .vtx to restrip");
    return model.mdl && model.vvd && !model.vtx.empty();
}

// 1 + the largest origMeshVertID that a triangle of the mesh uses, and that the mesh stores.
std::pair<std::int64_t, std::int64_t> usedAndStoredExtent(const VtxMesh& mesh) {
    std::int64_t used = 0, stored = 0;
    for (const VtxStripGroup& group : mesh.stripGroups) {
        for (const VtxVertex& vertex : group.vertices)
            stored = std::max<std::int64_t>(stored, vertex.origMeshVertID + 1);
        for (std::uint16_t index : group.indices)
            if (index < group.vertices.size())
                used = std::max<std::int64_t>(used, group.vertices[index].origMeshVertID + 1);
    }
    return {used, stored};
}

// A restrip keeps only the vertices triangles use; stored vertices past the last used one would
// change the counts the .mdl records, so such files are refused up front (RST009).
bool noUnusedTailVertices(const LoadedModel::Vtx& vtx, DiagnosticSink& sink) {
    for (std::size_t b = 0; b < vtx.file.bodyParts.size(); ++b)
        for (std::size_t m = 0; m < vtx.file.bodyParts[b].models.size(); ++m) {
            const VtxModel& model = vtx.file.bodyParts[b].models[m];
            for (std::size_t l = 0; l < model.lods.size(); ++l)
                for (std::size_t k = 0; k < model.lods[l].meshes.size(); ++k) {
                    const auto [used, stored] = usedAndStoredExtent(model.lods[l].meshes[k]);
                    if (used == stored) continue;
                    sink.report(kRestripCodes["RST009"], {vtx.name},
                                meshName({0, b, m, l, k}) + " stores vertices up to id " +
                                    std::to_string(stored - 1) +
                                    " but its triangles use only up "
                                    "to " +
                                    std::to_string(used - 1) +
                                    ": the file is damaged; restrip rebuilds only sound models "
                                    "(see vtxc inspect)");
                    return false;
                }
        }
    return true;
}

// Damaged input is refused before any work: every model check finding (as `inspect` reports
// them) is an error here, and so are stored vertices no triangle uses.
bool soundInput(const LoadedModel& model, const std::vector<const LoadedModel::Vtx*>& chosen,
                DiagnosticSink& sink) {
    bool ok = true;
    for (Diagnostic d : checkModel(model)) {
        d.severity = Severity::Error;
        d.kind = ExitCode::InvalidInput;
        d.message += " (restrip rebuilds only sound models)";
        sink.report(std::move(d));
        ok = false;
    }
    for (const auto* vtx : chosen)
        ok = noUnusedTailVertices(*vtx, sink) && ok;
    return ok;
}

} // namespace

std::string newModelCheckFinding(const LoadedModel& model,
                                 const std::vector<RestrippedVtx>& rebuilt) {
    std::set<std::string> known;
    for (const Diagnostic& d : checkModel(model))
        known.insert(formatDiagnostic(d));
    LoadedModel after = model;
    for (LoadedModel::Vtx& vtx : after.vtx)
        for (const RestrippedVtx& r : rebuilt)
            if (r.variant == vtx.variant) vtx.file = r.file;
    for (const Diagnostic& d : checkModel(after))
        if (!known.count(formatDiagnostic(d))) return formatDiagnostic(d);
    return {};
}

std::vector<std::array<std::uint32_t, 3>> canonicalTriangles(const VtxMesh& mesh) {
    const std::vector<std::uint32_t> ids = meshTriangles(mesh);
    std::vector<std::array<std::uint32_t, 3>> out;
    for (std::size_t i = 0; i + 2 < ids.size(); i += 3) {
        std::array<std::uint32_t, 3> t{ids[i], ids[i + 1], ids[i + 2]};
        while (t[0] > t[1] || t[0] > t[2])
            t = {t[1], t[2], t[0]};
        out.push_back(t);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string triangleChange(const VtxFile& before, const VtxFile& after) {
    const std::string structure = "the body part/model/LOD/mesh structure";
    if (before.bodyParts.size() != after.bodyParts.size()) return structure;
    for (std::size_t b = 0; b < before.bodyParts.size(); ++b) {
        const auto& m0 = before.bodyParts[b].models;
        const auto& m1 = after.bodyParts[b].models;
        if (m0.size() != m1.size()) return structure;
        for (std::size_t m = 0; m < m0.size(); ++m) {
            if (m0[m].lods.size() != m1[m].lods.size()) return structure;
            for (std::size_t l = 0; l < m0[m].lods.size(); ++l) {
                const auto& x = m0[m].lods[l].meshes;
                const auto& y = m1[m].lods[l].meshes;
                if (x.size() != y.size()) return structure;
                for (std::size_t k = 0; k < x.size(); ++k)
                    if (canonicalTriangles(x[k]) != canonicalTriangles(y[k]))
                        return "the triangles of " + meshName({0, b, m, l, k});
            }
        }
    }
    return {};
}

namespace {
std::string stripProblem(const VtxFile& file, const VtxStripGroup& g, const VtxStrip& s,
                         bool hardware) {
    const auto indexEnd = std::int64_t(s.indexOffset) + s.numIndices;
    const auto vertEnd = std::int64_t(s.vertOffset) + s.numVerts;
    if (s.indexOffset < 0 || s.numIndices < 0 || indexEnd > std::int64_t(g.indices.size()))
        return "index range leaves its strip group";
    if (s.vertOffset < 0 || s.numVerts < 0 || vertEnd > std::int64_t(g.vertices.size()))
        return "vertex range leaves its strip group";
    if (s.numIndices % 3 != 0) return "index count is not a multiple of 3";
    for (auto i = s.indexOffset; i < indexEnd; ++i) {
        const std::uint16_t v = g.indices[static_cast<std::size_t>(i)];
        if (v < s.vertOffset || v >= vertEnd) return "an index leaves the strip's vertices";
        if (g.vertices[v].numBones > file.maxBonesPerVert) return "a vertex has too many bones";
    }
    if (hardware && (s.numBones > file.maxBonesPerStrip ||
                     s.boneStateChanges.size() > std::size_t(file.maxBonesPerStrip)))
        return "more bones than maxBonesPerStrip " + std::to_string(file.maxBonesPerStrip);
    return {};
}
} // namespace

std::string stripLimitProblem(const VtxFile& file) {
    for (std::size_t b = 0; b < file.bodyParts.size(); ++b)
        for (std::size_t m = 0; m < file.bodyParts[b].models.size(); ++m) {
            const VtxModel& model = file.bodyParts[b].models[m];
            for (std::size_t l = 0; l < model.lods.size(); ++l)
                for (std::size_t k = 0; k < model.lods[l].meshes.size(); ++k)
                    for (const VtxStripGroup& g : model.lods[l].meshes[k].stripGroups) {
                        std::string problem =
                            g.vertices.size() > 65535 ? "strip group over 65535 vertices" : "";
                        const bool hardware = g.flags & kStripGroupIsHwSkinned;
                        for (std::size_t s = 0; problem.empty() && s < g.strips.size(); ++s)
                            problem = stripProblem(file, g, g.strips[s], hardware);
                        if (!problem.empty())
                            return "rebuilt strips of " + meshName({0, b, m, l, k}) + ": " +
                                   problem;
                    }
        }
    return {};
}

std::optional<std::vector<RestrippedVtx>>
restripModel(const LoadedModel& model, const RestripOptions& options, DiagnosticSink& sink) {
    ForwardingSink local(sink);
    if (!haveNeededFiles(model, local)) return std::nullopt;
    const std::vector<const LoadedModel::Vtx*> chosen = chosenVariants(model, options, local);
    if (local.hasErrors()) return std::nullopt;
    for (const auto* vtx : chosen)
        if (!fitsMdl(vtx->file, *model.mdl, vtx->name, local)) return std::nullopt;
    if (!soundInput(model, chosen, local)) return std::nullopt;

    const std::vector<std::uint32_t> order = meshOrderedVertexIndices(*model.vvd, 0);
    const MdlFile& mdl = *model.mdl;
    std::vector<MeshTask> tasks;
    for (std::size_t v = 0; v < chosen.size(); ++v)
        for (std::size_t b = 0; b < mdl.bodyParts.size(); ++b)
            for (std::size_t m = 0; m < mdl.bodyParts[b].models.size(); ++m)
                for (std::size_t l = 0; l < chosen[v]->file.bodyParts[b].models[m].lods.size(); ++l)
                    for (std::size_t k = 0; k < mdl.bodyParts[b].models[m].meshes.size(); ++k)
                        tasks.push_back({v, b, m, l, k});

    std::vector<VtxFile> headers;
    std::vector<bool> staticProp;
    for (const auto* vtx : chosen) {
        headers.push_back(rebuiltHeader(vtx->file, vtx->variant, options));
        staticProp.push_back(isStaticProp(vtx->file));
    }
    std::vector<std::optional<VtxMesh>> meshes(tasks.size());
    std::vector<CollectingSink> sinks(tasks.size());
    tbb::parallel_for(std::size_t(0), tasks.size(), [&](std::size_t i) {
        const MeshTask& t = tasks[i];
        const MdlModel& mdlModel = mdl.bodyParts[t.bodyPart].models[t.model];
        const std::string where = chosen[t.variant]->name + ": " + meshName(t);
        const auto weights = meshWeights(*model.vvd, order, mdlModel, mdlModel.meshes[t.mesh]);
        if (!weights) {
            sinks[i].report(kRestripCodes["RST002"], {where},
                            "the .mdl's vertex range of this mesh leaves the .vvd");
            return;
        }
        const VtxMesh& source = chosen[t.variant]
                                    ->file.bodyParts[t.bodyPart]
                                    .models[t.model]
                                    .lods[t.lod]
                                    .meshes[t.mesh];
        meshes[i] = restripMesh(source, headers[t.variant], *weights, staticProp[t.variant], where,
                                sinks[i]);
    });
    for (const CollectingSink& s : sinks)
        for (const Diagnostic& d : s.diagnostics())
            local.report(d);
    if (local.hasErrors()) return std::nullopt;

    std::vector<RestrippedVtx> out;
    std::size_t next = 0;
    for (std::size_t v = 0; v < chosen.size(); ++v) {
        const VtxFile& source = chosen[v]->file;
        VtxFile file = headers[v];
        for (const VtxBodyPart& part : source.bodyParts) {
            VtxBodyPart& newPart = file.bodyParts.emplace_back();
            for (const VtxModel& srcModel : part.models) {
                VtxModel& newModel = newPart.models.emplace_back();
                for (const VtxModelLod& srcLod : srcModel.lods) {
                    VtxModelLod& lod = newModel.lods.emplace_back();
                    lod.switchPoint = srcLod.switchPoint;
                    for (std::size_t k = 0; k < srcLod.meshes.size(); ++k)
                        lod.meshes.push_back(*meshes[next++]);
                }
            }
        }
        // Restripping reorders triangles and nothing else; output that breaks this is a bug.
        const std::string changed = triangleChange(source, file);
        VTXC_CHECK(changed.empty(), chosen[v]->name + ": restripping changed " + changed);
        const std::string broken = stripLimitProblem(file);
        VTXC_CHECK(broken.empty(), chosen[v]->name + ": " + broken);
        const auto cache = static_cast<std::size_t>(std::max(file.vertCacheSize, 1));
        RestrippedVtx r{chosen[v]->variant,     chosen[v]->name,         file,
                        writeVtx(file),         writeVtx(source).size(), lodFigures(source, cache),
                        lodFigures(file, cache)};
        out.push_back(std::move(r));
    }
    const std::string finding = newModelCheckFinding(model, out);
    VTXC_CHECK(finding.empty(), "rebuilt strips fail the model check: " + finding);
    return out;
}

} // namespace vtxc
