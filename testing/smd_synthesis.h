// Synthetic skinned SMD meshes of any size, for benchmarks and large-input tests: a welded grid
// wrapped into a tube along a bone chain, so corners are shared the way real meshes share them.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/smd/smd.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace vtxc {

struct SmdSynthesisOptions {
    std::size_t triangles = 1000; // exactly this many
    int bones = 16;               // a chain: bone 0 is the root, bone k's parent is k - 1
    int maxInfluences = 3;        // 1 (rigid) to kSmdWriterMaxLinks weights per vertex
    int materials = 1;            // triangles are spread over this many materials in bands
    std::uint32_t seed = 1;       // jitters positions so values are not all round
};

// The mesh as data (a reference SMD: one rest-pose frame, a triangles section).
SmdFile synthesizeSmd(const SmdSynthesisOptions& options);

// The same as SMD text (writeSmd of the above). About 440 bytes per triangle with 3 influences.
std::string synthesizeSmdText(const SmdSynthesisOptions& options);

// Writes the text to `path` in pieces (never the whole text in memory), through a temporary name
// renamed into place. On failure reports IO002 (exit status 2) and returns false.
bool writeSynthesizedSmdFile(const std::filesystem::path& path, const SmdSynthesisOptions& options,
                             DiagnosticSink& sink);

// A reference SMD of a quad grid, `n` x `n` cells per material, the materials side by side, on two
// bones ("root" and `secondBone`; a vertex belongs to the second past x = n / 2); positions moved
// by `offset` along x. UVs come from the grid position, so a vertex shared by cells is
// bit-identical in each.
std::string quadGridSmdText(int n, const std::vector<std::string>& materials,
                            const std::string& secondBone = "arm", float offset = 0.0f);

// A reference SMD of one quad (two triangles) of `material` at height z on one bone, and with
// `second` a third triangle of that material beside it.
std::string quadSmdText(const std::string& material, float z, const std::string& second = "");

// A folder of SMD models as `vtxc bench` finds them: arm/arm.smd (the bundled example) with
// arm/arm_lod1.smd and an animation arm/walk.smd beside it, and tube/tube.smd (300 synthesized
// triangles on 4 bones).
void writeBenchModelFolders(const std::filesystem::path& dir);

} // namespace vtxc
