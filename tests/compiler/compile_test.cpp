// Tests of the compile driver on small hand-made and generated meshes: LOD handling, fixups, mesh
// splitting past 65536 vertices, determinism across thread counts, errors and the CLI.
#include "compiler/checksum.h"
#include "compiler/compile.h"
#include "formats/studio/mdl.h"
#include "formats/studio/vvd_mesh_order.h"
#include "testing/model_comparison.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

std::optional<CompileOutput> compile(const ModelProject& project, CollectingSink& sink,
                                     CompileOptions options = {}) {
    return compileProject(project, options, sink);
}

std::vector<std::uint8_t> allBytes(const CompileOutput& out) {
    std::vector<std::uint8_t> bytes;
    for (const CompiledFile& file : out.files)
        bytes.insert(bytes.end(), file.bytes.begin(), file.bytes.end());
    return bytes;
}

TEST(Compile, LodZeroIsTheSameWithOrWithoutLodsAndFixupsRestoreMeshOrder) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", quadGridSmdText(6, {"skin", "metal"}));
    test::writeText(dir / "lod1.smd", quadGridSmdText(3, {"skin", "metal"}));
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

// The bytes are serialised once with checksum 0 and patched: they must be what writing the files
// with their checksum gives, and the checksum the content hash of the zero-checksum bytes (vvd,
// then vtx).
TEST(Compile, FileBytesCarryTheContentChecksumInEveryHeader) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", quadGridSmdText(4, {"skin", "metal"}));
    CollectingSink sink;
    const auto out = compile(projectFromSmds(dir / "ref.smd", {}, std::nullopt), sink);
    ASSERT_TRUE(out);
    ASSERT_EQ(out->files.size(), 2 + out->vtx.size());
    EXPECT_EQ(out->files[0].suffix, "vvd");
    // The .mdl comes last: its header holds the checksum, which covers the .vvd and .vtx only.
    ASSERT_TRUE(out->mdl);
    EXPECT_EQ(out->files.back().suffix, "mdl");
    EXPECT_EQ(out->files.back().bytes, writeMdl(*out->mdl));
    EXPECT_EQ(out->mdl->checksum, out->checksum);
    EXPECT_EQ(out->files[0].bytes, writeVvd(out->vvd));
    VvdFile vvd = out->vvd;
    vvd.checksum = 0;
    ContentChecksum expected;
    expected.add(writeVvd(vvd));
    for (std::size_t v = 0; v < out->vtx.size(); ++v) {
        EXPECT_EQ(out->files[1 + v].suffix, std::string(variantName(out->vtx[v].variant)) + ".vtx");
        EXPECT_EQ(out->files[1 + v].bytes, writeVtx(out->vtx[v].file));
        VtxFile vtx = out->vtx[v].file;
        vtx.checkSum = 0;
        expected.add(writeVtx(vtx));
    }
    EXPECT_EQ(out->checksum, expected.value());
    EXPECT_EQ(out->vvd.checksum, out->checksum);
    EXPECT_EQ(out->layout.checksum, out->checksum);

    CompileOptions given;
    given.checksum = -7;
    const auto chosen = compile(projectFromSmds(dir / "ref.smd", {}, std::nullopt), sink, given);
    ASSERT_TRUE(chosen);
    EXPECT_EQ(chosen->checksum, -7);
    for (std::size_t v = 0; v < chosen->vtx.size(); ++v)
        EXPECT_EQ(chosen->files[1 + v].bytes, writeVtx(chosen->vtx[v].file));
    EXPECT_EQ(chosen->vtx[0].file.checkSum, -7);
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
    test::writeText(dir / "huge.smd", quadGridSmdText(256, {"ground"}));
    CollectingSink sink;
    CompileOptions options;
    options.variants = {VtxVariant::Dx90, VtxVariant::Sw};
    const auto out = compile(projectFromSmds(dir / "huge.smd", {}, std::nullopt), sink, options);
    ASSERT_TRUE(out);
    // Vertices on the seam between two meshes are stored in each.
    EXPECT_GT(out->vvd.vertices.size(), std::size_t(257 * 257));
    EXPECT_LT(out->vvd.vertices.size(), std::size_t(257 * 257 + 2 * 257 * 4));
    const auto& meshes = out->layout.bodyParts.at(0).models.at(0).meshes;
    ASSERT_GE(meshes.size(), 2u);
    for (const LayoutMesh& mesh : meshes)
        EXPECT_LE(mesh.vertexCount, 65536u);
    for (const VtxAssembly& v : out->vtx) {
        EXPECT_EQ(test::stripLimitViolations(v.file), std::vector<std::string>{});
        const auto tris =
            test::lodTriangles(out->vvd, v.file, test::meshStartsFromLayout(out->layout));
        EXPECT_EQ(tris[0].size(), std::size_t(256 * 256 * 2));
    }
}

TEST(Compile, MaterialOnlyInALodIsAnError) {
    test::TempDir dir;
    test::writeText(dir / "ref.smd", quadGridSmdText(2, {"skin"}));
    test::writeText(dir / "lod1.smd", quadGridSmdText(1, {"skin", "gold"}));
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
    test::writeText(dir / "ref.smd", quadGridSmdText(2, {"skin"}));
    test::writeText(dir / "lod1.smd", quadGridSmdText(1, {"skin"}, "tail"));
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

} // namespace
} // namespace vtxc
