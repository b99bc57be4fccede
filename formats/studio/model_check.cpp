// Cross-check of a model's files, from the relations in docs/formats.md: one checksum everywhere,
// vertices of model m / mesh k at the running sums of earlier counts, LOD vertex sets as prefixes.
#include "formats/studio/model_check.h"

#include "formats/studio/studio_codes.h"
#include "formats/studio/vvd_mesh_order.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <numeric>

namespace vtxc {

namespace {

constexpr int kMaxLods = 8;

std::string where(std::size_t bodyPart, std::size_t model, std::size_t mesh) {
    return "body part " + std::to_string(bodyPart) + " model " + std::to_string(model) + " mesh " +
           std::to_string(mesh);
}

// For one .vtx mesh (same index in every LOD of a model): 1 + the largest origMeshVertID each
// LOD uses (0 when it uses none).
std::vector<std::int32_t> verticesUsedPerLod(const VtxModel& model, std::size_t mesh) {
    std::vector<std::int32_t> used(model.lods.size(), 0);
    for (std::size_t lod = 0; lod < model.lods.size(); ++lod) {
        if (mesh >= model.lods[lod].meshes.size()) continue;
        for (const auto& group : model.lods[lod].meshes[mesh].stripGroups)
            for (const auto& vertex : group.vertices)
                used[lod] = std::max<std::int32_t>(used[lod], vertex.origMeshVertID + 1);
    }
    return used;
}

// Vertices needed when LOD l is the root: what LOD l and every coarser LOD use.
std::vector<std::int32_t> neededFromLod(std::vector<std::int32_t> used) {
    for (std::size_t lod = used.size(); lod-- > 1;)
        used[lod - 1] = std::max(used[lod - 1], used[lod]);
    return used;
}

class ModelChecker {
  public:
    explicit ModelChecker(const LoadedModel& model) : m_(model) {}

    std::vector<Diagnostic> run() {
        checksums();
        lodCounts();
        structure();
        if (m_.mdl) mdlVertexRanges();
        if (m_.vvd) vvdLodCounts();
        if (m_.vvd) fixups();
        if (m_.vvd) finiteVertices();
        for (const auto& vtx : m_.vtx)
            vtxVertexUse(vtx);
        bones();
        boneLodFlags();
        boneUseFlags();
        materials();
        return std::move(findings_);
    }

  private:
    void add(const DiagnosticCode& code, const std::string& file, std::string message) {
        findings_.push_back(
            {code.severity, std::string(code.id), {file}, std::move(message), code.exit});
    }

    void checksums() {
        std::string referenceName;
        std::int32_t reference = 0;
        if (m_.mdl) {
            referenceName = m_.mdlName;
            reference = m_.mdl->checksum;
        } else if (m_.vvd) {
            referenceName = m_.vvdName;
            reference = m_.vvd->checksum;
        } else if (!m_.vtx.empty()) {
            referenceName = m_.vtx.front().name;
            reference = m_.vtx.front().file.checkSum;
        }
        auto compare = [&](const std::string& name, const char* field, std::int32_t value) {
            if (name != referenceName && value != reference)
                add(kModelCheckCodes["CHK001"], name,
                    std::string(field) + " " + std::to_string(value) + " differs from " +
                        std::to_string(reference) + " in " + referenceName +
                        "; the files come from different compiles: recompile the model");
        };
        if (m_.vvd) compare(m_.vvdName, "checksum", m_.vvd->checksum);
        for (const auto& vtx : m_.vtx)
            compare(vtx.name, "checkSum", vtx.file.checkSum);
    }

    void lodCounts() {
        for (const auto& vtx : m_.vtx) {
            if (m_.vvd && vtx.file.numLODs != m_.vvd->numLODs)
                add(kModelCheckCodes["CHK002"], vtx.name,
                    "numLODs " + std::to_string(vtx.file.numLODs) + " differs from numLODs " +
                        std::to_string(m_.vvd->numLODs) + " in " + m_.vvdName);
            forEachVtxModel(vtx.file, [&](std::size_t b, std::size_t mi, const VtxModel& model) {
                if (static_cast<std::int32_t>(model.lods.size()) != vtx.file.numLODs)
                    add(kModelCheckCodes["CHK002"], vtx.name,
                        "body part " + std::to_string(b) + " model " + std::to_string(mi) +
                            " has " + std::to_string(model.lods.size()) +
                            " LODs but the header says numLODs " +
                            std::to_string(vtx.file.numLODs));
            });
        }
    }

    template <class Visit> static void forEachVtxModel(const VtxFile& file, Visit visit) {
        for (std::size_t b = 0; b < file.bodyParts.size(); ++b)
            for (std::size_t mi = 0; mi < file.bodyParts[b].models.size(); ++mi)
                visit(b, mi, file.bodyParts[b].models[mi]);
    }

    // Body parts, models per body part and meshes per LOD, against the .mdl (or the first .vtx).
    void structure() {
        for (std::size_t i = 0; i < m_.vtx.size(); ++i) {
            if (m_.mdl)
                compareToMdl(m_.vtx[i]);
            else if (i > 0)
                compareToFirstVtx(m_.vtx[i]);
        }
    }

    void compareToMdl(const LoadedModel::Vtx& vtx) {
        const auto& parts = m_.mdl->bodyParts;
        if (vtx.file.bodyParts.size() != parts.size())
            return add(kModelCheckCodes["CHK003"], vtx.name,
                       std::to_string(vtx.file.bodyParts.size()) + " body parts, but " +
                           m_.mdlName + " has " + std::to_string(parts.size()));
        for (std::size_t b = 0; b < parts.size(); ++b) {
            const auto& models = vtx.file.bodyParts[b].models;
            if (models.size() != parts[b].models.size()) {
                add(kModelCheckCodes["CHK003"], vtx.name,
                    "body part " + std::to_string(b) + " has " + std::to_string(models.size()) +
                        " models, but " + m_.mdlName + " has " +
                        std::to_string(parts[b].models.size()));
                continue;
            }
            for (std::size_t mi = 0; mi < models.size(); ++mi)
                for (std::size_t l = 0; l < models[mi].lods.size(); ++l) {
                    const std::size_t meshes = models[mi].lods[l].meshes.size();
                    const std::size_t expected = parts[b].models[mi].meshes.size();
                    if (meshes != expected) {
                        add(kModelCheckCodes["CHK003"], vtx.name,
                            "body part " + std::to_string(b) + " model " + std::to_string(mi) +
                                " LOD " + std::to_string(l) + " has " + std::to_string(meshes) +
                                " meshes, but " + m_.mdlName + " has " + std::to_string(expected));
                        break;
                    }
                }
        }
    }

    void compareToFirstVtx(const LoadedModel::Vtx& vtx) {
        const auto& first = m_.vtx.front();
        auto shape = [](const VtxFile& f) {
            std::vector<std::size_t> s;
            forEachVtxModel(f, [&](std::size_t, std::size_t, const VtxModel& model) {
                for (const auto& lod : model.lods)
                    s.push_back(lod.meshes.size());
                s.push_back(SIZE_MAX); // model separator
            });
            s.push_back(f.bodyParts.size());
            return s;
        };
        if (shape(vtx.file) != shape(first.file))
            add(kModelCheckCodes["CHK003"], vtx.name,
                "its body parts, models, LODs or meshes differ in number from " + first.name);
    }

    // Model m's vertices start at the sum of earlier models' counts, mesh k's at the sum of
    // earlier meshes' counts in its model; everything together is the .vvd's vertex pool.
    void mdlVertexRanges() {
        const std::string& name = m_.mdlName;
        std::int64_t modelStart = 0;
        std::array<std::int64_t, kMaxLods> lodTotals{};
        for (std::size_t b = 0; b < m_.mdl->bodyParts.size(); ++b)
            for (std::size_t mi = 0; mi < m_.mdl->bodyParts[b].models.size(); ++mi) {
                const MdlModel& model = m_.mdl->bodyParts[b].models[mi];
                const std::string at =
                    "body part " + std::to_string(b) + " model " + std::to_string(mi);
                if (model.vertexindex != modelStart * static_cast<std::int64_t>(kVvdVertexSize))
                    add(kModelCheckCodes["CHK004"], name,
                        at + " vertexindex " + std::to_string(model.vertexindex) + " is not " +
                            std::to_string(modelStart * kVvdVertexSize) + " (48 x the " +
                            std::to_string(modelStart) + " vertices of earlier models)");
                if (model.tangentsindex != modelStart * static_cast<std::int64_t>(kVvdTangentSize))
                    add(kModelCheckCodes["CHK004"], name,
                        at + " tangentsindex " + std::to_string(model.tangentsindex) + " is not " +
                            std::to_string(modelStart * kVvdTangentSize) + " (16 x the " +
                            std::to_string(modelStart) + " vertices of earlier models)");
                std::int64_t meshStart = 0;
                for (std::size_t k = 0; k < model.meshes.size(); ++k) {
                    const MdlMesh& mesh = model.meshes[k];
                    if (mesh.vertexoffset != meshStart)
                        add(kModelCheckCodes["CHK004"], name,
                            where(b, mi, k) + " vertexoffset " + std::to_string(mesh.vertexoffset) +
                                " is not " + std::to_string(meshStart) +
                                " (the vertices of earlier meshes in its model)");
                    if (mesh.numLODVertexes[0] != mesh.numvertices)
                        add(kModelCheckCodes["CHK004"], name,
                            where(b, mi, k) + " numLODVertexes[0] " +
                                std::to_string(mesh.numLODVertexes[0]) +
                                " differs from its numvertices " +
                                std::to_string(mesh.numvertices));
                    meshStart += mesh.numvertices;
                    for (int l = 0; l < kMaxLods; ++l)
                        lodTotals[l] += mesh.numLODVertexes[l];
                }
                if (meshStart != model.numvertices)
                    add(kModelCheckCodes["CHK004"], name,
                        at + " numvertices " + std::to_string(model.numvertices) +
                            " differs from the sum over its meshes, " + std::to_string(meshStart));
                modelStart += model.numvertices;
            }
        if (!m_.vvd) return;
        for (int l = 0; l < kMaxLods; ++l)
            if (lodTotals[l] != m_.vvd->numLODVertexes[l]) {
                add(kModelCheckCodes["CHK004"], m_.vvdName,
                    "numLODVertexes[" + std::to_string(l) + "] " +
                        std::to_string(m_.vvd->numLODVertexes[l]) + " differs from " +
                        std::to_string(lodTotals[l]) + ", the sum over the meshes of " + name);
                break;
            }
        if (modelStart != static_cast<std::int64_t>(m_.vvd->vertices.size()))
            add(kModelCheckCodes["CHK004"], m_.vvdName,
                std::to_string(m_.vvd->vertices.size()) + " vertices, but the models of " + name +
                    " cover " + std::to_string(modelStart));
    }

    // numLODVertexes: non-increasing over the LODs, and repeating the last LOD's count after it.
    void vvdLodCounts() {
        const VvdFile& vvd = *m_.vvd;
        for (int l = 1; l < kMaxLods; ++l) {
            const bool pastLast = l >= vvd.numLODs && vvd.numLODs > 0;
            const std::int32_t expected = vvd.numLODVertexes[pastLast ? vvd.numLODs - 1 : l - 1];
            if (pastLast ? vvd.numLODVertexes[l] != expected : vvd.numLODVertexes[l] > expected) {
                add(kModelCheckCodes["CHK006"], m_.vvdName,
                    "numLODVertexes[" + std::to_string(l) + "] is " +
                        std::to_string(vvd.numLODVertexes[l]) +
                        (pastLast ? ", but entries past numLODs repeat the last LOD's count "
                                  : ", more than LOD " + std::to_string(l - 1) + "'s ") +
                        std::to_string(expected));
                return;
            }
        }
    }

    // Positions, normals, UVs, weights and tangents must be finite numbers: a NaN or infinity
    // draws nothing or garbage, and a compile from a broken $scale could produce them.
    void finiteVertices() {
        const VvdFile& vvd = *m_.vvd;
        auto finite = [](std::initializer_list<float> values) {
            return std::all_of(values.begin(), values.end(),
                               [](float v) { return std::isfinite(v); });
        };
        for (std::size_t i = 0; i < vvd.vertices.size(); ++i) {
            const VvdVertex& v = vvd.vertices[i];
            const char* what = !finite({v.position.x, v.position.y, v.position.z}) ? "position"
                               : !finite({v.normal.x, v.normal.y, v.normal.z})     ? "normal"
                               : !finite({v.texCoord.x, v.texCoord.y})             ? "UV"
                               : !finite({v.boneWeights.weight[0], v.boneWeights.weight[1],
                                          v.boneWeights.weight[2]})
                                   ? "bone weight"
                                   : nullptr;
            if (what)
                return add(kModelCheckCodes["CHK013"], m_.vvdName,
                           "vertex " + std::to_string(i) + " has a " + what +
                               " that is not a finite number (NaN or infinity)");
        }
        for (std::size_t i = 0; i < vvd.tangents.size(); ++i) {
            const Vec4& t = vvd.tangents[i];
            if (!finite({t.x, t.y, t.z, t.w}))
                return add(kModelCheckCodes["CHK013"], m_.vvdName,
                           "tangent " + std::to_string(i) +
                               " is not a finite number (NaN or infinity)");
        }
    }

    // For root LOD r, the runs of every fixup with lod >= r, in order, must be the LOD's vertices.
    void fixups() {
        const VvdFile& vvd = *m_.vvd;
        if (vvd.fixups.empty()) return;
        const auto pool = static_cast<std::int64_t>(vvd.vertices.size());
        for (std::size_t i = 0; i < vvd.fixups.size(); ++i) {
            const VvdFixup& f = vvd.fixups[i];
            if (f.lod < 0 || f.lod >= std::max(1, vvd.numLODs) || f.sourceVertexID < 0 ||
                f.numVertexes < 0 || std::int64_t(f.sourceVertexID) + f.numVertexes > pool)
                return add(kModelCheckCodes["CHK007"], m_.vvdName,
                           "fixup " + std::to_string(i) + " (lod " + std::to_string(f.lod) +
                               ", vertices " + std::to_string(f.sourceVertexID) + " + " +
                               std::to_string(f.numVertexes) + ") lies outside the " +
                               std::to_string(pool) + " vertices or the " +
                               std::to_string(vvd.numLODs) + " LODs");
        }
        for (int root = 0; root < vvd.numLODs && root < kMaxLods; ++root) {
            std::int64_t covered = 0;
            for (const VvdFixup& f : vvd.fixups)
                if (f.lod >= root) covered += f.numVertexes;
            if (covered != vvd.numLODVertexes[root])
                return add(kModelCheckCodes["CHK007"], m_.vvdName,
                           "the fixups for root LOD " + std::to_string(root) + " cover " +
                               std::to_string(covered) + " vertices, but numLODVertexes[" +
                               std::to_string(root) + "] is " +
                               std::to_string(vvd.numLODVertexes[root]));
        }
    }

    // Every LOD's origMeshVertIDs stay inside the mesh's numLODVertexes for that LOD, and the
    // LODs from l on use exactly numLODVertexes[l] (the vertex sets are prefixes of the mesh).
    void vtxVertexUse(const LoadedModel::Vtx& vtx) {
        std::array<std::int64_t, kMaxLods> totals{};
        bool meshesMatchMdl = true;
        forEachVtxModel(vtx.file, [&](std::size_t b, std::size_t mi, const VtxModel& model) {
            std::size_t meshCount = 0;
            for (const auto& lod : model.lods)
                meshCount = std::max(meshCount, lod.meshes.size());
            const MdlModel* mdlModel = mdlModelAt(b, mi);
            if (mdlModel && mdlModel->meshes.size() != meshCount) meshesMatchMdl = false;
            for (std::size_t k = 0; k < meshCount; ++k) {
                const auto needed = neededFromLod(verticesUsedPerLod(model, k));
                for (std::size_t l = 0; l < needed.size() && l < kMaxLods; ++l)
                    totals[l] += needed[l];
                if (mdlModel && k < mdlModel->meshes.size())
                    compareMeshUse(vtx.name, where(b, mi, k), needed, mdlModel->meshes[k]);
            }
        });
        if (m_.mdl && meshesMatchMdl) return; // the .mdl comparison above already covers the .vvd
        if (!m_.vvd) return;
        const auto lods = static_cast<std::size_t>(std::clamp(m_.vvd->numLODs, 0, kMaxLods));
        for (std::size_t l = 0; l < lods; ++l)
            if (totals[l] != m_.vvd->numLODVertexes[l])
                return add(
                    kModelCheckCodes["CHK005"], vtx.name,
                    "LOD " + std::to_string(l) + " and coarser use " + std::to_string(totals[l]) +
                        " vertices over all meshes, but numLODVertexes[" + std::to_string(l) +
                        "] in " + m_.vvdName + " is " + std::to_string(m_.vvd->numLODVertexes[l]));
    }

    void compareMeshUse(const std::string& file, const std::string& mesh,
                        const std::vector<std::int32_t>& needed, const MdlMesh& mdlMesh) {
        for (std::size_t l = 0; l < needed.size() && l < kMaxLods; ++l)
            if (needed[l] != mdlMesh.numLODVertexes[l])
                return add(kModelCheckCodes["CHK005"], file,
                           mesh + ": LOD " + std::to_string(l) + " and coarser use vertices 0.." +
                               std::to_string(needed[l] - 1) +
                               " (largest origMeshVertID + 1 = " + std::to_string(needed[l]) +
                               "), but numLODVertexes[" + std::to_string(l) + "] in " + m_.mdlName +
                               " is " + std::to_string(mdlMesh.numLODVertexes[l]));
    }

    const MdlModel* mdlModelAt(std::size_t bodyPart, std::size_t model) const {
        if (!m_.mdl || bodyPart >= m_.mdl->bodyParts.size()) return nullptr;
        const auto& models = m_.mdl->bodyParts[bodyPart].models;
        return model < models.size() ? &models[model] : nullptr;
    }

    // Bone indexes in the .vvd weights and .vtx bone state changes name bones of the .mdl.
    void bones() {
        if (!m_.mdl) return;
        const auto numBones = static_cast<std::int32_t>(m_.mdl->bones.size());
        if (m_.vvd) checkVertexBones(numBones);
        for (const auto& vtx : m_.vtx)
            checkBoneStateChanges(vtx, numBones);
    }

    void checkVertexBones(std::int32_t numBones) {
        for (std::size_t i = 0; i < m_.vvd->vertices.size(); ++i) {
            const VvdBoneWeights& w = m_.vvd->vertices[i].boneWeights;
            const int used = std::min<int>(w.numBones, kMaxBonesPerVert);
            for (int k = 0; k < used; ++k)
                if (w.bone[k] < 0 || w.bone[k] >= numBones)
                    return add(kModelCheckCodes["CHK008"], m_.vvdName,
                               "vertex " + std::to_string(i) + " is weighted to bone " +
                                   std::to_string(w.bone[k]) + ", but " + m_.mdlName + " has " +
                                   std::to_string(numBones) + " bones");
        }
    }

    void checkBoneStateChanges(const LoadedModel::Vtx& vtx, std::int32_t numBones) {
        for (const auto& bodyPart : vtx.file.bodyParts)
            for (const auto& model : bodyPart.models)
                for (const auto& lod : model.lods)
                    for (const auto& mesh : lod.meshes)
                        for (const auto& group : mesh.stripGroups)
                            for (const auto& strip : group.strips)
                                for (const auto& change : strip.boneStateChanges)
                                    if (change.newBoneID < 0 || change.newBoneID >= numBones)
                                        return add(kModelCheckCodes["CHK008"], vtx.name,
                                                   "a bone state change maps hardware bone " +
                                                       std::to_string(change.hardwareID) +
                                                       " to bone " +
                                                       std::to_string(change.newBoneID) + ", but " +
                                                       m_.mdlName + " has " +
                                                       std::to_string(numBones) + " bones");
    }

    // BONE_USED_BY_VERTEX_LOD(n) is set exactly on the bones that a vertex drawn by LOD n is
    // weighted to, and on their ancestors; the engine sets up no other bone at that LOD, so a
    // missing bit leaves vertices on a stale pose (studio.h, Studio_SetRootLOD and bone setup).
    void boneLodFlags() {
        if (!m_.mdl || !m_.vvd || m_.vtx.empty()) return;
        const VtxFile& vtx = m_.vtx.front().file;
        const auto order = meshOrderedVertexIndices(*m_.vvd, 0);
        const int lods = std::clamp(vtx.numLODs, 0, kMaxLods);
        for (int lod = 0; lod < kMaxLods; ++lod) {
            const std::vector<bool> used =
                lod < lods ? bonesUsedByLod(vtx, order, static_cast<std::size_t>(lod))
                           : std::vector<bool>(m_.mdl->bones.size(), false);
            compareLodFlags(lod, used);
        }
    }

    std::vector<bool> bonesUsedByLod(const VtxFile& vtx, const std::vector<std::uint32_t>& order,
                                     std::size_t lod) const {
        const MdlFile& mdl = *m_.mdl;
        std::vector<bool> used(mdl.bones.size(), false);
        forEachVtxModel(vtx, [&](std::size_t b, std::size_t mi, const VtxModel& model) {
            const MdlModel* mdlModel = mdlModelAt(b, mi);
            if (!mdlModel || lod >= model.lods.size()) return;
            const auto& meshes = model.lods[lod].meshes;
            for (std::size_t k = 0; k < meshes.size() && k < mdlModel->meshes.size(); ++k) {
                const std::int64_t first = std::int64_t(mdlModel->vertexindex) / kVvdVertexSize +
                                           mdlModel->meshes[k].vertexoffset;
                for (const auto& group : meshes[k].stripGroups)
                    for (const auto& vertex : group.vertices)
                        markBones(first + vertex.origMeshVertID, order, used);
            }
        });
        for (std::size_t b = used.size(); b-- > 0;) {
            const std::int32_t parent = mdl.bones[b].parent;
            if (used[b] && parent >= 0 && static_cast<std::size_t>(parent) < b)
                used[static_cast<std::size_t>(parent)] = true;
        }
        return used;
    }

    void markBones(std::int64_t index, const std::vector<std::uint32_t>& order,
                   std::vector<bool>& used) const {
        if (index < 0 || static_cast<std::uint64_t>(index) >= order.size()) return;
        const VvdBoneWeights& w =
            m_.vvd->vertices[order[static_cast<std::size_t>(index)]].boneWeights;
        for (int k = 0; k < std::min<int>(w.numBones, kMaxBonesPerVert); ++k)
            if (w.weight[k] > 0 && w.bone[k] >= 0 &&
                static_cast<std::size_t>(w.bone[k]) < used.size())
                used[static_cast<std::size_t>(w.bone[k])] = true;
    }

    void compareLodFlags(int lod, const std::vector<bool>& used) {
        const auto& bones = m_.mdl->bones;
        const std::int32_t bit = 0x400 << lod; // BONE_USED_BY_VERTEX_LOD0 << lod
        std::string missing, extra;
        for (std::size_t b = 0; b < bones.size(); ++b) {
            const bool flagged = (bones[b].flags & bit) != 0;
            if (flagged == used[b]) continue;
            std::string& list = flagged ? extra : missing;
            list += (list.empty() ? "" : ", ") + std::to_string(b) + " " + bones[b].name;
        }
        const std::string flag = "BONE_USED_BY_VERTEX_LOD" + std::to_string(lod);
        if (!missing.empty())
            add(kModelCheckCodes["CHK011"], m_.mdlName,
                "bones without " + flag + " although vertices drawn by LOD " + std::to_string(lod) +
                    " are weighted to them or their descendants: " + missing +
                    "; the engine would not set them up at that LOD: recompile the model");
        if (!extra.empty())
            add(kModelCheckCodes["CHK011"], m_.mdlName,
                "bones with " + flag + " although no vertex drawn by LOD " + std::to_string(lod) +
                    " is weighted to them or their descendants: " + extra +
                    "; recompile the model");
    }

    // BONE_USED_BY_HITBOX: the bone or a descendant carries a hitbox of set 0.
    // BONE_USED_BY_ATTACHMENT: the bone or a descendant carries an attachment or is a link of an
    // IK chain (the engine sets these bones up for traces, effects and IK). The ancestors of an
    // IK link carry the bit too: Valve's vortigaunt_anims.mdl, which has no attachment, sets it
    // on the hips, the spine and the clavicles above its four chains.
    void boneUseFlags() {
        if (!m_.mdl) return;
        const MdlFile& mdl = *m_.mdl;
        std::vector<bool> hitbox(mdl.bones.size(), false), attachment(mdl.bones.size(), false);
        auto mark = [&](std::vector<bool>& used, std::int32_t bone) {
            if (bone >= 0 && static_cast<std::size_t>(bone) < used.size())
                used[static_cast<std::size_t>(bone)] = true;
        };
        if (!mdl.hitboxSets.empty())
            for (const MdlHitbox& box : mdl.hitboxSets.front().hitboxes)
                mark(hitbox, box.bone);
        for (const MdlAttachment& a : mdl.attachments)
            mark(attachment, a.localbone);
        for (const MdlIkChain& chain : mdl.ikChains)
            for (const MdlIkLink& link : chain.links)
                mark(attachment, link.bone);
        for (std::size_t b = mdl.bones.size(); b-- > 0;) {
            const std::int32_t parent = mdl.bones[b].parent;
            if (parent < 0 || static_cast<std::size_t>(parent) >= b) continue;
            if (hitbox[b]) hitbox[static_cast<std::size_t>(parent)] = true;
            if (attachment[b]) attachment[static_cast<std::size_t>(parent)] = true;
        }
        compareUseFlag(kBoneUsedByHitbox, "BONE_USED_BY_HITBOX", "carries a hitbox of set 0",
                       hitbox);
        compareUseFlag(kBoneUsedByAttachment, "BONE_USED_BY_ATTACHMENT",
                       "carries an attachment or links an IK chain", attachment);
    }

    void compareUseFlag(std::int32_t bit, const std::string& flag, const std::string& reason,
                        const std::vector<bool>& used) {
        const auto& bones = m_.mdl->bones;
        for (std::size_t b = 0; b < bones.size(); ++b) {
            const bool flagged = (bones[b].flags & bit) != 0;
            if (flagged == used[b]) continue;
            add(kModelCheckCodes["CHK012"], m_.mdlName,
                "bone " + std::to_string(b) + " " + bones[b].name +
                    (flagged ? " has " : " lacks ") + flag + " although " +
                    (flagged ? "neither it nor a descendant " : "it or a descendant ") + reason +
                    "; recompile the model");
        }
    }

    // A mesh's material is a skin reference; every skin family maps it to a texture.
    void materials() {
        if (!m_.mdl) return;
        const MdlFile& mdl = *m_.mdl;
        const std::size_t references =
            mdl.skinFamilies.empty() ? mdl.textures.size() : mdl.skinFamilies.front().size();
        for (std::size_t b = 0; b < mdl.bodyParts.size(); ++b)
            for (std::size_t mi = 0; mi < mdl.bodyParts[b].models.size(); ++mi)
                for (std::size_t k = 0; k < mdl.bodyParts[b].models[mi].meshes.size(); ++k) {
                    const std::int32_t material = mdl.bodyParts[b].models[mi].meshes[k].material;
                    if (material < 0 || static_cast<std::size_t>(material) >= references)
                        add(kModelCheckCodes["CHK009"], m_.mdlName,
                            where(b, mi, k) + " uses material " + std::to_string(material) +
                                " but there are " + std::to_string(references) + " material slots");
                }
        for (std::size_t f = 0; f < mdl.skinFamilies.size(); ++f)
            for (std::int16_t texture : mdl.skinFamilies[f])
                if (texture < 0 || static_cast<std::size_t>(texture) >= mdl.textures.size()) {
                    add(kModelCheckCodes["CHK009"], m_.mdlName,
                        "skin family " + std::to_string(f) + " names texture " +
                            std::to_string(texture) + " but there are " +
                            std::to_string(mdl.textures.size()) + " textures");
                    break;
                }
    }

    const LoadedModel& m_;
    std::vector<Diagnostic> findings_;
};

} // namespace

std::vector<Diagnostic> checkModel(const LoadedModel& model) {
    return ModelChecker(model).run();
}

} // namespace vtxc
