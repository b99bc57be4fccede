// The collision model stage of a compile: a QC's $collisionmodel or $collisionjoints and the
// physics SMD in, the .phy (docs/formats.md ".phy", docs/mdl-compile.md "Collision model") and
// what the .mdl takes from it (total mass, each bone's physics bone) out.
//
// How studiomdl builds it, as Valve's files show:
// - $collisionmodel (a prop): one solid named after the SMD (without extension), its vertices
//   skinned to the pose of the model's first animation's first frame (the bind pose when the
//   model has no animation; not with $assumeworldspace) and turned +90 degrees about Z like
//   every model's root: Valve's w_357.phy holds the physics SMD's points turned by the 0.0086
//   degrees that its idle animation's root differs from the bind pose, to within 1.3e-6 units;
//   one hull around every vertex, or with
//   $concave one hull per welded island ($weldposition, $weldnormal), at most $maxconvexpieces of
//   them (more: one hull of everything, with a warning).
// - $collisionjoints (jointed): one solid per bone that vertices are weighted to (after
//   $jointmerge and $jointskip), named after the bone, its faces in that bone's space; a bone
//   collects every face with a vertex weighted to it. Solids in bone order (parents first), each
//   one's parent the nearest ancestor bone with a solid; one ragdollconstraint per solid but the
//   first.
// - Mass: $mass, or with $automass the density of the surface property times the volume (area
//   times thickness for a shell material), or 1 kg. Each solid takes the total shared by volume
//   times $jointmassbias, at least 1 kg.
#pragma once

#include "compiler/project/compile_options.h"
#include "compiler/skeleton/bone_table.h"
#include "compiler/skeleton/pose_math.h"
#include "formats/common/diagnostics.h"
#include "formats/keyvalues/surface_properties.h"
#include "formats/phy/phy.h"
#include "formats/qc/qc_project.h"
#include "formats/smd/smd.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// studiomdl's $maxconvexpieces when a QC gives none. Older builds used 20, the Source SDK 2013's
// later ones 40; vtxc takes the later value.
inline constexpr int kDefaultMaxConvexPieces = 40;
// The engine's ragdoll solid limit (later branches: 32).
inline constexpr std::size_t kRagdollSolidLimit = 24;

// The pose a prop's collision mesh is skinned to (see above) and where it comes from.
struct CollisionPose {
    std::vector<LocalPose> bones; // one local pose per bone of the bone table; empty: bind pose
    std::string animation;        // the $animation or $sequence it is the first frame of
    SourceLocation definedAt;     // that command
};

// A prop's collision mesh that the first animation's pose moves farther than this from where the
// bind pose has it (units) gets a warning (PHYS011): studiomdl does so silently, and a mesh that
// drifts from the render mesh is a common surprise.
inline constexpr double kCollisionPoseWarningDistance = 0.1;

struct PhysicsBuildOptions {
    CollisionPieceStrategy pieces = CollisionPieceStrategy::SingleHull;
    CollisionPose pose;
    // The game's surface properties for $automass; null: the default density, with a warning.
    const SurfaceProperties* surfaceProperties = nullptr;
};

// Figures of one solid, for reports and `vtxc stats`.
struct PhysicsSolidFigures {
    std::string name;
    std::vector<std::size_t> pointsPerPiece;
    double volume = 0; // cubic inches
    float mass = 0;
};

struct PhysicsModel {
    PhyFile phy; // checkSum 0: the compile sets the model's checksum
    float totalMass = 1.0f;
    // For each bone of the model: the solid it moves with (its own, or its nearest ancestor's; 0
    // when no ancestor has one).
    std::vector<std::int32_t> physicsBones;
    std::vector<PhysicsSolidFigures> solids;
    std::size_t islandsFound = 0; // $concave: islands before any limit
    double mergeAddedVolume = 0;  // --collision-pieces merge: cubic inches added
};

// The local pose of every bone of `bones` in frame `frame` of `animation` (an animation SMD),
// matched by name; a bone the animation lacks, or the frame leaves out, keeps its bind pose. No
// such frame: the bind pose.
std::vector<LocalPose> animationFramePose(const BoneTable& bones, const SmdFile& animation,
                                          int frame);

// The pose a prop's collision mesh is skinned to: the first frame of the first animation file in
// QC order ($animation or $sequence; the frame its `frame START END` starts at), read from its
// SMD. No bones (the bind pose) when the QC names none, or the file cannot be read (the
// animation stage reports that with its file and line).
CollisionPose firstAnimationPose(const QcProject& qc, const BoneTable& bones);

// Pre: `qc.collisionModel` is set and `smd` is its physics mesh. `bones` is the model's bone
// table (the physics mesh's nodes are matched to it by name).
std::optional<PhysicsModel> buildPhysicsModel(const QcProject& qc, const SmdFile& smd,
                                              const BoneTable& bones,
                                              const PhysicsBuildOptions& options,
                                              DiagnosticSink& sink);

} // namespace vtxc
