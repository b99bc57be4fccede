// Welding: the corners of a triangle soup (one material) become unique, indexed vertices.
// Follows studiomdl's welding rule (docs/formats.md, "SMD"): equal position, UV and bone weights,
// normals within a small angle (studiomdl's default 2 degrees).
#pragma once

#include "optimizer/mesh_types.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace vtxc {

struct WeldOptions {
    // Two corners with equal position, UV and weights share a vertex when the angle between their
    // normals is at most this (degrees). 0 asks for exactly equal normals.
    float normalAngleDegrees = 2.0f;
    // A corner that repeats, value for value, a corner met shortly before takes that corner's
    // vertex without a search (most corners of an exported mesh). A speed-up only: the result is
    // the same either way (welding.cpp says why), which the tests check.
    bool reuseExactRepeats = true;
};

inline constexpr std::uint32_t kNoVertex = std::numeric_limits<std::uint32_t>::max();

struct WeldedMesh {
    // Unique vertices in order of first use by the kept triangles. A vertex keeps the data of the
    // first corner that made it.
    std::vector<ModelVertex> vertices;
    // Three per kept triangle, corners in the input order (the winding is not changed).
    std::vector<std::uint32_t> indices;
    // For each kept triangle, its index in the input.
    std::vector<std::uint32_t> sourceTriangles;
    // For each input corner, its vertex; kNoVertex for a corner of a dropped (degenerate)
    // triangle whose vertex no kept triangle uses.
    std::vector<std::uint32_t> cornerToVertex;
    // Triangles left out because two of their corners welded into one vertex.
    std::size_t degenerateTriangles = 0;
};

// Welds `corners` (three per triangle; a trailing partial triangle is ignored). Positions, UVs and
// weights must be exactly equal (the corpus shows studiomdl welds exact duplicates only within one
// SMD; see the notes in welding.cpp). Hashed: linear in the number of corners. Deterministic.
// V is not flipped and the winding not reversed: the driver applies the output conventions.
WeldedMesh weldCorners(std::span<const ModelVertex> corners, const WeldOptions& options = {});

} // namespace vtxc
