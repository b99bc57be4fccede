// Tests of the compile driver on small hand-made and generated meshes: LOD handling, fixups, mesh
// splitting past 65536 vertices, determinism across thread counts, errors and the CLI.
#include "compiler/compile.h"
#include "testing/smd_synthesis.h"
#include "formats/studio/vvd_mesh_order.h"
#include "testing/model_comparison.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

// A quad grid of `n` x `n` cells per material, materials side by side, on two bones.
std::string gridSmd(int n, const std::vector<std::string>& materials,
                    const std::string& secondBone = "arm", float offset = 0.0f) {
    std::string s = "version 1\nnodes\n0 \"root\" -1\n1 \"" + secondBone +
                    "\" 0\nend\nskeleton\ntime 0\n"
                    "0 0 0 0 0 0 0\n1 0 0 1 0 0 0\nend\ntriangles\n";
    // UVs from the grid position, so that a vertex shared by cells is bit-identical in each.
    auto vertex = [&](float x, float y, float, float) {
        const int bone = x > float(n) / 2 ? 1 : 0;
        const float u = x / float(n), v = y / float(n);
        return std::to_string(bone) + " " + std::to_string(x + offset) + " " + std::to_string(y) +
               " 0 0 0 1 " + std::to_string(u) + " " + std::to_string(v) + " 1 " +
               std::to_string(bone) + " 1\n";
    };
    for (std::size_t m = 0; m < materials.size(); ++m)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const float x = float(i + int(m) * (n + 1)), y = float(j);
                const float u = float(i) / n, v = float(j) / n, d = 1.0f / n;
                s += materials[m] + "\n" + vertex(x, y, u, v) + vertex(x + 1, y, u + d, v) +
                     vertex(x + 1, y + 1, u + d, v + d);
                s += materials[m] + "\n" + vertex(x, y, u, v) + vertex(x + 1, y + 1, u + d, v + d) +
                     vertex(x, y + 1, u, v + d);
            }
    return s + "end\n";
}

std::optional<CompileOutput> compile(const ModelProject& project, CollectingSink& sink,
                                     CompileOptions options = {}) {
    return compileProject(project, options, sink);
}

std::vector<std::uint8_t> allBytes(const CompileOutput& out) {
    std::vector<std::uint8_t> bytes = writeVvd(out.vvd);
    for (const VtxAssembly& v : out.vtx) {
        const auto b = writeVtx(v.file);
        bytes.insert(bytes.end(), b.begin(), b.end());
    }
    return bytes;
}

TEST(Compile, LodZeroIsTheSameWithOrWithoutLodsAndFixupsRestoreMeshOrder) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", gridSmd(6, {"skin", "metal"}));
    test::writeText(dir / "lod1.smd", gridSmd(3, {"skin", "metal"}));
    CollectingSink sink;
    const auto alone = compile(projectFromSmds(dir / "ref.smd", {}, std::nullopt), sink);
    const auto withLod =
        compile(projectFromSmds(dir / "ref.smd", {{10, dir / "lod1.smd"}}, std::nullopt), sink);
    ASSERT_TRUE(alone && withLod) << sink.errorCount();
    // Two meshes and two LODs: the LOD-sorted pool needs fixups.
    EXPECT_FALSE(withLod->vvd.fixups.empty());
    EXPECT_TRUE(alone->vvd.fixups.empty());
    EXPECT_EQ(meshOrderedVertexIndices(withLod->vvd, 0).size(), withLod->vvd.vertices.size());
    EXPECT_EQ(meshOrderedVertexIndices(withLod->vvd, 1).size(),
              std::size_t(withLod->vvd.numLODVertexes[1]));
    for (std::size_t v = 0; v < 3; ++v) {
        const auto a = test::lodTriangles(alone->vvd, alone->vtx[v].file,
                                          test::meshStartsFromLayout(alone->layout));
        const auto b = test::lodTriangles(withLod->vvd, withLod->vtx[v].file,
                                          test::meshStartsFromLayout(withLod->layout));
        ASSERT_EQ(b.size(), 2u);
        EXPECT_EQ(a[0].size(), 6u * 6 * 2 * 2);
        EXPECT_EQ(b[0].size(), a[0].size());
        EXPECT_EQ(test::unmatchedTriangles(a[0], b[0], 0.0f, 0.0f), 0u);
        EXPECT_EQ(b[1].size(), 3u * 3 * 2 * 2);
    }
}

TEST(Compile, OutputWindingIsReversedAndVIsFlipped) {
    test::TempDir dir;
    test::writeText(
        dir / "t.smd",
        "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\n"
        "triangles\nm\n0 0 0 0 0 0 1 0 0.25\n0 1 0 0 0 0 1 1 0.25\n0 0 1 0 0 0 1 0 1\nend\n");
    CollectingSink sink;
    const auto out = compile(projectFromSmds(dir / "t.smd", {}, std::nullopt), sink);
    ASSERT_TRUE(out);
    const auto tris =
        test::lodTriangles(out->vvd, out->vtx[0].file, test::meshStartsFromLayout(out->layout));
    ASSERT_EQ(tris[0].size(), 1u);
    const test::Triangle expected{test::Corner{{0, 0, 0}, {0, 0.75f}},
                                  test::Corner{{0, 1, 0}, {0, 0}},
                                  test::Corner{{1, 0, 0}, {1, 0.75f}}};
    EXPECT_EQ(test::unmatchedTriangles(tris[0], {expected}, 0, 0), 0u);
}

TEST(Compile, SameBytesOnOneThreadOrMany) {
    test::TempDir dir;
    SmdSynthesisOptions synth;
    synth.triangles = 20000;
    synth.bones = 40;
    synth.materials = 3;
    CollectingSink sink;
    ASSERT_TRUE(writeSynthesizedSmdFile(dir / "big.smd", synth, sink));
    synth.triangles = 5000;
    ASSERT_TRUE(writeSynthesizedSmdFile(dir / "lod.smd", synth, sink));
    const ModelProject project =
        projectFromSmds(dir / "big.smd", {{12, dir / "lod.smd"}}, std::nullopt);
    CompileOptions one, many;
    one.threads = 1;
    many.threads = 8;
    const auto a = compile(project, sink, one);
    const auto b = compile(project, sink, many);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->checksum, b->checksum);
    EXPECT_TRUE(allBytes(*a) == allBytes(*b));
    EXPECT_EQ(a->layout, b->layout);
}

TEST(Compile, MaterialPast65536VerticesBecomesSeveralValidMeshes) {
    test::TempDir dir;
    test::writeText(dir / "huge.smd", gridSmd(256, {"ground"}));
    CollectingSink sink;
    CompileOptions options;
    options.variants = {VtxVariant::Dx90, VtxVariant::Sw};
    const auto out = compile(projectFromSmds(dir / "huge.smd", {}, std::nullopt), sink, options);
    ASSERT_TRUE(out);
    // Vertices on the seam between two meshes are stored in each.
    EXPECT_GT(out->vvd.vertices.size(), std::size_t(257 * 257));
    EXPECT_LT(out->vvd.vertices.size(), std::size_t(257 * 257 + 2 * 257 * 4));
    const auto& meshes = out->layout["bodyParts"][0]["models"][0]["meshes"];
    ASSERT_GE(meshes.size(), 2u);
    for (const auto& mesh : meshes)
        EXPECT_LE(mesh["vertexCount"].get<std::size_t>(), 65536u);
    for (const VtxAssembly& v : out->vtx) {
        EXPECT_EQ(test::stripLimitViolations(v.file), std::vector<std::string>{});
        const auto tris =
            test::lodTriangles(out->vvd, v.file, test::meshStartsFromLayout(out->layout));
        EXPECT_EQ(tris[0].size(), std::size_t(256 * 256 * 2));
    }
}

TEST(Compile, MaterialOnlyInALodIsAnError) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", gridSmd(2, {"skin"}));
    test::writeText(dir / "lod1.smd", gridSmd(1, {"skin", "gold"}));
    CollectingSink sink;
    EXPECT_FALSE(
        compile(projectFromSmds(dir / "ref.smd", {{10, dir / "lod1.smd"}}, std::nullopt), sink));
    const Diagnostic* d = sink.find("MESH001");
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("'gold'"), std::string::npos);
    EXPECT_EQ(d->location.file, (dir / "lod1.smd").string());
}

TEST(Compile, LodBoneMissingFromReferenceIsAnErrorNamingItsLine) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", gridSmd(2, {"skin"}));
    test::writeText(dir / "lod1.smd", gridSmd(1, {"skin"}, "tail"));
    CollectingSink sink;
    EXPECT_FALSE(
        compile(projectFromSmds(dir / "ref.smd", {{10, dir / "lod1.smd"}}, std::nullopt), sink));
    const Diagnostic* d = sink.find("BONE001");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->location.line, 4u);
    EXPECT_NE(d->message.find("'tail'"), std::string::npos);
}

TEST(Compile, MoreThan128BonesInUseIsAnError) {
    test::TempDir dir;
    SmdSynthesisOptions synth;
    synth.triangles = 3000;
    synth.bones = 140;
    CollectingSink sink;
    ASSERT_TRUE(writeSynthesizedSmdFile(dir / "many.smd", synth, sink));
    EXPECT_FALSE(compile(projectFromSmds(dir / "many.smd", {}, std::nullopt), sink));
    const Diagnostic* d = sink.find("MESH002");
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("of 140 bones"), std::string::npos);
}

TEST(CompileCli, WritesEveryFileAndReportsQuality) {
    test::TempDir dir;
    const auto result =
        test::runVtxc({"compile", std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd", "-o",
                       (dir / "out/arm").string(), "--report", (dir / "q.json").string()});
    EXPECT_EQ(result.exitStatus, 0) << result.err;
    for (const char* name : {"arm.mdl", "arm.vvd", "arm.dx90.vtx", "arm.dx80.vtx", "arm.sw.vtx",
                             "arm.layout.json"})
        EXPECT_TRUE(fs::exists(dir / "out" / name)) << name;
    const auto report = nlohmann::json::parse(test::readText(dir / "q.json"));
    const auto& lod0 = report["variants"]["dx90"]["lods"][0];
    EXPECT_EQ(lod0["triangles"].get<int>(), 288);
    EXPECT_GE(lod0["atvr"].get<double>(), 1.0);
}

// The SMD form makes an engine-ready model: its four files agree as `vtxc inspect MODEL` checks.
TEST(CompileCli, SmdFormModelPassesInspect) {
    test::TempDir dir;
    auto result = test::runVtxc({"compile", std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd",
                                 "-o", (dir / "out/arm").string(), "--quiet"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    result = test::runVtxc({"inspect", (dir / "out/arm").string()});
    EXPECT_EQ(result.exitStatus, 0) << result.out << result.err;
    EXPECT_EQ(result.err, "");
    result = test::runVtxc({"inspect", (dir / "out/arm.mdl").string(), "--json"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    EXPECT_NE(result.out.find("\"idle\""), std::string::npos); // the default sequence
}

TEST(CompileCli, BadInputExitsThreeAndWritesNothing) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", gridSmd(2, {"skin"}));
    test::writeText(dir / "bad.smd",
                    "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\n"
                    "triangles\nskin\n0 0 0 0 0 0 1 0 0\n0 1 0 0 0 0 1 nan 0\n");
    const auto result =
        test::runVtxc({"compile", (dir / "ref.smd").string(), "--lod",
                       "10=" + (dir / "bad.smd").string(), "-o", (dir / "out/m").string()});
    EXPECT_EQ(result.exitStatus, 3) << result.err;
    EXPECT_NE(result.err.find("bad.smd:12:"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(CompileCli, MissingFileIsAnIoErrorAndBadOptionsAUsageError) {
    test::TempDir dir;
    auto result =
        test::runVtxc({"compile", (dir / "none.smd").string(), "-o", (dir / "m").string()});
    EXPECT_EQ(result.exitStatus, 2) << result.err;
    EXPECT_NE(result.err.find("error[IO001]"), std::string::npos);
    result = test::runVtxc({"compile", std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd", "-o",
                            (dir / "m").string(), "--lod", "nonsense"});
    EXPECT_EQ(result.exitStatus, 1);
    result = test::runVtxc({"compile", std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd", "-o",
                            (dir / "m").string(), "--variants", "dx70"});
    EXPECT_EQ(result.exitStatus, 1);
}

} // namespace
} // namespace vtxc
