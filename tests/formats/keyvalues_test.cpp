// The KeyValues text reader and the surface property rules, on synthetic text: the tree with its
// locations, each syntax error with its code and line:column, and the manifest, "base" and
// redefinition rules of the game's scripts/surfaceproperties*.txt.
#include "formats/keyvalues/keyvalues.h"
#include "testing/test_support.h"

#include <cstring>
#include <gtest/gtest.h>
#include <memory>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

std::string all(const CollectingSink& sink) {
    std::string out;
    for (const Diagnostic& d : sink.diagnostics())
        out += formatDiagnostic(d) + "\n";
    return out;
}

void expectAt(const CollectingSink& sink, const std::string& code, std::uint32_t line,
              std::uint32_t column, const std::string& file = "test.txt") {
    const Diagnostic* found = sink.find(code);
    ASSERT_NE(found, nullptr) << "no " << code << "; got:\n" << all(sink);
    EXPECT_EQ(found->location.file, file);
    EXPECT_EQ(found->location.line, line) << formatDiagnostic(*found);
    EXPECT_EQ(found->location.column, column) << formatDiagnostic(*found);
}

// ---- the reader ----

TEST(KeyValuesReader, ReadsQuotedAndBareTokensBlocksAndComments) {
    CollectingSink sink;
    const auto document = parseKeyValues("// header\n"
                                         "\"metal\"\n"
                                         "{\n"
                                         "\t\"base\"\t\t\"solidmetal\" // sheet metal\n"
                                         "\tthickness 0.1\n"
                                         "\tsounds { step \"Metal.Step\" }\n"
                                         "}\n"
                                         "top value\n",
                                         "test.txt", sink);
    ASSERT_TRUE(document) << all(sink);
    EXPECT_EQ(sink.diagnostics().size(), 0u);
    ASSERT_EQ(document->entries.size(), 2u);
    const KeyValuesEntry& metal = document->entries[0];
    EXPECT_EQ(metal.key, "metal");
    EXPECT_TRUE(metal.isBlock);
    EXPECT_EQ(metal.keyAt.line, 2u);
    EXPECT_EQ(metal.valueAt.line, 3u);
    ASSERT_EQ(metal.children.size(), 3u);
    EXPECT_EQ(metal.children[0].value, "solidmetal");
    EXPECT_EQ(metal.children[0].valueAt.line, 4u);
    EXPECT_EQ(metal.children[0].valueAt.column, 10u);
    EXPECT_EQ(metal.children[1].key, "thickness");
    EXPECT_EQ(metal.children[1].value, "0.1");
    const KeyValuesEntry* sounds = metal.find("SOUNDS");
    ASSERT_NE(sounds, nullptr);
    ASSERT_TRUE(sounds->isBlock);
    ASSERT_EQ(sounds->children.size(), 1u);
    EXPECT_EQ(sounds->children[0].value, "Metal.Step");
    EXPECT_EQ(metal.find("density"), nullptr);
    EXPECT_FALSE(document->entries[1].isBlock);
    EXPECT_EQ(document->entries[1].value, "value");
}

TEST(KeyValuesReader, EmptyStringsAndBlocksAndTheLastLineWithoutANewline) {
    CollectingSink sink;
    const auto document =
        parseKeyValues("\"\" \"\"\r\nempty{}\r\nx \"a // not a comment\"", "test.txt", sink);
    ASSERT_TRUE(document) << all(sink);
    ASSERT_EQ(document->entries.size(), 3u);
    EXPECT_EQ(document->entries[0].key, "");
    EXPECT_TRUE(document->entries[1].isBlock);
    EXPECT_TRUE(document->entries[1].children.empty());
    EXPECT_EQ(document->entries[2].value, "a // not a comment");
}

TEST(KeyValuesReader, EachSyntaxErrorHasItsCodeAndPlace) {
    struct Case {
        std::string text;
        std::string code;
        std::uint32_t line;
        std::uint32_t column;
    };
    const Case cases[] = {
        {"a {\n  \"b \"c\"\n}\n", "KVT001", 2, 8}, // the third quote opens a string never closed
        {"a {\n  \"unclosed\n  }\n", "KVT001", 2, 3},
        {"a { b }\n", "KVT002", 1, 5},
        {"a { b", "KVT002", 1, 5},
        {"a {\n  { x y }\n}\n", "KVT003", 2, 3},
        {"a { }\n}\n", "KVT004", 2, 1},
        {"a {\n b {\n  c d\n }\n", "KVT005", 1, 3},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        CollectingSink sink;
        EXPECT_FALSE(parseKeyValues(c.text, "test.txt", sink));
        expectAt(sink, c.code, c.line, c.column);
        EXPECT_EQ(sink.errorCount(), 1u) << all(sink);
    }
}

TEST(KeyValuesReader, NestingIsCapped) {
    std::string deep;
    for (int i = 0; i < kKeyValuesMaxDepth; ++i)
        deep += "a {\n";
    std::string closes(static_cast<std::size_t>(kKeyValuesMaxDepth), '}');
    CollectingSink sink;
    EXPECT_TRUE(parseKeyValues(deep + closes, "test.txt", sink)) << all(sink);
    EXPECT_FALSE(parseKeyValues(deep + "b {\n" + closes + "}", "test.txt", sink));
    expectAt(sink, "KVT006", static_cast<std::uint32_t>(kKeyValuesMaxDepth) + 1, 3);
    // Far deeper input is refused as quickly, without recursion.
    std::string hostile;
    for (int i = 0; i < 200000; ++i)
        hostile += "a{";
    CollectingSink more;
    EXPECT_FALSE(parseKeyValues(hostile, "test.txt", more));
    EXPECT_TRUE(more.find("KVT006"));
}

TEST(KeyValuesReader, EveryPrefixIsReadWithinItsBytes) {
    // Each prefix in an allocation of exactly its size, so a read past the end is seen by ASan.
    const std::string text = "\"default\" { \"density\" \"2000\" }\n// c\nmetal { base default }";
    for (std::size_t size = 0; size <= text.size(); ++size) {
        std::unique_ptr<char[]> bytes(new char[size == 0 ? 1 : size]);
        std::memcpy(bytes.get(), text.data(), size);
        NullSink sink;
        const auto document = parseKeyValues(std::string_view(bytes.get(), size), "t", sink);
        EXPECT_EQ(document.has_value(), !sink.hasErrors());
    }
}

TEST(KeyValuesReader, AFileThatCannotBeReadIsAnIoError) {
    test::TempDir dir;
    CollectingSink sink;
    EXPECT_FALSE(readKeyValuesFile(dir / "missing.txt", sink));
    ASSERT_TRUE(sink.find("IO001")) << all(sink);
}

// ---- surface properties ----

SurfaceProperties surfacesOf(const std::string& text, CollectingSink& sink) {
    SurfaceProperties properties;
    EXPECT_TRUE(properties.addFile(text, "test.txt", sink)) << all(sink);
    return properties;
}

TEST(SurfaceProperties, BaseAndDefaultAreInherited) {
    CollectingSink sink;
    const SurfaceProperties surfaces =
        surfacesOf("\"default\" { \"density\" \"2000\" \"friction\" \"0.8\" }\n"
                   "\"solidmetal\" { \"density\" \"2700\" \"elasticity\" \"0.1\" }\n"
                   "\"metal\" { \"base\" \"solidmetal\" \"thickness\" \"0.1\" }\n"
                   "\"grenade\" { \"base\" \"METAL\" \"Friction\" \"0.9\" }\n"
                   "\"plain\" { \"elasticity\" \"0.5\" }\n",
                   sink);
    EXPECT_EQ(sink.diagnostics().size(), 0u) << all(sink);
    const SurfaceProperty* grenade = surfaces.find("Grenade");
    ASSERT_NE(grenade, nullptr);
    EXPECT_EQ(grenade->density, 2700.0);
    EXPECT_EQ(grenade->thickness, 0.1);
    EXPECT_EQ(grenade->baseChain, (std::vector<std::string>{"metal", "solidmetal"}));
    EXPECT_EQ(grenade->base, "METAL");
    EXPECT_EQ(grenade->values.at("friction"), "0.9");
    EXPECT_EQ(grenade->values.at("elasticity"), "0.1");
    EXPECT_EQ(grenade->definedAt.line, 4u);
    const SurfaceProperty* plain = surfaces.find("plain");
    ASSERT_NE(plain, nullptr);
    EXPECT_EQ(plain->density, 2000.0); // from "default"
    EXPECT_FALSE(plain->thickness);
    EXPECT_EQ(plain->values.at("friction"), "0.8");
    EXPECT_TRUE(plain->baseChain.empty());
}

TEST(SurfaceProperties, ALaterDefinitionReplacesTheEarlierInItsPlace) {
    CollectingSink sink;
    SurfaceProperties surfaces = surfacesOf("a { density 100 thickness 2 }\nb { base a }\n", sink);
    ASSERT_TRUE(surfaces.addFile("a { density 300 }\n", "second.txt", sink));
    const SurfaceProperty* a = surfaces.find("A");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->density, 300.0);
    EXPECT_FALSE(a->thickness); // the new definition starts again from "default"
    EXPECT_EQ(a->definedAt.file, "second.txt");
    // b copied a as it was when b was defined.
    EXPECT_EQ(surfaces.find("b")->density, 100.0);
    ASSERT_EQ(surfaces.all().size(), 3u);
    EXPECT_EQ(surfaces.all()[1].name, "a"); // in its first place
    EXPECT_EQ(surfaces.filesRead(), (std::vector<fs::path>{"test.txt", "second.txt"}));
}

TEST(SurfaceProperties, ABaseNotDefinedBeforeCannotFormACycle) {
    CollectingSink sink;
    const SurfaceProperties surfaces =
        surfacesOf("a { base b density 5 }\nb { base a }\nc { base c }\n", sink);
    // a's base is defined later: a starts from default; b copies a; c names itself.
    EXPECT_EQ(surfaces.find("a")->density, 5.0);
    EXPECT_EQ(surfaces.find("b")->density, 5.0);
    EXPECT_EQ(surfaces.find("b")->baseChain, std::vector<std::string>{"a"});
    EXPECT_EQ(surfaces.find("c")->density, kDefaultSurfaceDensity);
    std::size_t warnings = 0;
    for (const Diagnostic& d : sink.diagnostics())
        warnings += d.code == "KVT023";
    EXPECT_EQ(warnings, 2u) << all(sink);
    expectAt(sink, "KVT023", 1, 10);
}

TEST(SurfaceProperties, BadNumbersAndStrayEntriesAreWarnings) {
    CollectingSink sink;
    const SurfaceProperties surfaces = surfacesOf("s { density heavy thickness -1 }\n"
                                                  "loose value\n"
                                                  "t { sounds { a b } density 10 }\n",
                                                  sink);
    expectAt(sink, "KVT024", 1, 13);
    EXPECT_EQ(surfaces.find("s")->density, kDefaultSurfaceDensity);
    EXPECT_FALSE(surfaces.find("s")->thickness);
    EXPECT_EQ(surfaces.find("s")->values.at("density"), "2000"); // the inherited text
    expectAt(sink, "KVT025", 2, 1);
    EXPECT_EQ(surfaces.find("loose"), nullptr);
    EXPECT_EQ(surfaces.find("t")->density, 10.0);
    EXPECT_EQ(sink.errorCount(), 0u);
}

TEST(SurfaceProperties, UnknownNamesFallBackToDefault) {
    CollectingSink sink;
    const SurfaceProperties surfaces = surfacesOf("default { density 1500 }\n", sink);
    const auto found = surfaces.lookup("no_such");
    EXPECT_TRUE(found.fellBack);
    EXPECT_EQ(found.property->density, 1500.0);
    EXPECT_FALSE(surfaces.lookup("DEFAULT").fellBack);
    const SurfaceProperty& reported =
        lookupSurfaceProperty(surfaces, "no_such", {"model.qc", 7, 13}, sink);
    EXPECT_EQ(reported.name, "default");
    expectAt(sink, "KVT026", 7, 13, "model.qc");
    // Without any file, "default" is the built-in one.
    const SurfaceProperties none;
    EXPECT_EQ(none.lookup("metal").property->density, kDefaultSurfaceDensity);
}

TEST(SurfaceProperties, ASyntaxErrorAddsNothing) {
    CollectingSink sink;
    SurfaceProperties surfaces;
    EXPECT_FALSE(surfaces.addFile("a { density 1 }\nb {\n", "bad.txt", sink));
    expectAt(sink, "KVT005", 2, 3, "bad.txt");
    EXPECT_EQ(surfaces.find("a"), nullptr);
    EXPECT_TRUE(surfaces.filesRead().empty());
}

TEST(SurfaceProperties, TheManifestIsReadInOrderEachFileOnce) {
    test::TempDir game;
    test::writeText(game / "scripts/surfaceproperties_manifest.txt",
                    "surfaceproperties_manifest\n{\n"
                    "\t\"file\"\t\"scripts/surfaceproperties.txt\"\n" // 3
                    "\t\"file\"\t\"scripts\\\\mod.txt\"\n"            // 4
                    "\t\"file\"\t\"scripts/missing.txt\"\n"           // 5
                    "\t\"file\"\t\"../outside.txt\"\n"                // 6
                    "\t\"file\"\t\"Scripts/SurfaceProperties.txt\"\n" // 7
                    "\t\"other\"\t\"x\"\n"                            // 8
                    "}\n");
    test::writeText(game / "scripts/surfaceproperties.txt",
                    "metal { density 2700 thickness 0.1 }\nwood { density 700 }\n");
    test::writeText(game / "scripts/mod.txt", "metal { density 8000 }\nmine { base metal }\n");
    test::writeText(game / "outside.txt", "x { }\n");
    CollectingSink sink;
    const auto surfaces = loadSurfaceProperties(game.path(), sink);
    ASSERT_TRUE(surfaces) << all(sink);
    const std::string manifest = (game / "scripts/surfaceproperties_manifest.txt").string();
    expectAt(sink, "KVT021", 5, 9, manifest);
    expectAt(sink, "KVT022", 7, 9, manifest);
    expectAt(sink, "KVT025", 8, 2, manifest);
    std::size_t skipped = 0;
    for (const Diagnostic& d : sink.diagnostics())
        skipped += d.code == "KVT021";
    EXPECT_EQ(skipped, 2u) << all(sink); // missing, and outside the game folder
    ASSERT_EQ(surfaces->filesRead().size(), 2u);
    EXPECT_EQ(surfaces->filesRead()[1].filename(), "mod.txt");
    EXPECT_EQ(surfaces->find("metal")->density, 8000.0); // the later file wins
    EXPECT_FALSE(surfaces->find("metal")->thickness);
    EXPECT_EQ(surfaces->find("mine")->density, 8000.0);
    EXPECT_EQ(surfaces->find("wood")->density, 700.0);
}

TEST(SurfaceProperties, WithoutAManifestTheMainFileIsRead) {
    test::TempDir game;
    test::writeText(game / "scripts/surfaceproperties.txt", "glass { density 2500 }\n");
    CollectingSink sink;
    const auto surfaces = loadSurfaceProperties(game.path(), sink);
    ASSERT_TRUE(surfaces) << all(sink);
    EXPECT_EQ(surfaces->find("glass")->density, 2500.0);
}

TEST(SurfaceProperties, AFolderWithoutSurfaceFilesIsAnIoError) {
    test::TempDir game;
    CollectingSink sink;
    EXPECT_FALSE(loadSurfaceProperties(game.path(), sink));
    const Diagnostic* found = sink.find("KVT020");
    ASSERT_NE(found, nullptr) << all(sink);
    EXPECT_EQ(found->location.file, game.path().string());
    EXPECT_EQ(sink.exitCode(), ExitCode::Io);
}

TEST(SurfaceProperties, ABrokenListedFileFailsTheLoad) {
    test::TempDir game;
    test::writeText(game / "scripts/surfaceproperties_manifest.txt", "m { file scripts/a.txt }\n");
    test::writeText(game / "scripts/a.txt", "a {\n  \"density \n}\n");
    CollectingSink sink;
    EXPECT_FALSE(loadSurfaceProperties(game.path(), sink));
    expectAt(sink, "KVT001", 2, 3, (game / "scripts/a.txt").string());
}

} // namespace
} // namespace vtxc
