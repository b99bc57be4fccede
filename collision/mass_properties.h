// Mass properties of a closed triangle mesh of unit density: what a .phy solid stores (the
// compact surface's mass centre, rotation inertia and radius; the text section's volume).
#pragma once

#include "collision/vec3d.h"

#include <array>
#include <cstdint>
#include <span>

namespace vtxc {

struct MassProperties {
    double volume = 0; // cubic units of the input; negative when the mesh is wound inward
    Vec3d centreOfMass;
    // The inertia tensor about the centre of mass, unit density (so mass == volume), row-major:
    // inertia[0][0] = integral of y^2 + z^2, inertia[0][1] = -integral of x y, ...
    std::array<std::array<double, 3>, 3> inertia{};
    // The eigenvalues of `inertia` divided by the volume (moments per unit mass), ascending.
    Vec3d principalMoments;
    // The diagonal of `inertia` divided by the volume: the moments per unit mass about axes
    // through the centre of mass parallel to the coordinate axes.
    Vec3d axisMoments;
};

// Pre: `triangles` index `points` and form a closed mesh wound counter-clockwise seen from
// outside (as ConvexHull is). An open mesh gives a volume that depends on the origin.
// Integrals by the divergence theorem, per triangle, with the subexpressions of D. Eberly,
// "Polyhedral Mass Properties (Revisited)", Geometric Tools (2002), itself a simplification of
// B. Mirtich, "Fast and Accurate Computation of Polyhedral Mass Properties", Journal of Graphics
// Tools 1(2), 1996. All zero for an empty mesh; the centre and moments need a non-zero volume.
MassProperties computeMassProperties(std::span<const Vec3d> points,
                                     std::span<const std::array<std::uint32_t, 3>> triangles);

struct Bounds {
    Vec3d min, max; // both zero for no points
};
Bounds computeBounds(std::span<const Vec3d> points);

// The largest distance of a point from `centre` (the compact surface's upper_limit_radius when
// `centre` is the mass centre). 0 for no points.
double largestDistance(std::span<const Vec3d> points, const Vec3d& centre);

} // namespace vtxc
