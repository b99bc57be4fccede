// Vertex -> triangle adjacency of an indexed triangle list, in compressed rows: the triangles
// around each vertex in increasing order, a triangle listed once per distinct corner (a triangle
// that repeats a vertex is adjacent to it once).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vtxc {

class TriangleAdjacency {
  public:
    // Precondition: every index < vertexCount; a trailing partial triangle is ignored.
    TriangleAdjacency(std::span<const std::uint32_t> indices, std::size_t vertexCount);

    std::size_t vertexCount() const { return start_.size() - 1; }
    std::span<const std::uint32_t> trianglesOf(std::uint32_t v) const {
        return {triangles_.data() + start_[v], start_[v + 1] - start_[v]};
    }
    // Rows as offsets into triangles(): vertex v's triangles are [start()[v], start()[v + 1]).
    const std::vector<std::uint32_t>& start() const { return start_; }
    const std::vector<std::uint32_t>& triangles() const { return triangles_; }

  private:
    std::vector<std::uint32_t> start_;
    std::vector<std::uint32_t> triangles_;
};

} // namespace vtxc
