// Tests of the binary writer's layout checks: a record at another offset than planned, a record of
// another size than declared, padding backwards and a patch past the end are internal errors
// (InternalError naming the source line), not files with a wrong layout.
#include "formats/common/byte_writer.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

// The InternalError `write` raises: its message, and that it names byte_writer.h.
template <class Write> std::string internalErrorOf(Write&& write) {
    try {
        write();
    } catch (const InternalError& error) {
        EXPECT_EQ(error.file(), "byte_writer.h");
        EXPECT_GT(error.line(), 0);
        return error.what();
    }
    ADD_FAILURE() << "no InternalError";
    return {};
}

TEST(ByteWriter, WritesLittleEndianRecordsOfTheirDeclaredSize) {
    ByteWriter w;
    {
        auto record = w.record("pair", 6, 0);
        w.i32(-2);
        w.u16(0x1234);
    }
    EXPECT_EQ(w.take(), (std::vector<std::uint8_t>{0xfe, 0xff, 0xff, 0xff, 0x34, 0x12}));
}

TEST(ByteWriter, ARecordAtAnotherOffsetThanPlannedIsAnInternalError) {
    ByteWriter w;
    w.u8(0);
    const std::string what = internalErrorOf([&] { auto record = w.record("header_t", 4, 0); });
    EXPECT_NE(what.find("header_t written at offset 1 but laid out at 0"), std::string::npos)
        << what;
}

TEST(ByteWriter, ARecordOfAnotherSizeIsAnInternalErrorWhenTheBytesAreTaken) {
    ByteWriter w;
    {
        auto record = w.record("vertex_t", 8, 0);
        w.i32(1);
    }
    w.i32(2); // later writes do not hide the mismatch
    const std::string what = internalErrorOf([&] { (void)w.take(); });
    EXPECT_NE(what.find("vertex_t wrote 4 bytes, its declared size is 8"), std::string::npos)
        << what;
}

TEST(ByteWriter, PaddingBackwardsAndPatchingPastTheEndAreInternalErrors) {
    ByteWriter w;
    w.zeros(8);
    EXPECT_NE(internalErrorOf([&] { w.padTo(4); }).find("would move back from 8"),
              std::string::npos);
    std::vector<std::uint8_t> bytes = w.take();
    patchI32(bytes, 4, 0x01020304);
    EXPECT_EQ(bytes, (std::vector<std::uint8_t>{0, 0, 0, 0, 4, 3, 2, 1}));
    EXPECT_NE(internalErrorOf([&] { patchI32(bytes, 5, 0); }).find("patching 4 bytes at 5"),
              std::string::npos);
    EXPECT_NE(internalErrorOf([&] { patchI32(bytes, SIZE_MAX, 0); }).find("patching"),
              std::string::npos);
}

} // namespace
} // namespace vtxc
