// Welding of triangle corners into vertices with an open-addressing hash table keyed on position,
// UV and bone weights; normals are compared by angle. Rules: docs/formats.md ("SMD").
//
// Measured on the corpus: within one SMD, Valve's vertex counts equal the counts of distinct vertex
// lines, so exact equality of position, UV and weights reproduces them. The one exception in the
// corpus (chamberdoor_frame LOD 1, 74 -> 70) is not welding: those LOD vertices lie within ~3e-4
// units / ~2e-5 UV of LOD-0 vertices and were unified with the LOD-0 pool (the driver's LOD step).
#include "optimizer/welding.h"

#include <bit>
#include <cmath>
#include <numbers>

namespace vtxc {
namespace {

// Bits of a float with -0 taken as +0, so that values that compare equal hash equally.
std::uint32_t floatKey(float value) {
    return value == 0.0f ? 0u : std::bit_cast<std::uint32_t>(value);
}

bool sameFloat(float a, float b) {
    return floatKey(a) == floatKey(b);
}

bool sameKey(const ModelVertex& a, const ModelVertex& b) {
    if (!sameFloat(a.position.x, b.position.x) || !sameFloat(a.position.y, b.position.y) ||
        !sameFloat(a.position.z, b.position.z) || !sameFloat(a.uv.x, b.uv.x) ||
        !sameFloat(a.uv.y, b.uv.y) || a.weights.count != b.weights.count)
        return false;
    for (int k = 0; k < kMaxBonesPerVertex; ++k)
        if (a.weights.bone[k] != b.weights.bone[k] ||
            !sameFloat(a.weights.weight[k], b.weights.weight[k]))
            return false;
    return true;
}

std::uint64_t mix(std::uint64_t hash, std::uint64_t value) {
    hash ^= value + 0x9e3779b97f4a7c15ull + (hash << 6) + (hash >> 2);
    return hash * 0xff51afd7ed558ccdull;
}

std::uint64_t keyHash(const ModelVertex& v) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (float f : {v.position.x, v.position.y, v.position.z, v.uv.x, v.uv.y})
        h = mix(h, floatKey(f));
    h = mix(h, v.weights.count);
    for (int k = 0; k < kMaxBonesPerVertex; ++k) {
        h = mix(h, std::uint16_t(v.weights.bone[k]));
        h = mix(h, floatKey(v.weights.weight[k]));
    }
    return h ^ (h >> 29);
}

// Angle test without normalising: dot >= cos(limit) * |a| |b|. Equal normals always match.
class NormalMatcher {
  public:
    explicit NormalMatcher(float limitDegrees)
        : cosLimit_(std::cos(double(limitDegrees) * std::numbers::pi / 180.0)),
          anyAngle_(limitDegrees >= 180.0f) {}

    bool matches(const Vec3& a, const Vec3& b) const {
        if (anyAngle_) return true;
        if (sameFloat(a.x, b.x) && sameFloat(a.y, b.y) && sameFloat(a.z, b.z)) return true;
        const double dot = double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z;
        const double lengths =
            std::sqrt((double(a.x) * a.x + double(a.y) * a.y + double(a.z) * a.z) *
                      (double(b.x) * b.x + double(b.y) * b.y + double(b.z) * b.z));
        return lengths > 0 && dot >= cosLimit_ * lengths;
    }

  private:
    double cosLimit_;
    bool anyAngle_;
};

// First pass: each corner gets the first earlier vertex with the same key and a close normal.
// Vertices with equal keys sit on one probe sequence in insertion order, so the earliest wins.
std::vector<std::uint32_t> assignProvisionalVertices(std::span<const ModelVertex> corners,
                                                     const NormalMatcher& normals,
                                                     std::vector<ModelVertex>& provisional) {
    std::size_t capacity = 16;
    while (capacity < corners.size() * 2)
        capacity *= 2;
    const std::size_t mask = capacity - 1;
    std::vector<std::uint32_t> table(capacity, kNoVertex);
    std::vector<std::uint32_t> cornerVertex(corners.size());
    for (std::size_t c = 0; c < corners.size(); ++c) {
        const ModelVertex& corner = corners[c];
        std::size_t slot = keyHash(corner) & mask;
        while (true) {
            const std::uint32_t candidate = table[slot];
            if (candidate == kNoVertex) {
                table[slot] = static_cast<std::uint32_t>(provisional.size());
                cornerVertex[c] = table[slot];
                provisional.push_back(corner);
                break;
            }
            const ModelVertex& existing = provisional[candidate];
            if (sameKey(existing, corner) && normals.matches(existing.normal, corner.normal)) {
                cornerVertex[c] = candidate;
                break;
            }
            slot = (slot + 1) & mask;
        }
    }
    return cornerVertex;
}

} // namespace

WeldedMesh weldCorners(std::span<const ModelVertex> corners, const WeldOptions& options) {
    const std::size_t triangleCount = corners.size() / 3;
    corners = corners.first(triangleCount * 3);
    std::vector<ModelVertex> provisional;
    const std::vector<std::uint32_t> provisionalOf =
        assignProvisionalVertices(corners, NormalMatcher(options.normalAngleDegrees), provisional);

    // Second pass: drop degenerate triangles, number vertices by first use in the kept ones.
    WeldedMesh mesh;
    mesh.cornerToVertex.assign(corners.size(), kNoVertex);
    std::vector<std::uint32_t> finalOf(provisional.size(), kNoVertex);
    mesh.indices.reserve(corners.size());
    mesh.sourceTriangles.reserve(triangleCount);
    for (std::size_t t = 0; t < triangleCount; ++t) {
        const std::uint32_t a = provisionalOf[3 * t], b = provisionalOf[3 * t + 1],
                            c = provisionalOf[3 * t + 2];
        if (a == b || b == c || a == c) {
            ++mesh.degenerateTriangles;
            continue;
        }
        mesh.sourceTriangles.push_back(static_cast<std::uint32_t>(t));
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t p = provisionalOf[3 * t + k];
            if (finalOf[p] == kNoVertex) {
                finalOf[p] = static_cast<std::uint32_t>(mesh.vertices.size());
                mesh.vertices.push_back(provisional[p]);
            }
            mesh.indices.push_back(finalOf[p]);
        }
    }
    for (std::size_t c = 0; c < corners.size(); ++c)
        mesh.cornerToVertex[c] = finalOf[provisionalOf[c]];
    return mesh;
}

} // namespace vtxc
