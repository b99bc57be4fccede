// libFuzzer target: the QC reader (lexer, preprocessor, interpreter) on an in-memory project.
// The input is split at NUL bytes into the QC and up to three .qci files it may include.
#include "formats/qc/qc_project.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void check(bool condition) {
    if (!condition) std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vtxc;
    static const char* const names[] = {"root/model.qc", "root/a.qci", "root/sub/b.qci",
                                        "root/SoldierChoreoModel.qci"};
    MemoryFileSystem files;
    std::string_view input(reinterpret_cast<const char*>(data), size);
    for (const char* name : names) {
        const std::size_t cut = input.find('\0');
        files.addFile(name, std::string(input.substr(0, cut)));
        if (cut == std::string_view::npos) {
            input = {};
            continue;
        }
        input.remove_prefix(cut + 1);
    }
    for (const char* mesh : {"root/ref.smd", "root/ref_lod1.smd", "root/sub/x.smd",
                             "/outside/secret.smd", "/outside/evil.qci"})
        files.addFile(mesh, "version 1\n");
    files.addLink("root/out", "/outside");
    files.addLink("root/loop", "loop");

    CollectingSink sink;
    std::optional<QcProject> project = readQcProject("root/model.qc", files, sink);
    check(project.has_value() == (sink.errorCount() == 0));
    if (!project) return 0;
    check(!project->lods.empty() && project->lods.front().isReference);
    for (std::size_t p = 0; p < project->bodyParts.size(); ++p) {
        for (std::size_t m = 0; m < project->bodyParts[p].models.size(); ++m) {
            for (std::size_t lod = 0; lod < project->lods.size(); ++lod) {
                const QcLodMesh mesh = meshForLod(*project, {p, m}, lod);
                if (mesh.mesh) check(mesh.mesh->found);
            }
        }
    }
    return 0;
}
