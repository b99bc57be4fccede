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
std::string mdlTree(const MdlFile& file, const std::string& name);

} // namespace vtxc::cli
