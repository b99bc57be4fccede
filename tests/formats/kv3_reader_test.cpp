// Tests of the KV3 text reader: the syntax of the VMDL examples, positions, and every error code
// with its line.
#include "formats/kv3/kv3_reader.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

std::optional<Kv3Document> parse(const std::string& text, CollectingSink& sink) {
    return parseKv3(text, "doc.vmdl", sink);
}

// The single error of a failed parse: its code and line.
void expectError(const std::string& text, const std::string& code, std::uint32_t line) {
    CollectingSink sink;
    EXPECT_FALSE(parse(text, sink).has_value()) << text;
    ASSERT_FALSE(sink.errors().empty()) << text;
    const Diagnostic error = sink.errors().front();
    EXPECT_EQ(error.code, code) << formatDiagnostic(error);
    EXPECT_EQ(error.location.file, "doc.vmdl");
    EXPECT_EQ(error.location.line, line) << formatDiagnostic(error);
    EXPECT_GT(error.location.column, 0u);
}

const char* kSeedSnippet =
    R"(<!-- kv3 encoding:text:version{e21c7f3c} format:generic:version{7412167c} -->
CVanimGroupReference[] m_pAnimGroups =
[
	CVanimGroupReference
	{
		CVanimGroup* m_pObject = &CVanimGroup_0
		string m_sFileName = ""
	}
]
CVanimGroup CVanimGroup_0
{
	string m_Name = "a \\ b"  // a comment
	CVanim[] m_Vanim =
	[
		CVanim
		{
			int m_nEndframe = 54
			float m_flFps = 30.000000
			bool m_bHidden = false
			CAnimationLoop m_Loop = CAnimationLoop
			{
				bool m_bLoop = true
			}
			CIKrule*[] m_pIkRules = [ NULL ]
			float(3) m_translation = ( 0.5, -1, 2e1 )
		}
	]
	string[] m_sScripts =
	[
	]
}
)";

TEST(Kv3Reader, ReadsTheSeedSyntax) {
    CollectingSink sink;
    const auto document = parse(kSeedSnippet, sink);
    ASSERT_TRUE(document.has_value());
    EXPECT_TRUE(sink.diagnostics().empty());
    EXPECT_EQ(document->header,
              "kv3 encoding:text:version{e21c7f3c} format:generic:version{7412167c}");
    ASSERT_EQ(document->members.size(), 2u);

    const Kv3Member& references = document->members[0];
    EXPECT_EQ(references.type, "CVanimGroupReference[]");
    EXPECT_EQ(references.name, "m_pAnimGroups");
    EXPECT_FALSE(references.namedObject);
    ASSERT_EQ(references.value.kind, Kv3Kind::Array);
    ASSERT_EQ(references.value.items.size(), 1u);
    const Kv3Value& reference = references.value.items[0];
    EXPECT_EQ(reference.kind, Kv3Kind::Object);
    EXPECT_EQ(reference.text, "CVanimGroupReference");
    EXPECT_EQ(reference.position.line, 4u);
    EXPECT_EQ(reference.position.column, 2u);
    const Kv3Member* pointer = reference.find("m_pObject");
    ASSERT_NE(pointer, nullptr);
    EXPECT_EQ(pointer->type, "CVanimGroup*");
    EXPECT_EQ(pointer->value.kind, Kv3Kind::Pointer);
    EXPECT_EQ(pointer->value.text, "CVanimGroup_0");
    EXPECT_EQ(pointer->position.line, 6u);
    EXPECT_EQ(pointer->position.column, 3u);
    EXPECT_EQ(pointer->value.position.column, 28u);
    EXPECT_EQ(reference.find("m_sFileName")->value.kind, Kv3Kind::String);

    const Kv3Member& group = document->members[1];
    EXPECT_TRUE(group.namedObject);
    EXPECT_EQ(group.name, "CVanimGroup_0");
    EXPECT_EQ(group.value.text, "CVanimGroup");
    EXPECT_EQ(group.value.find("m_Name")->value.text, "a \\ b");
    const Kv3Value& vanim = group.value.find("m_Vanim")->value.items.at(0);
    EXPECT_EQ(vanim.find("m_nEndframe")->value.kind, Kv3Kind::Int);
    EXPECT_EQ(vanim.find("m_nEndframe")->value.integer, 54);
    EXPECT_EQ(vanim.find("m_flFps")->value.kind, Kv3Kind::Float);
    EXPECT_DOUBLE_EQ(vanim.find("m_flFps")->value.number, 30.0);
    EXPECT_EQ(vanim.find("m_bHidden")->value.kind, Kv3Kind::Bool);
    EXPECT_FALSE(vanim.find("m_bHidden")->value.boolean);
    EXPECT_TRUE(vanim.find("m_Loop")->value.find("m_bLoop")->value.boolean);
    EXPECT_EQ(vanim.find("m_pIkRules")->value.items.at(0).kind, Kv3Kind::Null);
    const Kv3Member* tuple = vanim.find("m_translation");
    EXPECT_EQ(tuple->type, "float(3)");
    ASSERT_EQ(tuple->value.items.size(), 3u);
    EXPECT_DOUBLE_EQ(tuple->value.items[0].number, 0.5);
    // An int literal where a float is declared becomes a float.
    EXPECT_EQ(tuple->value.items[1].kind, Kv3Kind::Float);
    EXPECT_DOUBLE_EQ(tuple->value.items[1].number, -1.0);
    EXPECT_DOUBLE_EQ(tuple->value.items[2].number, 20.0);
    EXPECT_TRUE(group.value.find("m_sScripts")->value.items.empty());

    const auto named = kv3NamedObjects(*document);
    ASSERT_EQ(named.size(), 1u);
    EXPECT_EQ(named.begin()->first, "CVanimGroup_0");
}

TEST(Kv3Reader, HeaderIsOptionalAndCommentsAreSkipped) {
    CollectingSink sink;
    const auto document = parse("// leading comment\n/* block\n comment */ int a = 1 // trailing\n"
                                "string[] b = [ \"x\" \"y\", \"z\", ]\nfloat c = -.5\n",
                                sink);
    ASSERT_TRUE(document.has_value());
    EXPECT_TRUE(document->header.empty());
    ASSERT_EQ(document->members.size(), 3u);
    EXPECT_EQ(document->members[0].position.line, 3u);
    EXPECT_EQ(document->members[0].position.column, 13u);
    EXPECT_EQ(document->members[1].value.items.size(), 3u);
    EXPECT_EQ(document->members[1].value.items[2].text, "z");
    EXPECT_DOUBLE_EQ(document->members[2].value.number, -0.5);
}

TEST(Kv3Reader, StringEscapes) {
    CollectingSink sink;
    const auto document = parse(R"(string s = "models\\a\\b.smd \"q\" \t\n" string e = "")", sink);
    ASSERT_TRUE(document.has_value());
    EXPECT_EQ(document->members[0].value.text, "models\\a\\b.smd \"q\" \t\n");
    EXPECT_EQ(document->members[1].value.text, "");
}

TEST(Kv3Reader, EmptyDocumentAndHeaderOnly) {
    CollectingSink sink;
    ASSERT_TRUE(parse("", sink).has_value());
    const auto headerOnly = parse("\xEF\xBB\xBF  <!--kv3-->\n", sink);
    ASSERT_TRUE(headerOnly.has_value());
    EXPECT_EQ(headerOnly->header, "kv3");
    EXPECT_TRUE(headerOnly->members.empty());
}

TEST(Kv3Reader, NestedNamedObjectsArePointerTargets) {
    CollectingSink sink;
    const auto document = parse("Outer O { Inner I { int x = 1 } Inner* p = &I }", sink);
    ASSERT_TRUE(document.has_value());
    const auto named = kv3NamedObjects(*document);
    EXPECT_EQ(named.size(), 2u);
    ASSERT_TRUE(named.contains("I"));
    EXPECT_EQ(named.at("I")->value.find("x")->value.integer, 1);
}

TEST(Kv3Reader, Errors) {
    expectError("int a = 1\nint b = $\n", "KV3001", 2);
    expectError("int a = 1\nstring s = \"open\nint c = 2\n", "KV3002", 2);
    expectError("string s = \"ok\"\nstring t = \"bad \\q escape\"\n", "KV3003", 2);
    expectError("\n<!-- kv3 never closed\nint a = 1\n", "KV3004", 2);
    expectError("int a = 1\nint b = 12abc\n", "KV3005", 2);
    expectError("int a = 1\nint b = 99999999999999999999\n", "KV3005", 2);
    expectError("float a = 1\nfloat b = 1e999\n", "KV3005", 2);
    expectError("int a = 1\nint b 2\n", "KV3006", 2);
    expectError("int a = 1\nC x = C { int y = 1\n", "KV3006", 2);
    expectError("int a = 1\nint[] b = [ 1, 2\n", "KV3006", 2);
    expectError("int a = 1\nC x = Foo 3\n", "KV3006", 2);
    expectError("int a = 1\nfloat(3) t = ( 1, 2, )\n", "KV3006", 2);
    expectError("int a = 1\nfloat(0) t = ( )\n", "KV3006", 2);
    expectError("int a = 1\nC* x { }\n", "KV3006", 2);
    expectError("int a = 1\n= 3\n", "KV3006", 2);
    expectError("int a = 1\nint b = \"text\"\n", "KV3007", 2);
    expectError("int a = 1\nfloat(3) t = ( 1, 2 )\n", "KV3007", 2);
    expectError("int a = 1\nCVanim v = CActivity { }\n", "KV3007", 2);
    expectError("int a = 1\nstring[] l = [ \"a\",\n 3 ]\n", "KV3007", 3);
    expectError("int a = 1\nC* p = 3\n", "KV3007", 2);
    expectError("int a = 1\nbool b = 1\n", "KV3007", 2);
    expectError("int a = 1\nint b = 1.5\n", "KV3007", 2);
    expectError("int a = 1\nint a = 2\n", "KV3009", 2);
    expectError("C A { }\nD B { C A { } }\n", "KV3010", 2);
    expectError("int a = 1\n/* open comment\n", "KV3011", 2);

    std::string deep = "int a = 1\nint[] d = ";
    for (int i = 0; i < kKv3MaxDepth + 5; ++i)
        deep += "[";
    expectError(deep, "KV3008", 2);
}

TEST(Kv3Reader, TypeErrorsAreAllReported) {
    CollectingSink sink;
    EXPECT_FALSE(parse("int a = \"x\"\nbool b = 2\nstring c = 1\n", sink).has_value());
    ASSERT_EQ(sink.errors().size(), 3u);
    EXPECT_EQ(sink.errors()[2].location.line, 3u);
    EXPECT_EQ(formatDiagnostic(sink.errors()[0]),
              "doc.vmdl:1:9: error[KV3007]: 'a' is declared 'int' but holds a string: write a "
              "whole number such as 12");
}

TEST(Kv3Reader, ReadsFilesAndReportsMissingOnes) {
    test::TempDir dir;
    test::writeText(dir / "a.vmdl", "int a = 3\n");
    CollectingSink sink;
    const auto document = readKv3File(dir / "a.vmdl", sink);
    ASSERT_TRUE(document.has_value());
    EXPECT_EQ(document->fileName, (dir / "a.vmdl").string());
    EXPECT_FALSE(readKv3File(dir / "missing.vmdl", sink).has_value());
    ASSERT_NE(sink.find("IO001"), nullptr);
    EXPECT_EQ(sink.exitCode(), ExitCode::Io);
}

} // namespace
} // namespace vtxc
