// libFuzzer target: a QC compile's whole path. The QC and its includes come from an in-memory file
// system; the mesh SMDs it names are written to a scratch folder on disk, because the compile reads
// them there. The input is split at NUL bytes into the QC, one .qci, the reference SMD and a LOD
// SMD. Checked: no crash, errors iff no output, the layout and report JSON valid UTF-8,
// and the published files all present or all absent, inside the output root.
#include "compiler/compile.h"
#include "compiler/compile_json.h"
#include "compiler/project/qc_import.h"
#include "formats/common/text_safety.h"
#include "formats/qc/qc_project.h"
#include "tests/fuzz/fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace {

namespace fs = std::filesystem;
using vtxc::fuzz::check;
using vtxc::fuzz::nextPart;

const fs::path& scratch() {
    static const vtxc::fuzz::ScratchFolder folder("qc-compile-fuzz");
    return folder.path();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vtxc;
    std::string_view input(reinterpret_cast<const char*>(data), size);
    const fs::path root = scratch() / "src";
    const fs::path out = scratch() / "out";
    std::error_code ec;
    fs::remove_all(scratch(), ec);
    fs::create_directories(root / "sub");
    MemoryFileSystem files;
    files.addFile(root / "model.qc", std::string(nextPart(input)));
    files.addFile(root / "sub/a.qci", std::string(nextPart(input)));
    for (const char* mesh : {"ref.smd", "ref_lod1.smd"}) {
        const std::string text(nextPart(input));
        files.addFile(root / mesh, text);
        std::ofstream(root / mesh, std::ios::binary) << text;
    }
    files.addLink(root / "out", "/outside");

    CollectingSink sink;
    const auto qc = readQcProject(root / "model.qc", files, sink);
    check(qc.has_value() == (sink.errorCount() == 0));
    if (!qc) return 0;
    const ModelProject project = projectFromQc(*qc, sink);
    CompileOptions options;
    options.threads = 1;
    const auto output = compileProject(project, options, sink);
    check(output.has_value() == !sink.hasErrors());
    if (!output) return 0;
    // The readers refuse text that is not UTF-8, so the JSON files never need a replacement.
    check(isValidUtf8(layoutJsonText(output->layout)));
    check(isValidUtf8(qualityReportJsonText(output->report)));
    const fs::path base = out / "models" / project.name;
    WriteOptions where;
    where.root = out;
    const bool written = writeCompileOutput(*output, base, sink, where);
    const bool vvd = fs::exists(base.string() + ".vvd");
    check(written == vvd);
    check(written == fs::exists(base.string() + ".layout.json"));
    check(!fs::exists("/outside"));
    return 0;
}
