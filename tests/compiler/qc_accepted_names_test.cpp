// No QC command or `$lod` option may be dropped silently: every name the reader's tables accept
// (qcAcceptedNames(), the tables the reader dispatches on) is either implemented, so that a QC
// using it compiles to other bytes than the same QC without it, or warned about at its line. Each
// accepted name needs a sample below (a QC tail with it and one without); a name added to a
// table without one fails the test, and so does a sample that changes nothing and warns nothing.
// Names whose effect needs something vtxc does not compile are listed apart, with the reason.
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "formats/qc/qc_project.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <map>
#include <sstream>

namespace vtxc {
namespace {

// root; arm below it, hand below arm; leg beside arm. One triangle on each of arm, hand and leg.
const char* kReference = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\n2 \"hand\" 1\n3 \"leg\" 0\n"
                         "4 \"far\" 0\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\n1 4 0 0 0 0 0\n"
                         "2 2 0 0 0 0 0\n3 0 4 0 0 0 0\n4 0 0 50 0 0 0\nend\ntriangles\n"
                         "mat\n1 4 0 0 0 0 1 0 0\n1 5 0 0 0 0 1 1 0\n1 5 1 0 0 0 1 1 1\n"
                         "mat\n2 6 0 0 0 0 1 0 0\n2 7 0 0 0 0 1 1 0\n2 7 1 0 0 0 1 1 1\n"
                         "mat\n3 0 4 0 0 0 1 0 0\n3 0 5 0 0 0 1 1 0\n3 1 5 1 0 0 1 1 1\nend\n";
// The same skeleton, the arm's triangle only.
const char* kLod = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\n2 \"hand\" 1\n3 \"leg\" 0\n"
                   "4 \"far\" 0\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\n1 4 0 0 0 0 0\n"
                   "2 2 0 0 0 0 0\n3 0 4 0 0 0 0\n4 0 0 50 0 0 0\nend\ntriangles\n"
                   "mat\n1 4 0 0 0 0 1 0 0\n1 5 0 0 0 0 1 1 0\n1 5 1 0 0 0 1 1 1\nend\n";
// The arm turns in frame 1.
const char* kWave = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n"
                    "time 0\n0 0 0 0 0 0 0\n1 4 0 0 0 0 0\n"
                    "time 1\n0 0 0 0 0 0 0\n1 4 0 0 0 0 1.5\nend\n";

// The root walks 10 units a frame along x for 5 frames.
const char* kWalk = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\n"
                    "time 0\n0 0 0 0 0 0 0\ntime 1\n0 10 0 0 0 0 0\ntime 2\n0 20 0 0 0 0 0\n"
                    "time 3\n0 30 0 0 0 0 0\ntime 4\n0 40 0 0 0 0 0\nend\n";

const char* kHead = "$modelname \"test/base\"\n$cdmaterials \"models/test\"\n";

struct Sample {
    std::string name;    // the accepted name it shows
    std::string without; // the QC after kHead, without the name
    std::string with;    // the same with it
};

// `$body body "ref.smd"` and an idle sequence, after `before` and followed by `after`.
std::string model(const std::string& before, const std::string& after = "") {
    return before + "$body body \"ref.smd\"\n$sequence idle \"ref.smd\"\n" + after;
}

Sample command(const std::string& name, const std::string& line) {
    return {name, model(""), model("", line + "\n")};
}

Sample lodOption(const std::string& name, const std::string& option) {
    const std::string lod = "$lod 10\n{\n\treplacemodel \"ref.smd\" \"lod.smd\"\n";
    return {name, model("", lod + "}\n"), model("", lod + "\t" + option + "\n}\n")};
}

std::vector<Sample> commandSamples() {
    return {
        command("$modelname", "$modelname \"test/other\""),
        command("$cdmaterials", "$cdmaterials \"models/other\""),
        command("$staticprop", "$staticprop"),
        {"$scale", model(""), model("$scale 2\n")},
        {"$origin", model(""), model("$origin 1 2 3\n")},
        command("$maxverts", "$maxverts 2"),
        command("$body", "$body extra \"lod.smd\""),
        command("$model", "$model extra \"lod.smd\""),
        command("$bodygroup", "$bodygroup extra\n{\n\tstudio \"lod.smd\"\n\tblank\n}"),
        command("$lod", "$lod 10\n{\n\treplacemodel \"ref.smd\" \"lod.smd\"\n}"),
        command("$shadowlod", "$shadowlod\n{\n\treplacemodel \"ref.smd\" \"lod.smd\"\n}"),
        command("$texturegroup", "$texturegroup skins\n{\n\t{ \"mat\" }\n\t{ \"mat2\" }\n}"),
        command("$renamematerial", "$renamematerial mat other/mat"),
        command("$sequence", "$sequence wave \"wave.smd\""),
        command("$animation", "$animation a_wave \"wave.smd\""),
        command("$collisionmodel", "$collisionmodel \"ref.smd\" { $mass 5 }"),
        command("$collisionjoints", "$collisionjoints \"ref.smd\" { $mass 5 }"),
        {"$collisiontext", model("", "$collisionmodel \"ref.smd\" { $mass 5 }\n"),
         model("", "$collisionmodel \"ref.smd\" { $mass 5 }\n"
                   "$collisiontext\n{\n\teditparams\n\t{\n\t\t\"totalmass\" \"3\"\n\t}\n}\n")},
        command("$includemodel", "$includemodel \"humans/shared.mdl\""),
        // The folder pushed holds another ref.smd: the model reads that one.
        {"$pushd", model(""), model("$pushd \"sub\"\n")},
        command("$popd", "$popd"),
        command("$definebone", "$definebone \"extra\" \"root\" 1 2 3 0 0 0 0 0 0 0 0 0"),
        command("$opaque", "$opaque"),
        command("$noforcedfade", "$noforcedfade"),
        command("$casttextureshadows", "$casttextureshadows"),
        command("$ambientboost", "$ambientboost"),
        command("$donotcastshadows", "$donotcastshadows"),
        command("$mostlyopaque", "$mostlyopaque"),
        command("$attachment", "$attachment tip hand 1 0 0"),
        command("$hbox", "$hbox 0 arm -1 -1 -1 1 1 1"),
        {"$hboxset", model("", "$hbox 0 arm -1 -1 -1 1 1 1\n"),
         model("", "$hboxset \"second\"\n$hbox 0 arm -1 -1 -1 1 1 1\n")},
        command("$bbox", "$bbox -5 -5 -5 5 5 5"),
        command("$cbox", "$cbox -5 -5 -5 5 5 5"),
        command("$illumposition", "$illumposition 1 2 3"),
        command("$eyeposition", "$eyeposition 0 0 5"),
        command("$surfaceprop", "$surfaceprop metal"),
        command("$contents", "$contents grate"),
        command("$maxeyedeflection", "$maxeyedeflection 60"),
        command("$keyvalues", "$keyvalues { prop_data { \"base\" \"Metal.Small\" } }"),
        command("$poseparameter", "$poseparameter spin -180 180"),
        command("$ikchain", "$ikchain reach hand knee 0 1 0"),
        {"$ikautoplaylock", model("", "$ikchain reach hand\n"),
         model("", "$ikchain reach hand\n$ikautoplaylock reach 1 0.5\n")},
        {"$cmdlist", model("", "$ikchain reach hand\n$sequence wave \"wave.smd\"\n"),
         model("", "$ikchain reach hand\n$cmdlist c { ikrule reach touch \"hand\" }\n"
                   "$sequence wave \"wave.smd\" cmdlist c\n")},
        command("$bonemerge", "$bonemerge arm"),
        // `far` (kept by its attachment) lies outside the mesh: its origin grows the boxes (a
        // $hbox keeps the generated hitboxes, one of which would be around it, away).
        {"$skipboneinbbox", model("", "$attachment top far 0 0 0\n$hbox 0 arm -1 -1 -1 1 1 1\n"),
         model("", "$attachment top far 0 0 0\n$hbox 0 arm -1 -1 -1 1 1 1\n$skipboneinbbox\n")},
        command("$declaresequence", "$declaresequence \"later\""),
        command("$append", "$append idle fps 10"),
        command("$continue", "$continue idle { activity ACT_IDLE 1 }"),
        // Names nodes first (numbered in the order first named), so the table changes.
        {"$skiptransition", model("", "$sequence walk \"ref.smd\" transition a b\n"),
         model("", "$skiptransition b a\n$sequence walk \"ref.smd\" transition a b\n")},
        {"$motionrollback", model("", "$sequence walk \"walk.smd\" LX\n"),
         model("$motionrollback 0\n", "$sequence walk \"walk.smd\" LX\n")},
        {"$weightlist", model("", "$sequence w \"wave.smd\"\n"),
         model("", "$weightlist wl \"arm\" 0\n$sequence w \"wave.smd\" weightlist wl\n")},
    };
}

std::vector<Sample> lodSamples() {
    return {
        {"replacemodel", model(""),
         model("", "$lod 10\n{\n\treplacemodel \"ref.smd\" \"lod.smd\"\n}\n")},
        {"removemodel", model("", "$lod 10\n{\n\treplacemodel \"ref.smd\" \"lod.smd\"\n}\n"),
         model("", "$lod 10\n{\n\tremovemodel \"ref.smd\"\n}\n")},
        lodOption("replacematerial", "replacematerial \"mat\" \"mat2\""),
        lodOption("removemesh", "removemesh \"mat\""),
        lodOption("bonetreecollapse", "bonetreecollapse \"root\""),
        lodOption("replacebone", "replacebone \"arm\" \"root\""),
    };
}

// Accepted, with nothing to act on in what vtxc compiles; each with the reason.
const std::map<std::string, std::string> kNothingToActOn = {
    {"nofacial", "facial animation is not compiled (the $model block's flexes warn, QC060)"},
    {"facial", "facial animation is not compiled (the $model block's flexes warn, QC060)"},
};

class QcAcceptedNamesTest : public ::testing::Test {
  protected:
    void SetUp() override {
        test::writeText(dir / "ref.smd", kReference);
        test::writeText(dir / "lod.smd", kLod);
        test::writeText(dir / "wave.smd", kWave);
        test::writeText(dir / "walk.smd", kWalk);
        test::writeText(dir / "sub" / "ref.smd", kLod);
    }

    struct Result {
        std::vector<std::vector<std::uint8_t>> files; // empty when the compile failed
        std::vector<Diagnostic> diagnostics;
    };

    Result compileTail(const std::string& tail) {
        test::writeText(dir / "m.qc", std::string(kHead) + tail);
        CollectingSink sink;
        Result result;
        if (auto project = readQcModelProject(dir / "m.qc", sink))
            if (auto output = compileProject(*project, CompileOptions{}, sink)) {
                for (const CompiledFile& file : output->files)
                    result.files.push_back(file.bytes);
                if (output->physics) result.files.push_back({1}); // a .phy is made
            }
        result.diagnostics = sink.diagnostics();
        return result;
    }

    // Implemented (other bytes) or warned about: a warning or error at a line of m.qc that only
    // the QC with the name has.
    std::string check(const Sample& sample) {
        const Result without = compileTail(sample.without);
        if (without.files.empty()) return sample.name + ": the QC without it does not compile";
        const Result with = compileTail(sample.with);
        std::istringstream a(std::string(kHead) + sample.without),
            b(std::string(kHead) + sample.with);
        std::string lineA, lineB;
        std::uint32_t line = 0, firstNew = 0;
        while (std::getline(b, lineB)) {
            ++line;
            const bool more = static_cast<bool>(std::getline(a, lineA));
            if (!more || lineA != lineB) {
                firstNew = line;
                break;
            }
        }
        for (const Diagnostic& d : with.diagnostics)
            if (d.severity != Severity::Note && d.location.line >= firstNew &&
                std::filesystem::path(d.location.file).filename() == "m.qc")
                return "";
        if (with.files.empty()) return sample.name + ": the QC with it does not compile";
        if (with.files != without.files) return "";
        return sample.name + ": accepted, but the QC with it compiles to the same bytes and no "
                             "warning names its line";
    }

    test::TempDir dir;
};

TEST_F(QcAcceptedNamesTest, EveryCommandTheReaderAcceptsIsImplementedOrWarned) {
    const QcAcceptedNames accepted = qcAcceptedNames();
    ASSERT_GT(accepted.commands.size(), 40u);
    std::map<std::string, Sample> samples;
    for (Sample& sample : commandSamples())
        samples.emplace(sample.name, std::move(sample));
    for (const std::string& name : accepted.commands) {
        const auto it = samples.find(name);
        if (it == samples.end()) {
            ADD_FAILURE() << name << " is accepted but has no sample here: add one, and make "
                          << "the compiler use it or warn about it";
            continue;
        }
        EXPECT_EQ(check(it->second), "");
    }
}

TEST_F(QcAcceptedNamesTest, EveryLodOptionTheReaderAcceptsIsImplementedOrWarned) {
    const QcAcceptedNames accepted = qcAcceptedNames();
    ASSERT_GE(accepted.lodOptions.size(), 8u);
    std::map<std::string, Sample> samples;
    for (Sample& sample : lodSamples())
        samples.emplace(sample.name, std::move(sample));
    for (const std::string& name : accepted.lodOptions) {
        if (kNothingToActOn.count(name)) continue;
        const auto it = samples.find(name);
        if (it == samples.end()) {
            ADD_FAILURE() << name << " is accepted but has no sample here: add one, and make "
                          << "the compiler use it or warn about it";
            continue;
        }
        EXPECT_EQ(check(it->second), "");
    }
}

// The check itself: a sample whose two QCs compile alike and warn nothing fails it, and one that
// only warns at its line passes.
TEST_F(QcAcceptedNamesTest, TheCheckCatchesAnOptionThatDoesNothing) {
    EXPECT_NE(check({"a comment", model(""), model("", "// $cdmaterials \"models/other\"\n")}), "");
    EXPECT_EQ(
        check({"$lod", model(""), model("", "$lod 10\n{\n\treplacebone \"nosuch\" \"root\"\n}\n")}),
        "");
}

} // namespace
} // namespace vtxc
