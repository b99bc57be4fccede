// The physics commands of the corpus QCs against the .phy files Valve's studiomdl made from them:
// the QC's $mass, $inertia, $damping, $rotdamping, $rootbone, $concave and $jointconstrain agree
// with the .phy's text section (read with the KeyValues reader), and $collisiontext is kept in
// the .phy's own layout.
#include "formats/keyvalues/keyvalues_reader.h"
#include "formats/qc/qc_project.h"
#include "testing/test_support.h"

#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

std::string all(const CollectingSink& sink) {
    std::string out;
    for (const Diagnostic& d : sink.diagnostics())
        out += formatDiagnostic(d) + "\n";
    return out;
}

// The text section of a .phy (docs: the PHY spec): after the 16-byte header and each solid's
// int32 size and bytes, up to the terminating NUL.
std::string phyText(const fs::path& phy) {
    const std::string bytes = test::readText(phy);
    const auto int32At = [&](std::size_t at) {
        std::int32_t value = 0;
        if (at + 4 <= bytes.size()) std::memcpy(&value, bytes.data() + at, 4);
        return value;
    };
    std::size_t at = static_cast<std::size_t>(int32At(0));
    const std::int32_t solids = int32At(8);
    for (std::int32_t i = 0; i < solids && at < bytes.size(); ++i)
        at += 4 + static_cast<std::size_t>(int32At(at));
    EXPECT_LT(at, bytes.size()) << phy;
    std::string text = at < bytes.size() ? bytes.substr(at) : "";
    return text.substr(0, text.find('\0'));
}

double numberOf(const KeyValuesEntry& block, const std::string& key) {
    const KeyValuesEntry* entry = block.find(key);
    EXPECT_NE(entry, nullptr) << key;
    return entry ? std::stod(entry->value) : 0.0;
}

struct PhysicsCase {
    std::string qc;
    std::string phy;
};

class QcCollisionCorpusTest : public ::testing::TestWithParam<PhysicsCase> {};

TEST_P(QcCollisionCorpusTest, TheQcOptionsAreWhatThePhyHolds) {
    VTXC_REQUIRE_CORPUS();
    const fs::path qc = test::corpusDir() / GetParam().qc;
    CollectingSink sink;
    const auto project = readQcProject(qc, sink);
    ASSERT_TRUE(project) << all(sink);
    for (const char* code : {"QC066", "QC067", "QC068", "QC069", "QC070"})
        EXPECT_EQ(sink.find(code), nullptr) << all(sink);
    ASSERT_TRUE(project->collisionModel);
    const QcCollisionModel& model = *project->collisionModel;
    EXPECT_TRUE(model.smd.found) << model.smd.written;

    CollectingSink phySink;
    const auto text =
        parseKeyValues(phyText(test::corpusDir() / GetParam().phy), GetParam().phy, phySink);
    ASSERT_TRUE(text) << all(phySink);
    std::vector<const KeyValuesEntry*> solids, constraints;
    const KeyValuesEntry* editParams = nullptr;
    for (const KeyValuesEntry& block : text->entries) {
        if (block.key == "solid") solids.push_back(&block);
        if (block.key == "ragdollconstraint") constraints.push_back(&block);
        if (block.key == "editparams") editParams = &block;
    }
    ASSERT_FALSE(solids.empty());
    ASSERT_NE(editParams, nullptr);
    EXPECT_EQ(editParams->find("concave") != nullptr, model.concave.has_value());
    EXPECT_EQ(editParams->find("rootname")->value, model.rootBone ? model.rootBone->value : "");
    if (model.mass) {
        EXPECT_FLOAT_EQ(static_cast<float>(numberOf(*editParams, "totalmass")),
                        static_cast<float>(model.mass->value));
    }
    for (const KeyValuesEntry* solid : solids) {
        if (model.inertia) {
            EXPECT_EQ(numberOf(*solid, "inertia"), model.inertia->value);
        }
        if (model.damping) {
            EXPECT_EQ(numberOf(*solid, "damping"), model.damping->value);
        }
        if (model.rotDamping) {
            EXPECT_EQ(numberOf(*solid, "rotdamping"), model.rotDamping->value);
        }
    }
    // Each joint's limits: the QC's constraint of the child bone, or 0..0 for an axis not named.
    for (const KeyValuesEntry* constraint : constraints) {
        const auto child = static_cast<std::size_t>(numberOf(*constraint, "child"));
        ASSERT_LT(child, solids.size());
        const std::string bone = solids[child]->find("name")->value;
        const std::pair<QcJointAxis, const char*> axes[] = {
            {QcJointAxis::X, "x"}, {QcJointAxis::Y, "y"}, {QcJointAxis::Z, "z"}};
        for (const auto& [axis, name] : axes) {
            const QcJointConstraint* written = model.constraintFor(bone, axis);
            const std::string prefix = name;
            EXPECT_EQ(numberOf(*constraint, prefix + "min"), written ? written->min : 0.0);
            EXPECT_EQ(numberOf(*constraint, prefix + "max"), written ? written->max : 0.0);
            EXPECT_EQ(numberOf(*constraint, prefix + "friction"),
                      written ? written->friction / 5.0 : 0.0);
        }
    }
    // A prop has one solid and no joints; a jointed model one constraint per solid but the root.
    if (model.kind == QcCollisionKind::Model) {
        EXPECT_EQ(solids.size(), 1u);
        EXPECT_TRUE(constraints.empty());
    } else {
        EXPECT_EQ(constraints.size(), solids.size() - 1);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, QcCollisionCorpusTest,
    ::testing::Values(PhysicsCase{"w_grenade/w_grenade.qc", "w_grenade/w_grenade.phy"},
                      PhysicsCase{"bunker_gun01/bunker_gun01.qc", "bunker_gun01/bunker_gun01.phy"},
                      PhysicsCase{"chamberdoor_frame/chamberdoor_frame.qc",
                                  "chamberdoor_frame/chamberdoor_frame.phy"},
                      PhysicsCase{"projects/modelsrc/weapons/w_357.qc",
                                  "projects/valve/w_357/W_357.phy"},
                      PhysicsCase{"projects/modelsrc/labturret_npc/labturret.qc",
                                  "projects/valve/labturret_npc/LabTurret_npc.phy"}));

TEST(QcCollisionCorpus, LabTurretJointsAreAllLocked) {
    VTXC_REQUIRE_CORPUS();
    CollectingSink sink;
    const auto project =
        readQcProject(test::corpusDir() / "projects/modelsrc/labturret_npc/labturret.qc", sink);
    ASSERT_TRUE(project) << all(sink);
    const QcCollisionModel& model = *project->collisionModel;
    EXPECT_EQ(model.kind, QcCollisionKind::Joints);
    ASSERT_TRUE(model.maxConvexPieces && model.concave); // $concave in $collisionjoints is kept
    EXPECT_EQ(model.maxConvexPieces->value, 1);
    ASSERT_EQ(model.jointConstraints.size(), 12u);
    for (const QcJointConstraint& constraint : model.jointConstraints) {
        EXPECT_EQ(constraint.type, QcJointLimitType::Limit);
        EXPECT_EQ(constraint.min, 0.0);
        EXPECT_EQ(constraint.max, 0.0);
    }
    EXPECT_EQ(model.jointConstraints[3].bone, "LabTurret.turret_Bone2");
    EXPECT_EQ(model.jointConstraints[3].definedAt.line, 138u);
}

TEST(QcCollisionCorpus, CollisionTextIsWhatThePhyCarries) {
    VTXC_REQUIRE_CORPUS();
    const fs::path folder = test::corpusDir() / "combine_super_soldier_choreo";
    CollectingSink sink;
    const auto project = readQcProject(folder / "combine_super_soldier.qc", sink);
    ASSERT_TRUE(project) << all(sink);
    EXPECT_FALSE(project->collisionModel); // the soldier's QC names no physics mesh
    ASSERT_EQ(project->collisionTextAt.size(), 1u);
    EXPECT_EQ(project->collisionTextAt[0].line, 29u);
    ASSERT_TRUE(project->collisionText.starts_with("animatedfriction {\n"))
        << project->collisionText;
    // Decompiled from this .phy, the block comes back as the .phy's own text, byte for byte.
    const std::string phy = phyText(folder / "combine_super_soldier_choreo.phy");
    EXPECT_NE(phy.find(project->collisionText), std::string::npos) << project->collisionText;
}

} // namespace
} // namespace vtxc
