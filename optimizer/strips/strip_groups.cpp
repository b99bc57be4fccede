// Strip groups of one mesh for one .vtx variant: validation, partition, per-strip cache order,
// 65535-vertex splitting, and the Vertex_t/strip records (optimize.h; docs/formats.md, ".vtx").
#include "formats/common/internal_error.h"
#include "optimizer/optimizer_codes.h"
#include "optimizer/strips/strip_memo.h"
#include "optimizer/strips/strip_partition.h"
#include "optimizer/strips/triangle_bones.h"
#include "optimizer/strips/vertex_cache_order.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

namespace vtxc {

namespace {

constexpr std::uint32_t kNone = 0xffffffffu;

std::string triangleName(std::size_t t) {
    return "triangle " + std::to_string(t);
}

bool checkVertexBones(std::span<const BoneWeights> weights, const StripLimits& limits,
                      DiagnosticSink& sink) {
    const int limit = std::min(limits.maxBonesPerVertex, kMaxBonesPerVertex);
    for (std::size_t v = 0; v < weights.size(); ++v) {
        if (weights[v].count <= limit) continue;
        sink.report(kOptimizerCodes["OPT001"], {},
                    "vertex " + std::to_string(v) + " has " + std::to_string(weights[v].count) +
                        " bone weights but the .vtx allows " + std::to_string(limit) +
                        " per vertex; cap the weights to that many first");
        return false;
    }
    return true;
}

bool checkTriangleBones(std::span<const std::uint32_t> indices,
                        std::span<const BoneWeights> weights, const StripLimits& limits,
                        DiagnosticSink& sink) {
    const std::size_t stripLimit =
        limits.hardwareSkinned ? std::size_t(std::max(limits.maxBonesPerStrip, 0)) : SIZE_MAX;
    const std::size_t limit =
        std::min<std::size_t>(stripLimit, std::size_t(std::max(limits.maxBonesPerTriangle, 0)));
    // Every vertex passed checkVertexBones: a triangle has at most three times its limit (the
    // usual 3 and 9 leave nothing to look at).
    const int vertexLimit = std::min(limits.maxBonesPerVertex, kMaxBonesPerVertex);
    if (3 * std::size_t(std::max(vertexLimit, 0)) <= limit) return true;
    for (std::size_t t = 0; t < indices.size() / 3; ++t) {
        TriangleBoneList bones;
        const auto distinct = static_cast<std::size_t>(
            keepFirstOfEach(bones.data(), gatherTriangleBones(indices, weights, t, bones)));
        if (distinct <= limit) continue;
        sink.report(kOptimizerCodes["OPT001"], {},
                    triangleName(t) + " uses " + std::to_string(distinct) +
                        " bones but a triangle may use at most " + std::to_string(limit) +
                        " (maxBonesPerTri, maxBonesPerStrip); raise --bones-per-strip or "
                        "reduce the bone weights of that part of the mesh");
        return false;
    }
    return true;
}

// Static props carry no bones: nothing to check. The vertices first: checkTriangleBones counts on
// their limit.
bool validateInput(std::span<const std::uint32_t> indices, std::span<const BoneWeights> weights,
                   const StripLimits& limits, DiagnosticSink& sink) {
    return limits.staticProp || (checkVertexBones(weights, limits, sink) &&
                                 checkTriangleBones(indices, weights, limits, sink));
}

// The triangles of one bone-limited strip, ordered for the vertex cache (in mesh vertex ids).
std::vector<std::uint32_t> orderedStripIndices(std::span<const std::uint32_t> indices,
                                               std::span<const std::uint32_t> triangles,
                                               std::vector<std::uint32_t>& localOf,
                                               const StripLimits& limits, StripMemo* memo) {
    std::vector<std::uint32_t> meshVertexOf, local;
    local.reserve(triangles.size() * 3);
    for (std::uint32_t t : triangles)
        for (int c = 0; c < 3; ++c) {
            const std::uint32_t v = indices[3 * t + c];
            if (localOf[v] == kNone) {
                localOf[v] = static_cast<std::uint32_t>(meshVertexOf.size());
                meshVertexOf.push_back(v);
            }
            local.push_back(localOf[v]);
        }
    for (std::uint32_t v : meshVertexOf)
        localOf[v] = kNone;
    if (limits.vertexCacheSize > 0) {
        CacheOrderOptions options;
        options.cacheSize = limits.vertexCacheSize;
        options.effort = limits.cacheOrderEffort;
        // At the fast effort the whole search is for small meshes (every corpus mesh): the small
        // strips that a bone partition cuts from a big mesh take the fast order like its big ones
        // (the whole search costs some twenty times as much per triangle, for well under a
        // percent of the mesh's misses; docs/formats.md, ".vtx").
        if (options.effort == CacheOrderEffort::Fast &&
            indices.size() / 3 > options.thoroughTriangleLimit)
            options.thoroughTriangleLimit = 0;
        local = memo ? memo->cacheOrder(local, meshVertexOf.size(), options)
                     : orderForVertexCache(local, meshVertexOf.size(), options);
    }
    for (std::uint32_t& i : local)
        i = meshVertexOf[i];
    return local;
}

// Cuts an ordered triangle list into consecutive pieces of at most `maxVertices` distinct vertices.
std::vector<std::vector<std::uint32_t>> splitByVertexCount(std::vector<std::uint32_t> ordered,
                                                           std::size_t maxVertices,
                                                           std::vector<std::uint32_t>& mark,
                                                           std::uint32_t& markToken) {
    std::vector<std::vector<std::uint32_t>> pieces;
    std::size_t pieceStart = 0, distinct = 0;
    ++markToken;
    for (std::size_t i = 0; i < ordered.size(); i += 3) {
        std::size_t added = 0;
        for (int c = 0; c < 3; ++c) {
            const std::uint32_t v = ordered[i + c];
            const bool repeated = (c > 0 && v == ordered[i]) || (c == 2 && v == ordered[i + 1]);
            added += mark[v] != markToken && !repeated;
        }
        if (distinct + added > maxVertices && i > pieceStart) {
            pieces.emplace_back(ordered.begin() + pieceStart, ordered.begin() + i);
            pieceStart = i;
            distinct = 0;
            ++markToken;
            added = 3 - (ordered[i + 1] == ordered[i]) -
                    (ordered[i + 2] == ordered[i] || ordered[i + 2] == ordered[i + 1]);
        }
        for (int c = 0; c < 3; ++c)
            mark[ordered[i + c]] = markToken;
        distinct += added;
    }
    if (pieceStart == 0) {
        pieces.push_back(std::move(ordered));
    } else {
        pieces.emplace_back(ordered.begin() + pieceStart, ordered.end());
    }
    return pieces;
}

std::size_t distinctCount(std::span<const std::uint32_t> ordered, std::vector<std::uint32_t>& mark,
                          std::uint32_t& markToken) {
    ++markToken;
    std::size_t n = 0;
    for (std::uint32_t v : ordered)
        if (mark[v] != markToken) {
            mark[v] = markToken;
            ++n;
        }
    return n;
}

// Hardware slots of one strip, numbered 0..n-1 in order of first use.
class SlotTable {
  public:
    std::int16_t slotOf(std::int16_t bone) {
        auto it = std::find(bones_.begin(), bones_.end(), bone);
        if (it != bones_.end()) return static_cast<std::int16_t>(it - bones_.begin());
        bones_.push_back(bone);
        return static_cast<std::int16_t>(bones_.size() - 1);
    }
    std::vector<BoneStateChange> stateChanges() const {
        std::vector<BoneStateChange> changes;
        for (std::size_t slot = 0; slot < bones_.size(); ++slot)
            changes.push_back({static_cast<int>(slot), bones_[slot]});
        return changes;
    }

  private:
    std::vector<std::int16_t> bones_; // slot -> model bone
};

// The Vertex_t of mesh vertex v: hardware slots, model bones (software, unused -1) or no bones.
StripGroupVertex makeVertex(std::uint32_t v, const BoneWeights& w, const StripLimits& limits,
                            SlotTable& slots) {
    StripGroupVertex vertex;
    vertex.meshVertex = v;
    if (limits.staticProp) return vertex;
    const bool hardware = limits.hardwareSkinned;
    vertex.numBones = w.count;
    for (int k = 0; k < kMaxBonesPerVertex; ++k)
        vertex.boneID[k] =
            k >= w.count ? (hardware ? 0 : -1) : (hardware ? slots.slotOf(w.bone[k]) : w.bone[k]);
    return vertex;
}

// Appends one strip (an ordered triangle list) to a group: its vertices in first-use order, its
// hardware slots in first-use order of the bones, its bone state changes. `groupIndexOf` is
// all kNone on entry and on return.
void appendStrip(StripGroup& group, std::span<const std::uint32_t> ordered,
                 std::span<const BoneWeights> weights, const StripLimits& limits,
                 std::vector<std::uint32_t>& groupIndexOf) {
    Strip strip;
    strip.indexOffset = static_cast<std::uint32_t>(group.indices.size());
    strip.indexCount = static_cast<std::uint32_t>(ordered.size());
    strip.vertexOffset = static_cast<std::uint32_t>(group.vertices.size());
    SlotTable slots;
    for (std::uint32_t v : ordered) {
        if (groupIndexOf[v] == kNone) {
            groupIndexOf[v] = static_cast<std::uint32_t>(group.vertices.size());
            group.vertices.push_back(makeVertex(v, weights[v], limits, slots));
            strip.numBones = std::max<int>(strip.numBones, group.vertices.back().numBones);
        }
        group.indices.push_back(static_cast<std::uint16_t>(groupIndexOf[v]));
    }
    for (std::size_t i = strip.vertexOffset; i < group.vertices.size(); ++i)
        groupIndexOf[group.vertices[i].meshVertex] = kNone;
    strip.vertexCount = static_cast<std::uint32_t>(group.vertices.size() - strip.vertexOffset);
    if (limits.hardwareSkinned && !limits.staticProp) strip.boneStateChanges = slots.stateChanges();
    group.strips.push_back(std::move(strip));
}

} // namespace

std::optional<std::vector<StripGroup>> buildStripGroups(std::span<const std::uint32_t> indices,
                                                        std::span<const BoneWeights> weights,
                                                        const StripLimits& limits,
                                                        DiagnosticSink& sink, StripMemo* memo) {
    VTXC_ASSERT(std::all_of(indices.begin(), indices.end(),
                            [&](std::uint32_t v) { return v < weights.size(); }));
    indices = indices.first(indices.size() / 3 * 3);
    if (!validateInput(indices, weights, limits, sink)) return std::nullopt;
    std::vector<StripGroup> groups;
    const std::size_t triangleCount = indices.size() / 3;
    if (triangleCount == 0) return groups;

    std::vector<std::vector<std::uint32_t>> boneStrips;
    if (limits.hardwareSkinned && !limits.staticProp) {
        boneStrips = memo ? memo->partition(indices, weights, limits.maxBonesPerStrip)
                          : partitionTrianglesByBones(indices, weights, limits.maxBonesPerStrip);
    } else {
        boneStrips.emplace_back(triangleCount);
        std::iota(boneStrips[0].begin(), boneStrips[0].end(), 0u);
    }

    // uint16 indices address at most 65536 vertices; a triangle needs 3.
    const std::size_t maxVertices =
        std::clamp<std::size_t>(limits.maxVerticesPerStripGroup, 3, 65536);
    // The strips are ordered for the cache independently, so in parallel (a big mesh's strips
    // keep both cores busy); the groups are then built in strip order, so the bytes do not
    // depend on the thread count.
    std::vector<std::vector<std::uint32_t>> ordered(boneStrips.size());
    tbb::enumerable_thread_specific<std::vector<std::uint32_t>> localOf(
        [&] { return std::vector<std::uint32_t>(weights.size(), kNone); });
    tbb::parallel_for(std::size_t(0), boneStrips.size(), [&](std::size_t s) {
        ordered[s] = orderedStripIndices(indices, boneStrips[s], localOf.local(), limits, memo);
    });
    std::vector<std::uint32_t> scratch(weights.size(), kNone), mark(weights.size(), 0);
    std::uint32_t markToken = 0;
    for (std::vector<std::uint32_t>& strip : ordered) {
        for (const std::vector<std::uint32_t>& piece :
             splitByVertexCount(std::move(strip), maxVertices, mark, markToken)) {
            const std::size_t pieceVertices = distinctCount(piece, mark, markToken);
            if (groups.empty() || groups.back().vertices.size() + pieceVertices > maxVertices)
                groups.emplace_back();
            appendStrip(groups.back(), piece, weights, limits, scratch);
        }
    }
    return groups;
}

} // namespace vtxc
