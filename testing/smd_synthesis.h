// Synthetic skinned SMD meshes of any size, for benchmarks and large-input tests: a welded grid
// wrapped into a tube along a bone chain, so corners are shared the way real meshes share them.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/smd/smd.h"
#include "optimizer/mesh_types.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace vtxc {

struct SmdSynthesisOptions {
    std::size_t triangles = 1000; // exactly this many
    int bones = 16;               // a chain: bone 0 is the root, bone k's parent is k - 1
    int maxInfluences = 3;        // 1 (rigid) to 4 weights per vertex
    int materials = 1;            // triangles are spread over this many materials in bands
    std::uint32_t seed = 1;       // jitters positions so values are not all round
};

// The mesh as data (a reference SMD: one rest-pose frame, a triangles section).
SmdFile synthesizeSmd(const SmdSynthesisOptions& options);

// Its corners as the compile driver hands them to welding: three per triangle, bone weights
// capped (capBoneWeights with its defaults).
std::vector<ModelVertex> synthesizeCorners(const SmdSynthesisOptions& options);

// The same as SMD text (writeSmd of the above). About 440 bytes per triangle with 3 influences.
std::string synthesizeSmdText(const SmdSynthesisOptions& options);

// Writes the text to `path` in pieces (never the whole text in memory), through a temporary name
// renamed into place. On failure reports IO002 (exit status 2) and returns false.
bool writeSynthesizedSmdFile(const std::filesystem::path& path, const SmdSynthesisOptions& options,
                             DiagnosticSink& sink);

} // namespace vtxc
