// Tests of the .vvd writer and reader: the layout rules of docs/formats.md (header, fixups at 64,
// vertices at align16, tangents after, no padding) and the errors for malformed files.
#include "formats/common/byte_writer.h"
#include "formats/studio/vvd.h"
#include "testing/test_support.h"

#include <cstring>

namespace vtxc::test {
namespace {

std::int32_t i32At(const std::vector<std::uint8_t>& b, std::size_t at) {
    std::int32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

VvdFile sampleFile(std::size_t vertices, std::size_t fixups) {
    VvdFile file;
    file.checksum = 1234;
    file.numLODs = 2;
    file.numLODVertexes = {static_cast<std::int32_t>(vertices), 1, 1, 1, 1, 1, 1, 1};
    for (std::size_t i = 0; i < vertices; ++i) {
        VvdVertex v;
        v.boneWeights = {{0.75f, 0.25f, 0.0f}, {2, -1, 0}, 2};
        v.position = {float(i), 2.0f, 3.0f};
        v.normal = {0.0f, 0.0f, 1.0f};
        v.texCoord = {0.5f, 0.25f};
        file.vertices.push_back(v);
        file.tangents.push_back({1.0f, 0.0f, 0.0f, -1.0f});
    }
    for (std::size_t i = 0; i < fixups; ++i)
        file.fixups.push_back({static_cast<std::int32_t>(i % 2), static_cast<std::int32_t>(i), 1});
    return file;
}

TEST(VvdWriter, LaysOutHeaderFixupsVerticesAndTangents) {
    const auto bytes = writeVvd(sampleFile(3, 2));
    EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "IDSV");
    EXPECT_EQ(i32At(bytes, 4), 4);
    EXPECT_EQ(i32At(bytes, 8), 1234);
    EXPECT_EQ(i32At(bytes, 12), 2);
    EXPECT_EQ(i32At(bytes, 16), 3);
    EXPECT_EQ(i32At(bytes, 48), 2);  // numFixups
    EXPECT_EQ(i32At(bytes, 52), 64); // fixupTableStart
    EXPECT_EQ(i32At(bytes, 56), 96); // align16(64 + 24)
    EXPECT_EQ(i32At(bytes, 60), 96 + 3 * 48);
    EXPECT_EQ(bytes.size(), 96u + 3 * 48 + 3 * 16);          // no trailing padding
    EXPECT_EQ(i32At(bytes, 64 + 12 + 4), 1);                 // second fixup's sourceVertexID
    EXPECT_EQ(static_cast<std::int8_t>(bytes[96 + 13]), -1); // signed bone index
    EXPECT_EQ(bytes[96 + 15], 2);                            // numBones
}

TEST(VvdWriter, PatchingTheChecksumInPlaceEqualsWritingIt) {
    VvdFile file = sampleFile(3, 2);
    file.checksum = 0;
    std::vector<std::uint8_t> bytes = writeVvd(file);
    patchI32(bytes, kVvdChecksumOffset, -123456789);
    file.checksum = -123456789;
    EXPECT_EQ(bytes, writeVvd(file));
}

TEST(VvdWriter, VertexDataStartsAt64WithoutFixups) {
    const auto bytes = writeVvd(sampleFile(2, 0));
    EXPECT_EQ(i32At(bytes, 52), 64);
    EXPECT_EQ(i32At(bytes, 56), 64);
    EXPECT_EQ(i32At(bytes, 60), 64 + 2 * 48);
}

TEST(VvdWriter, NoTangentsWritesTangentDataStartZero) {
    VvdFile file = sampleFile(2, 0);
    file.tangents.clear();
    const auto bytes = writeVvd(file);
    EXPECT_EQ(i32At(bytes, 60), 0);
    EXPECT_EQ(bytes.size(), 64u + 2 * 48);
    CollectingSink sink;
    const auto back = readVvd(bytes, "t.vvd", sink);
    ASSERT_TRUE(back);
    EXPECT_TRUE(back->tangents.empty());
    EXPECT_EQ(back->vertices.size(), 2u);
}

TEST(VvdReader, ReadsBackWhatTheWriterWrote) {
    const VvdFile original = sampleFile(5, 3);
    CollectingSink sink;
    const auto back = readVvd(writeVvd(original), "t.vvd", sink);
    ASSERT_TRUE(back);
    EXPECT_EQ(sink.errorCount(), 0u);
    EXPECT_TRUE(*back == original);
}

TEST(VvdReader, RejectsAnotherFileId) {
    auto bytes = writeVvd(sampleFile(1, 0));
    std::memcpy(bytes.data(), "IDCV", 4);
    CollectingSink sink;
    EXPECT_FALSE(readVvd(bytes, "c.vvd", sink));
    ASSERT_NE(sink.find("VVD001"), nullptr);
    EXPECT_EQ(sink.find("VVD001")->location.file, "c.vvd");
}

TEST(VvdReader, RejectsOtherVersions) {
    auto bytes = writeVvd(sampleFile(1, 0));
    bytes[4] = 5;
    CollectingSink sink;
    EXPECT_FALSE(readVvd(bytes, "v.vvd", sink));
    ASSERT_NE(sink.find("VVD002"), nullptr);
    EXPECT_NE(sink.find("VVD002")->message.find("version 5"), std::string::npos);
}

TEST(VvdReader, TruncationNamesTheRecordAndByte) {
    auto bytes = writeVvd(sampleFile(2, 0));
    bytes.resize(bytes.size() - 1);
    CollectingSink sink;
    EXPECT_FALSE(readVvd(bytes, "t.vvd", sink));
    const Diagnostic* d = sink.find("VVD004");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(
        formatDiagnostic(*d),
        "t.vvd: error[VVD004]: tangent (Vector4D) at byte 160 needs 2 x 16 bytes but the file "
        "ends at 191; the file is truncated or corrupt");
}

// A sink may already hold other files' errors (a bench or a build reads many models through one):
// the error limit counts this reader's own reports, so the damage is still named.
TEST(VvdReader, DamageIsNamedWhenTheSinkAlreadyHoldsOtherErrors) {
    auto bytes = writeVvd(sampleFile(2, 0));
    bytes.resize(bytes.size() - 1);
    CollectingSink sink;
    for (std::size_t i = 0; i < DiagnosticSink::kErrorLimit; ++i)
        sink.error("IO001", {"other.vvd"}, "an earlier file's error");
    ASSERT_TRUE(sink.errorLimitReached());
    EXPECT_FALSE(readVvd(bytes, "t.vvd", sink));
    const Diagnostic* d = sink.find("VVD004");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->location.file, "t.vvd");
}

TEST(VvdReader, ShortHeaderIsTruncation) {
    const std::vector<std::uint8_t> bytes = {'I', 'D', 'S', 'V', 4, 0, 0, 0};
    CollectingSink sink;
    EXPECT_FALSE(readVvd(bytes, "h.vvd", sink));
    ASSERT_NE(sink.find("VVD004"), nullptr);
    EXPECT_NE(sink.find("VVD004")->message.find("vertexFileHeader_t at byte 0 needs 64 bytes"),
              std::string::npos);
}

TEST(VvdReader, HugeVertexCountIsAnErrorNotAnAllocation) {
    auto bytes = writeVvd(sampleFile(1, 0));
    const std::int32_t huge = 0x7ffffff0;
    std::memcpy(bytes.data() + 16, &huge, 4);
    CollectingSink sink;
    EXPECT_FALSE(readVvd(bytes, "h.vvd", sink));
    EXPECT_NE(sink.find("VVD004"), nullptr);
}

TEST(VvdReader, NegativeCountsAndOffsetsAreErrors) {
    auto bytes = writeVvd(sampleFile(1, 0));
    const std::int32_t minusOne = -1;
    auto negativeFixups = bytes;
    std::memcpy(negativeFixups.data() + 48, &minusOne, 4);
    CollectingSink sink;
    EXPECT_FALSE(readVvd(negativeFixups, "n.vvd", sink));
    EXPECT_NE(sink.find("VVD005"), nullptr);
    auto negativeOffset = bytes;
    std::memcpy(negativeOffset.data() + 56, &minusOne, 4);
    CollectingSink sink2;
    EXPECT_FALSE(readVvd(negativeOffset, "o.vvd", sink2));
    EXPECT_NE(sink2.find("VVD003"), nullptr);
    auto badLods = bytes;
    const std::int32_t nine = 9;
    std::memcpy(badLods.data() + 12, &nine, 4);
    CollectingSink sink3;
    EXPECT_FALSE(readVvd(badLods, "l.vvd", sink3));
    EXPECT_NE(sink3.find("VVD005"), nullptr);
}

} // namespace
} // namespace vtxc::test
