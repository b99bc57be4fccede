// The collision model stage (buildPhysicsModel) on synthetic physics meshes: boxes written as SMD
// text into a temporary folder beside a QC, read back as the compile reads them. Props ($concave,
// $maxconvexpieces, --collision-pieces merge, $remove2d), mass ($mass, $automass, the 1 kg floor
// of ragdoll solids) and jointed models ($jointconstrain, $jointmerge, $jointskip, the solid
// limit), each bad input checked for its code and its QC line.
#include "compiler/compile.h"
#include "compiler/physics/physics_model.h"
#include "compiler/project/qc_import.h"
#include "compiler/skeleton/bone_table.h"
#include "formats/keyvalues/surface_properties.h"
#include "formats/phy/phy.h"
#include "formats/qc/qc_project.h"
#include "formats/smd/smd.h"
#include "testing/diagnostic_text.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <sstream>

namespace vtxc {
namespace {

constexpr double kCubicMetresPerCubicInch = 0.0254 * 0.0254 * 0.0254;

struct Box {
    double min[3];
    double max[3];
    int bone = 0;
};

struct Node {
    std::string name;
    int parent = -1;
    double position[3] = {0, 0, 0}; // relative to the parent, no rotation
};

// One SMD vertex line: rigid on `bone`, with its normal.
void vertexLine(std::ostringstream& out, int bone, const double p[3], const double n[3]) {
    out << bone << ' ' << p[0] << ' ' << p[1] << ' ' << p[2] << ' ' << n[0] << ' ' << n[1] << ' '
        << n[2] << " 0 0 1 " << bone << " 1\n";
}

// A box as 12 triangles whose corners carry the box's smoothed normals (from its centre), so
// the corners of neighbouring faces weld and the box is one $concave island.
void boxTriangles(std::ostringstream& out, const Box& box) {
    double corners[8][3], normals[8][3];
    for (int c = 0; c < 8; ++c) {
        double length = 0;
        for (int a = 0; a < 3; ++a) {
            corners[c][a] = (c >> a) & 1 ? box.max[a] : box.min[a];
            normals[c][a] = (c >> a) & 1 ? 1.0 : -1.0;
            length += normals[c][a] * normals[c][a];
        }
        for (double& v : normals[c])
            v /= std::sqrt(length);
    }
    const int quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                             {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    for (const auto& q : quads) {
        const int tris[2][3] = {{q[0], q[1], q[2]}, {q[0], q[2], q[3]}};
        for (const auto& t : tris) {
            out << "mat\n";
            for (int c : t)
                vertexLine(out, box.bone, corners[c], normals[c]);
        }
    }
}

// A flat square (two triangles, normal +z) of side `size` centred on `centre`.
void flatQuad(std::ostringstream& out, const double centre[3], double size) {
    const double h = size / 2, n[3] = {0, 0, 1};
    double p[4][3];
    for (int c = 0; c < 4; ++c) {
        p[c][0] = centre[0] + ((c & 1) ? h : -h);
        p[c][1] = centre[1] + ((c & 2) ? h : -h);
        p[c][2] = centre[2];
    }
    for (const auto& t : {std::array<int, 3>{0, 1, 3}, std::array<int, 3>{0, 3, 2}}) {
        out << "mat\n";
        for (int c : t)
            vertexLine(out, 0, p[c], n);
    }
}

std::string smdText(const std::vector<Node>& nodes, const std::vector<Box>& boxes,
                    const std::vector<std::array<double, 4>>& flatQuads = {}) {
    std::ostringstream out;
    out << "version 1\nnodes\n";
    for (std::size_t i = 0; i < nodes.size(); ++i)
        out << i << " \"" << nodes[i].name << "\" " << nodes[i].parent << "\n";
    out << "end\nskeleton\ntime 0\n";
    for (std::size_t i = 0; i < nodes.size(); ++i)
        out << i << ' ' << nodes[i].position[0] << ' ' << nodes[i].position[1] << ' '
            << nodes[i].position[2] << " 0 0 0\n";
    out << "end\ntriangles\n";
    for (const Box& box : boxes)
        boxTriangles(out, box);
    for (const auto& q : flatQuads)
        flatQuad(out, q.data(), q[3]);
    out << "end\n";
    return out.str();
}

const std::vector<Node> kRootOnly = {{"root", -1, {0, 0, 0}}};

// A box of size (sx, sy, sz) with its minimum corner at (x, y, z).
Box box(double x, double y, double z, double sx, double sy, double sz, int bone = 0) {
    return {{x, y, z}, {x + sx, y + sy, z + sz}, bone};
}

// Writes the QC and the physics SMD, reads them as the compile does and builds the collision
// model. The collision command is on line 3 of the QC.
class PhysicsModelTest : public ::testing::Test {
  protected:
    std::optional<PhysicsModel> build(const std::string& command, const std::string& block,
                                      const std::string& smd, const std::string& extraHead = "") {
        test::writeText(dir / "phys.smd", smd);
        test::writeText(dir / "m.qc", "$modelname \"test/m.mdl\"\n$body b \"phys.smd\"\n" +
                                          command + " \"phys.smd\" {\n" + block + "}\n" +
                                          extraHead);
        qc = readQcProject(dir / "m.qc", sink);
        if (!qc || !qc->collisionModel) {
            ADD_FAILURE() << "the QC was not read:\n" << all();
            return std::nullopt;
        }
        mesh = readSmdFile(qc->collisionModel->smd.path, sink);
        if (!mesh) {
            ADD_FAILURE() << "the SMD was not read:\n" << all();
            return std::nullopt;
        }
        std::optional<SmdFile> reference;
        if (!referenceSmd.empty()) {
            test::writeText(dir / "reference.smd", referenceSmd);
            reference = readSmdFile(dir / "reference.smd", sink);
        }
        bones = BoneTable::fromReferences({reference ? &*reference : &*mesh}, sink);
        if (!leftOut.empty()) {
            // As the compile leaves out the bones nothing needs (bonesToKeep) before this stage.
            std::vector<bool> keep;
            for (const ModelBone& bone : bones.bones())
                keep.push_back(std::find(leftOut.begin(), leftOut.end(), bone.name) ==
                               leftOut.end());
            bones.collapse(keep);
        }
        return buildPhysicsModel(*qc, *mesh, bones, options, sink);
    }

    std::optional<PhysicsModel> prop(const std::string& block, const std::string& smd,
                                     const std::string& extraHead = "") {
        return build("$collisionmodel", block, smd, extraHead);
    }
    std::optional<PhysicsModel> joints(const std::string& block, const std::string& smd) {
        return build("$collisionjoints", block, smd);
    }

    // The diagnostic of `code`, checked to be located in the QC at `line`.
    const Diagnostic* expectAt(const std::string& code, std::uint32_t line) {
        const Diagnostic* found = sink.find(code);
        if (!found) {
            ADD_FAILURE() << "no " << code << "; got:\n" << all();
            return nullptr;
        }
        EXPECT_EQ(std::filesystem::path(found->location.file), dir / "m.qc")
            << formatDiagnostic(*found);
        EXPECT_EQ(found->location.line, line) << formatDiagnostic(*found);
        return found;
    }

    std::size_t count(const std::string& code) const { return test::countCode(sink, code); }
    std::string all() const { return test::diagnosticsText(sink); }

    test::TempDir dir;
    CollectingSink sink;
    PhysicsBuildOptions options;
    std::string referenceSmd;         // the bones' source when not the physics SMD itself
    std::vector<std::string> leftOut; // bones the model leaves out as unused
    std::optional<QcProject> qc;
    std::optional<SmdFile> mesh;
    BoneTable bones;
};

struct Bounds3 {
    double min[3] = {std::numeric_limits<double>::max(), std::numeric_limits<double>::max(),
                     std::numeric_limits<double>::max()};
    double max[3] = {-std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(),
                     -std::numeric_limits<double>::max()};
};

// The bounds of a solid's point pool in Source units (model space).
Bounds3 boundsOf(const PhySolid& solid) {
    Bounds3 b;
    for (const PhyPoint& p : solid.surface.points) {
        const Vec3 s = phyToSourceUnits({p.x, p.y, p.z});
        const double v[3] = {s.x, s.y, s.z};
        for (int a = 0; a < 3; ++a) {
            b.min[a] = std::min(b.min[a], v[a]);
            b.max[a] = std::max(b.max[a], v[a]);
        }
    }
    return b;
}

const PhyTextBlock* solidBlock(const PhysicsModel& model, std::size_t i) {
    const auto blocks = model.phy.text.blocksOf(PhyBlockKind::Solid);
    return i < blocks.size() ? blocks[i] : nullptr;
}

double totalVolume(const PhysicsModel& model) {
    double v = 0;
    for (const PhysicsSolidFigures& s : model.solids)
        v += s.volume;
    return v;
}

// ---- Props -----------------------------------------------------------------------------------

TEST_F(PhysicsModelTest, APropBoxIsOneSolidWithTheBoxsVolumeAndBoundsTurnedIntoModelSpace) {
    const auto model = prop("$mass 20\n", smdText(kRootOnly, {box(0, 0, 0, 10, 20, 30)}));
    ASSERT_TRUE(model) << all();
    EXPECT_TRUE(sink.errors().empty()) << all();
    ASSERT_EQ(model->phy.solids.size(), 1u);
    ASSERT_EQ(model->solids.size(), 1u);
    EXPECT_EQ(model->solids[0].name, "phys");
    ASSERT_EQ(model->solids[0].pointsPerPiece.size(), 1u);
    EXPECT_EQ(model->solids[0].pointsPerPiece[0], 8u);
    EXPECT_NEAR(model->solids[0].volume, 6000.0, 1e-6);
    EXPECT_FLOAT_EQ(model->solids[0].mass, 20.0f);
    EXPECT_FLOAT_EQ(model->totalMass, 20.0f);
    // Model space is the SMD's turned +90 degrees about Z: (x, y, z) -> (-y, x, z).
    const Bounds3 b = boundsOf(model->phy.solids[0]);
    const double min[3] = {-20, 0, 0}, max[3] = {0, 10, 30};
    for (int a = 0; a < 3; ++a) {
        EXPECT_NEAR(b.min[a], min[a], 1e-3) << "axis " << a;
        EXPECT_NEAR(b.max[a], max[a], 1e-3) << "axis " << a;
    }
    const PhyTextBlock* solid = solidBlock(*model, 0);
    ASSERT_NE(solid, nullptr);
    EXPECT_NEAR(solid->number("volume").value_or(0), 6000.0, 0.01);
    EXPECT_EQ(solid->find("parent"), nullptr);
    EXPECT_TRUE(model->phy.text.blocksOf(PhyBlockKind::RagdollConstraint).empty());
}

// $scale and $origin before the collision mesh place it as they place the render mesh and its
// skeleton (skeleton_placement.h): a prop scaled by 2 collides as a box twice the size, where
// its vertices are, and weighs what its volume says.
TEST_F(PhysicsModelTest, ScaleAndOriginPlaceTheCollisionMeshWithTheModel) {
    test::writeText(dir / "phys.smd", smdText(kRootOnly, {box(0, 0, 0, 10, 20, 30)}));
    test::writeText(dir / "m.qc", "$modelname \"test/m.mdl\"\n$scale 2\n$origin 0 0 -5\n"
                                  "$body b \"phys.smd\"\n$sequence idle \"phys.smd\"\n"
                                  "$collisionmodel \"phys.smd\" { $mass 20 }\n");
    const auto project = readQcModelProject(dir / "m.qc", sink);
    ASSERT_TRUE(project) << all();
    const auto output = compileProject(*project, CompileOptions{}, sink);
    ASSERT_TRUE(output && output->physics) << all();
    const PhysicsModel& model = *output->physics;
    ASSERT_EQ(model.solids.size(), 1u);
    EXPECT_NEAR(model.solids[0].volume, 6000.0 * 8.0, 1e-3);
    // (p + (0, 0, 5)) * 2, then the model's turn (x, y, z) -> (-y, x, z).
    const Bounds3 b = boundsOf(model.phy.solids[0]);
    const double min[3] = {-40, 0, 10}, max[3] = {0, 20, 70};
    for (int a = 0; a < 3; ++a) {
        EXPECT_NEAR(b.min[a], min[a], 1e-3) << "axis " << a;
        EXPECT_NEAR(b.max[a], max[a], 1e-3) << "axis " << a;
    }
}

TEST_F(PhysicsModelTest, ConcaveTwoSeparateBoxesGiveTwoPieces) {
    const auto model =
        prop("$concave\n", smdText(kRootOnly, {box(0, 0, 0, 4, 4, 4), box(20, 0, 0, 2, 3, 5)}));
    ASSERT_TRUE(model) << all();
    ASSERT_EQ(model->solids.size(), 1u);
    ASSERT_EQ(model->solids[0].pointsPerPiece.size(), 2u);
    EXPECT_EQ(model->islandsFound, 2u);
    EXPECT_NEAR(model->solids[0].volume, 64.0 + 30.0, 1e-6);
    const auto edit = model->phy.text.blocksOf(PhyBlockKind::EditParams);
    ASSERT_EQ(edit.size(), 1u);
    ASSERT_NE(edit[0]->find("concave"), nullptr);
    EXPECT_EQ(*edit[0]->find("concave"), "1");
}

TEST_F(PhysicsModelTest, MoreIslandsThanMaxConvexPiecesGiveOneHullAndAWarning) {
    const auto model = prop("$concave\n$maxconvexpieces 2\n",
                            smdText(kRootOnly, {box(0, 0, 0, 2, 2, 2), box(10, 0, 0, 2, 2, 2),
                                                box(20, 0, 0, 2, 2, 2)}));
    ASSERT_TRUE(model) << all();
    ASSERT_EQ(model->solids.size(), 1u);
    EXPECT_EQ(model->solids[0].pointsPerPiece.size(), 1u);
    EXPECT_EQ(model->islandsFound, 3u);
    // One hull around all three boxes: 22 x 2 x 2.
    EXPECT_NEAR(model->solids[0].volume, 88.0, 1e-6);
    const Diagnostic* warning = expectAt("PHYS002", 3);
    ASSERT_NE(warning, nullptr);
    EXPECT_EQ(warning->severity, Severity::Warning);
    EXPECT_NE(warning->message.find("found 3 islands"), std::string::npos) << warning->message;
    EXPECT_NE(warning->message.find("$maxconvexpieces 2"), std::string::npos) << warning->message;
}

// Six boxes in three pairs, each pair close together and the pairs far apart.
std::string sixBoxes() {
    std::vector<Box> boxes;
    for (int pair = 0; pair < 3; ++pair) {
        boxes.push_back(box(pair * 100.0, 0, 0, 4, 4, 4));
        boxes.push_back(box(pair * 100.0 + 5, 0, 0, 4, 4, 4));
    }
    return smdText(kRootOnly, boxes);
}

TEST_F(PhysicsModelTest, MergeStrategyJoinsIslandsIntoTheLimitAndNotesTheAddedVolume) {
    options.pieces = CollisionPieceStrategy::Merge;
    const auto merged = prop("$concave\n$maxconvexpieces 3\n", sixBoxes());
    ASSERT_TRUE(merged) << all();
    ASSERT_EQ(merged->solids.size(), 1u);
    EXPECT_EQ(merged->solids[0].pointsPerPiece.size(), 3u);
    EXPECT_EQ(merged->islandsFound, 6u);
    // Each pair's hull is 9 x 4 x 4 = 144 where its boxes hold 128: 16 added per pair.
    EXPECT_NEAR(merged->mergeAddedVolume, 48.0, 1e-6);
    EXPECT_NEAR(merged->solids[0].volume, 3 * 144.0, 1e-6);
    EXPECT_EQ(sink.find("PHYS002"), nullptr);
    const Diagnostic* note = expectAt("PHYS003", 3);
    ASSERT_NE(note, nullptr);
    EXPECT_EQ(note->severity, Severity::Note);
    EXPECT_NE(note->message.find("6 islands joined into 3 hulls"), std::string::npos)
        << note->message;
    EXPECT_NE(note->message.find("48.000"), std::string::npos) << note->message;

    // studiomdl's way: one hull of everything, far more volume.
    CollectingSink single;
    options.pieces = CollisionPieceStrategy::SingleHull;
    const auto hull = buildPhysicsModel(*qc, *mesh, bones, options, single);
    ASSERT_TRUE(hull);
    EXPECT_EQ(hull->solids[0].pointsPerPiece.size(), 1u);
    EXPECT_LT(totalVolume(*merged), totalVolume(*hull));
    EXPECT_NE(single.find("PHYS002"), nullptr);
}

TEST_F(PhysicsModelTest, AFlatIslandIsAnErrorNamingItsPlaceAndThickness) {
    const auto model =
        prop("$concave\n", smdText(kRootOnly, {box(0, 0, 0, 4, 4, 4)}, {{{10, 20, 5, 2}}}));
    EXPECT_FALSE(model);
    const Diagnostic* error = expectAt("PHYS009", 3);
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->severity, Severity::Error);
    // The quad's centre (10, 20, 5) in model space, turned about Z: (-20, 10, 5).
    EXPECT_NE(error->message.find("island 2"), std::string::npos) << error->message;
    EXPECT_NE(error->message.find("(-20.00, 10.00, 5.00)"), std::string::npos) << error->message;
    EXPECT_NE(error->message.find("0.000 units thick"), std::string::npos) << error->message;
}

TEST_F(PhysicsModelTest, Remove2dLeavesAFlatIslandOutWithAWarning) {
    const auto model = prop("$concave\n$remove2d\n",
                            smdText(kRootOnly, {box(0, 0, 0, 4, 4, 4)}, {{{10, 20, 5, 2}}}));
    ASSERT_TRUE(model) << all();
    EXPECT_TRUE(sink.errors().empty()) << all();
    const Diagnostic* warning = expectAt("PHYS008", 3);
    ASSERT_NE(warning, nullptr);
    EXPECT_NE(warning->message.find("(-20.00, 10.00, 5.00)"), std::string::npos)
        << warning->message;
    ASSERT_EQ(model->solids.size(), 1u);
    EXPECT_EQ(model->solids[0].pointsPerPiece.size(), 1u);
    EXPECT_NEAR(model->solids[0].volume, 64.0, 1e-6);
    EXPECT_EQ(model->islandsFound, 1u);
}

TEST_F(PhysicsModelTest, AMeshWithNoFacesIsAnError) {
    const auto model = prop("", "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n"
                                "0 0 0 0 0 0 0\nend\ntriangles\nend\n");
    EXPECT_FALSE(model);
    const Diagnostic* error = sink.find("PHYS001");
    ASSERT_NE(error, nullptr) << all();
    EXPECT_EQ(std::filesystem::path(error->location.file), dir / "phys.smd");
}

// ---- Mass ------------------------------------------------------------------------------------

const char* kSurfaces = R"("steel"
{
    "density" "8000"
}
"sheet"
{
    "density" "1000"
    "thickness" "0.5"
}
)";

TEST_F(PhysicsModelTest, AutomassIsDensityTimesVolume) {
    SurfaceProperties surfaces;
    ASSERT_TRUE(surfaces.addFile(kSurfaces, "surfaceproperties.txt", sink)) << all();
    options.surfaceProperties = &surfaces;
    const auto model = prop("$automass\n", smdText(kRootOnly, {box(0, 0, 0, 10, 20, 30)}),
                            "$surfaceprop \"steel\"\n");
    ASSERT_TRUE(model) << all();
    const double expected = 8000.0 * 6000.0 * kCubicMetresPerCubicInch;
    EXPECT_NEAR(model->totalMass, expected, expected * 1e-5);
    EXPECT_NEAR(model->solids[0].mass, expected, expected * 1e-5);
    EXPECT_EQ(sink.find("PHYS004"), nullptr);
    EXPECT_EQ(sink.find("PHYS005"), nullptr);
    const auto edit = model->phy.text.blocksOf(PhyBlockKind::EditParams);
    ASSERT_EQ(edit.size(), 1u);
    EXPECT_NEAR(edit[0]->number("totalmass").value_or(0), expected, 1e-3);
}

TEST_F(PhysicsModelTest, AutomassOfAShellMaterialIsAreaTimesThickness) {
    SurfaceProperties surfaces;
    ASSERT_TRUE(surfaces.addFile(kSurfaces, "surfaceproperties.txt", sink)) << all();
    options.surfaceProperties = &surfaces;
    const auto model = prop("$automass\n", smdText(kRootOnly, {box(0, 0, 0, 10, 20, 30)}),
                            "$surfaceprop \"sheet\"\n");
    ASSERT_TRUE(model) << all();
    const double area = 2 * (10.0 * 20 + 20.0 * 30 + 10.0 * 30);
    const double expected = 1000.0 * area * 0.5 * kCubicMetresPerCubicInch;
    EXPECT_NEAR(model->totalMass, expected, expected * 1e-5);
}

TEST_F(PhysicsModelTest, AutomassWithAnUnknownSurfaceOrNoScriptsWarns) {
    SurfaceProperties surfaces;
    ASSERT_TRUE(surfaces.addFile(kSurfaces, "surfaceproperties.txt", sink)) << all();
    options.surfaceProperties = &surfaces;
    auto model = prop("$automass\n", smdText(kRootOnly, {box(0, 0, 0, 10, 20, 30)}),
                      "$surfaceprop \"nosuch\"\n");
    ASSERT_TRUE(model) << all();
    const Diagnostic* unknown = expectAt("PHYS005", 3);
    ASSERT_NE(unknown, nullptr);
    EXPECT_NE(unknown->message.find("'nosuch'"), std::string::npos);
    const double expected = kDefaultSurfaceDensity * 6000.0 * kCubicMetresPerCubicInch;
    EXPECT_NEAR(model->totalMass, expected, expected * 1e-5);

    sink = CollectingSink{};
    options.surfaceProperties = nullptr;
    model = prop("$automass\n", smdText(kRootOnly, {box(0, 0, 0, 10, 20, 30)}));
    ASSERT_TRUE(model) << all();
    expectAt("PHYS004", 4); // the $automass line
    EXPECT_NEAR(model->totalMass, expected, expected * 1e-5);
}

TEST_F(PhysicsModelTest, WithoutMassTheModelWeighsOneKilogram) {
    const auto model = prop("", smdText(kRootOnly, {box(0, 0, 0, 10, 20, 30)}));
    ASSERT_TRUE(model) << all();
    EXPECT_FLOAT_EQ(model->totalMass, 1.0f);
}

// ---- Jointed models --------------------------------------------------------------------------

// root at the origin, child 50 units up (z); a 10-unit box on each, weighted to it.
const std::vector<Node> kTwoBones = {{"root", -1, {0, 0, 0}}, {"child", 0, {0, 0, 50}}};
std::string twoBoxes(double childSize = 10) {
    return smdText(kTwoBones, {box(0, 0, 0, 10, 10, 10, 0),
                               box(0, 0, 50, childSize, childSize, childSize, 1)});
}

TEST_F(PhysicsModelTest, AJointedModelHasASolidPerBoneWithParentsConstraintsAndPhysicsBones) {
    const auto model = joints("$mass 30\n$damping 0.5\n$rotdamping 2\n$inertia 3\n"
                              "$jointconstrain \"child\" x limit -30 45 10\n"
                              "$jointconstrain \"child\" z free\n",
                              twoBoxes());
    ASSERT_TRUE(model) << all();
    EXPECT_TRUE(sink.errors().empty()) << all();
    ASSERT_EQ(model->solids.size(), 2u);
    EXPECT_EQ(model->solids[0].name, "root");
    EXPECT_EQ(model->solids[1].name, "child");
    // The child's faces are in its bone's space: its box sits at the bone, 1000 cubic units.
    EXPECT_NEAR(model->solids[1].volume, 1000.0, 1e-6);
    const Bounds3 b = boundsOf(model->phy.solids[1]);
    EXPECT_NEAR(b.min[2], 0.0, 1e-3);
    EXPECT_NEAR(b.max[2], 10.0, 1e-3);
    // Each piece's client data is its bone + 1.
    EXPECT_EQ(model->phy.solids[1].surface.ledges.front().clientData, 2);

    const PhyTextBlock* root = solidBlock(*model, 0);
    const PhyTextBlock* child = solidBlock(*model, 1);
    ASSERT_TRUE(root && child);
    EXPECT_EQ(root->find("parent"), nullptr);
    ASSERT_NE(child->find("parent"), nullptr);
    EXPECT_EQ(*child->find("parent"), "root");
    EXPECT_NEAR(child->number("mass").value_or(0), 15.0, 1e-4); // equal volumes: half each
    EXPECT_NEAR(child->number("damping").value_or(0), 0.5, 1e-6);
    EXPECT_NEAR(child->number("rotdamping").value_or(0), 2.0, 1e-6);
    EXPECT_NEAR(child->number("inertia").value_or(0), 3.0, 1e-6);

    const auto constraints = model->phy.text.blocksOf(PhyBlockKind::RagdollConstraint);
    ASSERT_EQ(constraints.size(), 1u);
    const auto c = ragdollConstraintParams(*constraints[0]);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->parent, 0);
    EXPECT_EQ(c->child, 1);
    EXPECT_FLOAT_EQ(c->min[0], -30.0f);
    EXPECT_FLOAT_EQ(c->max[0], 45.0f);
    EXPECT_FLOAT_EQ(c->friction[0], 2.0f); // written 10, stored divided by 5
    EXPECT_FLOAT_EQ(c->min[1], 0.0f);      // an axis never named is locked
    EXPECT_FLOAT_EQ(c->max[1], 0.0f);
    EXPECT_FLOAT_EQ(c->min[2], -360.0f); // free
    EXPECT_FLOAT_EQ(c->max[2], 360.0f);

    EXPECT_EQ(model->physicsBones, (std::vector<std::int32_t>{0, 1}));
}

TEST_F(PhysicsModelTest, RagdollSolidsWeighAtLeastOneKilogram) {
    // Volumes 1000 and 1: the child's share of 50 kg is 0.05 kg, raised to 1 kg; the root keeps
    // its share (the floor is not renormalised, as Valve's ragdolls show).
    const auto model = joints("$mass 50\n", twoBoxes(1));
    ASSERT_TRUE(model) << all();
    ASSERT_EQ(model->solids.size(), 2u);
    EXPECT_FLOAT_EQ(model->solids[1].mass, 1.0f);
    EXPECT_NEAR(model->solids[0].mass, 50.0 * 1000.0 / 1001.0, 1e-3);
    EXPECT_FLOAT_EQ(model->totalMass, 50.0f);
}

TEST_F(PhysicsModelTest, JointMergeFoldsABoneIntoAnother) {
    // `$jointmerge A B` folds B into A (the wiki's "$jointmerge <parent> <child>").
    const auto model = joints("$jointmerge \"root\" \"child\"\n", twoBoxes());
    ASSERT_TRUE(model) << all();
    ASSERT_EQ(model->solids.size(), 1u);
    EXPECT_EQ(model->solids[0].name, "root");
    // One hull around both boxes, in the root's space: 10 x 10 x 60.
    EXPECT_NEAR(model->solids[0].volume, 6000.0, 1e-6);
    EXPECT_TRUE(model->phy.text.blocksOf(PhyBlockKind::RagdollConstraint).empty());
    EXPECT_EQ(model->physicsBones, (std::vector<std::int32_t>{0, 0}));
    const auto edit = model->phy.text.blocksOf(PhyBlockKind::EditParams);
    ASSERT_EQ(edit.size(), 1u);
    EXPECT_EQ(edit[0]->all("jointmerge"), (std::vector<std::string>{"root,child"}));
}

TEST_F(PhysicsModelTest, JointSkipFoldsABoneIntoItsParent) {
    const std::vector<Node> chain = {
        {"root", -1, {0, 0, 0}}, {"mid", 0, {0, 0, 20}}, {"tip", 1, {0, 0, 20}}};
    const auto model =
        joints("$jointskip \"mid\"\n",
               smdText(chain, {box(0, 0, 0, 10, 10, 10, 0), box(0, 0, 20, 10, 10, 10, 1),
                               box(0, 0, 40, 10, 10, 10, 2)}));
    ASSERT_TRUE(model) << all();
    ASSERT_EQ(model->solids.size(), 2u);
    EXPECT_EQ(model->solids[0].name, "root");
    EXPECT_EQ(model->solids[1].name, "tip");
    EXPECT_NEAR(model->solids[0].volume, 10.0 * 10 * 30, 1e-6); // root and mid's boxes
    const PhyTextBlock* tip = solidBlock(*model, 1);
    ASSERT_NE(tip, nullptr);
    ASSERT_NE(tip->find("parent"), nullptr);
    EXPECT_EQ(*tip->find("parent"), "root");
    EXPECT_EQ(model->physicsBones, (std::vector<std::int32_t>{0, 0, 1}));
}

TEST_F(PhysicsModelTest, MoreSolidsThanTheRagdollLimitWarn) {
    std::vector<Node> chain;
    std::vector<Box> boxes;
    const int n = static_cast<int>(kRagdollSolidLimit) + 2;
    for (int i = 0; i < n; ++i) {
        chain.push_back({"b" + std::to_string(i), i - 1, {0, 0, i == 0 ? 0.0 : 10.0}});
        boxes.push_back(box(0, 0, 10.0 * i, 4, 4, 4, i));
    }
    const auto model = joints("$mass 100\n", smdText(chain, boxes));
    ASSERT_TRUE(model) << all();
    EXPECT_EQ(model->solids.size(), std::size_t(n));
    const Diagnostic* warning = expectAt("PHYS006", 3);
    ASSERT_NE(warning, nullptr);
    EXPECT_EQ(warning->severity, Severity::Warning);
    EXPECT_NE(warning->message.find(std::to_string(n) + " solids"), std::string::npos);
}

TEST_F(PhysicsModelTest, JointOptionsNamingAMissingBoneAreErrorsAtTheirLine) {
    auto model = joints("$mass 10\n$jointmerge \"root\" \"nosuch\"\n", twoBoxes());
    EXPECT_FALSE(model);
    const Diagnostic* merge = expectAt("PHYS007", 5);
    ASSERT_NE(merge, nullptr);
    EXPECT_NE(merge->message.find("'nosuch'"), std::string::npos);

    sink = CollectingSink{};
    model = joints("$jointskip \"ghost\"\n", twoBoxes());
    EXPECT_FALSE(model);
    expectAt("PHYS007", 4);

    sink = CollectingSink{};
    model = joints("$mass 10\n$jointconstrain \"ghost\" x limit -10 10\n", twoBoxes());
    EXPECT_FALSE(model);
    const Diagnostic* constraint = expectAt("PHYS007", 5);
    ASSERT_NE(constraint, nullptr);
    EXPECT_NE(constraint->message.find("'ghost'"), std::string::npos);

    sink = CollectingSink{};
    model = joints("$jointcollide \"root\" \"ghost\"\n", twoBoxes());
    EXPECT_FALSE(model);
    expectAt("PHYS007", 4);
}

// Valve's standard human ragdoll .qci merges "valvebiped.bip01" into the pelvis; the heads built
// on it have that bone in their reference SMDs, weight nothing to it, and the model leaves it
// out. studiomdl compiles them (the characters' male_07.phy: every other solid, the merge kept
// in editparams as written). The rule is skipped with a warning at its line.
TEST_F(PhysicsModelTest, AJointRuleOnABoneTheModelLeftOutIsSkippedWithAWarning) {
    // The reference has a second root, "bip01", that nothing is weighted to; the physics SMD
    // has only the bones it uses, as male_07's does.
    const std::vector<Node> skeleton = {{"root", -1, {0, 0, 0}}, {"child", 0, {0, 0, 20}}};
    const std::vector<Node> withBip01 = {
        {"root", -1, {0, 0, 0}}, {"child", 0, {0, 0, 20}}, {"bip01", -1, {0, 0, 0}}};
    referenceSmd = smdText(withBip01, {box(0, 0, 0, 10, 10, 10, 0), box(0, 0, 20, 10, 10, 10, 1)});
    leftOut = {"bip01"};
    const auto model =
        joints("$mass 10\n$jointmerge \"root\" \"bip01\"\n"
               "$jointconstrain \"bip01\" x limit -10 10\n",
               smdText(skeleton, {box(0, 0, 0, 10, 10, 10, 0), box(0, 0, 20, 10, 10, 10, 1)}));
    ASSERT_TRUE(model) << all();
    EXPECT_TRUE(sink.errors().empty()) << all();
    EXPECT_EQ(count("PHYS012"), 2u) << all();
    const Diagnostic* merge = expectAt("PHYS012", 5);
    ASSERT_NE(merge, nullptr);
    EXPECT_EQ(merge->severity, Severity::Warning);
    EXPECT_NE(merge->message.find("'bip01'"), std::string::npos) << merge->message;
    EXPECT_NE(merge->message.find("$jointmerge is skipped"), std::string::npos) << merge->message;
    // Both solids stay: the merge folded nothing.
    ASSERT_EQ(model->solids.size(), 2u);
    EXPECT_EQ(model->solids[0].name, "root");
    EXPECT_EQ(model->solids[1].name, "child");
    const auto edit = model->phy.text.blocksOf(PhyBlockKind::EditParams);
    ASSERT_EQ(edit.size(), 1u);
    EXPECT_EQ(edit[0]->all("jointmerge"), (std::vector<std::string>{"root,bip01"}));
}

TEST_F(PhysicsModelTest, AJointRuleOnABoneFoldedIntoItsParentNamesWhereItWent) {
    // "tip" carries no weight and is folded into "child", which takes what it had.
    const std::vector<Node> chain = {
        {"root", -1, {0, 0, 0}}, {"child", 0, {0, 0, 20}}, {"tip", 1, {0, 0, 20}}};
    leftOut = {"tip"};
    const auto model =
        joints("$jointskip \"tip\"\n",
               smdText(chain, {box(0, 0, 0, 10, 10, 10, 0), box(0, 0, 20, 10, 10, 10, 1)}));
    ASSERT_TRUE(model) << all();
    const Diagnostic* skip = expectAt("PHYS012", 4);
    ASSERT_NE(skip, nullptr);
    EXPECT_NE(skip->message.find("folds it into 'child'"), std::string::npos) << skip->message;
    EXPECT_EQ(model->solids.size(), 2u);
}

TEST_F(PhysicsModelTest, EveryJointRuleNamingAnUnknownBoneIsReported) {
    const auto model = joints("$jointmerge \"root\" \"nosuch\"\n$jointskip \"ghost\"\n"
                              "$jointconstrain \"phantom\" x limit -10 10\n",
                              twoBoxes());
    EXPECT_FALSE(model);
    EXPECT_EQ(count("PHYS007"), 3u) << all();
    EXPECT_EQ(count("PHYS012"), 0u) << all();
}

// A constraint on a bone that exists but has no solid of its own (merged away) has no joint to
// limit: nothing is written for it and nothing fails.
TEST_F(PhysicsModelTest, AConstraintOnAMergedBoneIsIgnored) {
    const auto model = joints("$jointmerge \"root\" \"child\"\n"
                              "$jointconstrain \"child\" x limit -10 10\n",
                              twoBoxes());
    ASSERT_TRUE(model) << all();
    EXPECT_TRUE(sink.errors().empty()) << all();
    EXPECT_TRUE(model->phy.text.blocksOf(PhyBlockKind::RagdollConstraint).empty());
}

} // namespace
} // namespace vtxc
