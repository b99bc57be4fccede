// libFuzzer target for the KV3 text reader, and for the model-document interpreter on what it
// accepts. External groups resolve against an empty in-memory file system: nothing is read.
#include "formats/kv3/kv3_reader.h"
#include "formats/vmdl/vmdl_document.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vtxc::NullSink sink;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto document = vtxc::parseKv3(text, "fuzz.vmdl", sink);
    if (document) {
        vtxc::kv3NamedObjects(*document);
        vtxc::MemoryFileSystem files;
        vtxc::interpretVmdl(*document, "fuzz.vmdl", "content", files, sink);
    }
    return 0;
}
