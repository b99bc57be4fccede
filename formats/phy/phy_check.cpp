// Structural checks of compact surfaces (docs/formats.md, ".phy"). The engine steps between the
// edges of a triangle by address and follows opposite_index blindly, so every hull must be closed
// with mutual, reversed opposites, and every triangle 16-byte aligned.
#include "formats/phy/phy_check.h"

#include "formats/phy/phy_codes.h"

#include <algorithm>
#include <array>

namespace vtxc {

namespace {

class SurfaceChecker {
  public:
    SurfaceChecker(const PhyCompactSurface& surface, std::size_t solid, const std::string& file,
                   std::vector<Diagnostic>& out)
        : surface_(surface), solid_(solid), file_(file), out_(out) {}

    void run() {
        const PhySurfaceLayout layout = layoutCompactSurface(surface_);
        for (std::size_t l = 0; l < surface_.ledges.size(); ++l)
            checkLedge(l, layout.ledgeOffsets[l]);
        checkTree();
    }

  private:
    void report(const DiagnosticCode& code, const std::string& message) {
        Diagnostic finding;
        finding.severity = code.severity;
        finding.code = std::string(code.id);
        finding.location.file = file_;
        finding.message = message;
        finding.kind = code.exit;
        out_.push_back(std::move(finding));
    }

    std::string where(std::size_t l) const {
        return "solid " + std::to_string(solid_) + " ledge " + std::to_string(l);
    }

    void checkLedge(std::size_t l, std::size_t offset) {
        const PhyLedge& ledge = surface_.ledges[l];
        const std::size_t n = ledge.triangles.size();
        for (std::size_t t = 0; t < n; ++t) {
            const std::size_t at = offset + kPhyLedgeHeaderSize + t * kPhyTriangleSize;
            const std::string tri = where(l) + " triangle " + std::to_string(t);
            if (at % 16 != 0)
                report(kPhyCodes["PHY102"], tri + " starts at surface byte " + std::to_string(at) +
                                                ", not on a 16-byte boundary");
            const PhyTriangle& triangle = ledge.triangles[t];
            if (triangle.pierceIndex >= n)
                report(kPhyCodes["PHY103"],
                       tri + " has pierce_index " + std::to_string(triangle.pierceIndex) +
                           " but the ledge has " + std::to_string(n) + " triangles");
            for (std::size_t k = 0; k < 3; ++k) {
                const PhyEdge& edge = triangle.edges[k];
                if (edge.startPointIndex >= surface_.points.size())
                    report(kPhyCodes["PHY104"],
                           tri + " edge " + std::to_string(k) + " starts at point " +
                               std::to_string(edge.startPointIndex) + " but the pool has " +
                               std::to_string(surface_.points.size()) + " points");
                checkOpposite(l, t, k);
            }
        }
    }

    // Edge slots count 4-byte words from the ledge's first triangle: triangle t's word is slot 4t,
    // its edges slots 4t+1..4t+3.
    void checkOpposite(std::size_t l, std::size_t t, std::size_t k) {
        const PhyLedge& ledge = surface_.ledges[l];
        const PhyEdge& edge = ledge.triangles[t].edges[k];
        const std::int64_t slot = static_cast<std::int64_t>(4 * t + 1 + k);
        const std::int64_t target = slot + edge.oppositeIndex;
        const std::string name =
            where(l) + " triangle " + std::to_string(t) + " edge " + std::to_string(k);
        if (target < 0 || target >= static_cast<std::int64_t>(4 * ledge.triangles.size()) ||
            target % 4 == 0) {
            report(kPhyCodes["PHY101"], name + " has opposite_index " +
                                            std::to_string(edge.oppositeIndex) +
                                            ", which is not an edge of the ledge");
            return;
        }
        const auto t2 = static_cast<std::size_t>(target / 4);
        const auto k2 = static_cast<std::size_t>(target % 4 - 1);
        const PhyTriangle& other = ledge.triangles[t2];
        const PhyEdge& opposite = other.edges[k2];
        const auto endOf = [](const PhyTriangle& tri, std::size_t e) {
            return tri.edges[(e + 1) % 3].startPointIndex;
        };
        if (opposite.oppositeIndex != -edge.oppositeIndex) {
            report(kPhyCodes["PHY101"], name + " points to triangle " + std::to_string(t2) +
                                            " edge " + std::to_string(k2) +
                                            ", whose opposite does not point back");
        } else if (opposite.startPointIndex != endOf(ledge.triangles[t], k) ||
                   endOf(other, k2) != edge.startPointIndex) {
            report(kPhyCodes["PHY101"], name + " (points " + std::to_string(edge.startPointIndex) +
                                            "-" + std::to_string(endOf(ledge.triangles[t], k)) +
                                            ") and its opposite, triangle " + std::to_string(t2) +
                                            " edge " + std::to_string(k2) + " (points " +
                                            std::to_string(opposite.startPointIndex) + "-" +
                                            std::to_string(endOf(other, k2)) +
                                            "), do not join the same points the other way");
        }
    }

    void checkTree() {
        const std::size_t count = surface_.nodes.size();
        const std::string solid = "solid " + std::to_string(solid_);
        if (count == 0) {
            report(kPhyCodes["PHY105"], solid + " has no ledge tree");
            return;
        }
        std::vector<bool> nodeSeen(count, false);
        std::vector<bool> ledgeSeen(surface_.ledges.size(), false);
        std::vector<std::size_t> stack{0};
        while (!stack.empty()) {
            const std::size_t n = stack.back();
            stack.pop_back();
            if (nodeSeen[n]) {
                report(kPhyCodes["PHY105"],
                       solid + " tree node " + std::to_string(n) + " is reached twice");
                continue;
            }
            nodeSeen[n] = true;
            const PhyTreeNode& node = surface_.nodes[n];
            const std::string name = solid + " tree node " + std::to_string(n);
            if (node.ledge >= static_cast<std::int32_t>(surface_.ledges.size()))
                report(kPhyCodes["PHY105"], name + " names ledge " + std::to_string(node.ledge) +
                                                " of " + std::to_string(surface_.ledges.size()));
            else if (node.ledge >= 0)
                ledgeSeen[static_cast<std::size_t>(node.ledge)] = true;
            if (node.rightNode < 0) {
                if (node.ledge < 0)
                    report(kPhyCodes["PHY105"], name + " is a leaf without a ledge");
                continue;
            }
            const auto right = static_cast<std::size_t>(node.rightNode);
            if (right <= n + 1 || right >= count) {
                report(kPhyCodes["PHY105"], name + " has right child " +
                                                std::to_string(node.rightNode) +
                                                ", not a node after its left subtree");
                continue;
            }
            stack.push_back(right);
            stack.push_back(n + 1);
        }
        for (std::size_t l = 0; l < ledgeSeen.size(); ++l)
            if (!ledgeSeen[l])
                report(kPhyCodes["PHY105"], where(l) + " is not reached by the ledge tree");
        for (std::size_t n = 0; n < count; ++n)
            if (!nodeSeen[n])
                report(kPhyCodes["PHY105"],
                       solid + " tree node " + std::to_string(n) + " is not reached from the root");
    }

    const PhyCompactSurface& surface_;
    std::size_t solid_;
    const std::string& file_;
    std::vector<Diagnostic>& out_;
};

struct DVec {
    double x, y, z;
};

DVec sourcePoint(const PhyPoint& p) {
    // Physics space (x, -z, y) x 0.0254 back to Source (docs/formats.md), in double.
    return {p.x * kPhyInchesPerMetre, p.z * kPhyInchesPerMetre, -p.y * kPhyInchesPerMetre};
}

} // namespace

std::vector<Diagnostic> checkPhySurface(const PhyCompactSurface& surface, std::size_t solidIndex,
                                        const std::string& fileName) {
    std::vector<Diagnostic> findings;
    SurfaceChecker(surface, solidIndex, fileName, findings).run();
    return findings;
}

std::vector<Diagnostic> checkPhy(const PhyFile& file, const std::string& fileName) {
    std::vector<Diagnostic> findings;
    for (std::size_t s = 0; s < file.solids.size(); ++s)
        SurfaceChecker(file.solids[s].surface, s, fileName, findings).run();
    return findings;
}

std::vector<std::uint16_t> phyLedgePointIndices(const PhyLedge& ledge) {
    std::vector<std::uint16_t> indices;
    for (const PhyTriangle& tri : ledge.triangles)
        for (const PhyEdge& edge : tri.edges)
            indices.push_back(edge.startPointIndex);
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    return indices;
}

std::vector<Vec3> phyLedgePoints(const PhyCompactSurface& surface, const PhyLedge& ledge) {
    std::vector<Vec3> points;
    for (const std::uint16_t i : phyLedgePointIndices(ledge))
        if (i < surface.points.size()) {
            const PhyPoint& p = surface.points[i];
            points.push_back(phyToSourceUnits({p.x, p.y, p.z}));
        }
    return points;
}

double phyLedgeVolume(const PhyCompactSurface& surface, const PhyLedge& ledge) {
    double sixTimes = 0;
    for (const PhyTriangle& tri : ledge.triangles) {
        std::array<DVec, 3> v{};
        bool inPool = true;
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint16_t i = tri.edges[k].startPointIndex;
            if (i >= surface.points.size()) {
                inPool = false;
                break;
            }
            v[k] = sourcePoint(surface.points[i]);
        }
        if (!inPool) continue;
        const DVec& a = v[0];
        const DVec& b = v[1];
        const DVec& c = v[2];
        sixTimes += a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) +
                    a.z * (b.x * c.y - b.y * c.x);
    }
    return sixTimes / 6.0;
}

PhyBounds phyLedgeBounds(const PhyCompactSurface& surface, const PhyLedge& ledge) {
    PhyBounds bounds;
    for (const Vec3& p : phyLedgePoints(surface, ledge)) {
        if (bounds.empty) {
            bounds = {p, p, false};
            continue;
        }
        bounds.min = {std::min(bounds.min.x, p.x), std::min(bounds.min.y, p.y),
                      std::min(bounds.min.z, p.z)};
        bounds.max = {std::max(bounds.max.x, p.x), std::max(bounds.max.y, p.y),
                      std::max(bounds.max.z, p.z)};
    }
    return bounds;
}

std::vector<std::size_t> phyPieceLedges(const PhyCompactSurface& surface) {
    const auto hull = phyOuterHullLedge(surface);
    std::vector<std::size_t> pieces;
    for (std::size_t l = 0; l < surface.ledges.size(); ++l)
        if (!hull || *hull != l) pieces.push_back(l);
    return pieces;
}

} // namespace vtxc
