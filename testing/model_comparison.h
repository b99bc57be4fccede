// Test helpers that compare a compiled model with Valve's: triangles per LOD as positions and UVs
// (winding kept), vertex counts, header values, and the limits every strip must respect.
#pragma once

#include "compiler/compile.h"
#include "formats/studio/mdl.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"

#include <array>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace vtxc::test {

struct Corner {
    Vec3 position;
    Vec2 uv;
};
using Triangle = std::array<Corner, 3>;

// Where each mesh's vertices start in the mesh-ordered vertex array, per model (body part order).
using MeshStarts = std::vector<std::vector<std::size_t>>;
MeshStarts meshStartsFromMdl(const MdlFile& mdl);
MeshStarts meshStartsFromLayout(const ModelLayout& layout);

// Triangles of every LOD (all body parts, models and meshes; strip order ignored).
std::vector<std::vector<Triangle>> lodTriangles(const VvdFile& vvd, const VtxFile& vtx,
                                                const MeshStarts& starts);

// How many triangles of `a` find no partner in `b` (corners within the tolerances, same cyclic
// order, i.e. same winding), each partner used once.
std::size_t unmatchedTriangles(const std::vector<Triangle>& a, const std::vector<Triangle>& b,
                               float positionTolerance, float uvTolerance);

// Stored (strip group) vertices per LOD, summed over meshes.
std::vector<std::size_t> storedVerticesPerLod(const VtxFile& vtx);

// Every violated limit of the strips in `vtx`, one line each (empty when all hold).
std::vector<std::string> stripLimitViolations(const VtxFile& vtx);

// The model base path (without extension) of the one .mdl in `folder`; empty when there is none.
std::filesystem::path modelBaseIn(const std::filesystem::path& folder);

// Every LOD mesh of `a` and `b` draws the same canonical triangles (restrip's definition: each
// triangle rotated to its smallest vertex id, winding kept, sorted), with the same switch points
// and mesh flags. `what` names the pair in failures.
void expectSameTriangles(const VtxFile& a, const VtxFile& b, const std::string& what);

} // namespace vtxc::test
