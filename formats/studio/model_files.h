// Finds the files of one compiled model from its base path (models/foo -> foo.mdl, foo.vvd,
// foo.dx90.vtx, ...), matching names case-insensitively, and loads the ones that exist.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/studio/mdl.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// The .vtx variants a model may have, in the order they are reported.
inline constexpr const char* kVtxVariants[] = {"dx90", "dx80", "sw"};

struct ModelFilePaths {
    std::filesystem::path mdl; // empty when there is none
    std::filesystem::path vvd;
    struct Vtx {
        std::string variant; // "dx90", "dx80" or "sw"
        std::filesystem::path path;
    };
    std::vector<Vtx> vtx;
    bool empty() const { return mdl.empty() && vvd.empty() && vtx.empty(); }
};

// The entry of `folder` named `fileName`: the exact name if it exists, else the first (in sorted
// order) whose name matches ignoring ASCII case; empty when none does.
std::filesystem::path findFileIgnoringCase(const std::filesystem::path& folder,
                                           const std::string& fileName);

// basePath is the model path without extension; a trailing ".mdl" is accepted too.
ModelFilePaths findModelFiles(const std::filesystem::path& basePath);

// The parsed files of one model; each present only if it was found and read without errors.
struct LoadedModel {
    std::optional<MdlFile> mdl;
    std::string mdlName; // the path as used in diagnostics
    std::optional<VvdFile> vvd;
    std::string vvdName;
    struct Vtx {
        std::string variant;
        std::string name;
        VtxFile file;
    };
    std::vector<Vtx> vtx;
};

// Reads and parses every file found; read and parse errors go to the sink (IO001, MDL/VVD/VTX0xx).
LoadedModel loadModelFiles(const ModelFilePaths& paths, DiagnosticSink& sink);

} // namespace vtxc
