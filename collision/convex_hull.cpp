// Convex hulls through qhull's reentrant library (Barber, Dobkin and Huhdanpaa, "The Quickhull
// algorithm for convex hulls", ACM TOMS 22(4), 1996; qhull.org). qhull merges facets that are
// coplanar within the tolerance; the faces are then rebuilt here: corners kept only where three
// or more faces meet (so no point stays inside a flat face or along a straight edge, as in
// studiomdl's hulls), each face's corners ordered around its plane and fanned into triangles.
// On request, corners that stand too little from the edge that would replace them are removed
// as studiomdl's collision hulls show (HullOptions::smallestCornerHeight; docs/mdl-compile.md).
#include "collision/convex_hull.h"

#include "collision/collision_codes.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <numeric>
#include <utility>

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

namespace vtxc {
namespace {

struct SortedPoint {
    Vec3d position;
    std::uint32_t source = 0;
};

// The distinct points, sorted, each with the index of its first occurrence.
std::vector<SortedPoint> uniqueSortedPoints(std::span<const Vec3d> points) {
    std::vector<SortedPoint> sorted(points.size());
    for (std::size_t i = 0; i < points.size(); ++i)
        sorted[i] = {points[i], static_cast<std::uint32_t>(i)};
    std::sort(sorted.begin(), sorted.end(), [](const SortedPoint& a, const SortedPoint& b) {
        if (a.position != b.position) return a.position < b.position;
        return a.source < b.source;
    });
    sorted.erase(std::unique(sorted.begin(), sorted.end(),
                             [](const SortedPoint& a, const SortedPoint& b) {
                                 return a.position == b.position;
                             }),
                 sorted.end());
    return sorted;
}

std::size_t farthestFrom(const std::vector<SortedPoint>& points, auto distance) {
    std::size_t best = 0;
    double bestDistance = -1;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const double d = distance(points[i].position);
        if (d > bestDistance) bestDistance = d, best = i;
    }
    return best;
}

// The flatness test before qhull: the two points farthest apart, the point farthest from their
// line, and the extent of every point along the normal of the plane through those three. Returns
// the failure when the set spans no volume thicker than twice the tolerance.
std::optional<HullFailure> flatness(const std::vector<SortedPoint>& points, double tolerance) {
    const auto flat = [](double thickness) {
        return HullFailure{HullError::Flat, thickness, 0, {}};
    };
    if (points.empty()) return flat(0);
    const Vec3d p0 = points[0].position;
    const Vec3d p1 = points[farthestFrom(points, [&](Vec3d p) { return length(p - p0); })].position;
    const Vec3d axis = p1 - p0;
    if (length(axis) <= tolerance) return flat(0);
    const Vec3d direction = axis * (1 / length(axis));
    const auto lineDistance = [&](Vec3d p) { return length(cross(p - p0, direction)); };
    const Vec3d p2 = points[farthestFrom(points, lineDistance)].position;
    if (lineDistance(p2) <= tolerance) return flat(0);
    const Vec3d normalRaw = cross(axis, p2 - p0);
    const Vec3d normal = normalRaw * (1 / length(normalRaw));
    double low = dot(normal, p0), high = low;
    for (const SortedPoint& point : points) {
        low = std::min(low, dot(normal, point.position));
        high = std::max(high, dot(normal, point.position));
    }
    if (high - low <= 2 * tolerance) return flat(high - low);
    return std::nullopt;
}

struct QhullFace {
    Vec3d normal;
    double offset = 0;
    std::vector<std::uint32_t> corners; // into the sorted unique points; HullFaces: its corners
};

// Owns one qhull run and its error text; frees qhull's memory however the run ends.
class QhullRun {
  public:
    QhullRun() { errors_ = open_memstream(&errorText_, &errorSize_); }
    ~QhullRun() {
        if (started_) {
            qh_freeqhull(&qh_, !qh_ALL);
            int currentLong = 0, totalLong = 0;
            qh_memfreeshort(&qh_, &currentLong, &totalLong);
        }
        if (errors_ != nullptr) std::fclose(errors_);
        std::free(errorText_);
    }
    QhullRun(const QhullRun&) = delete;
    QhullRun& operator=(const QhullRun&) = delete;

    // qhull with its default precision handling and no merge tolerance of ours.
    int runUnmerged(std::vector<coordT>& coordinates) {
        char command[] = "qhull";
        qh_zero(&qh_, errors_);
        started_ = true;
        return qh_new_qhull(&qh_, 3, static_cast<int>(coordinates.size() / 3), coordinates.data(),
                            False, command, nullptr, errors_);
    }

    int run(std::vector<coordT>& coordinates, double tolerance) {
        // "C<n>": merge facets whose centrums are within n of a neighbour's plane (coplanar or
        // nearly so) after the hull is built; "W<n>": points within n above a facet count as on
        // it. Both at the merge tolerance; no joggle ("QJ"), so the same input gives the same
        // hull.
        char command[96];
        std::snprintf(command, sizeof command, "qhull C%.9g W%.9g", tolerance, tolerance);
        qh_zero(&qh_, errors_);
        started_ = true;
        return qh_new_qhull(&qh_, 3, static_cast<int>(coordinates.size() / 3), coordinates.data(),
                            False, command, nullptr, errors_);
    }

    std::vector<QhullFace> faces() {
        qhT* qh = &qh_;
        std::vector<QhullFace> faces;
        facetT* facet = nullptr;
        vertexT* vertex = nullptr;
        vertexT** vertexp = nullptr;
        FORALLfacets {
            QhullFace face;
            face.normal = {facet->normal[0], facet->normal[1], facet->normal[2]};
            face.offset = -facet->offset; // qhull: dot(normal, p) + offset == 0 on the facet
            // The corners in order around the facet, walked along its ridges (each ridge is
            // shared with one neighbour), so neighbouring faces list a shared edge alike.
            setT* cycle = qh_facet3vertex(qh, facet);
            FOREACHvertex_(cycle) {
                face.corners.push_back(static_cast<std::uint32_t>(qh_pointid(qh, vertex->point)));
            }
            qh_settempfree(qh, &cycle);
            faces.push_back(std::move(face));
        }
        return faces;
    }

    std::string errorText() {
        if (errors_ == nullptr) return {};
        std::fflush(errors_);
        std::string text(errorText_ == nullptr ? "" : errorText_, errorSize_);
        while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
            text.pop_back();
        if (text.size() > 400) text.resize(400);
        return text;
    }

  private:
    qhT qh_{};
    bool started_ = false;
    char* errorText_ = nullptr;
    std::size_t errorSize_ = 0;
    FILE* errors_ = nullptr;
};

// The smallest width of the points along a facet normal of qhull's hull without our merging;
// nullopt when qhull fails even so.
std::optional<double> unmergedWidth(std::vector<coordT>& coordinates) {
    QhullRun qhull;
    if (qhull.runUnmerged(coordinates) != 0) return std::nullopt;
    double thinnest = INFINITY;
    for (const QhullFace& face : qhull.faces()) {
        double low = face.offset;
        for (std::size_t i = 0; i + 2 < coordinates.size(); i += 3)
            low = std::min(
                low, dot(face.normal, {coordinates[i], coordinates[i + 1], coordinates[i + 2]}));
        thinnest = std::min(thinnest, face.offset - low);
    }
    return std::isfinite(thinnest) ? std::optional(thinnest) : std::nullopt;
}

// The normal of a polygon by Newell's method (robust for polygons that are only nearly planar),
// unit length; zero for a degenerate polygon.
Vec3d newellNormal(const std::vector<std::uint32_t>& corners,
                   const std::vector<SortedPoint>& points) {
    Vec3d sum;
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const Vec3d a = points[corners[i]].position;
        const Vec3d b = points[corners[(i + 1) % corners.size()]].position;
        sum += {(a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y)};
    }
    const double size = length(sum);
    return size > 0 ? sum * (1 / size) : Vec3d{};
}

// Triangles of a face (corners counter-clockwise around `normal`) by ear clipping, taking each
// time the ear whose plane has the face's other corners farthest behind it. A merged face is
// planar only within the tolerance; a fan could fold it inward (a corner in front of a triangle
// by the bend), this folds it outward, so the face stays convex. Ears wound against the normal
// are taken last. Ties go to the first ear in cycle order, so planar faces fan from their
// smallest corner.
std::vector<std::array<std::uint32_t, 3>> triangulateFace(std::vector<std::uint32_t> cycle,
                                                          const Vec3d& normal,
                                                          const std::vector<Vec3d>& points) {
    std::vector<std::array<std::uint32_t, 3>> triangles;
    while (cycle.size() > 3) {
        const std::size_t n = cycle.size();
        std::size_t best = 0;
        double bestScore = INFINITY;
        bool bestForward = false;
        for (std::size_t i = 0; i < n; ++i) {
            const Vec3d a = points[cycle[(i + n - 1) % n]], b = points[cycle[i]],
                        c = points[cycle[(i + 1) % n]];
            const Vec3d earNormal = cross(b - a, c - a);
            const bool forward = dot(earNormal, normal) > 0;
            const double size = length(earNormal);
            double score = 0; // how far the other corners stand in front of the ear's plane
            if (size > 0)
                for (std::uint32_t other : cycle)
                    score = std::max(score, dot(earNormal, points[other] - a) / size);
            if ((forward && !bestForward) || (forward == bestForward && score < bestScore))
                best = i, bestScore = score, bestForward = forward;
        }
        triangles.push_back({cycle[(best + n - 1) % n], cycle[best], cycle[(best + 1) % n]});
        cycle.erase(cycle.begin() + static_cast<std::ptrdiff_t>(best));
    }
    triangles.push_back({cycle[0], cycle[1], cycle[2]});
    // Each triangle starts at its smallest corner (the same cycle): the canonical form.
    for (auto& t : triangles)
        std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
    return triangles;
}

} // namespace

bool isClosedMesh(std::span<const std::array<std::uint32_t, 3>> triangles) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    edges.reserve(triangles.size() * 3);
    for (const auto& t : triangles)
        for (int i = 0; i < 3; ++i)
            edges.emplace_back(t[i], t[(i + 1) % 3]);
    std::sort(edges.begin(), edges.end());
    for (std::size_t i = 0; i < edges.size(); ++i) {
        if (edges[i].first == edges[i].second) return false;
        if (i + 1 < edges.size() && edges[i] == edges[i + 1]) return false; // used twice one way
        const std::pair reversed{edges[i].second, edges[i].first};
        if (!std::binary_search(edges.begin(), edges.end(), reversed)) return false;
    }
    return !edges.empty();
}

namespace {

// A hull's corners and faces before triangulation: each face's plane and its corners
// counter-clockwise from outside (indices into the corners, starting at the smallest), faces in
// the order of their cycles.
struct HullFaces {
    std::vector<Vec3d> points;
    std::vector<std::uint32_t> sourceIndices;
    std::vector<QhullFace> faces;
};

// The corners and faces of the hull of distinct sorted points (at least four, finite), or why
// there is none.
std::optional<HullFaces> facesOfSorted(const std::vector<SortedPoint>& unique,
                                       const HullOptions& options, HullFailure& failure) {
    if (auto flat = flatness(unique, options.mergeTolerance)) {
        failure = *flat;
        return std::nullopt;
    }

    std::vector<coordT> coordinates;
    coordinates.reserve(unique.size() * 3);
    for (const SortedPoint& point : unique)
        coordinates.insert(coordinates.end(),
                           {point.position.x, point.position.y, point.position.z});
    QhullRun qhull;
    if (const int status = qhull.run(coordinates, options.mergeTolerance); status != 0) {
        // A set thin compared with the tolerance passes the quick test above (which measures
        // along a plane of its choosing) and then collapses when qhull merges. Measure it on
        // qhull's unmerged hull: flat when that is under 4 tolerances thick.
        if (const std::optional<double> width = unmergedWidth(coordinates);
            !width || *width <= 4 * options.mergeTolerance) {
            failure = {HullError::Flat, width.value_or(0), 0, {}};
            return std::nullopt;
        }
        failure = {HullError::QhullFailed, 0, 0,
                   "qhull exit code " + std::to_string(status) + ": " + qhull.errorText()};
        return std::nullopt;
    }
    HullFaces out;
    out.faces = qhull.faces();

    // Corners where fewer than three faces meet lie inside a face or along an edge: dropped.
    std::vector<std::uint32_t> faceCount(unique.size(), 0);
    for (const QhullFace& face : out.faces)
        for (std::uint32_t c : face.corners)
            ++faceCount[c];
    std::vector<std::uint32_t> newIndex(unique.size(), UINT32_MAX);
    for (std::size_t i = 0; i < unique.size(); ++i)
        if (faceCount[i] >= 3) {
            newIndex[i] = static_cast<std::uint32_t>(out.points.size());
            out.points.push_back(unique[i].position);
            out.sourceIndices.push_back(unique[i].source);
        }
    for (QhullFace& face : out.faces) {
        std::erase_if(face.corners, [&](std::uint32_t c) { return newIndex[c] == UINT32_MAX; });
        // qhull's cycle runs either way round: make it counter-clockwise seen from outside.
        const Vec3d normal = newellNormal(face.corners, unique);
        if (dot(normal, face.normal) < 0) std::reverse(face.corners.begin(), face.corners.end());
        // The plane rebuilt from the corners that remain (qhull's was fitted before the corners
        // inside the face were dropped), pushed out to the farthest of them.
        if (normal != Vec3d{}) face.normal = dot(normal, face.normal) < 0 ? normal * -1 : normal;
        face.offset = -INFINITY;
        for (std::uint32_t c : face.corners)
            face.offset = std::max(face.offset, dot(face.normal, unique[c].position));
        for (std::uint32_t& c : face.corners)
            c = newIndex[c];
        // Start at the smallest corner: the canonical form of the face's cycle.
        std::rotate(face.corners.begin(),
                    std::min_element(face.corners.begin(), face.corners.end()), face.corners.end());
    }
    std::erase_if(out.faces, [](const QhullFace& face) { return face.corners.size() < 3; });
    std::sort(out.faces.begin(), out.faces.end(),
              [](const QhullFace& a, const QhullFace& b) { return a.corners < b.corners; });
    return out;
}

// The hull of distinct sorted points (at least four, finite): its faces, triangulated.
HullResult hullOfSorted(const std::vector<SortedPoint>& unique, const HullOptions& options) {
    HullResult result;
    std::optional<HullFaces> found = facesOfSorted(unique, options, result.failure);
    if (!found) return result;
    ConvexHull hull;
    hull.points = std::move(found->points);
    hull.sourceIndices = std::move(found->sourceIndices);
    for (const QhullFace& face : found->faces) {
        const auto plane = static_cast<std::uint32_t>(hull.planes.size());
        hull.planes.push_back({face.normal, face.offset});
        for (const auto& triangle : triangulateFace(face.corners, face.normal, hull.points)) {
            hull.triangles.push_back(triangle);
            hull.trianglePlanes.push_back(plane);
        }
    }
    if (!isClosedMesh(hull.triangles)) {
        result.failure = {HullError::NotClosed, 0, 0, {}};
        return result;
    }
    result.hull = std::move(hull);
    return result;
}

// True when the faces close up as hullOfSorted's triangles would: a fan of each face has the same
// outline (its inner diagonals run both ways), so the check needs no triangulation.
bool facesClose(const HullFaces& hull) {
    std::vector<std::array<std::uint32_t, 3>> fans;
    for (const QhullFace& face : hull.faces)
        for (std::size_t i = 1; i + 1 < face.corners.size(); ++i)
            fans.push_back({face.corners[0], face.corners[i], face.corners[i + 1]});
    return isClosedMesh(fans);
}

// How far each corner stands from the edge that would replace it in a face: the distance from
// the corner to the line through its two neighbours around the face, the smallest over its
// faces (for a triangle, its altitude).
std::vector<double> cornerHeights(const HullFaces& hull) {
    std::vector<double> heights(hull.points.size(), INFINITY);
    for (const QhullFace& face : hull.faces) {
        const std::vector<std::uint32_t>& cycle = face.corners;
        const std::size_t n = cycle.size();
        for (std::size_t i = 0; i < n; ++i) {
            const Vec3d a = hull.points[cycle[(i + n - 1) % n]], v = hull.points[cycle[i]],
                        b = hull.points[cycle[(i + 1) % n]];
            const double base = length(b - a);
            const double height = base > 0 ? length(cross(b - a, v - a)) / base : 0;
            heights[cycle[i]] = std::min(heights[cycle[i]], height);
        }
    }
    return heights;
}

// The corners to remove in one round: every corner lower than the limit, lowest first (ties by
// position), skipping a corner next to (along an edge) a corner next to one already taken.
// Removing a corner reshapes the hull only around it, changing the heights of its neighbours
// alone, so corners that far apart are decided as if removed one at a time, lowest first; the
// others wait for the next round, measured again.
std::vector<std::uint32_t> lowCornersToRemove(const HullFaces& hull, double limit) {
    const std::vector<double> heights = cornerHeights(hull);
    std::vector<std::uint32_t> low;
    for (std::uint32_t i = 0; i < heights.size(); ++i)
        if (heights[i] < limit) low.push_back(i);
    std::sort(low.begin(), low.end(), [&](std::uint32_t a, std::uint32_t b) {
        if (heights[a] != heights[b]) return heights[a] < heights[b];
        return hull.points[a] < hull.points[b];
    });
    std::vector<std::vector<std::uint32_t>> neighbours(hull.points.size());
    for (const QhullFace& face : hull.faces) {
        const std::vector<std::uint32_t>& cycle = face.corners;
        for (std::size_t i = 0; i < cycle.size(); ++i) {
            neighbours[cycle[i]].push_back(cycle[(i + 1) % cycle.size()]);
            neighbours[cycle[(i + 1) % cycle.size()]].push_back(cycle[i]);
        }
    }
    std::vector<bool> blocked(hull.points.size(), false);
    std::vector<std::uint32_t> taken;
    for (std::uint32_t corner : low) {
        const auto& around = neighbours[corner];
        if (blocked[corner] ||
            std::any_of(around.begin(), around.end(), [&](std::uint32_t c) { return blocked[c]; }))
            continue;
        taken.push_back(corner);
        blocked[corner] = true;
        for (std::uint32_t c : around)
            blocked[c] = true;
    }
    return taken;
}

// Rounds of low-corner removal; a bound on them keeps hostile input from running long (each
// round removes at least one corner; real pieces need a handful).
constexpr int kMaxCornerRemovalRounds = 100;

// The faces the corner heights are measured on: corners within this distance of one plane form
// one face. Much finer than the merge tolerance, which joins chains of faces that bend (a shallow
// cone's fan would become chords across its rim): a face here is flat as the points are written.
constexpr double kCornerFaceTolerance = 0.001;

// Removes low corners round by round (lowCornersToRemove on the hull of the points left, whose
// points inside may become corners once a corner is gone) and returns the hull of what remains.
// A round after which the points left make no solid hull is undone; should the hull of what
// remains fail at the merge tolerance (a piece thinner than it), the exact hull stands.
HullResult withoutLowCorners(std::vector<SortedPoint> points, HullResult exact,
                             const HullOptions& options) {
    HullOptions fine = options;
    fine.mergeTolerance = kCornerFaceTolerance;
    std::vector<SortedPoint> before; // the points before the last round's removal
    bool removed = false;
    for (int round = 0; round < kMaxCornerRemovalRounds; ++round) {
        HullFailure failure;
        const std::optional<HullFaces> measured = facesOfSorted(points, fine, failure);
        if (!measured || !facesClose(*measured)) {
            if (removed) points = std::move(before);
            break;
        }
        if (measured->points.size() <= 4) break;
        const std::vector<std::uint32_t> remove =
            lowCornersToRemove(*measured, options.smallestCornerHeight);
        if (remove.empty()) break;
        std::vector<Vec3d> gone;
        for (std::uint32_t c : remove)
            gone.push_back(measured->points[c]);
        std::sort(gone.begin(), gone.end());
        std::vector<SortedPoint> left = points;
        std::erase_if(left, [&](const SortedPoint& p) {
            return std::binary_search(gone.begin(), gone.end(), p.position);
        });
        if (left.size() < 4) break;
        before = std::exchange(points, std::move(left));
        removed = true;
    }
    if (!removed) return exact;
    HullResult result = hullOfSorted(points, options);
    if (!result.ok() || result.hull->points.size() < 4) return exact;
    return result;
}

} // namespace

HullResult buildConvexHull(std::span<const Vec3d> points, const HullOptions& options) {
    HullResult result;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (!isFinite(points[i])) {
            result.failure = {HullError::NonFinitePoint, 0, i, {}};
            return result;
        }
    if (points.size() < 4) {
        result.failure = {HullError::TooFewPoints, 0, 0, {}};
        return result;
    }
    std::vector<SortedPoint> unique = uniqueSortedPoints(points);
    result = hullOfSorted(unique, options);
    if (!result.ok() || !(options.smallestCornerHeight > 0)) return result;
    return withoutLowCorners(std::move(unique), std::move(result), options);
}

double hullThickness(const ConvexHull& hull) {
    double thinnest = hull.planes.empty() ? 0 : INFINITY;
    for (const HullPlane& plane : hull.planes) {
        double low = plane.offset;
        for (const Vec3d& p : hull.points)
            low = std::min(low, dot(plane.normal, p));
        thinnest = std::min(thinnest, plane.offset - low);
    }
    return thinnest;
}

void reportHullFailure(const HullFailure& failure, std::string_view pieceName,
                       const SourceLocation& where, DiagnosticSink& sink) {
    const std::string piece = "collision piece '" + std::string(pieceName) + "'";
    switch (failure.error) {
    case HullError::Flat: {
        char thickness[32];
        std::snprintf(thickness, sizeof thickness, "%.6g", failure.thickness);
        sink.report(kCollisionCodes["COLL001"], where,
                    piece + " is flat (" + thickness +
                        " units thick); give it volume or drop it with $remove2d");
        break;
    }
    case HullError::TooFewPoints:
        sink.report(kCollisionCodes["COLL002"], where,
                    piece + " has fewer than four points; a convex piece needs four or more");
        break;
    case HullError::NonFinitePoint:
        sink.report(kCollisionCodes["COLL003"], where,
                    piece + ": point " + std::to_string(failure.pointIndex) +
                        " has a NaN or infinite coordinate; fix it in the physics SMD");
        break;
    case HullError::QhullFailed:
        sink.report(kCollisionCodes["COLL004"], where,
                    piece + ": qhull failed (" + failure.detail +
                        "); check the piece for near-degenerate geometry");
        break;
    case HullError::NotClosed:
        sink.report(kCollisionCodes["COLL005"], where,
                    piece + ": the rebuilt hull is not closed; please report this model");
        break;
    }
}

} // namespace vtxc
