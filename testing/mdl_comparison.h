// Structural comparison of a compiled .mdl with Valve's: names, counts, bone hierarchy, bind poses,
// poseToBone, flags, hitboxes, attachments, textures, skins, body parts, models, meshes, pose
// parameters, IK chains, sequences, every decoded animation frame, sequence boxes and header
// values. Each difference carries a key naming what differs, so that a test can list the known
// and documented exceptions of a model by key.
#pragma once

#include "formats/studio/mdl.h"

#include <set>
#include <string>
#include <vector>

namespace vtxc::test {

struct MdlDifference {
    std::string key;     // e.g. "bone ValveBiped.Cod", "sequence idle bbox", "mass"
    std::string message; // what differs: ours and Valve's values
};

struct MdlTolerances {
    double pose = 1e-3;         // bind poses, poseToBone, attachments, hitboxes (units/radians)
    double frame = 1e-3;        // decoded animation frames (units/radians), on top of quantisation
    double box = 0.01;          // sequence boxes and hull (units)
    double meshVertices = 0.01; // mesh vertex counts, relative (the meshes are rebuilt)
};

// Every difference between `ours` and `valve`. Animated positions are compared within one step
// of Valve's quantisation plus half of ours (Valve's encoder truncates values it computed in
// float, which cannot be reproduced bit for bit) on top of `tolerances.frame`.
std::vector<MdlDifference> compareMdl(const MdlFile& ours, const MdlFile& valve,
                                      const MdlTolerances& tolerances = {});

// The differences whose key is not in `documented`, as text, one per line (empty: none).
std::string undocumented(const std::vector<MdlDifference>& differences,
                         const std::set<std::string>& documented);
// The documented keys that no difference uses (an exception that no longer applies).
std::vector<std::string> unusedExceptions(const std::vector<MdlDifference>& differences,
                                          const std::set<std::string>& documented);

} // namespace vtxc::test
