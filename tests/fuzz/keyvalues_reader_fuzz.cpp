// libFuzzer target for the KeyValues text reader, and for the surface property rules on what it
// accepts (base inheritance, redefinition, number parsing).
#include "formats/keyvalues/keyvalues_reader.h"
#include "formats/keyvalues/surface_properties.h"
#include "tests/fuzz/fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vtxc::NullSink sink;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto document = vtxc::parseKeyValues(text, "fuzz.txt", sink);
    vtxc::SurfaceProperties properties;
    const bool added = properties.addFile(text, "fuzz.txt", sink);
    vtxc::fuzz::check(added == document.has_value());
    // Every surface resolves, and an unknown name falls back to "default".
    for (const vtxc::SurfaceProperty& surface : properties.all()) {
        vtxc::fuzz::check(properties.find(surface.name) != nullptr);
        vtxc::fuzz::check(surface.density >= 0.0);
    }
    vtxc::fuzz::check(properties.lookup("\x01no such surface").property != nullptr);
    return 0;
}
