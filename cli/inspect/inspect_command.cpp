// `vtxc inspect FILE|MODEL [--json]`: shows what is inside an .smd, .vvd, .vtx, .mdl or .phy, or a
// whole model. Dispatches on the file's extension; a path with none of these is taken as a model's
// base path.
#include "cli/command.h"
#include "cli/inspect/inspect.h"
#include "formats/common/text.h"

#include <algorithm>
#include <filesystem>

namespace vtxc::cli {

void addInspectCommand(CLI::App& app, CommandContext& context) {
    auto* sub = app.add_subcommand("inspect",
                                   "Show the contents of an .smd, .vvd, .vtx, .mdl or .phy file, "
                                   "or cross-check a model's files given its base path");
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto frames = std::make_shared<bool>(false);
    sub->add_option("FILE", *path,
                    "file, or model base path (models/foo for foo.mdl/.vvd/.*.vtx/.phy)")
        ->required();
    sub->add_flag("--json", *json, "machine-readable output");
    sub->add_flag("--frames", *frames,
                  "with an .mdl: every animation's frames decoded to bone positions and rotations");
    sub->callback([&context, path, json, frames] {
        StderrSink sink;
        const std::filesystem::path file(*path);
        const std::string extension = lowerExtension(file);
        if (extension == ".smd")
            inspectSmd(file, *json, sink);
        else if (extension == ".vvd" || extension == ".vtx" || extension == ".mdl")
            inspectCompiledFile(file, *json, *frames, sink);
        else if (extension == ".phy")
            inspectPhyFile(file, *json, sink);
        else
            inspectModel(file, *json, sink);
        context.exitStatus = exitStatusOf(sink);
    });
}

} // namespace vtxc::cli
