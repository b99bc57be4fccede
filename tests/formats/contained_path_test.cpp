// Tests of the one "path stays inside a root" policy, in memory: the policy itself, and both of
// its callers (the QC reader's file names, the VMDL reader's group files and animation sources)
// on absolute paths, drive letters, UNC shares, '..' climbing out, links leading out, and
// trailing separators.
#include "formats/common/contained_path.h"
#include "formats/qc/qc_project.h"
#include "formats/vmdl/vmdl_document.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

// The spellings of a place outside any relative tree.
const char* const kAbsolute[] = {
    "/etc/x.smd", "\\x.smd", "//server/share/x.smd", "\\\\server\\share\\x.smd", "C:\\x.smd",
    "C:x.smd",    "c:/x.smd"};
// Paths that climb above the root with "..", also when a later part comes back in.
const char* const kClimbing[] = {"../x.smd", "a/../../x.smd", "..\\content\\x.smd",
                                 "a\\..\\..\\x.smd"};

class ContainedPathTest : public ::testing::Test {
  protected:
    ContainedPathTest() {
        files.addFile("content/a/b.smd", "");
        files.addFile("content/sub/c.smd", "");
        files.addFile("/outside/secret.smd", "");
        files.addFile("/content2/x.smd", "");
        files.addLink("content/out", "/outside");      // a link leading out
        files.addLink("content/in", "sub");            // a link that stays inside
        files.addLink("content/sibling", "/content2"); // out, to a name that starts like the root
    }

    PathProblem problemOf(const std::string& written, const fs::path& root = "content") {
        return ContainedPathResolver(root, files).resolve(written).problem;
    }

    MemoryFileSystem files;
};

TEST_F(ContainedPathTest, RelativePathsInsideTheRootResolve) {
    const ContainedPathResolver resolver("content", files);
    const ContainedPath path = resolver.resolve("a\\b.smd");
    EXPECT_EQ(path.problem, PathProblem::None);
    EXPECT_EQ(path.relative, (RelativePath{"a", "b.smd"}));
    EXPECT_EQ(path.path, fs::path("content") / "a" / "b.smd");
    EXPECT_EQ(resolver.resolve("x/../a/./b.smd").relative, (RelativePath{"a", "b.smd"}));
    EXPECT_EQ(resolver.resolve("b.smd", {"a"}).path, fs::path("content") / "a" / "b.smd");
    EXPECT_EQ(problemOf("in/c.smd"), PathProblem::None);
}

TEST_F(ContainedPathTest, EmptyPathsAndTheRootItselfNameNoFile) {
    EXPECT_EQ(problemOf(""), PathProblem::Empty);
    EXPECT_EQ(problemOf("."), PathProblem::Empty);
    EXPECT_EQ(problemOf("a/.."), PathProblem::Empty);
}

TEST_F(ContainedPathTest, AbsolutePathsDrivesAndUncSharesAreRefused) {
    for (const char* written : kAbsolute)
        EXPECT_EQ(problemOf(written), PathProblem::Absolute) << written;
}

TEST_F(ContainedPathTest, ClimbingAboveTheRootIsRefusedEvenWhenItComesBack) {
    for (const char* written : kClimbing)
        EXPECT_EQ(problemOf(written), PathProblem::LeavesRoot) << written;
}

TEST_F(ContainedPathTest, LinksLeadingOutAreRefused) {
    EXPECT_EQ(problemOf("out/secret.smd"), PathProblem::LinkLeavesRoot);
    EXPECT_EQ(problemOf("sibling/x.smd"), PathProblem::LinkLeavesRoot);
}

TEST_F(ContainedPathTest, TrailingSeparatorsChangeNothing) {
    for (const fs::path& root :
         {fs::path("content"), fs::path("content/"), fs::path("/content/")}) {
        EXPECT_EQ(problemOf("a/b.smd", root), PathProblem::None) << root;
        EXPECT_EQ(problemOf("a/", root), PathProblem::None) << root;
        EXPECT_EQ(problemOf("out/secret.smd", root), PathProblem::LinkLeavesRoot) << root;
        EXPECT_EQ(problemOf("sibling/", root), PathProblem::LinkLeavesRoot) << root;
        EXPECT_EQ(problemOf("../x.smd", root), PathProblem::LeavesRoot) << root;
    }
    EXPECT_EQ(ContainedPathResolver("content", files).resolve("a\\").relative, RelativePath{"a"});
}

TEST(IsWithinFolder, ComparesWholeNamesAndIgnoresTrailingSeparators) {
    EXPECT_TRUE(isWithinFolder("/r/x", "/r"));
    EXPECT_TRUE(isWithinFolder("/r/x", "/r/"));
    EXPECT_TRUE(isWithinFolder("/r", "/r/"));
    EXPECT_TRUE(isWithinFolder("/r/", "/r"));
    EXPECT_FALSE(isWithinFolder("/r2/x", "/r"));
    EXPECT_FALSE(isWithinFolder("/", "/r"));
    EXPECT_FALSE(isWithinFolder("/s/r", "/r"));
}

// ---- the QC reader: mesh files ($body) and $include ----

class QcCallerTest : public ContainedPathTest {
  protected:
    const Diagnostic* readBody(const std::string& written) {
        sink = CollectingSink();
        files.addFile("content/model.qc", "$modelname m\n$body b \"" + written + "\"\n");
        EXPECT_FALSE(readQcProject("content/model.qc", files, sink).has_value()) << written;
        for (const Diagnostic& d : sink.diagnostics())
            if (d.severity == Severity::Error) return &d;
        return nullptr;
    }
    CollectingSink sink;
};

TEST_F(QcCallerTest, AbsoluteMeshPathsAreQc013AtTheirLine) {
    for (const char* written : kAbsolute) {
        const Diagnostic* error = readBody(written);
        ASSERT_NE(error, nullptr) << written;
        EXPECT_EQ(error->code, "QC013") << written;
        EXPECT_EQ(error->location.file, "content/model.qc");
        EXPECT_EQ(error->location.line, 2u);
    }
}

TEST_F(QcCallerTest, MeshPathsLeavingTheFolderAreQc014AtTheirLine) {
    for (const std::string written :
         {"../x.smd", "a/../../x.smd", "out/secret.smd", "sibling/x.smd", "out\\secret.smd"}) {
        const Diagnostic* error = readBody(written);
        ASSERT_NE(error, nullptr) << written;
        EXPECT_EQ(error->code, "QC014") << written;
        EXPECT_EQ(error->location.line, 2u);
    }
}

TEST_F(QcCallerTest, AnIncludeThroughALinkLeadingOutIsQc014) {
    files.addFile("/outside/evil.qci", "$body b \"a/b.smd\"\n");
    files.addFile("content/model.qc", "$modelname m\n$include \"out/evil.qci\"\n$body b a/b\n");
    EXPECT_FALSE(readQcProject("content/model.qc", files, sink).has_value());
    ASSERT_NE(sink.find("QC014"), nullptr);
    EXPECT_EQ(sink.find("QC014")->location.line, 2u);
}

TEST_F(QcCallerTest, MeshPathsInsideResolveBelowTheQcFolder) {
    files.addFile("content/model.qc", "$modelname m\n$body b \"x/../a/b.smd\"\n$body c in/c\n");
    const auto project = readQcProject("content/model.qc", files, sink);
    ASSERT_TRUE(project.has_value());
    EXPECT_EQ(project->bodyParts[0].models[0].mesh->path, fs::path("content") / "a" / "b.smd");
    EXPECT_EQ(project->bodyParts[1].models[0].mesh->path, fs::path("content") / "in" / "c.smd");
}

// ---- the VMDL reader: external group files and animation sources, under --content ----

// `text` as a KV3 string's contents: backslashes are escapes there.
std::string kv3Escaped(const std::string& text) {
    std::string out;
    for (char c : text)
        out += c == '\\' ? std::string("\\\\") : std::string(1, c);
    return out;
}

class VmdlCallerTest : public ContainedPathTest {
  protected:
    // A document whose one animation's source is `filepath` (line 3).
    std::optional<VmdlDocument> loadAnimation(const std::string& filepath,
                                              const fs::path& content = "content") {
        sink = CollectingSink();
        files.addFile("models/m.vmdl",
                      "CVanimGroupReference[] m_pAnimGroups = [ CVanimGroupReference {\n"
                      "CVanimGroup* m_pObject = &G } ]\nCVanimGroup G { CVanim[] m_Vanim = [ "
                      "CVanim { string m_Animationname = \"a\" string m_Filepath = \"" +
                          kv3Escaped(filepath) + "\" } ] }\n");
        return loadVmdlDocument("models/m.vmdl", content, files, sink);
    }
    // A document whose one group is the external file `fileName` (line 2).
    std::optional<VmdlDocument> loadGroup(const std::string& fileName) {
        sink = CollectingSink();
        files.addFile("models/g.vmdl", "CVanimGroupReference[] m_pAnimGroups = [\n"
                                       "CVanimGroupReference { string m_sFileName = \"" +
                                           kv3Escaped(fileName) + "\" } ]\n");
        return loadVmdlDocument("models/g.vmdl", "content", files, sink);
    }
    void expectVmdl008(std::uint32_t line, const std::string& written) {
        const Diagnostic* error = sink.find("VMDL008");
        ASSERT_NE(error, nullptr) << written;
        EXPECT_EQ(error->location.line, line) << written;
    }
    CollectingSink sink;
};

TEST_F(VmdlCallerTest, AnimationSourcesOutsideTheContentRootAreVmdl008) {
    for (const char* written : kAbsolute) {
        EXPECT_FALSE(loadAnimation(written).has_value());
        expectVmdl008(3, written);
    }
    for (const char* written : kClimbing) {
        EXPECT_FALSE(loadAnimation(written).has_value());
        expectVmdl008(3, written);
    }
    for (const char* written : {"out/secret.smd", "sibling\\x.smd"}) {
        EXPECT_FALSE(loadAnimation(written).has_value());
        expectVmdl008(3, written);
    }
}

TEST_F(VmdlCallerTest, GroupFilesOutsideTheContentRootAreVmdl008AndNotRead) {
    files.addFile("/outside/g.vmdl", "this would not parse");
    for (const std::string written :
         {"C:\\g.vmdl", "\\\\server\\g.vmdl", "../g.vmdl", "out/g.vmdl", "/outside/g.vmdl"}) {
        EXPECT_FALSE(loadGroup(written).has_value());
        expectVmdl008(2, written);
        EXPECT_EQ(sink.find("KV3001"), nullptr) << written;
    }
}

TEST_F(VmdlCallerTest, SourcesInsideResolveWithOrWithoutATrailingSeparatorOnTheRoot) {
    for (const fs::path& content : {fs::path("content"), fs::path("content/")}) {
        const auto document = loadAnimation("x\\..\\a\\b.smd", content);
        ASSERT_TRUE(document.has_value()) << content;
        const fs::path source = document->groups.at(0).animations.at(0).sourcePath;
        EXPECT_EQ(source.filename(), "b.smd");
        EXPECT_EQ(source.parent_path().filename(), "a");
        EXPECT_TRUE(loadAnimation("in/c.smd", content).has_value()) << content;
    }
}

TEST_F(VmdlCallerTest, AnExternalGroupIsReadThroughTheFileSystemSeam) {
    files.addFile("content/groups/ext.vmdl",
                  "CVanimGroup E { string m_Name = \"ext\"\nCVanim[] m_Vanim = [ CVanim { string "
                  "m_Animationname = \"e\" string m_Filepath = \"a\\\\b.smd\" } ] }\n");
    const auto document = loadGroup("groups\\ext.vmdl");
    ASSERT_TRUE(document.has_value());
    ASSERT_EQ(document->groups.size(), 1u);
    EXPECT_EQ(document->groups[0].name, "ext");
    EXPECT_EQ(document->groups[0].animations.at(0).sourcePath, fs::path("content") / "a" / "b.smd");
}

} // namespace
} // namespace vtxc
