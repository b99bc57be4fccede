// The command-line arguments that name a model's sources, shared by compile, tune and bench:
// INPUT (a reference SMD or a QC), --lod SWITCH=LOD.smd..., --shadow-lod, --static-prop,
// --content-root.
#pragma once

#include "cli/command.h"
#include "compiler/project/model_project.h"
#include "optimizer/strips/vertex_cache_order.h"

#include <optional>
#include <string>
#include <vector>

namespace vtxc::cli {

struct ModelArguments {
    std::string input;
    std::vector<std::string> lods;
    std::string shadowLod;
    bool staticProp = false;
    std::string contentRoot; // QC input: the folder no QC path may leave (default: the QC's)
};

void addModelArguments(CLI::App* command, ModelArguments& arguments);

// True when INPUT is a QC project: the output option is then a folder root (ROOT/models/<name>).
bool isQcInput(const ModelArguments& arguments);

// Reports CLI011 (usage) for a malformed --lod and returns nothing.
std::optional<ModelProject> projectFromArguments(const ModelArguments& arguments,
                                                 DiagnosticSink& sink);

// --effort fast|thorough: how hard the vertex-cache order is searched (compile, tune, bench).
void addEffortOption(CLI::App* command, CacheOrderEffort& effort);

// "12:32" (every size in the range), "12:32:4" (with a step) or "16,24,32".
std::optional<std::vector<int>> parseIntegerList(const std::string& text, int minimum, int maximum);

} // namespace vtxc::cli
