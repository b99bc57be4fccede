// Tests of the prepared model (what vtxc tune strips many ways): each stripping gives the .vtx a
// plain compile with the same options writes, byte for byte, whatever was stripped before it.
#include "compiler/compile.h"
#include "formats/studio/vtx.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>
#include <tbb/parallel_for.h>

namespace vtxc {
namespace {

CompileOptions dx90(int cacheSize, int bonesPerStrip) {
    CompileOptions options;
    options.variants = {VtxVariant::Dx90};
    options.vertCacheSize = cacheSize;
    options.bonesPerStrip = bonesPerStrip;
    return options;
}

TEST(PreparedModel, EveryStrippingIsTheVtxOfAPlainCompileWithTheSameOptions) {
    test::TempDir dir;
    SmdSynthesisOptions tube;
    tube.triangles = 900;
    tube.bones = 40;
    tube.materials = 2; // two meshes
    test::writeText(dir / "tube.smd", synthesizeSmdText(tube));
    const ModelProject project = projectFromSmds(dir / "tube.smd", {}, std::nullopt);
    CollectingSink sink;
    const PreparedModelPtr prepared = prepareModel(project, CompileOptions{}, sink);
    ASSERT_TRUE(prepared) << sink.errorCount();
    const std::vector<int> cacheSizes{12, 24}, bonesPerStrip{9, 16, 53};
    const std::size_t total = cacheSizes.size() * bonesPerStrip.size();
    std::vector<std::vector<std::uint8_t>> stripped(total);
    // In parallel, as tune runs them: later strippings reuse what earlier ones worked out.
    tbb::parallel_for(std::size_t(0), total, [&](std::size_t i) {
        CollectingSink own;
        const auto vtx =
            stripPreparedModel(*prepared, dx90(cacheSizes[i / 3], bonesPerStrip[i % 3]), own);
        if (vtx) stripped[i] = writeVtx(vtx->front().file);
    });
    std::size_t strips16 = 0, strips53 = 0;
    for (std::size_t i = 0; i < total; ++i) {
        CollectingSink own;
        auto compiled = compileProject(project, dx90(cacheSizes[i / 3], bonesPerStrip[i % 3]), own);
        ASSERT_TRUE(compiled) << own.errorCount();
        VtxFile file = compiled->vtx.front().file;
        file.checkSum = 0; // the prepared model's files carry none
        EXPECT_EQ(stripped[i], writeVtx(file)) << "combination " << i;
        if (i % 3 == 0) continue;
        std::size_t& strips = i % 3 == 1 ? strips16 : strips53;
        for (const VtxBodyPart& part : file.bodyParts)
            for (const VtxMesh& mesh : part.models[0].lods[0].meshes)
                for (const VtxStripGroup& group : mesh.stripGroups)
                    strips += group.strips.size();
    }
    EXPECT_GT(strips16, strips53); // the bone limit made a difference
}

} // namespace
} // namespace vtxc
