// Small index lists for optimizer tests: a regular grid, a fixed shuffle of its triangles, and
// the triangles as a sorted multiset (to check that an order is a permutation of whole triangles).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace vtxc::test {

// width x height quads of two triangles each, over (width + 1) * (height + 1) vertices.
std::vector<std::uint32_t> gridTriangles(std::uint32_t width, std::uint32_t height);

// The triangles in a fixed pseudo-random order (a small LCG, identical on every platform).
std::vector<std::uint32_t> shuffledTriangles(std::vector<std::uint32_t> indices);

std::vector<std::array<std::uint32_t, 3>> sortedTriangles(std::span<const std::uint32_t> indices);

} // namespace vtxc::test
