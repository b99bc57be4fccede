// Plain float vectors shared by the formats and the compiler: storage only, no maths.
// Kept tiny on purpose; algorithms that need linear algebra convert to Eigen where they need it.
#pragma once

namespace vtxc {

struct Vec2 {
    float x = 0, y = 0;
    friend bool operator==(const Vec2&, const Vec2&) = default;
};

struct Vec3 {
    float x = 0, y = 0, z = 0;
    friend bool operator==(const Vec3&, const Vec3&) = default;
};

struct Vec4 {
    float x = 0, y = 0, z = 0, w = 0;
    friend bool operator==(const Vec4&, const Vec4&) = default;
};

} // namespace vtxc
