// The hardware parameters studiomdl records in a .vtx header (FileHeader_t of optimize.h in the
// public Source SDK 2013) and the defaults vtxc builds strips for: every struct that holds one of
// them starts from these, so a change happens in one place. The values are those Valve's compiled
// files carry: dx90 24/53, dx80 24/16, sw 512/512; 9 bones per triangle, 3 per vertex.
#pragma once

namespace vtxc {

// Entries of the post-transform vertex cache (FIFO) that strips are ordered for: dx90 and dx80.
inline constexpr int kStudiomdlVertCacheSize = 24;
// Distinct bones one strip may use (hardware skinning slots): dx90, and dx80.
inline constexpr int kStudiomdlMaxBonesPerStrip = 53;
inline constexpr int kStudiomdlDx80MaxBonesPerStrip = 16;
// Distinct bones one triangle may use, and one vertex.
inline constexpr int kStudiomdlMaxBonesPerTri = 9;
inline constexpr int kStudiomdlMaxBonesPerVert = 3;
// The software-skinned variant (sw): no hardware limits worth the name.
inline constexpr int kStudiomdlSwVertCacheSize = 512;
inline constexpr int kStudiomdlSwMaxBonesPerStrip = 512;

} // namespace vtxc
