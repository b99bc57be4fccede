// Assembles one model's meshes across LODs: welds each LOD's corners, unifies LOD vertices with the
// LOD-0 pool, orders each mesh's vertices coarsest-LOD first and splits meshes past 65536 vertices.
#pragma once

#include "compiler/meshes/mesh_extraction.h"
#include "compiler/project/compile_options.h"
#include "formats/common/diagnostics.h"
#include "formats/common/vector_types.h"
#include "optimizer/mesh_types.h"

#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// The most vertices one mesh may have: .vtx origMeshVertID is 16 bits.
inline constexpr std::size_t kMaxMeshVertices = 65536;

struct BuiltMesh {
    std::uint32_t material = 0; // index into the project's material table
    // Mesh order: vertices used by the coarsest LOD first, so each root LOD's set is a prefix.
    std::vector<ModelVertex> vertices;
    std::vector<Vec4> tangents;
    std::vector<int> coarsestLod;                       // per vertex: the last LOD that uses it
    std::vector<std::vector<std::uint32_t>> lodIndices; // per LOD: triangles over `vertices`
    // Vertices used by LODs >= n, for each LOD n (the .mdl's per-mesh numLODVertexes).
    std::vector<std::size_t> lodVertexCounts() const;
};

struct BuiltModel {
    std::string name;
    std::vector<BuiltMesh> meshes; // in material order; a split material gives several
};

struct ModelLodInput {
    // nullopt: the model has no mesh in this LOD (blank, removemodel).
    std::optional<ExtractedMesh> mesh;
    // Same source as LOD 0: reuse its triangles as they are.
    bool sameAsLod0 = false;
    // The LOD's replacebone / bonetreecollapse rules: per bone, the bone its weights go to in this
    // LOD (empty: no rule moves a bone). See remapBoneWeights.
    std::vector<int> boneMap;
    std::vector<std::string> removedMaterials; // removemesh
    std::string fileName;                      // for diagnostics
};

// A LOD vertex's weights under its LOD's bone rules: each bone replaced by boneMap's, weights of
// a bone named twice summed, then sorted as capBoneWeights sorts them (docs/mdl-compile.md,
// "Unused bones and a LOD's bone rules").
BoneWeights remapBoneWeights(const BoneWeights& weights, const std::vector<int>& boneMap);

struct AssemblyStatistics {
    std::size_t degenerateTriangles = 0;
    std::size_t lodVerticesReused = 0;
    std::size_t lodVerticesAdded = 0;
};

// `materialIndex` gives each material key its index in the project table; a material absent from
// it (a material that exists only in a LOD) is an error (MESH001) naming it and the LOD file.
std::optional<BuiltModel> assembleModel(const std::string& name,
                                        const std::vector<ModelLodInput>& lods,
                                        const std::vector<std::string>& materialTable,
                                        const CompileOptions& options, AssemblyStatistics& stats,
                                        DiagnosticSink& sink);

} // namespace vtxc
