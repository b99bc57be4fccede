// Diagnostic codes of the collision geometry (collision/): COLL001-COLL005, reported for one
// convex piece of a collision model (a whole $collisionmodel, one island of a $concave model or
// one bone of $collisionjoints). The caller names the piece and where its faces come from.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kCollisionCodeList[] = {
    {"COLL001", Severity::Error, ExitCode::InvalidInput,
     "a collision piece is flat: its points span no volume",
     "give the piece some thickness in the physics SMD, or use $remove2d to drop flat pieces"},
    {"COLL002", Severity::Error, ExitCode::InvalidInput,
     "a collision piece has fewer than four points",
     "a convex piece needs at least four points that are not in one plane"},
    {"COLL003", Severity::Error, ExitCode::InvalidInput,
     "a collision piece has a point that is not a finite number",
     "fix the NaN or infinite coordinate in the physics SMD"},
    {"COLL004", Severity::Error, ExitCode::InvalidInput,
     "qhull could not build the convex hull of a collision piece",
     "check the piece for near-degenerate geometry; the message gives qhull's own error"},
    {"COLL005", Severity::Error, ExitCode::Internal,
     "the rebuilt convex hull of a collision piece is not closed",
     "report the physics SMD as a bug; the hull would crash the engine's physics"},
};

inline constexpr DiagnosticCatalogue kCollisionCodes{"COLL", "Collision geometry",
                                                     kCollisionCodeList};

} // namespace vtxc
