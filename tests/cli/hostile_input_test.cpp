// Hostile input through the whole command line: every reproducer of the hostile-input review as
// a small generated case. Each asserts the exit status, the code and where it points; none may
// crash, hang, write outside the output root or replace an input.
#include "formats/common/file_io.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"
#include "testing/child_process.h"
#include "testing/test_support.h"

#include <cstring>
#include <functional>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

// One triangle on one bone with the given material.
std::string triangleSmd(const std::string& material = "skin", const std::string& bone = "root") {
    return "version 1\nnodes\n0 \"" + bone +
           "\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\ntriangles\n" + material +
           "\n0 0 0 0 0 0 1 0 0\n0 1 0 0 0 0 1 1 0\n0 0 1 0 0 0 1 0 1\nend\n";
}

std::string qcFor(const std::string& extra, const std::string& modelName = "box.mdl") {
    return "$modelname \"" + modelName + "\"\n" + extra + "$body body \"ref.smd\"\n";
}

test::ChildResult vtxc(const std::vector<std::string>& arguments, test::ChildOptions options = {}) {
    options.deadline = std::chrono::milliseconds(30000);
    return test::runVtxcChild(arguments, options);
}

bool has(const test::ChildResult& r, const std::string& text) {
    return r.err.find(text) != std::string::npos;
}

TEST(HostileInput, NonUtf8QcStringsAreRefusedAtTheirColumnNotExit4) {
    for (const std::string& line :
         {std::string("$cdmaterials \"mod\xe9ls/\"\n"), std::string("$sequence \"idl\xff\" ref\n"),
          std::string("$texturegroup skins { { \"a\xc3\" } }\n")}) {
        test::TempDir dir;
        test::writeText(dir / "ref.smd", triangleSmd());
        test::writeText(dir / "x.qc", qcFor(line));
        const auto r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
        EXPECT_EQ(r.exitStatus, 3) << r.err;
        EXPECT_TRUE(has(r, "x.qc:2:")) << r.err;
        EXPECT_TRUE(has(r, "error[QC007]")) << r.err;
        EXPECT_FALSE(fs::exists(dir / "out/models"));
    }
}

TEST(HostileInput, NonUtf8ModelAndBodyNamesAreRefusedAtTheirColumn) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"$modelname \"b\xe9x.mdl\"\n$body body \"ref.smd\"\n", "x.qc:1:14: error[QC007]"},
        {"$modelname \"box.mdl\"\n$body b\xe9"
         "dy \"ref.smd\"\n",
         "x.qc:2:8: error[QC007]"},
        {"$modelname \"box.mdl\"\n$bodygroup \"gr\xf0up\" { studio \"ref.smd\" }\n",
         "x.qc:2:15: error[QC007]"},
    };
    for (const auto& [qc, expected] : cases) {
        test::TempDir dir;
        test::writeText(dir / "ref.smd", triangleSmd());
        test::writeText(dir / "x.qc", qc);
        const auto r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
        EXPECT_EQ(r.exitStatus, 3) << r.err;
        EXPECT_TRUE(has(r, expected)) << expected << "\n" << r.err;
        EXPECT_FALSE(has(r, "internal error")) << r.err;
        EXPECT_FALSE(fs::exists(dir / "out/models"));
    }
}

TEST(HostileInput, NonUtf8SmdNamesAreRefusedAtTheirColumn) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", triangleSmd("sk\xe9n"));
    const auto r = vtxc({"compile", (dir / "ref.smd").string(), "-o", (dir / "out/ref").string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "ref.smd:10:3: error[SMD024]")) << r.err;
}

TEST(HostileInput, ScaleBeyondFloatIsRefusedAtItsLine) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", triangleSmd());
    test::writeText(dir / "x.qc", qcFor("$scale 1e39\n"));
    auto r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "x.qc:2:8: error[QC031]")) << r.err;
    // Finite, but the positions overflow: refused at the $body line that places the SMD.
    test::writeText(dir / "x.qc", qcFor("$scale 3.4e38\n$origin 0 0 -1e30\n"));
    r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "x.qc:4:")) << r.err;
    EXPECT_TRUE(has(r, "error[MESH006]")) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out/models"));
    // A rotation beyond float, then one whose conversion to radians overflows.
    test::writeText(dir / "x.qc", qcFor("$origin 0 0 0 1e39\n"));
    r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "x.qc:2:15: error[QC031]")) << r.err;
    test::writeText(dir / "x.qc", qcFor("$origin 0 0 0 3e38\n"));
    r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "x.qc:3:12: error[MESH006]")) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out/models"));
}

// The same placement on skeletons: an animation named after a $scale that takes its bones past
// float is refused at the file's name (SEQ012), a mesh whose vertices fit but whose far bone does
// not at its $body line (MESH006). Nothing is written.
TEST(HostileInput, ScaleBeyondFloatOnASkeletonIsRefusedAtItsLine) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", triangleSmd());
    test::writeText(dir / "far.smd", "version 1\nnodes\n0 \"root\" -1\n1 \"far\" 0\nend\n"
                                     "skeleton\ntime 0\n0 0 0 10 0 0 0\n1 1e38 0 0 0 0 0\nend\n");
    test::writeText(dir / "x.qc", qcFor("") + "$scale 10\n$sequence idle \"far.smd\"\n");
    auto r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "x.qc:4:16: error[SEQ012]")) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out/models"));
    // An animation library (no mesh): its bones' bind pose comes from that skeleton, refused alike.
    test::writeText(dir / "x.qc",
                    "$modelname \"box.mdl\"\n$scale 10\n$sequence idle \"far.smd\"\n");
    r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "x.qc:3:16: error[SEQ012]")) << r.err;
    EXPECT_FALSE(has(r, "internal error")) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out/models"));
    test::writeText(dir / "far.smd", "version 1\nnodes\n0 \"root\" -1\n1 \"far\" 0\nend\n"
                                     "skeleton\ntime 0\n0 0 0 0 0 0 0\n1 1e38 0 0 0 0 0\nend\n"
                                     "triangles\nskin\n0 0 0 0 0 0 1 0 0\n0 1 0 0 0 0 1 1 0\n"
                                     "0 0 1 0 0 0 1 0 1\nend\n");
    test::writeText(dir / "x.qc", "$modelname \"box.mdl\"\n$scale 10\n$body body \"far.smd\"\n");
    r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "x.qc:3:12: error[MESH006]")) << r.err;
    EXPECT_TRUE(has(r, "skeleton frame of its line 7")) << r.err;
    EXPECT_FALSE(has(r, "internal error")) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out/models"));
}

TEST(HostileInput, OutputRootLinksAreNotFollowedOutside) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", triangleSmd());
    test::writeText(dir / "x.qc", qcFor("", "props/box.mdl"));
    fs::create_directories(dir / "elsewhere");
    // ROOT/models itself a link, then a link inside ROOT/models.
    fs::create_directories(dir / "root1");
    fs::create_directory_symlink(dir / "elsewhere", dir / "root1/models");
    auto r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "root1").string()});
    EXPECT_EQ(r.exitStatus, 2) << r.err;
    EXPECT_TRUE(has(r, "error[IO005]")) << r.err;
    fs::create_directories(dir / "root2/models");
    fs::create_directory_symlink(dir / "elsewhere", dir / "root2/models/props");
    r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "root2").string()});
    EXPECT_EQ(r.exitStatus, 2) << r.err;
    EXPECT_TRUE(has(r, "root2/models/props: error[IO005]")) << r.err;
    EXPECT_TRUE(fs::is_empty(dir / "elsewhere"));
}

TEST(HostileInput, OutputsThatAreInputsAreRefused) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", triangleSmd());
    const std::string smd = test::readText(dir / "ref.smd");
    auto r = vtxc({"compile", (dir / "ref.smd").string(), "-o", (dir / "out/ref").string(),
                   "--report", (dir / "ref.smd").string()});
    EXPECT_EQ(r.exitStatus, 1) << r.err;
    EXPECT_TRUE(has(r, "ref.smd: error[IO008]")) << r.err;
    EXPECT_EQ(test::readText(dir / "ref.smd"), smd);
    // An input named like an output: ref.layout.json would be written over it.
    fs::copy_file(dir / "ref.smd", dir / "m.layout.json");
    r = vtxc({"compile", (dir / "m.layout.json").string(), "-o", (dir / "m").string()});
    EXPECT_EQ(r.exitStatus, 1) << r.err;
    EXPECT_TRUE(has(r, "error[IO008]")) << r.err;
    EXPECT_EQ(test::readText(dir / "m.layout.json"), smd);
    // The .mdl is an output too.
    fs::copy_file(dir / "ref.smd", dir / "n.mdl");
    r = vtxc({"compile", (dir / "n.mdl").string(), "-o", (dir / "n").string()});
    EXPECT_EQ(r.exitStatus, 1) << r.err;
    EXPECT_TRUE(has(r, "n.mdl: error[IO008]")) << r.err;
    EXPECT_EQ(test::readText(dir / "n.mdl"), smd);
}

TEST(HostileInput, OddOutputNamesAreRefused) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", triangleSmd());
    auto r = vtxc({"compile", (dir / "ref.smd").string(), "-o", (dir / "exdir").string() + "/"});
    EXPECT_EQ(r.exitStatus, 1) << r.err;
    EXPECT_TRUE(has(r, "-o: error[IO007]")) << r.err;
    EXPECT_FALSE(fs::exists(dir / "exdir/.vvd"));
    for (const std::string& name :
         {std::string("props/"), std::string("a\tb"), std::string("props/.hidden")}) {
        test::writeText(dir / "x.qc", qcFor("", name));
        r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
        EXPECT_EQ(r.exitStatus, 3) << name << r.err;
        EXPECT_TRUE(has(r, "x.qc:1:12: error[QC032]")) << name << r.err;
    }
    EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(HostileInput, QcWithoutAFolderReportsAMissingSmdAsMissing) {
    test::TempDir dir;
    test::writeText(dir / "x.qc", "$modelname \"box.mdl\"\n$body body \"missing.smd\"\n");
    test::ChildOptions options;
    options.workingFolder = dir.path();
    const auto r = vtxc({"compile", "x.qc", "-o", "out"}, options);
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "x.qc:2:12: error[QC050]")) << r.err;
    EXPECT_FALSE(has(r, "QC014")) << r.err;
}

TEST(HostileInput, QcWholeFileDiagnosticsNameALine) {
    test::TempDir dir;
    test::writeText(dir / "x.qc", "$cdmaterials \"m/\"\n");
    const auto r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exitStatus, 3);
    EXPECT_TRUE(has(r, "x.qc:1:1: error[QC033]")) << r.err;
    EXPECT_TRUE(has(r, "x.qc:1:1: error[QC034]")) << r.err;
    test::writeText(dir / "big.qc", std::string(17u << 20, ' '));
    const auto big = vtxc({"compile", (dir / "big.qc").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(big.exitStatus, 3);
    EXPECT_TRUE(has(big, "big.qc:1:1: error[QC006]")) << big.err;
}

TEST(HostileInput, DefineVariableDoublingStopsAtQc025) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", triangleSmd());
    std::string qc = "$definevariable v0 \"ab\"\n";
    for (int i = 1; i <= 32; ++i)
        qc += "$definevariable v" + std::to_string(i) + " \"$v" + std::to_string(i - 1) + "$$v" +
              std::to_string(i - 1) + "$\"\n";
    qc += qcFor("$cdmaterials \"$v32$\"\n");
    test::writeText(dir / "x.qc", qc);
    const auto r = vtxc({"compile", (dir / "x.qc").string(), "-o", (dir / "out").string()});
    EXPECT_FALSE(r.timedOut);
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "x.qc:17:21:")) << r.err; // 2 bytes doubled past 64 KiB at v16's value
    EXPECT_TRUE(has(r, "error[QC025]")) << r.err;
}

TEST(HostileInput, SmdDiagnosticsKeepTheirForm) {
    test::TempDir dir;
    test::writeText(dir / "huge.smd",
                    "version 1\nnodes\n0 \"root\" " + std::string(20u << 20, 'x') + "\nend\n");
    auto r = vtxc({"compile", (dir / "huge.smd").string(), "-o", (dir / "out/h").string()});
    EXPECT_EQ(r.exitStatus, 3);
    EXPECT_TRUE(has(r, "huge.smd:3:10: error[SMD003]")) << r.err.substr(0, 300);
    EXPECT_LT(r.err.size(), 2000u); // the 20 MB token is quoted in part
    test::writeText(dir / "noskel.smd", "version 1\nnodes\n0 \"root\" -1\nend\n");
    r = vtxc({"compile", (dir / "noskel.smd").string(), "-o", (dir / "out/n").string()});
    EXPECT_TRUE(has(r, "noskel.smd:4:1: error[SMD018]")) << r.err;
}

TEST(HostileInput, TooManyUsedBonesPointAtTheBonesLine) {
    test::TempDir dir;
    std::string smd = "version 1\nnodes\n";
    for (int i = 0; i < 130; ++i)
        smd += std::to_string(i) + " \"b" + std::to_string(i) + "\" " +
               std::to_string(i == 0 ? -1 : 0) + "\n";
    smd += "end\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\ntriangles\nskin\n";
    smd += "129 0 0 0 0 0 1 0 0\n129 1 0 0 0 0 1 1 0\n129 0 0 1 0 0 1 0 1\nend\n";
    test::writeText(dir / "ref.smd", smd);
    const auto r = vtxc({"compile", (dir / "ref.smd").string(), "-o", (dir / "out/r").string()});
    EXPECT_EQ(r.exitStatus, 3);
    EXPECT_TRUE(has(r, "ref.smd:132:1: error[MESH002]")) << r.err;
}

// A compiled model whose header says vertCacheSize N.
fs::path modelWithCacheSize(const test::TempDir& dir, std::int32_t size) {
    test::writeText(dir / "ref.smd", triangleSmd());
    const auto r = vtxc({"compile", (dir / "ref.smd").string(), "-o", (dir / "m/ref").string()});
    EXPECT_EQ(r.exitStatus, 0) << r.err;
    const fs::path vtx = dir / "m/ref.dx90.vtx";
    std::string bytes = test::readText(vtx);
    std::memcpy(bytes.data() + 4, &size, 4);
    test::writeText(vtx, bytes);
    return dir / "m/ref";
}

TEST(HostileInput, BadVertCacheSizeIsVtx005NotAnAbort) {
    for (std::int32_t size : {0, 1, 2, -1}) {
        test::TempDir dir;
        const fs::path model = modelWithCacheSize(dir, size);
        for (const char* command : {"stats", "inspect", "restrip"}) {
            std::vector<std::string> arguments = {command, model.string()};
            if (std::string(command) == "restrip")
                arguments.insert(arguments.end(), {"-o", (dir / "restripped").string()});
            const auto r = vtxc(arguments);
            EXPECT_EQ(r.signal, 0) << command << " " << size;
            EXPECT_EQ(r.exitStatus, 3) << command << " " << size << r.err;
            EXPECT_TRUE(has(r, "ref.dx90.vtx: error[VTX005]")) << r.err;
        }
        EXPECT_FALSE(fs::exists(dir / "restripped")); // the bad header is never copied
    }
}

TEST(HostileInput, NonFiniteVvdVerticesAreReportedByInspect) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", triangleSmd());
    ASSERT_EQ(
        vtxc({"compile", (dir / "ref.smd").string(), "-o", (dir / "m/ref").string()}).exitStatus,
        0);
    CollectingSink sink;
    const auto bytes = readWholeFile(dir / "m/ref.vvd", sink);
    ASSERT_TRUE(bytes);
    const auto original = readVvd(
        {reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size()}, "ref.vvd", sink);
    ASSERT_TRUE(original);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    const std::vector<std::pair<std::string, std::function<void(VvdVertex&)>>> damages = {
        {"position", [&](VvdVertex& v) { v.position.x = inf; }},
        {"normal", [&](VvdVertex& v) { v.normal.y = nan; }},
        {"UV", [&](VvdVertex& v) { v.texCoord.x = nan; }},
        {"bone weight", [&](VvdVertex& v) { v.boneWeights.weight[0] = -inf; }},
    };
    for (const auto& [what, damage] : damages) {
        VvdFile vvd = *original;
        damage(vvd.vertices[1]);
        const auto patched = writeVvd(vvd);
        test::writeText(dir / "m/ref.vvd", std::string(patched.begin(), patched.end()));
        const auto r = vtxc({"inspect", (dir / "m/ref").string()});
        EXPECT_EQ(r.exitStatus, 3) << what << r.err;
        EXPECT_TRUE(has(r, "ref.vvd: error[CHK013]: vertex 1 has a " + what)) << what << r.err;
    }
}

TEST(HostileInput, NonRegularAndHugeInputsAreRefused) {
    test::TempDir dir;
    ASSERT_EQ(::mkfifo((dir / "x.vvd").c_str(), 0644), 0);
    auto r = vtxc({"inspect", (dir / "x.vvd").string()});
    EXPECT_FALSE(r.timedOut);
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "x.vvd: error[IO003]")) << r.err;
    // A sparse 10 GiB file: refused by size before anything is read.
    {
        std::FILE* f = std::fopen((dir / "big.vvd").c_str(), "wb");
        ASSERT_NE(f, nullptr);
        ASSERT_EQ(::ftruncate(fileno(f), 10ll << 30), 0);
        std::fclose(f);
    }
    r = vtxc({"inspect", (dir / "big.vvd").string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "big.vvd: error[IO004]")) << r.err;
    ASSERT_EQ(::mkfifo((dir / "ref.smd").c_str(), 0644), 0);
    r = vtxc({"compile", (dir / "ref.smd").string(), "-o", (dir / "out/r").string()});
    EXPECT_FALSE(r.timedOut);
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "error[IO003]")) << r.err;
}

std::string benchBaseline(const std::string& lod) {
    return R"({"models": {"ref.smd": {"ok": true, "timeMs": 1, "bytes": {"vvd": 10},
              "variants": {"dx90": {"lods": [)" +
           lod + "]}}}}}";
}

TEST(HostileInput, BenchBaselineOfTheWrongShapeNamesTheKey) {
    test::TempDir dir;
    test::writeText(dir / "models/ref.smd", triangleSmd());
    const std::string good = R"("triangles": 1, "storedVertices": 3, "strips": 1, "atvr": 1)";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"{" + good + R"(, "acmr": "x"})", "lods[0].acmr is string"},
        {"{" + good + R"(, "acmr": null})", "lods[0].acmr is null"},
        {"{" + good + "}", "lods[0].acmr is missing"},
    };
    for (const auto& [lod, expected] : cases) {
        test::writeText(dir / "base.json", benchBaseline(lod));
        const auto r = vtxc({"bench", (dir / "models").string(), "--baseline",
                             (dir / "base.json").string(), "--quiet"});
        EXPECT_EQ(r.exitStatus, 3) << r.err;
        EXPECT_TRUE(has(r, "base.json: error[BENCH003]")) << r.err;
        EXPECT_TRUE(has(r, expected)) << r.err;
    }
    test::writeText(dir / "base.json", R"({"models": {"ref.smd": {"ok": "yes"}}})");
    const auto r = vtxc({"bench", (dir / "models").string(), "--baseline",
                         (dir / "base.json").string(), "--quiet"});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "models.ref.smd.ok is string")) << r.err;
}

TEST(HostileInput, BenchVisitsEachRealFolderOnceAndReportsLoops) {
    test::TempDir dir;
    test::writeText(dir / "models/ref.smd", triangleSmd());
    fs::create_directory_symlink(".", dir / "models/again");
    fs::create_directory_symlink(".", dir / "models/loop");
    const auto r =
        vtxc({"bench", (dir / "models").string(), "--save", (dir / "run.json").string()});
    EXPECT_FALSE(r.timedOut);
    EXPECT_EQ(r.exitStatus, 0) << r.err;
    EXPECT_TRUE(has(r, "models/again: warning[BENCH004]")) << r.err;
    const std::string run = test::readText(dir / "run.json");
    EXPECT_NE(run.find("\"ref.smd\""), std::string::npos);
    EXPECT_EQ(run.find("again/ref.smd"), std::string::npos) << run;
}

// The anim command: a one-bone source whose two frames are 16 million frames apart.
std::string animDocument(const std::string& fps, int endFrame) {
    return "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
           "CVanimGroup* m_pObject = &G } ]\n"
           "CVanimGroup G { CVanim[] m_Vanim = [\n"
           "CVanim {\nstring m_Animationname = \"walk\"\nstring m_Filepath = \"anims/walk.smd\"\n"
           "float m_flFps = " +
           fps + "\nint m_nEndframe = " + std::to_string(endFrame) + "\n}\n] }\n";
}

TEST(HostileInput, AnimFrameAndRateLimits) {
    test::TempDir dir;
    test::writeText(dir / "anims/walk.smd", "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\n"
                                            "time 0\n0 0 0 0 0 0 0\ntime 16000000\n"
                                            "0 1 0 0 0 0 0\nend\n");
    test::writeText(dir / "a.vmdl", animDocument("30", 16000000));
    auto r = vtxc({"anim", (dir / "a.vmdl").string(), "-o", (dir / "out").string(), "--content",
                   dir.path().string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "a.vmdl:8:") && has(r, "error[VMDL034]")) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out"));
    // 4 million frames once wrote a 275 MB SMD and a 152 MB JSON from 1 KB of input.
    test::writeText(dir / "a.vmdl", animDocument("30", 4000000));
    r = vtxc({"anim", (dir / "a.vmdl").string(), "-o", (dir / "out").string(), "--content",
              dir.path().string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "a.vmdl:8:") && has(r, "error[VMDL034]")) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out"));
    for (const std::string fps : {"1e39", "3.4e38", "1e-45"}) {
        test::writeText(dir / "a.vmdl", animDocument(fps, 1));
        r = vtxc({"anim", (dir / "a.vmdl").string(), "-o", (dir / "out").string(), "--content",
                  dir.path().string()});
        EXPECT_EQ(r.exitStatus, 3) << fps << r.err;
        EXPECT_TRUE(has(r, "a.vmdl:7:") && has(r, "error[VMDL016]")) << fps << r.err;
    }
}

TEST(HostileInput, NonUtf8VmdlNamesAreRefusedAtTheirColumn) {
    test::TempDir dir;
    test::writeText(dir / "anims/walk.smd", "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\n"
                                            "time 0\n0 0 0 0 0 0 0\nend\n");
    std::string document = animDocument("30", 0);
    document.replace(document.find("\"walk\""), 6, "\"w\xe4lk\"");
    test::writeText(dir / "a.vmdl", document);
    const auto r = vtxc({"anim", (dir / "a.vmdl").string(), "-o", (dir / "out").string(),
                         "--content", dir.path().string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "a.vmdl:5:28: error[KV3012]")) << r.err;
}

// A keyword, an event and a group name that are not UTF-8, the group in an external file.
TEST(HostileInput, NonUtf8VmdlKeywordsEventsAndGroupsAreRefusedWhereTheyAre) {
    const std::string walk = "CVanim {\nstring m_Animationname = \"walk\"\n"
                             "string m_Filepath = \"anims/walk.smd\"\n";
    const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
        {"a.vmdl", walk + "string[] m_Keywords = [ \"f\xe2st\" ]\n}\n", "a.vmdl:7:27:"},
        {"a.vmdl",
         walk + "CAnimationEvent[] m_AnimationEvents = [ CAnimationEvent {\n"
                "string m_Event = \"AE_\xc0\" } ]\n}\n",
         "a.vmdl:8:22:"},
        {"groups/ext.vmdl", "", "ext.vmdl:1:36:"},
    };
    for (const auto& [file, animation, expected] : cases) {
        test::TempDir dir;
        test::writeText(dir / "anims/walk.smd", "version 1\nnodes\n0 \"root\" -1\nend\n"
                                                "skeleton\ntime 0\n0 0 0 0 0 0 0\nend\n");
        if (file == "a.vmdl") {
            test::writeText(dir / "a.vmdl",
                            "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                            "CVanimGroup* m_pObject = &G } ]\n"
                            "CVanimGroup G { CVanim[] m_Vanim = [\n" +
                                animation + "] }\n");
        } else {
            test::writeText(dir / "a.vmdl",
                            "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                            "string m_sFileName = \"groups/ext.vmdl\" } ]\n");
            test::writeText(dir / "groups/ext.vmdl", "CVanimGroup G { string m_Name = \"gr\xf5\"\n"
                                                     "CVanim[] m_Vanim = [ " +
                                                         walk + "} ] }\n");
        }
        const auto r = vtxc({"anim", (dir / "a.vmdl").string(), "-o", (dir / "out").string(),
                             "--content", dir.path().string()});
        EXPECT_EQ(r.exitStatus, 3) << file << r.err;
        EXPECT_TRUE(has(r, expected + std::string(" error[KV3012]"))) << expected << "\n" << r.err;
        EXPECT_FALSE(has(r, "internal error")) << r.err;
        EXPECT_FALSE(fs::exists(dir / "out"));
    }
}

} // namespace
} // namespace vtxc

namespace vtxc {
namespace {

// A corpus model copied to `to`: base path returned.
fs::path copyCorpusModel(const std::string& folder, const fs::path& to) {
    fs::create_directories(to);
    fs::path base;
    for (const auto& entry : fs::directory_iterator(test::corpusDir() / folder)) {
        const std::string ext = entry.path().extension().string();
        if (ext == ".mdl") base = to / entry.path().stem();
        if (ext == ".mdl" || ext == ".vvd" || ext == ".vtx")
            fs::copy_file(entry.path(), to / entry.path().filename());
    }
    return base;
}

std::vector<std::uint8_t> fileBytes(const fs::path& path) {
    const std::string text = test::readText(path);
    return {text.begin(), text.end()};
}

TEST(HostileRestrip, DamagedInputIsRefusedUpFrontNotAfterTheWork) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    const fs::path base = copyCorpusModel("w_grenade", dir / "in");
    // A vertex weighted to a bone the .mdl does not have (inspect's CHK008).
    CollectingSink sink;
    auto vvd = readVvd(fileBytes(base.string() + ".vvd"), "w_grenade.vvd", sink);
    ASSERT_TRUE(vvd);
    vvd->vertices[0].boneWeights.bone[0] = 99;
    const auto patched = writeVvd(*vvd);
    test::writeText(base.string() + ".vvd", std::string(patched.begin(), patched.end()));
    const auto r = vtxc({"restrip", base.string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exitStatus, 3) << r.err;
    EXPECT_TRUE(has(r, "w_grenade.vvd: error[CHK008]")) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out"));

    // A strip group that stores a vertex no triangle uses.
    const fs::path other = copyCorpusModel("w_grenade", dir / "in2");
    const fs::path vtxPath = other.string() + ".dx90.vtx";
    auto vtx = readVtx(fileBytes(vtxPath), "w_grenade.dx90.vtx", sink);
    ASSERT_TRUE(vtx);
    VtxStripGroup& group = vtx->bodyParts[0].models[0].lods[0].meshes[0].stripGroups[0];
    VtxVertex extra = group.vertices.back();
    for (const VtxVertex& v : group.vertices)
        extra.origMeshVertID = std::max<std::uint16_t>(extra.origMeshVertID, v.origMeshVertID);
    ++extra.origMeshVertID;
    group.vertices.push_back(extra);
    group.strips.back().numVerts += 1;
    const auto doctored = writeVtx(*vtx);
    test::writeText(vtxPath, std::string(doctored.begin(), doctored.end()));
    const auto unused = vtxc({"restrip", other.string(), "-o", (dir / "out2").string()});
    EXPECT_EQ(unused.exitStatus, 3) << unused.err;
    EXPECT_TRUE(has(unused, "w_grenade.dx90.vtx: error[RST009]")) << unused.err;
    EXPECT_FALSE(fs::exists(dir / "out2"));
}

TEST(HostileRestrip, BackupsAndInputsAreNeverReplaced) {
    VTXC_REQUIRE_CORPUS();
    test::TempDir dir;
    const fs::path base = copyCorpusModel("bunker_gun01", dir.path());
    const auto original = test::readText(base.string() + ".dx90.vtx");
    ASSERT_EQ(vtxc({"restrip", base.string(), "--in-place"}).exitStatus, 0);
    const auto firstRun = test::readText(base.string() + ".dx90.vtx");
    auto r = vtxc({"restrip", base.string(), "--in-place"});
    EXPECT_EQ(r.exitStatus, 1) << r.err;
    EXPECT_TRUE(has(r, ".dx90.vtx.bak: error[RST010]")) << r.err;
    EXPECT_EQ(test::readText(base.string() + ".dx90.vtx.bak"), original);
    EXPECT_EQ(test::readText(base.string() + ".dx90.vtx"), firstRun);

    const fs::path fresh = copyCorpusModel("bunker_gun01", dir / "own");
    const auto before = test::readText(fresh.string() + ".dx90.vtx");
    r = vtxc({"restrip", fresh.string(), "-o", (dir / "own").string()});
    EXPECT_EQ(r.exitStatus, 1) << r.err;
    EXPECT_TRUE(has(r, "error[IO008]")) << r.err;
    EXPECT_EQ(test::readText(fresh.string() + ".dx90.vtx"), before);
}

} // namespace
} // namespace vtxc
