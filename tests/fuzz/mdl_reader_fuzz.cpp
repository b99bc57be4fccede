// libFuzzer target for the .mdl reader and writer: any input must be rejected with diagnostics or
// parsed, never crash, hang or allocate without bound. Parsed input must write, and the written
// file must read back to a model that writes the same bytes (read -> write -> read stability);
// it is also decoded frame by frame and handed to the model cross-check.
#include "formats/common/diagnostics.h"
#include "formats/studio/mdl.h"
#include "formats/studio/mdl_codecs.h"
#include "formats/studio/model_check.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <stdexcept>

namespace {
// Decodes a bounded number of frames of every animation (hostile frame counts are legal).
void decodeSomeFrames(const vtxc::MdlFile& file) {
    for (const vtxc::MdlAnimDesc& anim : file.animations)
        for (int frame = 0; frame < std::min(anim.numframes, 4); ++frame)
            (void)vtxc::decodeAnimationFrame(anim, file.bones, frame);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vtxc::NullSink sink;
    auto file = vtxc::readMdl(std::span<const std::uint8_t>(data, size), "fuzz.mdl", sink);
    if (!file) return 0;
    (void)vtxc::mdlFlagNames(file->flags);
    decodeSomeFrames(*file);
    std::vector<std::uint8_t> written;
    try {
        written = vtxc::writeMdl(*file);
    } catch (const std::length_error&) {
        // Data the file reached through aliasing offsets can outgrow a 16-bit offset once laid
        // out one after the other; the writer refuses that. Any other exception is a bug.
        return 0;
    }
    vtxc::NullSink again;
    const auto reread = vtxc::readMdl(written, "written.mdl", again);
    if (!reread || vtxc::writeMdl(*reread) != written) std::abort();
    vtxc::LoadedModel model;
    model.mdl = std::move(file);
    vtxc::checkModel(model);
    return 0;
}
