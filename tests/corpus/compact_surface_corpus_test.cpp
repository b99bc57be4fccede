// buildCompactSurface against every Valve-compiled .phy solid of the corpus: each piece ledge's
// points are taken from Valve's file, hulled again and built into a solid, which must have
// Valve's form (ledge and triangle counts, pool size, tree shape) and header values within the
// tolerances measured here (printed as the largest differences found).
#include "collision/compact_surface.h"
#include "collision/convex_hull.h"
#include "formats/phy/phy_family.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cmath>
#include <iostream>

namespace vtxc::test {
namespace {

// Tolerances (measured on the corpus, with some margin): the mass centre and radius are exact up
// to float rounding; the inertia rule misses on 3 of 25 solids by up to 1.8% (of the largest
// moment); the drag grid is exact on 24 of 25 solids and off by 0.0018 on chamberdoor_frame
// (rays grazing the frame's inner edges); the root of a multi-piece solid differs by 0.3%.
constexpr double kCentreTolerance = 1e-5;      // metres
constexpr double kRadiusTolerance = 1e-5;      // relative
constexpr double kInertiaTolerance = 0.02;     // relative to the largest of the three
constexpr double kDragTolerance = 0.003;       // share
constexpr double kNodeRadiusTolerance = 0.005; // relative

struct Worst {
    double centre = 0, radius = 0, inertia = 0, drag = 0, nodeRadius = 0;
};

double largestDifference(const Vec3& a, const Vec3& b) {
    return std::max({std::abs(a.x - b.x), std::abs(a.y - b.y), std::abs(a.z - b.z)});
}

TEST(CompactSurfaceCorpus, RebuiltSolidsHaveValvesFormAndHeaderValues) {
    VTXC_REQUIRE_CORPUS();
    const auto files = corpusFiles(".phy");
    ASSERT_FALSE(files.empty());
    Worst worst;
    std::size_t solids = 0;
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        const std::string text = readText(path);
        const std::vector<std::uint8_t> bytes(text.begin(), text.end());
        CollectingSink sink;
        const auto file = readPhy(bytes, path.string(), sink);
        ASSERT_TRUE(file.has_value());
        for (std::size_t si = 0; si < file->solids.size(); ++si) {
            SCOPED_TRACE("solid " + std::to_string(si));
            const PhySolid& valve = file->solids[si];
            const PhyCompactSurface& vs = valve.surface;
            std::vector<CompactSurfacePiece> pieces;
            for (const std::size_t l : phyPieceLedges(vs)) {
                const std::vector<Vec3> points = phyLedgePoints(vs, vs.ledges[l]);
                std::vector<Vec3d> input;
                for (const Vec3& p : points)
                    input.push_back({p.x, p.y, p.z});
                const HullResult hull = buildConvexHull(input);
                ASSERT_TRUE(hull.ok());
                pieces.push_back(
                    {hull.hull->points, hull.hull->triangles, vs.ledges[l].clientData});
            }
            const CompactSurfaceResult built = buildCompactSurface(pieces);
            ASSERT_TRUE(built.solid.has_value()) << built.error;
            ++solids;
            const PhySolid& ours = *built.solid;
            const PhyCompactSurface& os = ours.surface;
            EXPECT_TRUE(checkCompactSurface(ours, path.string()).empty());

            // Form: ledges, triangles per ledge, pool size, tree shape.
            ASSERT_EQ(os.ledges.size(), vs.ledges.size());
            for (std::size_t l = 0; l < vs.ledges.size(); ++l) {
                EXPECT_EQ(os.ledges[l].hasChildrenFlag, vs.ledges[l].hasChildrenFlag);
                EXPECT_EQ(os.ledges[l].sizeDiv16, phyCompactLedgeSizeDiv16(os.ledges[l]));
                if (vs.ledges[l].hasChildrenFlag != 0) {
                    // Valve's outer hull keeps some of the pieces' points that lie on its
                    // faces (chamberdoor_frame: 14 points, 24 triangles); convex_hull.h drops
                    // them (10 points, 16 triangles), so the hull may only be smaller. Keeping
                    // every such point would not match either: all 24 of the frame's points
                    // lie on its hull, and Valve keeps 4 of the 14 that are no corners, not
                    // mirror-symmetric (the left post's inner edge on the -y face, the right
                    // post's on the +y face); qhull keeps none of them with any option tried.
                    EXPECT_LE(os.ledges[l].triangles.size(), vs.ledges[l].triangles.size());
                    continue;
                }
                EXPECT_EQ(os.ledges[l].triangles.size(), vs.ledges[l].triangles.size());
                EXPECT_EQ(os.ledges[l].sizeDiv16, vs.ledges[l].sizeDiv16);
                EXPECT_EQ(os.ledges[l].clientData, vs.ledges[l].clientData);
            }
            EXPECT_EQ(os.points.size(), vs.points.size());
            ASSERT_EQ(os.nodes.size(), vs.nodes.size());
            for (std::size_t n = 0; n < vs.nodes.size(); ++n) {
                EXPECT_EQ(os.nodes[n].rightNode, vs.nodes[n].rightNode);
                EXPECT_EQ(os.nodes[n].ledge, vs.nodes[n].ledge);
                worst.nodeRadius = std::max<double>(
                    worst.nodeRadius,
                    std::abs(os.nodes[n].radius - vs.nodes[n].radius) / vs.nodes[n].radius);
            }

            // Header values.
            worst.centre = std::max(worst.centre, largestDifference(os.massCenter, vs.massCenter));
            worst.radius =
                std::max<double>(worst.radius, std::abs(os.upperLimitRadius - vs.upperLimitRadius) /
                                                   vs.upperLimitRadius);
            const double largest =
                std::max({vs.rotationInertia.x, vs.rotationInertia.y, vs.rotationInertia.z});
            worst.inertia = std::max(
                worst.inertia, largestDifference(os.rotationInertia, vs.rotationInertia) / largest);
            worst.drag =
                std::max(worst.drag, largestDifference(ours.dragAxisAreas, valve.dragAxisAreas));
        }
    }
    std::cout << "solids " << solids << ": largest differences: mass centre " << worst.centre
              << " m, radius " << worst.radius << " (relative), inertia " << worst.inertia
              << " (of the largest moment), drag " << worst.drag << ", node radius "
              << worst.nodeRadius << " (relative)\n";
    EXPECT_LE(worst.centre, kCentreTolerance);
    EXPECT_LE(worst.radius, kRadiusTolerance);
    EXPECT_LE(worst.inertia, kInertiaTolerance);
    EXPECT_LE(worst.drag, kDragTolerance);
    EXPECT_LE(worst.nodeRadius, kNodeRadiusTolerance);
}

} // namespace
} // namespace vtxc::test
