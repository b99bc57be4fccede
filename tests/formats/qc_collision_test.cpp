// The $collisionmodel / $collisionjoints block and $collisiontext, on hand-written QCs held in
// memory: every option recorded as typed data with its line, and each mistake reported with its
// code at its line and column.
#include "formats/qc/qc_collision.h"
#include "formats/qc/qc_project.h"
#include "testing/diagnostic_text.h"
#include "testing/test_support.h"

#include <gtest/gtest.h>

namespace vtxc {
namespace {

class QcCollisionTest : public ::testing::Test {
  protected:
    QcCollisionTest() {
        for (const char* name : {"proj/ref.smd", "proj/phys.smd"})
            files.addFile(name, "version 1\n");
    }

    std::optional<QcProject> read(const std::string& qc) {
        files.addFile("proj/model.qc", qc);
        return readQcProject("proj/model.qc", files, sink);
    }

    // A $collisionjoints block whose first option line is line 4.
    std::optional<QcProject> readJoints(const std::string& options) {
        return read(kHead + "$collisionjoints \"phys.smd\" {\n" + options + "}\n");
    }

    void expectAt(const std::string& code, std::uint32_t line, std::uint32_t column = 0) {
        const Diagnostic* found = sink.find(code);
        ASSERT_NE(found, nullptr) << "no " << code << "; got:\n" << all();
        EXPECT_EQ(found->location.file, "proj/model.qc");
        EXPECT_EQ(found->location.line, line) << formatDiagnostic(*found);
        if (column) {
            EXPECT_EQ(found->location.column, column) << formatDiagnostic(*found);
        }
    }

    std::size_t count(const std::string& code) const { return test::countCode(sink, code); }
    std::string all() const { return test::diagnosticsText(sink); }

    static inline const std::string kHead = "$modelname \"props/box.mdl\"\n$body b ref\n";

    MemoryFileSystem files;
    CollectingSink sink;
};

TEST_F(QcCollisionTest, EveryOptionOfAJointedModelIsRecordedWithItsLine) {
    auto project = readJoints("$mass 20\n"                                          // 4
                              "$inertia 10\n"                                       // 5
                              "$damping 0.05\n"                                     // 6
                              "$rotdamping 0.01\n"                                  // 7
                              "$drag 0.5\n"                                         // 8
                              "$rootbone \"valvebiped.bip01_pelvis\"\n"             // 9
                              "$animatedfriction 100 500 0.1 0.2 1.0\n"             // 10
                              "$jointrotdamping \"valvebiped.bip01_pelvis\" 3.00\n" // 11
                              "$jointmerge \"pelvis\" \"bip01\"\n"                  // 12
                              "$jointskip \"tail\"\n"                               // 13
                              "$jointconstrain \"spine\" x limit -10 10 0.2\n"      // 14
                              "$jointcollide \"l_hand\" \"r_hand\"\n"               // 15
                              "$noselfcollisions\n"                                 // 16
                              "$jointsurfaceprop \"head\" \"metal\"\n"              // 17
                              "$jointmassbias \"head\" 2\n"                         // 18
                              "$jointinertia \"head\" 4\n"                          // 19
                              "$jointdamping \"head\" 0.3\n"                        // 20
                              "$concaveperjoint\n");                                // 21
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(sink.diagnostics().size(), 0u) << all();
    ASSERT_TRUE(project->collisionModel);
    const QcCollisionModel& model = *project->collisionModel;
    EXPECT_EQ(model.kind, QcCollisionKind::Joints);
    EXPECT_TRUE(model.smd.found);
    EXPECT_EQ(model.smd.written, "phys.smd");
    EXPECT_EQ(model.definedAt.line, 3u);
    ASSERT_TRUE(model.mass && model.inertia && model.damping && model.rotDamping && model.drag);
    EXPECT_EQ(model.mass->value, 20.0);
    EXPECT_EQ(model.mass->at.line, 4u);
    EXPECT_EQ(model.inertia->value, 10.0);
    EXPECT_EQ(model.damping->value, 0.05);
    EXPECT_EQ(model.rotDamping->value, 0.01);
    EXPECT_EQ(model.drag->value, 0.5);
    EXPECT_EQ(model.drag->at.line, 8u);
    ASSERT_TRUE(model.rootBone);
    EXPECT_EQ(model.rootBone->value, "valvebiped.bip01_pelvis");
    ASSERT_TRUE(model.animatedFriction);
    EXPECT_EQ(model.animatedFriction->minFriction, 100.0);
    EXPECT_EQ(model.animatedFriction->maxFriction, 500.0);
    EXPECT_EQ(model.animatedFriction->timeIn, 0.1);
    EXPECT_EQ(model.animatedFriction->timeOut, 0.2);
    EXPECT_EQ(model.animatedFriction->timeHold, 1.0);
    EXPECT_EQ(model.animatedFriction->definedAt.line, 10u);
    ASSERT_EQ(model.jointRotDampings.size(), 1u);
    EXPECT_EQ(model.jointRotDampings[0].bone, "valvebiped.bip01_pelvis");
    EXPECT_EQ(model.jointRotDampings[0].value, 3.0);
    ASSERT_EQ(model.jointMerges.size(), 1u);
    EXPECT_EQ(model.jointMerges[0].first, "pelvis");
    EXPECT_EQ(model.jointMerges[0].second, "bip01");
    EXPECT_EQ(model.jointMerges[0].definedAt.line, 12u);
    ASSERT_EQ(model.jointSkips.size(), 1u);
    EXPECT_EQ(model.jointSkips[0].value, "tail");
    ASSERT_EQ(model.jointConstraints.size(), 1u);
    const QcJointConstraint& spine = model.jointConstraints[0];
    EXPECT_EQ(spine.bone, "spine");
    EXPECT_EQ(spine.axis, QcJointAxis::X);
    EXPECT_EQ(spine.type, QcJointLimitType::Limit);
    EXPECT_EQ(spine.min, -10.0);
    EXPECT_EQ(spine.max, 10.0);
    EXPECT_EQ(spine.friction, 0.2);
    EXPECT_EQ(spine.definedAt.line, 14u);
    ASSERT_EQ(model.jointCollides.size(), 1u);
    EXPECT_EQ(model.jointCollides[0].second, "r_hand");
    ASSERT_TRUE(model.noSelfCollisions);
    EXPECT_EQ(model.noSelfCollisions->line, 16u);
    ASSERT_EQ(model.jointSurfaceProps.size(), 1u);
    EXPECT_EQ(model.jointSurfaceProps[0].surfaceProp, "metal");
    EXPECT_EQ(QcCollisionModel::valueFor(model.jointMassBiases, "HEAD"), 2.0);
    EXPECT_EQ(QcCollisionModel::valueFor(model.jointInertias, "head"), 4.0);
    EXPECT_EQ(QcCollisionModel::valueFor(model.jointDampings, "head"), 0.3);
    EXPECT_EQ(QcCollisionModel::valueFor(model.jointDampings, "neck"), std::nullopt);
    ASSERT_TRUE(model.concavePerJoint);
    EXPECT_EQ(model.concavePerJoint->line, 21u);
    EXPECT_FALSE(model.concave || model.automass || model.remove2d || model.assumeWorldSpace);
}

TEST_F(QcCollisionTest, EveryOptionOfAPropIsRecorded) {
    auto project = read(kHead + "$collisionmodel \"phys\" {\n" // 3
                                "  $automass\n"                // 4
                                "  $masscenter 1 -2.5 3\n"     // 5
                                "  $assumeworldspace\n"        // 6
                                "  $remove2d\n"                // 7
                                "  $concave\n"                 // 8
                                "  $maxconvexpieces 40\n"      // 9
                                "  $weldposition 0.25\n"       // 10
                                "  $weldnormal 0.999\n"        // 11
                                "  $rootbone \" \"\n"          // 12
                                "}\n");
    ASSERT_TRUE(project) << all();
    ASSERT_TRUE(project->collisionModel);
    const QcCollisionModel& model = *project->collisionModel;
    EXPECT_EQ(model.kind, QcCollisionKind::Model);
    EXPECT_EQ(model.smd.path.filename(), "phys.smd");
    ASSERT_TRUE(model.automass && model.assumeWorldSpace && model.remove2d && model.concave);
    EXPECT_EQ(model.automass->line, 4u);
    EXPECT_EQ(model.automass->column, 3u);
    EXPECT_EQ(model.concave->line, 8u);
    ASSERT_TRUE(model.massCenter);
    EXPECT_EQ(model.massCenter->value, (std::array<double, 3>{1.0, -2.5, 3.0}));
    ASSERT_TRUE(model.maxConvexPieces && model.weldPosition && model.weldNormal);
    EXPECT_EQ(model.maxConvexPieces->value, 40);
    EXPECT_EQ(model.maxConvexPieces->at.line, 9u);
    EXPECT_EQ(model.weldPosition->value, 0.25);
    EXPECT_EQ(model.weldNormal->value, 0.999);
    ASSERT_TRUE(model.rootBone);
    EXPECT_EQ(model.rootBone->value, " ");
    EXPECT_FALSE(model.mass);
    EXPECT_EQ(count("QC062"), 0u); // $automass: the compile computes the mass
    EXPECT_EQ(sink.warningCount(), 0u) << all();
}

TEST_F(QcCollisionTest, CommandsOptionsAndKeywordsIgnoreCase) {
    auto project = read(kHead + "$CollisionJoints \"phys\" {\n $MASS 3\n"
                                " $JointConstrain Spine Y LIMIT -5 5\n $NoSelfCollisions\n}\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(sink.diagnostics().size(), 0u) << all();
    const QcCollisionModel& model = *project->collisionModel;
    EXPECT_EQ(model.kind, QcCollisionKind::Joints);
    EXPECT_EQ(model.mass->value, 3.0);
    ASSERT_EQ(model.jointConstraints.size(), 1u);
    EXPECT_EQ(model.jointConstraints[0].axis, QcJointAxis::Y);
    EXPECT_EQ(model.jointConstraints[0].type, QcJointLimitType::Limit);
    EXPECT_EQ(model.jointConstraints[0].friction, 0.0); // not written
    EXPECT_TRUE(model.noSelfCollisions);
}

TEST_F(QcCollisionTest, FreeAndFixedSetTheirRangeAndTheLastLineCounts) {
    auto project = readJoints("$jointconstrain a x free\n"             // 4
                              "$jointconstrain a y fixed 10 20 0.5\n"  // 5
                              "$jointconstrain a z free -10 10 0.75\n" // 6
                              "$jointconstrain a x limit 0 45 1\n"     // 7: replaces line 4
                              "$jointconstrain A x limit -30 -20\n");  // 8: and this line 7
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(sink.diagnostics().size(), 0u) << all();
    const QcCollisionModel& model = *project->collisionModel;
    ASSERT_EQ(model.jointConstraints.size(), 5u);
    EXPECT_EQ(model.jointConstraints[0].min, -360.0);
    EXPECT_EQ(model.jointConstraints[0].max, 360.0);
    const QcJointConstraint* y = model.constraintFor("a", QcJointAxis::Y);
    ASSERT_NE(y, nullptr);
    EXPECT_EQ(y->type, QcJointLimitType::Fixed);
    EXPECT_EQ(y->min, 0.0);
    EXPECT_EQ(y->max, 0.0);
    EXPECT_EQ(y->friction, 0.0); // fixed locks the friction at 0 whatever is written
    const QcJointConstraint* z = model.constraintFor("a", QcJointAxis::Z);
    ASSERT_NE(z, nullptr);
    EXPECT_EQ(z->min, -360.0); // free ignores the range written
    EXPECT_EQ(z->friction, 0.75);
    const QcJointConstraint* x = model.constraintFor("a", QcJointAxis::X);
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->definedAt.line, 8u);
    EXPECT_EQ(x->min, -30.0);
    EXPECT_EQ(model.constraintFor("b", QcJointAxis::X), nullptr);
}

TEST_F(QcCollisionTest, JointSurfacePropAppliesToTheBoneAndItsChildren) {
    auto project = read(kHead + "$collisionjoints phys {\n $jointsurfaceprop Arm metal\n"
                                " $jointsurfaceprop hand flesh\n $jointsurfaceprop arm wood\n}\n"
                                "$surfaceprop \"rubber\"\n");
    ASSERT_TRUE(project) << all();
    const QcCollisionModel& model = *project->collisionModel;
    const std::string& modelProp = project->mdl.surfaceProp;
    EXPECT_EQ(modelProp, "rubber"); // written after the block: its place does not matter
    const std::vector<std::string> finger = {"finger", "hand", "arm", "root"};
    const std::vector<std::string> forearm = {"forearm", "ARM", "root"};
    const std::vector<std::string> leg = {"leg", "root"};
    EXPECT_EQ(model.surfacePropFor(finger, modelProp), "flesh");
    EXPECT_EQ(model.surfacePropFor(forearm, modelProp), "wood"); // the later line for arm
    EXPECT_EQ(model.surfacePropFor(leg, modelProp), "rubber");
}

TEST_F(QcCollisionTest, MistakesAreErrorsAtTheOffendingToken) {
    struct Case {
        std::string options; // one line, line 4
        std::string code;
        std::uint32_t column;
    };
    const Case cases[] = {
        {"$mass -1\n", "QC067", 7},
        {"$mass heavy\n", "QC031", 7},
        {"$mass 1e39\n", "QC031", 7},
        {"$mass\n", "QC030", 1},
        {"$damping -0.5\n", "QC067", 10},
        {"$maxconvexpieces 0\n", "QC067", 18},
        {"$maxconvexpieces 2.5\n", "QC067", 18},
        {"$weldnormal 2\n", "QC067", 13},
        {"$masscenter 1 2 z\n", "QC031", 17},
        {"$jointconstrain b w limit 0 0\n", "QC066", 19},
        {"$jointconstrain b x loose\n", "QC066", 21},
        {"$jointconstrain b x limit 10 -10\n", "QC067", 30},
        {"$jointconstrain b x limit -400 0\n", "QC067", 27},
        {"$jointconstrain b x limit 0 10 -1\n", "QC067", 32},
        {"$jointconstrain b x limit 5\n", "QC030", 1},
        {"$jointconstrain b\n", "QC030", 1},
        {"$animatedfriction 1 2 3\n", "QC030", 1},
        {"$jointmassbias head\n", "QC030", 1},
        {"$jointmerge a\n", "QC030", 1},
        {"$jointsurfaceprop a\n", "QC030", 1},
        {"$rootbone\n", "QC030", 1},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.options);
        sink = CollectingSink();
        auto project = readJoints(c.options);
        EXPECT_FALSE(project);
        expectAt(c.code, 4, c.column);
        EXPECT_EQ(sink.errorCount(), 1u) << all();
    }
}

TEST_F(QcCollisionTest, AMissingArgumentDoesNotSwallowTheNextOption) {
    auto project = readJoints("$mass\n$inertia 3\n");
    EXPECT_FALSE(project);
    expectAt("QC030", 4, 1);
    EXPECT_EQ(count("QC031"), 0u) << all(); // $inertia was not read as the mass
}

TEST_F(QcCollisionTest, UnknownOptionsAreNamedAndSkippedWithTheirArguments) {
    auto project = readJoints("$mass 5\n\t$wobble 1 2 { x }\n$inertia 2\n");
    ASSERT_TRUE(project) << all();
    expectAt("QC068", 5, 2);
    EXPECT_NE(sink.find("QC068")->message.find("'$wobble'"), std::string::npos);
    EXPECT_EQ(sink.diagnostics().size(), 1u) << all();
    EXPECT_EQ(project->collisionModel->inertia->value, 2.0);
}

TEST_F(QcCollisionTest, JointOptionsInAPropAreWarnedAboutButKept) {
    auto project = read(kHead + "$collisionmodel phys {\n $mass 2\n $jointskip tail\n"
                                " $rootbone \" \"\n $concave\n}\n");
    ASSERT_TRUE(project) << all();
    expectAt("QC069", 5, 2);
    EXPECT_EQ(count("QC069"), 1u); // $rootbone and $concave are prop options too
    EXPECT_EQ(project->collisionModel->jointSkips.size(), 1u);
}

TEST_F(QcCollisionTest, TextAfterAnOptionsArgumentsIsIgnoredWithAWarning) {
    auto project = readJoints("stray words\n$mass 5 kg\n$inertia 1\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(count("QC039"), 2u) << all();
    expectAt("QC039", 4, 1); // before any option
    EXPECT_EQ(sink.diagnostics().back().location.line, 5u);
    EXPECT_EQ(sink.diagnostics().back().location.column, 9u); // after $mass's argument
    EXPECT_EQ(project->collisionModel->mass->value, 5.0);
    EXPECT_EQ(project->collisionModel->inertia->value, 1.0);
}

TEST_F(QcCollisionTest, ASecondCollisionCommandReplacesTheFirst) {
    auto project = read(kHead + "$collisionmodel phys { $mass 1 }\n"
                                "$collisionjoints phys { $mass 7 }\n");
    ASSERT_TRUE(project) << all();
    expectAt("QC070", 4, 1);
    EXPECT_NE(sink.find("QC070")->message.find("model.qc:3"), std::string::npos);
    EXPECT_EQ(project->collisionModel->kind, QcCollisionKind::Joints);
    EXPECT_EQ(project->collisionModel->mass->value, 7.0);
}

TEST_F(QcCollisionTest, CollisionTextIsKeptInThePhyLayout) {
    auto project = read(kHead + "$collisiontext\n{\n"
                                "\tanimatedfriction \n\t{\n"
                                "\t\t\"animfrictionmin\" \"1.000000\" // a comment\n"
                                "\t\t\"animfrictionmax\" \"1000.000000\"\n"
                                "\t}\n"
                                "\tbreak { \"model\" \"gib1\" \"health\" \"5\" }\n"
                                "}\n"
                                "$CollisionText { editparams { \"totalmass\" \"5\" } }\n");
    ASSERT_TRUE(project) << all();
    EXPECT_EQ(sink.diagnostics().size(), 0u) << all();
    EXPECT_EQ(project->collisionText, "animatedfriction {\n"
                                      "\"animfrictionmin\" \"1.000000\"\n"
                                      "\"animfrictionmax\" \"1000.000000\"\n"
                                      "}\n"
                                      "break {\n"
                                      "\"model\" \"gib1\" \"health\" \"5\"\n"
                                      "}\n"
                                      "editparams {\n"
                                      "\"totalmass\" \"5\"\n"
                                      "}\n");
    ASSERT_EQ(project->collisionTextAt.size(), 2u);
    EXPECT_EQ(project->collisionTextAt[1].line, 12u);
    EXPECT_TRUE(project->unusedCommands.empty());
}

TEST_F(QcCollisionTest, CollisionTextWithoutABlockIsAnError) {
    auto project = read(kHead + "$collisiontext \"break\"\n");
    EXPECT_FALSE(project);
    expectAt("QC030", 3, 1);
}

TEST_F(QcCollisionTest, NoCollisionCommandMeansNoPhysicsModel) {
    auto project = read(kHead);
    ASSERT_TRUE(project) << all();
    EXPECT_FALSE(project->collisionModel);
    EXPECT_TRUE(project->collisionText.empty());
}

} // namespace
} // namespace vtxc
