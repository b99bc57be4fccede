// The CLI's subcommands: each file cli/<name>_command.cpp registers one with CLI11.
// A command's callback stores its exit status; main() returns it.
#pragma once

#include "compiler/project/generated_lod_figures.h"
#include "formats/common/diagnostics.h"
#include "tools/model_view.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace vtxc::cli {

struct CommandContext {
    int exitStatus = 0;
};

// Prints each diagnostic to stderr as it arrives; warnings are hidden by --quiet. A warning or
// note repeated word for word (same code and message, another place) is printed `shownRepeats`
// times; the rest are counted and summed up in one note per message when the sink goes (a
// decompiled tree repeats one ignored IK option hundreds of times). Errors are always printed;
// `shownRepeats` 0 prints everything (--all-warnings).
class StderrSink : public DiagnosticSink {
  public:
    static constexpr std::size_t kShownRepeats = 3;
    explicit StderrSink(bool quiet = false, std::size_t shownRepeats = kShownRepeats)
        : quiet_(quiet), shownRepeats_(shownRepeats) {}
    ~StderrSink() override;
    StderrSink(const StderrSink&) = delete;
    StderrSink& operator=(const StderrSink&) = delete;

  protected:
    void deliver(const Diagnostic& diagnostic) override;

  private:
    struct Repeats {
        std::size_t seen = 0;
        Diagnostic first;
    };
    bool quiet_;
    std::size_t shownRepeats_;
    std::map<std::pair<std::string, std::string>, Repeats> repeats_; // (code, message)
    std::vector<std::pair<std::string, std::string>> order_;         // first seen first
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
