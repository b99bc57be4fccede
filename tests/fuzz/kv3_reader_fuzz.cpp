// libFuzzer target for the KV3 text reader, and for the model-document interpreter on what it
// accepts. External groups resolve against a content root that does not exist: nothing is read.
#include "formats/kv3/kv3_reader.h"
#include "formats/vmdl/vmdl_document.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {
class DiscardingSink : public vtxc::DiagnosticSink {
  protected:
    void deliver(const vtxc::Diagnostic&) override {}
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    DiscardingSink sink;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto document = vtxc::parseKv3(text, "fuzz.vmdl", sink);
    if (document) {
        vtxc::kv3NamedObjects(*document);
        vtxc::interpretVmdl(*document, "fuzz.vmdl", "/nonexistent/vtxc-fuzz-content", sink);
    }
    return 0;
}
