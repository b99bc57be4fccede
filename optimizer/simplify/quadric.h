// Quadric error metrics for mesh simplification: the squared distance to a set of planes
// (Garland and Heckbert, "Surface simplification using quadric error metrics", 1997) and the
// attribute quadric of Hoppe ("New quadric metric for simplifying meshes with appearance
// attributes", 1999), where each attribute varies linearly over a face and its value at the new
// vertex is solved for in closed form.
#pragma once

#include <Eigen/Core>
#include <array>
#include <optional>

namespace vtxc {

using Vector3d = Eigen::Vector3d;

// Q(p) = p'Ap + 2b'p + c with A symmetric; `weight` is the area it was accumulated over.
struct Quadric {
    double a00 = 0, a01 = 0, a02 = 0, a11 = 0, a12 = 0, a22 = 0;
    double b0 = 0, b1 = 0, b2 = 0;
    double c = 0;
    double weight = 0;

    // Inline: the simplifier sums two points' quadrics for every candidate collapse.
    Quadric& operator+=(const Quadric& other) {
        a00 += other.a00;
        a01 += other.a01;
        a02 += other.a02;
        a11 += other.a11;
        a12 += other.a12;
        a22 += other.a22;
        b0 += other.b0;
        b1 += other.b1;
        b2 += other.b2;
        c += other.c;
        weight += other.weight;
        return *this;
    }
    // Scales every term (and the weight) by s.
    Quadric& operator*=(double s);
    // Inline: the simplifier evaluates quadrics at four candidate positions per collapse.
    double evaluate(const Vector3d& p) const {
        const double x = p.x(), y = p.y(), z = p.z();
        return x * (a00 * x + 2 * (a01 * y + a02 * z + b0)) + y * (a11 * y + 2 * (a12 * z + b1)) +
               z * (a22 * z + 2 * b2) + c;
    }
    // A v, without forming A.
    Vector3d times(const Vector3d& v) const {
        return {a00 * v.x() + a01 * v.y() + a02 * v.z(), a01 * v.x() + a11 * v.y() + a12 * v.z(),
                a02 * v.x() + a12 * v.y() + a22 * v.z()};
    }
    // A p + b, half the gradient at p. Summed from b on, term by term, as Eigen sums b + A p: the
    // simplifier's results stay the same to the bit.
    Vector3d halfGradient(const Vector3d& p) const {
        return {b0 + a00 * p.x() + a01 * p.y() + a02 * p.z(),
                b1 + a01 * p.x() + a11 * p.y() + a12 * p.z(),
                b2 + a02 * p.x() + a12 * p.y() + a22 * p.z()};
    }
};

// weight * (n.p + offset)^2: the squared distance to the plane n.p + offset = 0 (n unit length).
Quadric planeQuadric(const Vector3d& normal, double offset, double weight);

// The point minimising q, when A is well conditioned; nothing for a flat or linear neighbourhood
// (where every point of a plane or line is as good).
std::optional<Vector3d> quadricMinimum(const Quadric& q);

// Attributes a quadric carries besides the position: the normal (3) and the texture coordinate (2),
// each already multiplied by its importance weight.
inline constexpr int kQuadricAttributes = 5;
using AttributeValues = std::array<double, kQuadricAttributes>;

// Hoppe's quadric of one wedge (a vertex's set of corners sharing attribute values): for each
// attribute j and face f, area_f * (g_jf.p + d_jf - s_j)^2 where g_jf, d_jf interpolate the
// attribute linearly over the face (Hoppe 1999). With s_j at its optimum this is a quadric in p
// alone: the area-weighted covariance of the faces' (g_jf, d_jf) evaluated at (p, 1). It is kept
// in that centred form, merged with the parallel-axis rule, so it stays positive semi-definite
// in single precision (the raw sums would cancel). Single precision because a mesh has one per
// wedge and the simplifier reads them all over the mesh; the arithmetic is done in double.
struct alignas(64) AttributeQuadric { // two cache lines, no more
    // The wedge's error with its attributes at their optimum, as a quadric in p:
    // a00 a01 a02 a11 a12 a22 b0 b1 b2 c (Quadric's layout).
    std::array<float, 10> reduced{};
    float area = 0;
    // Per attribute j: the area-weighted mean gradient (3 values) and offset (1).
    std::array<float, 4 * kQuadricAttributes> mean{};

    AttributeQuadric& operator+=(const AttributeQuadric& other);
};

// Many attribute quadrics summed at once (a wedge's faces, when the mesh is built): raw moments in
// double, centred once at the end. As exact as merging them one by one with the parallel-axis
// rule (double leaves ample room for the cancellation the centred single-precision form avoids)
// at a fraction of the arithmetic.
class AttributeMoments {
  public:
    AttributeMoments() = default;
    explicit AttributeMoments(const AttributeQuadric& quadric);
    // AttributeMoments(faceAttributeQuadric(positions, values, area)), to the bit, without forming
    // the single-precision quadric in between (the mesh build makes one per triangle).
    static AttributeMoments ofFace(const std::array<Vector3d, 3>& positions,
                                   const std::array<AttributeValues, 3>& values, double area);
    // From the sums themselves: area, area times the mean (per attribute: gx gy gz d), and the
    // second moment (Quadric's layout).
    static AttributeMoments fromSums(double area, const double* weightedMean, const double* second);
    AttributeMoments& operator+=(const AttributeMoments& other);
    AttributeQuadric quadric() const;

  private:
    double area_ = 0;
    std::array<double, 4 * kQuadricAttributes> weightedMean_{}; // sum of area * mean
    std::array<double, 10> second_{}; // sum of reduced + area * mean mean' (Quadric's layout)
};

// The attribute quadric of a triangle with these corner positions and attribute values, weighted
// by `area`. A degenerate triangle gives an empty quadric.
AttributeQuadric faceAttributeQuadric(const std::array<Vector3d, 3>& positions,
                                      const std::array<AttributeValues, 3>& values, double area);

// The attribute values that minimise the wedge's error at position p: the mean gradient and
// offset evaluated there.
AttributeValues optimalAttributes(const AttributeQuadric& wedge, const Vector3d& p);

// Adds the wedge's error with its attributes at their optimum, as a quadric in p alone.
void addReducedAttributeQuadric(Quadric& into, const AttributeQuadric& wedge);
// The same for the sum of two wedges (one wedge's corners get the other's: the attributes are
// shared), without forming the sum.
void addReducedAttributeQuadric(Quadric& into, const AttributeQuadric& first,
                                const AttributeQuadric& second);

} // namespace vtxc
