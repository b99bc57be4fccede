#include "collision/mass_properties.h"

#include <Eigen/Eigenvalues>
#include <algorithm>

namespace vtxc {
namespace {

// Per coordinate w of a triangle's corners (w0, w1, w2): the sums of the monomials of degree 1, 2
// and 3 over the triangle (f1, f2, f3) and the g terms of the mixed products (Eberly 2002).
struct Subexpressions {
    double f1, f2, f3, g0, g1, g2;
};

Subexpressions subexpressions(double w0, double w1, double w2) {
    const double sum01 = w0 + w1;
    const double square0 = w0 * w0;
    const double partial = square0 + w1 * sum01;
    Subexpressions s{};
    s.f1 = sum01 + w2;
    s.f2 = partial + w2 * s.f1;
    s.f3 = w0 * square0 + w1 * partial + w2 * s.f2;
    s.g0 = s.f2 + w0 * (s.f1 + w0);
    s.g1 = s.f2 + w1 * (s.f1 + w1);
    s.g2 = s.f2 + w2 * (s.f1 + w2);
    return s;
}

} // namespace

MassProperties computeMassProperties(std::span<const Vec3d> points,
                                     std::span<const std::array<std::uint32_t, 3>> triangles) {
    // integral[]: 1, x, y, z, x^2, y^2, z^2, xy, yz, zx over the solid.
    double integral[10] = {};
    for (const auto& t : triangles) {
        const Vec3d a = points[t[0]], b = points[t[1]], c = points[t[2]];
        const Vec3d d = cross(b - a, c - a);
        const Subexpressions x = subexpressions(a.x, b.x, c.x);
        const Subexpressions y = subexpressions(a.y, b.y, c.y);
        const Subexpressions z = subexpressions(a.z, b.z, c.z);
        integral[0] += d.x * x.f1;
        integral[1] += d.x * x.f2;
        integral[2] += d.y * y.f2;
        integral[3] += d.z * z.f2;
        integral[4] += d.x * x.f3;
        integral[5] += d.y * y.f3;
        integral[6] += d.z * z.f3;
        integral[7] += d.x * (a.y * x.g0 + b.y * x.g1 + c.y * x.g2);
        integral[8] += d.y * (a.z * y.g0 + b.z * y.g1 + c.z * y.g2);
        integral[9] += d.z * (a.x * z.g0 + b.x * z.g1 + c.x * z.g2);
    }
    const double scale[10] = {1.0 / 6,  1.0 / 24, 1.0 / 24,  1.0 / 24,  1.0 / 60,
                              1.0 / 60, 1.0 / 60, 1.0 / 120, 1.0 / 120, 1.0 / 120};
    for (int i = 0; i < 10; ++i)
        integral[i] *= scale[i];

    MassProperties result;
    const double volume = integral[0];
    result.volume = volume;
    if (volume == 0) return result;
    const Vec3d centre{integral[1] / volume, integral[2] / volume, integral[3] / volume};
    result.centreOfMass = centre;
    // Second moments about the centre (parallel-axis theorem).
    const double xx = integral[4] - volume * centre.x * centre.x;
    const double yy = integral[5] - volume * centre.y * centre.y;
    const double zz = integral[6] - volume * centre.z * centre.z;
    const double xy = integral[7] - volume * centre.x * centre.y;
    const double yz = integral[8] - volume * centre.y * centre.z;
    const double zx = integral[9] - volume * centre.z * centre.x;
    result.inertia = {{{yy + zz, -xy, -zx}, {-xy, xx + zz, -yz}, {-zx, -yz, xx + yy}}};
    result.axisMoments = {(yy + zz) / volume, (xx + zz) / volume, (xx + yy) / volume};

    Eigen::Matrix3d tensor;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            tensor(r, c) = result.inertia[r][c] / volume;
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(tensor, Eigen::EigenvaluesOnly);
    const Eigen::Vector3d moments = solver.eigenvalues(); // ascending
    result.principalMoments = {moments[0], moments[1], moments[2]};
    return result;
}

Bounds computeBounds(std::span<const Vec3d> points) {
    if (points.empty()) return {};
    Bounds bounds{points[0], points[0]};
    for (const Vec3d& p : points) {
        bounds.min = {std::min(bounds.min.x, p.x), std::min(bounds.min.y, p.y),
                      std::min(bounds.min.z, p.z)};
        bounds.max = {std::max(bounds.max.x, p.x), std::max(bounds.max.y, p.y),
                      std::max(bounds.max.z, p.z)};
    }
    return bounds;
}

double largestDistance(std::span<const Vec3d> points, const Vec3d& centre) {
    double largest = 0;
    for (const Vec3d& p : points)
        largest = std::max(largest, length(p - centre));
    return largest;
}

} // namespace vtxc
