// libFuzzer target for the .vtx reader: any input is parsed or rejected with diagnostics, never a
// crash. Accepted input must survive write -> read -> write unchanged; it also goes through the
// cross-check.
#include "formats/common/diagnostics.h"
#include "formats/studio/model_check.h"
#include "formats/studio/vtx.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vtxc::NullSink sink;
    auto file = vtxc::readVtx(std::span<const std::uint8_t>(data, size), "fuzz.vtx", sink);
    if (!file) return 0;
    vtxc::LoadedModel model;
    // What the writer makes of an accepted file reads back and writes out to the same bytes.
    const auto bytes = vtxc::writeVtx(*file);
    auto again = vtxc::readVtx(bytes, "again.vtx", sink);
    if (!again || vtxc::writeVtx(*again) != bytes) __builtin_trap();
    model.vtx.push_back({"dx90", "fuzz.vtx", std::move(*file)});
    vtxc::checkModel(model);
    return 0;
}
