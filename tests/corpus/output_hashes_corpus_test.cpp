// The output of every corpus model, held byte for byte: each corpus QC and the SMD command lines
// of the project's output-hash script, compiled in-process through the library, must give .vvd and
// .vtx files (and the --report and layout.json text) whose SHA-256 is the figure recorded before
// the code was restructured. Restructuring, refactoring and speed work must not change one byte;
// a change that means to (a new rule, a better strip order) updates these figures with the reason.
// Changed since: the super soldier's QC files through $definebone, which puts the 56 defined bones
// first in the model's bone table as studiomdl does, so its .vvd weights and .vtx bone states
// name other indices. Added since: the .mdl of each compile (the same figures whatever folder the
// corpus is checked out in).
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
         "0fa10cfa62dbbea86c18a9a2c266e6e71945e70ee7f01a32d3d4982f6de8ceb8"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.mdl",
         "4976065cf0af120c4103108e54b936e9ee3e011157d5a2a6b74c242750a31824"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.mdl",
         "da88510ca7f91037ad5fe902c461643b003a3295f4c867da803200da82d68e88"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.mdl",
         "7d56e3eabd57e142811a4c65eaa996d1a8247b7ece29d10fcd64fe145cda0f79"},
        {"qc_w_grenade/models/weapons/w_grenade.mdl",
         "4ff2b50a6eac2f7943e8d13646a99fa94847c0358fd440690db81873a79d4059"},
        {"smd/bunker.mdl", "41d74cfe2099e97446e145937ab1957862a0c68f57e3159713ae1066dee1af07"},
        {"smd/chamberdoor.mdl", "0462749f01cafa167fc74160e5c1da13afd00e18a399c9f923c65522060e88f6"},
        {"smd/soldier.mdl", "4058692f428f48c187ae4923eafff641a14ac42a9b7b814167dd343f731a3624"},
        {"smd/soldier_dx80_12.mdl",
         "1f5de4abc4ff8e1e79abc44936557bcac0dfabf26821e66e193452fd821f782b"},
        {"smd/tree.mdl", "a2c26b75de4887837a863f2a73363b90ea3176a95dd14ea89d9ced74c2457574"},
        {"smd/w_grenade.mdl", "4b3cf4ca2e533df534c15d567958cceb6d34c8972a1da62078251b8a42bc2ed5"},
        {"qc_bunker_gun01.report.json",
         "25b2a8562e9254326b63ec40058f6513ee854069db7a148a1b8ed582ebcaa3ea"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.dx80.vtx",
         "2ac0abae85bf3f077cdf2a44e486bc44293dfc5413c0fe546dffe18b27a566e0"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.dx90.vtx",
         "a645bd6f2982e68593a03b5bb4d30941b1cc8d77fa67f3877b9c4b4974bcf3c3"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.layout.json",
         "478ed03bf5767d0e6b752a85d984c9a2d9bf3388acd1f1f7c17b4bb81a81f0b2"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.sw.vtx",
         "4f007dac176f5d8d9fbe730322e2cd9403406988b9819c300aa1d98ce9c738c5"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.vvd",
         "02c5067c70adc3683a43fcdc2830e5d92f105166c1e1f17193b742cea511b24b"},
        {"qc_chamberdoor_frame.report.json",
         "3d81960869df904b00a14fc9b8389fc1328876f8b42dce44b69bfd7c11cb6b0d"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.dx80.vtx",
         "a35533ea39527e9051d12979e4fe837e21cc3d6b032fee92cbc2209c8d160eab"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.dx90.vtx",
         "8b3e474cea85370629f41c1223aaa6c9242570591b2bd06a720e03ce447c415b"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.layout.json",
         "e0a766bec0f2114ac370ab3e73da2d6efe7dd4e14e2989fbae3260d88d132154"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.sw.vtx",
         "2ef9a5f560706c39c5becc4831fd20f7b927b2f0a8f70dc5f4b7f401f2d6cc89"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.vvd",
         "1e73d2385416eb260217b6fc441f94d8ac43a1d72e92be312b06145af2b8f4c5"},
        {"qc_combine_super_soldier.report.json",
         "dbb04bf18bb989b789b9834f982111cd6bf211d034b997fbe56718cd969da0bf"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.dx80.vtx",
         "34ed3227dc394386df91ca4669abe26c7a9be40cf39227597cfd5dc2eb4d305d"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.dx90.vtx",
         "c4734e6fd6144c31f47ca511061638c070e57435381d2f5207351f8f1d9b14bc"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.layout.json",
         "7c4a82c23511687f44327e7e4dcbf4c595b98542c9bd3187bc17f2c8414447f6"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.sw.vtx",
         "1b71e0049cbfec5efb91095d3fcda25e017f5229d1936c6c965484980555e917"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.vvd",
         "fac75640ad6deb04c16442a0b82c487b30e2982d36e304291fe5dbb0cb273df3"},
        {"qc_tree_pine04.report.json",
         "f00e78b1b759ff3fe5d1c255ce167446a949d8660b21ab7a98446c224e3c9a57"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.dx80.vtx",
         "1dd36018fedc972d823f22677d00ed475d17524f2a1af1a39c24dd70e9929577"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.dx90.vtx",
         "c22d3e2a1d4d037967fea183ff5e3eec747072a6e269a47353b49d53f0ae4ce0"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.layout.json",
         "9901188773fddc579bc3ec2dfd76e2b8a10c83d052812e5de7211666dfc1dd08"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.sw.vtx",
         "8ab18a4c50c27744c50dd495c769165c3d7b265165a3b426d7232c156def7b05"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.vvd",
         "68b75612e3a881185edafd7c249f68ff281f3fa5685aacf02f4ef3d21e36bbe4"},
        {"qc_w_grenade.report.json",
         "80fa8f2c4ca7d251144d6ecc954536832abdf57fb4aee9d18088d8e1cf8217fd"},
        {"qc_w_grenade/models/weapons/w_grenade.dx80.vtx",
         "f0655ec8bf43530f3f3ebd369b5c3fdd47a1fc5387eac5d629d9e871336fa09b"},
        {"qc_w_grenade/models/weapons/w_grenade.dx90.vtx",
         "2ce768b67f11ea731610c4fe1b559432c63b2e1101bba0995d45fd8b6d1d1834"},
        {"qc_w_grenade/models/weapons/w_grenade.layout.json",
         "192660c249b1ee21d8eed375b9fd8ed768b8eee9ab27ee90bbc7e3df054df500"},
        {"qc_w_grenade/models/weapons/w_grenade.sw.vtx",
         "7233e226c4506278d36bc485ee656afc14e64e1edcfa96e4cc7c933691a01a8c"},
        {"qc_w_grenade/models/weapons/w_grenade.vvd",
         "877f0d8fa1678935f40e90ae04d99e924ea000b741a82b2659ea530cec23303e"},
        {"smd/bunker.dx80.vtx", "2ac0abae85bf3f077cdf2a44e486bc44293dfc5413c0fe546dffe18b27a566e0"},
        {"smd/bunker.dx90.vtx", "a645bd6f2982e68593a03b5bb4d30941b1cc8d77fa67f3877b9c4b4974bcf3c3"},
        {"smd/bunker.layout.json",
         "a80705e3b215e4f31957fa2f68072e715e49c9e96da03648ca36505f1d3a6df4"},
        {"smd/bunker.sw.vtx", "4f007dac176f5d8d9fbe730322e2cd9403406988b9819c300aa1d98ce9c738c5"},
        {"smd/bunker.vvd", "02c5067c70adc3683a43fcdc2830e5d92f105166c1e1f17193b742cea511b24b"},
        {"smd/chamberdoor.dx80.vtx",
         "a35533ea39527e9051d12979e4fe837e21cc3d6b032fee92cbc2209c8d160eab"},
        {"smd/chamberdoor.dx90.vtx",
         "8b3e474cea85370629f41c1223aaa6c9242570591b2bd06a720e03ce447c415b"},
        {"smd/chamberdoor.layout.json",
         "3047a85b8278e3ec45471ebccf685db023f14a0193a8258a935dfdff4d00d254"},
        {"smd/chamberdoor.sw.vtx",
         "2ef9a5f560706c39c5becc4831fd20f7b927b2f0a8f70dc5f4b7f401f2d6cc89"},
        {"smd/chamberdoor.vvd", "1e73d2385416eb260217b6fc441f94d8ac43a1d72e92be312b06145af2b8f4c5"},
        {"smd/soldier.dx80.vtx",
         "b0883f78800e7a3de2b2f78e85ef9a8e9c37967cfe3b216b95fb2e22f4730099"},
        {"smd/soldier.dx90.vtx",
         "2aecd3ca38a8a5fd6465aa2202e5465b82cf13c28bdffa9debbcb6514eed17ca"},
        {"smd/soldier.layout.json",
         "149247752d0380bd8a461bea813e329f64b6de107972620e3237d0183879257b"},
        {"smd/soldier.sw.vtx", "9a1e7e62ba0ed0626e8cbc8c00e3e7b1f863a1b119d52c44a4322fcc5587b050"},
        {"smd/soldier.vvd", "c66187deb3fb4e104ab4397733c3a2789dd843efba8377275f01f25587c2efc2"},
        {"smd/soldier_dx80_12.dx80.vtx",
         "8327dada0611c7ace4cd7d0743f10d75e66e5bf4c1085dcbb5efbe10acdfed7a"},
        {"smd/soldier_dx80_12.dx90.vtx",
         "5fa80f006aae66fb2c2d76d58f01debb2697fc7d5adc3a312829110630bc49cc"},
        {"smd/soldier_dx80_12.layout.json",
         "e8b1e62442e8bd8f2b16f85e7b060ad8ed33b52a7024e3ba73f47bfc109ffd33"},
        {"smd/soldier_dx80_12.sw.vtx",
         "bf06276755bef10378674e0f0314741516e53e2a41b0202f3255eeb651ef0f30"},
        {"smd/soldier_dx80_12.vvd",
         "9d8075bd5441a300ceb54905dccc815a8555b8125b2b9327e61ea31fe6946cdd"},
        {"smd/tree.dx80.vtx", "1dd36018fedc972d823f22677d00ed475d17524f2a1af1a39c24dd70e9929577"},
        {"smd/tree.dx90.vtx", "c22d3e2a1d4d037967fea183ff5e3eec747072a6e269a47353b49d53f0ae4ce0"},
        {"smd/tree.layout.json",
         "0159bbebcf6ebaae4e97815d7b057e53112f036bf4e5f511cd96ef0c4b6a197e"},
        {"smd/tree.sw.vtx", "8ab18a4c50c27744c50dd495c769165c3d7b265165a3b426d7232c156def7b05"},
        {"smd/tree.vvd", "68b75612e3a881185edafd7c249f68ff281f3fa5685aacf02f4ef3d21e36bbe4"},
        {"smd/w_grenade.dx80.vtx",
         "f0655ec8bf43530f3f3ebd369b5c3fdd47a1fc5387eac5d629d9e871336fa09b"},
        {"smd/w_grenade.dx90.vtx",
         "2ce768b67f11ea731610c4fe1b559432c63b2e1101bba0995d45fd8b6d1d1834"},
        {"smd/w_grenade.layout.json",
         "41806f73d12640cde831eb8f2e584d400bf3399c572bfa959344e0e5780ffe63"},
        {"smd/w_grenade.sw.vtx",
         "7233e226c4506278d36bc485ee656afc14e64e1edcfa96e4cc7c933691a01a8c"},
        {"smd/w_grenade.vvd", "877f0d8fa1678935f40e90ae04d99e924ea000b741a82b2659ea530cec23303e"},
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
    ASSERT_EQ(output.files.size(), 5u) << base;
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
    const std::vector<fs::path> qcs = test::corpusFiles(".qc");
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
