// Bone-limited strip partition of a mesh's triangles for hardware skinning (docs/formats.md,
// ".vtx": at most maxBonesPerStrip bones per strip).
//
// Our own design: triangles are grouped into classes by their bone set. A greedy set cover builds
// strips one at a time: start from a seed class, then repeatedly add the class whose bones cover
// the most still-uncovered triangles per new bone, until the bone budget is spent; each triangle
// goes to the strip that covered it. A local search then moves single triangles, and whole fans
// around a duplicated vertex, to a neighbouring strip (bone budget permitting) whenever that stores
// fewer vertices (at equal count: when it shortens the border between strips), and tries to
// dissolve small strips into the others. Several seeds run; the lowest cost wins, where
// cost = stored vertices + kStripCost * strips (a strip is a draw call).
// Measured alternative, rejected: ordering the whole mesh for the cache first and keeping that
// order inside each strip gave higher ATVR than ordering each strip on its own (1.072 vs 1.066 on
// the corpus character's dx80 LOD 0).
#include "optimizer/strips/strip_partition.h"

#include "formats/common/internal_error.h"
#include "optimizer/strips/triangle_adjacency.h"
#include "optimizer/strips/triangle_bones.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <numeric>
#include <string>
#include <unordered_map>

namespace vtxc {
namespace {

constexpr std::uint32_t kNone = 0xffffffffu;
// A draw call weighs as much as this many extra stored vertices when comparing partitions.
constexpr std::size_t kStripCost = 32;
// How many seeds the partition tries, at most; fewer on big meshes (each costs a full pass).
constexpr std::size_t kMaxSeeds = 8;
constexpr std::size_t kSeedTriangleBudget = 200'000;
// Greedy cover candidates per step, at most (the classes with the most triangles win a place).
constexpr std::size_t kMaxCoverCandidates = 1024;
constexpr int kMaxRefinePasses = 8;
// Strips up to this many triangles may always be dissolved; bigger ones only if small for the mesh.
constexpr std::size_t kDissolveAnySize = 20000;

// The distinct bones of each triangle, as dense numbers 0..boneCount-1, sorted.
struct TriangleBones {
    std::vector<std::int16_t> modelBoneOf; // dense -> model bone
    std::vector<std::uint16_t> bones;      // kMaxTriangleBones per triangle
    std::vector<std::uint8_t> count;

    std::span<const std::uint16_t> of(std::size_t t) const {
        return {bones.data() + t * kMaxTriangleBones, count[t]};
    }
};

TriangleBones collectTriangleBones(std::span<const std::uint32_t> indices,
                                   std::span<const BoneWeights> weights) {
    TriangleBones result;
    // The bones in use, ascending, and every corner's bones renumbered through a table over all
    // 2^16 bone values (a big mesh has millions of corners and at most a few hundred bones).
    std::vector<std::uint8_t> used(std::size_t(1) << 16, 0);
    for (const BoneWeights& w : weights)
        for (int k = 0; k < w.count; ++k)
            used[static_cast<std::uint16_t>(w.bone[k])] = 1;
    std::vector<std::uint16_t> denseOf(std::size_t(1) << 16, 0);
    for (int bone = INT16_MIN; bone <= INT16_MAX; ++bone) {
        const auto slot = static_cast<std::uint16_t>(bone);
        if (!used[slot]) continue;
        denseOf[slot] = static_cast<std::uint16_t>(result.modelBoneOf.size());
        result.modelBoneOf.push_back(static_cast<std::int16_t>(bone));
    }
    auto dense = [&](std::int16_t bone) { return denseOf[static_cast<std::uint16_t>(bone)]; };
    const std::size_t triangleCount = indices.size() / 3;
    result.bones.assign(triangleCount * kMaxTriangleBones, 0);
    result.count.assign(triangleCount, 0);
    for (std::size_t t = 0; t < triangleCount; ++t) {
        TriangleBoneList bones;
        const int distinct =
            keepFirstOfEach(bones.data(), gatherTriangleBones(indices, weights, t, bones));
        // Each distinct bone straight to its place in ascending order: its rank among the others.
        std::array<std::uint16_t, kMaxTriangleBones> values;
        for (int i = 0; i < distinct; ++i)
            values[i] = dense(bones[i]);
        std::uint16_t* out = &result.bones[t * kMaxTriangleBones];
        for (int i = 0; i < distinct; ++i) {
            int rank = 0;
            for (int j = 0; j < distinct; ++j)
                rank += values[j] < values[i];
            out[rank] = values[i];
        }
        result.count[t] = static_cast<std::uint8_t>(distinct);
    }
    return result;
}

// Distinct bone sets of the triangles ("classes"), numbered by first appearance, as bit masks.
class BoneClasses {
  public:
    BoneClasses(const TriangleBones& triangleBones, std::size_t boneCount)
        : words_((boneCount + 63) / 64) {
        const std::size_t triangleCount = triangleBones.count.size();
        classOf_.resize(triangleCount);
        std::unordered_map<std::string, std::uint32_t> idOf; // lookups only, never iterated
        for (std::size_t t = 0; t < triangleCount; ++t) {
            const auto bones = triangleBones.of(t);
            const std::string key(reinterpret_cast<const char*>(bones.data()), bones.size_bytes());
            auto [it, inserted] = idOf.try_emplace(key, static_cast<std::uint32_t>(size()));
            if (inserted) {
                masks_.resize(masks_.size() + words_, 0);
                for (std::uint16_t b : bones)
                    masks_[it->second * words_ + b / 64] |= 1ull << (b % 64);
                triangles_.push_back(0);
                bones_.emplace_back(bones.begin(), bones.end());
            }
            classOf_[t] = it->second;
            ++triangles_[it->second];
        }
        classesWithBone_.resize(boneCount);
        for (std::uint32_t c = 0; c < size(); ++c)
            for (std::uint16_t b : bones_[c])
                classesWithBone_[b].push_back(c);
    }

    std::size_t size() const { return triangles_.size(); }
    std::size_t words() const { return words_; }
    const std::uint64_t* mask(std::uint32_t c) const { return &masks_[c * words_]; }
    std::uint32_t triangles(std::uint32_t c) const { return triangles_[c]; }
    std::uint32_t classOf(std::size_t t) const { return classOf_[t]; }
    const std::vector<std::uint16_t>& bones(std::uint32_t c) const { return bones_[c]; }
    const std::vector<std::uint32_t>& withBone(std::uint16_t b) const {
        return classesWithBone_[b];
    }

  private:
    std::size_t words_;
    std::vector<std::uint64_t> masks_;
    std::vector<std::uint32_t> triangles_;
    std::vector<std::vector<std::uint16_t>> bones_;
    std::vector<std::uint32_t> classOf_;
    std::vector<std::vector<std::uint32_t>> classesWithBone_;
};

bool isSubset(const std::uint64_t* a, const std::uint64_t* b, std::size_t words) {
    for (std::size_t w = 0; w < words; ++w)
        if (a[w] & ~b[w]) return false;
    return true;
}

std::size_t countBits(const std::uint64_t* a, std::size_t words) {
    std::size_t n = 0;
    for (std::size_t w = 0; w < words; ++w)
        n += std::popcount(a[w]);
    return n;
}

// Greedy set cover: the strip number of every class. Strip 0 starts from `seed`; later strips
// from the uncovered class with the most triangles. Each strip then grows by the class whose bones
// cover the most uncovered triangles per bone added, while the bones fit.
class GreedyCover {
  public:
    GreedyCover(const BoneClasses& classes, std::size_t limit)
        : classes_(classes), limit_(limit), words_(classes.words()),
          stripOf_(classes.size(), kNone), visited_(classes.size(), 0), strip_(words_),
          trial_(words_), uncovered_(classes.size()) {}

    std::vector<std::uint32_t> run(std::uint32_t seed) {
        for (std::uint32_t start = seed; uncovered_ > 0; start = largestUncovered()) {
            std::copy_n(classes_.mask(start), words_, strip_.begin());
            coverSubsets();
            for (std::uint32_t next = bestCandidate(); next != kNone; next = bestCandidate()) {
                for (std::size_t w = 0; w < words_; ++w)
                    strip_[w] |= classes_.mask(next)[w];
                coverSubsets();
            }
            ++stripNumber_;
        }
        return std::move(stripOf_);
    }

  private:
    std::uint32_t largestUncovered() const {
        std::uint32_t start = kNone;
        for (std::uint32_t c = 0; c < classes_.size(); ++c)
            if (stripOf_[c] == kNone &&
                (start == kNone || classes_.triangles(c) > classes_.triangles(start)))
                start = c;
        return start;
    }

    // Bones of the current strip plus those of class c, into trial_; returns their count.
    std::size_t tryClass(std::uint32_t c) {
        for (std::size_t w = 0; w < words_; ++w)
            trial_[w] = strip_[w] | classes_.mask(c)[w];
        return countBits(trial_.data(), words_);
    }

    void coverSubsets() {
        for (std::uint32_t c = 0; c < classes_.size(); ++c)
            if (stripOf_[c] == kNone && isSubset(classes_.mask(c), strip_.data(), words_)) {
                stripOf_[c] = stripNumber_;
                --uncovered_;
            }
    }

    // Triangles of uncovered classes that the bones in trial_ cover (only classes touching a bone
    // new to the strip can become covered).
    std::size_t gainOf(std::uint32_t c) {
        ++visitToken_;
        std::size_t gain = 0;
        for (std::uint16_t b : classes_.bones(c)) {
            if (strip_[b / 64] >> (b % 64) & 1) continue;
            for (std::uint32_t d : classes_.withBone(b)) {
                if (stripOf_[d] != kNone || visited_[d] == visitToken_) continue;
                visited_[d] = visitToken_;
                if (isSubset(classes_.mask(d), trial_.data(), words_))
                    gain += classes_.triangles(d);
            }
        }
        return gain;
    }

    // Uncovered classes whose bones fit with the strip's; on huge meshes only the largest ones.
    void collectCandidates() {
        candidates_.clear();
        for (std::uint32_t c = 0; c < classes_.size(); ++c)
            if (stripOf_[c] == kNone && tryClass(c) <= limit_) candidates_.push_back(c);
        if (candidates_.size() <= kMaxCoverCandidates) return;
        auto larger = [&](std::uint32_t a, std::uint32_t b) {
            return classes_.triangles(a) != classes_.triangles(b)
                       ? classes_.triangles(a) > classes_.triangles(b)
                       : a < b;
        };
        std::nth_element(candidates_.begin(), candidates_.begin() + kMaxCoverCandidates,
                         candidates_.end(), larger);
        candidates_.resize(kMaxCoverCandidates);
        std::sort(candidates_.begin(), candidates_.end());
    }

    std::uint32_t bestCandidate() {
        if (uncovered_ == 0) return kNone;
        collectCandidates();
        const std::size_t used = countBits(strip_.data(), words_);
        std::uint32_t best = kNone;
        double bestRatio = 0;
        for (std::uint32_t c : candidates_) {
            const std::size_t added = std::max<std::size_t>(tryClass(c) - used, 1);
            const double ratio = double(gainOf(c)) / double(added);
            if (best == kNone || ratio > bestRatio) {
                best = c;
                bestRatio = ratio;
            }
        }
        return best;
    }

    const BoneClasses& classes_;
    std::size_t limit_;
    std::size_t words_;
    std::vector<std::uint32_t> stripOf_;
    std::vector<std::uint32_t> visited_;
    std::uint32_t visitToken_ = 0;
    std::vector<std::uint64_t> strip_, trial_;
    std::vector<std::uint32_t> candidates_;
    std::size_t uncovered_;
    std::uint32_t stripNumber_ = 0;
};

// A triangle -> strip assignment with the bookkeeping that local moves need.
class Assignment {
  public:
    Assignment(std::span<const std::uint32_t> indices, const TriangleBones& bones,
               const TriangleAdjacency& adjacency, std::size_t limit,
               std::vector<std::uint32_t> stripOf)
        : indices_(indices), bones_(&bones), adjacency_(&adjacency), limit_(limit),
          boneCount_(bones.modelBoneOf.size()), stripOf_(std::move(stripOf)) {
        const std::uint32_t strips =
            stripOf_.empty() ? 0 : *std::max_element(stripOf_.begin(), stripOf_.end()) + 1;
        boneUse_.assign(std::size_t(strips) * boneCount_, 0);
        bonesInStrip_.assign(strips, 0);
        trianglesInStrip_.assign(strips, 0);
        for (std::size_t t = 0; t < stripOf_.size(); ++t)
            add(t, stripOf_[t]);
    }

    const std::vector<std::uint32_t>& stripOf() const { return stripOf_; }
    std::size_t stripCount() const {
        return std::count_if(trianglesInStrip_.begin(), trianglesInStrip_.end(),
                             [](std::uint32_t n) { return n > 0; });
    }
    std::uint32_t trianglesIn(std::uint32_t s) const { return trianglesInStrip_[s]; }
    std::uint32_t stripSlots() const {
        return static_cast<std::uint32_t>(trianglesInStrip_.size());
    }

    // Vertices stored: each vertex once per strip that uses it.
    std::size_t storedVertices() const {
        std::size_t stored = 0;
        std::vector<std::uint32_t> strips;
        for (std::uint32_t v = 0; v < adjacency_->vertexCount(); ++v) {
            strips.clear();
            for (std::uint32_t t : adjacency_->trianglesOf(v))
                strips.push_back(stripOf_[t]);
            std::sort(strips.begin(), strips.end());
            stored += std::unique(strips.begin(), strips.end()) - strips.begin();
        }
        return stored;
    }
    std::size_t cost() const { return storedVertices() + kStripCost * stripCount(); }

    bool fits(std::size_t t, std::uint32_t s) const {
        std::size_t added = 0;
        for (std::uint16_t b : bones_->of(t))
            added += boneUse_[s * boneCount_ + b] == 0;
        return bonesInStrip_[s] + added <= limit_;
    }

    // Change in stored vertices if triangle t moved to strip s.
    long moveDelta(std::size_t t, std::uint32_t s) const {
        const std::uint32_t from = stripOf_[t];
        long delta = 0;
        forEachCorner(t, [&](std::uint32_t v) {
            std::uint32_t inFrom = 0, inTo = 0;
            for (std::uint32_t around : adjacency_->trianglesOf(v)) {
                const std::uint32_t strip = stripOf_[around];
                inFrom += strip == from;
                inTo += strip == s;
            }
            delta += (inTo == 0) - (inFrom == 1);
        });
        return delta;
    }

    void move(std::size_t t, std::uint32_t s) {
        remove(t, stripOf_[t]);
        stripOf_[t] = s;
        add(t, s);
    }

    // Whether the triangles `moving` (none of them in s) fit into strip s together.
    bool fitsAll(std::span<const std::uint32_t> moving, std::uint32_t s,
                 std::vector<std::uint16_t>& scratch) const {
        // The bones s lacks, each once: a few triangles' bones, so a search of the short list
        // costs less than sorting it.
        scratch.clear();
        for (std::uint32_t t : moving)
            for (std::uint16_t b : bones_->of(t))
                if (boneUse_[s * boneCount_ + b] == 0 &&
                    std::find(scratch.begin(), scratch.end(), b) == scratch.end())
                    scratch.push_back(b);
        return bonesInStrip_[s] + scratch.size() <= limit_;
    }

    // Change in stored vertices if all of `moving` (triangles of one strip) went to strip s.
    long moveSetDelta(std::span<const std::uint32_t> moving, std::uint32_t s,
                      std::vector<std::uint32_t>& scratch) const {
        const std::uint32_t from = stripOf_[moving[0]];
        scratch.clear();
        for (std::uint32_t t : moving)
            forEachCorner(t, [&](std::uint32_t v) { scratch.push_back(v); });
        std::sort(scratch.begin(), scratch.end());
        scratch.erase(std::unique(scratch.begin(), scratch.end()), scratch.end());
        long delta = 0;
        for (std::uint32_t v : scratch) {
            std::uint32_t stayInFrom = 0, inTo = 0;
            for (const std::uint32_t t : adjacency_->trianglesOf(v)) {
                const std::uint32_t strip = stripOf_[t];
                inTo += strip == s;
                if (strip == from && std::find(moving.begin(), moving.end(), t) == moving.end())
                    ++stayInFrom;
            }
            delta += (inTo == 0) - (stayInFrom == 0);
        }
        return delta;
    }

    // The strips vertex v is stored in, ascending.
    void stripsOfVertex(std::uint32_t v, std::vector<std::uint32_t>& out) const {
        out.clear();
        for (std::uint32_t t : adjacency_->trianglesOf(v))
            out.push_back(stripOf_[t]);
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }

    // The triangles around vertex v that lie in strip s.
    void trianglesAround(std::uint32_t v, std::uint32_t s, std::vector<std::uint32_t>& out) const {
        out.clear();
        for (std::uint32_t t : adjacency_->trianglesOf(v))
            if (stripOf_[t] == s) out.push_back(t);
    }
    std::size_t vertexCount() const { return adjacency_->vertexCount(); }

    // Triangles of strip s around the corners of t (counted once per shared corner), t excluded.
    long contacts(std::size_t t, std::uint32_t s) const {
        long n = 0;
        forEachCorner(t, [&](std::uint32_t v) {
            for (const std::uint32_t other : adjacency_->trianglesOf(v)) {
                n += other != t && stripOf_[other] == s;
            }
        });
        return n;
    }

    // Strips of the triangles sharing a vertex with t, other than t's own, ascending.
    void neighbourStrips(std::size_t t, std::vector<std::uint32_t>& out) const {
        out.clear();
        forEachCorner(t, [&](std::uint32_t v) {
            for (std::uint32_t around : adjacency_->trianglesOf(v)) {
                const std::uint32_t strip = stripOf_[around];
                if (strip != stripOf_[t]) out.push_back(strip);
            }
        });
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }

    // f(u) for every triangle sharing a vertex with t (t included, some more than once).
    template <typename F> void forEachTriangleAround(std::size_t t, F&& f) const {
        forEachCorner(t, [&](std::uint32_t v) {
            for (std::uint32_t u : adjacency_->trianglesOf(v))
                f(u);
        });
    }

  private:
    template <typename F> void forEachCorner(std::size_t t, F&& f) const {
        const std::uint32_t a = indices_[3 * t], b = indices_[3 * t + 1], c = indices_[3 * t + 2];
        f(a);
        if (b != a) f(b);
        if (c != a && c != b) f(c);
    }
    void add(std::size_t t, std::uint32_t s) {
        ++trianglesInStrip_[s];
        for (std::uint16_t b : bones_->of(t))
            if (boneUse_[s * boneCount_ + b]++ == 0) ++bonesInStrip_[s];
    }
    void remove(std::size_t t, std::uint32_t s) {
        --trianglesInStrip_[s];
        for (std::uint16_t b : bones_->of(t))
            if (--boneUse_[s * boneCount_ + b] == 0) --bonesInStrip_[s];
    }

    // Pointers, not references, so that assignments can be copied and assigned.
    std::span<const std::uint32_t> indices_;
    const TriangleBones* bones_;
    const TriangleAdjacency* adjacency_;
    std::size_t limit_;
    std::size_t boneCount_;
    std::vector<std::uint32_t> stripOf_;
    std::vector<std::uint32_t> boneUse_;
    std::vector<std::uint32_t> bonesInStrip_;
    std::vector<std::uint32_t> trianglesInStrip_;
};

void refineTriangles(Assignment& assignment);
bool refineFans(Assignment& assignment);

// Moves single triangles, then vertex fans, to a neighbouring strip while that lowers the stored
// vertex count.
void refine(Assignment& assignment) {
    for (int round = 0; round < kMaxRefinePasses; ++round) {
        refineTriangles(assignment);
        if (!refineFans(assignment)) break;
    }
}

void refineTriangles(Assignment& assignment) {
    std::vector<std::uint32_t> neighbours;
    const std::size_t triangleCount = assignment.stripOf().size();
    for (int pass = 0; pass < kMaxRefinePasses; ++pass) {
        bool moved = false;
        for (std::size_t t = 0; t < triangleCount; ++t) {
            assignment.neighbourStrips(t, neighbours);
            if (neighbours.empty()) continue;
            std::uint32_t best = kNone;
            long bestDelta = 0, bestContact = 0;
            const long ownContact = assignment.contacts(t, assignment.stripOf()[t]);
            for (std::uint32_t s : neighbours) {
                if (!assignment.fits(t, s)) continue;
                const long delta = assignment.moveDelta(t, s);
                if (delta > 0) continue;
                // Equal stored vertices: move only towards more contact, which shortens the
                // border between strips (the sum over vertices of triangle pairs in different
                // strips drops), so that later moves find clean cuts. Always terminates.
                const long contact = assignment.contacts(t, s) - ownContact;
                if (delta == 0 && contact <= 0) continue;
                if (best == kNone || delta < bestDelta ||
                    (delta == bestDelta && contact > bestContact)) {
                    best = s;
                    bestDelta = delta;
                    bestContact = contact;
                }
            }
            if (best != kNone) {
                assignment.move(t, best);
                moved = true;
            }
        }
        if (!moved) break;
    }
}

// Moves the fan of triangles around a duplicated vertex from one of its strips to another when
// that lowers the stored vertex count (a single-triangle move cannot free a vertex used twice).
bool refineFans(Assignment& assignment) {
    std::vector<std::uint32_t> strips, fan, vertexScratch;
    std::vector<std::uint16_t> boneScratch;
    bool movedAny = false;
    for (std::uint32_t v = 0; v < assignment.vertexCount(); ++v) {
        assignment.stripsOfVertex(v, strips);
        if (strips.size() < 2) continue;
        std::vector<std::uint32_t> bestFan;
        std::uint32_t bestTarget = kNone;
        long bestDelta = 0;
        for (std::uint32_t from : strips) {
            assignment.trianglesAround(v, from, fan);
            for (std::uint32_t to : strips) {
                if (to == from || !assignment.fitsAll(fan, to, boneScratch)) continue;
                const long delta = assignment.moveSetDelta(fan, to, vertexScratch);
                if (delta < bestDelta) {
                    bestDelta = delta;
                    bestTarget = to;
                    bestFan = fan;
                }
            }
        }
        if (bestTarget == kNone) continue;
        for (std::uint32_t t : bestFan)
            assignment.move(t, bestTarget);
        movedAny = true;
    }
    return movedAny;
}

// Tries to empty strip `s` by moving its triangles into the other strips (neighbouring strips
// first, in passes, then any strip with room). False, with the assignment partly changed, if some
// triangle fits nowhere. A triangle that found no place is tried again only once a triangle
// around it has moved: until then its neighbouring strips are the same, and they only gain bones
// (only s loses any), so it would fail again. Skipping those tries changes no decision and keeps
// an island strip from costing a pass over all its triangles per triangle placed.
bool dissolve(Assignment& assignment, std::uint32_t s) {
    std::vector<std::uint32_t> pending, neighbours;
    for (std::size_t t = 0; t < assignment.stripOf().size(); ++t)
        if (assignment.stripOf()[t] == s) pending.push_back(static_cast<std::uint32_t>(t));
    std::vector<std::uint8_t> worthTrying(assignment.stripOf().size(), 1);
    auto placeBest = [&](std::uint32_t t, const std::vector<std::uint32_t>& options) {
        std::uint32_t best = kNone;
        long bestDelta = 0;
        for (std::uint32_t o : options) {
            if (o == s || assignment.trianglesIn(o) == 0 || !assignment.fits(t, o)) continue;
            const long delta = assignment.moveDelta(t, o);
            if (best == kNone || delta < bestDelta) {
                best = o;
                bestDelta = delta;
            }
        }
        if (best == kNone) return false;
        assignment.move(t, best);
        assignment.forEachTriangleAround(t, [&](std::uint32_t u) { worthTrying[u] = 1; });
        return true;
    };
    std::vector<std::uint32_t> allStrips(assignment.stripSlots());
    std::iota(allStrips.begin(), allStrips.end(), 0u);
    while (!pending.empty()) {
        std::vector<std::uint32_t> left;
        for (std::uint32_t t : pending) {
            if (!worthTrying[t]) {
                left.push_back(t);
                continue;
            }
            assignment.neighbourStrips(t, neighbours);
            worthTrying[t] = 0;
            if (!placeBest(t, neighbours)) left.push_back(t);
        }
        if (left.size() == pending.size()) {
            // Nothing touches another strip any more: place the first one anywhere it fits.
            if (!placeBest(left.front(), allStrips)) return false;
            left.erase(left.begin());
        }
        pending = std::move(left);
    }
    return true;
}

// Tries to dissolve each strip, smallest first; keeps a change when the cost drops.
void dissolveSmallStrips(Assignment& assignment, std::size_t& cost) {
    std::vector<std::uint32_t> order(assignment.stripSlots());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return assignment.trianglesIn(a) < assignment.trianglesIn(b);
    });
    // On big meshes only strips well under the average size: big ones rarely fit elsewhere, and
    // emptying one takes a pass per layer of its triangles.
    const std::size_t triangles = assignment.stripOf().size();
    for (std::uint32_t s : order) {
        if (assignment.trianglesIn(s) == 0 || assignment.stripCount() <= 1) continue;
        const std::size_t size = assignment.trianglesIn(s);
        if (size > kDissolveAnySize && size * 2 * assignment.stripCount() > triangles) break;
        Assignment trial = assignment;
        if (!dissolve(trial, s)) continue;
        refine(trial);
        const std::size_t trialCost = trial.cost();
        if (trialCost < cost) {
            assignment = std::move(trial);
            cost = trialCost;
        }
    }
}

} // namespace

std::vector<std::vector<std::uint32_t>>
partitionTrianglesByBones(std::span<const std::uint32_t> indices,
                          std::span<const BoneWeights> weights, int maxBonesPerStrip) {
    VTXC_ASSERT(std::all_of(indices.begin(), indices.end(),
                            [&](std::uint32_t v) { return v < weights.size(); }));
    const std::size_t triangleCount = indices.size() / 3;
    if (triangleCount == 0) return {};
    const TriangleBones bones = collectTriangleBones(indices, weights);
    const std::size_t limit = static_cast<std::size_t>(std::max(maxBonesPerStrip, 1));
    VTXC_ASSERT(std::all_of(bones.count.begin(), bones.count.end(),
                            [&](std::uint8_t n) { return n <= limit; }));
    std::vector<std::vector<std::uint32_t>> strips;
    if (bones.modelBoneOf.size() <= limit) {
        strips.emplace_back(triangleCount);
        std::iota(strips[0].begin(), strips[0].end(), 0u);
        return strips;
    }
    const BoneClasses classes(bones, bones.modelBoneOf.size());

    // Vertex -> triangles, for the local search.
    const TriangleAdjacency adjacency(indices, weights.size());

    // Seeds: the classes with the most triangles.
    std::vector<std::uint32_t> seeds(classes.size());
    std::iota(seeds.begin(), seeds.end(), 0u);
    std::stable_sort(seeds.begin(), seeds.end(), [&](std::uint32_t a, std::uint32_t b) {
        return classes.triangles(a) > classes.triangles(b);
    });
    const std::size_t seedCount =
        std::clamp<std::size_t>(kSeedTriangleBudget / triangleCount, 1, kMaxSeeds);
    seeds.resize(std::min(seeds.size(), seedCount));

    std::optional<Assignment> best;
    std::size_t bestCost = 0;
    for (std::uint32_t seed : seeds) {
        const std::vector<std::uint32_t> stripOfClass = GreedyCover(classes, limit).run(seed);
        std::vector<std::uint32_t> stripOf(triangleCount);
        for (std::size_t t = 0; t < triangleCount; ++t)
            stripOf[t] = stripOfClass[classes.classOf(t)];
        Assignment assignment(indices, bones, adjacency, limit, std::move(stripOf));
        refine(assignment);
        std::size_t cost = assignment.cost();
        dissolveSmallStrips(assignment, cost);
        if (!best || cost < bestCost) {
            best = std::move(assignment);
            bestCost = cost;
        }
    }

    // Non-empty strips, in order of their first triangle.
    std::vector<std::uint32_t> number(best->stripSlots(), kNone);
    for (std::size_t t = 0; t < triangleCount; ++t) {
        std::uint32_t& n = number[best->stripOf()[t]];
        if (n == kNone) {
            n = static_cast<std::uint32_t>(strips.size());
            strips.emplace_back();
        }
        strips[n].push_back(static_cast<std::uint32_t>(t));
    }
    return strips;
}

} // namespace vtxc
