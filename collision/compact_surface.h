// The compact surface of one .phy solid (docs/formats.md, ".phy"; the PHY spec): the ledges of
// its convex pieces over one shared point pool, the outer hull of a multi-piece solid, the ledge
// tree and the header values, laid out as studiomdl's files show.
//
// Rules established on the corpus's 25 solids (tests/corpus/compact_surface_corpus_test.cpp):
// - Point pool: the points in order of first use, walking the ledges in file order (pieces, then
//   the outer hull), each ledge's triangles in order and each triangle's edges in order; a point
//   two ledges use is stored once (every corpus solid).
// - Ledges: tri_index is the triangle's position; edge k runs from corner k to corner k + 1;
//   opposite_index is the signed slot distance to the reversed edge; size_div_16 as
//   phyCompactLedgeSizeDiv16. Triangles keep the order of the input mesh (Valve's order is a walk
//   over neighbours whose rule is not recovered; the engine does not depend on it).
// - pierce_index: the triangle whose outward normal has the smallest dot product with this one's
//   (the first such triangle on ties). Valve's pierce triangle lies on that most opposite face in
//   84% of the corpus's triangles (the same index in 58%: a face split into several triangles).
// - Tree: a leaf's centre is the centre of its ledge's axis-aligned box (physics space), its
//   radius the box's half-diagonal, box_sizes ceil(half extent / radius x 250). Joining: the two
//   nodes whose joint box (the union of their boxes as quantised by box_sizes) has the smallest
//   half-diagonal, the first pair on ties; the new node takes the earlier as left child and goes
//   to the end of the list. The root of a multi-piece solid names the outer hull ledge
//   (has_children_flag 1, client_data = the offset from the ledge to the root node).
// - Header: mass centre of the pieces (overlaps counted twice, as Valve does); rotation_inertia
//   per physics axis k is hypot(m_i, m_j) of the other two axes' second moments per unit volume
//   about the mass centre (not the principal moments: it matches 22 of 25 corpus solids to 2e-7);
//   upper_limit_radius the largest distance of a pool point from the mass centre.
// - dragAxisAreas[k] (Source axis k): rays along axis k through a grid of 0.5-unit spacing over
//   the solid's box face (n = round(extent / 0.5) rays per side, at lo + (i + 0.5) x 0.5); the
//   share of rays that hit a piece. Exact on 24 of 25 corpus solids.
// - max_factor_surface_deviation: Valve writes 182..250 (250 on boxes); its rule is not recovered
//   and vtxc writes kCompactSurfaceDeviationFactor.
#pragma once

#include "collision/vec3d.h"
#include "formats/common/diagnostics.h"
#include "formats/phy/phy.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vtxc {

// What vtxc writes in max_factor_surface_deviation (Valve's value for a box).
inline constexpr std::uint8_t kCompactSurfaceDeviationFactor = 250;
// Spacing of the drag rays in Source units, and the most rays cast per axis (a larger face gets a
// coarser grid so a huge model cannot make the build quadratic in its size).
inline constexpr double kDragRaySpacing = 0.5;
inline constexpr std::size_t kDragMaxRaysPerAxis = 1u << 20;

// One convex piece of a solid: a closed convex triangle mesh in the solid's space (Source units),
// corners counter-clockwise seen from outside (as ConvexHull gives it).
struct CompactSurfacePiece {
    std::vector<Vec3d> points;
    std::vector<std::array<std::uint32_t, 3>> triangles;
    std::int32_t clientData = 0; // bone index + 1 for jointed models, 0 for props
};

struct CompactSurfaceResult {
    std::optional<PhySolid> solid;
    std::string error; // why there is no solid
    double volume = 0; // of the pieces from the input, cubic Source units (the text's "volume")
};

// Builds the solid ("VPHY" header and compact surface) of `pieces`. Fails (with `error`) when
// there is no piece, a piece has no triangle, a triangle index is out of range, a mesh is not
// closed, the volume is not positive, the pool exceeds 65536 points or a ledge 4096 triangles,
// or the outer hull of a multi-piece solid cannot be built.
CompactSurfaceResult buildCompactSurface(std::span<const CompactSurfacePiece> pieces);

// formats/phy's structural check of the solid's surface (closed hulls with mutual, reversed
// opposites, aligned triangles, indices in range, a tree that reaches every ledge and node):
// the PHY101-PHY105 findings located in `name`. Empty for a sound solid.
std::vector<Diagnostic> checkCompactSurface(const PhySolid& solid, const std::string& name);

} // namespace vtxc
