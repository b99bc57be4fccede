// Views of a .phy collision file for `vtxc inspect FILE.phy`: a compact text tree (phy_tree.cpp)
// and JSON (phy_json.cpp) with the same figures. Geometry in Source units (inches, model axes; a
// jointed model's pieces in their bone's space), volumes in cubic inches.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/phy/phy.h"
#include "formats/phy/phy_check.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace vtxc::cli {

// One piece of a solid (a ledge that is not the outer hull), measured.
struct PhyPieceFigures {
    std::size_t ledge = 0;
    std::size_t points = 0; // distinct pool points its triangles use
    std::size_t triangles = 0;
    double volume = 0;
    PhyBounds bounds;
    std::int32_t clientData = 0; // bone index + 1 in a jointed model
};

inline std::vector<PhyPieceFigures> phyPieceFigures(const PhyCompactSurface& surface) {
    std::vector<PhyPieceFigures> pieces;
    for (std::size_t l : phyPieceLedges(surface)) {
        const PhyLedge& ledge = surface.ledges[l];
        pieces.push_back({l, phyLedgePointIndices(ledge).size(), ledge.triangles.size(),
                          phyLedgeVolume(surface, ledge), phyLedgeBounds(surface, ledge),
                          ledge.clientData});
    }
    return pieces;
}

// `findings` are the structural check's (checkPhy), listed after the contents.
std::string phyTree(const PhyFile& file, const std::string& name,
                    const std::vector<Diagnostic>& findings);
nlohmann::ordered_json phyJson(const PhyFile& file, const std::vector<Diagnostic>& findings);

} // namespace vtxc::cli
