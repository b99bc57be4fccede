// Building the simplifier's working mesh: welding, parts, and the initial quadrics.
#include "optimizer/simplify/simplify_mesh.h"

#include "optimizer/simplify/double_lanes.h"
#include "optimizer/simplify/face_quadrics.h"
#include "optimizer/simplify/triangle_bvh.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <numeric>

namespace vtxc::simplification {

namespace {

Vector3d toVector(const Vec3& v) {
    return {v.x, v.y, v.z};
}

float canonical(float v) {
    return v == 0.0f ? 0.0f : v; // -0 and +0 are one position
}

std::uint64_t bitsOf(float v) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    return bits;
}

// Combines a value into a hash with the splitmix64 finaliser, so every input bit reaches the low
// bits the table indexes with.
std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    std::uint64_t x = h ^ (v + 0x9E3779B97F4A7C15ull);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

std::uint64_t positionHash(const Vec3& p) {
    return mix(mix(mix(0, bitsOf(canonical(p.x))), bitsOf(canonical(p.y))), bitsOf(canonical(p.z)));
}

bool samePosition(const Vec3& a, const Vec3& b) {
    return canonical(a.x) == canonical(b.x) && canonical(a.y) == canonical(b.y) &&
           canonical(a.z) == canonical(b.z);
}

std::uint64_t wedgeHash(std::uint32_t point, std::uint32_t material, const ModelVertex& v) {
    std::uint64_t h = mix(point, material);
    for (float f : {v.normal.x, v.normal.y, v.normal.z, v.uv.x, v.uv.y})
        h = mix(h, bitsOf(f));
    for (int k = 0; k < kMaxBonesPerVertex; ++k)
        h = mix(h,
                (static_cast<std::uint64_t>(static_cast<std::uint16_t>(v.weights.bone[k])) << 32) |
                    bitsOf(v.weights.weight[k]));
    return h;
}

// Open addressing from a hash to the first id with that key; `same(id)` compares keys. Each slot
// keeps the hash's high half beside the id: a slot of another key is passed over without
// loading that key (a cache miss, as the ids' keys lie all over the mesh).
class IdTable {
  public:
    IdTable() = default; // no room yet: reserve() before the first findOrAdd()
    explicit IdTable(std::size_t expected) { reserve(expected); }
    // Room for `expected` ids: the table does not grow. Clears it.
    void reserve(std::size_t expected) {
        std::size_t capacity = 16;
        while (capacity < 2 * expected)
            capacity *= 2;
        slots_.assign(capacity, kEmpty);
    }
    bool reserved() const { return !slots_.empty(); }
    // Asks for the slot a lookup of `hash` starts at to be brought into the cache.
    void prefetch(std::uint64_t hash) const {
        __builtin_prefetch(&slots_[hash & (slots_.size() - 1)]);
    }
    template <class Same>
    std::uint32_t findOrAdd(std::uint64_t hash, std::uint32_t candidate, Same&& same) {
        const std::size_t mask = slots_.size() - 1;
        const std::uint64_t tag = hash & ~std::uint64_t(0xFFFFFFFF);
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            const std::uint64_t slot = slots_[i];
            if (slot == kEmpty) {
                slots_[i] = tag | candidate;
                return candidate;
            }
            const auto id = static_cast<std::uint32_t>(slot);
            if ((slot & ~std::uint64_t(0xFFFFFFFF)) == tag && same(id)) return id;
        }
    }

  private:
    // No id is kNone (ids are vector indices), so no tagged slot is all ones.
    static constexpr std::uint64_t kEmpty = ~std::uint64_t(0);
    std::vector<std::uint64_t> slots_;
};

std::uint32_t materialOf(const SimplifyInput& input, std::size_t triangle) {
    return triangle < input.materials.size() ? input.materials[triangle] : 0;
}

// The positions centred on the bounding box and scaled to a unit diagonal. The box of the points
// is that of the corners, each position counted once.
void scaleToUnitDiagonal(WorkingMesh& mesh) {
    Vector3d lo = Vector3d::Constant(std::numeric_limits<double>::infinity());
    Vector3d hi = -lo;
    for (const Vec3& original : mesh.originals) {
        const Vector3d p = toVector(original);
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    const double diagonal = (hi - lo).norm();
    mesh.centre = 0.5 * (lo + hi);
    mesh.scale = diagonal > 0 && std::isfinite(diagonal) ? 1.0 / diagonal : 1.0;
    mesh.positions.resize(mesh.originals.size());
    for (std::size_t p = 0; p < mesh.originals.size(); ++p)
        mesh.positions[p] = (toVector(mesh.originals[p]) - mesh.centre) * mesh.scale;
}

// The wedges at each point: a point has few (one, or a handful along seams), so they are found in
// the point's own list, without hashing (a hash table's probes miss the cache: its slots lie all
// over it); a point with more than kListLimit switches to a hash table, so that no input (a pole
// where every corner has its own UV) costs quadratic time.
class WedgeIndex {
  public:
    // `wedges`: how many wedges there can be, at most one per corner (the table, made only when a
    // point needs it, has room for them all: a few vertices shared by many materials make many
    // wedges of few vertices). `points`: how many points there can be.
    WedgeIndex(std::size_t wedges, std::size_t points)
        : expected_(wedges), first_(points, kNone), count_(points, 0) {
        next_.reserve(points);
    }
    // The wedge at `point` for which same(w) holds, else `candidate`, added. hashOf(w) hashes the
    // key of a wedge at the point (the candidate's too).
    template <class Hash, class Same>
    std::uint32_t findOrAdd(std::uint32_t point, std::uint32_t candidate, Hash&& hashOf,
                            Same&& same) {
        if (point >= first_.size()) {
            first_.resize(point + 1, kNone);
            count_.resize(point + 1, 0);
        }
        if (count_[point] > kListLimit) return table_.findOrAdd(hashOf(candidate), candidate, same);
        std::uint32_t last = kNone;
        for (std::uint32_t w = first_[point]; w != kNone; w = next_[w]) {
            if (same(w)) return w;
            last = w;
        }
        if (candidate >= next_.size()) next_.resize(candidate + 1, kNone);
        (last == kNone ? first_[point] : next_[last]) = candidate;
        if (++count_[point] > kListLimit) { // from now on in the table: all of the point's wedges
            if (!table_.reserved()) table_.reserve(expected_);
            for (std::uint32_t w = first_[point]; w != kNone; w = next_[w])
                table_.findOrAdd(hashOf(w), w, [](std::uint32_t) { return false; });
        }
        return candidate;
    }

  private:
    static constexpr std::uint8_t kListLimit = 16;
    std::size_t expected_;
    IdTable table_;
    std::vector<std::uint32_t> first_; // per point: its first wedge
    std::vector<std::uint8_t> count_;  // per point: its wedges, up to kListLimit + 1
    std::vector<std::uint32_t> next_;  // per wedge: the next wedge at its point
};

// Each corner's wedge, and each wedge's point (the wedges themselves are large: this keeps the
// triangles' build within a few cache lines).
struct WeldedCorners {
    std::vector<std::uint32_t> cornerWedge;
    std::vector<std::uint32_t> wedgePoint;
};

// Points and wedges are numbered in order of first use: nothing depends on hash order. Input
// vertices are looked up once each (a vertex used with a second material costs one more lookup).
WeldedCorners weld(const SimplifyInput& input, const SimplifyOptions& options, WorkingMesh& mesh) {
    const std::size_t corners = input.indices.size() - input.indices.size() % 3;
    const std::size_t vertices = input.vertices.size();
    IdTable pointIds(std::min(vertices, corners));
    WedgeIndex wedgeIds(corners, std::min(vertices, corners));
    std::vector<std::uint32_t> vertexPoint(vertices, kNone), vertexWedge(vertices, kNone);
    WeldedCorners welded;
    std::vector<std::uint32_t>& cornerWedge = welded.cornerWedge;
    cornerWedge.resize(corners);
    std::vector<std::uint32_t> wedgeMaterial;
    const double wn = attributeWeight(options.normalWeight);
    const double wt = attributeWeight(options.uvWeight);
    mesh.points.reserve(vertices);
    mesh.originals.reserve(vertices);
    mesh.wedges.reserve(vertices);
    wedgeMaterial.reserve(vertices);
    welded.wedgePoint.reserve(vertices);
    // A new vertex's position is looked up in a table bigger than the cache, at a place the hash
    // makes random: the lookup kLookahead corners ahead is started early (its hash kept), so that
    // its cache miss overlaps the work on the corners before it.
    constexpr std::size_t kLookahead = 16;
    std::array<std::uint64_t, 2 * kLookahead> aheadHash{}; // by corner, kept until it is reached
    auto lookAhead = [&](std::size_t corner) {
        const std::uint32_t vertex = input.indices[corner];
        if (vertexPoint[vertex] != kNone) return;
        const std::uint64_t hash = positionHash(input.vertices[vertex].position);
        aheadHash[corner % aheadHash.size()] = hash;
        pointIds.prefetch(hash);
    };
    for (std::size_t corner = 0; corner < std::min(corners, kLookahead); ++corner)
        lookAhead(corner);
    for (std::size_t corner = 0; corner < corners; ++corner) {
        if (corner + kLookahead < corners) lookAhead(corner + kLookahead);
        const std::uint32_t vertex = input.indices[corner];
        const ModelVertex& v = input.vertices[vertex];
        const std::uint32_t material = materialOf(input, corner / 3);
        const std::uint32_t known = vertexWedge[vertex];
        if (known != kNone && wedgeMaterial[known] == material) {
            cornerWedge[corner] = known;
            continue;
        }
        if (vertexPoint[vertex] == kNone) {
            const auto newPoint = static_cast<std::uint32_t>(mesh.points.size());
            vertexPoint[vertex] = pointIds.findOrAdd(
                aheadHash[corner % aheadHash.size()], newPoint,
                [&](std::uint32_t p) { return samePosition(mesh.originals[p], v.position); });
            if (vertexPoint[vertex] == newPoint) {
                mesh.points.emplace_back();
                mesh.originals.push_back(v.position);
            }
        }
        const std::uint32_t point = vertexPoint[vertex];
        const auto newWedge = static_cast<std::uint32_t>(mesh.wedges.size());
        auto hashOf = [&](std::uint32_t w) {
            return w == newWedge
                       ? wedgeHash(point, material, v)
                       : wedgeHash(point, wedgeMaterial[w], input.vertices[mesh.wedges[w].source]);
        };
        const std::uint32_t wedge =
            wedgeIds.findOrAdd(point, newWedge, hashOf, [&](std::uint32_t w) {
                const ModelVertex& o = input.vertices[mesh.wedges[w].source];
                return mesh.wedges[w].point == point && wedgeMaterial[w] == material &&
                       o.normal == v.normal && o.uv == v.uv && o.weights == v.weights;
            });
        if (wedge == newWedge) {
            Wedge added;
            added.point = point;
            added.source = vertex;
            added.weights = v.weights;
            added.values = {v.normal.x * wn, v.normal.y * wn, v.normal.z * wn, v.uv.x * wt,
                            v.uv.y * wt};
            mesh.wedges.push_back(added);
            wedgeMaterial.push_back(material);
            welded.wedgePoint.push_back(point);
        }
        if (known == kNone) vertexWedge[vertex] = wedge;
        cornerWedge[corner] = wedge;
    }
    return welded;
}

void buildTriangles(const SimplifyInput& input, const WeldedCorners& welded, WorkingMesh& mesh) {
    const std::vector<std::uint32_t>& cornerWedge = welded.cornerWedge;
    const std::size_t count = cornerWedge.size() / 3;
    mesh.triangles.reserve(count);
    for (std::size_t t = 0; t < count; ++t) {
        Triangle triangle;
        for (int k = 0; k < 3; ++k) {
            triangle.wedges[k] = cornerWedge[3 * t + k];
            triangle.points[k] = welded.wedgePoint[triangle.wedges[k]];
        }
        // Two corners at one position: nothing to draw, and no edge to collapse.
        if (triangle.points[0] == triangle.points[1] || triangle.points[1] == triangle.points[2] ||
            triangle.points[0] == triangle.points[2])
            continue;
        triangle.material = materialOf(input, t);
        mesh.triangles.push_back(triangle);
    }
    mesh.liveTriangles = mesh.triangles.size();
    constexpr std::uint32_t kUnseen = kNone - 1;
    for (Point& p : mesh.points)
        p.onlyWedge = kUnseen;
    for (const Triangle& t : mesh.triangles)
        for (int k = 0; k < 3; ++k) {
            std::uint32_t& only = mesh.points[t.points[k]].onlyWedge;
            only = only == kUnseen || only == t.wedges[k] ? t.wedges[k] : kNone;
        }
}

void buildAdjacency(WorkingMesh& mesh) {
    std::vector<std::uint32_t> counts(mesh.points.size(), 0);
    for (const Triangle& t : mesh.triangles)
        for (std::uint32_t p : t.points)
            ++counts[p];
    std::uint32_t offset = 0;
    for (std::size_t p = 0; p < mesh.points.size(); ++p) {
        mesh.points[p].firstTriangle = offset;
        offset += counts[p];
    }
    mesh.pool.resize(offset);
    // Each collapse appends the survivor's merged list: leave room for them.
    mesh.pool.reserve(std::size_t(offset) * 3);
    for (std::uint32_t t = 0; t < mesh.triangles.size(); ++t)
        for (std::uint32_t p : mesh.triangles[t].points) {
            Point& point = mesh.points[p];
            mesh.pool[point.firstTriangle + point.triangleCount++] = t;
        }
}

void buildParts(WorkingMesh& mesh) {
    std::vector<std::uint32_t> parent(mesh.points.size());
    std::iota(parent.begin(), parent.end(), 0u);
    auto root = [&](std::uint32_t i) {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    };
    for (const Triangle& t : mesh.triangles)
        for (int k = 1; k < 3; ++k) {
            const std::uint32_t a = root(t.points[0]), b = root(t.points[k]);
            if (a != b) parent[std::max(a, b)] = std::min(a, b);
        }
    std::vector<std::uint32_t> id(mesh.points.size(), kNone);
    for (std::uint32_t p = 0; p < mesh.points.size(); ++p) {
        const std::uint32_t r = root(p);
        if (id[r] == kNone) {
            id[r] = static_cast<std::uint32_t>(mesh.parts.size());
            mesh.parts.emplace_back();
        }
        mesh.points[p].part = id[r];
    }
    std::vector<Vector3d> lo(mesh.parts.size(), Vector3d::Constant(1e30));
    std::vector<Vector3d> hi(mesh.parts.size(), Vector3d::Constant(-1e30));
    for (std::size_t p = 0; p < mesh.points.size(); ++p) {
        const std::uint32_t part = mesh.points[p].part;
        lo[part] = lo[part].cwiseMin(mesh.positions[p]);
        hi[part] = hi[part].cwiseMax(mesh.positions[p]);
    }
    for (std::size_t c = 0; c < mesh.parts.size(); ++c)
        mesh.parts[c].distanceSquared = 0.25 * (hi[c] - lo[c]).squaredNorm();
    for (std::uint32_t i = 0; i < mesh.triangles.size(); ++i) {
        const Triangle& t = mesh.triangles[i];
        Part& part = mesh.parts[mesh.points[t.points[0]].part];
        ++part.liveTriangles;
        part.triangles.push_back(i);
    }
}

// For each part small enough to be removed whole (at most half the triangles), how far its
// vertices and triangle centres lie from the other parts.
void measurePartDistances(WorkingMesh& mesh) {
    if (mesh.parts.size() < 2) return;
    std::vector<std::uint32_t> indices;
    indices.reserve(3 * mesh.triangles.size());
    for (const Triangle& t : mesh.triangles)
        indices.insert(indices.end(), t.points.begin(), t.points.end());
    const TriangleBvh tree(mesh.originals, indices);
    const std::size_t largest = mesh.triangles.size() / 2;
    for (std::uint32_t c = 0; c < mesh.parts.size(); ++c) {
        Part& part = mesh.parts[c];
        if (part.triangles.empty() || part.triangles.size() > largest) continue;
        auto elsewhere = [&](std::uint32_t t) {
            return mesh.points[mesh.triangles[t].points[0]].part != c;
        };
        double farthest = 0;
        for (std::uint32_t t : part.triangles) {
            Point3d centre{0, 0, 0};
            for (std::uint32_t p : mesh.triangles[t].points) {
                const Point3d q = toPoint3d(mesh.originals[p]);
                farthest = std::max(farthest, tree.nearest(q, elsewhere).distanceSquared);
                centre = {centre.x + q.x / 3, centre.y + q.y / 3, centre.z + q.z / 3};
            }
            farthest = std::max(farthest, tree.nearest(centre, elsewhere).distanceSquared);
        }
        part.distanceSquared = farthest * mesh.scale * mesh.scale;
        part.removable = std::isfinite(part.distanceSquared);
    }
}

// A plane through the edge a-b of a triangle, perpendicular to it, weighted by the triangle's
// area: moving the edge sideways costs as much as moving that much surface.
void addEdgeConstraint(WorkingMesh& mesh, std::uint32_t a, std::uint32_t b, std::uint32_t c,
                       double factor) {
    const Vector3d& pa = mesh.positions[a];
    const Vector3d edge = mesh.positions[b] - pa;
    const Vector3d normal = edge.cross(mesh.positions[c] - pa);
    Vector3d side = edge.cross(normal);
    const double length = side.norm();
    if (!(length > 0)) return;
    side /= length;
    Quadric constraint = planeQuadric(side, -side.dot(pa), factor * 0.5 * normal.norm());
    constraint.weight = 0; // constraints add error, not area
    mesh.quadrics[a] += constraint;
    mesh.quadrics[b] += constraint;
}

// Each triangle edge a -> b (seen from a) gets constraints when it is an open border (no other
// triangle has it), a seam (the other triangle has other wedges at a or b: UV, normal, weights
// or material change across it) or non-manifold (more than two triangles).
void addEdgeConstraints(WorkingMesh& mesh, const SimplifyOptions& options) {
    // Per triangle around a: the wedge at a, and the next and previous points with their wedges.
    struct Fan {
        std::uint32_t atA, next, atNext, previous, atPrevious;
    };
    std::vector<Fan> fan;
    for (std::uint32_t a = 0; a < mesh.points.size(); ++a) {
        fan.clear();
        for (std::uint32_t t : mesh.trianglesOf(a)) {
            const Triangle& triangle = mesh.triangles[t];
            const int ka = WorkingMesh::cornerOf(triangle, a);
            const int kn = (ka + 1) % 3, kp = (ka + 2) % 3;
            fan.push_back({triangle.wedges[ka], triangle.points[kn], triangle.wedges[kn],
                           triangle.points[kp], triangle.wedges[kp]});
        }
        for (const Fan& edge : fan) {
            const std::uint32_t b = edge.next;
            int sharing = 0;
            bool discontinuous = false;
            for (const Fan& other : fan) {
                const std::uint32_t atB = other.next == b       ? other.atNext
                                          : other.previous == b ? other.atPrevious
                                                                : kNone;
                if (atB == kNone) continue;
                ++sharing;
                if (other.atA != edge.atA || atB != edge.atNext) discontinuous = true;
            }
            if (sharing == 2 && !discontinuous) continue;
            const double factor = sharing == 1 ? options.borderWeight : options.seamWeight;
            addEdgeConstraint(mesh, a, b, edge.previous, factor);
        }
    }
}

// A wedge's attribute quadric is the sum over its faces, which lie close together in the
// triangle order (wedges are numbered in order of first use). The sums are kept only while open:
// from a wedge's first triangle to its last, in a small pool whose slots are reused, not in one
// array of double-precision moments for every wedge (25 MB for a 200k-triangle mesh, read and
// written from memory instead of cache).
class OpenWedgeSums {
  public:
    explicit OpenWedgeSums(const WorkingMesh& mesh)
        : lastTriangle_(mesh.wedges.size(), 0), slot_(mesh.wedges.size(), kNone) {
        for (std::uint32_t t = 0; t < mesh.triangles.size(); ++t)
            for (std::uint32_t w : mesh.triangles[t].wedges)
                lastTriangle_[w] = t;
    }
    AttributeMoments& of(std::uint32_t w) {
        if (slot_[w] == kNone) {
            if (free_.empty()) {
                slot_[w] = static_cast<std::uint32_t>(pool_.size());
                pool_.emplace_back();
            } else {
                slot_[w] = free_.back();
                free_.pop_back();
                pool_[slot_[w]] = AttributeMoments();
            }
        }
        return pool_[slot_[w]];
    }
    // After triangle t: the wedge's sum is complete if t was its last triangle.
    bool closes(std::uint32_t w, std::uint32_t t) const { return lastTriangle_[w] == t; }
    AttributeQuadric close(std::uint32_t w) {
        const AttributeQuadric quadric = pool_[slot_[w]].quadric();
        free_.push_back(slot_[w]);
        return quadric;
    }

  private:
    std::vector<std::uint32_t> lastTriangle_;
    std::vector<std::uint32_t> slot_;
    std::vector<AttributeMoments> pool_;
    std::vector<std::uint32_t> free_;
};

// One face's plane quadric and attribute moments (faceQuadrics computes four at a time).
FaceQuadrics quadricsOfFace(const WorkingMesh& mesh, const Triangle& t) {
    std::array<Vector3d, 3> positions;
    std::array<AttributeValues, 3> values;
    for (int k = 0; k < 3; ++k) {
        positions[k] = mesh.positions[t.points[k]];
        values[k] = mesh.wedges[t.wedges[k]].values;
    }
    return faceQuadricsOf(positions, values);
}

// The face quadrics (plane and attributes) summed per point and wedge, and the parts' areas.
void buildQuadrics(WorkingMesh& mesh, const SimplifyOptions& options) {
    mesh.quadrics.assign(mesh.points.size(), Quadric{});
    mesh.wedgeQuadrics.assign(mesh.wedges.size(), AttributeQuadric{}); // a wedge without faces
    OpenWedgeSums sums(mesh);
    // A face's sums, in triangle order: its area to its part, its plane to its points, its
    // attribute moments to its wedges (each wedge's sum closed after its last face).
    auto addFace = [&](std::uint32_t i, const FaceQuadrics& face) {
        const Triangle& t = mesh.triangles[i];
        if (!face.degenerate) {
            mesh.parts[mesh.points[t.points[0]].part].area += face.area;
            for (int k = 0; k < 3; ++k) {
                mesh.quadrics[t.points[k]] += face.plane;
                sums.of(t.wedges[k]) += face.attributes;
            }
        } else {
            for (int k = 0; k < 3; ++k)
                sums.of(t.wedges[k]); // opened, to be closed below
        }
        for (int k = 0; k < 3; ++k)
            if (sums.closes(t.wedges[k], i))
                mesh.wedgeQuadrics[t.wedges[k]] = sums.close(t.wedges[k]);
    };
    const auto count = static_cast<std::uint32_t>(mesh.triangles.size());
    std::uint32_t i = 0;
    if (options.vectorLanes && doubleLanesAvailable()) {
        std::array<FaceCorners, kFaceLanes> corners;
        std::array<FaceQuadrics, kFaceLanes> faces;
        for (; i + kFaceLanes <= count; i += kFaceLanes) {
            for (int l = 0; l < kFaceLanes; ++l) {
                const Triangle& t = mesh.triangles[i + l];
                for (int k = 0; k < 3; ++k) {
                    corners[l].position[k] = &mesh.positions[t.points[k]];
                    corners[l].values[k] = &mesh.wedges[t.wedges[k]].values;
                }
            }
            faceQuadrics(corners, faces);
            for (int l = 0; l < kFaceLanes; ++l)
                addFace(i + l, faces[l]);
        }
    }
    for (; i < count; ++i)
        addFace(i, quadricsOfFace(mesh, mesh.triangles[i]));
    addEdgeConstraints(mesh, options);
}

} // namespace

double attributeWeight(double weight) {
    return std::max(weight, 1e-6);
}

bool buildWorkingMesh(const SimplifyInput& input, const SimplifyOptions& options,
                      WorkingMesh& mesh) {
    if (input.indices.size() < 3) return false;
    for (std::uint32_t index : input.indices)
        if (index >= input.vertices.size()) return false;
    const WeldedCorners welded = weld(input, options, mesh);
    scaleToUnitDiagonal(mesh);
    buildTriangles(input, welded, mesh);
    if (mesh.triangles.empty()) return false;
    buildAdjacency(mesh);
    buildParts(mesh);
    measurePartDistances(mesh);
    buildQuadrics(mesh, options);
    return true;
}

} // namespace vtxc::simplification
