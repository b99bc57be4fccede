// Edge-collapse simplification with quadric error metrics.
//
// A collapse merges two points (unique positions, see simplify_mesh.h) into one new point: every
// corner at either point moves there, so both sides of a UV seam or a material boundary always
// move together. Wedges that face each other across a removed triangle merge (their attributes
// interpolated, Hoppe 1999); the others keep their own attributes, re-solved at the new position.
//
// The cost of a collapse is the quadric of both points at the new position: squared distances
// to the planes of the faces they stand for (Garland and Heckbert 1997), constraint planes along
// open borders and attribute discontinuities (Garland and Heckbert 1998) and Hoppe's attribute
// quadrics with the attributes at their optimum (Hoppe 1999). Added to it: a penalty for merging
// vertices that follow different bones, and for a collapse that removes the last triangles of a
// part. The new position minimises the quadric when that minimum is well defined and near the
// edge; else the best point on the edge or an endpoint.
//
// Small disconnected parts can also be removed whole, at the cost of their area times their
// squared distance to the rest. Candidates come off a queue cheapest first; a collapse is made
// only if it keeps the neighbourhood manifold (the link condition of Dey et al., "Topology
// preserving edge contraction", 1999), creates no duplicate triangle and flips or degenerates no
// triangle.
#include "optimizer/simplify/simplify.h"

#include "optimizer/simplify/bone_weight_blend.h"
#include "optimizer/simplify/collapse_cost.h"
#include "optimizer/simplify/collapse_queue.h"
#include "optimizer/simplify/double_lanes.h"
#include "optimizer/simplify/quadric.h"
#include "optimizer/simplify/read_ahead.h"
#include "optimizer/simplify/simplify_mesh.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace vtxc {

namespace {

using namespace simplification;

// Collapses around a point with more distinct wedges, or edges shared by more triangles, are
// not made (such points are pathological; the limits keep the neighbourhood on the stack).
constexpr int kMaxLocalWedges = 48;
constexpr int kMaxRemovedTriangles = 16;
// Nor collapses of two points with more triangles between them: every check of a collapse walks
// both points' triangles, so a fan of thousands around one point would cost quadratic time (the
// corpus LODs are the same with and without the limit).
constexpr std::uint32_t kMaxTrianglesAround = 512;

// The queue orders by cost / area^kAreaExponent. The quadric cost is an area times a squared
// distance: by it alone (0), many small triangles collapse before a large flat region, which
// keeps the mean distance low but lets small features move far; by the mean squared distance
// (1), the reverse. Half way keeps both the mean and the largest distance low on every corpus
// model (docs/lod.md).
constexpr double kAreaExponent = 0.5;

// Local passes (Simplifier::localPasses): blocks of 2^kLocalBlockShift points (from 128 to 8192
// points ran about as fast on the benchmark mesh); each pass's bound aims at kLocalPassFill of
// the triangles still to remove before the last kOneQueueShare, which the one queue removes.
// The two were chosen on the benchmark mesh, the corpus and the tests' big meshes: with a fill of
// 1.5 the first pass was cut short at the target and the super soldier's shadow LOD lay 6% of the
// diagonal away at worst (1% here); with the one queue's share at 1%, the big test meshes' largest
// error was 10% above one queue's.
constexpr unsigned kLocalBlockShift = 10;
constexpr double kLocalPassFill = 1.2;
constexpr double kOneQueueShare = 0.03;
constexpr int kMaxLocalPasses = 24;

// The wedges around a candidate edge (a, b), grouped into the classes that merge.
struct Neighbourhood {
    std::array<std::uint32_t, kMaxLocalWedges> wedge;
    std::array<std::uint8_t, kMaxLocalWedges> side; // 0: at a, 1: at b
    std::array<std::uint8_t, kMaxLocalWedges> parent;
    int count = 0;
    std::array<std::uint32_t, kMaxRemovedTriangles> removed;
    int removedCount = 0;
    bool overflow = false;

    void clear() {
        count = 0;
        removedCount = 0;
        overflow = false;
    }
    int add(std::uint32_t w, std::uint8_t s) {
        for (int i = 0; i < count; ++i)
            if (wedge[i] == w) return i;
        if (count == kMaxLocalWedges) {
            overflow = true;
            return -1;
        }
        wedge[count] = w;
        side[count] = s;
        parent[count] = static_cast<std::uint8_t>(count);
        return count++;
    }
    int root(int i) const {
        while (parent[i] != i)
            i = parent[i];
        return i;
    }
    void unite(int i, int j) {
        i = root(i);
        j = root(j);
        if (i != j) parent[std::max(i, j)] = static_cast<std::uint8_t>(std::min(i, j));
    }
    // The common case, as quickGather builds it: a's only wedge and b's, merging.
    bool isMergingPair() const {
        return count == 2 && parent[1] == 0 && side[0] == 0 && side[1] == 1;
    }
    bool alone(int i) const {
        const int r = root(i);
        for (int j = 0; j < count; ++j)
            if (j != i && root(j) == r) return false;
        return true;
    }
};

// Set in full when added (an Evaluation's unused candidates stay uninitialised: they are many).
struct Candidate {
    Vector3d position;
    double cost;
    double t; // where the position projects onto a -> b, for blending weights
};

bool samePosition(const Vector3d& p, const Vector3d& q) {
    return p.x() == q.x() && p.y() == q.y() && p.z() == q.z();
}

struct Evaluation {
    std::array<Candidate, 4> candidates; // in the order they were added
    std::array<std::uint8_t, 4> order{}; // candidates' indices, cheapest first
    int count = 0;
    double weight = 0; // the area both points stand for
    // The i-th cheapest candidate.
    const Candidate& at(int i) const { return candidates[order[i]]; }
};

// An endpoint that costs no more than the cheapest candidate, up to rounding, goes first: the
// solved minimum lands a hair off an input position (1e-16 off a corner or a border line), and
// keeping the input vertex keeps its exact data.
void preferEndpoint(Evaluation& e, const Vector3d& pa, const Vector3d& pb, double rounding) {
    const Candidate& cheapest = e.at(0);
    for (int i = 1; i < e.count; ++i) {
        Candidate& c = e.candidates[e.order[i]];
        if ((!samePosition(c.position, pa) && !samePosition(c.position, pb)) ||
            c.cost > cheapest.cost + rounding)
            continue;
        if (samePosition(cheapest.position, pa) || samePosition(cheapest.position, pb)) return;
        c.cost = std::min(c.cost, cheapest.cost);
        const std::uint8_t first = e.order[i]; // to the front, the others one down
        for (int j = i; j > 0; --j)
            e.order[j] = e.order[j - 1];
        e.order[0] = first;
        return;
    }
}

// Cheapest first; an insertion sort keeps equal costs in the order they were added. It moves
// indices, not the 40-byte candidates.
void orderCandidates(Evaluation& e, const Vector3d& pa, const Vector3d& pb) {
    const int n = std::min(e.count, static_cast<int>(e.candidates.size())); // bounded for GCC
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::uint8_t>(i);
        int j = i;
        for (; j > 0 && e.candidates[k].cost < e.candidates[e.order[j - 1]].cost; --j)
            e.order[j] = e.order[j - 1];
        e.order[j] = k;
    }
    preferEndpoint(e, pa, pb, 1e-12 * e.weight);
}

// The evaluations of edges queued again after their entry went stale (Simplifier::takeTurn):
// most such edges are made when their new entry comes to the front, and the evaluation then would
// be the same (nothing it reads has changed: both points' versions, their wedges and what the
// collapse would remove). Direct-mapped by point, as the requeued edges of a block of points are
// popped again in the same local pass; a slot holds the last edge stored there.
class EvaluationCache {
  public:
    void store(std::uint32_t a, std::uint32_t b, std::uint32_t versions, double vanish,
               const Neighbourhood& local, const Evaluation& e) {
        if (local.count > kWedges) return;
        Slot& slot = slots_[slotOf(a, b)];
        slot.a = a;
        slot.b = b;
        slot.versions = versions;
        slot.vanish = vanish;
        slot.count = local.count;
        for (int i = 0; i < local.count; ++i) {
            slot.wedge[i] = local.wedge[i];
            slot.sideAndRoot[i] = static_cast<std::uint8_t>(local.side[i] << 4 | local.root(i));
        }
        slot.evaluation = e;
    }
    // The stored evaluation of (a, b) if it was made at these versions, with these wedges in these
    // classes, and with the same penalty for removing the part.
    const Evaluation* find(std::uint32_t a, std::uint32_t b, std::uint32_t versions, double vanish,
                           const Neighbourhood& local) const {
        const Slot& slot = slots_[slotOf(a, b)];
        if (slot.a != a || slot.b != b || slot.versions != versions || slot.vanish != vanish ||
            slot.count != local.count)
            return nullptr;
        for (int i = 0; i < local.count; ++i)
            if (slot.wedge[i] != local.wedge[i] ||
                slot.sideAndRoot[i] != (local.side[i] << 4 | local.root(i)))
                return nullptr;
        return &slot.evaluation;
    }

  private:
    static constexpr int kWedges = 4;
    static constexpr std::uint32_t kSlots = 1u << 12;
    static std::uint32_t slotOf(std::uint32_t a, std::uint32_t b) {
        return (4 * a + (b & 3)) & (kSlots - 1);
    }
    struct Slot {
        std::uint32_t a = kNone, b = kNone;
        std::uint32_t versions = 0;
        int count = 0;
        double vanish = 0;
        std::array<std::uint32_t, kWedges> wedge{};
        std::array<std::uint8_t, kWedges> sideAndRoot{};
        Evaluation evaluation;
    };
    std::vector<Slot> slots_ = std::vector<Slot>(kSlots);
};

class Simplifier {
  public:
    Simplifier(const SimplifyInput& input, const SimplifyOptions& options,
               std::vector<std::uint32_t> removeFirst = {})
        : input_(input), options_(options), removeFirst_(std::move(removeFirst)) {}
    SimplifiedMesh run();
    // Parts whose removal was put off because it would have gone below the target, though it
    // cost less than collapses made instead: removed first, they may give a better result.
    std::vector<std::uint32_t> partsWorthRemovingFirst() const;

  private:
    bool tooManyTriangles(std::uint32_t a, std::uint32_t b) const {
        return mesh_.points[a].triangleCount + mesh_.points[b].triangleCount > kMaxTrianglesAround;
    }
    bool gather(std::uint32_t a, std::uint32_t b, Neighbourhood& local) const;
    bool quickGather(std::uint32_t a, std::uint32_t b, Neighbourhood& local) const;
    Evaluation evaluate(std::uint32_t a, std::uint32_t b, const Neighbourhood& local) const;
    void addAttributeQuadrics(const Neighbourhood& local, Quadric& q) const;
    void addSkinTerms(const Neighbourhood& local, double& nearA, double& nearB) const;
    void addSkinTerms(std::uint32_t wa, std::uint32_t wb, double& nearA, double& nearB) const;
    double skinScale() const;
    void queueAllEdges(std::vector<CollapseEntry>& out);
    MergingPair mergingPair(std::uint32_t a, std::uint32_t b, const Neighbourhood& local) const;
    double vanishPenalty(std::uint32_t a, const Neighbourhood& local) const;
    static float priority(double cost, double weight);
    float removalPriority(std::uint32_t part) const;
    const std::vector<std::uint32_t>& neighboursOf(std::uint32_t a, bool above) const;
    bool linkConditionHolds(std::uint32_t a, std::uint32_t b, const Neighbourhood& local) const;
    bool keepsTrianglesValid(std::uint32_t a, std::uint32_t b, const Vector3d& p) const;
    void mergeWedges(std::uint32_t a, std::uint32_t b, const Candidate& chosen,
                     const Neighbourhood& local);
    void collapse(std::uint32_t a, std::uint32_t b, const Candidate& chosen,
                  const Neighbourhood& local);
    void removePart(std::uint32_t part);
    template <class Queue> bool takeTurn(Queue& queue, std::size_t target, double limit);
    void localPasses(std::vector<CollapseEntry>& entries, std::size_t target, double limit);
    void readAheadBlock(std::uint32_t block);
    void measureBlockSpans();
    void readAheadUpcoming();
    struct BlockSpan {
        std::uint32_t firstTriangle = kNone, lastTriangle = 0;
        std::uint32_t firstWedge = kNone, lastWedge = 0;
    };
    std::vector<BlockSpan> blockSpans_;
    ReadAhead readAhead_;
    std::uint32_t resolve(std::uint32_t p);
    void markDropped(std::uint32_t a, std::uint32_t b);
    ModelVertex outputVertex(const Wedge& w) const;
    SimplifiedMesh output() const;

    const SimplifyInput& input_;
    const SimplifyOptions& options_;
    std::vector<std::uint32_t> removeFirst_;
    WorkingMesh mesh_;
    CollapseQueue queue_;
    std::vector<CollapseEntry> deferred_; // would go below the target; used if nothing else fits
    bool allowUndershoot_ = false;
    std::vector<std::pair<std::uint32_t, double>> deferredRemovals_; // part, its error
    double maxError_ = 0;
    std::size_t collapses_ = 0;
    mutable std::vector<std::uint32_t> scratch_; // neighboursOf's result
    mutable Neighbourhood local_;
    std::vector<std::uint32_t> pending_;      // queueAllEdges' copy of the neighbours
    mutable std::vector<std::uint32_t> mark_; // per point: linkConditionHolds' marks
    mutable std::uint32_t markNumber_ = 0;
    mutable std::vector<std::uint64_t> oppositeEdges_; // linkConditionHolds' edges facing b
    static std::uint64_t edgeKey(std::uint32_t p, std::uint32_t q) {
        return std::uint64_t(std::min(p, q)) << 32 | std::max(p, q);
    }
    std::vector<std::uint32_t> forward_; // per dead point: the point it collapsed into
    // Per point, what the queue checks of every entry it pops (most are stale): kept apart from
    // the points so that it stays in cache.
    struct Stamp {
        std::uint16_t version = 0; // changes whenever the point changes
        bool alive = true;
    };
    std::vector<Stamp> stamp_;
    RequeuedEdges requeued_;
    EvaluationCache evaluations_;
    std::uint32_t versionsOf(std::uint32_t a, std::uint32_t b) const {
        return std::uint32_t(stamp_[a].version) << 16 | stamp_[b].version;
    }
};

// ---- Evaluating a collapse ---------------------------------------------------------------------

bool Simplifier::gather(std::uint32_t a, std::uint32_t b, Neighbourhood& local) const {
    local.clear();
    if (tooManyTriangles(a, b)) return false;
    for (std::uint32_t t : mesh_.trianglesOf(a)) {
        const Triangle& triangle = mesh_.triangles[t];
        if (!triangle.alive) continue;
        const int ia = local.add(triangle.wedges[WorkingMesh::cornerOf(triangle, a)], 0);
        const int kb = WorkingMesh::cornerOf(triangle, b);
        if (kb < 0 || ia < 0) continue;
        const int ib = local.add(triangle.wedges[kb], 1);
        if (ib < 0) continue;
        local.unite(ia, ib);
        if (local.removedCount == kMaxRemovedTriangles) {
            local.overflow = true;
            continue;
        }
        local.removed[local.removedCount++] = t;
    }
    for (std::uint32_t t : mesh_.trianglesOf(b)) {
        const Triangle& triangle = mesh_.triangles[t];
        if (!triangle.alive || WorkingMesh::cornerOf(triangle, a) >= 0) continue;
        local.add(triangle.wedges[WorkingMesh::cornerOf(triangle, b)], 1);
    }
    return !local.overflow && local.removedCount > 0;
}

// The common case without looking at triangles: a and b have one wedge each, which merge, and
// the part is too large for the collapse to remove it (the removed triangles are not needed).
bool Simplifier::quickGather(std::uint32_t a, std::uint32_t b, Neighbourhood& local) const {
    const std::uint32_t wa = mesh_.points[a].onlyWedge, wb = mesh_.points[b].onlyWedge;
    if (wa == kNone || wb == kNone) return false;
    if (mesh_.parts[mesh_.points[a].part].liveTriangles <= kMaxRemovedTriangles) return false;
    if (tooManyTriangles(a, b)) return false; // and gather refuses it
    local.clear();
    local.add(wa, 0);
    local.add(wb, 1);
    local.unite(0, 1);
    return true;
}

// Merging wedges that follow different bones: the weights blended at t serve both ends, so each
// end's area moves with partly wrong bones (boneWeightDistance d): d^2 (t^2 A_a + (1-t)^2 A_b).
void Simplifier::addSkinTerms(std::uint32_t wa, std::uint32_t wb, double& nearA,
                              double& nearB) const {
    const BoneWeights& atA = mesh_.wedges[wa].weights;
    const BoneWeights& atB = mesh_.wedges[wb].weights;
    if (atA == atB) return;
    const double d = boneWeightDistance(atA, atB);
    nearA += d * d * mesh_.wedgeQuadrics[wa].area;
    nearB += d * d * mesh_.wedgeQuadrics[wb].area;
}

// The skin terms of every pair of wedges that merge, a's and b's (none if skinning is not weighed).
void Simplifier::addSkinTerms(const Neighbourhood& local, double& nearA, double& nearB) const {
    if (!(options_.skinWeight > 0)) return;
    if (local.isMergingPair()) {
        addSkinTerms(local.wedge[0], local.wedge[1], nearA, nearB);
        return;
    }
    for (int i = 0; i < local.count; ++i) {
        if (local.side[i] != 0) continue;
        for (int j = 0; j < local.count; ++j)
            if (local.side[j] == 1 && local.root(i) == local.root(j))
                addSkinTerms(local.wedge[i], local.wedge[j], nearA, nearB);
    }
}

double Simplifier::skinScale() const {
    return options_.skinWeight > 0 ? options_.skinWeight * options_.skinWeight : 0.0;
}

// A collapse that takes a part's last triangles removes the part: its area times its squared
// distance to the rest.
double Simplifier::vanishPenalty(std::uint32_t a, const Neighbourhood& local) const {
    const Part& part = mesh_.parts[mesh_.points[a].part];
    if (static_cast<std::size_t>(local.removedCount) < part.liveTriangles) return 0;
    return part.area * part.distanceSquared;
}

// Each class of merging wedges: attribute quadrics summed, attributes at their optimum.
void Simplifier::addAttributeQuadrics(const Neighbourhood& local, Quadric& q) const {
    if (local.isMergingPair()) {
        addReducedAttributeQuadric(q, mesh_.wedgeQuadrics[local.wedge[0]],
                                   mesh_.wedgeQuadrics[local.wedge[1]]);
        return;
    }
    for (int i = 0; i < local.count; ++i) {
        if (local.root(i) != i) continue;
        int members = 0, second = -1;
        for (int j = i + 1; j < local.count; ++j)
            if (local.root(j) == i) {
                ++members;
                second = j;
            }
        const AttributeQuadric& first = mesh_.wedgeQuadrics[local.wedge[i]];
        if (members == 0) {
            addReducedAttributeQuadric(q, first);
        } else if (members == 1) {
            addReducedAttributeQuadric(q, first, mesh_.wedgeQuadrics[local.wedge[second]]);
        } else {
            AttributeQuadric merged = first;
            for (int j = i + 1; j < local.count; ++j)
                if (local.root(j) == i) merged += mesh_.wedgeQuadrics[local.wedge[j]];
            addReducedAttributeQuadric(q, merged);
        }
    }
}

Evaluation Simplifier::evaluate(std::uint32_t a, std::uint32_t b,
                                const Neighbourhood& local) const {
    Quadric q = mesh_.quadrics[a];
    q += mesh_.quadrics[b];
    addAttributeQuadrics(local, q);
    double nearA = 0, nearB = 0;
    addSkinTerms(local, nearA, nearB);
    const Vector3d& pa = mesh_.positions[a];
    const Vector3d& pb = mesh_.positions[b];
    const CollapseCandidates c = collapseCandidates(q, pa, pb, nearA, nearB, skinScale());
    Evaluation e;
    e.weight = c.weight;
    e.count = c.count;
    const double vanish = vanishPenalty(a, local);
    for (int i = 0; i < c.count; ++i)
        e.candidates[i] = {c.position[i], vanish != 0 ? c.cost[i] + vanish : c.cost[i], c.t[i]};
    orderCandidates(e, pa, pb);
    return e;
}

float Simplifier::priority(double cost, double weight) {
    static_assert(kAreaExponent == 0.5, "the square root below is area^kAreaExponent");
    return static_cast<float>(weight > 0 ? cost / std::sqrt(weight) : cost);
}

// Removing a part takes many triangles at once: its cost is spread over them, per pair of
// triangles like a collapse, so it competes fairly with collapses elsewhere.
float Simplifier::removalPriority(std::uint32_t c) const {
    const Part& part = mesh_.parts[c];
    const double share = 2.0 / std::max<double>(2.0, static_cast<double>(part.liveTriangles));
    return priority(part.area * part.distanceSquared * share, part.area);
}

// ---- Checking a collapse -----------------------------------------------------------------------

// The points sharing a triangle with `a`, sorted, each once (with `above`: only those numbered
// higher than a).
const std::vector<std::uint32_t>& Simplifier::neighboursOf(std::uint32_t a, bool above) const {
    scratch_.clear();
    for (std::uint32_t t : mesh_.trianglesOf(a)) {
        const Triangle& triangle = mesh_.triangles[t];
        if (!triangle.alive) continue;
        for (std::uint32_t p : triangle.points)
            if (p != a && (!above || p > a)) scratch_.push_back(p);
    }
    std::sort(scratch_.begin(), scratch_.end());
    scratch_.erase(std::unique(scratch_.begin(), scratch_.end()), scratch_.end());
    return scratch_;
}

// Dey et al.: the points adjacent to both a and b must be exactly the third corners of the
// triangles on edge ab, else the collapse pinches the surface or folds triangles together.
bool Simplifier::linkConditionHolds(std::uint32_t a, std::uint32_t b,
                                    const Neighbourhood& local) const {
    // The points adjacent to a, marked with a fresh number (no list to sort and search).
    if (++markNumber_ == 0) {
        std::fill(mark_.begin(), mark_.end(), 0u);
        markNumber_ = 1;
    }
    for (std::uint32_t t : mesh_.trianglesOf(a)) {
        const Triangle& triangle = mesh_.triangles[t];
        if (!triangle.alive) continue;
        for (std::uint32_t p : triangle.points)
            mark_[p] = markNumber_;
    }
    auto isThirdCorner = [&](std::uint32_t p) {
        for (int i = 0; i < local.removedCount; ++i)
            if (WorkingMesh::cornerOf(mesh_.triangles[local.removed[i]], p) >= 0) return true;
        return false;
    };
    // Triangles a-c-d and b-c-d would become one triangle twice (a tetrahedron's last collapse):
    // the edges c-d facing b, each as (lower, higher) point.
    oppositeEdges_.clear();
    for (std::uint32_t t : mesh_.trianglesOf(b)) {
        const Triangle& triangle = mesh_.triangles[t];
        if (!triangle.alive) continue;
        for (std::uint32_t p : triangle.points)
            if (p != a && p != b && mark_[p] == markNumber_ && !isThirdCorner(p)) return false;
        if (WorkingMesh::cornerOf(triangle, a) >= 0) continue;
        const int kb = WorkingMesh::cornerOf(triangle, b);
        oppositeEdges_.push_back(
            edgeKey(triangle.points[(kb + 1) % 3], triangle.points[(kb + 2) % 3]));
    }
    for (std::uint32_t t : mesh_.trianglesOf(a)) {
        const Triangle& triangle = mesh_.triangles[t];
        if (!triangle.alive || WorkingMesh::cornerOf(triangle, b) >= 0) continue;
        const int ka = WorkingMesh::cornerOf(triangle, a);
        const std::uint64_t key =
            edgeKey(triangle.points[(ka + 1) % 3], triangle.points[(ka + 2) % 3]);
        if (std::find(oppositeEdges_.begin(), oppositeEdges_.end(), key) != oppositeEdges_.end())
            return false;
    }
    return true;
}

// Every triangle that stays keeps its orientation and a non-zero area.
bool Simplifier::keepsTrianglesValid(std::uint32_t a, std::uint32_t b, const Vector3d& p) const {
    for (std::uint32_t centre : {a, b}) {
        const std::uint32_t other = centre == a ? b : a;
        const Vector3d& old = mesh_.positions[centre];
        for (std::uint32_t t : mesh_.trianglesOf(centre)) {
            const Triangle& triangle = mesh_.triangles[t];
            if (!triangle.alive || WorkingMesh::cornerOf(triangle, other) >= 0) continue;
            const int k = WorkingMesh::cornerOf(triangle, centre);
            const Vector3d& p1 = mesh_.positions[triangle.points[(k + 1) % 3]];
            const Vector3d& p2 = mesh_.positions[triangle.points[(k + 2) % 3]];
            const Vector3d before = (p1 - old).cross(p2 - old);
            const Vector3d after = (p1 - p).cross(p2 - p);
            const double longest =
                std::max({(p1 - p).squaredNorm(), (p2 - p).squaredNorm(), (p2 - p1).squaredNorm()});
            if (!(after.squaredNorm() > 1e-12 * longest * longest)) return false;
            if (before.squaredNorm() > 0 && !(after.dot(before) > 0)) return false;
        }
    }
    return true;
}

// ---- Making a collapse -------------------------------------------------------------------------

// Each class of wedges merges into its first member. At an endpoint, a wedge there keeps its
// exact data (the LOD then reuses the input vertex); elsewhere the attributes are solved at the
// new position and the bone weights blended.
void Simplifier::mergeWedges(std::uint32_t a, std::uint32_t b, const Candidate& chosen,
                             const Neighbourhood& local) {
    const Vector3d& p = chosen.position;
    const bool atA = p == mesh_.positions[a];
    const bool atB = p == mesh_.positions[b];
    for (int i = 0; i < local.count; ++i) {
        if (local.root(i) != i) continue;
        const std::uint32_t target = local.wedge[i];
        std::array<BoneWeights, 2> sideWeights{};
        std::array<double, 2> sideArea{-1, -1};
        std::uint32_t keep = kNone;
        for (int j = i; j < local.count; ++j) {
            if (local.root(j) != i) continue;
            const std::uint32_t w = local.wedge[j];
            const int s = local.side[j];
            if (mesh_.wedgeQuadrics[w].area > sideArea[s]) {
                sideWeights[s] = mesh_.wedges[w].weights;
                sideArea[s] = mesh_.wedgeQuadrics[w].area;
            }
            if (keep == kNone && ((atA && s == 0) || (atB && s == 1))) keep = w;
            if (j != i) mesh_.wedgeQuadrics[target] += mesh_.wedgeQuadrics[w];
        }
        Wedge& merged = mesh_.wedges[target];
        if (keep != kNone) {
            const Wedge kept = mesh_.wedges[keep];
            merged.values = kept.values;
            merged.weights = kept.weights;
            merged.source = kept.source;
        } else {
            merged.values = optimalAttributes(mesh_.wedgeQuadrics[target], p);
            merged.source = kNone;
            if (sideArea[0] >= 0 && sideArea[1] >= 0) {
                const std::array<double, 2> shares{1 - chosen.t, chosen.t};
                merged.weights = blendBoneWeights(sideWeights, shares, options_.boneWeights);
            } else {
                merged.weights = sideWeights[sideArea[0] >= 0 ? 0 : 1];
            }
        }
        merged.point = a;
    }
}

void Simplifier::collapse(std::uint32_t a, std::uint32_t b, const Candidate& chosen,
                          const Neighbourhood& local) {
    const Vector3d p = chosen.position;
    const bool atA = p == mesh_.positions[a];
    const bool atB = p == mesh_.positions[b];
    mergeWedges(a, b, chosen, local);
    // Wedges that merged with none move with their point: their attributes are re-solved there.
    for (int i = 0; i < local.count; ++i) {
        if (!local.alone(i)) continue;
        Wedge& w = mesh_.wedges[local.wedge[i]];
        if (!(local.side[i] == 0 ? atA : atB)) {
            w.values = optimalAttributes(mesh_.wedgeQuadrics[local.wedge[i]], p);
            w.source = kNone;
        }
        w.point = a;
    }
    auto remap = [&](std::uint32_t w) {
        for (int i = 0; i < local.count; ++i)
            if (local.wedge[i] == w) return local.wedge[local.root(i)];
        return w;
    };
    for (int i = 0; i < local.removedCount; ++i) {
        Triangle& removed = mesh_.triangles[local.removed[i]];
        removed.alive = false;
        --mesh_.parts[mesh_.points[removed.points[0]].part].liveTriangles;
        --mesh_.liveTriangles;
    }
    // The survivor's new triangle list: a's and b's live triangles, appended to the pool
    // (reserved first, since the loop reads the lists it appends after). In the common case, b's
    // only wedge merging into a's, the corners are rewritten without branches (which way each
    // goes is as good as random).
    std::vector<std::uint32_t>& pool = mesh_.pool;
    pool.reserve(pool.size() + mesh_.points[a].triangleCount + mesh_.points[b].triangleCount);
    const auto first = static_cast<std::uint32_t>(pool.size());
    const bool pair = local.isMergingPair();
    const std::uint32_t from = local.wedge[1], to = local.wedge[0];
    for (std::uint32_t centre : {a, b}) {
        for (std::uint32_t t : mesh_.trianglesOf(centre)) {
            Triangle& triangle = mesh_.triangles[t];
            if (!triangle.alive) continue;
            if (pair) {
                for (std::uint32_t& w : triangle.wedges)
                    w = w == from ? to : w;
            } else {
                for (std::uint32_t& w : triangle.wedges)
                    w = remap(w);
            }
            for (std::uint32_t& corner : triangle.points)
                corner = corner == b ? a : corner;
            pool.push_back(t);
        }
    }
    Point& survivor = mesh_.points[a];
    Point& gone = mesh_.points[b];
    survivor.firstTriangle = first;
    survivor.triangleCount = static_cast<std::uint32_t>(pool.size() - first);
    mesh_.quadrics[a] += mesh_.quadrics[b];
    survivor.moved = atA ? survivor.moved : (atB ? gone.moved : true);
    if (!atA && atB) mesh_.originals[a] = mesh_.originals[b];
    mesh_.positions[a] = p;
    ++stamp_[a].version;
    int classes = 0;
    for (int i = 0; i < local.count; ++i)
        classes += local.root(i) == i;
    mesh_.points[a].onlyWedge = classes == 1 ? local.wedge[0] : kNone;
    gone.alive = false;
    stamp_[b].alive = false;
    gone.triangleCount = 0;
    forward_[b] = a;
    ++stamp_[b].version;
    ++collapses_;
}

void Simplifier::removePart(std::uint32_t c) {
    Part& part = mesh_.parts[c];
    for (std::uint32_t t : part.triangles) {
        Triangle& triangle = mesh_.triangles[t];
        if (!triangle.alive) continue;
        triangle.alive = false;
        --mesh_.liveTriangles;
    }
    part.liveTriangles = 0;
}

// ---- The loop ----------------------------------------------------------------------------------

// Every edge once, from its lower-numbered point, in that order. Where the processor has the
// lanes, the common collapses (two single wedges merging) are costed kCostLanes at a time
// (optimizer/simplify/collapse_cost.h: the same values evaluate() gives); the others one by one.
void Simplifier::queueAllEdges(std::vector<CollapseEntry>& out) {
    const bool lanes = options_.vectorLanes && doubleLanesAvailable();
    std::array<MergingPair, kCostLanes> pairs;
    std::array<std::size_t, kCostLanes> slots{};
    std::array<CollapseCandidates, kCostLanes> costs;
    int filled = 0;
    auto flush = [&] {
        for (int l = filled; l < kCostLanes; ++l)
            pairs[l] = pairs[0];
        mergingPairCandidates(pairs, skinScale(), costs);
        for (int l = 0; l < filled; ++l)
            out[slots[l]].priority = priority(costs[l].cheapest, costs[l].weight);
        filled = 0;
    };
    const auto points = static_cast<std::uint32_t>(mesh_.points.size());
    for (std::uint32_t a = 0; a < points; ++a) {
        const std::vector<std::uint32_t>& neighbours = neighboursOf(a, true);
        pending_.assign(neighbours.begin(), neighbours.end());
        for (std::uint32_t b : pending_) {
            const bool quick = quickGather(a, b, local_);
            if (lanes && quick) {
                pairs[filled] = mergingPair(a, b, local_);
                slots[filled++] = out.size();
                out.push_back({0, a, b, stamp_[a].version, stamp_[b].version});
                if (filled == kCostLanes) flush();
                continue;
            }
            if (!quick && !gather(a, b, local_)) continue;
            const Evaluation e = evaluate(a, b, local_);
            out.push_back(
                {priority(e.at(0).cost, e.weight), a, b, stamp_[a].version, stamp_[b].version});
        }
    }
    if (filled > 0) flush();
}

// The collapse of a and b, whose only wedges merge (`local` as quickGather makes it), for the
// lanes.
MergingPair Simplifier::mergingPair(std::uint32_t a, std::uint32_t b,
                                    const Neighbourhood& local) const {
    const std::uint32_t wa = local.wedge[0], wb = local.wedge[1];
    MergingPair pair{&mesh_.quadrics[a],       &mesh_.quadrics[b],  &mesh_.wedgeQuadrics[wa],
                     &mesh_.wedgeQuadrics[wb], &mesh_.positions[a], &mesh_.positions[b]};
    if (options_.skinWeight > 0) addSkinTerms(wa, wb, pair.skinA, pair.skinB);
    return pair;
}

// Pops one candidate and makes it if it is still valid; false when nothing is left to try.
template <class Queue> bool Simplifier::takeTurn(Queue& queue, std::size_t target, double limit) {
    if (queue.empty()) {
        if (deferred_.empty()) return false;
        // Nothing removes exactly the triangles still to go: allow the cheapest that removes more.
        std::sort(deferred_.begin(), deferred_.end(),
                  [](const CollapseEntry& x, const CollapseEntry& y) {
                      return x.priority < y.priority ||
                             (x.priority == y.priority && (x.a < y.a || (x.a == y.a && x.b < y.b)));
                  });
        queue.push(deferred_.front());
        deferred_.clear();
        allowUndershoot_ = true;
    }
    const CollapseEntry entry = queue.pop();
    const std::size_t live = mesh_.liveTriangles;
    if (entry.b == kNone) {
        Part& part = mesh_.parts[entry.a];
        if (part.liveTriangles == 0 || part.distanceSquared > limit) return true;
        const float now = removalPriority(entry.a);
        if (now > entry.priority) {
            queue.push({now, entry.a, kNone, 0, 0});
            return true;
        }
        if (!allowUndershoot_ && live - part.liveTriangles < target) {
            deferredRemovals_.push_back({entry.a, std::sqrt(part.distanceSquared)});
            deferred_.push_back(entry);
            return true;
        }
        maxError_ = std::max(maxError_, std::sqrt(part.distanceSquared));
        removePart(entry.a);
        return true;
    }
    // Entries are evaluated when popped, not when a point changes (most never reach the front
    // again before the target is met): an entry of a dead point now means its survivor, and an
    // entry with an old version is evaluated again and queued at its present cost.
    const std::uint32_t a = resolve(entry.a), b = resolve(entry.b);
    if (a == b) return true;
    Neighbourhood& local = local_;
    const bool current = a == entry.a && b == entry.b && stamp_[a].version == entry.versionA &&
                         stamp_[b].version == entry.versionB;
    bool full = current; // `local` holds the removed triangles the checks need
    if (!current && requeued_.contains(a, b, versionsOf(a, b))) return true;
    if (current) {
        if (!gather(a, b, local)) return true; // no longer an edge
    } else if (mesh_.parts[mesh_.points[a].part].liveTriangles == 0) {
        return true; // removed with its part
    } else if (!quickGather(a, b, local)) {
        // (Two live points of a queued edge stay adjacent: collapses keep the link, and an edge
        // of a dead point now joins its survivor. Should that fail, the gather above drops it.)
        if (!gather(a, b, local)) return true;
        full = true;
    }
    const double vanish = vanishPenalty(a, local);
    const Evaluation* stored =
        current ? evaluations_.find(a, b, versionsOf(a, b), vanish, local) : nullptr;
    const Evaluation e = stored ? *stored : evaluate(a, b, local);
    if (!current) {
        // Changed since queued: made now only if its present cost is still the cheapest.
        const float now = priority(e.at(0).cost, e.weight);
        if (!queue.empty() && now > queue.topPriority()) {
            requeued_.record(a, b, versionsOf(a, b));
            evaluations_.store(a, b, versionsOf(a, b), vanish, local, e);
            queue.push({now, a, b, stamp_[a].version, stamp_[b].version});
            return true;
        }
        if (!full && !gather(a, b, local)) return true;
    }
    const Candidate* chosen = nullptr;
    if (linkConditionHolds(a, b, local))
        for (int i = 0; i < e.count && !chosen; ++i)
            if (keepsTrianglesValid(a, b, e.at(i).position)) chosen = &e.at(i);
    if (!chosen) {
        markDropped(a, b);
        return true;
    }
    const float now = priority(chosen->cost, e.weight);
    if (now > entry.priority) {
        // Dearer than queued (the best position flips a triangle): queue it again.
        queue.push({now, a, b, stamp_[a].version, stamp_[b].version});
        return true;
    }
    const double error2 = e.weight > 0 ? chosen->cost / e.weight : chosen->cost;
    if (error2 > limit) { // the queue is ordered by cost, not error: go on
        markDropped(a, b);
        return true;
    }
    if (!allowUndershoot_ && live - static_cast<std::size_t>(local.removedCount) < target) {
        deferred_.push_back(entry);
        return true;
    }
    maxError_ = std::max(maxError_, std::sqrt(error2));
    const bool requeue = mesh_.points[a].droppedEdge || mesh_.points[b].droppedEdge;
    collapse(a, b, *chosen, local);
    if (requeue) {
        // An edge of a or b left the queue without a collapse; a has changed, so its edges get
        // entries again (at the present front of the queue, evaluated when popped).
        mesh_.points[a].droppedEdge = false;
        for (std::uint32_t n : neighboursOf(a, false))
            queue.push({entry.priority, a, n, static_cast<std::uint16_t>(stamp_[a].version - 1),
                        stamp_[n].version});
    }
    return true;
}

// Where a point's corners are now: itself while alive, else the survivor of the collapse that
// took it (path-compressed).
std::uint32_t Simplifier::resolve(std::uint32_t p) {
    std::uint32_t r = p;
    while (!stamp_[r].alive)
        r = forward_[r];
    while (p != r) {
        const std::uint32_t next = forward_[p];
        forward_[p] = r;
        p = next;
    }
    return r;
}

void Simplifier::markDropped(std::uint32_t a, std::uint32_t b) {
    mesh_.points[a].droppedEdge = true;
    mesh_.points[b].droppedEdge = true;
}

SimplifiedMesh Simplifier::run() {
    // Nothing to simplify (no triangle with three distinct positions, or invalid indices).
    if (!buildWorkingMesh(input_, options_, mesh_)) return {};
    const std::size_t target = simplifyTarget(mesh_.liveTriangles, options_);
    forward_.assign(mesh_.points.size(), kNone);
    stamp_.assign(mesh_.points.size(), Stamp{});
    mark_.assign(mesh_.points.size(), 0);
    requeued_.reset(mesh_.points.size());
    for (std::uint32_t c : removeFirst_)
        if (c < mesh_.parts.size() &&
            mesh_.liveTriangles - mesh_.parts[c].liveTriangles >= target) {
            maxError_ = std::max(maxError_, std::sqrt(mesh_.parts[c].distanceSquared));
            removePart(c);
        }
    std::vector<CollapseEntry> initial;
    initial.reserve(3 * mesh_.points.size());
    queueAllEdges(initial);
    for (std::uint32_t c = 0; c < mesh_.parts.size(); ++c)
        if (mesh_.parts[c].removable && mesh_.parts[c].liveTriangles > 0)
            initial.push_back({removalPriority(c), c, kNone, 0, 0});
    const double limit = options_.maxError * options_.maxError;
    localPasses(initial, target, limit);
    queue_.assign(initial);
    while (mesh_.liveTriangles > target) {
        readAheadUpcoming();
        if (!takeTurn(queue_, target, limit)) break;
    }
    return output();
}

// A big mesh makes most of its collapses in passes over blocks of points (BlockQueues): a pass
// takes, block after block, every entry up to a bound, each block's cheapest first. The entries
// within the bound are those one queue would take first, in another order: one block's before the
// next block's. A collapse changes costs only around it, so the collapses made differ little from
// one queue's, as long as a pass is not cut short: a pass stopped half way would have simplified
// the first blocks and not the last. So each pass's bound aims at kLocalPassFill times the
// triangles left to remove before the last kOneQueueShare, by how many each entry within the
// bound removed in the pass before; each pass's entries remove fewer than the last's, so a pass
// takes less than it aims at and is rarely cut short at the target. The last few per cent,
// which decide where the target is met, are left to the one queue (docs/lod.md).
void Simplifier::localPasses(std::vector<CollapseEntry>& entries, std::size_t target,
                             double limit) {
    const std::size_t points = mesh_.points.size();
    const std::size_t start = mesh_.liveTriangles;
    if (options_.localPassesFromPoints == 0 || points < options_.localPassesFromPoints ||
        start <= target)
        return;
    const auto stopAt =
        target + static_cast<std::size_t>(kOneQueueShare * static_cast<double>(start - target));
    std::vector<std::uint32_t> partPoint(mesh_.parts.size(), 0);
    for (std::uint32_t c = 0; c < mesh_.parts.size(); ++c)
        if (!mesh_.parts[c].triangles.empty())
            partPoint[c] = mesh_.triangles[mesh_.parts[c].triangles.front()].points[0];
    BlockQueues blocks(points, kLocalBlockShift, std::move(partPoint));
    measureBlockSpans();
    blocks.assign(entries);
    // Triangles removed per entry within the bound (a collapse removes two; some entries are
    // stale and dearer now, some invalid; entries queued again within the bound add to it).
    double yield = 2.0;
    for (int pass = 0; pass < kMaxLocalPasses && mesh_.liveTriangles > stopAt; ++pass) {
        const double wanted = kLocalPassFill * static_cast<double>(mesh_.liveTriangles - stopAt);
        const auto rank = static_cast<std::size_t>(wanted / std::max(yield, 0.05));
        const float bound = blocks.priorityAt(rank);
        const std::size_t before = mesh_.liveTriangles;
        for (std::uint32_t block = 0; block < blocks.blocks(); ++block) {
            blocks.select(block, bound);
            readAheadBlock(block + 1 < blocks.blocks() ? block + 1 : 0);
            readAhead_.spreadOver(blocks.selected());
            while (blocks.hasNext() && mesh_.liveTriangles > target) {
                readAhead_.step();
                takeTurn(blocks, target, limit);
            }
        }
        const std::size_t removed = before - mesh_.liveTriangles;
        // Little within the bound could be made (the error limit, or no valid collapse left).
        if (removed < (before - stopAt) / 100) break;
        yield = static_cast<double>(removed) / static_cast<double>(std::max<std::size_t>(rank, 1));
    }
    entries = blocks.drain();
}

// The memory the collapses of a block of points read: the points' own records, and the ranges of
// triangles and wedges that their triangles had when the passes began (the mesh is numbered in
// order of first use, so they lie close together; a range much larger is left out).
void Simplifier::readAheadBlock(std::uint32_t block) {
    readAhead_.clear();
    const std::size_t first = std::size_t(block) << kLocalBlockShift;
    const std::size_t last =
        std::min(mesh_.points.size(), first + (std::size_t(1) << kLocalBlockShift));
    if (first >= last) return;
    readAhead_.add(&mesh_.points[first], &mesh_.points[last - 1] + 1);
    readAhead_.add(&mesh_.positions[first], &mesh_.positions[last - 1] + 1);
    readAhead_.add(&mesh_.quadrics[first], &mesh_.quadrics[last - 1] + 1);
    readAhead_.add(&stamp_[first], &stamp_[last - 1] + 1);
    readAhead_.add(&forward_[first], &forward_[last - 1] + 1);
    requeued_.readAhead(readAhead_, first, last);
    const BlockSpan& span = blockSpans_[block];
    const std::size_t points = last - first;
    if (span.firstTriangle <= span.lastTriangle &&
        span.lastTriangle - span.firstTriangle < 8 * points)
        readAhead_.add(&mesh_.triangles[span.firstTriangle],
                       &mesh_.triangles[span.lastTriangle] + 1);
    if (span.firstWedge <= span.lastWedge && span.lastWedge - span.firstWedge < 4 * points) {
        readAhead_.add(&mesh_.wedgeQuadrics[span.firstWedge],
                       &mesh_.wedgeQuadrics[span.lastWedge] + 1);
        readAhead_.add(&mesh_.wedges[span.firstWedge], &mesh_.wedges[span.lastWedge] + 1);
    }
}

// The one queue takes entries from all over the mesh, so the points of the entries that may come
// next (the front bucket's first few) are asked for while the present one is handled.
void Simplifier::readAheadUpcoming() {
    constexpr std::size_t kUpcoming = 3;
    for (const CollapseEntry& next : queue_.upcoming(kUpcoming)) {
        if (next.b == kNone) continue;
        for (std::uint32_t p : {next.a, next.b}) {
            __builtin_prefetch(&stamp_[p]);
            __builtin_prefetch(&mesh_.points[p]);
            __builtin_prefetch(&mesh_.quadrics[p]);
            __builtin_prefetch(&mesh_.positions[p]);
        }
    }
}

// Per block of points, the triangles and wedges of its points.
void Simplifier::measureBlockSpans() {
    blockSpans_.assign((mesh_.points.size() >> kLocalBlockShift) + 1, BlockSpan{});
    for (std::uint32_t t = 0; t < mesh_.triangles.size(); ++t)
        for (int k = 0; k < 3; ++k) {
            BlockSpan& span = blockSpans_[mesh_.triangles[t].points[k] >> kLocalBlockShift];
            const std::uint32_t w = mesh_.triangles[t].wedges[k];
            span.firstTriangle = std::min(span.firstTriangle, t);
            span.lastTriangle = std::max(span.lastTriangle, t);
            span.firstWedge = std::min(span.firstWedge, w);
            span.lastWedge = std::max(span.lastWedge, w);
        }
}

std::vector<std::uint32_t> Simplifier::partsWorthRemovingFirst() const {
    std::vector<std::uint32_t> parts;
    for (const auto& [part, error] : deferredRemovals_)
        if (mesh_.parts[part].liveTriangles > 0 && error < maxError_) parts.push_back(part);
    std::sort(parts.begin(), parts.end());
    parts.erase(std::unique(parts.begin(), parts.end()), parts.end());
    return parts;
}

// ---- Output ------------------------------------------------------------------------------------

ModelVertex Simplifier::outputVertex(const Wedge& w) const {
    const Point& point = mesh_.points[w.point];
    if (w.source != kNone && !point.moved) return input_.vertices[w.source];
    ModelVertex v;
    if (point.moved) {
        const Vector3d p = mesh_.positions[w.point] / mesh_.scale + mesh_.centre;
        v.position = {static_cast<float>(p.x()), static_cast<float>(p.y()),
                      static_cast<float>(p.z())};
    } else {
        v.position = mesh_.originals[w.point];
    }
    const double wn = attributeWeight(options_.normalWeight);
    const double wt = attributeWeight(options_.uvWeight);
    Vector3d n(w.values[0] / wn, w.values[1] / wn, w.values[2] / wn);
    const double length = n.norm();
    n = length > 0 ? Vector3d(n / length) : Vector3d(0, 0, 1);
    v.normal = {static_cast<float>(n.x()), static_cast<float>(n.y()), static_cast<float>(n.z())};
    v.uv = {static_cast<float>(w.values[3] / wt), static_cast<float>(w.values[4] / wt)};
    v.weights = w.weights;
    return v;
}

SimplifiedMesh Simplifier::output() const {
    SimplifiedMesh out;
    std::vector<std::uint32_t> index(mesh_.wedges.size(), kNone);
    for (const Triangle& t : mesh_.triangles) {
        if (!t.alive) continue;
        for (std::uint32_t w : t.wedges) {
            if (index[w] == kNone) {
                index[w] = static_cast<std::uint32_t>(out.vertices.size());
                const Wedge& wedge = mesh_.wedges[w];
                const bool unchanged = wedge.source != kNone && !mesh_.points[wedge.point].moved;
                out.vertices.push_back(outputVertex(wedge));
                out.sourceVertex.push_back(unchanged ? wedge.source : kNewVertex);
            }
            out.indices.push_back(index[w]);
        }
        out.materials.push_back(t.material);
    }
    out.error = maxError_;
    out.collapses = collapses_;
    return out;
}

} // namespace

SimplifiedMesh simplifyMesh(const SimplifyInput& input, const SimplifyOptions& options) {
    Simplifier first(input, options);
    SimplifiedMesh result = first.run();
    // Parts are removed whole or not at all; near the target, removing one can go below it, and
    // the collapses made instead may cost more. Then try again with those parts removed first
    // (each round may put off further parts; a few rounds settle it).
    const std::size_t target = simplifyTarget(input.indices.size() / 3, options);
    std::vector<std::uint32_t> parts = first.partsWorthRemovingFirst();
    for (int round = 0; round < 3 && !parts.empty(); ++round) {
        Simplifier again(input, options, parts);
        SimplifiedMesh retry = again.run();
        const std::size_t reached = std::max(target, result.indices.size() / 3);
        if (retry.indices.size() / 3 <= reached && retry.error < result.error)
            result = std::move(retry);
        const std::size_t before = parts.size();
        for (std::uint32_t part : again.partsWorthRemovingFirst())
            if (std::find(parts.begin(), parts.end(), part) == parts.end()) parts.push_back(part);
        if (parts.size() == before) break;
        std::sort(parts.begin(), parts.end());
    }
    return result;
}

std::size_t simplifyTarget(std::size_t triangles, const SimplifyOptions& options) {
    if (options.targetTriangles > 0) return std::min(options.targetTriangles, triangles);
    const double ratio = std::clamp(options.targetRatio, 0.0, 1.0);
    return static_cast<std::size_t>(std::llround(ratio * static_cast<double>(triangles)));
}

} // namespace vtxc
