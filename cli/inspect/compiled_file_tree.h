// Human-readable views of the compiled model files for `vtxc inspect`: a compact indented tree
// with counts (body parts -> models -> LODs -> meshes -> strip groups -> strips).
#pragma once

#include "formats/studio/mdl.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"

#include <string>

namespace vtxc::cli {

std::string vvdTree(const VvdFile& file, const std::string& name);
std::string vtxTree(const VtxFile& file, const std::string& name);
// Every section of the .mdl; with `frames`, each animation's frames decoded to bone poses.
std::string mdlTree(const MdlFile& file, const std::string& name, bool frames = false);

} // namespace vtxc::cli
