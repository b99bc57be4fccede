// The resource-limit tier: small inputs that once took time quadratic in their size, each held to
// a fixed, generous budget of CPU seconds (all threads; CPU time rather than wall time, so a busy
// machine does not trip it). The budgets are several times what the inputs take now, also under
// the sanitizers, and far below what the quadratic code took (30 s to 120 s): they catch a
// blow-up, they do not measure speed (bench/ does that).
#include "anim/animation_export.h"
#include "collision/convex_hull.h"
#include "compiler/compile.h"
#include "formats/qc/qc_preprocessor.h"
#include "formats/qc/qc_project.h"
#include "optimizer/simplify/simplify.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <sys/resource.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;
// CPU seconds of the whole process (every thread) so far.
double cpuSeconds() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

struct CpuClock {
    double start = cpuSeconds();
    double elapsed() const { return cpuSeconds() - start; }
};

std::string header(int nodes) {
    std::string s = "version 1\nnodes\n";
    for (int i = 0; i < nodes; ++i)
        s += std::to_string(i) + " \"bone" + std::to_string(i) + "\" " + (i == 0 ? "-1" : "0") +
             "\n";
    s += "end\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\ntriangles\n";
    return s;
}

std::string corner(double x, double y, double z, double nx, double ny, double nz, double u,
                   double v) {
    char line[200];
    std::snprintf(line, sizeof line, "0 %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f\n", x, y, z, nx, ny,
                  nz, u, v);
    return line;
}

// `triangles` around the vertex at the origin; `cone`: the apex normal differs per triangle, so
// welding keeps thousands of vertices at one position.
std::string fanSmd(int triangles, bool cone) {
    std::string s = header(1);
    for (int i = 0; i < triangles; ++i) {
        const double a = 2 * M_PI * i / triangles, b = 2 * M_PI * (i + 1) / triangles;
        const double nx = cone ? std::cos(a) : 0, ny = cone ? std::sin(a) : 0, nz = cone ? 0.5 : 1;
        s += "skin\n" + corner(0, 0, cone ? 1 : 0, nx, ny, nz, 0.5, 0.5) +
             corner(std::cos(a), std::sin(a), 0, nx, ny, nz, 0, 0) +
             corner(std::cos(b), std::sin(b), 0, nx, ny, nz, 1, 0);
    }
    return s + "end\n";
}

std::string repeatedTriangleSmd(int copies, int nodes = 1) {
    std::string s = header(nodes);
    for (int i = 0; i < copies; ++i)
        s += "skin\n" + corner(0, 0, 0, 0, 0, 1, 0, 0) + corner(1, 0, 0, 0, 0, 1, 1, 0) +
             corner(0, 1, 0, 0, 0, 1, 0, 1);
    return s + "end\n";
}

// Compiles one SMD in memory (nothing written) and returns the CPU seconds it took.
double compileSeconds(const std::string& smd) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", smd);
    CollectingSink sink;
    const CpuClock clock;
    const auto output =
        compileProject(projectFromSmds(dir / "ref.smd", {}, std::nullopt), {}, sink);
    const double seconds = clock.elapsed();
    EXPECT_TRUE(output.has_value());
    for (const Diagnostic& d : sink.errors())
        ADD_FAILURE() << formatDiagnostic(d);
    return seconds;
}

TEST(Limits, AFanOf16000TrianglesAroundOneVertex) {
    EXPECT_LT(compileSeconds(fanSmd(16000, false)), 20.0); // once 102 s
}

TEST(Limits, AConeWhoseApexHas16000Normals) {
    EXPECT_LT(compileSeconds(fanSmd(16000, true)), 20.0);
}

// studiomdl's collision hulls remove low corners round by round, one qhull run a round: a circle
// of 16000 points between two apexes (every rim corner 0.0004 from the line through its
// neighbours) and 10000 points on a sphere of radius 4
// (most corners low) are the inputs with the most rounds of work per point.
double lowCornerHullSeconds(const std::vector<Vec3d>& points) {
    const CpuClock clock;
    const HullResult result =
        buildConvexHull(points, {.smallestCornerHeight = kStudiomdlSmallestCornerHeight});
    const double seconds = clock.elapsed();
    EXPECT_TRUE(result.ok());
    if (result.ok()) {
        EXPECT_LT(result.hull->points.size(), points.size() / 10);
    }
    return seconds;
}

TEST(Limits, ACollisionHullOfA16000PointCircleLosesItsLowCorners) {
    std::vector<Vec3d> points{{0, 0, 1}, {0, 0, -1}};
    for (int i = 0; i < 16000; ++i) {
        const double a = 2 * M_PI * i / 16000;
        points.push_back({std::cos(a), std::sin(a), 0});
    }
    EXPECT_LT(lowCornerHullSeconds(points), 20.0);
}

TEST(Limits, ACollisionHullOf10000PointsOnASmallSphereLosesItsLowCorners) {
    std::vector<Vec3d> points;
    // A golden-angle spiral: evenly spread, about 0.14 units apart.
    for (int i = 0; i < 10000; ++i) {
        const double z = 1 - 2 * (i + 0.5) / 10000, r = std::sqrt(1 - z * z);
        const double a = i * M_PI * (3 - std::sqrt(5.0));
        points.push_back({4 * r * std::cos(a), 4 * r * std::sin(a), 4 * z});
    }
    EXPECT_LT(lowCornerHullSeconds(points), 20.0);
}

// Simplifies a fan of `triangles` around one apex to half and returns the CPU seconds it took;
// `cone`: the apex normal differs per triangle (one wedge per triangle there).
double simplifyFanSeconds(int triangles, bool cone) {
    std::vector<ModelVertex> vertices;
    std::vector<std::uint32_t> indices;
    for (int i = 0; i < triangles; ++i) {
        const double a = 2 * M_PI * i / triangles;
        ModelVertex apex;
        apex.position = {0, 0, 1};
        apex.normal = cone ? Vec3{float(std::cos(a)), float(std::sin(a)), 0.5f} : Vec3{0, 0, 1};
        apex.weights.count = 1;
        apex.weights.weight[0] = 1;
        ModelVertex rim = apex;
        rim.position = {float(std::cos(a)), float(std::sin(a)), 0};
        vertices.push_back(apex);
        vertices.push_back(rim);
    }
    const auto n = static_cast<std::uint32_t>(triangles);
    for (std::uint32_t i = 0; i < n; ++i)
        indices.insert(indices.end(), {2 * i, 2 * i + 1, 2 * ((i + 1) % n) + 1});
    SimplifyOptions options;
    options.targetRatio = 0.5;
    const CpuClock clock;
    const SimplifiedMesh out = simplifyMesh({vertices, indices, {}}, options);
    const double seconds = clock.elapsed();
    EXPECT_LE(out.indices.size() / 3, std::size_t(triangles / 2));
    EXPECT_GT(out.indices.size(), 0u);
    return seconds;
}

// Every check of a collapse walks both points' triangles: collapses at a point of thousands are
// not made (once 9 s for the cone); the wedges at a point are found in a list per point, which
// must switch to a hash table past a few.
TEST(Limits, SimplifyingAFanOf16000TrianglesAroundOneVertex) {
    EXPECT_LT(simplifyFanSeconds(16000, false), 20.0);
}

TEST(Limits, SimplifyingAConeWhoseApexHas16000Normals) {
    EXPECT_LT(simplifyFanSeconds(16000, true), 20.0);
}

// Four vertices shared by 400 materials: each vertex is a wedge per material, many more wedges
// than vertices. The wedge table a point switches to past a few wedges was sized by the vertices
// and, full, searched forever.
TEST(Limits, SimplifyingFourVerticesSharedBy400Materials) {
    std::vector<ModelVertex> vertices(4);
    vertices[1].position = {1, 0, 0};
    vertices[2].position = {0, 1, 0};
    vertices[3].position = {0, 0, 1};
    std::vector<std::uint32_t> indices, materials;
    for (std::uint32_t material = 0; material < 400; ++material) {
        indices.insert(indices.end(), {0, 1, 2, 0, 2, 3});
        materials.insert(materials.end(), {material, material});
    }
    SimplifyOptions options;
    options.targetRatio = 0.5;
    const CpuClock clock;
    const SimplifiedMesh result = simplifyMesh({vertices, indices, materials}, options);
    EXPECT_LT(clock.elapsed(), 20.0);
    EXPECT_EQ(result.materials.size() * 3, result.indices.size());
    EXPECT_LE(result.indices.size(), indices.size());
}

TEST(Limits, OneTriangleRepeated8000Times) {
    EXPECT_LT(compileSeconds(repeatedTriangleSmd(8000)), 20.0); // once 30 s
}

// The .mdl numbers bones in one byte, so the compile now stops at BONE006; the bone table it
// builds first must still be linear work (once 81 s).
TEST(Limits, FortyThousandUnusedNodes) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", repeatedTriangleSmd(1, 40000));
    CollectingSink sink;
    const CpuClock clock;
    const auto output =
        compileProject(projectFromSmds(dir / "ref.smd", {}, std::nullopt), {}, sink);
    EXPECT_LT(clock.elapsed(), 20.0);
    EXPECT_FALSE(output.has_value());
    const Diagnostic* tooMany = sink.find("BONE006");
    ASSERT_NE(tooMany, nullptr);
    EXPECT_EQ(tooMany->location.file, (dir / "ref.smd").string());
}

TEST(Limits, DefineVariableDoublingStopsEarly) {
    MemoryFileSystem files;
    std::string qc = "$definevariable v0 \"ab\"\n";
    for (int i = 1; i <= 32; ++i)
        qc += "$definevariable v" + std::to_string(i) + " \"$v" + std::to_string(i - 1) + "$$v" +
              std::to_string(i - 1) + "$\"\n";
    files.addFile("root/x.qc", qc + "$modelname \"$v32$\"\n");
    CollectingSink sink;
    const CpuClock clock;
    EXPECT_FALSE(readQcProject("root/x.qc", files, sink));
    EXPECT_LT(clock.elapsed(), 5.0); // once 32 s, then out of memory
    ASSERT_NE(sink.find("QC025"), nullptr);
    EXPECT_EQ(sink.find("QC025")->location.line, 17u);
}

// Macros that call the one before twice, passing their argument on from their body lines (as real
// QCs do): the expansion doubles at each level and must stop at the budget.
TEST(Limits, NestedMacrosPassingArgumentsOnStopAtTheBudget) {
    MemoryFileSystem files;
    std::string qc = "$modelname x\n$definemacro M0 a \\\\\n$cdmaterials $a$\n\n";
    for (int i = 1; i <= 40; ++i) {
        const std::string inner = "$M" + std::to_string(i - 1);
        qc += "$definemacro M" + std::to_string(i) + " a \\\\\n" + inner + " $a$ \\\\\n// \\\\\n" +
              inner + " $a$_x\n\n";
    }
    files.addFile("root/x.qc", qc + "$M40 start\n");
    CollectingSink sink;
    QcPreprocessorLimits limits;
    limits.maxTokens = 100'000; // the default's fifth: the same path, less time under sanitizers
    const CpuClock clock;
    const QcPreprocessed out =
        preprocessQc(QcPathResolver("root", files), "x.qc", files, sink, limits);
    EXPECT_LT(clock.elapsed(), 5.0);
    ASSERT_NE(sink.find("QC025"), nullptr);
    EXPECT_TRUE(out.truncated);
    EXPECT_LE(out.tokens.size(), limits.maxTokens);
}

// A macro body continued over 300000 comment lines that hold the continuation mark: read in
// linear time.
TEST(Limits, AMacroBodyOfManyCommentedLines) {
    MemoryFileSystem files;
    std::string qc = "$modelname x\n$definemacro M a \\\\\n";
    for (int i = 0; i < 300000; ++i)
        qc += "// \\\\\n";
    files.addFile("root/x.qc", qc + "$cdmaterials $a$\n\n$M dir\n");
    CollectingSink sink;
    const CpuClock clock;
    (void)readQcProject("root/x.qc", files, sink); // no model: QC034
    EXPECT_LT(clock.elapsed(), 5.0);
    EXPECT_EQ(sink.find("QC022"), nullptr); // the body reached $cdmaterials $a$
    EXPECT_NE(sink.find("QC034"), nullptr); // and reading went on to the end
}

// A thousand animations, each from its own source: the export resolves every path once.
TEST(Limits, AThousandAnimationsExportInLinearTime) {
    test::TempDir dir;
    std::string document =
        "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
        "CVanimGroup* m_pObject = &G } ]\nCVanimGroup G { CVanim[] m_Vanim = [\n";
    for (int i = 0; i < 1000; ++i) {
        const std::string name = "a" + std::to_string(i);
        test::writeText(dir / ("content/anims/" + name + ".smd"),
                        "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\n"
                        "time 1\n0 1 0 0 0 0 0\nend\n");
        document += "CVanim {\nstring m_Animationname = \"" + name +
                    "\"\nstring m_Filepath = \"anims/" + name + ".smd\"\nint m_nEndframe = 1\n}\n";
    }
    test::writeText(dir / "content/m.vmdl", document + "] }\n");
    CollectingSink sink;
    const CpuClock clock;
    EXPECT_TRUE(exportVmdlAnimations(dir / "content/m.vmdl", dir / "content", dir / "out", sink));
    EXPECT_LT(clock.elapsed(), 20.0); // once 123 s
    EXPECT_FALSE(sink.hasErrors());
    EXPECT_TRUE(fs::exists(dir / "out/a999.smd"));
}

} // namespace
} // namespace vtxc
