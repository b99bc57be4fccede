// The .phy vtxc compiles from each corpus QC whose collision model Valve's .phy was made from,
// compared with Valve's structurally: solids (count, names, parents), pieces per solid (paired by
// position: volume within 1%, bounds within 0.05 units), the text blocks (mass, inertia, damping,
// rotdamping, volume, surfaceprop, ragdoll constraints, collision rules) and every written hull's
// structure (closed, convex, aligned, twins, tree). Documented exceptions are listed where they
// apply (docs/mdl-compile.md, "Collision model").
#include "collision/convex_hull.h"
#include "compiler/physics/physics_model.h"
#include "compiler/project/qc_import.h"
#include "compiler/skeleton/bone_table.h"
#include "formats/keyvalues/surface_properties.h"
#include "formats/phy/phy.h"
#include "formats/phy/phy_check.h"
#include "formats/qc/qc_project.h"
#include "testing/test_support.h"

#include <cmath>
#include <gtest/gtest.h>

namespace vtxc {
namespace {

namespace fs = std::filesystem;

struct PhyCase {
    const char* qc;          // relative to the corpus
    const char* contentRoot; // relative to the corpus; empty: the QC's folder
    const char* valvePhy;    // relative to the corpus
    // How far each corner of Valve's pieces may lie from the nearest corner of ours, and each of
    // ours from Valve's (units): 0.001, except labturret: Valve moves two corners of turret_Bone1
    // 0.0066 and 0.0029 onto the plane of a neighbouring face (its rebuild from planes; vtxc
    // keeps the corners where they are, docs/mdl-compile.md, "Collision model").
    double pointTolerance = 0.001;
};

// Relative tolerance of piece volumes and of the masses shared by volume: 1% (the bar).
constexpr double kVolumeTolerance = 0.01;

const PhyCase kCases[] = {
    {"w_grenade/w_grenade.qc", "", "w_grenade/w_grenade.phy"},
    {"bunker_gun01/bunker_gun01.qc", "", "bunker_gun01/bunker_gun01.phy"},
    {"chamberdoor_frame/chamberdoor_frame.qc", "", "chamberdoor_frame/chamberdoor_frame.phy"},
    {"projects/modelsrc/labturret_npc/labturret.qc", "projects/modelsrc",
     "projects/valve/labturret_npc/LabTurret_npc.phy", 0.007},
    {"projects/modelsrc/weapons/w_357.qc", "projects/modelsrc", "projects/valve/w_357/W_357.phy"},
};

std::vector<std::uint8_t> bytesOf(const fs::path& path) {
    const std::string text = test::readText(path);
    return {text.begin(), text.end()};
}

// The model's bone table as the compile builds it: $definebone bones, then the reference meshes'.
std::optional<BoneTable> boneTableOf(const QcProject& qc, DiagnosticSink& sink) {
    std::vector<std::unique_ptr<SmdFile>> files;
    std::vector<const SmdFile*> references;
    for (const QcBodyPart& part : qc.bodyParts)
        for (const QcModel& model : part.models)
            if (model.mesh && model.mesh->found)
                if (auto smd = readSmdFile(model.mesh->path, sink)) {
                    files.push_back(std::make_unique<SmdFile>(std::move(*smd)));
                    references.push_back(files.back().get());
                }
    if (qc.definedBones.empty()) return BoneTable::fromReferences(references, sink);
    return BoneTable::fromDefinitions(qc.definedBones, references, sink);
}

struct Piece {
    double volume = 0;
    PhyBounds bounds;
    std::vector<Vec3> points;
};

std::vector<Piece> piecesOf(const PhySolid& solid) {
    std::vector<Piece> out;
    for (std::size_t l : phyPieceLedges(solid.surface)) {
        const PhyLedge& ledge = solid.surface.ledges[l];
        out.push_back({phyLedgeVolume(solid.surface, ledge), phyLedgeBounds(solid.surface, ledge),
                       phyLedgePoints(solid.surface, ledge)});
    }
    return out;
}

double nearestDistance(const Vec3& p, const std::vector<Vec3>& points) {
    double nearest = INFINITY;
    for (const Vec3& q : points) {
        const double dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
        nearest = std::min(nearest, std::sqrt(dx * dx + dy * dy + dz * dz));
    }
    return nearest;
}

double centreDistance(const PhyBounds& a, const PhyBounds& b) {
    const double dx = (a.min.x + a.max.x - b.min.x - b.max.x) / 2;
    const double dy = (a.min.y + a.max.y - b.min.y - b.max.y) / 2;
    const double dz = (a.min.z + a.max.z - b.min.z - b.max.z) / 2;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

void expectSamePieces(const PhySolid& ours, const PhySolid& valve, const std::string& what,
                      const PhyCase& c) {
    const double tolerance = kVolumeTolerance;
    const std::vector<Piece> a = piecesOf(ours), b = piecesOf(valve);
    ASSERT_EQ(a.size(), b.size()) << what;
    std::vector<bool> taken(b.size(), false);
    for (const Piece& piece : a) {
        std::size_t best = b.size();
        for (std::size_t j = 0; j < b.size(); ++j)
            if (!taken[j] && (best == b.size() || centreDistance(piece.bounds, b[j].bounds) <
                                                      centreDistance(piece.bounds, b[best].bounds)))
                best = j;
        ASSERT_LT(best, b.size()) << what;
        taken[best] = true;
        EXPECT_NEAR(piece.volume, b[best].volume, tolerance * b[best].volume) << what;
        for (int k = 0; k < 3; ++k) {
            const float* lo = &piece.bounds.min.x;
            const float* hi = &piece.bounds.max.x;
            const float* vlo = &b[best].bounds.min.x;
            const float* vhi = &b[best].bounds.max.x;
            EXPECT_NEAR(lo[k], vlo[k], 0.05) << what << " axis " << k;
            EXPECT_NEAR(hi[k], vhi[k], 0.05) << what << " axis " << k;
        }
        EXPECT_EQ(piece.points.size(), b[best].points.size()) << what;
        for (const Vec3& corner : b[best].points)
            EXPECT_LE(nearestDistance(corner, piece.points), c.pointTolerance)
                << what << ": Valve's corner " << corner.x << ' ' << corner.y << ' ' << corner.z;
        for (const Vec3& corner : piece.points)
            EXPECT_LE(nearestDistance(corner, b[best].points), c.pointTolerance)
                << what << ": our corner " << corner.x << ' ' << corner.y << ' ' << corner.z;
    }
}

void expectSameText(const PhyText& ours, const PhyText& valve, double tolerance) {
    const auto solidsA = ours.blocksOf(PhyBlockKind::Solid);
    const auto solidsB = valve.blocksOf(PhyBlockKind::Solid);
    ASSERT_EQ(solidsA.size(), solidsB.size());
    for (std::size_t i = 0; i < solidsA.size(); ++i) {
        const auto a = solidParams(*solidsA[i]);
        const auto b = solidParams(*solidsB[i]);
        ASSERT_TRUE(a && b);
        EXPECT_EQ(a->name, b->name);
        // Valve's older ragdolls name the root solid as its own parent; a root has none.
        if (b->parent != b->name) {
            EXPECT_EQ(a->parent, b->parent) << a->name;
        }
        EXPECT_NEAR(a->mass, b->mass, tolerance * b->mass) << a->name;
        EXPECT_EQ(a->surfaceprop, b->surfaceprop) << a->name;
        EXPECT_FLOAT_EQ(a->damping, b->damping) << a->name;
        EXPECT_FLOAT_EQ(a->rotdamping, b->rotdamping) << a->name;
        EXPECT_FLOAT_EQ(a->inertia, b->inertia) << a->name;
        EXPECT_NEAR(a->volume, b->volume, tolerance * b->volume) << a->name;
    }
    const auto jointsA = ours.blocksOf(PhyBlockKind::RagdollConstraint);
    const auto jointsB = valve.blocksOf(PhyBlockKind::RagdollConstraint);
    ASSERT_EQ(jointsA.size(), jointsB.size());
    for (std::size_t i = 0; i < jointsA.size(); ++i) {
        const auto a = ragdollConstraintParams(*jointsA[i]);
        const auto b = ragdollConstraintParams(*jointsB[i]);
        ASSERT_TRUE(a && b);
        EXPECT_EQ(a->parent, b->parent);
        EXPECT_EQ(a->child, b->child);
        EXPECT_EQ(a->min, b->min);
        EXPECT_EQ(a->max, b->max);
        EXPECT_EQ(a->friction, b->friction);
    }
    EXPECT_EQ(ours.blocksOf(PhyBlockKind::CollisionRules).size(),
              valve.blocksOf(PhyBlockKind::CollisionRules).size());
    const auto editA = ours.blocksOf(PhyBlockKind::EditParams);
    const auto editB = valve.blocksOf(PhyBlockKind::EditParams);
    ASSERT_EQ(editA.size(), 1u);
    ASSERT_EQ(editB.size(), 1u);
    const auto a = editParams(*editA[0]);
    const auto b = editParams(*editB[0]);
    ASSERT_TRUE(a && b);
    EXPECT_NEAR(a->totalmass, b->totalmass, 0.01 * b->totalmass);
    EXPECT_EQ(a->concave, b->concave);
}

class PhyCompileCorpus : public ::testing::TestWithParam<PhyCase> {};

TEST_P(PhyCompileCorpus, SolidsPiecesAndTextEqualValves) {
    VTXC_REQUIRE_CORPUS();
    const PhyCase& c = GetParam();
    const fs::path corpus = test::corpusDir();
    CollectingSink sink;
    std::optional<fs::path> root;
    if (*c.contentRoot) root = corpus / c.contentRoot;
    const auto qc = readQcProject(corpus / c.qc, sink, root);
    ASSERT_TRUE(qc) << formatDiagnostic(sink.errors().front());
    ASSERT_TRUE(qc->collisionModel);
    const auto smd = readSmdFile(qc->collisionModel->smd.path, sink);
    ASSERT_TRUE(smd);
    const auto bones = boneTableOf(*qc, sink);
    ASSERT_TRUE(bones);
    const auto surfaces = loadSurfaceProperties(corpus / "game", sink);
    ASSERT_TRUE(surfaces);
    PhysicsBuildOptions options;
    options.surfaceProperties = &*surfaces;
    options.pose = firstAnimationPose(*qc, *bones);
    const auto physics = buildPhysicsModel(*qc, *smd, *bones, options, sink);
    ASSERT_TRUE(physics) << formatDiagnostic(sink.errors().front());
    ASSERT_FALSE(sink.hasErrors());

    CollectingSink read;
    const auto valve = readPhy(bytesOf(corpus / c.valvePhy), c.valvePhy, read);
    ASSERT_TRUE(valve);
    // What vtxc writes reads back, whole and sound.
    const auto ours = readPhy(writePhy(physics->phy), "ours.phy", read);
    ASSERT_TRUE(ours) << formatDiagnostic(read.errors().front());
    for (const Diagnostic& d : checkPhy(*ours, "ours.phy"))
        ADD_FAILURE() << formatDiagnostic(d);
    EXPECT_EQ(*ours, physics->phy);

    ASSERT_EQ(ours->solids.size(), valve->solids.size());
    for (std::size_t s = 0; s < ours->solids.size(); ++s)
        expectSamePieces(ours->solids[s], valve->solids[s],
                         std::string(c.qc) + " solid " + std::to_string(s), c);
    expectSameText(ours->text, valve->text, kVolumeTolerance);
}

INSTANTIATE_TEST_SUITE_P(Models, PhyCompileCorpus, ::testing::ValuesIn(kCases));

// Every hull of every compiled solid: each point on or behind every face within 0.01 units.
TEST(PhyCompileCorpus, EveryWrittenHullIsConvex) {
    VTXC_REQUIRE_CORPUS();
    const fs::path corpus = test::corpusDir();
    for (const PhyCase& c : kCases) {
        SCOPED_TRACE(c.qc);
        CollectingSink sink;
        std::optional<fs::path> root;
        if (*c.contentRoot) root = corpus / c.contentRoot;
        const auto qc = readQcProject(corpus / c.qc, sink, root);
        ASSERT_TRUE(qc);
        const auto smd = readSmdFile(qc->collisionModel->smd.path, sink);
        const auto bones = boneTableOf(*qc, sink);
        ASSERT_TRUE(smd && bones);
        const auto physics = buildPhysicsModel(*qc, *smd, *bones, {}, sink);
        ASSERT_TRUE(physics);
        for (const PhySolid& solid : physics->phy.solids)
            for (const PhyLedge& ledge : solid.surface.ledges) {
                const std::vector<Vec3> points = phyLedgePoints(solid.surface, ledge);
                for (const PhyTriangle& t : ledge.triangles) {
                    Vec3 corner[3];
                    for (int k = 0; k < 3; ++k) {
                        const PhyPoint& p = solid.surface.points[t.edges[k].startPointIndex];
                        corner[k] = phyToSourceUnits({p.x, p.y, p.z});
                    }
                    const double ux = corner[1].x - corner[0].x, uy = corner[1].y - corner[0].y,
                                 uz = corner[1].z - corner[0].z;
                    const double vx = corner[2].x - corner[0].x, vy = corner[2].y - corner[0].y,
                                 vz = corner[2].z - corner[0].z;
                    double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
                    const double n = std::sqrt(nx * nx + ny * ny + nz * nz);
                    if (n < 1e-9) continue;
                    nx /= n, ny /= n, nz /= n;
                    for (const Vec3& p : points) {
                        const double d = (p.x - corner[0].x) * nx + (p.y - corner[0].y) * ny +
                                         (p.z - corner[0].z) * nz;
                        EXPECT_LE(d, 0.01);
                    }
                }
            }
    }
}

} // namespace
} // namespace vtxc
