// Tests of the .phy against its .mdl (tools/model_physics_check.h) on synthetic files: a jointed
// model made like Valve's labturret_npc (a bone without a solid between two with one) and a prop;
// each finding with its code and the file it is located in.
#include "formats/phy/phy_family.h"
#include "testing/test_support.h"
#include "tools/model_physics_check.h"
#include "tools/tools_codes.h"

#include <array>

namespace vtxc {
namespace {

namespace fs = std::filesystem;
using Face = std::array<std::uint16_t, 3>;

const std::string kMdl = "models/turret.mdl";
const std::string kPhy = "models/turret.phy";

// A tetrahedron's faces, counter-clockwise seen from outside, over points first..first+3.
std::vector<Face> tetraFaces(std::uint16_t first) {
    const auto f = [first](int a, int b, int c) {
        return Face{static_cast<std::uint16_t>(first + a), static_cast<std::uint16_t>(first + b),
                    static_cast<std::uint16_t>(first + c)};
    };
    return {f(0, 2, 1), f(0, 1, 3), f(0, 3, 2), f(1, 2, 3)};
}

// A closed ledge: each edge's opposite is the reversed edge of the neighbouring face, counted in
// 4-byte edge slots (docs/formats.md, ".phy").
PhyLedge closedLedge(const std::vector<Face>& faces, std::int32_t clientData) {
    PhyLedge ledge;
    ledge.clientData = clientData;
    for (std::size_t t = 0; t < faces.size(); ++t) {
        PhyTriangle tri;
        tri.triIndex = static_cast<std::uint16_t>(t);
        tri.pierceIndex = static_cast<std::uint16_t>((t + 1) % faces.size());
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint16_t a = faces[t][k], b = faces[t][(k + 1) % 3];
            tri.edges[k].startPointIndex = a;
            for (std::size_t u = 0; u < faces.size(); ++u)
                for (std::size_t j = 0; j < 3; ++j)
                    if (faces[u][j] == b && faces[u][(j + 1) % 3] == a)
                        tri.edges[k].oppositeIndex = static_cast<std::int16_t>(
                            static_cast<int>(4 * u + j) - static_cast<int>(4 * t + k));
        }
        ledge.triangles.push_back(tri);
    }
    ledge.sizeDiv16 = phyCompactLedgeSizeDiv16(ledge);
    return ledge;
}

// One solid of one tetrahedron (side 10 inches) whose piece carries `clientData`.
PhySolid tetraSolid(std::int32_t clientData) {
    PhySolid solid;
    for (const Vec3& c : {Vec3{0, 0, 0}, Vec3{10, 0, 0}, Vec3{0, 10, 0}, Vec3{0, 0, 10}}) {
        const Vec3 p = sourceUnitsToPhy(c);
        solid.surface.points.push_back({p.x, p.y, p.z, 0});
    }
    solid.surface.ledges.push_back(closedLedge(tetraFaces(0), clientData));
    PhyTreeNode leaf;
    leaf.ledge = 0;
    solid.surface.nodes.push_back(leaf);
    return solid;
}

MdlBone bone(std::string name, std::int32_t parent, std::int32_t physicsbone) {
    MdlBone b;
    b.name = std::move(name);
    b.parent = parent;
    b.physicsbone = physicsbone;
    return b;
}

// Bones base -> arm -> elbow -> hand -> tip; solids on base (0), arm (1) and hand (2), so elbow
// moves with the arm's solid and tip with the hand's, as studiomdl writes physicsbone.
MdlFile turretMdl() {
    MdlFile mdl;
    mdl.checksum = 1234;
    mdl.mass = 6.0f;
    mdl.bones = {bone("Turret.Base", -1, 0), bone("Turret.Arm", 0, 1), bone("Turret.Elbow", 1, 1),
                 bone("Turret.Hand", 2, 2), bone("Turret.Tip", 3, 2)};
    return mdl;
}

PhyFile turretPhy() {
    PhyFile phy;
    phy.checkSum = 1234;
    const std::array<std::pair<const char*, std::int32_t>, 3> solids = {
        {{"Turret.Base", 0}, {"Turret.Arm", 1}, {"Turret.Hand", 3}}};
    for (std::size_t s = 0; s < solids.size(); ++s) {
        phy.solids.push_back(tetraSolid(solids[s].second + 1));
        PhySolidParams params;
        params.index = static_cast<std::int32_t>(s);
        params.name = solids[s].first;
        if (s > 0) params.parent = solids[s - 1].first;
        params.mass = 2.0f;
        phy.text.blocks.push_back(makeSolidBlock(params));
    }
    for (std::int32_t child = 1; child < 3; ++child)
        phy.text.blocks.push_back(makeRagdollConstraintBlock({child - 1, child, {}, {}, {}}));
    phy.text.blocks.push_back(makeEditParamsBlock({" ", 6.0f, false, {}}));
    return phy;
}

std::vector<std::string> codesOf(const std::vector<Diagnostic>& findings) {
    std::vector<std::string> codes;
    for (const Diagnostic& f : findings)
        codes.push_back(f.code);
    return codes;
}

// The one finding (a copy: callers pass a temporary), or an empty one after a failure.
Diagnostic only(const std::vector<Diagnostic>& findings) {
    EXPECT_EQ(findings.size(), 1u) << ::testing::PrintToString(codesOf(findings));
    return findings.empty() ? Diagnostic{} : findings.front();
}

TEST(ModelPhysicsCheck, AJointedModelAsStudiomdlWritesItHasNoFinding) {
    const MdlFile mdl = turretMdl();
    const PhyFile phy = turretPhy();
    EXPECT_TRUE(isJointedPhy(phy));
    EXPECT_TRUE(checkModelPhysics(&mdl, kMdl, phy, kPhy).empty());
}

TEST(ModelPhysicsCheck, ASolidNamedAfterNoBoneIsAnErrorInThePhy) {
    const MdlFile mdl = turretMdl();
    PhyFile phy = turretPhy();
    for (PhyKeyValue& pair : phy.text.blocks[0].pairs)
        if (pair.key == "name") pair.value = "Turret.Gone";
    const auto findings = checkModelPhysics(&mdl, kMdl, phy, kPhy);
    ASSERT_FALSE(findings.empty());
    EXPECT_EQ(findings[0].code, "PHYCHK002");
    EXPECT_EQ(findings[0].severity, Severity::Error);
    EXPECT_EQ(findings[0].location.file, kPhy);
    EXPECT_NE(findings[0].message.find("solid 0 \"Turret.Gone\" names no bone of " + kMdl),
              std::string::npos)
        << findings[0].message;
}

TEST(ModelPhysicsCheck, BoneNamesMatchIgnoringCase) {
    const MdlFile mdl = turretMdl();
    PhyFile phy = turretPhy();
    for (PhyKeyValue& pair : phy.text.blocks[1].pairs)
        if (pair.key == "name") pair.value = "turret.arm";
    EXPECT_TRUE(checkModelPhysics(&mdl, kMdl, phy, kPhy).empty());
    EXPECT_EQ(findMdlBone(mdl, "TURRET.TIP"), std::optional<std::size_t>(4));
    EXPECT_EQ(findMdlBone(mdl, "Turret.Tipx"), std::nullopt);
}

TEST(ModelPhysicsCheck, APhysicsboneOtherThanTheSolidItMovesWithIsAnErrorInTheMdl) {
    MdlFile mdl = turretMdl();
    mdl.bones[2].physicsbone = 2; // the elbow has no solid: it moves with the arm's (1)
    const Diagnostic finding = only(checkModelPhysics(&mdl, kMdl, turretPhy(), kPhy));
    EXPECT_EQ(finding.code, "PHYCHK003");
    EXPECT_EQ(finding.location.file, kMdl);
    EXPECT_NE(finding.message.find("bone 2 \"Turret.Elbow\" has physicsbone 2 but it moves with "
                                   "solid 1 \"Turret.Arm\" of its ancestor bone 1 \"Turret.Arm\""),
              std::string::npos)
        << finding.message;
    EXPECT_NE(finding.message.find("should be 1"), std::string::npos);

    mdl = turretMdl();
    mdl.bones[3].physicsbone = 1; // the hand has its own solid, 2
    const Diagnostic own = only(checkModelPhysics(&mdl, kMdl, turretPhy(), kPhy));
    EXPECT_EQ(own.code, "PHYCHK003");
    EXPECT_NE(own.message.find("it is solid 2 \"Turret.Hand\"'s bone"), std::string::npos)
        << own.message;
}

TEST(ModelPhysicsCheck, AMassOtherThanTheTotalmassIsAnErrorInTheMdl) {
    MdlFile mdl = turretMdl();
    mdl.mass = 6.0005f; // within 0.001
    EXPECT_TRUE(checkModelPhysics(&mdl, kMdl, turretPhy(), kPhy).empty());
    mdl.mass = 7.0f;
    const Diagnostic finding = only(checkModelPhysics(&mdl, kMdl, turretPhy(), kPhy));
    EXPECT_EQ(finding.code, "PHYCHK004");
    EXPECT_EQ(finding.location.file, kMdl);
    EXPECT_NE(finding.message.find("mass 7 differs from the totalmass 6 of " + kPhy),
              std::string::npos)
        << finding.message;
}

TEST(ModelPhysicsCheck, ClientDataNamingAnotherBoneIsAnErrorInThePhy) {
    const MdlFile mdl = turretMdl();
    PhyFile phy = turretPhy();
    phy.solids[2].surface.ledges[0].clientData = 3; // bone 2 + 1; the solid is the hand, bone 3
    const Diagnostic finding = only(checkModelPhysics(&mdl, kMdl, phy, kPhy));
    EXPECT_EQ(finding.code, "PHYCHK005");
    EXPECT_EQ(finding.location.file, kPhy);
    EXPECT_NE(finding.message.find("solid 2 \"Turret.Hand\" ledge 0 has client data 3"),
              std::string::npos)
        << finding.message;
}

TEST(ModelPhysicsCheck, AnotherCompilesChecksumIsOnlyAWarningAndSkipsTheMdlFields) {
    // As Valve's combine_super_soldier_choreo: the .mdl holds studiomdl's defaults.
    MdlFile mdl = turretMdl();
    mdl.checksum = 99;
    mdl.mass = 1.0f;
    for (MdlBone& b : mdl.bones)
        b.physicsbone = 0;
    const Diagnostic finding = only(checkModelPhysics(&mdl, kMdl, turretPhy(), kPhy));
    EXPECT_EQ(finding.code, "PHYCHK001");
    EXPECT_EQ(finding.severity, Severity::Warning);
    EXPECT_EQ(finding.location.file, kPhy);
    EXPECT_NE(finding.message.find("checkSum 1234 differs from 99 in " + kMdl), std::string::npos)
        << finding.message;
}

TEST(ModelPhysicsCheck, ASolidWithoutATextBlockIsNamed) {
    const MdlFile mdl = turretMdl();
    PhyFile phy = turretPhy();
    phy.text.blocks.erase(phy.text.blocks.begin() + 1); // solid 1's block
    const auto findings = checkModelPhysics(&mdl, kMdl, phy, kPhy);
    ASSERT_FALSE(findings.empty());
    EXPECT_EQ(findings[0].code, "PHYCHK006");
    EXPECT_EQ(findings[0].location.file, kPhy);
    EXPECT_NE(findings[0].message.find("solid 1 of 3 has no \"solid\" block"), std::string::npos)
        << findings[0].message;
}

TEST(ModelPhysicsCheck, AnOpenHullIsReportedByTheStructuralCheck) {
    PhyFile phy = turretPhy();
    phy.solids[1].surface.ledges[0].triangles[0].edges[0].oppositeIndex = 0;
    const MdlFile mdl = turretMdl();
    for (const MdlFile* withMdl : {&mdl, static_cast<const MdlFile*>(nullptr)}) {
        const auto findings = checkModelPhysics(withMdl, kMdl, phy, kPhy);
        ASSERT_FALSE(findings.empty());
        EXPECT_EQ(findings[0].code, "PHY101");
        EXPECT_EQ(findings[0].location.file, kPhy);
        EXPECT_NE(findings[0].message.find("solid 1 ledge 0"), std::string::npos)
            << findings[0].message;
    }
}

TEST(ModelPhysicsCheck, APropNeedsNoBoneNamesButEveryPhysicsboneZero) {
    MdlFile mdl = turretMdl();
    for (MdlBone& b : mdl.bones)
        b.physicsbone = 0;
    PhyFile phy;
    phy.checkSum = mdl.checksum;
    phy.solids.push_back(tetraSolid(0));
    PhySolidParams params;
    params.name = "turret_physics.smd";
    phy.text.blocks.push_back(makeSolidBlock(params));
    phy.text.blocks.push_back(makeEditParamsBlock({"", 6.0f, true, {}}));
    EXPECT_FALSE(isJointedPhy(phy));
    EXPECT_TRUE(checkModelPhysics(&mdl, kMdl, phy, kPhy).empty());

    mdl.bones[4].physicsbone = 1;
    const Diagnostic finding = only(checkModelPhysics(&mdl, kMdl, phy, kPhy));
    EXPECT_EQ(finding.code, "PHYCHK003");
    EXPECT_NE(finding.message.find("bone 4 \"Turret.Tip\" has physicsbone 1 but no solid belongs "
                                   "to it or an ancestor"),
              std::string::npos)
        << finding.message;
}

TEST(ModelPhysicsCheck, AOneSolidModelWhosePieceNamesABoneIsJointed) {
    // As Valve's bunker_gun01: $collisionjoints with one bone, client data = bone index + 1.
    PhyFile phy;
    phy.solids.push_back(tetraSolid(5));
    EXPECT_TRUE(isJointedPhy(phy));
}

TEST(ModelPhysicsCheck, FindsThePhyBesideTheModelIgnoringCase) {
    test::TempDir dir;
    test::writeText(dir / "turret.mdl", "");
    EXPECT_EQ(findModelPhy(dir / "turret"), fs::path());
    test::writeText(dir / "Turret.PHY", "");
    EXPECT_EQ(findModelPhy(dir / "turret"), dir / "Turret.PHY");
    EXPECT_EQ(findModelPhy(dir / "turret.mdl"), dir / "Turret.PHY");
}

TEST(ModelPhysicsCheck, LoadingADamagedPhyReportsThePhyCode) {
    test::TempDir dir;
    const auto bytes = writePhy(turretPhy());
    test::writeText(dir / "turret.phy", // cut inside the first solid
                    std::string(reinterpret_cast<const char*>(bytes.data()), 100));
    CollectingSink sink;
    EXPECT_FALSE(loadPhyFile(dir / "turret.phy", sink));
    ASSERT_TRUE(sink.hasErrors());
    EXPECT_EQ(sink.diagnostics()[0].code.substr(0, 3), "PHY");
    EXPECT_EQ(sink.diagnostics()[0].location.file, (dir / "turret.phy").string());

    CollectingSink sound;
    test::writeText(dir / "turret.phy",
                    std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    const auto phy = loadPhyFile(dir / "turret.phy", sound);
    ASSERT_TRUE(phy) << ::testing::PrintToString(codesOf(sound.diagnostics()));
    EXPECT_EQ(*phy, turretPhy());
}

} // namespace
} // namespace vtxc
