// Tests of the .vtx writer and reader: the section order and relative offsets of docs/formats.md,
// the material replacement tail, and the errors for malformed files (code + byte offset).
#include "formats/common/byte_writer.h"
#include "formats/studio/vtx.h"
#include "testing/test_support.h"

#include <cstring>

namespace vtxc::test {
namespace {

std::int32_t i32At(const std::vector<std::uint8_t>& b, std::size_t at) {
    std::int32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}
void putI32(std::vector<std::uint8_t>& b, std::size_t at, std::int32_t v) {
    std::memcpy(b.data() + at, &v, 4);
}

VtxVertex vertex(std::uint16_t id) {
    VtxVertex v;
    v.numBones = 1;
    v.origMeshVertID = id;
    return v;
}

// Two LODs. LOD 0: 4 vertices, 6 indices, 2 strips (the second with 2 bone state changes).
// LOD 1: 3 vertices, 3 indices, 1 strip with one reserved record; one material replacement.
VtxFile sampleFile() {
    VtxFile file;
    file.checkSum = 77;
    file.numLODs = 2;
    VtxStripGroup lod0;
    lod0.flags = kStripGroupIsHwSkinned;
    lod0.vertices = {vertex(0), vertex(1), vertex(2), vertex(3)};
    lod0.indices = {0, 2, 1, 1, 2, 3};
    lod0.strips.push_back({0, 3, 0, 3, 1, kStripIsTriList, {}, 0});
    lod0.strips.push_back({3, 3, 1, 3, 1, kStripIsTriList, {{0, 4}, {1, 7}}, 0});
    VtxStripGroup lod1;
    lod1.vertices = {vertex(0), vertex(1), vertex(2)};
    lod1.indices = {0, 2, 1};
    lod1.strips.push_back({0, 3, 0, 3, 0, kStripIsTriList, {}, 1});
    VtxModel model;
    model.lods.push_back({0.0f, {VtxMesh{0, {lod0}}}});
    model.lods.push_back({12.5f, {VtxMesh{kMeshIsEyes, {lod1}}}});
    file.bodyParts.push_back({{model}});
    file.materialReplacements = {{}, {{0, "models/foo_lod1"}}};
    return file;
}

// Sections: header 36 | body parts 36 | models 44 | LODs 52 | meshes 76 | strip groups 94 |
// strips 144 | Vertex_t 225 | indices 288 | bone state changes 306 | strings 330 |
// replacement records 346 | replacement lists 352 | end 368.
TEST(VtxWriter, LaysOutSectionsBackToBackInFormatOrder) {
    const auto b = writeVtx(sampleFile());
    ASSERT_EQ(b.size(), 368u);
    EXPECT_EQ(i32At(b, 0), 7);
    EXPECT_EQ(i32At(b, 16), 77);
    EXPECT_EQ(i32At(b, 20), 2);
    EXPECT_EQ(i32At(b, 24), 352); // materialReplacementListOffset
    EXPECT_EQ(i32At(b, 28), 1);
    EXPECT_EQ(i32At(b, 32), 36);
    EXPECT_EQ(36 + i32At(b, 40), 44); // body part -> models
    EXPECT_EQ(44 + i32At(b, 48), 52); // model -> LODs
    EXPECT_EQ(64 + i32At(b, 68), 85); // LOD 1 -> its mesh (second MeshHeader_t)
    EXPECT_EQ(b[85 + 8], kMeshIsEyes);
    EXPECT_EQ(119 + i32At(b, 119 + 4), 225 + 4 * 9);   // LOD 1 strip group -> its vertices
    EXPECT_EQ(119 + i32At(b, 119 + 12), 288 + 6 * 2);  // ... and indices
    EXPECT_EQ(119 + i32At(b, 119 + 20), 144 + 2 * 27); // ... and strip
    EXPECT_EQ(144 + i32At(b, 144 + 23), 306); // empty bone state change list: current position
    EXPECT_EQ(171 + i32At(b, 171 + 23), 306);
    EXPECT_EQ(i32At(b, 306 + 8 + 4), 7);      // second change's newBoneID
    EXPECT_EQ(198 + i32At(b, 198 + 23), 322); // after 2 records
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(b.data() + 330)), "models/foo_lod1");
    EXPECT_EQ(346 + i32At(b, 346 + 2), 330); // replacement name offset is from its record
    EXPECT_EQ(i32At(b, 352), 0);
    EXPECT_EQ(352 + i32At(b, 356), 346); // empty list: where its records would start
    EXPECT_EQ(i32At(b, 360), 1);
    EXPECT_EQ(360 + i32At(b, 364), 346);
}

TEST(VtxWriter, PatchingTheChecksumInPlaceEqualsWritingIt) {
    VtxFile file = sampleFile();
    file.checkSum = 0;
    std::vector<std::uint8_t> bytes = writeVtx(file);
    patchI32(bytes, kVtxChecksumOffset, 0x7654321);
    file.checkSum = 0x7654321;
    EXPECT_EQ(bytes, writeVtx(file));
}

TEST(VtxReader, ReadsBackWhatTheWriterWrote) {
    const VtxFile original = sampleFile();
    CollectingSink sink;
    const auto back = readVtx(writeVtx(original), "s.vtx", sink);
    ASSERT_TRUE(back);
    EXPECT_EQ(sink.errorCount(), 0u);
    EXPECT_EQ(back->bodyParts[0]
                  .models[0]
                  .lods[1]
                  .meshes[0]
                  .stripGroups[0]
                  .strips[0]
                  .reservedBoneStateChanges,
              1);
    EXPECT_TRUE(*back == original);
}

TEST(VtxWriter, MissingReplacementListsAreWrittenEmpty) {
    VtxFile file = sampleFile();
    file.materialReplacements.clear();
    const auto b = writeVtx(file);
    CollectingSink sink;
    const auto back = readVtx(b, "m.vtx", sink);
    ASSERT_TRUE(back);
    ASSERT_EQ(back->materialReplacements.size(), 2u);
    EXPECT_TRUE(back->materialReplacements[1].empty());
}

TEST(VtxReader, RejectsOtherVersions) {
    auto b = writeVtx(sampleFile());
    putI32(b, 0, 6);
    CollectingSink sink;
    EXPECT_FALSE(readVtx(b, "v.vtx", sink));
    ASSERT_NE(sink.find("VTX002"), nullptr);
    EXPECT_EQ(sink.find("VTX002")->location.file, "v.vtx");
}

TEST(VtxReader, TruncationNamesTheRecordAndByte) {
    auto b = writeVtx(sampleFile());
    b.resize(320);
    CollectingSink sink;
    EXPECT_FALSE(readVtx(b, "x.dx90.vtx", sink));
    const Diagnostic* d = sink.find("VTX004");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(
        formatDiagnostic(*d),
        "x.dx90.vtx: error[VTX004]: BoneStateChangeHeader_t at byte 306 needs 2 x 8 bytes but "
        "the file ends at 320; the file is truncated or corrupt");
}

TEST(VtxReader, TruncatedVertexArrayIsReported) {
    auto b = writeVtx(sampleFile());
    b.resize(150);
    CollectingSink sink;
    EXPECT_FALSE(readVtx(b, "s.vtx", sink));
    ASSERT_NE(sink.find("VTX004"), nullptr);
    EXPECT_NE(sink.find("VTX004")->message.find(
                  "Vertex_t at byte 225 needs 4 x 9 bytes but the file ends at 150"),
              std::string::npos)
        << sink.find("VTX004")->message;
}

TEST(VtxReader, IndexPastTheStripGroupVerticesIsAnError) {
    auto b = writeVtx(sampleFile());
    b[288] = 9;
    CollectingSink sink;
    EXPECT_FALSE(readVtx(b, "i.vtx", sink));
    ASSERT_NE(sink.find("VTX007"), nullptr);
    EXPECT_NE(sink.find("VTX007")->message.find("index 9 at byte 288 refers past the 4 vertices"),
              std::string::npos);
}

TEST(VtxReader, StripOutsideItsStripGroupIsAnError) {
    auto b = writeVtx(sampleFile());
    putI32(b, 171, 9); // second strip: numIndices 9 from offset 3, group has 6
    CollectingSink sink;
    EXPECT_FALSE(readVtx(b, "s.vtx", sink));
    ASSERT_NE(sink.find("VTX007"), nullptr);
    EXPECT_NE(sink.find("VTX007")->message.find("StripHeader_t at byte 171 covers indexes 3..12"),
              std::string::npos);
}

TEST(VtxReader, OutOfRangeLodCountAndNegativeOffsetsAreErrors) {
    auto lods = writeVtx(sampleFile());
    putI32(lods, 20, 9);
    CollectingSink sink;
    EXPECT_FALSE(readVtx(lods, "l.vtx", sink));
    EXPECT_NE(sink.find("VTX005"), nullptr);

    auto offset = writeVtx(sampleFile());
    putI32(offset, 32, -100);
    CollectingSink sink2;
    EXPECT_FALSE(readVtx(offset, "o.vtx", sink2));
    ASSERT_NE(sink2.find("VTX003"), nullptr);
    EXPECT_NE(sink2.find("VTX003")->message.find("offset -100"), std::string::npos);
}

// Body parts whose models all point at the same bytes must not multiply into a huge tree.
TEST(VtxReader, AliasedOffsetsHitTheBudget) {
    const std::int32_t bodyParts = 2000, modelsEach = 1000;
    const std::size_t modelsAt = 36 + 8 * bodyParts;
    std::vector<std::uint8_t> b(modelsAt + 8 * modelsEach, 0);
    putI32(b, 0, 7);
    putI32(b, 28, bodyParts);
    putI32(b, 32, 36);
    for (std::int32_t i = 0; i < bodyParts; ++i) {
        const std::size_t at = 36 + 8 * static_cast<std::size_t>(i);
        putI32(b, at, modelsEach);
        putI32(b, at + 4, static_cast<std::int32_t>(modelsAt - at));
    }
    CollectingSink sink;
    EXPECT_FALSE(readVtx(b, "a.vtx", sink));
    EXPECT_NE(sink.find("VTX006"), nullptr);
}

} // namespace
} // namespace vtxc::test
