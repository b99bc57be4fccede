// JSON views of the compiled model files for `vtxc inspect --json`: keys are the record field names
// of optimize.h and studio.h; counts only, never every vertex or index.
#pragma once

#include "formats/studio/mdl.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"

#include <nlohmann/json.hpp>

namespace vtxc::cli {

// A JSON array of convert(item) for every item.
template <class Range, class Convert>
nlohmann::ordered_json arrayOf(const Range& items, Convert convert) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& item : items)
        out.push_back(convert(item));
    return out;
}

nlohmann::ordered_json vvdJson(const VvdFile& file);
nlohmann::ordered_json vtxJson(const VtxFile& file);
// Every section of the .mdl; with `frames`, each animation's frames decoded to bone poses.
nlohmann::ordered_json mdlJson(const MdlFile& file, bool frames = false);

} // namespace vtxc::cli
