// Quadric arithmetic: plane quadrics, Hoppe's per-face attribute quadrics and their reduction to
// a position-only quadric once the attributes are at their optimum.
#include "optimizer/simplify/quadric.h"

#include <algorithm>
#include <cmath>

namespace vtxc {

Quadric& Quadric::operator*=(double s) {
    a00 *= s;
    a01 *= s;
    a02 *= s;
    a11 *= s;
    a12 *= s;
    a22 *= s;
    b0 *= s;
    b1 *= s;
    b2 *= s;
    c *= s;
    weight *= s;
    return *this;
}

Quadric planeQuadric(const Vector3d& n, double offset, double weight) {
    Quadric q;
    q.a00 = weight * n.x() * n.x();
    q.a01 = weight * n.x() * n.y();
    q.a02 = weight * n.x() * n.z();
    q.a11 = weight * n.y() * n.y();
    q.a12 = weight * n.y() * n.z();
    q.a22 = weight * n.z() * n.z();
    q.b0 = weight * offset * n.x();
    q.b1 = weight * offset * n.y();
    q.b2 = weight * offset * n.z();
    q.c = weight * offset * offset;
    q.weight = weight;
    return q;
}

std::optional<Vector3d> quadricMinimum(const Quadric& q) {
    // Cramer's rule through the cofactors of the symmetric A (one pass, no pivoting: A is
    // positive semi-definite, and a nearly singular A is refused below).
    const double c00 = q.a11 * q.a22 - q.a12 * q.a12;
    const double c01 = q.a02 * q.a12 - q.a01 * q.a22;
    const double c02 = q.a01 * q.a12 - q.a02 * q.a11;
    const double c11 = q.a00 * q.a22 - q.a02 * q.a02;
    const double c12 = q.a01 * q.a02 - q.a00 * q.a12;
    const double c22 = q.a00 * q.a11 - q.a01 * q.a01;
    const double det = q.a00 * c00 + q.a01 * c01 + q.a02 * c02;
    // Relative to the scale of A: a flat neighbourhood has one large eigenvalue and two ~0.
    const double scale = std::abs(q.a00) + std::abs(q.a11) + std::abs(q.a22);
    if (!(scale > 0) || !(std::abs(det) > 1e-9 * scale * scale * scale)) return std::nullopt;
    const double inverse = -1.0 / det;
    const double x = inverse * (c00 * q.b0 + c01 * q.b1 + c02 * q.b2);
    const double y = inverse * (c01 * q.b0 + c11 * q.b1 + c12 * q.b2);
    const double z = inverse * (c02 * q.b0 + c12 * q.b1 + c22 * q.b2);
    if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return std::nullopt;
    return Vector3d(x, y, z);
}

namespace {

// Adds k * sum_j (v_j . (p, 1))^2 to q (10 values in Quadric's layout), v_j = (gx, gy, gz, d)
// being the 4 values of attribute j in `v`.
void addOuterProducts(double* q, const double* v, double k) {
    double s[10] = {};
    for (int j = 0; j < kQuadricAttributes; ++j) {
        const double gx = v[4 * j], gy = v[4 * j + 1], gz = v[4 * j + 2], d = v[4 * j + 3];
        s[0] += gx * gx;
        s[1] += gx * gy;
        s[2] += gx * gz;
        s[3] += gy * gy;
        s[4] += gy * gz;
        s[5] += gz * gz;
        s[6] += d * gx;
        s[7] += d * gy;
        s[8] += d * gz;
        s[9] += d * d;
    }
    for (int i = 0; i < 10; ++i)
        q[i] += k * s[i];
}

// Adds k * sum_j (delta_j . (p, 1))^2 to q, delta_j being the difference of two wedges' means for
// attribute j.
void addSpread(double* q, const std::array<float, 4 * kQuadricAttributes>& x,
               const std::array<float, 4 * kQuadricAttributes>& y, double k) {
    double delta[4 * kQuadricAttributes];
    for (int i = 0; i < 4 * kQuadricAttributes; ++i)
        delta[i] = double(x[i]) - y[i];
    addOuterProducts(q, delta, k);
}

void addTo(Quadric& into, const double* q) {
    into.a00 += q[0];
    into.a01 += q[1];
    into.a02 += q[2];
    into.a11 += q[3];
    into.a12 += q[4];
    into.a22 += q[5];
    into.b0 += q[6];
    into.b1 += q[7];
    into.b2 += q[8];
    into.c += q[9];
}

// A face's attributes as linear functions over it: per attribute j, the gradient g in the face
// plane (g = x e1 + y e2 with g.e1 = ds1, g.e2 = ds2) and the offset d, so that the value at p is
// g.p + d; each rounded to single precision, as AttributeQuadric keeps them. False, and nothing
// written, for a face with no area in its plane.
bool faceGradients(const std::array<Vector3d, 3>& p, const std::array<AttributeValues, 3>& s,
                   double area, double* mean) {
    const Vector3d e1 = p[1] - p[0], e2 = p[2] - p[0];
    const double e11 = e1.dot(e1), e12 = e1.dot(e2), e22 = e2.dot(e2);
    const double det = e11 * e22 - e12 * e12;
    if (!(det > 0) || !(area > 0)) return false;
    // The coordinates for all attributes at once: the divisions in one loop, which the compiler
    // vectorises (the same quotients as one at a time).
    std::array<double, kQuadricAttributes> x, y;
    for (int j = 0; j < kQuadricAttributes; ++j) {
        const double ds1 = s[1][j] - s[0][j], ds2 = s[2][j] - s[0][j];
        x[j] = e22 * ds1 - e12 * ds2;
        y[j] = e11 * ds2 - e12 * ds1;
    }
    for (int j = 0; j < kQuadricAttributes; ++j) {
        x[j] /= det;
        y[j] /= det;
    }
    for (int j = 0; j < kQuadricAttributes; ++j) {
        const Vector3d g = x[j] * e1 + y[j] * e2;
        for (int k = 0; k < 3; ++k)
            mean[4 * j + k] = static_cast<float>(g[k]);
        mean[4 * j + 3] = static_cast<float>(s[0][j] - g.dot(p[0]));
    }
    return true;
}

} // namespace

// Parallel-axis rule: the merged spread is both spreads plus that of the two means about theirs.
AttributeQuadric& AttributeQuadric::operator+=(const AttributeQuadric& o) {
    const double total = double(area) + o.area;
    if (!(total > 0)) return *this;
    double q[10];
    for (int i = 0; i < 10; ++i)
        q[i] = double(reduced[i]) + o.reduced[i];
    addSpread(q, mean, o.mean, double(area) * o.area / total);
    for (int i = 0; i < 10; ++i)
        reduced[i] = static_cast<float>(q[i]);
    for (std::size_t i = 0; i < mean.size(); ++i)
        mean[i] = static_cast<float>((double(mean[i]) * area + double(o.mean[i]) * o.area) / total);
    area = static_cast<float>(total);
    return *this;
}

AttributeMoments::AttributeMoments(const AttributeQuadric& quadric) {
    const double area = quadric.area;
    if (!(area > 0)) return;
    area_ = area;
    double mean[4 * kQuadricAttributes];
    for (int i = 0; i < 4 * kQuadricAttributes; ++i) {
        mean[i] = quadric.mean[i];
        weightedMean_[i] = area * mean[i];
    }
    for (int i = 0; i < 10; ++i)
        second_[i] = quadric.reduced[i];
    addOuterProducts(second_.data(), mean, area);
}

AttributeMoments AttributeMoments::ofFace(const std::array<Vector3d, 3>& p,
                                          const std::array<AttributeValues, 3>& s, double area) {
    AttributeMoments out;
    double mean[4 * kQuadricAttributes];
    if (!faceGradients(p, s, area, mean)) return out;
    const double faceArea = static_cast<float>(area); // as faceAttributeQuadric stores it
    out.area_ = faceArea;
    for (int i = 0; i < 4 * kQuadricAttributes; ++i)
        out.weightedMean_[i] = faceArea * mean[i];
    addOuterProducts(out.second_.data(), mean, faceArea); // one face: no spread of its own
    return out;
}

AttributeMoments AttributeMoments::fromSums(double area, const double* weightedMean,
                                            const double* second) {
    AttributeMoments out;
    out.area_ = area;
    std::copy(weightedMean, weightedMean + out.weightedMean_.size(), out.weightedMean_.begin());
    std::copy(second, second + out.second_.size(), out.second_.begin());
    return out;
}

AttributeMoments& AttributeMoments::operator+=(const AttributeMoments& other) {
    area_ += other.area_;
    for (int i = 0; i < 4 * kQuadricAttributes; ++i)
        weightedMean_[i] += other.weightedMean_[i];
    for (int i = 0; i < 10; ++i)
        second_[i] += other.second_[i];
    return *this;
}

AttributeQuadric AttributeMoments::quadric() const {
    AttributeQuadric out;
    if (!(area_ > 0)) return out;
    double mean[4 * kQuadricAttributes];
    for (int i = 0; i < 4 * kQuadricAttributes; ++i) {
        mean[i] = weightedMean_[i] / area_;
        out.mean[i] = static_cast<float>(mean[i]);
    }
    // The spread about the mean: the second moment less area * mean mean'.
    double centred[10];
    for (int i = 0; i < 10; ++i)
        centred[i] = second_[i];
    addOuterProducts(centred, mean, -area_);
    for (int i = 0; i < 10; ++i)
        out.reduced[i] = static_cast<float>(centred[i]);
    out.area = static_cast<float>(area_);
    return out;
}

AttributeQuadric faceAttributeQuadric(const std::array<Vector3d, 3>& p,
                                      const std::array<AttributeValues, 3>& s, double area) {
    AttributeQuadric out;
    double mean[4 * kQuadricAttributes];
    if (!faceGradients(p, s, area, mean)) return out;
    for (int i = 0; i < 4 * kQuadricAttributes; ++i)
        out.mean[i] = static_cast<float>(mean[i]); // already single precision
    out.area = static_cast<float>(area); // one face: the attributes fit exactly, no spread
    return out;
}

AttributeValues optimalAttributes(const AttributeQuadric& wedge, const Vector3d& p) {
    AttributeValues s{};
    for (int j = 0; j < kQuadricAttributes; ++j)
        s[j] = wedge.mean[4 * j] * p.x() + wedge.mean[4 * j + 1] * p.y() +
               wedge.mean[4 * j + 2] * p.z() + wedge.mean[4 * j + 3];
    return s;
}

void addReducedAttributeQuadric(Quadric& into, const AttributeQuadric& wedge) {
    double q[10];
    for (int i = 0; i < 10; ++i)
        q[i] = wedge.reduced[i];
    addTo(into, q);
}

void addReducedAttributeQuadric(Quadric& into, const AttributeQuadric& first,
                                const AttributeQuadric& second) {
    double q[10];
    for (int i = 0; i < 10; ++i)
        q[i] = double(first.reduced[i]) + second.reduced[i];
    const double total = double(first.area) + second.area;
    if (total > 0) addSpread(q, first.mean, second.mean, double(first.area) * second.area / total);
    addTo(into, q);
}

} // namespace vtxc
