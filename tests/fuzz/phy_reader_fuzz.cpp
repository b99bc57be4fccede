// libFuzzer target for the .phy reader: any input is parsed or rejected with diagnostics, never a
// crash. An accepted input writes back to exactly its own bytes, and goes through the structural
// check and the geometry.
#include "formats/common/diagnostics.h"
#include "formats/phy/phy_family.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vtxc::NullSink sink;
    const std::span<const std::uint8_t> bytes(data, size);
    const auto file = vtxc::readPhy(bytes, "fuzz.phy", sink);
    if (!file) return 0;
    const auto written = vtxc::writePhy(*file);
    if (written.size() != size || !std::equal(written.begin(), written.end(), data))
        __builtin_trap();
    vtxc::checkPhy(*file, "fuzz.phy");
    for (const vtxc::PhySolid& solid : file->solids)
        for (const vtxc::PhyLedge& ledge : solid.surface.ledges) {
            vtxc::phyLedgeVolume(solid.surface, ledge);
            vtxc::phyLedgeBounds(solid.surface, ledge);
        }
    return 0;
}
