// Turns a QC project (formats/qc_project.h) into the compile driver's ModelProject: body parts,
// models with their mesh per LOD, LOD edits, $staticprop, placement, and what layout.json records.
#pragma once

#include "compiler/model_project.h"
#include "formats/qc/qc_project.h"

#include <filesystem>
#include <optional>

namespace vtxc {

ModelProject projectFromQc(const QcProject& qc);

// Reads the QC (and its includes) and converts it; the animation SMDs of $sequence lines that
// exist are read and checked (an unreadable one is an error naming the file), their frame counts
// recorded. Returns nothing after reporting an error.
std::optional<ModelProject> readQcModelProject(const std::filesystem::path& qc,
                                               DiagnosticSink& sink);

} // namespace vtxc
