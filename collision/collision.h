// vtxc_collision: the geometry of the .phy collision model (docs: the PHY spec): convex hulls,
// mass properties, the islands of a $concave mesh, and merging pieces down to a limit.
// Index of the entry points; each is declared in the header named beside it. Depends on
// vtxc_common and qhull's reentrant library (libqhull_r). Codes COLL (collision_codes.h).
// All of it works in double precision in the input's units (Source inches); the .phy writer
// turns the results into physics space (metres, axes turned) and float.
//
//   buildConvexHull(points, options)                      (convex_hull.h)
//       Any points in; a closed convex triangle mesh (corners counter-clockwise seen from
//       outside, as in Valve's .phy ledges) with its face planes, or a typed failure: a
//       non-finite point, fewer than four points, a flat set (with its thickness), a qhull error.
//       Canonical and deterministic: the same bytes for the same point set in any order.
//       options.smallestCornerHeight: corners lower than that removed, lowest first, as
//       studiomdl's collision hulls (kStudiomdlSmallestCornerHeight, 0.5 units).
//   reportHullFailure(failure, pieceName, where, sink)    (convex_hull.h)
//       The COLL001-COLL005 diagnostic of a failure.
//   hullThickness(hull), isClosedMesh(triangles)          (convex_hull.h)
//   computeMassProperties(points, triangles)              (mass_properties.h)
//       Pre: a closed mesh wound outward. Volume, centre of mass, inertia tensor, principal and
//       per-axis moments per unit mass (unit density).
//   computeBounds(points), largestDistance(points, centre) (mass_properties.h)
//   findIslands(corners, weld)                            (islands.h)
//       Faces (three corners each) welded by position and normal ($weldposition, $weldnormal)
//       and joined into connected islands, each with its faces and distinct points.
//   pointSetThickness(points)                             (islands.h)
//       The smallest width along a hull face normal: the 2-D check ($remove2d, 0.5 units).
//   mergePieces(pieces, limit, options)                   (piece_merge.h)
//       Greedy least-added-volume merging of convex pieces down to `limit` groups.
//   buildCompactSurface(pieces)                           (compact_surface.h)
//       Pre: closed convex meshes wound outward. A .phy solid laid out as studiomdl's: ledges,
//       one shared point pool, the outer hull of a multi-piece solid, the ledge tree, mass
//       centre, inertia, radius and drag areas; or why it cannot be (too many points...).
//   checkCompactSurface(solid, name)                      (compact_surface.h)
#pragma once

#include "collision/collision_codes.h"
#include "collision/compact_surface.h"
#include "collision/convex_hull.h"
#include "collision/islands.h"
#include "collision/mass_properties.h"
#include "collision/piece_merge.h"
#include "collision/vec3d.h"
