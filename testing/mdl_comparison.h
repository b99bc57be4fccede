// Structural comparison of a compiled .mdl with Valve's: names, counts, bone hierarchy, bind poses,
// poseToBone, flags, hitboxes, attachments, textures, skins, body parts, models, meshes, pose
// parameters, IK chains, sequences, every decoded animation frame, sequence boxes and header
// values. Each difference carries a key naming what differs, so that a test can list the known
// and documented exceptions of a model by key.
#pragma once

#include "formats/studio/mdl.h"

#include <cstddef>
#include <cstdint>
#include <set>
#include <span>
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
// The first animation or sequence of that exact name, or nullptr.
const MdlAnimDesc* namedAnimation(const MdlFile& mdl, const std::string& name);
const MdlSeqDesc* namedSequence(const MdlFile& mdl, const std::string& name);

std::vector<MdlDifference> compareMdl(const MdlFile& ours, const MdlFile& valve,
                                      const MdlTolerances& tolerances = {});

// The differences whose key is not in `documented`, as text, one per line (empty: none).
std::string undocumented(const std::vector<MdlDifference>& differences,
                         const std::set<std::string>& documented);
// The documented keys that no difference uses (an exception that no longer applies).
std::vector<std::string> unusedExceptions(const std::vector<MdlDifference>& differences,
                                          const std::set<std::string>& documented);

// One row per section of the file: its record count in each file, the bytes from the section's
// start (its header offset) to the next section's start, so that the records a section points to
// count with the section they follow, and how many differences compareMdl found in it. A last
// row holds the bytes no section row counts (the string pool among them).
struct MdlSectionRow {
    std::string section;
    std::size_t oursCount = 0, valveCount = 0;
    std::size_t oursBytes = 0, valveBytes = 0;
    std::size_t differences = 0;
};

std::vector<MdlSectionRow> mdlSectionSummary(const MdlFile& ours,
                                             std::span<const std::uint8_t> oursBytes,
                                             const MdlFile& valve,
                                             std::span<const std::uint8_t> valveBytes,
                                             const std::vector<MdlDifference>& differences);

// The rows as a table: section, counts, bytes, "equal" or the number of differences.
std::string formatSectionSummary(const std::vector<MdlSectionRow>& rows);

} // namespace vtxc::test
