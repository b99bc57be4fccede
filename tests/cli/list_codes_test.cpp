// Tests of `vtxc --list-codes`: the JSON form carries every catalogue entry as the code defines it,
// the text form names every code, the Markdown form is docs/diagnostics.md byte for byte (so the
// documentation cannot drift from the catalogues), and misuse is a usage error.
#include "cli/code_catalogues.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

TEST(ListCodesCli, MarkdownIsDocsDiagnosticsMdByteForByte) {
    const auto result = test::runVtxc({"--list-codes", "--markdown"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const std::string docs =
        test::readText(std::filesystem::path(VTXC_SOURCE_DIR) / "docs" / "diagnostics.md");
    EXPECT_EQ(result.out, docs)
        << "docs/diagnostics.md is out of date: run `vtxc --list-codes --markdown > "
           "docs/diagnostics.md`";
}

TEST(ListCodesCli, JsonCarriesEveryEntryOfEveryCatalogue) {
    const auto result = test::runVtxc({"--list-codes", "--json"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    ASSERT_EQ(json.size(), std::size(kAllCatalogues));
    for (std::size_t c = 0; c < json.size(); ++c) {
        const DiagnosticCatalogue& catalogue = *kAllCatalogues[c];
        EXPECT_EQ(json[c]["prefix"], catalogue.prefix);
        EXPECT_EQ(json[c]["title"], catalogue.title);
        ASSERT_EQ(json[c]["codes"].size(), catalogue.codes.size());
        for (std::size_t i = 0; i < catalogue.codes.size(); ++i) {
            const auto& entry = json[c]["codes"][i];
            const DiagnosticCode& code = catalogue.codes[i];
            EXPECT_EQ(entry["id"], code.id);
            EXPECT_EQ(entry["severity"], severityLabel(code.severity));
            EXPECT_EQ(entry["exit"], static_cast<int>(code.exit));
            EXPECT_EQ(entry["summary"], code.summary);
            EXPECT_EQ(entry["remedy"], code.remedy);
        }
    }
}

TEST(ListCodesCli, TextNamesEveryCodeWithItsExitStatus) {
    const auto result = test::runVtxc({"--list-codes"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    for (const DiagnosticCatalogue* catalogue : kAllCatalogues)
        for (const DiagnosticCode& code : catalogue->codes)
            EXPECT_NE(result.out.find("  " + std::string(code.id) + " "), std::string::npos)
                << code.id;
    EXPECT_NE(result.out.find("RST008    error (exit 2)"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("QC010     warning"), std::string::npos) << result.out;
}

TEST(ListCodesCli, FormatsWithoutListCodesOrWithASubcommandAreUsageErrors) {
    const auto json = test::runVtxc({"--json"});
    EXPECT_EQ(json.exitStatus, 1);
    EXPECT_NE(json.err.find("--list-codes"), std::string::npos) << json.err;
    EXPECT_EQ(test::runVtxc({"--list-codes", "--json", "--markdown"}).exitStatus, 1);
    EXPECT_EQ(test::runVtxc({"--list-codes", "inspect", "x.smd"}).exitStatus, 1);
    EXPECT_EQ(test::runVtxc({}).exitStatus, 1); // no subcommand
}

} // namespace
} // namespace vtxc
