// `vtxc inspect FILE|MODEL [--json]`: shows what is inside an .smd, .vvd, .vtx or .mdl, or a whole model.
// Dispatches on the file's extension; a path without one is taken as a model's base path.
#include "cli/command.h"

#include <filesystem>

namespace vtxc::cli {

void addInspectCommand(CLI::App& app, CommandContext& context) {
    auto* sub = app.add_subcommand("inspect", "Show the contents of an .smd, .vvd, .vtx or .mdl file, "
                                              "or cross-check a model's files given its base path");
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    sub->add_option("FILE", *path, "file, or model base path (models/foo for foo.mdl/.vvd/.*.vtx)")
        ->required();
    sub->add_flag("--json", *json, "machine-readable output");
    sub->callback([&context, path, json] {
        StderrSink sink;
        const std::string extension = std::filesystem::path(*path).extension().string();
        (void)json;
        sink.error("CLI001", {*path}, "inspect does not know files of kind '" + extension + "' yet",
                   ExitCode::Usage);
        context.exitStatus = exitStatusOf(sink);
    });
}

} // namespace vtxc::cli
