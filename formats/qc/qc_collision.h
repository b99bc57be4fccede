// The physics commands of a QC: the `$collisionmodel` / `$collisionjoints` block and
// `$collisiontext`. Values are kept as written (degrees, kilograms, model units); the .phy compile
// converts them. Option meanings: the Valve Developer Community wiki pages $collisionmodel,
// $collisionjoints and $jointconstrain, and docs/qc.md ("Physics commands").
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/qc/qc_command_stream.h"
#include "formats/qc/qc_file_refs.h"

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vtxc {

// Which command opened the block: a prop with one solid, or one solid per bone (ragdolls and
// animated props).
enum class QcCollisionKind { Model, Joints }; // $collisionmodel, $collisionjoints

// A value and where it was written (the option's word).
template <typename T> struct QcPhysicsValue {
    T value{};
    SourceLocation at;
};

// `$jointconstrain BONE AXIS free|fixed|limit [MIN MAX [FRICTION]]`.
enum class QcJointAxis { X, Y, Z };
enum class QcJointLimitType { Free, Fixed, Limit };
struct QcJointConstraint {
    std::string bone;
    QcJointAxis axis = QcJointAxis::X;
    QcJointLimitType type = QcJointLimitType::Fixed;
    // The range in degrees and the friction as they take effect: free is -360..360 whatever was
    // written, fixed is 0..0 with friction 0, limit is as written (friction 0 when not given).
    // The friction is as written; studiomdl stores it divided by 5 in the .phy (docs/qc.md).
    double min = 0.0;
    double max = 0.0;
    double friction = 0.0;
    SourceLocation definedAt;
};

// `$jointmerge A B`, `$jointcollide A B`.
struct QcBonePair {
    std::string first;
    std::string second;
    SourceLocation definedAt;
};

// `$jointmassbias`, `$jointinertia`, `$jointdamping`, `$jointrotdamping`: `BONE VALUE`.
struct QcBoneValue {
    std::string bone;
    double value = 0.0;
    SourceLocation definedAt;
};

// `$jointsurfaceprop BONE PROP`: the surface property of BONE's solid and of its children's.
struct QcBoneSurfaceProp {
    std::string bone;
    std::string surfaceProp;
    SourceLocation definedAt;
};

// `$animatedfriction MIN MAX TIMEIN TIMEOUT TIMEHOLD`: the .phy's `animatedfriction` block
// (animfrictionmin, animfrictionmax, animfrictiontimein, animfrictiontimeout,
// animfrictiontimehold, in that order).
struct QcAnimatedFriction {
    double minFriction = 0.0;
    double maxFriction = 0.0;
    double timeIn = 0.0;
    double timeOut = 0.0;
    double timeHold = 0.0;
    SourceLocation definedAt;
};

// One `$collisionmodel` or `$collisionjoints` command with its block. An option written twice
// keeps its later value; list options keep every line in order (for $jointconstrain on the same
// bone and axis the later line counts: see constraintFor).
struct QcCollisionModel {
    QcCollisionKind kind = QcCollisionKind::Model;
    QcFileRef smd;         // the physics mesh, resolved (found == false when missing: QC052)
    QcPlacement placement; // $scale and $origin where the command stands
    SourceLocation definedAt;

    // Mass and motion of the whole model.
    std::optional<QcPhysicsValue<double>> mass;       // $mass: total kilograms
    std::optional<SourceLocation> automass;           // $automass: density x volume
    std::optional<QcPhysicsValue<double>> inertia;    // $inertia: scale of the inertia tensor
    std::optional<QcPhysicsValue<double>> damping;    // $damping: linear
    std::optional<QcPhysicsValue<double>> rotDamping; // $rotdamping: angular
    std::optional<QcPhysicsValue<double>> drag;       // $drag: drag coefficient
    std::optional<QcPhysicsValue<std::array<double, 3>>> massCenter; // $masscenter X Y Z

    // How the mesh becomes hulls.
    std::optional<SourceLocation> assumeWorldSpace;     // $assumeworldspace: vertices as they are
    std::optional<SourceLocation> remove2d;             // $remove2d: drop flat islands
    std::optional<SourceLocation> concave;              // $concave: one hull per island
    std::optional<SourceLocation> concavePerJoint;      // $concaveperjoint
    std::optional<QcPhysicsValue<int>> maxConvexPieces; // $maxconvexpieces N
    std::optional<QcPhysicsValue<double>> weldPosition; // $weldposition: distance
    std::optional<QcPhysicsValue<double>> weldNormal;   // $weldnormal: dot product threshold

    // Bones and joints.
    std::optional<QcPhysicsValue<std::string>> rootBone; // $rootbone (often " ")
    std::vector<QcPhysicsValue<std::string>> jointSkips; // $jointskip BONE
    std::vector<QcBonePair> jointMerges;                 // $jointmerge A B: B folds into A
    std::vector<QcJointConstraint> jointConstraints;     // $jointconstrain
    std::vector<QcBonePair> jointCollides;               // $jointcollide A B
    std::optional<SourceLocation> noSelfCollisions;      // $noselfcollisions
    std::vector<QcBoneSurfaceProp> jointSurfaceProps;    // $jointsurfaceprop
    std::vector<QcBoneValue> jointMassBiases;            // $jointmassbias
    std::vector<QcBoneValue> jointInertias;              // $jointinertia
    std::vector<QcBoneValue> jointDampings;              // $jointdamping
    std::vector<QcBoneValue> jointRotDampings;           // $jointrotdamping
    std::optional<QcAnimatedFriction> animatedFriction;  // $animatedfriction

    // The constraint that counts for one bone and axis (the last line naming them, bone names
    // compared ignoring case), or nothing: an axis never named is locked at 0..0.
    const QcJointConstraint* constraintFor(const std::string& bone, QcJointAxis axis) const;
    // The surface property of a bone's solid: the $jointsurfaceprop of the bone or of its nearest
    // ancestor that has one, else the model's $surfaceprop. `boneAndAncestors` lists the bone
    // first, then its parent, up to the root; names compare ignoring case. The order of
    // $surfaceprop and the block in the QC does not matter.
    std::string surfacePropFor(std::span<const std::string> boneAndAncestors,
                               const std::string& modelSurfaceProp) const;
    // The last value a per-bone list gives `bone` (ignoring case), or nothing.
    static std::optional<double> valueFor(const std::vector<QcBoneValue>& values,
                                          const std::string& bone);
};

// Reads the block of a $collisionmodel/$collisionjoints command (an empty span: no block).
// Options are matched ignoring case. Wrong arguments are errors (QC030 missing, QC031 not a
// number, QC066 not an axis or limit type, QC067 out of range) at the offending token; an option
// vtxc does not know is a warning naming it (QC068), as is a joint option in a $collisionmodel
// (QC069); text that follows an option's arguments is ignored with QC039.
QcCollisionModel readQcCollisionBlock(const QcCommand& command, QcFileRef smd, QcTokenSpan block,
                                      DiagnosticSink& sink);

// The text a `$collisiontext { ... }` block adds to the .phy's text section: the block's
// contents with one source line per line, tokens separated by one space, quoted tokens quoted,
// a nested block as `name {` ... `}` lines (the layout of the .phy's own text blocks).
std::string serializeQcCollisionText(QcTokenSpan block);

} // namespace vtxc
