// `vtxc anim MODEL.vmdl -o DIR [--content DIR]`: prepares the animations a Source 2 model document
// lists (DIR/<name>.smd and DIR/sequences.json), as docs/vmdl-animation.md describes.
#include "anim/animation_export.h"
#include "cli/command.h"

#include <filesystem>
#include <memory>

namespace vtxc::cli {

void addAnimCommand(CLI::App& app, CommandContext& context) {
    auto* sub = app.add_subcommand(
        "anim", "Prepare the animations of a Source 2 model document (.vmdl, KV3 text): one "
                "processed SMD per animation and sequences.json");
    auto model = std::make_shared<std::string>();
    auto output = std::make_shared<std::string>();
    auto content = std::make_shared<std::string>();
    auto quiet = std::make_shared<bool>(false);
    sub->add_option("MODEL", *model, "the model document (.vmdl)")->required();
    sub->add_option("-o,--output", *output, "output folder (created when missing)")->required();
    sub->add_option("--content", *content,
                    "content root that m_Filepath and m_sFileName are relative to "
                    "(default: the document's folder)");
    sub->add_flag("-q,--quiet", *quiet, "print errors only");
    sub->callback([&context, model, output, content, quiet] {
        StderrSink sink(*quiet);
        AnimExportSummary summary;
        if (exportVmdlAnimations(*model, *content, *output, sink, &summary) && !*quiet) {
            std::printf("%s: %zu animation%s, %zu frames -> %s (sequences.json and %zu .smd)\n",
                        model->c_str(), summary.animations, summary.animations == 1 ? "" : "s",
                        summary.frames, output->c_str(), summary.animations);
        }
        context.exitStatus = exitStatusOf(sink);
    });
}

} // namespace vtxc::cli
