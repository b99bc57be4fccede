// $weightlist resolved against the skeleton: one weight per bone.
#pragma once

#include "compiler/skeleton/bone_setup.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_mdl_settings.h"

#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// A bone takes the weight of the nearest of itself and its ancestors that the list names; a bone
// with none named takes 1. Names the model lacks are an error (BONE004) at the list's line.
std::optional<std::vector<double>>
resolveWeightList(const QcWeightList& list, const Skeleton& skeleton, DiagnosticSink& sink);

// The list `name` names, resolved; nothing (reported as SEQ002 at `at`) when no $weightlist has
// that name.
std::optional<std::vector<double>> namedWeightList(const QcMdlSettings& settings,
                                                   const std::string& name,
                                                   const SourceLocation& at,
                                                   const Skeleton& skeleton, DiagnosticSink& sink);

} // namespace vtxc
