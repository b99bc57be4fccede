// Robustness of the .vvd/.vtx/.mdl readers on damaged corpus files: truncation (at every length for
// the small models, at a sample of lengths for the others) is always reported; random byte flips
// never crash.
#include "formats/common/text.h"
#include "formats/studio/mdl.h"
#include "formats/studio/model_check.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>

namespace vtxc::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> bytesOf(const fs::path& path) {
    const std::string text = readText(path);
    return {text.begin(), text.end()};
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

// Files of the two small models and any file up to 4 KiB are truncated at every length; the
// others at a sample of lengths.
bool isSmallFile(const fs::path& path) {
    const std::string folder = path.parent_path().filename().string();
    return folder == "w_grenade" || folder == "holo_cube" || fs::file_size(path) <= 4096;
}

// The first 256 lengths, the last 256 and 511 in between.
std::vector<std::size_t> sampledLengths(std::size_t size) {
    std::vector<std::size_t> lengths;
    for (std::size_t n = 0; n < 256; ++n)
        lengths.push_back(n);
    for (std::size_t k = 1; k < 512; ++k)
        lengths.push_back(256 + (size - 512) * k / 512);
    for (std::size_t n = size - 256; n < size; ++n)
        lengths.push_back(n);
    return lengths;
}

// Every length of a small file, a sample of a big one.
std::vector<std::size_t> truncationLengths(const fs::path& path, std::size_t size) {
    if (!isSmallFile(path)) return sampledLengths(size);
    std::vector<std::size_t> every(size);
    std::iota(every.begin(), every.end(), std::size_t{0});
    return every;
}

std::string codePrefixOf(const fs::path& path) {
    const std::string extension = lowerExtension(path);
    return extension == ".vvd" ? "VVD" : extension == ".vtx" ? "VTX" : "MDL";
}

// Each prefix is copied into an allocation of exactly its length (as meshoptimizer's memory-safety
// tests do), so that AddressSanitizer reports any read past the cut; a view into the whole file
// would hide it. Every prefix must be rejected with an error of the file's reader.
void expectEveryPrefixRejected(const fs::path& path, const std::vector<std::uint8_t>& original,
                               const std::vector<std::size_t>& lengths) {
    const std::string prefix = codePrefixOf(path);
    for (std::size_t length : lengths) {
        const std::vector<std::uint8_t> cut(original.begin(),
                                            original.begin() + static_cast<std::ptrdiff_t>(length));
        CollectingSink sink;
        ASSERT_FALSE(parseAndUse(path, cut, sink)) << "truncated at " << length << " was accepted";
        ASSERT_FALSE(sink.errors().empty()) << "length " << length;
        EXPECT_EQ(sink.errors().front().code.substr(0, 3), prefix) << "length " << length;
    }
}

TEST(CorruptInput, SmallFilesAreTruncatedAtEveryLength) {
    VTXC_REQUIRE_CORPUS();
    std::size_t files = 0;
    for (const auto& path : compiledCorpusFiles()) {
        if (!isSmallFile(path)) continue;
        SCOPED_TRACE(path.string());
        const auto original = bytesOf(path);
        std::vector<std::size_t> every(original.size());
        std::iota(every.begin(), every.end(), std::size_t{0});
        expectEveryPrefixRejected(path, original, every);
        ++files;
    }
    // At least the single-model folders' small files (w_grenade: mdl, vvd, 3 vtx; holo_cube:
    // mdl, vvd, dx90.vtx; chamberdoor_frame: mdl, 3 vtx; tree_pine04: mdl); the projects' Valve
    // files of at most 4 KiB come on top (w_357's).
    EXPECT_GE(files, 13u);
}

TEST(CorruptInput, LargeFilesAreTruncatedAtSampledLengths) {
    VTXC_REQUIRE_CORPUS();
    std::size_t files = 0;
    for (const auto& path : compiledCorpusFiles()) {
        if (isSmallFile(path)) continue;
        SCOPED_TRACE(path.string());
        const auto original = bytesOf(path);
        ASSERT_GT(original.size(), 1024u);
        expectEveryPrefixRejected(path, original, sampledLengths(original.size()));
        ++files;
    }
    EXPECT_GE(files, 15u);
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
