// The sequence graph: node names numbered in the order the QC first writes them, each sequence's
// entry and exit nodes, the transition table, and the mistakes reported with their code at their
// line. QCs held in memory; no animation file is read.
#include "compiler/sequences/sequence_nodes.h"
#include "formats/qc/qc_project.h"
#include "testing/diagnostic_text.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

class SequenceNodesTest : public ::testing::Test {
  protected:
    SequenceNodesTest() {
        for (const char* name : {"proj/ref.smd", "proj/a.smd", "proj/b.smd"})
            files.addFile(name, "version 1\n");
    }

    std::optional<QcProject> read(const std::string& body) {
        files.addFile("proj/model.qc", "$modelname \"npc/x.mdl\"\n$body b ref\n" + body);
        return readQcProject("proj/model.qc", files, sink);
    }

    void expectAt(const std::string& code, std::uint32_t line) {
        const Diagnostic* found = sink.find(code);
        ASSERT_NE(found, nullptr) << "no " << code << "; got:\n" << test::diagnosticsText(sink);
        EXPECT_EQ(found->location.line, line) << formatDiagnostic(*found);
        EXPECT_EQ(found->location.file, "proj/model.qc") << formatDiagnostic(*found);
    }

    const QcSequence& named(const QcProject& project, const std::string& name) {
        for (const QcSequence& sequence : project.sequences)
            if (sequence.name == name) return sequence;
        ADD_FAILURE() << "no sequence " << name;
        return project.sequences.front();
    }

    MdlSeqDesc nodesOf(const QcProject& project, const std::string& name) {
        MdlSeqDesc seq;
        setSequenceNodes(named(project, name), project.nodeNames, seq);
        return seq;
    }

    MemoryFileSystem files;
    CollectingSink sink;
};

TEST_F(SequenceNodesTest, NodesAreNumberedInTheOrderTheQcFirstNamesThem) {
    // Valve's combine_soldier_anims.mdl: the transitions' nodes first, then those only
    // $skiptransition or a later $append names, each name once whatever its case.
    auto project = read("$sequence up a.smd transition crouching standing\n"
                        "$sequence idle b.smd\n"
                        "$skiptransition Standing walking shooting\n"
                        "$append idle { node aiming }\n"
                        "$sequence fire a.smd node SHOOTING\n");
    ASSERT_TRUE(project) << test::diagnosticsText(sink);
    EXPECT_EQ(project->nodeNames,
              (std::vector<std::string>{"crouching", "standing", "walking", "shooting", "aiming"}));
    EXPECT_EQ(test::countCode(sink, "QC061"), 0u) << test::diagnosticsText(sink);
    EXPECT_EQ(test::countCode(sink, "QC062"), 0u) << test::diagnosticsText(sink);
}

TEST_F(SequenceNodesTest, EachSequenceGetsItsEntryAndExitNode) {
    auto project = read("$sequence up a.smd transition crouching standing\n"
                        "$sequence idle b.smd node standing\n"
                        "$sequence back a.smd rtransition standing crouching exitphase 0.25\n"
                        "$sequence half b.smd entrynode crouching\n"
                        "$sequence none b.smd\n");
    ASSERT_TRUE(project) << test::diagnosticsText(sink);
    const MdlSeqDesc up = nodesOf(*project, "up");
    EXPECT_EQ(std::make_tuple(up.localentrynode, up.localexitnode, up.nodeflags),
              std::make_tuple(1, 2, 0));
    const MdlSeqDesc idle = nodesOf(*project, "idle");
    EXPECT_EQ(std::make_tuple(idle.localentrynode, idle.localexitnode), std::make_tuple(2, 2));
    const MdlSeqDesc back = nodesOf(*project, "back");
    EXPECT_EQ(std::make_tuple(back.localentrynode, back.localexitnode, back.nodeflags),
              std::make_tuple(2, 1, kNodeReverse));
    EXPECT_FLOAT_EQ(back.exitphase, 0.25f);
    const MdlSeqDesc half = nodesOf(*project, "half");
    EXPECT_EQ(std::make_tuple(half.localentrynode, half.localexitnode), std::make_tuple(1, 0));
    const MdlSeqDesc none = nodesOf(*project, "none");
    EXPECT_EQ(std::make_tuple(none.localentrynode, none.localexitnode, none.nodeflags),
              std::make_tuple(0, 0, 0));
}

TEST_F(SequenceNodesTest, TheTableHoldsTheDirectTransitionsOnly) {
    // a -> b and b -> c, but no a -> c over b: Valve's tables hold single steps only.
    auto project = read("$sequence ab a.smd transition a b\n"
                        "$sequence bc a.smd transition b c\n"
                        "$sequence dc b.smd rtransition d c\n"
                        "$sequence stay b.smd node a\n");
    ASSERT_TRUE(project) << test::diagnosticsText(sink);
    auto graph = buildSequenceGraph(*project, sink);
    ASSERT_TRUE(graph) << test::diagnosticsText(sink);
    EXPECT_EQ(graph->names, (std::vector<std::string>{"a", "b", "c", "d"}));
    // rows: from a, b, c, d; columns: to a, b, c, d
    EXPECT_EQ(graph->transitions, (std::vector<std::uint8_t>{0, 2, 0, 0, //
                                                             0, 0, 3, 0, //
                                                             0, 0, 0, 4, //
                                                             0, 0, 3, 0}));
}

TEST_F(SequenceNodesTest, AModelWithoutNodesHasEmptyTables) {
    auto project = read("$sequence idle a.smd loop\n");
    ASSERT_TRUE(project) << test::diagnosticsText(sink);
    auto graph = buildSequenceGraph(*project, sink);
    ASSERT_TRUE(graph);
    EXPECT_TRUE(graph->names.empty());
    EXPECT_TRUE(graph->transitions.empty());
}

TEST_F(SequenceNodesTest, ATransitionPastNode255IsAnErrorAtItsSequence) {
    std::string names;
    for (int i = 1; i <= 256; ++i)
        names += " n" + std::to_string(i);
    auto project = read("$skiptransition" + names +
                        "\n" // line 3
                        "$sequence ok a.smd transition n1 n255\n"
                        "$sequence far a.smd transition n1 n256\n"); // line 5
    ASSERT_TRUE(project) << test::diagnosticsText(sink);
    ASSERT_EQ(project->nodeNames.size(), 256u);
    EXPECT_FALSE(buildSequenceGraph(*project, sink));
    expectAt("SEQ010", 5);
    EXPECT_EQ(test::countCode(sink, "SEQ010"), 1u);
}

TEST_F(SequenceNodesTest, MissingNodeNamesAreReportedAtTheirLine) {
    auto project = read("$sequence a a.smd\n"
                        "{\n"
                        "  transition standing\n" // line 5
                        "}\n");
    EXPECT_FALSE(project);
    expectAt("QC030", 5);
}

TEST_F(SequenceNodesTest, AnExitPhaseOutsideTheCycleIsAnErrorAtItsLine) {
    auto project = read("$sequence a a.smd node x\n"
                        "$sequence b a.smd node x exitphase 1.5\n"); // line 4
    EXPECT_FALSE(project);
    expectAt("QC031", 4);
}

TEST_F(SequenceNodesTest, SkipTransitionNeedsANodeName) {
    auto project = read("$sequence a a.smd\n"
                        "$skiptransition\n"); // line 4
    EXPECT_FALSE(project);
    expectAt("QC030", 4);
}

} // namespace
} // namespace vtxc
