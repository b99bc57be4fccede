// The CLI's subcommands: each file cli/<name>_command.cpp registers one with CLI11.
// A command's callback stores its exit status; main() returns it.
#pragma once

#include "compiler/generated_lod_figures.h"
#include "formats/common/diagnostics.h"
#include "tools/model_view.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <vector>

namespace vtxc::cli {

struct CommandContext {
    int exitStatus = 0;
};

// Prints each diagnostic to stderr as it arrives; warnings are hidden by --quiet.
class StderrSink : public DiagnosticSink {
  public:
    explicit StderrSink(bool quiet = false) : quiet_(quiet) {}

  protected:
    void deliver(const Diagnostic& diagnostic) override;

  private:
    bool quiet_;
};

// Exit status for a finished command: the sink's worst error, else Ok.
int exitStatusOf(const DiagnosticSink& sink);

// One line per generated LOD: size, error in % of the diagonal, switch point (compile, stats).
void printGeneratedLods(const std::vector<GeneratedLodFigures>& figures);

void addInspectCommand(CLI::App& app, CommandContext& context);
void addAnimCommand(CLI::App&, CommandContext&);
void addCompileCommand(CLI::App& app, CommandContext& context);
void addStatsCommand(CLI::App& app, CommandContext& context);
void addTuneCommand(CLI::App& app, CommandContext& context);
void addRestripCommand(CLI::App& app, CommandContext& context);
void addBenchCommand(CLI::App& app, CommandContext& context);
void addLodCommand(CLI::App& app, CommandContext& context);
void addBuildCommand(CLI::App& app, CommandContext& context);
void addViewCommand(CLI::App& app, CommandContext& context);

// The page of the model at `model` written to `output` (vtxc view, vtxc compile --view).
bool writeModelPage(const std::filesystem::path& model, const std::filesystem::path& output,
                    const ModelPageOptions& options, DiagnosticSink& sink);

} // namespace vtxc::cli
