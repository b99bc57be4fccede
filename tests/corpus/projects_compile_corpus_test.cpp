// QCs of the real model-source tree (corpus projects/modelsrc) compiled by vtxc and compared with
// the files Valve's studiomdl made of them (projects/valve): the animation library
// vortigaunt_anims (an .mdl alone: no body part, no .vvd or .vtx), the jointed labturret (an
// animation that subtracts a frame of its own source) and the doors (a LOD SMD that spells a
// material with another extension than the reference). Valve's files come from slightly older
// sources than the tree and the tree lacks some of the library's animation files, so the
// comparison is by part: what the sources determine is compared, what they cannot is listed.
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "formats/common/file_io.h"
#include "formats/studio/model_check.h"
#include "formats/studio/model_files.h"
#include "testing/mdl_comparison.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <gtest/gtest.h>
#include <limits>
#include <map>
#include <set>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

fs::path sourceTree() {
    return test::corpusDir() / "projects" / "modelsrc";
}

fs::path valveFolder() {
    return test::corpusDir() / "projects" / "valve";
}

struct Compiled {
    CollectingSink sink;
    std::optional<ModelProject> project;
    std::optional<CompileOutput> output;
    std::vector<std::string> written; // file names, sorted
    std::optional<MdlFile> ours;      // read back from the bytes written
    std::optional<MdlFile> valve;
    LoadedModel files; // our files, read back as `vtxc inspect MODEL` reads them
};

// Compiles a QC of the tree into `out` as `model.*` and reads the result and Valve's .mdl back.
void compile(const fs::path& qc, const fs::path& valveMdl, const test::TempDir& out, Compiled& c) {
    c.project = readQcModelProject(sourceTree() / qc, c.sink, sourceTree());
    ASSERT_TRUE(c.project) << qc;
    c.output = compileProject(*c.project, CompileOptions{}, c.sink);
    ASSERT_TRUE(c.output && c.output->mdl) << qc;
    ASSERT_TRUE(writeCompileOutput(*c.output, out / "model", c.sink));
    for (const auto& entry : fs::directory_iterator(out.path()))
        c.written.push_back(entry.path().filename().string());
    std::sort(c.written.begin(), c.written.end());
    const auto bytes = readWholeFile(out / "model.mdl", c.sink);
    ASSERT_TRUE(bytes);
    c.ours = readMdl(std::vector<std::uint8_t>(bytes->begin(), bytes->end()), "model.mdl", c.sink);
    const auto valveBytes = readWholeFile(valveFolder() / valveMdl, c.sink);
    ASSERT_TRUE(valveBytes);
    c.valve = readMdl(std::vector<std::uint8_t>(valveBytes->begin(), valveBytes->end()),
                      valveMdl.string(), c.sink);
    ASSERT_TRUE(c.ours && c.valve);
    c.files = loadModelFiles(findModelFiles(out / "model"), c.sink);
    EXPECT_EQ(c.sink.errorCount(), 0u);
}

std::string findings(const LoadedModel& files) {
    std::string text;
    for (const Diagnostic& d : checkModel(files))
        text += formatDiagnostic(d) + "\n";
    return text;
}

void print(const std::string& model, const std::vector<test::MdlDifference>& differences) {
    std::printf("%s: %zu differences from Valve's .mdl\n", model.c_str(), differences.size());
    for (const auto& d : differences)
        std::printf("    %s: %s\n", d.key.c_str(), d.message.c_str());
}

// The differences whose key starts with none of `prefixes`.
std::vector<test::MdlDifference> without(const std::vector<test::MdlDifference>& differences,
                                         const std::vector<std::string>& prefixes) {
    std::vector<test::MdlDifference> out;
    for (const auto& d : differences)
        if (std::none_of(prefixes.begin(), prefixes.end(),
                         [&](const std::string& p) { return d.key.starts_with(p); }))
            out.push_back(d);
    return out;
}

// vortigaunt_anims: no $body, so an .mdl alone, laid out as Valve's animation libraries are. The
// tree lacks the SMDs of 25 of its 28 file sequences (QC051), so sequences and the boxes of the
// first one cannot be compared; every other part of the model can.
TEST(ProjectsCompileCorpus, AnimationLibraryIsAnMdlAloneLikeValves) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir out;
    Compiled c;
    compile("vortigaunt_anims_shared_hl2.qc", "vortigaunt_anims/vortigaunt_anims.mdl", out, c);
    ASSERT_TRUE(c.ours && c.valve);
    EXPECT_EQ(c.written, (std::vector<std::string>{"model.layout.json", "model.mdl"}));
    EXPECT_TRUE(c.output->vtx.empty());
    EXPECT_EQ(c.ours->checksum, c.output->checksum);
    EXPECT_NE(c.ours->checksum, 0);
    // What an .mdl without meshes holds: no body part, no texture, one skin family of no texture.
    EXPECT_EQ(c.valve->bodyParts.size(), 0u);
    EXPECT_EQ(c.ours->bodyParts.size(), 0u);
    EXPECT_EQ(c.ours->textures.size(), c.valve->textures.size());
    EXPECT_EQ(c.ours->skinFamilies, c.valve->skinFamilies);
    EXPECT_EQ(c.ours->flags, c.valve->flags);
    ASSERT_EQ(c.ours->animations.size(), 12u);
    const auto differences = test::compareMdl(*c.ours, *c.valve);
    print("vortigaunt_anims", differences);
    std::vector<test::MdlDifference> unexplained;
    for (const auto& d : without(differences,
                                 {// The sequences of the missing files: the order shifts.
                                  "sequence", "animations",
                                  // The first sequence (a missing file) gives hull and light.
                                  "hull", "illumposition",
                                  // Valve's compile added its QC's folder ("modelsrc/") for the
                                  // missing $cdmaterials; vtxc adds none.
                                  "cdmaterials"}))
        if (d.message.find("Valve's model has it, ours does not") == std::string::npos)
            unexplained.push_back(d);
    std::string text;
    for (const auto& d : unexplained)
        text += d.key + ": " + d.message + "\n";
    EXPECT_EQ(text, "");
    // `vtxc inspect MODEL` reads the .mdl alone and finds it consistent, as it finds Valve's.
    ASSERT_TRUE(c.files.mdl);
    EXPECT_FALSE(c.files.vvd);
    EXPECT_TRUE(c.files.vtx.empty());
    EXPECT_EQ(findings(c.files), "");
    CollectingSink sink;
    const LoadedModel valve = loadModelFiles(
        findModelFiles(valveFolder() / "vortigaunt_anims" / "vortigaunt_anims"), sink);
    ASSERT_TRUE(valve.mdl);
    EXPECT_EQ(findings(valve), "");
}

// labturret: `$animation "aim_neutral" "idlealert.smd" subtract aim_neutral 0` subtracts frame 0
// of its own file (Valve's aim_neutral: one frame, delta, no bone record). `$origin -16 0 16`
// places every animation named after it (skeleton_placement.h), and the blends widen the
// declared `180 -180` pose parameter ranges to -180 180: poses, boxes and ranges are Valve's.
// Only the hull differs: Valve's (-8 -8 -16) (8 24 8) is a `$bbox` of older sources, which
// neither of this QC's `$bbox` lines (both commented out) nor its meshes and animations give.
TEST(ProjectsCompileCorpus, SelfSubtractionGivesValvesTurretAnimations) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir out;
    Compiled c;
    compile("labturret_npc/labturret.qc", "labturret_npc/labturret_npc.mdl", out, c);
    ASSERT_TRUE(c.ours && c.valve);
    const auto differences = test::compareMdl(*c.ours, *c.valve);
    print("labturret", differences);
    const std::set<std::string> documented = {"hull"};
    EXPECT_EQ(test::undocumented(differences, documented), "");
    EXPECT_EQ(test::unusedExceptions(differences, documented), std::vector<std::string>{});
    const auto neutral = std::find_if(c.ours->animations.begin(), c.ours->animations.end(),
                                      [](const MdlAnimDesc& a) { return a.name == "aim_neutral"; });
    ASSERT_NE(neutral, c.ours->animations.end());
    EXPECT_TRUE(neutral->bones.empty()); // its one frame minus itself: nothing moves
    EXPECT_EQ(findings(c.files), "");
}

// The doors: the handle's LOD SMD spells `combine_lock01.002` where the reference says
// `combine_lock01` and `combine_lock01.001`; Valve's model has one texture `combine_lock01` and
// one mesh for all three. Nothing else differs.
TEST(ProjectsCompileCorpus, DoorsEqualValvesWithMaterialExtensionsDropped) {
    VTXC_REQUIRE_CORPUS();
    for (const auto& [qc, mdl] : std::vector<std::pair<fs::path, fs::path>>{
             {"door01_left/door01_left.qc", "door01_left/door01_left.mdl"},
             {"door01_left/door01b_left.qc", "door01b_left/door01b_left.mdl"}}) {
        test::TempDir out;
        Compiled c;
        compile(qc, mdl, out, c);
        ASSERT_TRUE(c.ours && c.valve);
        const auto differences = test::compareMdl(*c.ours, *c.valve);
        print(qc.string(), differences);
        EXPECT_EQ(test::undocumented(differences, {}), "") << qc;
        const auto lock =
            std::find_if(c.ours->textures.begin(), c.ours->textures.end(),
                         [](const MdlTexture& t) { return t.name == "combine_lock01"; });
        EXPECT_NE(lock, c.ours->textures.end());
        EXPECT_EQ(c.ours->bodyParts.at(1).models.at(4).meshes.size(), 1u);
        EXPECT_EQ(findings(c.files), "") << qc;
    }
}

// ---- the NPC animation libraries and w_357 ----

// The QC entry (sequence or $animation) a record of Valve's file comes from: "@NAME" and
// "@NAME_N" are the animations a $sequence NAME made of its files.
const QcSequence* entryNamed(const QcProject& qc, const std::string& name, bool animation) {
    auto find = [](const std::vector<QcSequence>& list, const std::string& wanted) {
        const QcSequence* found = nullptr;
        for (const QcSequence& entry : list)
            if (entry.name == wanted) found = &entry; // the latest definition counts
        return found;
    };
    if (!animation) return find(qc.sequences, name);
    if (const QcSequence* entry = find(qc.animations, name)) return entry;
    if (!name.starts_with("@")) return nullptr;
    const std::string base = name.substr(1);
    if (const QcSequence* entry = find(qc.sequences, base)) return entry;
    const std::size_t underscore = base.rfind('_');
    return underscore == std::string::npos ? nullptr
                                           : find(qc.sequences, base.substr(0, underscore));
}

// True when the entry, or an animation it plays or subtracts, names a file the tree lacks.
bool needsMissingFile(const QcProject& qc, const QcSequence& entry, int depth = 0) {
    if (depth > 8) return false;
    for (const QcFileRef& file : entry.animationFiles)
        if (!file.found) return true;
    std::vector<std::string> named = entry.animationNames;
    for (const QcSubtract& subtract : entry.subtracts)
        if (subtract.animation != entry.name) named.push_back(subtract.animation);
    for (const QcWorldSpaceBlend& blend : entry.worldSpaceBlends)
        named.push_back(blend.animation);
    for (const std::string& name : named) {
        const QcSequence* source = entryNamed(qc, name, true);
        if (!source) source = entryNamed(qc, name, false);
        if (source && source != &entry && needsMissingFile(qc, *source, depth + 1)) return true;
    }
    return false;
}

// Sequences whose autolayers differ from Valve's only by the layers that play a sequence the
// tree cannot make (a file it needs is missing, so vtxc leaves it out with its layers, SEQ006):
// Valve's list without those layers equals ours, sequence names, pose parameter names, flags
// and cycles alike (NaN equal to NaN).

std::set<std::string> layersOnlyLackMissingSequences(const QcProject& qc, const MdlFile& ours,
                                                     const MdlFile& valve) {
    std::map<std::string, const MdlSeqDesc*> ourSequences;
    for (const MdlSeqDesc& seq : ours.sequences)
        ourSequences[seq.label] = &seq;
    auto label = [](const MdlFile& file, int index) {
        return index >= 0 && static_cast<std::size_t>(index) < file.sequences.size()
                   ? file.sequences[static_cast<std::size_t>(index)].label
                   : std::string("?");
    };
    auto pose = [](const MdlFile& file, const MdlAutoLayer& layer) {
        const auto index = static_cast<std::size_t>(layer.iPose);
        return (layer.flags & 0x4000) && index < file.poseParameters.size()
                   ? file.poseParameters[index].name
                   : std::string();
    };
    auto same = [](float a, float b) { return (std::isnan(a) && std::isnan(b)) || a == b; };
    std::set<std::string> traced;
    for (const MdlSeqDesc& theirs : valve.sequences) {
        const auto found = ourSequences.find(theirs.label);
        if (found == ourSequences.end()) continue;
        std::vector<const MdlAutoLayer*> kept;
        bool anyMissing = false;
        for (const MdlAutoLayer& layer : theirs.autolayers) {
            const std::string played = label(valve, layer.iSequence);
            const QcSequence* entry = entryNamed(qc, played, false);
            if (!ourSequences.count(played) && entry && needsMissingFile(qc, *entry)) {
                anyMissing = true;
                continue;
            }
            kept.push_back(&layer);
        }
        const std::vector<MdlAutoLayer>& mine = found->second->autolayers;
        if (!anyMissing || kept.size() != mine.size()) continue;
        bool equal = true;
        for (std::size_t i = 0; i < mine.size() && equal; ++i) {
            const MdlAutoLayer& a = mine[i];
            const MdlAutoLayer& b = *kept[i];
            equal = label(ours, a.iSequence) == label(valve, b.iSequence) &&
                    pose(ours, a) == pose(valve, b) && a.flags == b.flags &&
                    same(a.start, b.start) && same(a.peak, b.peak) && same(a.tail, b.tail) &&
                    same(a.end, b.end);
        }
        if (equal) traced.insert(theirs.label);
    }
    return traced;
}

// Pose parameters whose range differs from Valve's only by the blends of sequences vtxc leaves
// out for a missing file: the range Valve's own blends give over the sequences both files have
// is ours (combine_soldier_anims.mdl: aim_yaw reaches -49.44 only in HL2DM_crouch_aim_gravgun).
std::set<std::string> rangesSetByMissingSequences(const QcProject& qc, const MdlFile& ours,
                                                  const MdlFile& valve) {
    std::set<std::string> ourLabels;
    for (const MdlSeqDesc& seq : ours.sequences)
        ourLabels.insert(seq.label);
    std::set<std::string> traced;
    for (std::size_t p = 0; p < valve.poseParameters.size(); ++p) {
        const std::string& name = valve.poseParameters[p].name;
        float low = 1e30f, high = -1e30f;
        bool onlyMissingWiden = false;
        for (const MdlSeqDesc& seq : valve.sequences)
            for (std::size_t axis = 0; axis < 2; ++axis) {
                if (seq.paramindex[axis] != static_cast<std::int32_t>(p)) continue;
                const float a = std::min(seq.paramstart[axis], seq.paramend[axis]);
                const float b = std::max(seq.paramstart[axis], seq.paramend[axis]);
                if (ourLabels.count(seq.label)) {
                    low = std::min(low, a);
                    high = std::max(high, b);
                } else if (const QcSequence* entry = entryNamed(qc, seq.label, false);
                           entry && needsMissingFile(qc, *entry)) {
                    onlyMissingWiden = true;
                }
            }
        for (const MdlPoseParameter& mine : ours.poseParameters)
            if (mine.name == name && onlyMissingWiden && std::abs(mine.start - low) < 1e-3f &&
                std::abs(mine.end - high) < 1e-3f)
                traced.insert(name);
    }
    return traced;
}

// The kind of a difference: its key without the record's name and numbers ("sequence run
// autolayer 2 cycles" -> "sequence autolayer cycles"), and "only in Valve's" / "only in ours"
// for a record one file lacks.
std::string kindOf(const test::MdlDifference& d) {
    std::vector<std::string> words;
    for (std::size_t start = 0; start <= d.key.size();) {
        const std::size_t space = std::min(d.key.find(' ', start), d.key.size());
        words.push_back(d.key.substr(start, space - start));
        start = space + 1;
    }
    std::size_t name = 0; // index of the record's name among the words; 0: none
    for (const char* prefix : {"sequence ", "animation ", "bone ", "attachment "})
        if (d.key.starts_with(prefix) && words.size() > 1) name = 1;
    for (const char* prefix : {"pose parameter ", "hitbox set ", "ik chain ", "body part "})
        if (d.key.starts_with(prefix) && words.size() > 2) name = 2;
    std::string kind;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (name > 0 && i == name) continue;
        if (!words[i].empty() && std::isdigit(static_cast<unsigned char>(words[i][0]))) continue;
        kind += (kind.empty() ? "" : " ") + words[i];
    }
    if (d.message.find("Valve's model has it, ours does not") != std::string::npos)
        kind += " only in Valve's";
    if (d.message.find("ours has it, Valve's model does not") != std::string::npos)
        kind += " only in ours";
    return kind;
}

// VTXC_PRINT_EXAMPLES=TEXT prints the first few differences of each kind whose name holds TEXT
// ("" for every kind), and VTXC_EXAMPLES=N how many (4 unless told).
void printExample(const std::string& kind, const test::MdlDifference& d, std::size_t seen) {
    const char* wanted = std::getenv("VTXC_PRINT_EXAMPLES");
    if (!wanted || kind.find(wanted) == std::string::npos) return;
    const char* limit = std::getenv("VTXC_EXAMPLES");
    if (seen < (limit ? std::strtoul(limit, nullptr, 10) : 4u))
        std::printf("  e.g. %s: %s\n", d.key.c_str(), d.message.c_str());
}

// Differences traced to the sources one by one: what the QC says and what Valve's file has.
struct TracedDifference {
    const char* library;
    const char* key;
    const char* reason;
};
const TracedDifference kTracedToSources[] = {
    {"monk_animations.qc", "sequence shoot_shotgun events",
     "Valve's has event 3014 at frame 1, which GenericAnimationMacros.qci line 159 has commented "
     "out ('//{ event 3014 1 \"\" } \\\\'); the same commented line at 147 gives police's "
     "lowcover_shoot_shotgun no such event in Valve's police_animations.mdl: the monk's file is "
     "older than the comment"},
};

struct Tally {
    std::map<std::string, std::size_t> traced, unexplained;
    std::string unexplainedText;
};

// Sorts each difference of a library: traced to the sources (a record Valve's file has that the
// QC cannot make because a file it names is missing from the tree, or that these sources do not
// define at all: Valve's file was built from older ones), or unexplained.
Tally sortDifferences(const std::string& library, const QcProject& qc, const MdlFile& ours,
                      const MdlFile& valve, const std::vector<test::MdlDifference>& differences) {
    Tally tally;
    // A count that differs by exactly the records only one file has (those only in Valve's
    // traced below) is traced with them.
    std::map<std::string, long> explained;
    for (const test::MdlDifference& d : differences) {
        const std::string kind = kindOf(d);
        const bool isSequence = d.key.starts_with("sequence ");
        if (!isSequence && !d.key.starts_with("animation ")) continue;
        const std::string counted = isSequence ? "sequences" : "animations";
        if (kind.ends_with("only in ours")) {
            --explained[counted];
        } else if (kind.ends_with("only in Valve's")) {
            const QcSequence* entry =
                entryNamed(qc, d.key.substr(isSequence ? 9 : 10), !isSequence);
            if (!entry || needsMissingFile(qc, *entry)) ++explained[counted];
        }
    }
    const std::map<std::string, long> countGap = {
        {"sequences",
         static_cast<long>(valve.sequences.size()) - static_cast<long>(ours.sequences.size())},
        {"animations",
         static_cast<long>(valve.animations.size()) - static_cast<long>(ours.animations.size())}};
    const std::set<std::string> layersTraced = layersOnlyLackMissingSequences(qc, ours, valve);
    const std::set<std::string> rangesTraced = rangesSetByMissingSequences(qc, ours, valve);
    for (const test::MdlDifference& d : differences) {
        const std::string kind = kindOf(d);
        const auto one = std::find_if(
            std::begin(kTracedToSources), std::end(kTracedToSources),
            [&](const TracedDifference& t) { return t.library == library && t.key == d.key; });
        if (one != std::end(kTracedToSources)) {
            ++tally.traced[kind + ": " + one->reason];
            continue;
        }
        if (kind.starts_with("sequence autolayer") &&
            layersTraced.count(d.key.substr(9, d.key.find(" autolayer") - 9))) {
            ++tally.traced["sequence autolayers: layers on sequences a missing file leaves out"];
            continue;
        }
        if (kind == "pose parameter range" &&
            rangesTraced.count(d.key.substr(15, d.key.rfind(" range") - 15))) {
            ++tally.traced["pose parameter range: set by the blends of sequences a missing file "
                           "leaves out"];
            continue;
        }
        if ((kind == "sequences" || kind == "animations") && countGap.at(kind) == explained[kind]) {
            ++tally.traced[kind + ": by the records only one file has"];
            continue;
        }
        // No $cdmaterials in these QCs: Valve's compile wrote its QC's folder instead.
        if (kind == "cdmaterials" && qc.cdMaterials.empty()) {
            ++tally.traced[kind + ": the QCs name none"];
            continue;
        }
        const bool onlyValve = kind.ends_with("only in Valve's");
        const bool isSequence = d.key.starts_with("sequence ");
        const bool isAnimation = d.key.starts_with("animation ");
        if (onlyValve && (isSequence || isAnimation)) {
            const std::string name = d.key.substr(isSequence ? 9 : 10);
            const QcSequence* entry = entryNamed(qc, name, isAnimation);
            if (!entry) {
                ++tally.traced[kind + ": not defined by these sources"];
                continue;
            }
            if (needsMissingFile(qc, *entry)) {
                ++tally.traced[kind + ": a file it needs is missing from the tree"];
                continue;
            }
        }
        printExample(kind, d, tally.unexplained[kind]);
        ++tally.unexplained[kind];
        tally.unexplainedText += d.key + ": " + d.message + "\n";
    }
    return tally;
}

void printTally(const std::string& model, const Tally& tally) {
    std::printf("%s\n", model.c_str());
    for (const auto* part : {&tally.traced, &tally.unexplained})
        for (const auto& [kind, count] : *part)
            std::printf("    %-12s %5zu  %s\n", part == &tally.traced ? "traced" : "UNEXPLAINED",
                        count, kind.c_str());
}

struct LibraryCase {
    const char* qc;
    const char* valveMdl;
};

// Each library compiles, `vtxc inspect` finds its .mdl consistent, and compared with Valve's
// (records paired by name) every difference is traced to the sources. What must be equal is
// everything else: the bones (names, parents, order, flags, poses), the attachments, hitboxes,
// pose parameters, IK chains, include models and every field of each sequence and animation both
// have (boxes, movements, poses, IK rules and their error tracks among them).
TEST(ProjectsCompileCorpus, AnimationLibrariesMatchValvesWhereTheSourcesAllow) {
    VTXC_REQUIRE_CORPUS();
    for (const LibraryCase& library : std::vector<LibraryCase>{
             {"combine_soldier_anims.qc", "combine_soldier_anims/combine_soldier_anims.mdl"},
             {"police_animations.qc", "police_animations/police_animations.mdl"},
             {"monk_animations.qc", "monk_animations/monk_animations.mdl"}}) {
        test::TempDir out;
        Compiled c;
        compile(library.qc, library.valveMdl, out, c);
        ASSERT_TRUE(c.ours && c.valve && c.project && c.project->description) << library.qc;
        EXPECT_TRUE(c.output->vtx.empty()) << library.qc; // an .mdl alone
        EXPECT_EQ(c.ours->bodyParts.size(), 0u) << library.qc;
        const Tally tally = sortDifferences(library.qc, *c.project->description, *c.ours, *c.valve,
                                            test::compareMdl(*c.ours, *c.valve));
        printTally(library.qc, tally);
        EXPECT_EQ(tally.unexplainedText, "") << library.qc;
        // Every sequence and $animation left out is one whose files the tree lacks (QC051).
        EXPECT_NE(c.sink.find("QC051"), nullptr) << library.qc;
        EXPECT_EQ(findings(c.files), "") << library.qc;
    }
}

// w_357: `numframes 2` makes the one-frame attack1.smd an animation of two frames, as Valve's.
TEST(ProjectsCompileCorpus, NumFramesGivesValvesW357) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir out;
    Compiled c;
    compile("weapons/w_357.qc", "w_357/w_357.mdl", out, c);
    ASSERT_TRUE(c.ours && c.valve);
    const auto differences = test::compareMdl(*c.ours, *c.valve);
    print("w_357", differences);
    EXPECT_EQ(test::undocumented(differences, {}), "");
    const auto attack = std::find_if(c.ours->animations.begin(), c.ours->animations.end(),
                                     [](const MdlAnimDesc& a) { return a.name == "@attack1"; });
    ASSERT_NE(attack, c.ours->animations.end());
    EXPECT_EQ(attack->numframes, 2);
    EXPECT_EQ(c.sink.find("QC062"), nullptr);
    EXPECT_EQ(findings(c.files), "");
}

} // namespace
} // namespace vtxc
