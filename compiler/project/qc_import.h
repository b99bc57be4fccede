// Turns a QC project (formats/qc_project.h) into the compile driver's ModelProject: body parts,
// models with their mesh per LOD, LOD edits, $staticprop, placement, and what layout.json records.
#pragma once

#include "compiler/project/model_project.h"
#include "formats/qc/qc_project.h"

#include <filesystem>
#include <optional>

namespace vtxc {

// The project keeps a copy of the QC as its .mdl description; a QC without $sequence gets the
// `idle` sequence of its first reference mesh (a note, QC065, says so).
ModelProject projectFromQc(const QcProject& qc, DiagnosticSink& sink);

// The description of the SMD form (`vtxc compile REF.smd -o OUT/NAME`): $modelname NAME.mdl, one
// body part and model named after the reference, and the `idle` sequence of the reference SMD.
QcProject smdFormDescription(const std::filesystem::path& reference, const std::string& name);

// Reads the QC (and its includes) and converts it; the animation SMDs of $sequence lines that
// exist are read and checked (an unreadable one is an error naming the file), their frame counts
// recorded. `contentRoot`: see readQcProject. Returns nothing after reporting an error.
std::optional<ModelProject>
readQcModelProject(const std::filesystem::path& qc, DiagnosticSink& sink,
                   const std::optional<std::filesystem::path>& contentRoot = {});

} // namespace vtxc
