// Tests of the diagnostic catalogues: every entry well formed, ids unique across catalogues, and
// the sources and the catalogues in step (every code the library folders report is catalogued,
// every catalogued code is reported somewhere). Reads the source tree, not the corpus.
#include "cli/code_catalogues.h"
#include "formats/common/diagnostic_catalogue.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <map>
#include <set>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

bool isDigits(std::string_view text) {
    return !text.empty() &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

TEST(DiagnosticCatalogue, IdsArePrefixAndThreeDigitsInOrderAndUniqueEverywhere) {
    std::set<std::string_view> seen;
    for (const DiagnosticCatalogue* catalogue : kAllCatalogues) {
        SCOPED_TRACE(std::string(catalogue->title));
        ASSERT_FALSE(catalogue->codes.empty());
        std::string_view previous;
        for (const DiagnosticCode& code : catalogue->codes) {
            ASSERT_EQ(code.id.size(), catalogue->prefix.size() + 3) << code.id;
            EXPECT_EQ(code.id.substr(0, catalogue->prefix.size()), catalogue->prefix) << code.id;
            EXPECT_TRUE(isDigits(code.id.substr(catalogue->prefix.size()))) << code.id;
            EXPECT_LT(previous, code.id) << "out of order";
            EXPECT_TRUE(seen.insert(code.id).second) << code.id << " is in two catalogues";
            previous = code.id;
        }
    }
}

TEST(DiagnosticCatalogue, ErrorsCarryAFailingExitStatusAndWarningsNone) {
    for (const DiagnosticCatalogue* catalogue : kAllCatalogues)
        for (const DiagnosticCode& code : catalogue->codes) {
            SCOPED_TRACE(std::string(code.id));
            if (code.severity == Severity::Error) {
                EXPECT_NE(code.exit, ExitCode::Ok);
                EXPECT_NE(code.exit, ExitCode::QualityRegression); // bench decides that one
            } else {
                EXPECT_EQ(code.exit, ExitCode::Ok);
            }
        }
}

TEST(DiagnosticCatalogue, SummaryAndRemedyAreOneLineEach) {
    for (const DiagnosticCatalogue* catalogue : kAllCatalogues)
        for (const DiagnosticCode& code : catalogue->codes) {
            SCOPED_TRACE(std::string(code.id));
            for (std::string_view text : {code.summary, code.remedy}) {
                EXPECT_FALSE(text.empty());
                EXPECT_EQ(text.find('\n'), std::string_view::npos);
                EXPECT_LE(text.size(), 120u) << text;
            }
        }
}

TEST(DiagnosticCatalogue, ReportTakesSeverityAndExitStatusFromTheEntry) {
    CollectingSink sink;
    sink.report(kQcCodes["QC010"], {"a.qc", 4, 2}, "missing include");
    EXPECT_EQ(sink.errorCount(), 0u);
    EXPECT_EQ(sink.warningCount(), 1u);
    sink.report(kQcCodes["QC001"], {"a.qc"}, "cannot read");
    EXPECT_EQ(sink.exitCode(), ExitCode::Io);
    ASSERT_NE(sink.find("QC010"), nullptr);
    EXPECT_EQ(sink.find("QC010")->severity, Severity::Warning);
    EXPECT_EQ(formatDiagnostic(*sink.find("QC010")), "a.qc:4:2: warning[QC010]: missing include");
    EXPECT_EQ(findCode(kQcCodes, "QC001"), &kQcCodes["QC001"]);
    EXPECT_EQ(findCode(kQcCodes, "QC999"), nullptr);
}

// True for "SMD004", "KV3005", "WEIGHT001": two or more capitals or digits starting with a
// capital, then three digits.
bool looksLikeCodeId(std::string_view text) {
    if (text.size() < 5 || text[0] < 'A' || text[0] > 'Z') return false;
    const std::string_view prefix = text.substr(0, text.size() - 3);
    return isDigits(text.substr(text.size() - 3)) &&
           std::all_of(prefix.begin(), prefix.end(),
                       [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

bool isIdentifierChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The string literals of a C++ source outside comments and character literals (escapes are kept
// as written; a quote after a digit is a digit separator, as in 500'000).
std::vector<std::string_view> stringLiterals(std::string_view text) {
    std::vector<std::string_view> literals;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\'' && i > 0 && isIdentifierChar(text[i - 1])) {
            continue;
        } else if (text.compare(i, 2, "//") == 0) {
            i = std::min(text.find('\n', i), text.size());
        } else if (text.compare(i, 2, "/*") == 0) {
            i = std::min(text.find("*/", i + 2), text.size());
        } else if (text[i] == '\'') {
            while (++i < text.size() && text[i] != '\'')
                if (text[i] == '\\') ++i;
        } else if (text[i] == '"') {
            const std::size_t start = i + 1;
            while (++i < text.size() && text[i] != '"')
                if (text[i] == '\\') ++i;
            literals.push_back(text.substr(start, i - start));
        }
    }
    return literals;
}

// Every quoted code id in the library sources (tests excluded), with the first file naming it.
// Comments do not count (an id mentioned is not an id reported), and the catalogue headers
// themselves define the ids, so they are left out.
std::map<std::string, std::string> codesReportedBySources() {
    std::map<std::string, std::string> found;
    const fs::path root = VTXC_SOURCE_DIR;
    for (const char* library :
         {"formats", "optimizer", "collision", "compiler", "anim", "tools", "cli"})
        for (const auto& entry : fs::recursive_directory_iterator(root / library)) {
            const fs::path& path = entry.path();
            const std::string name = path.filename().string();
            if (path.extension() != ".cpp" && path.extension() != ".h") continue;
            if (name.ends_with("_codes.h")) continue;
            const std::string text = test::readText(path);
            for (std::string_view literal : stringLiterals(text))
                if (looksLikeCodeId(literal))
                    found.emplace(std::string(literal), fs::relative(path, root).string());
        }
    return found;
}

TEST(DiagnosticCatalogue, SourceScanFindsQuotedIdsOutsideComments) {
    const std::string text = "report(kQcCodes[\"QC010\"], \"x\"); // \"QC011\"\n"
                             "/* \"QC012\" */ char c = '\"'; f(\"a \\\" QC013\", \"KV3005\");"
                             " int n = 500'000; g(\"VMDL033\");";
    std::vector<std::string> ids;
    for (std::string_view literal : stringLiterals(text))
        if (looksLikeCodeId(literal)) ids.emplace_back(literal);
    EXPECT_EQ(ids, (std::vector<std::string>{"QC010", "KV3005", "VMDL033"}));
}

TEST(DiagnosticCatalogue, EveryCodeTheSourcesReportIsCatalogued) {
    const auto reported = codesReportedBySources();
    ASSERT_GT(reported.size(), 100u) << "the source tree was not found at " << VTXC_SOURCE_DIR;
    for (const auto& [id, file] : reported) {
        bool known = false;
        for (const DiagnosticCatalogue* catalogue : kAllCatalogues)
            known = known || findCode(*catalogue, id) != nullptr;
        EXPECT_TRUE(known) << file << " reports " << id
                           << ", which no catalogue lists: add it to the domain's *_codes.h";
    }
}

TEST(DiagnosticCatalogue, EveryCataloguedCodeIsReportedSomewhere) {
    const auto reported = codesReportedBySources();
    for (const DiagnosticCatalogue* catalogue : kAllCatalogues)
        for (const DiagnosticCode& code : catalogue->codes)
            EXPECT_TRUE(reported.contains(std::string(code.id)))
                << code.id << " (" << catalogue->title
                << ") is reported nowhere: remove the entry, or report it";
}

} // namespace
} // namespace vtxc
