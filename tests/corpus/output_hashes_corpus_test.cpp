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
// file with the earlier build's output). Changed since: the LOD vertex sharing rule measured on
// the corpus (docs/formats.md, "LOD vertex sharing": UV 0.001, normals and, for vertices a LOD
// after LOD 0 added, tangents within 10 degrees; the closest UV wins), which changes the LOD
// vertices of bunker_gun01, combine_super_soldier_choreo and tree_pine04 and so their .vvd, .vtx,
// .mdl, layout.json and --report (bunker_gun01, super soldier), and through the content
// checksum bunker_gun01's .phy. Changed since: unused bones (docs/mdl-compile.md, "Unused bones
// and a LOD's bone rules"): the super soldier's ValveBiped.Cod, which no $definebone, attachment,
// hitbox or animation names, is folded into ValveBiped.Bip01_Pelvis as in Valve's file (56 bones),
// which changes its .vvd weights, its .vtx bone states, its .mdl, layout.json and --report; no
// other model has such a bone, and the SMD form keeps every node. Changed since: the IK rule
// index rule (docs/mdl-compile.md, "IK rules and locks": a rule's index is its place only in an
// animation some sequence plays), which gives the super soldier's a_pose_neutral Valve's indices;
// its .mdl changes and nothing else. Changed since: sequence boxes measured on the animation's
// frames as read, before encoding, as Valve's are (docs/mdl-compile.md, "Sequence boxes"): the
// .mdl of bunker_gun01, the super soldier and w_grenade (QC and SMD forms) moves by rounding
// only, and w_grenade's idle box now equals Valve's within 2e-6 (it was 2e-3 off). Changed
// since: animation values and IK error values truncated toward zero as Valve's encoder does,
// not rounded (docs/mdl-compile.md, "Quantisation"): bunker_gun01's .mdl, whose animated values
// equal Valve's in 1019 of 1179 places (732 before), and the super soldier's, whose IK error
// values equal Valve's in 1010 of 1212 (505 before); the other models' animations are raw
// records and keep their bytes.
#include "compiler/compile.h"
#include "compiler/compile_json.h"
#include "compiler/project/qc_import.h"
#include "testing/test_support.h"
#include "tools/content_hash.h"

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
         "a8848edc29cfad4ace18bf882b52a20b3cbf618a1885eedf3d4646a9aa5c7cf4"},
        // The .mdl's mass: $automass now computes it (the default density: no --game-dir).
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.mdl",
         "e6b5e30987388fc6b49241322e5acf3ce312d765355677c43b87df92743c0466"},
        // The collision models.
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.phy",
         "7778def267c9952e73f6c3fbb711700cfe568c493e634c49dc856f5d00a9f08c"},
        {"qc_chamberdoor_frame/models/props_gameplay/chamberdoor_frame.phy",
         "033e5825137d66d1ad5c5bff6e41b1fdddbd592e5bd78e893d99bf19ed982737"},
        {"qc_w_grenade/models/weapons/w_grenade.phy",
         "7dab1860ed80451fa00ee2b71538a504a9311ebd688c07224b7167332dcde2f7"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.mdl",
         "29247a4030df9c5355a2b85d859ed0c7cf1ec34937df3201bf47fa835ec08359"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.mdl",
         "207ebfc61cb13cf097353533859e4a1ea310015b5ed95d1e432e927d92e6b2b8"},
        {"qc_w_grenade/models/weapons/w_grenade.mdl",
         "fb6b5391c2935b132548676eee93f41771a4f7726989a9c1602806129d8a1f94"},
        {"smd/bunker.mdl", "45f9de5d7ff9c827567865d7cc60d0aec2f56fc0b721908db7d8f17c9a55071f"},
        {"smd/chamberdoor.mdl", "2392f54108b55c277a1f5bec0d357d04ea9731a1a5c2cdca76926bff37813cb9"},
        {"smd/soldier.mdl", "d8b13dcfd32fd26279dcc492c0b0b89b9c554140eab9fe7844e5ba30c6c10d51"},
        {"smd/soldier_dx80_12.mdl",
         "669c399f8f3c0d6e67e963e1a1417d73518843428146408ae75bc9ce8ec849d1"},
        {"smd/tree.mdl", "fbb767940266bb5124fc605ec3a088a869aa1df48dbec608045d07ce2321fb72"},
        {"smd/w_grenade.mdl", "7c87471e16ec3bf4f3cf9c9df1db9fdd9646c4401b39147ee4d9ebe4f775216f"},
        {"qc_bunker_gun01.report.json",
         "4960e1a484b6ebfd4fbed286741a2526cca7e2f6648c44cb815644c7e91c9786"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.dx80.vtx",
         "49a15f6a280dcf594c8722ab9b83e2b5eff03a8debafe9055d1075495ec2dcc9"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.dx90.vtx",
         "79db9c4e9032c699d70e9eb3d320f321001487dd4b7145d8e0286b48d3c4d698"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.layout.json",
         "fdec0eb01550dd972c1a7f8159a2f95a6cd79ca6680f250ed9718e683fc9ac65"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.sw.vtx",
         "e7ad9c6afe0afb7b4cb988717944baf8ae0cbb5aa5b65fe7c3ae19c400b1db69"},
        {"qc_bunker_gun01/models/props_combine/bunker_gun01.vvd",
         "045b9cf1bb721dde9fef401928313f0a53d8eff76366eb362c93f1554976278d"},
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
         "96fb7e1400e4601f8ff67ef1b2342f3263768d56342a9d1b4ac8bd8cf9858d27"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.dx80.vtx",
         "94d99170e08e8160bb7333c5dea527a2453b81e32a2f07d42124fe92f7404ce3"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.dx90.vtx",
         "544596c282802675606a0d83335843594bb0fbf692ced87beba8cf9f0e3cde96"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.layout.json",
         "c060065cc104a9c3af26b7917703db8d48fb9c6de8b4f23e24e4aa504964422e"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.sw.vtx",
         "58ab3c726e1be45ab9daa5536f60a329855e51c4d67b7ff0710970b306a61605"},
        {"qc_combine_super_soldier/models/combine_super_soldier_choreo.vvd",
         "153fb0a5bce90c75cdb8e34b4b3017ef28e31ea6f044ceb4d739b9ff70a2a7ea"},
        {"qc_tree_pine04.report.json",
         "f00e78b1b759ff3fe5d1c255ce167446a949d8660b21ab7a98446c224e3c9a57"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.dx80.vtx",
         "e120b55aafd5a40a379d4a7a418d90ee7b74ef0c55d1f392f03b0499b28dc078"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.dx90.vtx",
         "7b7a34015fb1c29050379f6f468cbc7b8f7d1aecea2e4b590beeb99ace319d26"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.layout.json",
         "140d02dee7a0a49293b6bdb7ab78bdff32e212636b51b69d86a0e3e567bd9969"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.sw.vtx",
         "cb007cf9e1f9df53370c941bb734be1991c0659e95937b7fc82533a59b57c94c"},
        {"qc_tree_pine04/models/props_foliage/Tree_pine04.vvd",
         "ee04c3297396b03c1a86d6762e213780fbee8639fce33e263e9d56aca658465b"},
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
        {"smd/bunker.dx80.vtx", "49a15f6a280dcf594c8722ab9b83e2b5eff03a8debafe9055d1075495ec2dcc9"},
        {"smd/bunker.dx90.vtx", "79db9c4e9032c699d70e9eb3d320f321001487dd4b7145d8e0286b48d3c4d698"},
        {"smd/bunker.layout.json",
         "ed8b0897784fac98fe93b5ce17ae22dd29f501862a698d831148d911dcdd242f"},
        {"smd/bunker.sw.vtx", "e7ad9c6afe0afb7b4cb988717944baf8ae0cbb5aa5b65fe7c3ae19c400b1db69"},
        {"smd/bunker.vvd", "045b9cf1bb721dde9fef401928313f0a53d8eff76366eb362c93f1554976278d"},
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
         "57e6aa5be301b5a5dc02567e3cb6f6cb355b0aa59e2333a11b4bc916a9f11f1b"},
        {"smd/soldier.dx90.vtx",
         "821680c36366aea52b620a9a936c9f8da26927472f4d39a566d75e3754a782f7"},
        {"smd/soldier.layout.json",
         "9da654bd0f2ecd36b9ce56c441661b7b138ebc2ec0216ae0d6550438e6e6dc36"},
        {"smd/soldier.sw.vtx", "bb1e1b5d8ad89eaaad04acde96ad7fa9db5177d92e90a3931abfd3bdfeb791d6"},
        {"smd/soldier.vvd", "c46984bd77d119cf840feb5ccf6054245e5092cecff984c774137bd082361133"},
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
        {"smd/tree.dx80.vtx", "e120b55aafd5a40a379d4a7a418d90ee7b74ef0c55d1f392f03b0499b28dc078"},
        {"smd/tree.dx90.vtx", "7b7a34015fb1c29050379f6f468cbc7b8f7d1aecea2e4b590beeb99ace319d26"},
        {"smd/tree.layout.json",
         "af69c17ad8259431544a7e45aacb2a919c6318e74d19386e7fcf5995858967bd"},
        {"smd/tree.sw.vtx", "cb007cf9e1f9df53370c941bb734be1991c0659e95937b7fc82533a59b57c94c"},
        {"smd/tree.vvd", "ee04c3297396b03c1a86d6762e213780fbee8639fce33e263e9d56aca658465b"},
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

std::string bytesHash(const std::vector<std::uint8_t>& bytes) {
    return sha256Hex(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

// Every file of `output` against the table, under `base` ("qc_STEM/models/NAME" or "smd/NAME").
void expectRecorded(const CompileOutput& output, const std::string& base) {
    const auto& hashes = recordedHashes();
    // .vvd, three .vtx, .mdl, and the .phy when the model has a collision model.
    ASSERT_EQ(output.files.size(), output.physics ? 6u : 5u) << base;
    for (const CompiledFile& file : output.files) {
        const std::string name = base + "." + file.suffix;
        ASSERT_EQ(hashes.count(name), 1u) << name;
        EXPECT_EQ(bytesHash(file.bytes), hashes.at(name)) << name;
    }
    // The layout names the generator: pinned to the version the figures were recorded with.
    ModelLayout layout = output.layout;
    layout.generator = "vtxc 0.1.0";
    EXPECT_EQ(sha256Hex(layoutJsonText(layout)), hashes.at(base + ".layout.json")) << base;
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
        EXPECT_EQ(sha256Hex(qualityReportJsonText(output->report)),
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
