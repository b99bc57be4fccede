// Merging the convex pieces of a collision model down to a limit (vtxc's
// `--collision-pieces merge`): where studiomdl, past $maxconvexpieces, throws the shape away and
// wraps the whole model in one hull, this joins the pieces whose joint hull adds the least volume,
// one pair at a time, until the limit is met.
#pragma once

#include "collision/convex_hull.h"
#include "collision/vec3d.h"

#include <cstdint>
#include <span>
#include <vector>

namespace vtxc {

struct PieceMerge {
    std::uint32_t first = 0, second = 0; // the groups joined, by their smallest piece index
    double addedVolume = 0;              // joint hull volume minus the two hulls' volumes
};

struct PieceMergeResult {
    // The pieces of each group, ascending; groups ordered by their smallest piece.
    std::vector<std::vector<std::uint32_t>> groups;
    // The sum of the merges' added volumes (can be negative where hulls overlapped).
    double addedVolume = 0;
    std::vector<PieceMerge> merges; // in the order they were made
};

// Greedy merging: while more than `limit` groups remain (a limit of 0 counts as 1), join the two
// whose joint convex hull adds the least volume (ties: the pair with the smaller indices). A
// piece's or pair's hull that is flat counts as volume 0; a pair whose hull fails for another
// reason (a non-finite point) is merged last. Pair costs are cached and only the merged group's
// pairs recomputed (in parallel, written to fixed slots, so the result does not depend on the
// thread count): about N^2/2 hulls at the start and N per merge.
PieceMergeResult mergePieces(std::span<const std::vector<Vec3d>> pieces, std::size_t limit,
                             const HullOptions& options = {});

} // namespace vtxc
