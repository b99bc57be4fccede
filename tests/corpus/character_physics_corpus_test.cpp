// The characters' collision models (the folder `characters/` beside the corpus): a head built on
// Valve's standard human ragdoll .qci compiles as studiomdl compiled it. That .qci merges
// "valvebiped.bip01", a bone the head's reference SMDs have but weight nothing to, so the model
// leaves it out; studiomdl skips the merge (its .phy keeps it in editparams as written), and so
// does vtxc, with a warning (docs/mdl-compile.md, "Collision model").
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "formats/phy/phy.h"
#include "testing/diagnostic_text.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <map>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

// Solid name -> its parent's name ("" for the root), from the text blocks.
std::map<std::string, std::string> solidParents(const PhyText& text) {
    std::map<std::string, std::string> parents;
    for (const PhyTextBlock* block : text.blocksOf(PhyBlockKind::Solid)) {
        const std::string* name = block->find("name");
        const std::string* parent = block->find("parent");
        if (name) parents[*name] = parent ? *parent : std::string();
    }
    return parents;
}

TEST(CharacterPhysicsCorpus, AHeadOnTheStandardRagdollHasValvesSolidsAndSkipsTheMissingMerge) {
    VTXC_REQUIRE_CORPUS();
    const fs::path root = test::corpusDir().parent_path() / "characters" / "male_07";
    ASSERT_TRUE(fs::exists(root / "src" / "male_07.qc"))
        << "the characters folder is missing beside the corpus: " << root;
    CollectingSink sink;
    const auto project = readQcModelProject(root / "src" / "male_07.qc", sink);
    ASSERT_TRUE(project) << test::diagnosticsText(sink);
    const auto output = compileProject(*project, CompileOptions{}, sink);
    ASSERT_TRUE(output && output->physics) << test::diagnosticsText(sink);

    // One warning, at the merge of the left-out bone (line 10 of the ragdoll .qci).
    ASSERT_EQ(test::countCode(sink, "PHYS012"), 1u) << test::diagnosticsText(sink);
    const Diagnostic* skipped = sink.find("PHYS012");
    EXPECT_EQ(fs::path(skipped->location.file).filename(), "male_base_ragdoll.qci");
    EXPECT_EQ(skipped->location.line, 10u);
    EXPECT_NE(skipped->message.find("'valvebiped.bip01'"), std::string::npos);

    CollectingSink valveSink;
    const std::string bytes = test::readText(root / "valve" / "male_07_01.phy");
    const auto valve = readPhy({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()},
                               "male_07_01.phy", valveSink);
    ASSERT_TRUE(valve) << test::diagnosticsText(valveSink);

    // Valve's 19 solids, each with Valve's parent: Spine1 merged into the pelvis, nothing into
    // the bone left out.
    const auto ours = solidParents(output->physics->phy.text);
    EXPECT_EQ(ours.size(), 19u);
    EXPECT_EQ(ours, solidParents(valve->text));
    const auto editParams = [](const PhyText& text) {
        const auto blocks = text.blocksOf(PhyBlockKind::EditParams);
        return blocks.empty() ? std::vector<std::string>{} : blocks[0]->all("jointmerge");
    };
    EXPECT_EQ(editParams(output->physics->phy.text), editParams(valve->text));
    EXPECT_EQ(editParams(valve->text).size(), 2u);
}

} // namespace
} // namespace vtxc
