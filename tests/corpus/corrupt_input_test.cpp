// Robustness of the .vvd/.vtx/.mdl readers on damaged corpus files: truncation at every length (all
// lengths for small files, a sample for big ones) is always reported; random byte flips never
// crash.
#include "formats/studio/mdl.h"
#include "formats/studio/model_check.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cstring>
#include <random>

namespace vtxc::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> bytesOf(const fs::path& path) {
    const std::string text = readText(path);
    return {text.begin(), text.end()};
}

std::string lowerExtension(const fs::path& path) {
    std::string e = path.extension().string();
    std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return std::tolower(c); });
    return e;
}

// Parses with the reader for the file's kind; when it succeeds, also writes the result back and
// cross-checks it as a model, so that every consumer of reader output sees the damaged data.
bool parseAndUse(const fs::path& path, std::span<const std::uint8_t> bytes, CollectingSink& sink) {
    const std::string ext = lowerExtension(path);
    LoadedModel model;
    if (ext == ".vvd") {
        model.vvd = readVvd(bytes, "f.vvd", sink);
        if (!model.vvd) return false;
        model.vvdName = "f.vvd";
        EXPECT_NO_THROW(writeVvd(*model.vvd));
    } else if (ext == ".vtx") {
        auto vtx = readVtx(bytes, "f.vtx", sink);
        if (!vtx) return false;
        EXPECT_NO_THROW(writeVtx(*vtx));
        model.vtx.push_back({"dx90", "f.vtx", std::move(*vtx)});
    } else {
        model.mdl = readMdl(bytes, "f.mdl", sink);
        if (!model.mdl) return false;
        model.mdlName = "f.mdl";
        // What was read writes, and reads back to what writes the same bytes again.
        std::vector<std::uint8_t> written;
        EXPECT_NO_THROW(written = writeMdl(*model.mdl));
        CollectingSink again;
        const auto reread = readMdl(written, "w.mdl", again);
        EXPECT_TRUE(reread);
        if (reread) {
            EXPECT_TRUE(writeMdl(*reread) == written);
        }
    }
    checkModel(model);
    return true;
}

std::vector<fs::path> compiledCorpusFiles() {
    std::vector<fs::path> files;
    for (const char* ext : {".vvd", ".vtx", ".mdl"})
        for (auto& path : corpusFiles(ext))
            files.push_back(path);
    return files;
}

bool everyLength(const fs::path& path, std::size_t size) {
    const std::string folder = path.parent_path().filename().string();
    return folder == "w_grenade" || folder == "holo_cube" || size <= 4096;
}

// Every length for small files; for big ones the first 256, the last 256 and 512 in between.
std::vector<std::size_t> truncationLengths(const fs::path& path, std::size_t size) {
    std::vector<std::size_t> lengths;
    if (everyLength(path, size)) {
        for (std::size_t n = 0; n < size; ++n)
            lengths.push_back(n);
        return lengths;
    }
    for (std::size_t n = 0; n < 256; ++n)
        lengths.push_back(n);
    for (std::size_t k = 1; k < 512; ++k)
        lengths.push_back(256 + (size - 512) * k / 512);
    for (std::size_t n = size - 256; n < size; ++n)
        lengths.push_back(n);
    return lengths;
}

TEST(CorruptInput, EveryTruncationIsReportedWithACode) {
    VTXC_REQUIRE_CORPUS();
    const auto files = compiledCorpusFiles();
    ASSERT_GE(files.size(), 28u);
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        const auto original = bytesOf(path);
        const std::string tag = lowerExtension(path) == ".vvd"   ? "VVD"
                                : lowerExtension(path) == ".vtx" ? "VTX"
                                                                 : "MDL";
        for (std::size_t length : truncationLengths(path, original.size())) {
            CollectingSink sink;
            const std::span<const std::uint8_t> cut(original.data(), length);
            ASSERT_FALSE(parseAndUse(path, cut, sink))
                << "truncated at " << length << " was accepted";
            ASSERT_FALSE(sink.errors().empty());
            EXPECT_EQ(sink.errors().front().code.substr(0, 3), tag) << "length " << length;
        }
    }
}

TEST(CorruptInput, SmallFilesAreTruncatedAtEveryLength) {
    VTXC_REQUIRE_CORPUS();
    std::size_t checked = 0;
    for (const auto& path : compiledCorpusFiles()) {
        const std::string folder = path.parent_path().filename().string();
        if (folder == "w_grenade" || folder == "holo_cube") {
            EXPECT_TRUE(everyLength(path, fs::file_size(path))) << path;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 8u); // w_grenade: mdl, vvd, 3 vtx; holo_cube: mdl, vvd, dx90.vtx
}

// Every prefix of every .mdl, each in its own allocation (so that AddressSanitizer sees a read
// past its end) and with studiohdr_t.length patched to the prefix, so that the length check does
// not hide the record checks behind it: refused with an MDL code naming a byte offset until the
// prefix holds the last string of the pool.
TEST(CorruptInput, EveryMdlPrefixWithAMatchingLengthIsRefusedUntilComplete) {
    VTXC_REQUIRE_CORPUS();
    for (const auto& path : corpusFiles(".mdl")) {
        SCOPED_TRACE(path.string());
        const auto original = bytesOf(path);
        // The file ends with the string pool and a zero pad: everything up to the last NUL
        // belongs to some record.
        std::size_t complete = original.size();
        while (complete > 0 && original[complete - 1] == 0)
            --complete;
        ++complete; // the last string's NUL
        const auto lengths = truncationLengths(path, original.size());
        for (std::size_t length : lengths) {
            std::vector<std::uint8_t> prefix(
                original.begin(), original.begin() + static_cast<std::ptrdiff_t>(length));
            if (length >= 80) {
                const auto patched = static_cast<std::int32_t>(length);
                std::memcpy(prefix.data() + 76, &patched, 4);
            }
            CollectingSink sink;
            const auto file = readMdl(prefix, "f.mdl", sink);
            if (length >= complete) {
                EXPECT_TRUE(file) << "length " << length;
                continue;
            }
            ASSERT_FALSE(file) << "truncated at " << length << " was accepted";
            const auto errors = sink.errors();
            ASSERT_FALSE(errors.empty());
            const Diagnostic& d = errors.front();
            EXPECT_EQ(d.code.substr(0, 4), "MDL0") << "length " << length;
            EXPECT_EQ(d.location.file, "f.mdl");
            EXPECT_NE(d.message.find("byte"), std::string::npos) << d.message;
        }
    }
}

// Flips 1-4 bytes per trial (half the time inside the first 512 bytes, where counts and offsets
// live). The readers may accept or reject; they must not crash, hang or allocate without bound.
TEST(CorruptInput, RandomByteFlipsNeverCrash) {
    VTXC_REQUIRE_CORPUS();
    std::mt19937 random(20261113u);
    std::size_t accepted = 0, rejected = 0;
    for (const auto& path : compiledCorpusFiles()) {
        SCOPED_TRACE(path.string());
        const auto original = bytesOf(path);
        const int trials = original.size() <= 20000 ? 400 : 60;
        for (int trial = 0; trial < trials; ++trial) {
            auto damaged = original;
            const int flips = 1 + static_cast<int>(random() % 4);
            for (int f = 0; f < flips; ++f) {
                const std::size_t range = (random() % 2 == 0)
                                              ? std::min<std::size_t>(512, damaged.size())
                                              : damaged.size();
                damaged[random() % range] ^= static_cast<std::uint8_t>(1 + random() % 255);
            }
            CollectingSink sink;
            if (parseAndUse(path, damaged, sink)) {
                ++accepted;
            } else {
                ++rejected;
                EXPECT_TRUE(sink.hasErrors());
            }
        }
    }
    EXPECT_GT(rejected, 0u);
    EXPECT_GT(accepted, 0u); // flips in vertex data leave a readable file
}

} // namespace
} // namespace vtxc::test
