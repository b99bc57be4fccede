// Structural checks of a .phy's compact surfaces, and the geometry of its ledges in Source units.
// What the engine's physics library relies on and a lenient reader would not notice
// (docs/formats.md, ".phy"): closed hulls, aligned triangles, indices in range, a tree that
// reaches every ledge.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/common/vector_types.h"
#include "formats/phy/phy.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vtxc {

// One finding per defect, as errors PHY101-PHY105 (formats/phy/phy_codes.h) located in
// `fileName`, the message naming the solid, ledge, triangle and edge. Empty for a sound file.
// Safe on any model (indices are checked before they are followed).
std::vector<Diagnostic> checkPhy(const PhyFile& file, const std::string& fileName);
std::vector<Diagnostic> checkPhySurface(const PhyCompactSurface& surface, std::size_t solidIndex,
                                        const std::string& fileName);

// The distinct pool indices a ledge's edges start from, ascending.
std::vector<std::uint16_t> phyLedgePointIndices(const PhyLedge& ledge);

// Those points in Source units (inches, model axes); indices outside the pool are skipped.
std::vector<Vec3> phyLedgePoints(const PhyCompactSurface& surface, const PhyLedge& ledge);

// Volume in cubic inches by the divergence theorem over the triangles (positive for Valve's
// winding: counter-clockwise seen from outside, in Source axes). Triangles with an index outside
// the pool are skipped.
double phyLedgeVolume(const PhyCompactSurface& surface, const PhyLedge& ledge);

struct PhyBounds {
    Vec3 min;
    Vec3 max;
    bool empty = true;
};
// Axis-aligned bounds of the ledge's points in Source units.
PhyBounds phyLedgeBounds(const PhyCompactSurface& surface, const PhyLedge& ledge);

// The ledges that are pieces (every ledge but the outer hull), in file order.
std::vector<std::size_t> phyPieceLedges(const PhyCompactSurface& surface);

} // namespace vtxc
