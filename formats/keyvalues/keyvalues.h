// vtxc_keyvalues: Valve KeyValues text (version 1) and the game's surface properties
// (docs/formats.md, "KeyValues text and surface properties"). Index of the entry points; each is
// declared in the header named beside it. Depends on vtxc_common. Codes KVT001-KVT026
// (keyvalues_codes.h).
//
//   parseKeyValues(text, fileName, sink)                  (keyvalues_reader.h)
//       A tree of `"key" "value"` entries and `"name" { ... }` blocks in file order, each with its
//       location. Stops at the first syntax error (KVT001-KVT006) and returns nothing. Bounded:
//       blocks nested deeper than kKeyValuesMaxDepth are refused. Pre: none (any bytes).
//   readKeyValuesFile(path, sink)
//       The same for a file (IO001 when it cannot be read, IO004 above 16 MiB).
//   loadSurfaceProperties(gameDir, sink)                  (surface_properties.h)
//       The game's surface properties: scripts/surfaceproperties_manifest.txt and the files it
//       lists in order (else scripts/surfaceproperties.txt), later definitions replacing earlier
//       ones, "base" inheritance resolved. KVT020 (exit 2) when the folder has neither file.
//       Returns nothing when any error was reported.
//   loadSurfacePropertiesFile(file, sink)
//       The same for one file.
//   SurfaceProperties::find / lookup, lookupSurfaceProperty(properties, name, where, sink)
//       A surface by name, ignoring case; lookup falls back to "default" (KVT026 from
//       lookupSurfaceProperty).
#pragma once

#include "formats/keyvalues/keyvalues_codes.h"
#include "formats/keyvalues/keyvalues_reader.h"
#include "formats/keyvalues/surface_properties.h"
