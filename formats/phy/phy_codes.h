// Diagnostic codes of the .phy collision file (formats/phy): the reader (PHY001-PHY008) and the
// structural check of the compact surfaces (PHY101-PHY105, phy_check.h).
//
// The reader shares the binary readers' numbering (formats/studio/studio_codes.h):
//   001 wrong file id   002 unsupported version   003 offset before the start of the file
//   004 record cut off  005 count out of range    006 records that alias the same bytes
//   007 inconsistent content (the message says what)
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kPhyCodeList[] = {
    {"PHY001", Severity::Error, ExitCode::InvalidInput,
     "the header size is not 16: not a .phy collision file", "give the model's .phy"},
    {"PHY002", Severity::Error, ExitCode::InvalidInput,
     "a solid is neither a VPHY version 0x0100 polygon-soup solid nor an old IVPS compact surface",
     "recompile the model's collision model with a Source 2007 or later studiomdl"},
    {"PHY003", Severity::Error, ExitCode::InvalidInput,
     "an offset points before the start of the file", "the file is corrupt: recompile the model"},
    {"PHY004", Severity::Error, ExitCode::InvalidInput,
     "a record is cut off by the end of the file or of its solid",
     "the file is truncated: copy or recompile it again"},
    {"PHY005", Severity::Error, ExitCode::InvalidInput, "a count is negative or beyond its limit",
     "the file is corrupt: recompile the model"},
    {"PHY006", Severity::Error, ExitCode::InvalidInput,
     "the records describe far more data than the file holds (aliasing offsets)",
     "the file is corrupt or hostile: recompile the model"},
    {"PHY007", Severity::Error, ExitCode::InvalidInput,
     "sizes contradict each other (solid size, surface size, byte_size)",
     "the file is corrupt: recompile the model"},
    {"PHY008", Severity::Error, ExitCode::InvalidInput,
     "a compact surface's offsets do not describe ledges, then one point pool, then the ledge tree",
     "the file is corrupt or written by another tool: recompile the model with studiomdl"},
    {"PHY101", Severity::Error, ExitCode::InvalidInput,
     "a ledge's hull is not closed: an edge's opposite is missing, not mutual or not reversed",
     "recompile the collision model; the engine's physics misbehaves on open hulls"},
    {"PHY102", Severity::Error, ExitCode::InvalidInput,
     "a compact triangle does not start on a 16-byte boundary",
     "recompile the collision model; the engine steps between edges by address"},
    {"PHY103", Severity::Error, ExitCode::InvalidInput,
     "a triangle's pierce_index names no triangle of its ledge", "recompile the collision model"},
    {"PHY104", Severity::Error, ExitCode::InvalidInput,
     "an edge's start_point_index lies outside the solid's point pool",
     "recompile the collision model"},
    {"PHY105", Severity::Error, ExitCode::InvalidInput,
     "the ledge tree does not reach every ledge, or a node names no ledge or node",
     "recompile the collision model"},
};

inline constexpr DiagnosticCatalogue kPhyCodes{"PHY", "Collision file (.phy)", kPhyCodeList};

} // namespace vtxc
