// libFuzzer target for the .vvd reader: any input is parsed or rejected with diagnostics, never a
// crash. Accepted input must survive write -> read -> write unchanged; it also goes through the
// cross-check.
#include "formats/common/diagnostics.h"
#include "formats/studio/model_check.h"
#include "formats/studio/vvd.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vtxc::NullSink sink;
    auto file = vtxc::readVvd(std::span<const std::uint8_t>(data, size), "fuzz.vvd", sink);
    if (!file) return 0;
    vtxc::LoadedModel model;
    // What the writer makes of an accepted file reads back and writes out to the same bytes.
    const auto bytes = vtxc::writeVvd(*file);
    auto again = vtxc::readVvd(bytes, "again.vvd", sink);
    if (!again || vtxc::writeVvd(*again) != bytes) __builtin_trap();
    model.vvd = std::move(file);
    vtxc::checkModel(model);
    return 0;
}
