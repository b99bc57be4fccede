// Test helpers comparing compiled models: triangle sets with tolerances (grid-bucketed matching),
// vertex counts and strip limits (docs/formats.md, ".vtx").
#include "testing/model_comparison.h"

#include "formats/studio/vvd_mesh_order.h"
#include "tools/restrip.h"

#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <set>

namespace vtxc::test {

MeshStarts meshStartsFromMdl(const MdlFile& mdl) {
    MeshStarts starts;
    for (const MdlBodyPart& part : mdl.bodyParts)
        for (const MdlModel& model : part.models) {
            std::vector<std::size_t>& meshes = starts.emplace_back();
            for (const MdlMesh& mesh : model.meshes)
                meshes.push_back(
                    static_cast<std::size_t>(model.vertexindex / 48 + mesh.vertexoffset));
        }
    return starts;
}

MeshStarts meshStartsFromLayout(const ModelLayout& layout) {
    MeshStarts starts;
    for (const LayoutBodyPart& part : layout.bodyParts)
        for (const LayoutModel& model : part.models) {
            std::vector<std::size_t>& meshes = starts.emplace_back();
            for (const LayoutMesh& mesh : model.meshes)
                meshes.push_back(model.vertexIndex + mesh.vertexOffset);
        }
    return starts;
}

std::vector<std::vector<Triangle>> lodTriangles(const VvdFile& vvd, const VtxFile& vtx,
                                                const MeshStarts& starts) {
    const std::vector<std::uint32_t> order = meshOrderedVertexIndices(vvd, 0);
    std::vector<std::vector<Triangle>> lods(static_cast<std::size_t>(vtx.numLODs));
    std::size_t modelIndex = 0;
    for (const VtxBodyPart& part : vtx.bodyParts)
        for (const VtxModel& model : part.models) {
            for (std::size_t l = 0; l < model.lods.size() && l < lods.size(); ++l)
                for (std::size_t m = 0; m < model.lods[l].meshes.size(); ++m)
                    for (const VtxStripGroup& group : model.lods[l].meshes[m].stripGroups)
                        for (std::size_t i = 0; i + 2 < group.indices.size(); i += 3) {
                            Triangle t;
                            for (int k = 0; k < 3; ++k) {
                                const VtxVertex& v = group.vertices.at(group.indices[i + k]);
                                const std::size_t at =
                                    starts.at(modelIndex).at(m) + v.origMeshVertID;
                                const VvdVertex& vertex = vvd.vertices.at(order.at(at));
                                t[k] = {vertex.position, vertex.texCoord};
                            }
                            lods[l].push_back(t);
                        }
            ++modelIndex;
        }
    return lods;
}

namespace {
Vec3 centroid(const Triangle& t) {
    return {(t[0].position.x + t[1].position.x + t[2].position.x) / 3,
            (t[0].position.y + t[1].position.y + t[2].position.y) / 3,
            (t[0].position.z + t[1].position.z + t[2].position.z) / 3};
}

bool close(const Corner& a, const Corner& b, float pt, float ut) {
    return std::abs(a.position.x - b.position.x) <= pt &&
           std::abs(a.position.y - b.position.y) <= pt &&
           std::abs(a.position.z - b.position.z) <= pt && std::abs(a.uv.x - b.uv.x) <= ut &&
           std::abs(a.uv.y - b.uv.y) <= ut;
}

bool sameTriangle(const Triangle& a, const Triangle& b, float pt, float ut) {
    for (int r = 0; r < 3; ++r)
        if (close(a[0], b[r], pt, ut) && close(a[1], b[(r + 1) % 3], pt, ut) &&
            close(a[2], b[(r + 2) % 3], pt, ut))
            return true;
    return false;
}
} // namespace

std::size_t unmatchedTriangles(const std::vector<Triangle>& a, const std::vector<Triangle>& b,
                               float positionTolerance, float uvTolerance) {
    const float cell = std::max(positionTolerance * 4, 0.05f);
    auto key = [&](const Vec3& p) {
        return std::array<long, 3>{std::lround(std::floor(p.x / cell)),
                                   std::lround(std::floor(p.y / cell)),
                                   std::lround(std::floor(p.z / cell))};
    };
    std::map<std::array<long, 3>, std::vector<std::size_t>> buckets;
    for (std::size_t i = 0; i < b.size(); ++i)
        buckets[key(centroid(b[i]))].push_back(i);
    std::vector<bool> used(b.size(), false);
    std::size_t unmatched = 0;
    for (const Triangle& t : a) {
        const auto k = key(centroid(t));
        bool found = false;
        for (long dx = -1; dx <= 1 && !found; ++dx)
            for (long dy = -1; dy <= 1 && !found; ++dy)
                for (long dz = -1; dz <= 1 && !found; ++dz) {
                    auto it = buckets.find({k[0] + dx, k[1] + dy, k[2] + dz});
                    if (it == buckets.end()) continue;
                    for (std::size_t j : it->second)
                        if (!used[j] && sameTriangle(t, b[j], positionTolerance, uvTolerance)) {
                            used[j] = true;
                            found = true;
                            break;
                        }
                }
        if (!found) ++unmatched;
    }
    return unmatched;
}

std::vector<std::size_t> storedVerticesPerLod(const VtxFile& vtx) {
    std::vector<std::size_t> counts(static_cast<std::size_t>(vtx.numLODs), 0);
    for (const VtxBodyPart& part : vtx.bodyParts)
        for (const VtxModel& model : part.models)
            for (std::size_t l = 0; l < model.lods.size() && l < counts.size(); ++l)
                for (const VtxMesh& mesh : model.lods[l].meshes)
                    for (const VtxStripGroup& group : mesh.stripGroups)
                        counts[l] += group.vertices.size();
    return counts;
}

std::vector<std::string> stripLimitViolations(const VtxFile& vtx) {
    std::vector<std::string> problems;
    auto where = [](std::size_t l, std::size_t s) {
        return "LOD " + std::to_string(l) + " strip " + std::to_string(s) + ": ";
    };
    for (const VtxBodyPart& part : vtx.bodyParts)
        for (const VtxModel& model : part.models)
            for (std::size_t l = 0; l < model.lods.size(); ++l)
                for (const VtxMesh& mesh : model.lods[l].meshes)
                    for (const VtxStripGroup& group : mesh.stripGroups) {
                        if (group.vertices.size() > 65535)
                            problems.push_back("strip group over 65535 vertices");
                        for (std::size_t s = 0; s < group.strips.size(); ++s) {
                            const VtxStrip& strip = group.strips[s];
                            if (!(strip.flags & kStripIsTriList))
                                problems.push_back(where(l, s) + "not a triangle list");
                            if (strip.boneStateChanges.size() > vtx.maxBonesPerStrip)
                                problems.push_back(where(l, s) +
                                                   "more bone state changes than maxBonesPerStrip");
                            std::set<int> slots;
                            for (const auto& change : strip.boneStateChanges)
                                slots.insert(change.hardwareID);
                            for (int i = 0; i < strip.numIndices; ++i) {
                                const std::size_t index = group.indices.at(
                                    static_cast<std::size_t>(strip.indexOffset + i));
                                if (index < std::size_t(strip.vertOffset) ||
                                    index >= std::size_t(strip.vertOffset + strip.numVerts)) {
                                    problems.push_back(where(l, s) +
                                                       "index outside the strip's vertex range");
                                    break;
                                }
                                const VtxVertex& v = group.vertices[index];
                                if (v.numBones > vtx.maxBonesPerVert)
                                    problems.push_back(where(l, s) + "vertex with too many bones");
                                if (group.flags & kStripGroupIsHwSkinned)
                                    for (int k = 0; k < v.numBones; ++k)
                                        if (!slots.count(v.boneID[static_cast<std::size_t>(k)]) &&
                                            strip.numBones > 0) {
                                            problems.push_back(
                                                where(l, s) +
                                                "vertex uses a bone slot no state change sets");
                                            k = 3;
                                            i = strip.numIndices;
                                        }
                            }
                        }
                    }
    return problems;
}

std::filesystem::path modelBaseIn(const std::filesystem::path& folder) {
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        if (entry.path().extension() == ".mdl") return folder / entry.path().stem();
    return {};
}

void expectSameTriangles(const VtxFile& a, const VtxFile& b, const std::string& what) {
    ASSERT_EQ(a.bodyParts.size(), b.bodyParts.size()) << what;
    for (std::size_t p = 0; p < a.bodyParts.size(); ++p) {
        ASSERT_EQ(a.bodyParts[p].models.size(), b.bodyParts[p].models.size()) << what;
        for (std::size_t m = 0; m < a.bodyParts[p].models.size(); ++m) {
            const auto& la = a.bodyParts[p].models[m].lods;
            const auto& lb = b.bodyParts[p].models[m].lods;
            ASSERT_EQ(la.size(), lb.size()) << what;
            for (std::size_t l = 0; l < la.size(); ++l) {
                ASSERT_EQ(la[l].meshes.size(), lb[l].meshes.size()) << what;
                EXPECT_EQ(la[l].switchPoint, lb[l].switchPoint) << what;
                for (std::size_t k = 0; k < la[l].meshes.size(); ++k) {
                    EXPECT_EQ(la[l].meshes[k].flags, lb[l].meshes[k].flags) << what;
                    EXPECT_EQ(canonicalTriangles(la[l].meshes[k]),
                              canonicalTriangles(lb[l].meshes[k]))
                        << what << " LOD " << l << " mesh " << k;
                }
            }
        }
    }
}

} // namespace vtxc::test
