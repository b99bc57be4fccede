// Candidate collapses side by side, one per lane of the compilers' portable vector type (GCC's and
// Clang's vector extension). Every expression below is the one the simplifier's scalar code
// evaluates, term for term and in the same order (quadric.h, quadric.cpp, simplify.cpp): IEEE
// arithmetic gives each lane the bits one collapse alone would get. Conditions become masks; a
// value computed for a candidate that is then left out is simply not used.
#include "optimizer/simplify/collapse_cost.h"

#include "optimizer/simplify/double_lanes.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace vtxc {

CollapseCandidates collapseCandidates(const Quadric& q, const Vector3d& pa, const Vector3d& pb,
                                      double skinA, double skinB, double skinScale) {
    CollapseCandidates out;
    out.weight = q.weight;
    const Vector3d edge = pb - pa;
    const double length2 = edge.squaredNorm();
    auto add = [&](const Vector3d& p, double t) {
        out.position[out.count] = p;
        out.cost[out.count] = std::max(0.0, q.evaluate(p));
        out.t[out.count++] = t;
    };
    if (const auto best = quadricMinimum(q)) {
        // Only near the edge: far minima come from nearly parallel planes and are unstable.
        if ((*best - 0.5 * (pa + pb)).squaredNorm() <= length2) {
            const double t =
                length2 > 0 ? std::clamp((*best - pa).dot(edge) / length2, 0.0, 1.0) : 0.0;
            add(*best, t);
        }
    }
    const double curvature = edge.dot(q.times(edge));
    if (curvature > 0) {
        const double t = std::clamp(-q.halfGradient(pa).dot(edge) / curvature, 0.0, 1.0);
        if (t > 0 && t < 1) add(pa + t * edge, t);
    }
    add(pa, 0);
    add(pb, 1);
    // The weights blended at t serve both ends, so each end's area moves with partly wrong bones.
    if (!(skinA == 0 && skinB == 0))
        for (int i = 0; i < out.count; ++i) {
            const double t = out.t[i];
            out.cost[i] += skinScale * (t * t * skinA + (1 - t) * (1 - t) * skinB);
        }
    out.cheapest = *std::min_element(out.cost.begin(), out.cost.begin() + out.count);
    return out;
}

#if VTXC_DOUBLE_LANES

namespace {

using namespace lanes;
static_assert(kCostLanes == kWidth, "a collapse per lane");

// Quadric::evaluate, term for term.
VTXC_LANES Lanes quadricAt(const Lanes* q, const Vec& p) {
    const Lanes two = splat(2.0);
    const Lanes x = p.x, y = p.y, z = p.z;
    return x * (q[0] * x + two * (q[1] * y + q[2] * z + q[6])) +
           y * (q[3] * y + two * (q[4] * z + q[7])) + z * (q[5] * z + two * q[8]) + q[9];
}

// Quadric fields in their order: a00 a01 a02 a11 a12 a22 b0 b1 b2 c weight.
constexpr int kQuadricFields = 11;

static_assert(std::is_standard_layout_v<Quadric> &&
                  sizeof(Quadric) == kQuadricFields * sizeof(double),
              "a quadric is its eleven doubles, in order");

// `q = a; q += b;` lane by lane.
VTXC_LANES void loadQuadrics(const std::array<MergingPair, kCostLanes>& pairs, Lanes* q) {
    for (int chunk = 0; chunk < 8; chunk += 4) {
        Lanes a[4], b[4];
        const double* fromA[4];
        const double* fromB[4];
        for (int l = 0; l < kCostLanes; ++l) {
            // The quadric's bytes, read as the doubles they hold (see the static_assert above).
            fromA[l] = reinterpret_cast<const double*>(
                reinterpret_cast<const char*>(pairs[l].quadricA) + chunk * sizeof(double));
            fromB[l] = reinterpret_cast<const double*>(
                reinterpret_cast<const char*>(pairs[l].quadricB) + chunk * sizeof(double));
        }
        gather4(fromA, a);
        gather4(fromB, b);
        for (int f = 0; f < 4; ++f)
            q[chunk + f] = a[f] + b[f];
    }
    for (int l = 0; l < kCostLanes; ++l) {
        q[8][l] = pairs[l].quadricA->b2 + pairs[l].quadricB->b2;
        q[9][l] = pairs[l].quadricA->c + pairs[l].quadricB->c;
        q[10][l] = pairs[l].quadricA->weight + pairs[l].quadricB->weight;
    }
}

// addReducedAttributeQuadric(q, wedgeA, wedgeB), lane by lane.
VTXC_LANES void addWedgePair(const std::array<MergingPair, kCostLanes>& pairs, Lanes* q) {
    Lanes areaA, areaB;
    for (int l = 0; l < kCostLanes; ++l) {
        areaA[l] = pairs[l].wedgeA->area;
        areaB[l] = pairs[l].wedgeB->area;
    }
    const Lanes total = areaA + areaB;
    const Lanes k = areaA * areaB / total;
    Lanes s[10] = {};
    for (int j = 0; j < kQuadricAttributes; ++j) {
        Lanes g[4], h[4]; // gx gy gz d of attribute j: A's, B's
        const float* fromA[4];
        const float* fromB[4];
        for (int l = 0; l < kCostLanes; ++l) {
            fromA[l] = &pairs[l].wedgeA->mean[4 * j];
            fromB[l] = &pairs[l].wedgeB->mean[4 * j];
        }
        gather4(fromA, g);
        gather4(fromB, h);
        for (int c = 0; c < 4; ++c)
            g[c] -= h[c];
        s[0] += g[0] * g[0];
        s[1] += g[0] * g[1];
        s[2] += g[0] * g[2];
        s[3] += g[1] * g[1];
        s[4] += g[1] * g[2];
        s[5] += g[2] * g[2];
        s[6] += g[3] * g[0];
        s[7] += g[3] * g[1];
        s[8] += g[3] * g[2];
        s[9] += g[3] * g[3];
    }
    Lanes reduced[10];
    for (int chunk = 0; chunk < 8; chunk += 4) {
        Lanes a[4], b[4];
        const float* fromA[4];
        const float* fromB[4];
        for (int l = 0; l < kCostLanes; ++l) {
            fromA[l] = &pairs[l].wedgeA->reduced[chunk];
            fromB[l] = &pairs[l].wedgeB->reduced[chunk];
        }
        gather4(fromA, a);
        gather4(fromB, b);
        for (int i = 0; i < 4; ++i)
            reduced[chunk + i] = a[i] + b[i];
    }
    for (int i = 8; i < 10; ++i)
        for (int l = 0; l < kCostLanes; ++l)
            reduced[i][l] = double(pairs[l].wedgeA->reduced[i]) + pairs[l].wedgeB->reduced[i];
    const Mask spread = total > Lanes{};
    for (int i = 0; i < 10; ++i)
        q[i] += select(spread, reduced[i] + k * s[i], reduced[i]);
}

// quadricMinimum, lane by lane: `ok` where it gives a point.
VTXC_LANES Vec minimum(const Lanes* q, Mask& ok) {
    const Lanes &a00 = q[0], &a01 = q[1], &a02 = q[2], &a11 = q[3], &a12 = q[4], &a22 = q[5];
    const Lanes &b0 = q[6], &b1 = q[7], &b2 = q[8];
    const Lanes c00 = a11 * a22 - a12 * a12;
    const Lanes c01 = a02 * a12 - a01 * a22;
    const Lanes c02 = a01 * a12 - a02 * a11;
    const Lanes c11 = a00 * a22 - a02 * a02;
    const Lanes c12 = a01 * a02 - a00 * a12;
    const Lanes c22 = a00 * a11 - a01 * a01;
    const Lanes det = a00 * c00 + a01 * c01 + a02 * c02;
    const Lanes scale = absolute(a00) + absolute(a11) + absolute(a22);
    ok = (scale > Lanes{}) & (absolute(det) > splat(1e-9) * scale * scale * scale);
    const Lanes inverse = splat(-1.0) / det;
    const Vec p{inverse * (c00 * b0 + c01 * b1 + c02 * b2),
                inverse * (c01 * b0 + c11 * b1 + c12 * b2),
                inverse * (c02 * b0 + c12 * b1 + c22 * b2)};
    ok &= finite(p.x) & finite(p.y) & finite(p.z);
    return p;
}

VTXC_LANES Vec loadPositions(const std::array<MergingPair, kCostLanes>& pairs, bool second) {
    const double* from[kWidth];
    for (int l = 0; l < kWidth; ++l)
        from[l] = (second ? pairs[l].positionB : pairs[l].positionA)->data();
    return gather3(from);
}

VTXC_LANES_KERNEL void avx2Candidates(const std::array<MergingPair, kCostLanes>& pairs,
                                      double skinScale,
                                      std::array<CollapseCandidates, kCostLanes>& out) {
    Lanes q[kQuadricFields];
    loadQuadrics(pairs, q);
    addWedgePair(pairs, q);
    const Vec pa = loadPositions(pairs, false), pb = loadPositions(pairs, true);
    const Vec edge{pb.x - pa.x, pb.y - pa.y, pb.z - pa.z};
    const Lanes length2 = dot(edge, edge);

    // The quadric's minimum, when well defined and near the edge.
    Mask solved;
    const Vec best = minimum(q, solved);
    const Lanes half = splat(0.5);
    const Vec fromMiddle{best.x - half * (pa.x + pb.x), best.y - half * (pa.y + pb.y),
                         best.z - half * (pa.z + pb.z)};
    const Mask nearEdge = solved & (dot(fromMiddle, fromMiddle) <= length2);
    const Vec fromA{best.x - pa.x, best.y - pa.y, best.z - pa.z};
    const Lanes bestT = select(length2 > Lanes{}, clampToUnit(dot(fromA, edge) / length2), Lanes{});

    // The best point on the edge, when strictly inside it.
    const Vec bent{q[0] * edge.x + q[1] * edge.y + q[2] * edge.z,
                   q[1] * edge.x + q[3] * edge.y + q[4] * edge.z,
                   q[2] * edge.x + q[4] * edge.y + q[5] * edge.z};
    const Lanes curvature = dot(edge, bent);
    const Vec gradient{q[6] + q[0] * pa.x + q[1] * pa.y + q[2] * pa.z,
                       q[7] + q[1] * pa.x + q[3] * pa.y + q[4] * pa.z,
                       q[8] + q[2] * pa.x + q[4] * pa.y + q[5] * pa.z};
    const Lanes lineT = clampToUnit(-dot(gradient, edge) / curvature);
    const Mask inside = (curvature > Lanes{}) & (lineT > Lanes{}) & (lineT < splat(1.0));
    const Vec onLine{pa.x + lineT * edge.x, pa.y + lineT * edge.y, pa.z + lineT * edge.z};

    const Vec positions[4] = {best, onLine, pa, pb};
    const Lanes ts[4] = {bestT, lineT, Lanes{}, splat(1.0)};
    const Mask used[4] = {nearEdge, inside, Mask{} - 1, Mask{} - 1};
    Lanes skinA, skinB;
    for (int l = 0; l < kCostLanes; ++l) {
        skinA[l] = pairs[l].skinA;
        skinB[l] = pairs[l].skinB;
    }
    const Mask skinned = ~((skinA == Lanes{}) & (skinB == Lanes{}));
    const Lanes one = splat(1.0), scale = splat(skinScale);
    Lanes costs[4];
    Lanes cheapest = splat(__builtin_inf());
    for (int c = 0; c < 4; ++c) {
        const Lanes t = ts[c];
        const Lanes cost = maxWithZero(quadricAt(q, positions[c]));
        costs[c] =
            select(skinned, cost + scale * (t * t * skinA + (one - t) * (one - t) * skinB), cost);
        cheapest = select(used[c] & (costs[c] < cheapest), costs[c], cheapest);
    }
    for (int l = 0; l < kCostLanes; ++l) {
        CollapseCandidates& lane = out[l];
        lane.count = 0;
        for (int c = 0; c < 4; ++c) {
            if (!used[c][l]) continue;
            lane.position[lane.count] =
                Vector3d(positions[c].x[l], positions[c].y[l], positions[c].z[l]);
            lane.cost[lane.count] = costs[c][l];
            lane.t[lane.count] = ts[c][l];
            ++lane.count;
        }
        lane.weight = q[10][l];
        lane.cheapest = cheapest[l];
    }
}

} // namespace

void mergingPairCandidates(const std::array<MergingPair, kCostLanes>& pairs, double skinScale,
                           std::array<CollapseCandidates, kCostLanes>& out) {
    avx2Candidates(pairs, skinScale, out);
}

#else

void mergingPairCandidates(const std::array<MergingPair, kCostLanes>&, double,
                           std::array<CollapseCandidates, kCostLanes>&) {}

#endif

} // namespace vtxc
