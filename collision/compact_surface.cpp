// Builds a .phy solid's compact surface from its convex pieces; the rules and where they were
// checked are in compact_surface.h (docs/formats.md, ".phy"; the PHY spec).
#include "collision/compact_surface.h"

#include "collision/convex_hull.h"
#include "collision/mass_properties.h"
#include "formats/phy/phy_check.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

namespace vtxc {

namespace {

// A ledge before it is laid out: triangles as pool indices.
struct LedgeMesh {
    std::vector<std::array<std::uint32_t, 3>> triangles; // pool indices
    std::int32_t clientData = 0;
};

// The pool in first-use order; points are keyed by their stored (float, physics space) value so
// a point two pieces share is stored once.
class PointPool {
  public:
    std::uint32_t add(const Vec3d& source) {
        const Vec3 physics =
            sourceUnitsToPhy({static_cast<float>(source.x), static_cast<float>(source.y),
                              static_cast<float>(source.z)});
        const std::array<float, 3> key{physics.x, physics.y, physics.z};
        const auto [it, added] =
            index_.try_emplace(key, static_cast<std::uint32_t>(points_.size()));
        if (added) points_.push_back({physics.x, physics.y, physics.z, 0});
        return it->second;
    }
    const std::vector<PhyPoint>& points() const { return points_; }

  private:
    std::map<std::array<float, 3>, std::uint32_t> index_;
    std::vector<PhyPoint> points_;
};

Vec3d toDouble(const PhyPoint& p) {
    return {p.x, p.y, p.z};
}

Vec3d unitNormal(const std::vector<PhyPoint>& pool, const std::array<std::uint32_t, 3>& t) {
    const Vec3d a = toDouble(pool[t[0]]);
    const Vec3d n = cross(toDouble(pool[t[1]]) - a, toDouble(pool[t[2]]) - a);
    const double len = length(n);
    return len > 0 ? n * (1.0 / len) : Vec3d{};
}

// Edge k of triangle t is slot 4t + 1 + k (docs/formats.md, ".phy"); opposite_index is the slot
// distance to the edge over the same points the other way. Fails on an open mesh.
std::optional<PhyLedge> makeLedge(const LedgeMesh& mesh, const std::vector<PhyPoint>& pool) {
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::int64_t> slotOf;
    const std::size_t n = mesh.triangles.size();
    for (std::size_t t = 0; t < n; ++t)
        for (std::size_t k = 0; k < 3; ++k) {
            const auto& tri = mesh.triangles[t];
            if (!slotOf
                     .emplace(std::pair{tri[k], tri[(k + 1) % 3]},
                              static_cast<std::int64_t>(4 * t + 1 + k))
                     .second)
                return std::nullopt; // an edge used twice the same way
        }
    std::vector<Vec3d> normals;
    for (const auto& tri : mesh.triangles)
        normals.push_back(unitNormal(pool, tri));
    PhyLedge ledge;
    ledge.clientData = mesh.clientData;
    for (std::size_t t = 0; t < n; ++t) {
        PhyTriangle tri;
        tri.triIndex = static_cast<std::uint16_t>(t);
        std::size_t pierce = t;
        double lowest = std::numeric_limits<double>::infinity();
        for (std::size_t o = 0; o < n; ++o) {
            const double d = dot(normals[t], normals[o]);
            if (o != t && d < lowest) {
                lowest = d;
                pierce = o;
            }
        }
        tri.pierceIndex = static_cast<std::uint16_t>(pierce);
        for (std::size_t k = 0; k < 3; ++k) {
            const auto& corners = mesh.triangles[t];
            const auto twin = slotOf.find({corners[(k + 1) % 3], corners[k]});
            if (twin == slotOf.end()) return std::nullopt;
            const std::int64_t distance = twin->second - static_cast<std::int64_t>(4 * t + 1 + k);
            if (distance < -0x4000 || distance >= 0x4000) return std::nullopt;
            tri.edges[k].startPointIndex = static_cast<std::uint16_t>(corners[k]);
            tri.edges[k].oppositeIndex = static_cast<std::int16_t>(distance);
        }
        ledge.triangles.push_back(tri);
    }
    ledge.sizeDiv16 = phyCompactLedgeSizeDiv16(ledge);
    return ledge;
}

// A node's box: centre and half extents (physics space); radius its half-diagonal.
struct NodeBox {
    Vec3d center;
    Vec3d half;
    double radius = 0;
    std::array<std::uint8_t, 3> boxSizes{};
};

std::uint8_t quantise(double halfExtent, double radius) {
    if (radius <= 0) return 0;
    return static_cast<std::uint8_t>(
        std::clamp(std::ceil(halfExtent / radius * 250.0), 0.0, 255.0));
}

NodeBox boxOf(const Vec3d& lo, const Vec3d& hi) {
    NodeBox box;
    box.center = (lo + hi) * 0.5;
    box.half = (hi - lo) * 0.5;
    box.radius = length(box.half);
    box.boxSizes = {quantise(box.half.x, box.radius), quantise(box.half.y, box.radius),
                    quantise(box.half.z, box.radius)};
    return box;
}

// The box a node stores: centre +- box_sizes x radius / 250 (at least the exact box).
std::pair<Vec3d, Vec3d> storedBox(const NodeBox& box) {
    const double unit = box.radius / 250.0;
    const Vec3d half{box.boxSizes[0] * unit, box.boxSizes[1] * unit, box.boxSizes[2] * unit};
    return {box.center - half, box.center + half};
}

NodeBox joinBoxes(const NodeBox& a, const NodeBox& b) {
    const auto [alo, ahi] = storedBox(a);
    const auto [blo, bhi] = storedBox(b);
    return boxOf({std::min(alo.x, blo.x), std::min(alo.y, blo.y), std::min(alo.z, blo.z)},
                 {std::max(ahi.x, bhi.x), std::max(ahi.y, bhi.y), std::max(ahi.z, bhi.z)});
}

struct BuildNode {
    NodeBox box;
    std::int32_t ledge = -1;
    std::int32_t left = -1, right = -1; // indices into the build nodes
};

// Bottom-up joining (compact_surface.h), then pre-order output.
std::vector<PhyTreeNode> buildTree(const std::vector<NodeBox>& leaves,
                                   std::optional<std::size_t> outerHull) {
    std::vector<BuildNode> nodes;
    std::vector<std::int32_t> open;
    for (std::size_t l = 0; l < leaves.size(); ++l) {
        nodes.push_back({leaves[l], static_cast<std::int32_t>(l), -1, -1});
        open.push_back(static_cast<std::int32_t>(l));
    }
    while (open.size() > 1) {
        std::size_t bestI = 0, bestJ = 1;
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < open.size(); ++i)
            for (std::size_t j = i + 1; j < open.size(); ++j) {
                const double r = joinBoxes(nodes[static_cast<std::size_t>(open[i])].box,
                                           nodes[static_cast<std::size_t>(open[j])].box)
                                     .radius;
                if (r < best) {
                    best = r;
                    bestI = i;
                    bestJ = j;
                }
            }
        BuildNode joined;
        joined.left = open[bestI];
        joined.right = open[bestJ];
        joined.box = joinBoxes(nodes[static_cast<std::size_t>(joined.left)].box,
                               nodes[static_cast<std::size_t>(joined.right)].box);
        nodes.push_back(joined);
        open.erase(open.begin() + static_cast<std::ptrdiff_t>(bestJ));
        open.erase(open.begin() + static_cast<std::ptrdiff_t>(bestI));
        open.push_back(static_cast<std::int32_t>(nodes.size() - 1));
    }
    if (outerHull && nodes.size() > 1) nodes.back().ledge = static_cast<std::int32_t>(*outerHull);

    std::vector<PhyTreeNode> out;
    const auto emit = [&](const auto& self, std::int32_t index) -> void {
        const BuildNode& node = nodes[static_cast<std::size_t>(index)];
        const std::size_t at = out.size();
        PhyTreeNode stored;
        stored.ledge = node.ledge;
        stored.center = {static_cast<float>(node.box.center.x),
                         static_cast<float>(node.box.center.y),
                         static_cast<float>(node.box.center.z)};
        stored.radius = static_cast<float>(node.box.radius);
        stored.boxSizes = node.box.boxSizes;
        out.push_back(stored);
        if (node.left < 0) return;
        self(self, node.left);
        out[at].rightNode = static_cast<std::int32_t>(out.size());
        self(self, node.right);
    };
    if (!open.empty()) emit(emit, open.front());
    return out;
}

NodeBox ledgeBox(const LedgeMesh& mesh, const std::vector<PhyPoint>& pool) {
    Vec3d lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
             std::numeric_limits<double>::infinity()};
    Vec3d hi = lo * -1.0;
    for (const auto& tri : mesh.triangles)
        for (const std::uint32_t i : tri) {
            const Vec3d p = toDouble(pool[i]);
            lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
            hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
        }
    return boxOf(lo, hi);
}

double component(const Vec3d& v, int axis) {
    return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
}

using Point2 = std::pair<double, double>;

double turn(const Point2& o, const Point2& a, const Point2& b) {
    return (a.first - o.first) * (b.second - o.second) -
           (a.second - o.second) * (b.first - o.first);
}

// Andrew's monotone chain: the counter-clockwise convex hull of `points` (collinear dropped).
std::vector<Point2> convexPolygon(std::vector<Point2> points) {
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    if (points.size() < 3) return points;
    std::vector<Point2> hull(2 * points.size());
    std::size_t k = 0;
    for (const Point2& p : points) {
        while (k >= 2 && turn(hull[k - 2], hull[k - 1], p) <= 0)
            --k;
        hull[k++] = p;
    }
    for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && turn(hull[k - 2], hull[k - 1], points[i]) <= 0)
            --k;
        hull[k++] = points[i];
    }
    hull.resize(k - 1);
    return hull;
}

bool insidePolygon(const std::vector<Point2>& polygon, const Point2& p) {
    if (polygon.size() < 3) return false;
    for (std::size_t i = 0; i < polygon.size(); ++i)
        if (turn(polygon[i], polygon[(i + 1) % polygon.size()], p) < -1e-9) return false;
    return true;
}

// dragAxisAreas (compact_surface.h): per Source axis, the share of a 0.5-unit grid of rays over
// the solid's box face that hits a piece. A ray hits a convex piece exactly when its foot lies in
// the piece's projection, the convex polygon of its projected points.
Vec3 dragAxisAreas(std::span<const CompactSurfacePiece> pieces) {
    Vec3d lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
             std::numeric_limits<double>::infinity()};
    Vec3d hi = lo * -1.0;
    for (const auto& piece : pieces)
        for (const Vec3d& p : piece.points) {
            lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
            hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
        }
    std::array<float, 3> areas{};
    for (int axis = 0; axis < 3; ++axis) {
        const int u = axis == 0 ? 1 : 0;
        const int v = axis == 2 ? 1 : 2;
        const double extentU = component(hi, u) - component(lo, u);
        const double extentV = component(hi, v) - component(lo, v);
        double step = kDragRaySpacing;
        const auto count = [&](double extent) {
            return std::max<std::size_t>(1, static_cast<std::size_t>(std::llround(extent / step)));
        };
        while (static_cast<double>(count(extentU)) * static_cast<double>(count(extentV)) >
               static_cast<double>(kDragMaxRaysPerAxis))
            step *= 2;
        const std::size_t nu = count(extentU), nv = count(extentV);
        std::vector<std::vector<Point2>> polygons;
        for (const auto& piece : pieces) {
            std::vector<Point2> projected;
            for (const Vec3d& p : piece.points)
                projected.emplace_back(component(p, u), component(p, v));
            polygons.push_back(convexPolygon(std::move(projected)));
        }
        std::size_t hits = 0;
        for (std::size_t i = 0; i < nu; ++i)
            for (std::size_t j = 0; j < nv; ++j) {
                const Point2 foot{component(lo, u) + (static_cast<double>(i) + 0.5) * step,
                                  component(lo, v) + (static_cast<double>(j) + 0.5) * step};
                if (std::any_of(polygons.begin(), polygons.end(),
                                [&](const auto& polygon) { return insidePolygon(polygon, foot); }))
                    ++hits;
            }
        areas[static_cast<std::size_t>(axis)] =
            static_cast<float>(static_cast<double>(hits) / static_cast<double>(nu * nv));
    }
    return {areas[0], areas[1], areas[2]};
}

struct Moments {
    double volume = 0;
    Vec3d centre;
    Vec3d second; // per unit volume, about the centre: integral of x^2, y^2, z^2 / volume
};

// The pieces' mass properties from the stored points (physics space), combined by the parallel
// axis theorem; overlapping pieces count twice.
Moments solidMoments(const std::vector<LedgeMesh>& meshes, const std::vector<PhyPoint>& pool) {
    std::vector<Vec3d> points;
    for (const PhyPoint& p : pool)
        points.push_back(toDouble(p));
    std::vector<MassProperties> parts;
    Moments total;
    for (const LedgeMesh& mesh : meshes) {
        parts.push_back(computeMassProperties(points, mesh.triangles));
        total.volume += parts.back().volume;
        total.centre += parts.back().centreOfMass * parts.back().volume;
    }
    if (total.volume <= 0) return total;
    total.centre = total.centre * (1.0 / total.volume);
    for (const MassProperties& part : parts) {
        const auto& I = part.inertia; // about the part's centre, unit density
        const Vec3d own{(I[1][1] + I[2][2] - I[0][0]) / 2, (I[0][0] + I[2][2] - I[1][1]) / 2,
                        (I[0][0] + I[1][1] - I[2][2]) / 2};
        const Vec3d d = part.centreOfMass - total.centre;
        total.second += own + Vec3d{d.x * d.x, d.y * d.y, d.z * d.z} * part.volume;
    }
    total.second = total.second * (1.0 / total.volume);
    return total;
}

bool validPiece(const CompactSurfacePiece& piece) {
    if (piece.triangles.empty()) return false;
    for (const auto& tri : piece.triangles)
        for (const std::uint32_t i : tri)
            if (i >= piece.points.size()) return false;
    return std::all_of(piece.points.begin(), piece.points.end(),
                       [](const Vec3d& p) { return isFinite(p); }) &&
           isClosedMesh(piece.triangles);
}

} // namespace

CompactSurfaceResult buildCompactSurface(std::span<const CompactSurfacePiece> pieces) {
    CompactSurfaceResult result;
    const auto fail = [&](std::string why) {
        result.error = std::move(why);
        return result;
    };
    if (pieces.empty()) return fail("the solid has no piece");
    for (std::size_t p = 0; p < pieces.size(); ++p)
        if (!validPiece(pieces[p]))
            return fail("piece " + std::to_string(p) +
                        " is not a closed triangle mesh of finite points");

    PointPool pool;
    std::vector<LedgeMesh> meshes;
    for (const auto& piece : pieces) {
        LedgeMesh mesh;
        mesh.clientData = piece.clientData;
        for (const auto& tri : piece.triangles)
            mesh.triangles.push_back({pool.add(piece.points[tri[0]]),
                                      pool.add(piece.points[tri[1]]),
                                      pool.add(piece.points[tri[2]])});
        meshes.push_back(std::move(mesh));
    }
    const std::size_t pieceCount = meshes.size();
    std::optional<std::size_t> outerHull;
    if (pieceCount > 1) {
        std::vector<Vec3d> all;
        for (const auto& piece : pieces)
            all.insert(all.end(), piece.points.begin(), piece.points.end());
        const HullResult hull = buildConvexHull(all);
        if (!hull.ok()) return fail("the outer hull of the solid's pieces cannot be built");
        LedgeMesh mesh;
        for (const auto& tri : hull.hull->triangles)
            mesh.triangles.push_back({pool.add(hull.hull->points[tri[0]]),
                                      pool.add(hull.hull->points[tri[1]]),
                                      pool.add(hull.hull->points[tri[2]])});
        outerHull = meshes.size();
        meshes.push_back(std::move(mesh));
    }
    const std::vector<PhyPoint>& points = pool.points();
    if (points.size() > kPhyMaxPoints)
        return fail("the solid has " + std::to_string(points.size()) + " points; at most " +
                    std::to_string(kPhyMaxPoints) + " fit a point array");

    PhySolid solid;
    PhyCompactSurface& surface = solid.surface;
    for (const LedgeMesh& mesh : meshes) {
        if (mesh.triangles.size() > kPhyMaxTrianglesPerLedge)
            return fail("a ledge has " + std::to_string(mesh.triangles.size()) +
                        " triangles; at most " + std::to_string(kPhyMaxTrianglesPerLedge) + " fit");
        auto ledge = makeLedge(mesh, points);
        if (!ledge) return fail("a piece's edges do not pair up (after welding equal points)");
        surface.ledges.push_back(std::move(*ledge));
    }
    surface.points = points;

    std::vector<NodeBox> leaves;
    for (std::size_t l = 0; l < pieceCount; ++l)
        leaves.push_back(ledgeBox(meshes[l], points));
    surface.nodes = buildTree(leaves, outerHull);
    if (outerHull) {
        PhyLedge& hull = surface.ledges[*outerHull];
        hull.hasChildrenFlag = 1;
        const PhySurfaceLayout layout = layoutCompactSurface(surface);
        hull.clientData =
            static_cast<std::int32_t>(static_cast<std::int64_t>(layout.treeOffset) -
                                      static_cast<std::int64_t>(layout.ledgeOffsets[*outerHull]));
    }

    const std::vector<LedgeMesh> pieceMeshes(
        meshes.begin(), meshes.begin() + static_cast<std::ptrdiff_t>(pieceCount));
    const Moments moments = solidMoments(pieceMeshes, points);
    if (!(moments.volume > 0)) return fail("the pieces enclose no volume (inward winding?)");
    surface.massCenter = {static_cast<float>(moments.centre.x),
                          static_cast<float>(moments.centre.y),
                          static_cast<float>(moments.centre.z)};
    const Vec3d& m = moments.second;
    surface.rotationInertia = {static_cast<float>(std::hypot(m.y, m.z)),
                               static_cast<float>(std::hypot(m.x, m.z)),
                               static_cast<float>(std::hypot(m.x, m.y))};
    double radius = 0;
    for (const PhyPoint& p : points)
        radius = std::max(radius, length(toDouble(p) - moments.centre));
    surface.upperLimitRadius = static_cast<float>(radius);
    surface.maxFactorSurfaceDeviation = kCompactSurfaceDeviationFactor;
    solid.dragAxisAreas = dragAxisAreas(pieces);

    // The text section's volume from the input in double (the stored float points lose ~1e-7).
    for (const auto& piece : pieces)
        result.volume += computeMassProperties(piece.points, piece.triangles).volume;
    result.solid = std::move(solid);
    return result;
}

std::vector<Diagnostic> checkCompactSurface(const PhySolid& solid, const std::string& name) {
    return checkPhySurface(solid.surface, 0, name);
}

} // namespace vtxc
