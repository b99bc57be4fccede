#include "testing/triangle_lists.h"

#include <algorithm>

namespace vtxc::test {

std::vector<std::uint32_t> gridTriangles(std::uint32_t width, std::uint32_t height) {
    std::vector<std::uint32_t> indices;
    for (std::uint32_t y = 0; y < height; ++y)
        for (std::uint32_t x = 0; x < width; ++x) {
            const std::uint32_t a = y * (width + 1) + x, b = a + width + 1;
            indices.insert(indices.end(), {a, b, a + 1, a + 1, b, b + 1});
        }
    return indices;
}

std::vector<std::uint32_t> shuffledTriangles(std::vector<std::uint32_t> indices) {
    std::uint64_t state = 12345;
    for (std::size_t t = indices.size() / 3; t > 1; --t) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const std::size_t other = (state >> 33) % t;
        std::swap_ranges(indices.begin() + 3 * (t - 1), indices.begin() + 3 * t,
                         indices.begin() + 3 * other);
    }
    return indices;
}

std::vector<std::array<std::uint32_t, 3>> sortedTriangles(std::span<const std::uint32_t> indices) {
    std::vector<std::array<std::uint32_t, 3>> triangles;
    for (std::size_t i = 0; i + 2 < indices.size(); i += 3)
        triangles.push_back({indices[i], indices[i + 1], indices[i + 2]});
    std::sort(triangles.begin(), triangles.end());
    return triangles;
}

} // namespace vtxc::test
