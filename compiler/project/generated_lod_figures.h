// The figures of one generated level of detail of one model: its size, its surface error against
// LOD 0 and where its switch point came from (docs/lod.md). Made by the compile's --auto-lods,
// carried by the project into layout.json, read back by `vtxc stats`.
#pragma once

#include <cstddef>
#include <string>

namespace vtxc {

// How a generated LOD's switch point was set.
enum class SwitchPointRule {
    Error,    // 100 * switchError / pixelError, rounded up to a hundredth
    Previous, // raised to the switch point of the LOD before (never switch in earlier)
    Shadow,   // a shadow LOD: -1, drawn only into shadows
};

struct GeneratedLodFigures {
    std::string model;
    int lod = 0; // 1, 2, ...; the shadow LOD last
    bool shadow = false;
    std::size_t triangles = 0;
    std::size_t vertices = 0;
    double meanError = 0; // against LOD 0, in model units (after $scale)
    double maxError = 0;
    double meanErrorPercent = 0; // of LOD 0's bounding-box diagonal
    double maxErrorPercent = 0;
    float switchPoint = 0;
    SwitchPointRule switchPointRule = SwitchPointRule::Error;
    // The error the switch point was computed from: the largest maxError of any model at this
    // LOD (one switch point serves every model), and the pixels it may cover on screen.
    double switchError = 0;
    double pixelError = 0;
    bool operator==(const GeneratedLodFigures&) const = default;
};

} // namespace vtxc
