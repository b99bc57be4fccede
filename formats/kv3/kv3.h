// vtxc_kv3: the KV3 text reader (docs/vmdl-animation.md, "KV3 text"). Index of the entry points;
// each is declared in the header named beside it. Depends on vtxc_common. Codes KV3001-KV3011
// (kv3_codes.h).
//
//   parseKv3(text, fileName, sink)                        (kv3_reader.h)
//       A generic value tree of typed declarations, every value checked against its declared
//       type. Syntax errors stop at the first; type errors are all reported (up to the sink's
//       limit). Returns nothing when there was any error. Bounded: nesting deeper than
//       kKv3MaxDepth is refused. Pre: none (any bytes).
//   readKv3File(path, sink)
//       The same for a file (IO001 when it cannot be read).
//   kv3NamedObjects(document)
//       Every named object by name, what `&Name` pointers refer to. Pre: the pointers returned
//       point into `document`, which must outlive them.
#pragma once

#include "formats/kv3/kv3_codes.h"
#include "formats/kv3/kv3_reader.h"
