// Quality figures of compiled strips: triangles, unique and stored vertices, strips, bone state
// changes, ACMR and ATVR under a FIFO cache emptied at each strip (each strip is one draw call).
#pragma once

#include "formats/studio/vtx.h"

#include <cstddef>
#include <vector>

namespace vtxc {

struct StripQuality {
    std::size_t triangles = 0;
    std::size_t uniqueVertices = 0; // distinct mesh vertices (origMeshVertID) the triangles use
    std::size_t storedVertices = 0; // Vertex_t records, duplicates across strips included
    std::size_t stripGroups = 0;
    std::size_t strips = 0;
    std::size_t boneStateChanges = 0;
    std::vector<std::size_t> cacheSizes; // the FIFO sizes simulated
    std::vector<std::size_t> misses;     // one per cache size

    double acmr(std::size_t i = 0) const {
        return triangles ? double(misses.at(i)) / double(triangles) : 0.0;
    }
    double atvr(std::size_t i = 0) const {
        return uniqueVertices ? double(misses.at(i)) / double(uniqueVertices) : 0.0;
    }
    double duplication() const {
        return uniqueVertices ? double(storedVertices) / double(uniqueVertices) : 0.0;
    }
    // Adds another mesh's figures (meshes have disjoint vertex sets, so unique counts add up).
    void add(const StripQuality& other);
};

// The triangles a mesh draws, as indices into the mesh's .vvd vertices (origMeshVertID), in draw
// order; indices out of the strip group's range are skipped with their triangle.
std::vector<std::uint32_t> meshTriangles(const VtxMesh& mesh);

// Figures of one mesh of one LOD, at each of `cacheSizes`.
StripQuality analyseMesh(const VtxMesh& mesh, const std::vector<std::size_t>& cacheSizes);

struct LodQuality {
    StripQuality total;
    std::vector<StripQuality> meshes; // every mesh of every model of every body part, in file order
};

// Per LOD (index = LOD), over all body parts and models of the file.
std::vector<LodQuality> analyseVtx(const VtxFile& file, const std::vector<std::size_t>& cacheSizes);

} // namespace vtxc
