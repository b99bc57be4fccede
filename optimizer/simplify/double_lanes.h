// Four doubles side by side in the compilers' portable vector type (GCC's and Clang's vector
// extension), compiled for AVX2 without FMA: each product is rounded before it is added, as in
// scalar code, so a lane computes the same bits as the scalar expression it copies term for term.
// Only where VTXC_DOUBLE_LANES is defined (x86-64); code using the lanes asks
// doubleLanesAvailable() first and otherwise takes its scalar path. Internal to the optimizer's
// lane kernels.
#pragma once

#include <cstdint>

#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target)
#define VTXC_DOUBLE_LANES 1
#endif
#endif

namespace vtxc {

// Whether this processor runs the lanes (x86-64 with AVX2).
bool doubleLanesAvailable();

#if VTXC_DOUBLE_LANES

// Every function on lanes is compiled for AVX2 and inlined into a kernel that is too.
#define VTXC_LANES __attribute__((target("avx2"), always_inline)) inline
#define VTXC_LANES_KERNEL __attribute__((target("avx2")))

namespace lanes {

inline constexpr int kWidth = 4;
using Lanes = double __attribute__((vector_size(8 * kWidth)));
using Mask = std::int64_t __attribute__((vector_size(8 * kWidth))); // all ones: true

VTXC_LANES Lanes splat(double x) {
    return Lanes{x, x, x, x};
}
VTXC_LANES Lanes select(Mask condition, Lanes yes, Lanes no) {
    // A cast between vector types of one size keeps the bits.
    return (Lanes)((condition & (Mask)yes) | (~condition & (Mask)no));
}
// std::max(0.0, v) and std::clamp(v, 0.0, 1.0), as the standard defines them (NaN stays NaN in
// clamp, becomes 0 in max).
VTXC_LANES Lanes maxWithZero(Lanes v) {
    return select(Lanes{} < v, v, Lanes{});
}
VTXC_LANES Lanes clampToUnit(Lanes v) {
    return select(v < Lanes{}, Lanes{}, select(splat(1.0) < v, splat(1.0), v));
}
VTXC_LANES Lanes absolute(Lanes v) {
    return (Lanes)((Mask)v & (Mask{} + INT64_MAX));
}
VTXC_LANES Mask finite(Lanes v) {
    return (v - v) == Lanes{}; // false for infinities and NaN
}
// Rounded to single precision and back, as a float member stores a double.
VTXC_LANES Lanes throughFloat(Lanes v) {
    using Floats = float __attribute__((vector_size(4 * kWidth)));
    return __builtin_convertvector(__builtin_convertvector(v, Floats), Lanes);
}
VTXC_LANES Lanes squareRoot(Lanes v) {
    return __builtin_ia32_sqrtpd256(v);
}

#if defined(__clang__)
#define VTXC_SHUFFLE2(a, b, i, j, k, l) __builtin_shufflevector(a, b, i, j, k, l)
#else
#define VTXC_SHUFFLE2(a, b, i, j, k, l) __builtin_shuffle(a, b, Mask{i, j, k, l})
#endif

// Rows to columns: four values of each of four lanes, one vector per lane, become one vector per
// value with the lanes side by side.
VTXC_LANES void transpose(Lanes& r0, Lanes& r1, Lanes& r2, Lanes& r3) {
    const Lanes t0 = VTXC_SHUFFLE2(r0, r1, 0, 4, 2, 6), t1 = VTXC_SHUFFLE2(r0, r1, 1, 5, 3, 7);
    const Lanes t2 = VTXC_SHUFFLE2(r2, r3, 0, 4, 2, 6), t3 = VTXC_SHUFFLE2(r2, r3, 1, 5, 3, 7);
    r0 = VTXC_SHUFFLE2(t0, t2, 0, 1, 4, 5);
    r1 = VTXC_SHUFFLE2(t1, t3, 0, 1, 4, 5);
    r2 = VTXC_SHUFFLE2(t0, t2, 2, 3, 6, 7);
    r3 = VTXC_SHUFFLE2(t1, t3, 2, 3, 6, 7);
}
// Four consecutive doubles, or four floats widened to double (exactly), from anywhere.
VTXC_LANES Lanes load4(const double* p) {
    Lanes v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}
VTXC_LANES Lanes widen4(const float* p) {
    using Floats = float __attribute__((vector_size(4 * kWidth)));
    Floats f;
    __builtin_memcpy(&f, p, sizeof f);
    return __builtin_convertvector(f, Lanes);
}
// Four consecutive values of each lane's record (from p[l]), as one vector per value.
VTXC_LANES void gather4(const double* const* p, Lanes* out) {
    for (int l = 0; l < kWidth; ++l)
        out[l] = load4(p[l]);
    transpose(out[0], out[1], out[2], out[3]);
}
VTXC_LANES void gather4(const float* const* p, Lanes* out) {
    for (int l = 0; l < kWidth; ++l)
        out[l] = widen4(p[l]);
    transpose(out[0], out[1], out[2], out[3]);
}

// Three coordinates of kWidth vectors; dot products summed as Eigen sums them, x, y, then z.
struct Vec {
    Lanes x, y, z;
};
VTXC_LANES Lanes dot(const Vec& u, const Vec& v) {
    return u.x * v.x + u.y * v.y + u.z * v.z;
}
VTXC_LANES Vec operator-(const Vec& u, const Vec& v) {
    return {u.x - v.x, u.y - v.y, u.z - v.z};
}
// Three consecutive doubles (x, y, z) of each lane's point, from p[l].
VTXC_LANES Vec gather3(const double* const* p) {
    Vec v;
    for (int l = 0; l < kWidth; ++l) {
        v.x[l] = p[l][0];
        v.y[l] = p[l][1];
        v.z[l] = p[l][2];
    }
    return v;
}

} // namespace lanes

#endif

} // namespace vtxc
