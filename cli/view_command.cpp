// `vtxc view MODEL -o FILE.html [--variant V] [--lod N]`: one self-contained HTML page showing a
// compiled model in a browser (tools/model_view.h, docs/view.md).
#include "cli/command.h"
#include "formats/common/file_io.h"
#include "tools/model_view.h"

#include <cstdio>
#include <memory>

namespace vtxc::cli {

namespace {
struct ViewArgs {
    std::string model;
    std::string output;
    std::string variant;
    int lod = -1;
};
} // namespace

bool writeModelPage(const std::filesystem::path& model, const std::filesystem::path& output,
                    const ModelPageOptions& options, DiagnosticSink& sink) {
    if (!checkOutputFileName(output.filename().string(), {"-o"}, sink)) return false;
    const std::optional<std::string> page = modelPage(model, options, sink);
    if (!page) return false;
    return writeFileAtomically(
        output, std::span(reinterpret_cast<const std::uint8_t*>(page->data()), page->size()), sink);
}

void addViewCommand(CLI::App& app, CommandContext& context) {
    auto* sub = app.add_subcommand(
        "view", "Write one self-contained HTML page that shows a compiled model in a browser "
                "(LODs, strips, vertex cache, bone weights, skeleton, collision, sequences)");
    auto args = std::make_shared<ViewArgs>();
    sub->add_option("MODEL", args->model,
                    "model base path (models/foo for foo.mdl, foo.vvd, foo.*.vtx)")
        ->required();
    sub->add_option("-o,--output", args->output, "the HTML file to write")->required();
    sub->add_option("--variant", args->variant, "the .vtx variant shown first (dx90, dx80, sw)");
    sub->add_option("--lod", args->lod, "the LOD shown first")->check(CLI::Range(0, 7));
    sub->callback([args, &context] {
        StderrSink sink;
        ModelPageOptions options;
        if (!args->variant.empty()) options.variant = args->variant;
        if (args->lod >= 0) options.lod = args->lod;
        if (writeModelPage(args->model, args->output, options, sink))
            std::printf("wrote %s\n", args->output.c_str());
        context.exitStatus = exitStatusOf(sink);
    });
}

} // namespace vtxc::cli
