// A double-precision 3-vector with the few operations the collision geometry needs. Hulls and mass
// properties are computed in double: volumes of thin pieces and the plane tests of the hull
// rebuild lose too much in float (the .phy stores float; the writer converts at the end).
#pragma once

#include <cmath>

namespace vtxc {

struct Vec3d {
    double x = 0, y = 0, z = 0;
    friend bool operator==(const Vec3d&, const Vec3d&) = default;
    // Lexicographic (x, then y, then z): the canonical order of hull points.
    friend auto operator<=>(const Vec3d&, const Vec3d&) = default;

    Vec3d& operator+=(const Vec3d& o) {
        x += o.x;
        y += o.y;
        z += o.z;
        return *this;
    }
};

inline Vec3d operator+(const Vec3d& a, const Vec3d& b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline Vec3d operator-(const Vec3d& a, const Vec3d& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline Vec3d operator*(const Vec3d& a, double s) {
    return {a.x * s, a.y * s, a.z * s};
}
inline double dot(const Vec3d& a, const Vec3d& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline Vec3d cross(const Vec3d& a, const Vec3d& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double length(const Vec3d& a) {
    return std::sqrt(dot(a, a));
}
inline bool isFinite(const Vec3d& a) {
    return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z);
}

} // namespace vtxc
