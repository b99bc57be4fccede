// Welding of triangle corners into vertices with an open-addressing hash table keyed on position,
// UV and bone weights; normals are compared by angle. Rules: docs/formats.md ("SMD").
//
// Measured on the corpus: within one SMD, Valve's vertex counts equal the counts of distinct vertex
// lines, so exact equality of position, UV and weights reproduces them. The one exception in the
// corpus (chamberdoor_frame LOD 1, 74 -> 70) is not welding: those LOD vertices lie within ~3e-4
// units / ~2e-5 UV of LOD-0 vertices and were unified with the LOD-0 pool (the driver's LOD step).
#include "optimizer/vertices/welding.h"

#include <bit>
#include <cmath>
#include <numbers>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace vtxc {
namespace {

// Bits of a float with -0 taken as +0, so that values that compare equal hash equally.
std::uint32_t floatKey(float value) {
    return value == 0.0f ? 0u : std::bit_cast<std::uint32_t>(value);
}

bool sameFloat(float a, float b) {
    return floatKey(a) == floatKey(b);
}

// Position, UV and weights equal under `same` (a comparison of two floats).
template <typename SameFloat>
bool equalKeys(const ModelVertex& a, const ModelVertex& b, SameFloat same) {
    if (!same(a.position.x, b.position.x) || !same(a.position.y, b.position.y) ||
        !same(a.position.z, b.position.z) || !same(a.uv.x, b.uv.x) || !same(a.uv.y, b.uv.y) ||
        a.weights.count != b.weights.count)
        return false;
    for (int k = 0; k < kMaxBonesPerVertex; ++k)
        if (a.weights.bone[k] != b.weights.bone[k] ||
            !same(a.weights.weight[k], b.weights.weight[k]))
            return false;
    return true;
}

bool sameKey(const ModelVertex& a, const ModelVertex& b) {
    return equalKeys(a, b, [](float x, float y) { return sameFloat(x, y); });
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

// A position with more distinct normals than this (a cone's apex with thousands of triangles)
// keeps its later normals apart unmatched against the rest: comparing each new corner with every
// earlier normal there would take time quadratic in the count. Real meshes stay far below it
// (16 triangles around a vertex at most on the corpus), so their welding is unchanged.
constexpr std::size_t kMaxNormalsComparedPerKey = 64;

// First pass, over the corners of one partition (in corner order): each corner gets the first
// earlier vertex with the same key and a close normal. The table holds one slot per distinct key;
// the vertices of one key form a list in insertion order (`nextOfKey`), so the earliest match wins
// and a key is found in constant time. `vertexOf[i]` is the vertex of corner `members[i]`.
struct Partition {
    std::vector<std::uint32_t> members; // corner numbers, increasing
    std::vector<ModelVertex> provisional;
    std::vector<std::uint32_t> vertexOf;
    // Per provisional vertex: made after kMaxNormalsComparedPerKey others of its key, so that no
    // later corner is compared with it.
    std::vector<std::uint8_t> beyondCompared;
};

void assignProvisionalVertices(std::span<const ModelVertex> corners,
                               std::span<const std::uint64_t> hashes, const NormalMatcher& normals,
                               Partition& part) {
    std::size_t capacity = 16;
    while (capacity < part.members.size() * 2)
        capacity *= 2;
    const std::size_t mask = capacity - 1;
    std::vector<std::uint32_t> table(capacity, kNoVertex);
    std::vector<ModelVertex>& provisional = part.provisional;
    std::vector<std::uint32_t> nextOfKey, lastOfKey; // per vertex; lastOfKey valid for list heads
    auto addVertex = [&](const ModelVertex& corner, bool beyondCompared) {
        const auto index = static_cast<std::uint32_t>(provisional.size());
        provisional.push_back(corner);
        nextOfKey.push_back(kNoVertex);
        lastOfKey.push_back(index);
        part.beyondCompared.push_back(beyondCompared);
        return index;
    };
    part.vertexOf.resize(part.members.size());
    // A partition's corners lie scattered through the input: fetched ahead, as a pass in order
    // would have the hardware fetch them.
    constexpr std::size_t kAhead = 16;
    for (std::size_t i = 0; i < part.members.size(); ++i) {
        if (i + kAhead < part.members.size()) { // GCC and Clang
            __builtin_prefetch(&corners[part.members[i + kAhead]]);
            __builtin_prefetch(&hashes[part.members[i + kAhead]]);
        }
        const ModelVertex& corner = corners[part.members[i]];
        std::size_t slot = hashes[part.members[i]] & mask;
        while (table[slot] != kNoVertex && !sameKey(provisional[table[slot]], corner))
            slot = (slot + 1) & mask;
        const std::uint32_t head = table[slot];
        if (head == kNoVertex) {
            table[slot] = part.vertexOf[i] = addVertex(corner, false);
            continue;
        }
        std::uint32_t match = kNoVertex;
        std::size_t compared = 0;
        for (std::uint32_t v = head; v != kNoVertex && compared < kMaxNormalsComparedPerKey;
             v = nextOfKey[v], ++compared)
            if (normals.matches(provisional[v].normal, corner.normal)) {
                match = v;
                break;
            }
        if (match == kNoVertex) {
            match = addVertex(corner, compared >= kMaxNormalsComparedPerKey);
            nextOfKey[lastOfKey[head]] = match;
            lastOfKey[head] = match;
        }
        part.vertexOf[i] = match;
    }
}

// Exact repeats. An exporter writes a shared corner's line again for each triangle that uses it, so
// most corners repeat, value for value, a corner met shortly before. Such a corner needs no search:
// with the same key and the same normal it meets the same vertices of its key in the same order,
// and as the list of a key only grows at its end, the first vertex that matched the earlier corner
// (or the one that corner made) is still the first that matches. The one exception is a vertex
// made beyond the kMaxNormalsComparedPerKey vertices a search compares: a repeat of its corner is
// not compared with it either, and makes a vertex of its own. So the result is the one a search of
// every corner gives.
bool identicalBits(float a, float b) {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

bool identicalCorners(const ModelVertex& a, const ModelVertex& b) {
    const auto identical = [](float x, float y) { return identicalBits(x, y); };
    return identical(a.normal.x, b.normal.x) && identical(a.normal.y, b.normal.y) &&
           identical(a.normal.z, b.normal.z) && equalKeys(a, b, identical);
}

// A cheap hash of every value of a corner, for the table of recent corners below.
std::uint64_t cornerHash(const ModelVertex& v) {
    const auto bits = [](float f) { return std::uint64_t(std::bit_cast<std::uint32_t>(f)); };
    const std::uint64_t a = bits(v.position.x) | bits(v.position.y) << 32;
    const std::uint64_t b = bits(v.position.z) | bits(v.normal.x) << 32;
    const std::uint64_t c = bits(v.normal.y) | bits(v.normal.z) << 32;
    const std::uint64_t d = bits(v.uv.x) | bits(v.uv.y) << 32;
    const std::uint64_t e = bits(v.weights.weight[0]) | bits(v.weights.weight[1]) << 32;
    const std::uint64_t f = bits(v.weights.weight[2]) | std::uint64_t(v.weights.count) << 32 |
                            std::uint64_t(std::uint16_t(v.weights.bone[0])) << 40;
    const std::uint64_t g = std::uint64_t(std::uint16_t(v.weights.bone[1])) |
                            std::uint64_t(std::uint16_t(v.weights.bone[2])) << 16;
    return (a * 0x9E3779B97F4A7C15ull) ^ (b * 0xC2B2AE3D27D4EB4Full) ^ (c * 0x165667B19E3779F9ull) ^
           (d * 0xD6E8FEB86659FD93ull) ^ (e * 0xFF51AFD7ED558CCDull) ^ (f * 0xC4CEB9FE1A85EC53ull) ^
           (g * 0x9FB21C651E98DF25ull);
}

// For each corner, an earlier corner with the very same values, or kNoVertex. Found among recent
// corners only (a table of the last corner seen per hash), in fixed runs of corners that are
// searched in parallel: the result does not depend on the thread count. A repeat points at a
// corner that is not one.
constexpr std::size_t kCornersPerRepeatRun = 65536;
constexpr int kRecentCornerBits = 12;

std::vector<std::uint32_t> findExactRepeats(std::span<const ModelVertex> corners) {
    std::vector<std::uint32_t> repeatOf(corners.size());
    const std::size_t runs = (corners.size() + kCornersPerRepeatRun - 1) / kCornersPerRepeatRun;
    tbb::parallel_for(std::size_t(0), runs, [&](std::size_t run) {
        std::vector<std::uint32_t> recent(std::size_t(1) << kRecentCornerBits, kNoVertex);
        const std::size_t end = std::min(corners.size(), (run + 1) * kCornersPerRepeatRun);
        for (std::size_t c = run * kCornersPerRepeatRun; c < end; ++c) {
            std::uint32_t& slot = recent[cornerHash(corners[c]) >> (64 - kRecentCornerBits)];
            if (slot != kNoVertex && identicalCorners(corners[slot], corners[c])) {
                repeatOf[c] = slot;
            } else {
                repeatOf[c] = kNoVertex;
                slot = static_cast<std::uint32_t>(c);
            }
        }
    });
    return repeatOf;
}

// Corners only ever weld with corners of the same key, so the corners can be split by their key's
// hash into partitions welded independently (in parallel, each table small enough to stay in
// cache). Each key's corners are met in the same order as by one pass over all of them, so every
// corner finds the same match: the result does not depend on the partition count.
constexpr std::size_t kCornersPerPartition = 32768;
constexpr std::size_t kMaxPartitions = 64;

std::size_t partitionCount(std::size_t corners) {
    std::size_t count = 1;
    while (count < kMaxPartitions && count * kCornersPerPartition < corners)
        count *= 2;
    return count;
}

// Every corner's provisional vertex, numbered across the partitions, and those vertices. Exact
// repeats (repeatOf, when not empty) take their earlier corner's vertex after the search.
std::vector<std::uint32_t> assignProvisionalVertices(std::span<const ModelVertex> corners,
                                                     std::span<const std::uint32_t> repeatOf,
                                                     const NormalMatcher& normals,
                                                     std::vector<ModelVertex>& provisional) {
    const auto searched = [&](std::size_t c) {
        return repeatOf.empty() || repeatOf[c] == kNoVertex;
    };
    std::vector<std::uint64_t> hashes(corners.size());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, corners.size(), 16384),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                          for (std::size_t c = range.begin(); c != range.end(); ++c)
                              if (searched(c)) hashes[c] = keyHash(corners[c]);
                      });
    const std::size_t count = partitionCount(corners.size());
    const int shift = 64 - std::countr_zero(count); // the high bits; the tables use the low ones
    auto partitionOf = [&](std::size_t c) {
        return count == 1 ? std::size_t(0) : static_cast<std::size_t>(hashes[c] >> shift);
    };
    std::vector<Partition> parts(count);
    for (std::size_t c = 0; c < corners.size(); ++c)
        if (searched(c)) parts[partitionOf(c)].members.push_back(static_cast<std::uint32_t>(c));
    tbb::parallel_for(std::size_t(0), count, [&](std::size_t p) {
        assignProvisionalVertices(corners, hashes, normals, parts[p]);
    });
    std::vector<std::uint32_t> cornerVertex(corners.size());
    std::vector<std::uint8_t> beyondCompared;
    for (const Partition& part : parts) {
        const auto base = static_cast<std::uint32_t>(provisional.size());
        provisional.insert(provisional.end(), part.provisional.begin(), part.provisional.end());
        beyondCompared.insert(beyondCompared.end(), part.beyondCompared.begin(),
                              part.beyondCompared.end());
        for (std::size_t i = 0; i < part.members.size(); ++i)
            cornerVertex[part.members[i]] = base + part.vertexOf[i];
    }
    if (repeatOf.empty()) return cornerVertex;
    for (std::size_t c = 0; c < corners.size(); ++c) {
        if (searched(c)) continue;
        const std::uint32_t earlier = cornerVertex[repeatOf[c]];
        if (!beyondCompared[earlier]) {
            cornerVertex[c] = earlier;
        } else {
            cornerVertex[c] = static_cast<std::uint32_t>(provisional.size());
            provisional.push_back(corners[c]);
            beyondCompared.push_back(true);
        }
    }
    return cornerVertex;
}

} // namespace

WeldedMesh weldCorners(std::span<const ModelVertex> corners, const WeldOptions& options) {
    const std::size_t triangleCount = corners.size() / 3;
    corners = corners.first(triangleCount * 3);
    std::vector<ModelVertex> provisional;
    const std::vector<std::uint32_t> repeatOf =
        options.reuseExactRepeats ? findExactRepeats(corners) : std::vector<std::uint32_t>();
    const std::vector<std::uint32_t> provisionalOf = assignProvisionalVertices(
        corners, repeatOf, NormalMatcher(options.normalAngleDegrees), provisional);

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
