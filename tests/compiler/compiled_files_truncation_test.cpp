// Memory safety of the readers on every truncation of vtxc's own output, without the corpus: the
// bundled example is compiled in memory, and each prefix of its .vvd and .vtx files is copied into
// an allocation of exactly its length (as meshoptimizer's memory-safety tests do), so that
// AddressSanitizer reports any read past the cut. Every prefix must be rejected with an error of
// the file's reader; the whole file must read back.
#include "compiler/compiler.h"
#include "formats/studio/studio.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

CompileOutput compileExample() {
    const auto arm = std::filesystem::path(VTXC_SOURCE_DIR) / "examples" / "arm.smd";
    CollectingSink sink;
    auto output = compileProject(projectFromSmds(arm, {{10.0f, arm}}, std::nullopt), {}, sink);
    EXPECT_TRUE(output) << (sink.errors().empty() ? "" : formatDiagnostic(sink.errors()[0]));
    return output ? std::move(*output) : CompileOutput{};
}

template <typename Reader>
void expectEveryPrefixRejected(const std::vector<std::uint8_t>& file, const std::string& prefix,
                               Reader read) {
    ASSERT_GT(file.size(), 64u);
    {
        CollectingSink sink;
        EXPECT_TRUE(read(std::span<const std::uint8_t>(file), sink)) << "the whole file";
    }
    for (std::size_t length = 0; length < file.size(); ++length) {
        const std::vector<std::uint8_t> cut(file.begin(),
                                            file.begin() + static_cast<std::ptrdiff_t>(length));
        CollectingSink sink;
        ASSERT_FALSE(read(std::span<const std::uint8_t>(cut), sink)) << "length " << length;
        ASSERT_FALSE(sink.errors().empty()) << "length " << length;
        EXPECT_EQ(sink.errors().front().code.substr(0, 3), prefix) << "length " << length;
    }
}

TEST(CompiledFilesTruncation, EveryPrefixOfTheVvdIsRejected) {
    const CompileOutput output = compileExample();
    expectEveryPrefixRejected(writeVvd(output.vvd), "VVD", [](auto bytes, auto& sink) {
        return readVvd(bytes, "arm.vvd", sink).has_value();
    });
}

TEST(CompiledFilesTruncation, EveryPrefixOfEachVtxIsRejected) {
    const CompileOutput output = compileExample();
    ASSERT_EQ(output.vtx.size(), 3u);
    for (const VtxAssembly& variant : output.vtx) {
        SCOPED_TRACE(variantName(variant.variant));
        expectEveryPrefixRejected(writeVtx(variant.file), "VTX", [](auto bytes, auto& sink) {
            return readVtx(bytes, "arm.vtx", sink).has_value();
        });
    }
}

} // namespace
} // namespace vtxc
