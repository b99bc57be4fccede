// libFuzzer target for the .mdl reader: any input must be rejected with diagnostics or parsed,
// never crash, hang or allocate without bound; parsed input is also handed to the model
// cross-check.
#include "formats/common/diagnostics.h"
#include "formats/studio/mdl.h"
#include "formats/studio/model_check.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vtxc::NullSink sink;
    auto file = vtxc::readMdl(std::span<const std::uint8_t>(data, size), "fuzz.mdl", sink);
    if (!file) return 0;
    vtxc::LoadedModel model;
    (void)vtxc::mdlFlagNames(file->flags);
    model.mdl = std::move(file);
    vtxc::checkModel(model);
    return 0;
}
