// vtxc_phy: the .phy collision file (docs/formats.md, ".phy"). Index of the entry points; each is
// declared in the header named beside it. Depends on vtxc_common. Codes PHY (phy_codes.h).
//
// Reader: any bytes in, a parsed file or nothing. Every offset and count is checked against the
// buffer and its solid before it is followed; a failure reports the record and byte offset
// (PHY001-PHY008). Never throws, never reads outside `bytes`, memory bounded by the file's size.
//   readPhy(bytes, fileName, sink)                                    (phy.h)
//       Accepts the layout Valve's files have (ledges, one point pool, the tree); for every file
//       it accepts, writePhy(*readPhy(bytes)) == bytes.
//
// Writer: the file's bytes, offsets laid out first, each record's size checked as written.
//   writePhy(file)                                                    (phy.h)
//       Pre: node rightNode is -1 or a later node, node ledge -1 or a ledge; bit fields in range
//       (tri/pierce index < 4096, material < 128, opposite_index in -16384..16383); keys and
//       values of typed text blocks free of '"' and newlines. A breach is an internal error.
//   layoutCompactSurface(surface)     the offsets writePhy will use (to fill an outer hull's
//                                     client_data before writing)
//   phyCompactLedgeSizeDiv16(ledge)   Valve's size_div_16 for a ledge
//   phyOuterHullLedge(surface)        the root's ledge when the root is not a leaf
//   phyToSourceUnits / sourceUnitsToPhy   (x, y, z) inches <-> (x, -z, y) x 0.0254 metres
//
// Text section: never fails; formatPhyText(parsePhyText(bytes)) == bytes for any bytes.
//   parsePhyText(bytes), formatPhyText(text), formatPhyFloat(value)   (phy.h)
//   make*Block(params) / solidParams, ragdollConstraintParams, editParams(block)
//
// Structure and geometry (phy_check.h): safe on any model.
//   checkPhy(file, fileName), checkPhySurface(...)   PHY101-PHY105 findings
//   phyLedgePointIndices, phyLedgePoints, phyLedgeVolume, phyLedgeBounds, phyPieceLedges
#pragma once

#include "formats/phy/phy.h"
#include "formats/phy/phy_check.h"
#include "formats/phy/phy_codes.h"
