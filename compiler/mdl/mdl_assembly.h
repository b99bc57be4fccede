// Builds the .mdl of a compiled model from its description (the QC, or the SMD form's defaults)
// and the meshes the .vvd and .vtx were made from; the stages live in their own files (skeleton
// and bone flags, hitboxes, attachments, animations, IK, sequences, textures, body parts).
#pragma once

#include "compiler/meshes/built_project.h"
#include "compiler/meshes/vvd_assembly.h"
#include "compiler/physics/physics_model.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_project.h"
#include "formats/studio/mdl.h"

#include <optional>

namespace vtxc {

struct MdlAssemblyInput {
    const BuiltProject& built;
    const QcProject& description;
    const VvdAssembly& vvd;
    std::int32_t checksum = 0;
    std::int32_t flags = 0; // STUDIOHDR_FLAGS_* the description sets
    // The collision model, when the QC has one: the header's mass, each bone's physics bone.
    const PhysicsModel* physics = nullptr;
};

// Nothing after reporting an error (unknown bones in QC commands, bad animation references...).
std::optional<MdlFile> assembleMdl(const MdlAssemblyInput& input, DiagnosticSink& sink);

// The .mdl header name: $modelname as written, ".mdl" appended when missing.
std::string mdlHeaderName(const std::string& modelNameWritten);

} // namespace vtxc
