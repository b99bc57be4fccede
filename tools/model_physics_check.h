// A model's collision file (.phy) cross-checked against its .mdl (docs/formats.md, ".phy"), for
// `vtxc inspect MODEL`. It lives here, above both format families, because the .mdl
// (formats/studio) and the .phy (formats/phy) sit beside each other and neither may know the
// other.
//
// What Valve's files show (the corpus .phy files beside their .mdl):
// - When the .phy and .mdl come from one compile (same checksum), the .mdl's mass equals the
//   editparams totalmass, every bone's physicsbone is the solid it moves with, and each piece's
//   client data is its solid's bone index + 1.
// - Three shipped .phy files carry another compile's checksum (the engine does not compare it);
//   their .mdl then holds studiomdl's defaults (mass 1, physicsbone 0) and the pieces' client data
//   index another skeleton. So those three checks only run when the checksums agree, and the
//   differing checksum is a warning.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/phy/phy.h"
#include "formats/studio/mdl.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// `<stem>.phy` in the base path's folder, matched ignoring case like the model's other files
// (findModelFiles); a trailing ".mdl" on basePath is accepted. Empty when there is none.
std::filesystem::path findModelPhy(const std::filesystem::path& basePath);

// Reads and parses a .phy; read and parse errors go to the sink (IO0xx, PHY001-PHY008).
std::optional<PhyFile> loadPhyFile(const std::filesystem::path& path, DiagnosticSink& sink);

// True for a jointed model's .phy ($collisionjoints): more than one solid, a ragdollconstraint
// block, or a piece whose client data holds a bone index + 1 (a one-bone $collisionjoints).
bool isJointedPhy(const PhyFile& phy);

// For each solid, its "solid" text block (matched by "index", else by order), or null.
std::vector<const PhyTextBlock*> phySolidBlocks(const PhyFile& phy);

// The bone a name denotes: the exact name, else the first bone equal ignoring ASCII case (the
// editparams of Valve's files spell bone names in lower case). Nothing when no bone matches.
std::optional<std::size_t> findMdlBone(const MdlFile& mdl, const std::string& name);

// Every finding about the .phy: the structural check (checkPhy, PHY101-PHY105) and, when `mdl` is
// given, the cross-check (PHYCHK001-PHYCHK006 of tools_codes.h): the checksum, every solid of a
// jointed model naming a bone, each bone's physicsbone, the mass, the pieces' client data, a
// "solid" block per solid. Located in `phyName`, or `mdlName` for a field of the .mdl.
std::vector<Diagnostic> checkModelPhysics(const MdlFile* mdl, const std::string& mdlName,
                                          const PhyFile& phy, const std::string& phyName);

} // namespace vtxc
