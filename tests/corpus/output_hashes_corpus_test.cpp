// The output of every corpus model, held byte for byte: each corpus QC and the SMD command lines
// of the project's output-hash script, compiled in-process through the library, must give .vvd and
// .vtx files (and the --report and layout.json text) whose SHA-256 is the figure recorded before
// the code was restructured. Restructuring, refactoring and speed work must not change one byte;
// a change that means to (a new rule, a better strip order) updates these figures with the reason.
// Changed since: the super soldier's QC files through $definebone, which puts the 56 defined bones
// first in the model's bone table as studiomdl does, so its .vvd weights and .vtx bone states
// name other indices. Added since: the .mdl of each compile (the same figures whatever folder the
// corpus is checked out in). Changed since: the content checksum, hashed in four lanes of 8-byte
// words instead of FNV-1a a byte at a time (compiler/checksum.h), which changes the 4 checksum
// bytes of every header and the checksum of every layout.json, and nothing else (compared file by
// file with the earlier build's output).
#include "compiler/compile.h"
#include "compiler/compile_json.h"
#include "compiler/qc_import.h"
#include "testing/sha256.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <map>
#include <string>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

// sha256sum of each file as `vtxc compile` writes it, named as the hash script lays them out:
// qc_STEM/models/NAME.SUFFIX (and qc_STEM.report.json) for QCs, smd/NAME.SUFFIX for SMD inputs.
const std::map<std::string, std::string>& recordedHashes() {
    static const std::map<std::string, std::string> hashes{
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.mdl",
         "ba9fda5752165539690e4d8fe8902e4c69a8259967ae5d5f812b41c2907bf003"},
        // The .mdl's mass: $automass now computes it (the default density: no --game-dir).
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.mdl",
         "e6b5e30987388fc6b49241322e5acf3ce312d765355677c43b87df92743c0466"},
        // The collision models.
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.phy",
         "0e8ed7e4d877ec033eb57c11b0b9b84039f53536c4eb9a249a42f3c832ed773a"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.phy",
         "033e5825137d66d1ad5c5bff6e41b1fdddbd592e5bd78e893d99bf19ed982737"},
        {"qc_w_grenade/models/weapons/w_grenade.phy",
         "7dab1860ed80451fa00ee2b71538a504a9311ebd688c07224b7167332dcde2f7"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.mdl",
         "6e9ba979ad0c62a4bc5ec9c2a986981180a54e360d50f17777c08227c7b73c5a"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.mdl",
         "d2eea8dfbd2a97b7c90fb1c898c85311da18e21dd3b338c725284dbf6a22c3ff"},
        {"qc_w_grenade/models/weapons/w_grenade.mdl",
         "e5db3f235b70dd9133c4e09e7ab2c7b8567096ce4987b77e7213b8844a3b0d82"},
        {"smd/bunker.mdl", "4fa92596f686ba31c8c0a619e8c39cac5f9747a4772b0a3fb7ee29b4f64171d0"},
        {"smd/chamberdoor.mdl", "2392f54108b55c277a1f5bec0d357d04ea9731a1a5c2cdca76926bff37813cb9"},
        {"smd/soldier.mdl", "08e5ed9c1ebd2b9cefd4aec0ebdb433ac946a78a9f7d87135b983ad6197ef9a4"},
        {"smd/soldier_dx80_12.mdl",
         "f3db4224cd12117ae99ac2978d7f5ce9b0f1cae5ff07176c3dd37f426cb98076"},
        {"smd/tree.mdl", "f39a50c85fcfdd7aa1fa6f98ca6737ef76359d86e531bb5145dd70ca10295a02"},
        {"smd/w_grenade.mdl", "dcf38caff7e15549c516d918617ef75279955888ccc99a9980abe6aee1dc998e"},
        {"qc_bunker_gun01.report.json",
         "25b2a8562e9254326b63ec40058f6513ee854069db7a148a1b8ed582ebcaa3ea"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.dx80.vtx",
         "b45ce444e4cf13d83ff03d0a203c74733e5b0258e3be0a9a89486513b67d149a"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.dx90.vtx",
         "8ee26968e0b423e1c0c08fec6be83c34b2ea71f989b0f3d1bb17c232053663cd"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.layout.json",
         "d683dbf91c0f1ede82c44afedc70bb6b25b593f9dd9c061865e1ef7578439ba1"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.sw.vtx",
         "47222c9db638105a88d5b1479cd2bc4eecf21dbec17e7811d6f6cd9539b4b790"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.vvd",
         "75991b4cef4267ef882a4ef8531da4c7b8c0f5d91eceab8adf9dc169be962060"},
        {"qc_chamberdoor_frame.report.json",
         "3d81960869df904b00a14fc9b8389fc1328876f8b42dce44b69bfd7c11cb6b0d"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.dx80.vtx",
         "e78002205996e80cb2d7dd6dfde84cb1215a4325d18d51a354ad01f49488be05"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.dx90.vtx",
         "b3c67fa01abf9a74627370414c232b904260d72b935396dfcabb3f0eddc030ce"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.layout.json",
         "1df208939d41bf46d36c0d13a39908e9055e55b9b6f30d62af4741289bd71ecc"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.sw.vtx",
         "c5fcd4c6d9389c5c6fd9d5c30462f77a6bd96654f05fc348549cee0aca3c97fd"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.vvd",
         "51d0489f57912cb7e1c33b1f6a9b5e684ffe16eae2586e0d4c0b654e611db2f0"},
        {"qc_combine_super_soldier.report.json",
         "dbb04bf18bb989b789b9834f982111cd6bf211d034b997fbe56718cd969da0bf"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.dx80.vtx",
         "9f06f47e98366d15a2f6f8b91b47dd563347ab56f4188b1de49eebbfa9ccd719"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.dx90.vtx",
         "53089af918defd5cd6eb7d9835dc8e0c5fbeddd56e8102d3ca8f5d4182276ab6"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.layout.json",
         "c6ae7a8acee94845b5d876b326b05b66b0ff01e87da5fae806407603982e8b49"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.sw.vtx",
         "4d9becd8c159c3fad9f54fcbbbf593052ea6b402fbbc4c59e331e6a5239def44"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.vvd",
         "f2fa00aa9f0a671bcc0bc302416cedebf6c2ef89e2ff9128319fd911ae6f5da6"},
        {"qc_tree_pine04.report.json",
         "f00e78b1b759ff3fe5d1c255ce167446a949d8660b21ab7a98446c224e3c9a57"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.dx80.vtx",
         "85199ba4cc7b1be2c5477979ba256e95f1cf7eaa6241d03e7da9c83a81c75d9b"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.dx90.vtx",
         "2e15fdb9c2d959efb9785a665190646df22452f688a199e828d0eaabd2090493"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.layout.json",
         "aae484d32c0afdfdb9b16dcede759b4763cfa25b3df7626ed2b26abb23d71b58"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.sw.vtx",
         "597855cb46826c44ac9c1fcec9c1a2ec8d54367e65845abf3ba297ac3058971e"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.vvd",
         "6fbe578e54cceb1c9c413927ecfde7d09c5d6a559340e7375ea59e62b7d9824a"},
        {"qc_w_grenade.report.json",
         "80fa8f2c4ca7d251144d6ecc954536832abdf57fb4aee9d18088d8e1cf8217fd"},
        {"qc_w_grenade/models/weapons/w_grenade.dx80.vtx",
         "24aaf1c407849b7e26d593ba402b518040000f1b6d25ce70d9eede67b400438d"},
        {"qc_w_grenade/models/weapons/w_grenade.dx90.vtx",
         "07129fea94451fc668c3094e01d21cec66ac5fc3e87ea9219a353d773594c8ca"},
        {"qc_w_grenade/models/weapons/w_grenade.layout.json",
         "ddf1081a5e2c5498c186c1085f9c9ed62acc7ea8bee920d2893dc57722969eac"},
        {"qc_w_grenade/models/weapons/w_grenade.sw.vtx",
         "d82cbb9e6caf3d7a841eda6e91c12654410e34db6024722b76c2690c5a2147f0"},
        {"qc_w_grenade/models/weapons/w_grenade.vvd",
         "b6bfaa1a52980230fac73e9cb4a2c6b891aff494d5d1b0253cd848114c016440"},
        {"smd/bunker.dx80.vtx", "b45ce444e4cf13d83ff03d0a203c74733e5b0258e3be0a9a89486513b67d149a"},
        {"smd/bunker.dx90.vtx", "8ee26968e0b423e1c0c08fec6be83c34b2ea71f989b0f3d1bb17c232053663cd"},
        {"smd/bunker.layout.json",
         "3c9c5edcdbe32ee4fbbed83e1f39ae14b8edec5f49a03dcf8f1b9b0f2f72b6e6"},
        {"smd/bunker.sw.vtx", "47222c9db638105a88d5b1479cd2bc4eecf21dbec17e7811d6f6cd9539b4b790"},
        {"smd/bunker.vvd", "75991b4cef4267ef882a4ef8531da4c7b8c0f5d91eceab8adf9dc169be962060"},
        {"smd/chamberdoor.dx80.vtx",
         "e78002205996e80cb2d7dd6dfde84cb1215a4325d18d51a354ad01f49488be05"},
        {"smd/chamberdoor.dx90.vtx",
         "b3c67fa01abf9a74627370414c232b904260d72b935396dfcabb3f0eddc030ce"},
        {"smd/chamberdoor.layout.json",
         "67fd086697c47099c23617037f6813bfca8b9c72b5aa7628cbfa04a8740be878"},
        {"smd/chamberdoor.sw.vtx",
         "c5fcd4c6d9389c5c6fd9d5c30462f77a6bd96654f05fc348549cee0aca3c97fd"},
        {"smd/chamberdoor.vvd", "51d0489f57912cb7e1c33b1f6a9b5e684ffe16eae2586e0d4c0b654e611db2f0"},
        {"smd/soldier.dx80.vtx",
         "a4137a409ad35ac63601e8eb11075167b2ef1c77b727a9205688becba9014ea9"},
        {"smd/soldier.dx90.vtx",
         "48bea01e29d31e8df719aab01ddba27142ea8098bdedd1dc5dab4a2ae76fcd01"},
        {"smd/soldier.layout.json",
         "90859d583c0bfe3b628eb665be0bb2b6a7056a6076a7274147014eca00764912"},
        {"smd/soldier.sw.vtx", "8196db229ba28991ed5235c5d14b4f2838bb0b010488704d8d866ec1e46677eb"},
        {"smd/soldier.vvd", "c89fca1b3f1b8820a81c204bbc6ce1b143c9f149b02b852ccc47f79c62993967"},
        {"smd/soldier_dx80_12.dx80.vtx",
         "e43eaf630c592cfb52a9bb206195f3d8aa682ab4ad4c094f1870a016f53a0195"},
        {"smd/soldier_dx80_12.dx90.vtx",
         "059e887a3e8d57f4a277ff29f5f158ce2d579dd5f4191f3c358ee28322607abf"},
        {"smd/soldier_dx80_12.layout.json",
         "85fbb7953ca74d21f9b6f0e13a660e59c8ac978ba39dafec7558c340ad8fb583"},
        {"smd/soldier_dx80_12.sw.vtx",
         "12af6438fcf7c473d2e86bb7eb5cf887f95bb0ea24bb3f2f2de768764347afdf"},
        {"smd/soldier_dx80_12.vvd",
         "fed97c221ff7c5587c78f4d5e4c19e3b71d671a98a017cade88a3bd29702ea99"},
        {"smd/tree.dx80.vtx", "85199ba4cc7b1be2c5477979ba256e95f1cf7eaa6241d03e7da9c83a81c75d9b"},
        {"smd/tree.dx90.vtx", "2e15fdb9c2d959efb9785a665190646df22452f688a199e828d0eaabd2090493"},
        {"smd/tree.layout.json",
         "57501674886444d86e8a231098b0f262c45fc5b2c54010b48e9a9bc0787fc397"},
        {"smd/tree.sw.vtx", "597855cb46826c44ac9c1fcec9c1a2ec8d54367e65845abf3ba297ac3058971e"},
        {"smd/tree.vvd", "6fbe578e54cceb1c9c413927ecfde7d09c5d6a559340e7375ea59e62b7d9824a"},
        {"smd/w_grenade.dx80.vtx",
         "24aaf1c407849b7e26d593ba402b518040000f1b6d25ce70d9eede67b400438d"},
        {"smd/w_grenade.dx90.vtx",
         "07129fea94451fc668c3094e01d21cec66ac5fc3e87ea9219a353d773594c8ca"},
        {"smd/w_grenade.layout.json",
         "918c068ccb7b5e40418303272449c43c2920fc83899db00c6a238917d19e8842"},
        {"smd/w_grenade.sw.vtx",
         "d82cbb9e6caf3d7a841eda6e91c12654410e34db6024722b76c2690c5a2147f0"},
        {"smd/w_grenade.vvd", "b6bfaa1a52980230fac73e9cb4a2c6b891aff494d5d1b0253cd848114c016440"},
    };
    return hashes;
}

std::string textHash(const std::string& text) {
    return test::sha256Hex(
        std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

// Every file of `output` against the table, under `base` ("qc_STEM/models/NAME" or "smd/NAME").
void expectRecorded(const CompileOutput& output, const std::string& base) {
    const auto& hashes = recordedHashes();
    // .vvd, three .vtx, .mdl, and the .phy when the model has a collision model.
    ASSERT_EQ(output.files.size(), output.physics ? 6u : 5u) << base;
    for (const CompiledFile& file : output.files) {
        const std::string name = base + "." + file.suffix;
        ASSERT_EQ(hashes.count(name), 1u) << name;
        EXPECT_EQ(test::sha256Hex(file.bytes), hashes.at(name)) << name;
    }
    // The layout names the generator: pinned to the version the figures were recorded with.
    ModelLayout layout = output.layout;
    layout.generator = "vtxc 0.1.0";
    EXPECT_EQ(textHash(layoutJsonText(layout)), hashes.at(base + ".layout.json")) << base;
}

// One SMD command line of the hash script: `vtxc compile REFERENCE [--lod ...] [--shadow-lod ...]
// [--static-prop] [options] -o smd/NAME`.
struct SmdCommand {
    std::string name;
    fs::path reference;
    std::vector<LodArgument> lods;
    std::optional<fs::path> shadow;
    bool staticProp = false;
    CompileOptions options;
};

void expectRecorded(const SmdCommand& command) {
    SCOPED_TRACE(command.name);
    ModelProject project = projectFromSmds(command.reference, command.lods, command.shadow);
    project.staticProp = command.staticProp;
    CollectingSink sink;
    const auto output = compileProject(project, command.options, sink);
    ASSERT_TRUE(output.has_value());
    expectRecorded(*output, "smd/" + command.name);
}

// `base`_lod1.smd, _lod2.smd, ... at these switch points.
std::vector<LodArgument> lodsOf(const fs::path& base, const std::vector<float>& switchPoints) {
    std::vector<LodArgument> lods;
    for (std::size_t i = 0; i < switchPoints.size(); ++i)
        lods.push_back({switchPoints[i], base.string() + "_lod" + std::to_string(i + 1) + ".smd"});
    return lods;
}

fs::path smd(const fs::path& base) {
    return base.string() + ".smd";
}

TEST(OutputHashes, HashingMatchesSha256sum) {
    EXPECT_EQ(textHash(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(textHash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // 56 bytes: the length no longer fits the first block.
    EXPECT_EQ(textHash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(textHash(std::string(1000, 'a')),
              "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
}

TEST(OutputHashes, EveryCorpusQcCompilesToTheRecordedBytes) {
    VTXC_REQUIRE_CORPUS();
    // The single-model folders' QCs: the recorded hashes are of those compiles.
    const std::vector<fs::path> qcs = test::corpusModelFiles(".qc");
    ASSERT_EQ(qcs.size(), 5u);
    for (const fs::path& qc : qcs) {
        SCOPED_TRACE(qc.string());
        CollectingSink sink;
        const auto project = readQcModelProject(qc, sink);
        ASSERT_TRUE(project.has_value());
        const auto output = compileProject(*project, {}, sink);
        ASSERT_TRUE(output.has_value());
        const std::string stem = "qc_" + qc.stem().string();
        expectRecorded(*output, stem + "/models/" + project->name);
        EXPECT_EQ(textHash(qualityReportJsonText(output->report)),
                  recordedHashes().at(stem + ".report.json"));
    }
}

TEST(OutputHashes, TheSmdCommandLinesCompileToTheRecordedBytes) {
    VTXC_REQUIRE_CORPUS();
    const fs::path c = test::corpusDir();
    const fs::path door = c / "chamberdoor_frame/chamberdoor_frame";
    const fs::path bunker = c / "bunker_gun01/bunker_gun01_reference";
    const fs::path soldier =
        c / "combine_super_soldier_choreo/combine_super_soldier_Super_Soldier_reference";
    const fs::path tree = c / "tree_pine04/Tree_pine04";
    CompileOptions small;
    small.vertCacheSize = 12;
    small.bonesPerStrip = 20;
    small.threads = 1;
    const SmdCommand commands[] = {
        {"w_grenade", c / "w_grenade/Grenade_reference.smd", {}, std::nullopt, false, {}},
        {"chamberdoor",
         smd(door.string() + "_ref"),
         {{512, smd(door.string() + "_lod1")}},
         std::nullopt,
         true,
         {}},
        {"bunker", smd(bunker), lodsOf(bunker, {10, 13, 16, 20}), std::nullopt, false, {}},
        {"soldier",
         smd(soldier),
         lodsOf(soldier, {10, 25, 40, 60}),
         smd(soldier.string() + "_lod5"),
         false,
         {}},
        {"tree", smd(tree), lodsOf(tree, {150, 200, 250}), std::nullopt, true, {}},
        {"soldier_dx80_12", smd(soldier), {}, std::nullopt, false, small},
    };
    for (const SmdCommand& command : commands)
        expectRecorded(command);
}

} // namespace
} // namespace vtxc
