// Tests of `vtxc view` and `vtxc compile --view`: a page for a corpus model, exit statuses for a
// missing model (2), a bad --variant or --lod (1) and damaged files (3, with the readers' codes,
// the file and the byte), and a hostile model name that stays inside its <script> element.
#include "formats/studio/mdl.h"
#include "testing/test_support.h"

#include <cstring>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc::test {
namespace {

namespace fs = std::filesystem;

std::string modelJsonOf(const std::string& page) {
    const std::string open = "id=\"vtxc-model\">";
    const std::size_t begin = page.find(open);
    if (begin == std::string::npos) return {};
    const std::size_t end = page.find("</script>", begin);
    return page.substr(begin + open.size(), end - begin - open.size());
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

fs::path copyModel(const TempDir& dir, const std::string& folder, const std::string& stem) {
    for (const auto& entry : fs::directory_iterator(corpusDir() / folder)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(stem + ".", 0) == 0 && entry.path().extension() != ".qc")
            fs::copy_file(entry.path(), dir / name);
    }
    return dir / stem;
}

TEST(ViewCli, WritesOnePageForACorpusModel) {
    VTXC_REQUIRE_CORPUS();
    TempDir dir;
    const auto result = runVtxc({"view", (corpusDir() / "bunker_gun01/bunker_gun01").string(), "-o",
                                 (dir / "gun.html").string(), "--variant", "dx80", "--lod", "2"});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const std::string page = readText(dir / "gun.html");
    EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
    const auto json = nlohmann::json::parse(modelJsonOf(page));
    EXPECT_EQ(json["schema"], 1);
    EXPECT_EQ(json["variants"].size(), 3u);
    EXPECT_EQ(json["initial"]["variant"], "dx80");
    EXPECT_EQ(json["initial"]["lod"], 2);
    EXPECT_FALSE(json["collision"].is_null());
    EXPECT_EQ(json["files"].size(), 6u); // .mdl, .vvd, three .vtx, .phy
    EXPECT_TRUE(json["stats"]["variants"].contains("dx90"));
    // Nothing is left in the folder but the page (no staging file).
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(ViewCli, AMissingModelIsAnIoErrorAndNothingIsWritten) {
    TempDir dir;
    const auto result =
        runVtxc({"view", (dir / "nothing").string(), "-o", (dir / "page.html").string()});
    EXPECT_EQ(result.exitStatus, 2);
    EXPECT_NE(result.err.find("error[VIEW001]"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "page.html"));
}

TEST(ViewCli, AVariantOrLodTheModelLacksIsAUsageError) {
    VTXC_REQUIRE_CORPUS();
    TempDir dir;
    const std::string model = (corpusDir() / "holo_cube/cube").string();
    auto result = runVtxc({"view", model, "-o", (dir / "a.html").string(), "--variant", "sw"});
    EXPECT_EQ(result.exitStatus, 1);
    EXPECT_NE(result.err.find("--variant: error[VIEW003]"), std::string::npos) << result.err;
    result = runVtxc({"view", model, "-o", (dir / "a.html").string(), "--lod", "1"});
    EXPECT_EQ(result.exitStatus, 1);
    EXPECT_NE(result.err.find("--lod: error[VIEW004]"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "a.html"));
}

TEST(ViewCli, DamagedFilesAreRefusedWithTheReadersCodesFileAndByte) {
    VTXC_REQUIRE_CORPUS();
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"bunker_gun01.vvd", "VVD0"},
        {"bunker_gun01.dx90.vtx", "VTX0"},
        {"bunker_gun01.mdl", "MDL0"},
        {"bunker_gun01.phy", "PHY0"}};
    for (const auto& [file, code] : cases) {
        SCOPED_TRACE(file);
        TempDir dir;
        const fs::path base = copyModel(dir, "bunker_gun01", "bunker_gun01");
        std::string bytes = readText(dir / file);
        bytes.resize(bytes.size() / 2);
        writeText(dir / file, bytes);
        const auto result = runVtxc({"view", base.string(), "-o", (dir / "page.html").string()});
        EXPECT_EQ(result.exitStatus, 3) << result.err;
        const std::size_t at = result.err.find((dir / file).string() + ": error[" + code);
        EXPECT_NE(at, std::string::npos) << result.err;
        EXPECT_NE(result.err.find("byte", at), std::string::npos) << result.err;
        EXPECT_FALSE(fs::exists(dir / "page.html"));
    }
}

// Files that read well alone but do not belong together: the model check's error, as `vtxc
// inspect MODEL` reports it, and no page.
TEST(ViewCli, FilesFromDifferentCompilesAreRefusedWithTheModelChecksCode) {
    VTXC_REQUIRE_CORPUS();
    TempDir dir;
    const fs::path base = copyModel(dir, "w_grenade", "w_grenade");
    std::string vvd = readText(dir / "w_grenade.vvd");
    const std::int32_t other = 12345;
    std::memcpy(vvd.data() + 8, &other, 4); // vertexFileHeader_t.checksum
    writeText(dir / "w_grenade.vvd", vvd);
    const auto result = runVtxc({"view", base.string(), "-o", (dir / "page.html").string()});
    EXPECT_EQ(result.exitStatus, 3) << result.err;
    EXPECT_NE(result.err.find(": error[CHK"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("w_grenade.vvd"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "page.html"));
}

TEST(ViewCli, CompileWritesThePageAndAHostileNameStaysInsideItsScriptElement) {
    TempDir dir;
    auto result = runVtxc({"compile", std::string(VTXC_SOURCE_DIR) + "/examples/arm.smd", "-o",
                           (dir / "arm").string(), "--view", (dir / "arm.html").string()});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const std::string compiled = readText(dir / "arm.html");
    const auto json = nlohmann::json::parse(modelJsonOf(compiled));
    ASSERT_FALSE(json["variants"].empty());
    EXPECT_GT(json["variants"][0]["lods"][0]["triangles"].get<int>(), 0);

    // The same model with a name and a material name that would close the script element.
    const std::string hostile = "</script><script>alert(1)</script>";
    const std::string bytes = readText(dir / "arm.mdl");
    CollectingSink sink;
    auto mdl = readMdl(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()),
                       "arm.mdl", sink);
    ASSERT_TRUE(mdl.has_value());
    mdl->name = hostile;
    ASSERT_FALSE(mdl->textures.empty());
    mdl->textures[0].name = "<!--" + hostile;
    const std::vector<std::uint8_t> written = writeMdl(*mdl);
    writeText(dir / "arm.mdl", std::string(written.begin(), written.end()));
    result = runVtxc({"view", (dir / "arm").string(), "-o", (dir / "hostile.html").string()});
    ASSERT_EQ(result.exitStatus, 0) << result.err;
    const std::string page = readText(dir / "hostile.html");
    // The hostile names add no tag: the page holds as many as the page of the clean model.
    for (const char* tag : {"<script", "</script", "<!--"})
        EXPECT_EQ(occurrences(page, tag), occurrences(compiled, tag)) << tag;
    const auto back = nlohmann::json::parse(modelJsonOf(page));
    EXPECT_EQ(back["name"], hostile);
    EXPECT_EQ(back["materials"][0], "<!--" + hostile);
}

} // namespace
} // namespace vtxc::test
