// libFuzzer target for the SMD reader: arbitrary bytes must never crash or hang it, and whatever
// it accepts must survive write -> read with the same counts and the same values.
#include "formats/smd/smd.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

[[noreturn]] void fail(const char* condition, int line) {
    std::fprintf(stderr, "smd_reader_fuzz.cpp:%d: check failed: %s\n", line, condition);
    std::abort();
}

} // namespace

// Names the failed condition in the crash report (assert() is compiled out in release builds).
#define check(condition) ((condition) ? void() : fail(#condition, __LINE__))

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vtxc::NullSink sink;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto file = vtxc::parseSmd(text, "fuzz.smd", sink);
    check(file.has_value() == !sink.hasErrors());
    check(sink.errorCount() <= vtxc::DiagnosticSink::kErrorLimit);
    if (!file) return 0;

    vtxc::NullSink resink;
    const auto reread = vtxc::parseSmd(vtxc::writeSmd(*file), "fuzz-rewritten.smd", resink);
    check(reread.has_value());
    check(resink.warningCount() == 0);
    check(reread->kind() == file->kind());
    check(reread->nodes.size() == file->nodes.size());
    check(reread->frames.size() == file->frames.size());
    check(reread->triangles.size() == file->triangles.size());
    check(reread->materials == file->materials);
    for (std::size_t i = 0; i < file->nodes.size(); ++i)
        check(reread->nodes[i].name == file->nodes[i].name &&
              reread->nodes[i].parent == file->nodes[i].parent);
    for (std::size_t t = 0; t < file->triangles.size(); ++t)
        for (std::size_t k = 0; k < 3; ++k) {
            const vtxc::SmdVertex& a = file->triangles[t].corners[k];
            const vtxc::SmdVertex& b = reread->triangles[t].corners[k];
            check(a.position == b.position && a.normal == b.normal && a.uv == b.uv &&
                  a.bone == b.bone);
        }
    return 0;
}
