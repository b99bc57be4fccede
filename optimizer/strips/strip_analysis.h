// Quality figures of built strip groups: triangles, vertices (unique and stored), strips, bone
// state changes, and FIFO cache misses as ACMR and ATVR (Hoppe 1999; docs/formats.md, ".vtx").
#pragma once

#include "optimizer/strips/strip_partition.h"

#include <cstddef>
#include <span>

namespace vtxc {

struct StripFigures {
    std::size_t triangles = 0;
    std::size_t uniqueVertices = 0; // distinct mesh vertices used
    std::size_t storedVertices = 0; // strip group vertices, duplicates included
    std::size_t strips = 0;
    std::size_t boneStateChanges = 0;
    std::size_t cacheMisses = 0; // FIFO emptied at the start of every strip (one draw call each)

    // Misses per triangle.
    double acmr() const { return triangles ? double(cacheMisses) / double(triangles) : 0.0; }
    // Misses per unique mesh vertex; 1.0 is the physical limit.
    double atvr() const {
        return uniqueVertices ? double(cacheMisses) / double(uniqueVertices) : 0.0;
    }
    // Sums the counts of another mesh (vertices of different meshes are distinct).
    void add(const StripFigures& other);
};

// Figures of one mesh's strip groups, simulating a FIFO of `cacheSize` entries.
StripFigures analyzeStripGroups(std::span<const StripGroup> groups, std::size_t cacheSize);

} // namespace vtxc
