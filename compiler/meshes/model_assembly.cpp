// Assembles one model's meshes across LODs (each LOD's vertices unified with the vertices of the
// LODs before it, docs/formats.md, "LOD vertex sharing"; the .vvd pool LOD-sorted so each root
// LOD's vertices are a prefix: docs/formats.md, ".vvd").
#include "compiler/meshes/model_assembly.h"

#include "compiler/project/compile_codes.h"
#include "optimizer/bone_weights.h"
#include "optimizer/vertices/point_grid.h"
#include "optimizer/vertices/tangents.h"
#include "optimizer/vertices/welding.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <tuple>

namespace vtxc {

std::vector<std::size_t> BuiltMesh::lodVertexCounts() const {
    std::vector<std::size_t> counts(lodIndices.size(), 0);
    for (int coarsest : coarsestLod)
        for (int lod = 0; lod <= coarsest && lod < static_cast<int>(counts.size()); ++lod)
            ++counts[static_cast<std::size_t>(lod)];
    return counts;
}

namespace {

// One material's vertices across all LODs of a model, before splitting and ordering.
struct MaterialPool {
    std::vector<ModelVertex> vertices;
    // Per vertex, for the LOD sharing rule: whether a LOD after LOD 0 added it, and then the
    // tangent its own LOD's triangles gave it and whether that tangent had a usable direction.
    std::vector<std::uint8_t> addedByLaterLod;
    std::vector<Vec4> ownTangents;
    std::vector<std::uint8_t> ownTangentUsable;
    // Vertices present before the LOD being added: a LOD vertex may reuse one of these, never one
    // its own LOD added (studiomdl keeps a LOD's distinct vertices: chamberdoor_frame LOD 1).
    std::size_t reusableCount = 0;
    std::vector<std::vector<std::uint32_t>> lodIndices;
    explicit MaterialPool(float cell, std::size_t lodCount) : lodIndices(lodCount), grid_(cell) {}
    std::uint32_t add(const ModelVertex& v) {
        return addFromLod(v, Vec4{0, 0, 0, 1}, false, false);
    }
    std::uint32_t addFromLod(const ModelVertex& v, const Vec4& tangent, bool tangentUsable,
                             bool laterLod) {
        const auto id = static_cast<std::uint32_t>(vertices.size());
        vertices.push_back(v);
        addedByLaterLod.push_back(laterLod ? 1 : 0);
        ownTangents.push_back(tangent);
        ownTangentUsable.push_back(tangentUsable ? 1 : 0);
        return id;
    }
    // Every vertex added so far, by position. Built when first asked for (only a LOD that
    // reuses vertices asks), in id order as the vertices were added: the same grid as one kept
    // up to date at every add.
    const PointGrid& grid() {
        for (; gridded_ < vertices.size(); ++gridded_)
            grid_.insert(static_cast<std::uint32_t>(gridded_), vertices[gridded_].position);
        return grid_;
    }

  private:
    PointGrid grid_;
    std::size_t gridded_ = 0;
};

float angleBetweenDegrees(const Vec3& a, const Vec3& b) {
    const double la = std::sqrt(double(a.x) * a.x + double(a.y) * a.y + double(a.z) * a.z);
    const double lb = std::sqrt(double(b.x) * b.x + double(b.y) * b.y + double(b.z) * b.z);
    if (la == 0 || lb == 0) return (la == lb) ? 0.0f : 180.0f;
    const double c = (double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z) / (la * lb);
    return static_cast<float>(std::acos(std::clamp(c, -1.0, 1.0)) * 180.0 / std::numbers::pi);
}

// A LOD vertex with the tangent its own LOD's triangles give it.
struct LodVertex {
    const ModelVertex& vertex;
    const Vec4& tangent;
    bool tangentUsable;
};

// Whether a vertex added by an earlier LOD after LOD 0 has the tangent frame of `v`: the same
// handedness and directions within the tangent angle. Two vertices without a usable direction
// (Valve stores (0, 0, 0, 1) for them) agree only when their normals are equal.
bool sameTangentFrame(const MaterialPool& pool, std::uint32_t id, const LodVertex& v,
                      const CompileOptions& options) {
    const Vec4& t = pool.ownTangents[id];
    if (t.w != v.tangent.w) return false;
    if (!pool.ownTangentUsable[id] || !v.tangentUsable) {
        const Vec3& a = pool.vertices[id].normal;
        const Vec3& b = v.vertex.normal;
        return !pool.ownTangentUsable[id] && !v.tangentUsable && a.x == b.x && a.y == b.y &&
               a.z == b.z;
    }
    return angleBetweenDegrees(Vec3{t.x, t.y, t.z}, Vec3{v.tangent.x, v.tangent.y, v.tangent.z}) <=
           options.lodTangentAngleDegrees;
}

// The earlier vertex a LOD vertex reuses, by studiomdl's rule as measured vertex for vertex on the
// corpus (docs/formats.md, "LOD vertex sharing"): position, UV and normal within the tolerances,
// and for a vertex that a LOD after LOD 0 added also the tangent frame; of several, the one with
// the closest UV, then normal, then position (lowest id on ties).
// Whether the LOD's bone rules move any weight of `weights` to another bone.
bool movesWeights(const BoneWeights& weights, const std::vector<int>& boneMap) {
    for (int k = 0; k < weights.count; ++k) {
        const auto bone = static_cast<std::size_t>(weights.bone[k]);
        if (bone < boneMap.size() && boneMap[bone] != weights.bone[k]) return true;
    }
    return false;
}

// A vertex whose weights the LOD's bone rules move is not reused: the LOD needs its own copy
// with the moved weights (a vertex holds one set of weights for every LOD that draws it).
std::optional<std::uint32_t> findReusable(MaterialPool& pool, const LodVertex& lodVertex,
                                          const CompileOptions& options,
                                          const std::vector<int>& boneMap) {
    const ModelVertex& v = lodVertex.vertex;
    std::optional<std::uint32_t> best;
    std::tuple<float, float, float> bestKey{};
    for (std::uint32_t id : pool.grid().within(v.position, options.lodPositionTolerance)) {
        if (id >= pool.reusableCount) continue;
        const ModelVertex& candidate = pool.vertices[id];
        if (!boneMap.empty() && movesWeights(candidate.weights, boneMap)) continue;
        const float uvDifference =
            std::max(std::abs(candidate.uv.x - v.uv.x), std::abs(candidate.uv.y - v.uv.y));
        if (uvDifference > options.lodUvTolerance) continue;
        const float normalAngle = angleBetweenDegrees(candidate.normal, v.normal);
        if (normalAngle > options.lodNormalAngleDegrees) continue;
        if (pool.addedByLaterLod[id] && !sameTangentFrame(pool, id, lodVertex, options)) continue;
        const float dx = candidate.position.x - v.position.x,
                    dy = candidate.position.y - v.position.y,
                    dz = candidate.position.z - v.position.z;
        const std::tuple<float, float, float> key{uvDifference, normalAngle,
                                                  dx * dx + dy * dy + dz * dz};
        if (!best || key < bestKey) {
            best = id;
            bestKey = key;
        }
    }
    return best;
}

// Every LOD-0 vertex of the model, for taking a LOD vertex's bone weights from the nearest one.
// The grid is built when first asked for, as MaterialPool's is.
class Lod0Weights {
  public:
    explicit Lod0Weights(float cell) : grid_(cell) {}
    void add(const Vec3& position, const BoneWeights& weights) {
        positions_.push_back(position);
        weights_.push_back(weights);
    }
    std::optional<BoneWeights> nearest(const Vec3& position) {
        for (; gridded_ < positions_.size(); ++gridded_)
            grid_.insert(static_cast<std::uint32_t>(gridded_), positions_[gridded_]);
        const auto id = grid_.nearest(position);
        if (!id) return std::nullopt;
        return weights_[*id];
    }

  private:
    PointGrid grid_;
    std::vector<Vec3> positions_;
    std::vector<BoneWeights> weights_;
    std::size_t gridded_ = 0;
};

} // namespace

BoneWeights remapBoneWeights(const BoneWeights& weights, const std::vector<int>& boneMap) {
    if (!movesWeights(weights, boneMap)) return weights;
    BoneInfluence influences[kMaxBonesPerVertex];
    std::size_t count = 0;
    for (int k = 0; k < weights.count && k < kMaxBonesPerVertex; ++k) {
        const auto bone = static_cast<std::size_t>(weights.bone[k]);
        influences[count++] = {bone < boneMap.size() ? boneMap[bone] : weights.bone[k],
                               weights.weight[k]};
    }
    BoneWeightOptions keepAll;
    keepAll.dropThreshold = 0.0f; // the weights were capped already; merging only adds
    return capBoneWeights({influences, count}, keepAll).weights;
}

namespace {

void appendTriangle(std::vector<std::uint32_t>& out, std::uint32_t a, std::uint32_t b,
                    std::uint32_t c, AssemblyStatistics& stats) {
    if (a == b || b == c || a == c) {
        ++stats.degenerateTriangles;
        return;
    }
    out.insert(out.end(), {a, b, c});
}

bool isRemoved(const std::vector<std::string>& removed, const std::string& material) {
    return std::any_of(removed.begin(), removed.end(),
                       [&](const std::string& name) { return sameMaterial(name, material); });
}

// Splits a pool whose vertices exceed kMaxMeshVertices into pools that fit, duplicating the
// vertices that triangles in two parts share. Triangles are placed greedily in LOD and file order.
std::vector<MaterialPool> splitPool(MaterialPool&& pool, std::size_t lodCount) {
    std::vector<MaterialPool> parts;
    if (pool.vertices.size() <= kMaxMeshVertices) {
        parts.push_back(std::move(pool));
        return parts;
    }
    std::vector<std::vector<std::int64_t>> local; // per part: pool vertex -> part vertex, or -1
    std::vector<std::size_t> firstPart(pool.vertices.size(), SIZE_MAX);
    auto newPart = [&] {
        parts.emplace_back(1.0f, lodCount);
        local.emplace_back(pool.vertices.size(), -1);
    };
    auto fits = [&](std::size_t part, const std::uint32_t* tri) {
        std::size_t missing = 0;
        for (int k = 0; k < 3; ++k)
            missing += local[part][tri[k]] < 0 ? 1 : 0;
        return parts[part].vertices.size() + missing <= kMaxMeshVertices;
    };
    for (std::size_t lod = 0; lod < lodCount; ++lod) {
        const auto& indices = pool.lodIndices[lod];
        for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
            const std::uint32_t* tri = &indices[t];
            std::size_t part = firstPart[tri[0]] != SIZE_MAX ? firstPart[tri[0]] : parts.size();
            if (part >= parts.size() || !fits(part, tri)) {
                if (parts.empty() || !fits(parts.size() - 1, tri)) newPart();
                part = parts.size() - 1;
            }
            for (int k = 0; k < 3; ++k) {
                std::int64_t& id = local[part][tri[k]];
                if (id < 0) {
                    id = static_cast<std::int64_t>(parts[part].vertices.size());
                    parts[part].vertices.push_back(pool.vertices[tri[k]]);
                    if (firstPart[tri[k]] == SIZE_MAX) firstPart[tri[k]] = part;
                }
                parts[part].lodIndices[lod].push_back(static_cast<std::uint32_t>(id));
            }
        }
    }
    return parts;
}

// Orders a pool's used vertices coarsest LOD first (stable), drops unused ones, and computes
// tangents: a vertex's tangent comes from the triangles of the finest LOD that uses it, so LOD 0
// is the same with or without LODs.
BuiltMesh finishMesh(const MaterialPool& pool, std::uint32_t material) {
    const std::size_t lodCount = pool.lodIndices.size();
    std::vector<int> coarsest(pool.vertices.size(), -1), finest(pool.vertices.size(), -1);
    for (std::size_t lod = 0; lod < lodCount; ++lod)
        for (std::uint32_t v : pool.lodIndices[lod]) {
            coarsest[v] = static_cast<int>(lod);
            if (finest[v] < 0) finest[v] = static_cast<int>(lod);
        }
    std::vector<std::uint32_t> order;
    for (std::uint32_t v = 0; v < pool.vertices.size(); ++v)
        if (coarsest[v] >= 0) order.push_back(v);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return coarsest[a] > coarsest[b]; });
    std::vector<std::uint32_t> remap(pool.vertices.size(), 0);
    BuiltMesh mesh;
    mesh.material = material;
    for (std::uint32_t v : order) {
        remap[v] = static_cast<std::uint32_t>(mesh.vertices.size());
        mesh.vertices.push_back(pool.vertices[v]);
        mesh.coarsestLod.push_back(coarsest[v]);
    }
    mesh.lodIndices.resize(lodCount);
    for (std::size_t lod = 0; lod < lodCount; ++lod)
        for (std::uint32_t v : pool.lodIndices[lod])
            mesh.lodIndices[lod].push_back(remap[v]);
    mesh.tangents.assign(mesh.vertices.size(), Vec4{1, 0, 0, 1});
    for (std::size_t lod = 0; lod < lodCount; ++lod) {
        if (mesh.lodIndices[lod].empty()) continue;
        const std::vector<Vec4> t = computeTangents(mesh.vertices, mesh.lodIndices[lod]);
        for (std::uint32_t v : order)
            if (finest[v] == static_cast<int>(lod)) mesh.tangents[remap[v]] = t[remap[v]];
    }
    return mesh;
}

class ModelAssembler {
  public:
    ModelAssembler(const std::vector<std::string>& materialTable, const CompileOptions& options,
                   std::size_t lodCount, AssemblyStatistics& stats, DiagnosticSink& sink)
        : table_(materialTable), options_(options), lodCount_(lodCount), stats_(stats), sink_(sink),
          lod0_(1.0f) {}

    bool addLod0(const ModelLodInput& input) {
        if (!input.mesh) return true;
        std::vector<Vec3> positions;
        std::size_t corners = 0;
        for (const MaterialCorners& m : input.mesh->materials)
            corners += m.corners.size();
        positions.reserve(corners);
        for (const MaterialCorners& m : input.mesh->materials)
            for (const ModelVertex& c : m.corners)
                positions.push_back(c.position);
        const float cell =
            PointGrid::suggestCellSize(positions, std::max(options_.lodPositionTolerance, 1e-6f));
        lod0_ = Lod0Weights(cell);
        cellSize_ = cell;
        for (const MaterialCorners& m : input.mesh->materials) {
            auto material = materialIndex(m.material, input.fileName);
            if (!material) return false;
            if (isRemoved(input.removedMaterials, m.material)) continue;
            MaterialPool& pool = poolFor(*material);
            WeldOptions weld;
            weld.normalAngleDegrees = options_.normalAngleDegrees;
            const WeldedMesh welded = weldCorners(m.corners, weld);
            stats_.degenerateTriangles += welded.degenerateTriangles;
            const auto base = static_cast<std::uint32_t>(pool.vertices.size());
            pool.vertices.reserve(pool.vertices.size() + welded.vertices.size());
            for (const ModelVertex& v : welded.vertices) {
                pool.add(v);
                lod0_.add(v.position, v.weights);
            }
            std::vector<std::uint32_t>& indices = pool.lodIndices[0];
            indices.reserve(indices.size() + welded.indices.size());
            for (std::uint32_t i : welded.indices)
                indices.push_back(base + i);
        }
        return true;
    }

    bool addLod(std::size_t lod, const ModelLodInput& input) {
        if (!input.mesh) return true;
        if (input.sameAsLod0) {
            for (auto& [material, pool] : pools_)
                if (!isRemoved(input.removedMaterials, table_[material]))
                    pool.lodIndices[lod] = pool.lodIndices[0];
            return true;
        }
        for (const MaterialCorners& m : input.mesh->materials) {
            auto material = materialIndex(m.material, input.fileName);
            if (!material) return false;
            if (isRemoved(input.removedMaterials, m.material)) continue;
            addLodMaterial(lod, poolFor(*material), m, input.boneMap);
        }
        return true;
    }

    std::vector<BuiltMesh> finish() {
        std::vector<BuiltMesh> meshes;
        for (auto& [material, pool] : pools_)
            for (MaterialPool& part : splitPool(std::move(pool), lodCount_))
                meshes.push_back(finishMesh(part, material));
        return meshes;
    }

  private:
    std::optional<std::uint32_t> materialIndex(const std::string& key, const std::string& file) {
        for (std::size_t i = 0; i < table_.size(); ++i)
            if (sameMaterial(table_[i], key)) return static_cast<std::uint32_t>(i);
        sink_.report(kMeshCodes["MESH001"], {file},
                     "material '" + key +
                         "' is used by this LOD but by no reference mesh; a LOD may only use the "
                         "reference meshes' materials (use replacematerial to swap one)");
        return std::nullopt;
    }

    MaterialPool& poolFor(std::uint32_t material) {
        auto it = pools_.find(material);
        if (it == pools_.end())
            it = pools_.emplace(material, MaterialPool(cellSize_, lodCount_)).first;
        return it->second;
    }

    void addLodMaterial(std::size_t lod, MaterialPool& pool, const MaterialCorners& m,
                        const std::vector<int>& boneMap) {
        pool.reusableCount = pool.vertices.size();
        WeldOptions weld;
        weld.normalAngleDegrees = options_.normalAngleDegrees;
        const WeldedMesh welded = weldCorners(m.corners, weld);
        stats_.degenerateTriangles += welded.degenerateTriangles;
        // The LOD's own tangents (its own triangles and data), which the sharing rule compares.
        const TangentFrames frames = computeTangentFrames(welded.vertices, welded.indices);
        std::vector<std::uint32_t> toPool(welded.vertices.size());
        for (std::size_t i = 0; i < welded.vertices.size(); ++i) {
            ModelVertex v = welded.vertices[i];
            const LodVertex lodVertex{v, frames.tangents[i], frames.usable[i] != 0};
            if (auto reuse = findReusable(pool, lodVertex, options_, boneMap)) {
                toPool[i] = *reuse;
                ++stats_.lodVerticesReused;
                continue;
            }
            if (auto weights = lod0_.nearest(v.position)) v.weights = *weights;
            if (!boneMap.empty()) v.weights = remapBoneWeights(v.weights, boneMap);
            toPool[i] = pool.addFromLod(v, frames.tangents[i], frames.usable[i] != 0, true);
            ++stats_.lodVerticesAdded;
        }
        for (std::size_t t = 0; t + 2 < welded.indices.size(); t += 3)
            appendTriangle(pool.lodIndices[lod], toPool[welded.indices[t]],
                           toPool[welded.indices[t + 1]], toPool[welded.indices[t + 2]], stats_);
    }

    const std::vector<std::string>& table_;
    const CompileOptions& options_;
    std::size_t lodCount_;
    AssemblyStatistics& stats_;
    DiagnosticSink& sink_;
    std::map<std::uint32_t, MaterialPool> pools_; // ordered by material: deterministic mesh order
    Lod0Weights lod0_;
    float cellSize_ = 1.0f;
};

} // namespace

std::optional<BuiltModel> assembleModel(const std::string& name,
                                        const std::vector<ModelLodInput>& lods,
                                        const std::vector<std::string>& materialTable,
                                        const CompileOptions& options, AssemblyStatistics& stats,
                                        DiagnosticSink& sink) {
    ModelAssembler assembler(materialTable, options, lods.size(), stats, sink);
    if (lods.empty() || !assembler.addLod0(lods[0])) return std::nullopt;
    for (std::size_t lod = 1; lod < lods.size(); ++lod)
        if (!assembler.addLod(lod, lods[lod])) return std::nullopt;
    BuiltModel model;
    model.name = name;
    model.meshes = assembler.finish();
    return model;
}

} // namespace vtxc
