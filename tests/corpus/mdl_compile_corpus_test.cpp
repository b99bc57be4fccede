// Every corpus model compiled by vtxc: its .mdl, read back from the bytes written, compared
// structurally with Valve's (testing/mdl_comparison.h), and its four files checked together as
// `vtxc inspect MODEL` checks them. The differences a model may show are the documented exceptions
// of docs/mdl-compile.md, each listed here by key with its reason; an exception that no longer
// applies fails the test too. The one corpus model without sources (holo_cube) is compiled from
// an SMD and a QC written from Valve's three files.
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "formats/common/file_io.h"
#include "formats/studio/model_check.h"
#include "formats/studio/model_files.h"
#include "testing/mdl_comparison.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <sstream>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

struct CorpusQc {
    const char* folder;
    const char* qc; // nullptr: no sources; compiled from sources written from Valve's files
    const char* valveMdl;
    // Keys of the differences Valve's file is known to show, each with its reason in
    // docs/mdl-compile.md.
    std::set<std::string> exceptions;
};

const std::vector<CorpusQc>& corpusQcs() {
    static const std::vector<CorpusQc> qcs{
        {"w_grenade", "w_grenade.qc", "w_grenade.mdl", {}},
        {"chamberdoor_frame",
         "chamberdoor_frame.qc",
         "chamberdoor_frame.mdl",
         {
             // An older studiomdl build: no model name in header2, boxes grown by 0.25.
             "header2.name",
             "sequence idle bbox",
             "hull",
         }},
        {"holo_cube",
         nullptr,
         "cube.mdl",
         {
             // An older studiomdl build (2012): no model name in header2.
             "header2.name",
         }},
        {"tree_pine04", "tree_pine04.qc", "tree_pine04.mdl", {}},
        {"bunker_gun01", "bunker_gun01.qc", "bunker_gun01.mdl", {}},
        {"combine_super_soldier_choreo",
         "combine_super_soldier.qc",
         "combine_super_soldier_choreo.mdl",
         {
             // Valve's file holds 3 of the 5 $includemodel lines of the QC files.
             "include models",
         }},
    };
    return qcs;
}

struct Compiled {
    std::optional<MdlFile> ours; // read back from the written bytes
    std::vector<std::uint8_t> oursBytes;
    std::optional<MdlFile> valve;
    std::vector<std::uint8_t> valveBytes;
    LoadedModel files; // our four files, read back
    CollectingSink sink;
};

std::vector<std::uint8_t> bytesOf(const fs::path& path, DiagnosticSink& sink) {
    const auto chars = readWholeFile(path, sink);
    return chars ? std::vector<std::uint8_t>(chars->begin(), chars->end())
                 : std::vector<std::uint8_t>{};
}

std::string number(float value) {
    std::ostringstream out;
    out.precision(9);
    out << value;
    return out.str();
}

std::string triple(const Vec3& v) {
    return number(v.x) + " " + number(v.y) + " " + number(v.z);
}

// The reference SMD of a compiled single-LOD model: the bones' bind poses, and the triangles of
// LOD 0 of the first .vtx with the .vvd's vertices (v flipped back to the SMD's bottom-up v).
std::string referenceSmd(const MdlFile& mdl, const VvdFile& vvd, const VtxFile& vtx) {
    std::string smd = "version 1\nnodes\n";
    for (std::size_t b = 0; b < mdl.bones.size(); ++b)
        smd += std::to_string(b) + " \"" + mdl.bones[b].name + "\" " +
               std::to_string(mdl.bones[b].parent) + "\n";
    smd += "end\nskeleton\ntime 0\n";
    for (std::size_t b = 0; b < mdl.bones.size(); ++b)
        smd += std::to_string(b) + " " + triple(mdl.bones[b].pos) + " " + triple(mdl.bones[b].rot) +
               "\n";
    smd += "end\ntriangles\n";
    const MdlModel& model = mdl.bodyParts.at(0).models.at(0);
    const VtxModelLod& lod = vtx.bodyParts.at(0).models.at(0).lods.at(0);
    for (std::size_t m = 0; m < lod.meshes.size(); ++m) {
        const MdlMesh& mesh = model.meshes.at(m);
        const std::string& material = mdl.textures.at(static_cast<std::size_t>(mesh.material)).name;
        for (const VtxStripGroup& group : lod.meshes[m].stripGroups)
            for (std::size_t i = 0; i + 2 < group.indices.size(); i += 3) {
                smd += material + "\n";
                for (std::size_t k = 0; k < 3; ++k) {
                    const VtxVertex& corner = group.vertices.at(group.indices[i + k]);
                    const VvdVertex& v = vvd.vertices.at(
                        static_cast<std::size_t>(mesh.vertexoffset + corner.origMeshVertID));
                    smd += std::to_string(v.boneWeights.bone[0]) + " " + triple(v.position) + " " +
                           triple(v.normal) + " " + number(v.texCoord.x) + " " +
                           number(1.0f - v.texCoord.y) + "\n";
                }
            }
    }
    return smd + "end\n";
}

// A QC with what Valve's file says of a model compiled from one reference SMD: its name, material
// folders, body part and model name, its hitboxes unless they were generated, and its sequences
// as one-frame sequences of the reference at the rate of their animation.
std::string qcOf(const MdlFile& mdl) {
    std::string qc = "$modelname \"" + mdl.name + "\"\n";
    for (const std::string& folder : mdl.cdmaterials)
        qc += "$cdmaterials \"" + folder + "\"\n";
    qc += "$body \"" + mdl.bodyParts.at(0).name + "\" \"" + mdl.bodyParts[0].models.at(0).name +
          "\"\n";
    if (!(mdl.flags & 0x1)) // STUDIOHDR_FLAGS_AUTOGENERATED_HITBOX
        for (const MdlHitbox& box : mdl.hitboxSets.at(0).hitboxes)
            qc += "$hbox " + std::to_string(box.group) + " \"" +
                  mdl.bones.at(static_cast<std::size_t>(box.bone)).name + "\" " +
                  triple(box.bbmin) + " " + triple(box.bbmax) + "\n";
    for (const MdlSeqDesc& sequence : mdl.sequences) {
        const MdlAnimDesc& animation =
            mdl.animations.at(static_cast<std::size_t>(sequence.blends.at(0)));
        qc += "$sequence \"" + sequence.label + "\" \"" + mdl.bodyParts[0].models[0].name +
              "\" fps " + number(animation.fps) + "\n";
    }
    return qc;
}

// Writes the SMD and QC of a corpus model that has only its compiled files; returns the QC.
fs::path sourcesFromCompiledFiles(const CorpusQc& entry, const test::TempDir& out,
                                  DiagnosticSink& sink) {
    const LoadedModel valve =
        loadModelFiles(findModelFiles(test::corpusDir() / entry.folder / entry.valveMdl), sink);
    if (!valve.mdl || !valve.vvd || valve.vtx.empty()) return {};
    test::writeText(out / "src" / valve.mdl->bodyParts.at(0).models.at(0).name,
                    referenceSmd(*valve.mdl, *valve.vvd, valve.vtx.front().file));
    test::writeText(out / "src" / "model.qc", qcOf(*valve.mdl));
    return out / "src" / "model.qc";
}

void compile(const CorpusQc& entry, const test::TempDir& out, Compiled& result) {
    const fs::path folder = test::corpusDir() / entry.folder;
    const fs::path qc =
        entry.qc ? folder / entry.qc : sourcesFromCompiledFiles(entry, out, result.sink);
    ASSERT_FALSE(qc.empty()) << entry.folder;
    auto project = readQcModelProject(qc, result.sink);
    ASSERT_TRUE(project) << qc;
    // The game's surface properties, as studiomdl reads them: $automass takes its density there.
    CompileOptions options;
    auto surfaces = loadSurfaceProperties(test::corpusDir() / "game", result.sink);
    ASSERT_TRUE(surfaces);
    options.surfaceProperties = std::make_shared<const SurfaceProperties>(std::move(*surfaces));
    auto output = compileProject(*project, options, result.sink);
    ASSERT_TRUE(output && output->mdl) << qc;
    const fs::path base = out / "model";
    ASSERT_TRUE(writeCompileOutput(*output, base, result.sink));
    const std::vector<std::uint8_t> bytes = bytesOf(base.string() + ".mdl", result.sink);
    result.oursBytes = bytes;
    result.ours = readMdl(bytes, "ours.mdl", result.sink);
    result.valveBytes = bytesOf(folder / entry.valveMdl, result.sink);
    result.valve = readMdl(result.valveBytes, entry.valveMdl, result.sink);
    result.files = loadModelFiles(findModelFiles(base), result.sink);
    EXPECT_EQ(result.sink.errorCount(), 0u);
}

class MdlCompileCorpus : public ::testing::TestWithParam<std::size_t> {};

// One compile per model (the compile is the slow part): the comparison with Valve's file, then
// the cross-check of the four files.
TEST_P(MdlCompileCorpus, EqualToValvesExceptDocumentedDifferencesAndFilesAgree) {
    VTXC_REQUIRE_CORPUS();
    const CorpusQc& entry = corpusQcs()[GetParam()];
    test::TempDir out;
    Compiled c;
    compile(entry, out, c);
    ASSERT_TRUE(c.ours && c.valve);
    const auto differences = test::compareMdl(*c.ours, *c.valve);
    EXPECT_EQ(test::undocumented(differences, entry.exceptions), "") << entry.folder;
    EXPECT_EQ(test::unusedExceptions(differences, entry.exceptions), std::vector<std::string>{})
        << entry.folder;
    // What matches and what differs, per section (counts, bytes), then each difference.
    std::printf("%-30s .mdl %6zu bytes (Valve's %6zu); documented differences: %zu\n", entry.folder,
                c.oursBytes.size(), c.valveBytes.size(), differences.size());
    std::printf("%s",
                test::formatSectionSummary(test::mdlSectionSummary(*c.ours, c.oursBytes, *c.valve,
                                                                   c.valveBytes, differences))
                    .c_str());
    for (const auto& d : differences)
        std::printf("    %s: %s\n", d.key.c_str(), d.message.c_str());

    ASSERT_TRUE(c.files.mdl && c.files.vvd);
    EXPECT_EQ(c.files.vtx.size(), 3u);
    for (const LoadedModel::Vtx& vtx : c.files.vtx)
        EXPECT_EQ(vtx.file.checkSum, c.files.mdl->checksum) << vtx.name;
    EXPECT_EQ(c.files.vvd->checksum, c.files.mdl->checksum);
    std::string findings;
    for (const Diagnostic& d : checkModel(c.files))
        findings += formatDiagnostic(d) + "\n";
    EXPECT_EQ(findings, "");
}

// The comparison itself: silent on a file and its copy, and naming each change made to the copy.
TEST(MdlComparison, FindsEveryKindOfChange) {
    VTXC_REQUIRE_CORPUS();
    CollectingSink sink;
    const auto bytes = bytesOf(test::corpusDir() / "bunker_gun01" / "bunker_gun01.mdl", sink);
    const auto valve = readMdl(bytes, "bunker_gun01.mdl", sink);
    ASSERT_TRUE(valve);
    EXPECT_TRUE(test::compareMdl(*valve, *valve).empty());
    MdlFile changed = *valve;
    changed.bones[3].pos.x += 0.01f;
    changed.bones[5].flags ^= kBoneUsedByHitbox;
    changed.attachments[1].local.m[3] += 0.01f;
    changed.sequences[1].bbmax.z += 0.1f;
    changed.sequences[5].poseKeys[4] += 0.5f;
    changed.poseParameters[0].end = 61;
    for (MdlAnimBone& record : changed.animations[20].bones) // @activate: animated rotations
        if (record.flags & kAnimAnimRot)
            for (MdlAnimValueRun& run : record.rotValues[1])
                for (std::int16_t& value : run.values)
                    value = static_cast<std::int16_t>(value + 200);
    std::set<std::string> keys;
    for (const auto& d : test::compareMdl(changed, *valve))
        keys.insert(d.key);
    const std::set<std::string> expected = {
        "bone Bunker_Gun.Gun_Yaw bind", "bone Bunker_Gun.Flash3 flags",
        "attachment light local",       "sequence activate bbox",
        "sequence aim pose keys",       "pose parameter aim_yaw range",
        "animation @activate poses"};
    for (const std::string& key : expected)
        EXPECT_TRUE(keys.count(key)) << key;

    // The section summary puts each change in its section; its rows add up to the file.
    const auto rows =
        test::mdlSectionSummary(changed, bytes, *valve, bytes, test::compareMdl(changed, *valve));
    std::map<std::string, std::size_t> differing;
    std::size_t total = 0;
    for (const test::MdlSectionRow& row : rows) {
        if (row.differences) differing[row.section] = row.differences;
        total += row.valveBytes;
        EXPECT_EQ(row.oursCount, row.valveCount) << row.section;
    }
    EXPECT_EQ(total, bytes.size());
    const std::map<std::string, std::size_t> expectedRows = {{"bones", 2},
                                                             {"attachments", 1},
                                                             {"sequences", 2},
                                                             {"animations", 1},
                                                             {"pose parameters", 1}};
    EXPECT_EQ(differing, expectedRows);
}

// The bones the strips of each LOD of each model name (bone state changes of a .vtx), by name.
std::vector<std::set<std::string>> stripBonesPerLod(const VtxFile& vtx, const MdlFile& mdl) {
    std::vector<std::set<std::string>> lods;
    for (const VtxBodyPart& part : vtx.bodyParts)
        for (const VtxModel& model : part.models)
            for (std::size_t lod = 0; lod < model.lods.size(); ++lod) {
                std::set<std::string> names;
                for (const VtxMesh& mesh : model.lods[lod].meshes)
                    for (const VtxStripGroup& group : mesh.stripGroups)
                        for (const VtxStrip& strip : group.strips)
                            for (const VtxBoneStateChange& change : strip.boneStateChanges)
                                names.insert(
                                    mdl.bones.at(static_cast<std::size_t>(change.newBoneID)).name);
                lods.push_back(std::move(names));
            }
    return lods;
}

// A vertex by position, normal and texture coordinate (to 1e-3).
std::string vertexKey(const VvdVertex& v) {
    char text[160];
    std::snprintf(text, sizeof text, "%.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f", v.position.x,
                  v.position.y, v.position.z, v.normal.x, v.normal.y, v.normal.z, v.texCoord.x,
                  v.texCoord.y);
    return text;
}
// A vertex's weights by bone name.
std::map<std::string, float> weightsOf(const VvdVertex& v, const MdlFile& mdl) {
    std::map<std::string, float> weights;
    for (std::size_t k = 0; k < v.boneWeights.numBones && k < 3; ++k)
        weights[mdl.bones.at(static_cast<std::size_t>(v.boneWeights.bone[k])).name] +=
            v.boneWeights.weight[k];
    return weights;
}
bool sameWeights(const std::map<std::string, float>& a, const std::map<std::string, float>& b) {
    if (a.size() != b.size()) return false;
    for (const auto& [bone, weight] : a) {
        const auto it = b.find(bone);
        if (it == b.end() || std::abs(it->second - weight) > 1e-4f) return false;
    }
    return true;
}
std::string text(const std::map<std::string, float>& weights) {
    std::string out;
    for (const auto& [bone, weight] : weights)
        out += " " + bone + " " + number(weight);
    return out;
}

// Unused bones and the LODs' bone rules against Valve's files (docs/mdl-compile.md, "Unused bones
// and a LOD's bone rules"): the bones by name and order, the bones the strips of every LOD use
// (dx90), and every vertex of Valve's .vvd found among ours (the same position, normal and UV
// to 1e-3: most are) with the same weights (to 1e-4). The super
// soldier's ValveBiped.Cod is folded into the pelvis, whose weight its corners then sum;
// bunker_gun01's replacebone lines move nothing (no vertex on the hands).
TEST(MdlCompileCorpusBones, FoldedBonesAndEachLodsBoneUseEqualValves) {
    VTXC_REQUIRE_CORPUS();
    for (const std::size_t index : {std::size_t(4), std::size_t(5)}) {
        const CorpusQc& entry = corpusQcs()[index];
        test::TempDir out;
        Compiled c;
        compile(entry, out, c);
        ASSERT_TRUE(c.files.mdl && c.files.vvd && !c.files.vtx.empty()) << entry.folder;
        const LoadedModel valve = loadModelFiles(
            findModelFiles(test::corpusDir() / entry.folder / entry.valveMdl), c.sink);
        ASSERT_TRUE(valve.mdl && valve.vvd && !valve.vtx.empty()) << entry.folder;
        std::vector<std::string> ours, theirs;
        for (const MdlBone& bone : c.files.mdl->bones)
            ours.push_back(bone.name);
        for (const MdlBone& bone : valve.mdl->bones)
            theirs.push_back(bone.name);
        EXPECT_EQ(ours, theirs) << entry.folder;
        const auto dx90 = [](const LoadedModel& model) -> const VtxFile& {
            for (const LoadedModel::Vtx& vtx : model.vtx)
                if (vtx.variant == "dx90") return vtx.file;
            return model.vtx.front().file;
        };
        EXPECT_EQ(stripBonesPerLod(dx90(c.files), *c.files.mdl),
                  stripBonesPerLod(dx90(valve), *valve.mdl))
            << entry.folder;
        std::multimap<std::string, std::map<std::string, float>> oursByKey;
        for (const VvdVertex& v : c.files.vvd->vertices)
            oursByKey.emplace(vertexKey(v), weightsOf(v, *c.files.mdl));
        std::size_t found = 0, differing = 0;
        std::string firstDifference;
        for (const VvdVertex& v : valve.vvd->vertices) {
            const auto [first, last] = oursByKey.equal_range(vertexKey(v));
            if (first == last) continue;
            ++found;
            const auto weights = weightsOf(v, *valve.mdl);
            if (std::none_of(first, last,
                             [&](const auto& e) { return sameWeights(e.second, weights); })) {
                if (firstDifference.empty())
                    firstDifference =
                        vertexKey(v) + ": Valve's" + text(weights) + ", ours" + text(first->second);
                ++differing;
            }
        }
        EXPECT_GT(found, valve.vvd->vertices.size() / 2) << entry.folder;
        EXPECT_EQ(differing, 0u) << entry.folder << " " << firstDifference;
    }
}

// The doors of the model-source tree declare their three bones with $definebone, and Valve's
// door01_left.mdl and door01b_left.mdl hold the same three: the unused-bone rule removes none.
TEST(MdlCompileCorpusBones, DoorsKeepValvesThreeBones) {
    VTXC_REQUIRE_CORPUS();
    const fs::path tree = test::corpusDir() / "projects" / "modelsrc";
    for (const std::string name : {"door01_left", "door01b_left"}) {
        CollectingSink sink;
        auto project = readQcModelProject(tree / "door01_left" / (name + ".qc"), sink, tree);
        ASSERT_TRUE(project) << name;
        auto output = compileProject(*project, CompileOptions{}, sink);
        ASSERT_TRUE(output && output->mdl) << name;
        const auto valveBytes =
            bytesOf(test::corpusDir() / "projects" / "valve" / name / (name + ".mdl"), sink);
        const auto valve = readMdl(valveBytes, name + ".mdl", sink);
        ASSERT_TRUE(valve) << name;
        std::vector<std::string> ours, theirs;
        for (const MdlBone& bone : output->mdl->bones)
            ours.push_back(bone.name);
        for (const MdlBone& bone : valve->bones)
            theirs.push_back(bone.name);
        EXPECT_EQ(ours, theirs) << name;
        EXPECT_EQ(ours, (std::vector<std::string>{"door", "handle", "handle02"})) << name;
        EXPECT_EQ(sink.find("BONE008"), nullptr) << name;
    }
}

INSTANTIATE_TEST_SUITE_P(Models, MdlCompileCorpus, ::testing::Range<std::size_t>(0, 6),
                         [](const ::testing::TestParamInfo<std::size_t>& param) {
                             return std::string(corpusQcs()[param.param].folder);
                         });

} // namespace
} // namespace vtxc
