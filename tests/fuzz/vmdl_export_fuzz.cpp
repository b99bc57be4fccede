// libFuzzer target: `vtxc anim`'s whole path on a scratch content root: the model document, an
// external group file it may name (groups/ext.vmdl) and one animation source (anims/a.smd), split
// at NUL bytes. Checked: no crash, errors iff nothing written, sequences.json valid JSON when
// written, no file outside the output folder.
#include "anim/animation_export.h"
#include "tests/fuzz/fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace {

namespace fs = std::filesystem;
using vtxc::fuzz::check;
using vtxc::fuzz::nextPart;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const vtxc::fuzz::ScratchFolder folder("vmdl-export-fuzz");
    const fs::path& scratch = folder.path();
    std::string_view input(reinterpret_cast<const char*>(data), size);
    std::error_code ec;
    fs::remove_all(scratch, ec);
    const fs::path content = scratch / "content";
    fs::create_directories(content / "groups");
    fs::create_directories(content / "anims");
    for (const char* name : {"model.vmdl", "groups/ext.vmdl", "anims/a.smd"})
        std::ofstream(content / name, std::ios::binary) << nextPart(input);

    vtxc::CollectingSink sink;
    const fs::path out = scratch / "out";
    const bool ok = vtxc::exportVmdlAnimations(content / "model.vmdl", content, out, sink);
    check(ok == !sink.hasErrors());
    check(ok == fs::exists(out / "sequences.json"));
    if (ok) {
        std::ifstream in(out / "sequences.json");
        check(!nlohmann::json::parse(in, nullptr, false).is_discarded());
    }
    for (const auto& entry : fs::directory_iterator(scratch))
        check(entry.path() == content || entry.path() == out);
    return 0;
}
