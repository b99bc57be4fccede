// libFuzzer target for the two files `vtxc build` reads back from a game folder that others may
// write to: the build record (.vtxc-build.json) and a compile's depfile. Whatever either reader
// accepts writes back to text that reads to the same thing.
#include "tests/fuzz/fuzz_input.h"
#include "tools/tree_build.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::string_view recordText = vtxc::fuzz::nextPart(input);
    if (const auto record = vtxc::parseBuildRecord(recordText)) {
        const std::string written = vtxc::buildRecordText(*record);
        const auto again = vtxc::parseBuildRecord(written);
        vtxc::fuzz::check(again.has_value());
        vtxc::fuzz::check(vtxc::buildRecordText(*again) == written);
    }
    // Make's format has no escape for control characters (a tab or a carriage return ends a word
    // where Make reads it), none that Make and Ninja agree on for ':', and none for a backslash
    // that ends a word (GCC's depfiles share these limits): only paths free of them must come
    // back unchanged; any other input only must not crash the reader.
    const auto printable = [](const std::vector<std::filesystem::path>& paths) {
        for (const auto& path : paths) {
            if (!path.empty() && path.string().back() == '\\') return false;
            for (const char c : path.string())
                if (static_cast<unsigned char>(c) < 0x20 || c == ':') return false;
        }
        return true;
    };
    const auto depfile = vtxc::parseDepfile(input);
    if (depfile && printable(depfile->outputs) && printable(depfile->inputs)) {
        const auto again = vtxc::parseDepfile(vtxc::depfileText(*depfile));
        vtxc::fuzz::check(again.has_value());
        vtxc::fuzz::check(again->outputs == depfile->outputs);
        vtxc::fuzz::check(again->inputs == depfile->inputs);
    }
    return 0;
}
