// Mesh extraction: per-material corner lists in file order, whatever the triangle count (a big
// SMD is extracted in parallel pieces), with the spellings of one material merged, null faces
// left out, the output winding, and every corner's weights capped.
#include "compiler/meshes/mesh_extraction.h"

#include <array>
#include <bit>
#include <gtest/gtest.h>

namespace vtxc {
namespace {

// Material spellings the triangles cycle through: two spellings of one material, a null face,
// a second material.
const char* const kMaterials[] = {"Metal.vmt", "null", "metal", "glass.tga"};

// Corner k of triangle t: a position that names both, and five links of which two fall under
// the weight threshold.
SmdVertex corner(SmdFile& file, std::uint32_t t, int k) {
    SmdVertex v;
    v.position = {float(t), float(k), 0.0f};
    v.normal = {0.0f, 0.0f, 1.0f};
    v.uv = {0.25f * float(k), 0.5f};
    v.firstLink = static_cast<std::uint32_t>(file.links.size());
    v.linkCount = 5;
    const float weights[5] = {0.5f, 0.3f, 0.16f, 0.03f, 0.01f};
    for (int i = 0; i < 5; ++i)
        file.links.push_back({int((t + std::uint32_t(i)) % 4), weights[i]});
    return v;
}

// Triangle t uses kMaterials[(t + t / 7) % 4]: runs and interleavings of every spelling.
SmdFile syntheticSmd(std::uint32_t triangles) {
    SmdFile file;
    for (int i = 0; i < 4; ++i)
        file.nodes.push_back({i, "bone" + std::to_string(i), i - 1, 0});
    for (const char* material : kMaterials)
        file.materials.push_back(material);
    file.hasTrianglesSection = true;
    for (std::uint32_t t = 0; t < triangles; ++t) {
        SmdTriangle& triangle = file.triangles.emplace_back();
        triangle.material = (t + t / 7) % 4;
        triangle.line = 10 + 4 * t;
        for (int k = 0; k < 3; ++k)
            triangle.corners[static_cast<std::size_t>(k)] = corner(file, t, k);
    }
    return file;
}

TEST(MeshExtraction, BigMeshKeepsFileOrderPerMaterial) {
    constexpr std::uint32_t kTriangles = 50000; // many parallel pieces
    const SmdFile smd = syntheticSmd(kTriangles);
    const std::vector<int> nodeToBone = {0, 1, 2, 3};
    MeshSourceRef source;
    const ExtractedMesh mesh = extractMesh(smd, nodeToBone, source, {});
    ASSERT_EQ(mesh.materials.size(), 2u);
    EXPECT_EQ(mesh.materials[0].material, "Metal"); // the first spelling names the merged one
    EXPECT_EQ(mesh.materials[1].material, "glass");
    std::size_t nullFaces = 0;
    std::vector<std::vector<std::uint32_t>> expected(2);
    for (std::uint32_t t = 0; t < kTriangles; ++t) {
        const std::uint32_t m = (t + t / 7) % 4;
        if (m == 1)
            ++nullFaces;
        else
            expected[m == 3 ? 1 : 0].push_back(t);
    }
    EXPECT_EQ(mesh.skippedNullFaces, nullFaces);
    for (std::size_t slot = 0; slot < 2; ++slot) {
        const MaterialCorners& m = mesh.materials[slot];
        ASSERT_EQ(m.sourceLines.size(), expected[slot].size());
        ASSERT_EQ(m.corners.size(), 3 * expected[slot].size());
        for (std::size_t i = 0; i < expected[slot].size(); ++i) {
            const std::uint32_t t = expected[slot][i];
            ASSERT_EQ(m.sourceLines[i], 10 + 4 * t) << "slot " << slot << " place " << i;
            // SMD corners a, b, c are drawn a, c, b.
            const int smdCorner[3] = {0, 2, 1};
            for (int k = 0; k < 3; ++k) {
                const ModelVertex& v = m.corners[3 * i + static_cast<std::size_t>(k)];
                ASSERT_EQ(v.position.x, float(t));
                ASSERT_EQ(v.position.y, float(smdCorner[k]));
                ASSERT_EQ(v.uv.y, 0.5f); // 1 - v
                ASSERT_EQ(v.weights.count, 3);
                ASSERT_EQ(v.weights.bone[0], int(t % 4)); // the largest weight first
            }
        }
    }
    // Two links under the threshold on every corner of every drawn triangle.
    EXPECT_EQ(mesh.influenceLoss.verticesLosingInfluence, 3 * (kTriangles - nullFaces));
    EXPECT_FLOAT_EQ(mesh.influenceLoss.largestDroppedWeight, 0.03f);
}

// Corners written again with the same values are placed as before; corners that differ from an
// earlier one in a single value (a normal's sign, the order or weight of a link, the rigid bone)
// are placed on their own; every corner, repeated or not, counts in the loss summary.
TEST(MeshExtraction, RepeatedCornerLinesArePlacedAsTheirFirst) {
    SmdFile file;
    for (int i = 0; i < 4; ++i)
        file.nodes.push_back({i, "bone" + std::to_string(i), i - 1, 0});
    file.materials.push_back("skin");
    file.hasTrianglesSection = true;
    struct Variant {
        float normalZ;
        float weights[2];
        int firstBone;
    };
    const Variant variants[] = {{1.0f, {0.97f, 0.03f}, 0},  {-1.0f, {0.97f, 0.03f}, 0},
                                {1.0f, {0.96f, 0.04f}, 0},  {1.0f, {0.97f, 0.03f}, 1},
                                {-0.0f, {0.97f, 0.03f}, 0}, {0.0f, {0.97f, 0.03f}, 0}};
    std::vector<std::size_t> variantOf; // per corner, in file order
    for (std::uint32_t t = 0; t < 6000; ++t) {
        SmdTriangle& triangle = file.triangles.emplace_back();
        triangle.line = 10 + 4 * t;
        for (std::size_t k = 0; k < 3; ++k) {
            const std::size_t which = (t * 7 + k * 3) % std::size(variants);
            const Variant& variant = variants[which];
            SmdVertex& v = triangle.corners[k];
            v.position = {float(k), 0.0f, 0.0f}; // the same three positions throughout
            v.normal = {0.0f, 0.0f, variant.normalZ};
            v.firstLink = static_cast<std::uint32_t>(file.links.size());
            v.linkCount = 2;
            file.links.push_back({variant.firstBone, variant.weights[0]});
            file.links.push_back({3 - variant.firstBone, variant.weights[1]});
            variantOf.push_back(which);
        }
    }
    const std::vector<int> nodeToBone = {0, 1, 2, 3};
    const ExtractedMesh mesh = extractMesh(file, nodeToBone, MeshSourceRef{}, {});
    ASSERT_EQ(mesh.materials.size(), 1u);
    const std::vector<ModelVertex>& corners = mesh.materials[0].corners;
    ASSERT_EQ(corners.size(), variantOf.size());
    std::size_t losing = 0;
    for (std::size_t c = 0; c < corners.size(); ++c) {
        const std::size_t smdCorner = c / 3 * 3 + std::size_t(std::array{0, 2, 1}[c % 3]);
        const Variant& variant = variants[variantOf[smdCorner]];
        ASSERT_EQ(std::bit_cast<std::uint32_t>(corners[c].normal.z),
                  std::bit_cast<std::uint32_t>(variant.normalZ))
            << c;
        ASSERT_EQ(corners[c].weights.bone[0], variant.firstBone) << c;
        const bool dropped = variant.weights[1] < 0.05f;
        ASSERT_EQ(corners[c].weights.count, dropped ? 1 : 2) << c;
        losing += dropped;
    }
    EXPECT_EQ(mesh.influenceLoss.verticesLosingInfluence, losing);
    EXPECT_FLOAT_EQ(mesh.influenceLoss.largestDroppedWeight, 0.04f);
}

TEST(MeshExtraction, ReverseWindingKeepsTheFileOrder) {
    const SmdFile smd = syntheticSmd(30);
    MeshSourceRef source;
    source.reverseWinding = true;
    const ExtractedMesh mesh = extractMesh(smd, {0, 1, 2, 3}, source, {});
    ASSERT_FALSE(mesh.materials.empty());
    const MaterialCorners& m = mesh.materials[0];
    ASSERT_GE(m.corners.size(), 3u);
    for (int k = 0; k < 3; ++k)
        EXPECT_EQ(m.corners[static_cast<std::size_t>(k)].position.y, float(k));
}

// studiomdl drops everything from the last dot of a material's file name: Valve's door01_left.mdl
// names `combine_lock01` for the SMDs' `combine_lock01.001` and `.002`, chamberdoor_frame.mdl
// `metal_frame` for `metal_frame.vmt`. A dot in a folder name, or one that starts the file name,
// is no extension.
TEST(MaterialKey, DropsTheExtensionOfTheFileNameOnly) {
    EXPECT_EQ(materialKey("combine_lock01.002"), "combine_lock01");
    EXPECT_EQ(materialKey("metal_frame.vmt"), "metal_frame");
    EXPECT_EQ(materialKey("skin.tar.gz"), "skin.tar");
    EXPECT_EQ(materialKey("Arbre01"), "Arbre01");
    EXPECT_EQ(materialKey("models/foo.bar/baz"), "models/foo.bar/baz");
    EXPECT_EQ(materialKey("models/foo.bar/baz.vmt"), "models/foo.bar/baz");
    EXPECT_EQ(materialKey("models\\foo.bar\\baz"), "models\\foo.bar\\baz");
    EXPECT_EQ(materialKey(".hidden"), ".hidden");
    EXPECT_EQ(materialKey("dir/.hidden"), "dir/.hidden");
    EXPECT_EQ(materialKey("trailing."), "trailing");
}

TEST(MaterialKey, SpellingsOfOneMaterialAreTheSame) {
    EXPECT_TRUE(sameMaterial("Combine_Lock01.001", "combine_lock01"));
    EXPECT_TRUE(sameMaterial("models\\Door.vmt", "models/door.002"));
    EXPECT_FALSE(sameMaterial("door01a", "door01a_skin2"));
    EXPECT_FALSE(sameMaterial("models.a/door", "models/door"));
}

TEST(MeshExtraction, NumberedSpellingsShareOneMaterial) {
    SmdFile file = syntheticSmd(20);
    file.materials = {"lock.001", "null", "Lock", "lock.002"};
    ExtractionOptions options;
    const ExtractedMesh mesh = extractMesh(file, {0, 1, 2, 3}, MeshSourceRef{}, options);
    ASSERT_EQ(mesh.materials.size(), 1u);
    EXPECT_EQ(mesh.materials[0].material, "lock"); // the first spelling, without its extension
}

} // namespace
} // namespace vtxc
