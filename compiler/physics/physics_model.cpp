// The collision model stage: see physics_model.h for the rules and their sources.
#include "compiler/physics/physics_model.h"

#include "collision/collision.h"
#include "collision/compact_surface.h"
#include "compiler/project/compile_codes.h"
#include "compiler/skeleton/pose_math.h"
#include "compiler/skeleton/skeleton_placement.h"
#include "formats/common/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace vtxc {

namespace {

// Source cubic inches per cubic metre (the .phy's physics space is metric).
constexpr double kCubicMetresPerCubicInch = 0.0254 * 0.0254 * 0.0254;
// A solid's share of the total mass never goes below this (kilograms), as Valve's files show.
constexpr double kMinimumSolidMass = 1.0;
// --collision-pieces merge weighs every pair of islands (a hull each, about N^2 / 2 at the start):
// past this many islands a solid falls back to studiomdl's one hull, so that a hostile mesh of
// thousands of islands cannot make the compile quadratic for minutes.
constexpr std::size_t kMaxMergedIslands = 512;
// studiomdl stores $jointconstrain's friction divided by this.
constexpr double kJointFrictionDivisor = 5.0;

Vec3d toVec3d(const Eigen::Vector3d& v) {
    return {v.x(), v.y(), v.z()};
}

// Model-space transforms of the physics SMD's nodes in its first skeleton frame (a node the frame
// leaves out stays at its parent's place).
std::vector<Eigen::Isometry3d> skeletonTransforms(const SmdFile& smd) {
    std::vector<LocalPose> local(smd.nodes.size());
    if (!smd.frames.empty())
        for (const SmdBonePose& pose : smd.frames.front().bones) {
            if (pose.bone < 0 || static_cast<std::size_t>(pose.bone) >= local.size()) continue;
            LocalPose& l = local[static_cast<std::size_t>(pose.bone)];
            l.position = toEigen(pose.position);
            l.rotation = quaternionFromEuler(toEigen(pose.rotation));
        }
    std::vector<int> parents(smd.nodes.size(), -1);
    for (std::size_t n = 0; n < smd.nodes.size(); ++n)
        parents[n] = smd.nodes[n].parent;
    return modelTransforms(local, parents);
}

std::vector<LocalPose> bindPose(const BoneTable& bones) {
    const auto& all = bones.bones();
    std::vector<LocalPose> local(all.size());
    for (std::size_t b = 0; b < all.size(); ++b) {
        local[b].position = toEigen(all[b].position);
        local[b].rotation = quaternionFromEuler(toEigen(all[b].rotation));
    }
    return local;
}

// One convex piece on its way to a ledge: its points and where it came from (for messages).
struct PieceSource {
    std::vector<Vec3d> points;
    std::string name;
};

// One solid before layout: its name, bone and pieces.
struct SolidSource {
    std::string name;
    int bone = -1;                        // jointed: the model bone; props: -1
    std::vector<CollisionCorner> corners; // three per face, in the solid's space
    std::vector<PieceSource> pieces;
};

class PhysicsBuilder {
  public:
    PhysicsBuilder(const QcProject& qc, const SmdFile& smd, const BoneTable& bones,
                   const PhysicsBuildOptions& options, DiagnosticSink& sink)
        : qc_(qc), settings_(*qc.collisionModel), smd_(smd), bones_(bones), options_(options),
          own_(sink) {}

    std::optional<PhysicsModel> run() {
        if (smd_.triangles.empty()) {
            own_.report(kPhysicsCodes["PHYS001"], {smd_.fileName},
                        "has no faces; give the SMD that holds the collision mesh's triangles");
            return std::nullopt;
        }
        const bool jointed = settings_.kind == QcCollisionKind::Joints;
        if (!(jointed ? collectJointedSolids() : collectPropSolid())) return std::nullopt;
        for (SolidSource& solid : solids_)
            if (!splitIntoPieces(solid)) return std::nullopt;
        solids_.erase(std::remove_if(solids_.begin(), solids_.end(),
                                     [](const SolidSource& s) { return s.pieces.empty(); }),
                      solids_.end());
        if (solids_.empty()) {
            own_.report(kPhysicsCodes["PHYS001"], settings_.definedAt,
                        "no piece of the collision mesh is left ($remove2d dropped every "
                        "island); give the mesh thickness");
            return std::nullopt;
        }
        if (jointed && solids_.size() > kRagdollSolidLimit)
            own_.report(kPhysicsCodes["PHYS006"], settings_.definedAt,
                        std::to_string(solids_.size()) + " solids, more than the " +
                            std::to_string(kRagdollSolidLimit) +
                            " the engine loads as a ragdoll; merge bones with $jointmerge");
        return assemble(jointed);
    }

  private:
    // ---- Which faces make which solid ------------------------------------------------------

    CollisionCorner cornerOf(const SmdVertex& v, const Eigen::Isometry3d& toSolid) const {
        const Eigen::Vector3d p = toSolid * toEigen(v.position);
        const Eigen::Vector3d n = toSolid.linear() * toEigen(v.normal);
        return {toVec3d(p), toVec3d(n)};
    }

    // Every model bone in model space for the local poses `pose` (the bind pose when it does not
    // hold one per bone).
    std::vector<Eigen::Isometry3d> modelPoseTransforms(const std::vector<LocalPose>& pose) const {
        const auto& all = bones_.bones();
        const std::vector<LocalPose> local = pose.size() == all.size() ? pose : bindPose(bones_);
        std::vector<int> parents(all.size());
        for (std::size_t b = 0; b < all.size(); ++b)
            parents[b] = all[b].parent;
        return modelTransforms(local, parents);
    }

    // For each node of the physics mesh, what takes its vertices from the mesh's own skeleton to
    // the model in `pose` (its first animation's first frame); the identity for a node the model
    // lacks, for a static prop (one bone, vertices kept where they are), with
    // $assumeworldspace, and where the two skeletons agree.
    std::vector<Eigen::Isometry3d> nodeToModel(const std::vector<LocalPose>& pose) const {
        std::vector<Eigen::Isometry3d> out(smd_.nodes.size(), Eigen::Isometry3d::Identity());
        if (bones_.isStaticProp() || settings_.assumeWorldSpace) return out;
        const std::vector<Eigen::Isometry3d> mesh = skeletonTransforms(smd_);
        const std::vector<Eigen::Isometry3d> model = modelPoseTransforms(pose);
        for (std::size_t n = 0; n < smd_.nodes.size(); ++n) {
            const auto bone = bones_.find(smd_.nodes[n].name);
            if (!bone) continue;
            const Eigen::Isometry3d move =
                model[static_cast<std::size_t>(*bone)] * mesh[n].inverse();
            if (!move.matrix().isIdentity(1e-9)) out[n] = move;
        }
        return out;
    }

    bool collectPropSolid() {
        SolidSource solid;
        solid.name = std::filesystem::path(smd_.fileName).stem().string();
        // The physics mesh in model space, turned +90 degrees about Z as the model's root bones
        // and static props are (docs/mdl-compile.md).
        const std::vector<Eigen::Isometry3d> toModel = nodeToModel(options_.pose.bones);
        const std::vector<Eigen::Isometry3d> toBind =
            options_.pose.bones.empty() ? toModel : nodeToModel({});
        const auto place = [](const std::vector<Eigen::Isometry3d>& transforms, int bone) {
            const bool known = bone >= 0 && static_cast<std::size_t>(bone) < transforms.size();
            return quarterTurnAboutZ() * (known ? transforms[static_cast<std::size_t>(bone)]
                                                : Eigen::Isometry3d::Identity());
        };
        double drift = 0; // how far the pose moves a vertex from its bind-pose place
        for (const SmdTriangle& t : smd_.triangles)
            for (const SmdVertex& v : t.corners) {
                solid.corners.push_back(cornerOf(v, place(toModel, v.bone)));
                const Vec3d bind = cornerOf(v, place(toBind, v.bone)).position;
                drift = std::max(drift, length(solid.corners.back().position - bind));
            }
        if (drift > kCollisionPoseWarningDistance) reportPoseDrift(drift);
        solids_.push_back(std::move(solid));
        return true;
    }

    void reportPoseDrift(double drift) {
        char distance[32];
        std::snprintf(distance, sizeof distance, "%.3f", drift);
        own_.report(kPhysicsCodes["PHYS011"], options_.pose.definedAt,
                    "the collision mesh of '" + std::filesystem::path(smd_.fileName).string() +
                        "' follows the first frame of '" + options_.pose.animation +
                        "', as studiomdl poses a prop's collision model, which moves it up to " +
                        distance +
                        " units from the reference pose; start the model's first animation in "
                        "the reference pose if the collision model should match the reference "
                        "mesh");
    }

    std::optional<int> boneNamed(const std::string& name, const SourceLocation& at) {
        if (auto bone = bones_.find(name)) return bone;
        own_.report(kPhysicsCodes["PHYS007"], at,
                    "'" + name + "' is not a bone of the model; name one of its bones");
        return std::nullopt;
    }

    // The bone a $collisionjoints rule names. Valve's standard human ragdoll .qci merges
    // "valvebiped.bip01" into the pelvis; the heads built on it (the characters' male_07) have
    // that bone in their reference SMDs but weight nothing to it and name it nowhere else, so the
    // model leaves it out (docs/mdl-compile.md, "Unused bones"), and studiomdl compiles them all
    // the same: its .phy has every other solid and keeps the merge in its editparams as written.
    // A rule naming a bone left out or folded away so is skipped with a warning (PHYS012; -1
    // here). A name no reference SMD has is a misspelling and an error (PHYS007; nothing here):
    // a joint limit or collision pair on it would otherwise be lost without a word.
    std::optional<int> jointRuleBone(const std::string& name, const SourceLocation& at,
                                     const char* command) {
        if (auto bone = bones_.find(name)) return bone;
        for (const auto& [bone, into] : bones_.collapsed()) {
            if (!equalsIgnoringAsciiCase(bone.name, name)) continue;
            const std::string fate =
                into < 0
                    ? std::string("leaves it out")
                    : "folds it into '" + bones_.bones()[static_cast<std::size_t>(into)].name + "'";
            own_.report(kPhysicsCodes["PHYS012"], at,
                        "'" + name +
                            "' is a bone of the reference SMDs, but nothing is weighted to it or "
                            "names it and the model " +
                            fate + ": this " + command +
                            " is skipped, as studiomdl skips it; name a bone the model keeps, or "
                            "keep this one with $definebone or $bonemerge");
            return -1;
        }
        return boneNamed(name, at);
    }

    // Each model bone's solid bone after $jointmerge (`$jointmerge A B`: B folds into A, the
    // wiki's "$jointmerge <parent> <child>"; Valve's ragdolls show it: editparams
    // "valvebiped.bip01_pelvis,valvebiped.bip01_spine1" beside a Pelvis solid and no Spine1 one)
    // and $jointskip (a bone folds into its parent); -1 when it has none. Every rule naming an
    // unknown bone is reported before nothing is returned.
    std::optional<std::vector<int>> solidBoneOfEachBone() {
        const auto& all = bones_.bones();
        std::vector<int> target(all.size());
        for (std::size_t b = 0; b < all.size(); ++b)
            target[b] = static_cast<int>(b);
        bool named = true;
        for (const QcBonePair& merge : settings_.jointMerges) {
            const auto to = jointRuleBone(merge.first, merge.definedAt, "$jointmerge");
            const auto from = jointRuleBone(merge.second, merge.definedAt, "$jointmerge");
            named = named && from && to;
            if (from && to && *from >= 0 && *to >= 0) target[static_cast<std::size_t>(*from)] = *to;
        }
        for (const auto& skip : settings_.jointSkips) {
            const auto bone = jointRuleBone(skip.value, skip.at, "$jointskip");
            named = named && bone;
            if (bone && *bone >= 0)
                target[static_cast<std::size_t>(*bone)] =
                    all[static_cast<std::size_t>(*bone)].parent;
        }
        // A limit or collision pair on a bone left out has no solid to act on: later steps find
        // none and leave it, as a bone merged away.
        for (const QcJointConstraint& c : settings_.jointConstraints)
            named = jointRuleBone(c.bone, c.definedAt, "$jointconstrain").has_value() && named;
        for (const QcBonePair& pair : settings_.jointCollides) {
            named = jointRuleBone(pair.first, pair.definedAt, "$jointcollide").has_value() && named;
            named =
                jointRuleBone(pair.second, pair.definedAt, "$jointcollide").has_value() && named;
        }
        if (!named) return std::nullopt;
        // Follow chains (a merge into a skipped bone) to their end; a cycle ends at -1.
        for (std::size_t b = 0; b < all.size(); ++b) {
            int t = target[b];
            for (std::size_t step = 0; t >= 0 && target[static_cast<std::size_t>(t)] != t; ++step) {
                if (step > all.size()) {
                    t = -1;
                    break;
                }
                t = target[static_cast<std::size_t>(t)];
            }
            target[b] = t;
        }
        return target;
    }

    bool collectJointedSolids() {
        const auto nodeBones = bones_.mapNodes(smd_, own_);
        if (!nodeBones) return false;
        const auto solidBone = solidBoneOfEachBone();
        if (!solidBone) return false;
        const std::vector<Eigen::Isometry3d> world = skeletonTransforms(smd_);
        // The inverse bind transform of each model bone, from the physics mesh's own skeleton.
        std::vector<std::optional<Eigen::Isometry3d>> toBone(bones_.bones().size());
        for (std::size_t n = 0; n < nodeBones->size(); ++n)
            toBone[static_cast<std::size_t>((*nodeBones)[n])] = world[n].inverse();
        std::map<int, SolidSource> byBone; // bone order: parents before children
        for (const SmdTriangle& t : smd_.triangles) {
            std::set<int> faceBones;
            for (const SmdVertex& v : t.corners)
                for (SmdLink link : smd_.influences(v)) {
                    if (link.weight <= 0 || link.bone < 0 ||
                        static_cast<std::size_t>(link.bone) >= nodeBones->size())
                        continue;
                    const int bone = (*solidBone)[static_cast<std::size_t>(
                        (*nodeBones)[static_cast<std::size_t>(link.bone)])];
                    if (bone >= 0) faceBones.insert(bone);
                }
            for (int bone : faceBones) {
                const auto& inverse = toBone[static_cast<std::size_t>(bone)];
                SolidSource& solid = byBone[bone];
                solid.bone = bone;
                solid.name = bones_.bones()[static_cast<std::size_t>(bone)].name;
                for (const SmdVertex& v : t.corners)
                    solid.corners.push_back(
                        cornerOf(v, inverse ? *inverse : Eigen::Isometry3d::Identity()));
            }
        }
        for (auto& [bone, solid] : byBone)
            solids_.push_back(std::move(solid));
        return true;
    }

    // ---- Pieces ----------------------------------------------------------------------------

    bool concave() const {
        return settings_.concave.has_value() || settings_.concavePerJoint.has_value();
    }

    int maxConvexPieces() const {
        return settings_.maxConvexPieces ? std::max(1, settings_.maxConvexPieces->value)
                                         : kDefaultMaxConvexPieces;
    }

    static std::vector<Vec3d> positionsOf(const std::vector<CollisionCorner>& corners) {
        std::vector<Vec3d> out;
        out.reserve(corners.size());
        for (const CollisionCorner& c : corners)
            out.push_back(c.position);
        return out;
    }

    bool splitIntoPieces(SolidSource& solid) {
        if (!concave()) {
            solid.pieces.push_back({positionsOf(solid.corners), solid.name});
            return true;
        }
        WeldOptions weld;
        if (settings_.weldPosition) weld.position = settings_.weldPosition->value;
        if (settings_.weldNormal) weld.normal = settings_.weldNormal->value;
        std::vector<PieceSource> islands;
        for (Island& island : findIslands(solid.corners, weld)) {
            const std::string name = solid.name + " island " + std::to_string(islands.size() + 1);
            const double thickness = pointSetThickness(island.points).value_or(0.0);
            if (thickness < kFlatIslandThickness) {
                if (!reportFlatIsland(name, island, thickness)) return false;
                continue;
            }
            islands.push_back({std::move(island.points), name});
        }
        islandsFound_ += islands.size();
        const std::size_t limit = static_cast<std::size_t>(maxConvexPieces());
        if (islands.size() <= limit) {
            solid.pieces = std::move(islands);
            return true;
        }
        if (options_.pieces == CollisionPieceStrategy::Merge &&
            islands.size() <= kMaxMergedIslands) {
            solid.pieces = mergeIslands(solid.name, islands, limit);
            return true;
        }
        const bool tooManyToMerge = options_.pieces == CollisionPieceStrategy::Merge;
        own_.report(kPhysicsCodes["PHYS002"], settings_.definedAt,
                    solid.name + ": $concave found " + std::to_string(islands.size()) +
                        " islands, more than $maxconvexpieces " + std::to_string(limit) +
                        "; one hull of everything is made instead" +
                        (tooManyToMerge ? " (--collision-pieces merge joins at most " +
                                              std::to_string(kMaxMergedIslands) + " islands)"
                                        : " (--collision-pieces merge keeps the shape)"));
        std::vector<Vec3d> all;
        for (const PieceSource& island : islands)
            all.insert(all.end(), island.points.begin(), island.points.end());
        solid.pieces = {{std::move(all), solid.name}};
        return true;
    }

    bool reportFlatIsland(const std::string& name, const Island& island, double thickness) {
        const Bounds box = computeBounds(island.points);
        const Vec3d centre = (box.min + box.max) * 0.5;
        char where[160];
        std::snprintf(where, sizeof where, " around (%.2f, %.2f, %.2f), %.3f units thick", centre.x,
                      centre.y, centre.z, thickness);
        if (settings_.remove2d) {
            own_.report(kPhysicsCodes["PHYS008"], settings_.definedAt,
                        name + where + " is flat; $remove2d leaves it out");
            return true;
        }
        own_.report(kPhysicsCodes["PHYS009"], settings_.definedAt,
                    name + where +
                        " is 2-dimensional (under 0.5 units); give it thickness or "
                        "add $remove2d");
        return false;
    }

    std::vector<PieceSource> mergeIslands(const std::string& solidName,
                                          const std::vector<PieceSource>& islands,
                                          std::size_t limit) {
        std::vector<std::vector<Vec3d>> points;
        for (const PieceSource& island : islands)
            points.push_back(island.points);
        const PieceMergeResult merged = mergePieces(points, limit);
        std::vector<PieceSource> out;
        for (const auto& group : merged.groups) {
            PieceSource piece{{}, solidName + " piece " + std::to_string(out.size() + 1)};
            for (std::uint32_t i : group)
                piece.points.insert(piece.points.end(), points[i].begin(), points[i].end());
            out.push_back(std::move(piece));
        }
        mergeAddedVolume_ += merged.addedVolume;
        char added[64];
        std::snprintf(added, sizeof added, "%.3f", merged.addedVolume);
        own_.report(kPhysicsCodes["PHYS003"], settings_.definedAt,
                    solidName + ": " + std::to_string(islands.size()) + " islands joined into " +
                        std::to_string(out.size()) + " hulls, adding " + added +
                        " cubic units to the islands' own volume");
        return out;
    }

    // ---- Hulls, surfaces and text ----------------------------------------------------------

    std::optional<std::vector<CompactSurfacePiece>> hullsOf(const SolidSource& solid) {
        std::vector<CompactSurfacePiece> pieces;
        const std::int32_t clientData = solid.bone >= 0 ? solid.bone + 1 : 0;
        for (const PieceSource& piece : solid.pieces) {
            const HullResult hull = buildConvexHull(
                piece.points, {.smallestCornerHeight = kStudiomdlSmallestCornerHeight});
            if (!hull.ok()) {
                reportHullFailure(hull.failure, piece.name, settings_.definedAt, own_);
                return std::nullopt;
            }
            pieces.push_back({hull.hull->points, hull.hull->triangles, clientData});
        }
        return pieces;
    }

    std::string surfacePropOf(const SolidSource& solid) const {
        if (solid.bone < 0) return qc_.mdl.surfaceProp;
        std::vector<std::string> chain;
        for (int b = solid.bone; b >= 0; b = bones_.bones()[static_cast<std::size_t>(b)].parent)
            chain.push_back(bones_.bones()[static_cast<std::size_t>(b)].name);
        return settings_.surfacePropFor(chain, qc_.mdl.surfaceProp);
    }

    // $automass: density x volume, or area x thickness for a shell material (kilograms).
    double automassOf(const std::string& surfaceProp, double volume, double area) {
        double density = kDefaultSurfaceDensity;
        std::optional<double> thickness;
        if (options_.surfaceProperties) {
            const auto found = options_.surfaceProperties->lookup(surfaceProp);
            if (found.fellBack && warnedSurfaces_.insert(surfaceProp).second)
                own_.report(kPhysicsCodes["PHYS005"], settings_.definedAt,
                            "surface property '" + surfaceProp +
                                "' is not defined in the game's scripts; \"default\" is used");
            density = found.property->density;
            thickness = found.property->thickness;
        }
        const double cubicInches = thickness && *thickness > 0 ? area * *thickness : volume;
        return density * cubicInches * kCubicMetresPerCubicInch;
    }

    static double surfaceArea(const std::vector<CompactSurfacePiece>& pieces) {
        double area = 0;
        for (const CompactSurfacePiece& piece : pieces)
            for (const auto& t : piece.triangles) {
                const Vec3d a = piece.points[t[0]], b = piece.points[t[1]], c = piece.points[t[2]];
                area += 0.5 * length(cross(b - a, c - a));
            }
        return area;
    }

    std::optional<PhysicsModel> assemble(bool jointed) {
        PhysicsModel model;
        std::vector<double> volumes, automass;
        std::vector<std::string> surfaceProps;
        if (settings_.automass && !options_.surfaceProperties)
            own_.report(kPhysicsCodes["PHYS004"], *settings_.automass,
                        "$automass needs the game's surface properties; the default density (" +
                            std::to_string(int(kDefaultSurfaceDensity)) +
                            " kg/m^3) is used: give --game-dir DIR or --surface-properties FILE");
        for (const SolidSource& solid : solids_) {
            const auto pieces = hullsOf(solid);
            if (!pieces) return std::nullopt;
            CompactSurfaceResult surface = buildCompactSurface(*pieces);
            if (!surface.solid) {
                own_.report(kPhysicsCodes["PHYS010"], settings_.definedAt,
                            solid.name + ": " + surface.error);
                return std::nullopt;
            }
            model.phy.solids.push_back(std::move(*surface.solid));
            volumes.push_back(surface.volume);
            surfaceProps.push_back(surfacePropOf(solid));
            automass.push_back(
                automassOf(surfaceProps.back(), surface.volume, surfaceArea(*pieces)));
            PhysicsSolidFigures figures{solid.name, {}, surface.volume, 0};
            for (const CompactSurfacePiece& piece : *pieces)
                figures.pointsPerPiece.push_back(piece.points.size());
            model.solids.push_back(std::move(figures));
        }
        model.totalMass = static_cast<float>(totalMass(automass));
        distributeMass(model, volumes);
        writeText(model, surfaceProps, jointed);
        model.physicsBones = physicsBones();
        model.islandsFound = islandsFound_;
        model.mergeAddedVolume = mergeAddedVolume_;
        return model;
    }

    double totalMass(const std::vector<double>& automass) const {
        if (settings_.mass) return settings_.mass->value;
        if (settings_.automass) {
            double sum = 0;
            for (double m : automass)
                sum += m;
            return sum;
        }
        return 1.0;
    }

    double massBiasOf(const SolidSource& solid) const {
        if (solid.bone < 0) return 1.0;
        return QcCollisionModel::valueFor(settings_.jointMassBiases, solid.name).value_or(1.0);
    }

    // Each solid's share of the total by volume x mass bias, at least kMinimumSolidMass (the
    // shares are not renormalised after that floor: Valve's ragdolls show a sum above $mass).
    void distributeMass(PhysicsModel& model, const std::vector<double>& volumes) const {
        double weighted = 0;
        for (std::size_t i = 0; i < solids_.size(); ++i)
            weighted += volumes[i] * massBiasOf(solids_[i]);
        for (std::size_t i = 0; i < solids_.size(); ++i) {
            const double share = weighted > 0 ? volumes[i] * massBiasOf(solids_[i]) / weighted
                                              : 1.0 / double(solids_.size());
            const double mass = solids_.size() == 1
                                    ? double(model.totalMass)
                                    : std::max(kMinimumSolidMass, double(model.totalMass) * share);
            model.solids[i].mass = static_cast<float>(mass);
        }
    }

    std::optional<std::size_t> parentSolidOf(std::size_t i) const {
        const auto& all = bones_.bones();
        for (int b = all[static_cast<std::size_t>(solids_[i].bone)].parent; b >= 0;
             b = all[static_cast<std::size_t>(b)].parent)
            for (std::size_t s = 0; s < i; ++s)
                if (solids_[s].bone == b) return s;
        return std::nullopt;
    }

    double perBone(const std::vector<QcBoneValue>& values, const SolidSource& solid,
                   const std::optional<QcPhysicsValue<double>>& model, double fallback) const {
        if (solid.bone >= 0)
            if (auto v = QcCollisionModel::valueFor(values, solid.name)) return *v;
        return model ? model->value : fallback;
    }

    PhyTextBlock solidBlock(const PhysicsModel& model, std::size_t i,
                            const std::string& surfaceProp) const {
        const SolidSource& solid = solids_[i];
        PhySolidParams params;
        params.index = static_cast<std::int32_t>(i);
        params.name = solid.name;
        if (solid.bone >= 0)
            if (const auto parent = parentSolidOf(i)) params.parent = solids_[*parent].name;
        params.mass = model.solids[i].mass;
        params.surfaceprop = surfaceProp;
        params.damping =
            static_cast<float>(perBone(settings_.jointDampings, solid, settings_.damping, 0.0));
        params.rotdamping = static_cast<float>(
            perBone(settings_.jointRotDampings, solid, settings_.rotDamping, 0.0));
        params.inertia =
            static_cast<float>(perBone(settings_.jointInertias, solid, settings_.inertia, 1.0));
        params.volume = static_cast<float>(model.solids[i].volume);
        PhyTextBlock block = makeSolidBlock(params);
        if (solid.bone >= 0)
            if (auto bias = QcCollisionModel::valueFor(settings_.jointMassBiases, solid.name))
                block.add("massbias", formatPhyFloat(static_cast<float>(*bias)));
        if (settings_.drag)
            block.add("drag", formatPhyFloat(static_cast<float>(settings_.drag->value)));
        if (settings_.massCenter) {
            const auto& c = settings_.massCenter->value;
            block.add("massCenterOverride", formatPhyFloat(float(c[0])) + " " +
                                                formatPhyFloat(float(c[1])) + " " +
                                                formatPhyFloat(float(c[2])));
        }
        return block;
    }

    PhyTextBlock constraintBlock(std::size_t parent, std::size_t child) const {
        PhyRagdollConstraintParams params;
        params.parent = static_cast<std::int32_t>(parent);
        params.child = static_cast<std::int32_t>(child);
        const QcJointAxis axes[] = {QcJointAxis::X, QcJointAxis::Y, QcJointAxis::Z};
        for (std::size_t a = 0; a < 3; ++a)
            if (const QcJointConstraint* c =
                    settings_.constraintFor(solids_[child].name, axes[a])) {
                params.min[a] = static_cast<float>(c->min);
                params.max[a] = static_cast<float>(c->max);
                params.friction[a] = static_cast<float>(c->friction / kJointFrictionDivisor);
            }
        return makeRagdollConstraintBlock(params);
    }

    std::optional<std::int32_t> solidIndexOfBone(const std::string& name) const {
        for (std::size_t s = 0; s < solids_.size(); ++s)
            if (asciiLower(solids_[s].name) == asciiLower(name)) return std::int32_t(s);
        return std::nullopt;
    }

    void writeText(PhysicsModel& model, const std::vector<std::string>& surfaceProps,
                   bool jointed) const {
        PhyText& text = model.phy.text;
        for (std::size_t i = 0; i < solids_.size(); ++i)
            text.blocks.push_back(solidBlock(model, i, surfaceProps[i]));
        if (jointed)
            for (std::size_t i = 1; i < solids_.size(); ++i)
                text.blocks.push_back(constraintBlock(parentSolidOf(i).value_or(0), i));
        if (settings_.noSelfCollisions || !settings_.jointCollides.empty()) {
            PhyCollisionRulesParams rules;
            rules.selfCollisions = !settings_.noSelfCollisions;
            for (const QcBonePair& pair : settings_.jointCollides) {
                const auto a = solidIndexOfBone(pair.first), b = solidIndexOfBone(pair.second);
                if (a && b) rules.collisionPairs.push_back({*a, *b});
            }
            text.blocks.push_back(makeCollisionRulesBlock(rules));
        }
        if (const auto& f = settings_.animatedFriction)
            text.blocks.push_back(makeAnimatedFrictionBlock(
                {float(f->minFriction), float(f->maxFriction), float(f->timeIn), float(f->timeOut),
                 float(f->timeHold)}));
        PhyEditParams edit;
        edit.rootname = settings_.rootBone ? settings_.rootBone->value : "";
        edit.totalmass = model.totalMass;
        edit.concave = concave();
        for (const QcBonePair& merge : settings_.jointMerges)
            edit.jointmerges.push_back({merge.first, merge.second}); // as written
        text.blocks.push_back(makeEditParamsBlock(edit));
        text.trailing = qc_.collisionText;
    }

    // Each bone's solid: its own, else its nearest ancestor's, else 0.
    std::vector<std::int32_t> physicsBones() const {
        const auto& all = bones_.bones();
        std::vector<std::int32_t> out(all.size(), 0);
        std::vector<int> own(all.size(), -1);
        for (std::size_t s = 0; s < solids_.size(); ++s)
            if (solids_[s].bone >= 0) own[static_cast<std::size_t>(solids_[s].bone)] = int(s);
        for (std::size_t b = 0; b < all.size(); ++b) {
            for (int a = int(b); a >= 0; a = all[static_cast<std::size_t>(a)].parent)
                if (own[static_cast<std::size_t>(a)] >= 0) {
                    out[b] = own[static_cast<std::size_t>(a)];
                    break;
                }
        }
        return out;
    }

    const QcProject& qc_;
    const QcCollisionModel& settings_;
    const SmdFile& smd_;
    const BoneTable& bones_;
    const PhysicsBuildOptions& options_;
    ForwardingSink own_;
    std::vector<SolidSource> solids_;
    std::set<std::string> warnedSurfaces_;
    std::size_t islandsFound_ = 0;
    double mergeAddedVolume_ = 0;
};

} // namespace

std::vector<LocalPose> animationFramePose(const BoneTable& bones, const SmdFile& animation,
                                          int frame) {
    std::vector<LocalPose> local = bindPose(bones);
    const auto shown = std::find_if(animation.frames.begin(), animation.frames.end(),
                                    [&](const SmdFrame& f) { return f.time == frame; });
    if (shown == animation.frames.end()) return local;
    for (const SmdBonePose& pose : shown->bones) {
        if (pose.bone < 0 || static_cast<std::size_t>(pose.bone) >= animation.nodes.size())
            continue;
        const auto bone = bones.find(animation.nodes[static_cast<std::size_t>(pose.bone)].name);
        if (!bone) continue;
        LocalPose& l = local[static_cast<std::size_t>(*bone)];
        l.position = toEigen(pose.position);
        l.rotation = quaternionFromEuler(toEigen(pose.rotation));
    }
    return local;
}

CollisionPose firstAnimationPose(const QcProject& qc, const BoneTable& bones) {
    const QcSequence* first = nullptr;
    for (const auto* list : {&qc.animations, &qc.sequences})
        for (const QcSequence& entry : *list)
            if (!entry.sources.empty() && entry.sources.front().file &&
                (first == nullptr || entry.order < first->order))
                first = &entry;
    if (first == nullptr || !first->sources.front().file->found) return {};
    NullSink quiet;
    SmdReadOptions posesOnly;
    posesOnly.posesOnly = true;
    auto animation = readSmdFile(first->sources.front().file->path, quiet, posesOnly);
    if (!animation || animation->frames.empty()) return {};
    // Placed as the animation is (skeleton_placement.h); past float it is refused there.
    placeSkeleton(*animation, placementOf(*first));
    if (lineBeyondFloatRange(*animation)) return {};
    const int frame = first->frameRange ? first->frameRange->first : animation->frames.front().time;
    return {animationFramePose(bones, *animation, frame), first->name, first->definedAt};
}

std::optional<PhysicsModel> buildPhysicsModel(const QcProject& qc, const SmdFile& smd,
                                              const BoneTable& bones,
                                              const PhysicsBuildOptions& options,
                                              DiagnosticSink& sink) {
    return PhysicsBuilder(qc, smd, bones, options, sink).run();
}

} // namespace vtxc
