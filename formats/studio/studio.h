// vtxc_studio: the compiled model files (docs/formats.md): .vvd, .vtx, .mdl and the model check.
// Index of the entry points; each is declared in the header named beside it. Depends on
// vtxc_common. Codes VVD/VTX/MDL/CHK (studio_codes.h).
//
// Readers: any bytes in, a parsed file or nothing. Every offset and count is checked against the
// buffer before it is followed; a failure reports the record and byte offset. Never throw, never
// read outside `bytes`, bounded memory for hostile input.
//   readVvd(bytes, fileName, sink)                        (vvd.h)
//   readVtx(bytes, fileName, sink)                        (vtx.h)
//   readMdl(bytes, fileName, sink)   versions 44-49       (mdl.h)
//
// Writers: a file's bytes, laid out as Valve's studiomdl lays them out (offsets planned first,
// each record's size checked as it is written).
//   writeVvd(file)   Pre: tangents empty or one per vertex. For a file readVvd takes back,
//                    numLODVertexes[0] counts the vertices.
//   writeVtx(file)   Layout facts (offsets, counts) are derived from the vectors.
//
// A model's files together:
//   findModelFiles(base), loadModelFiles(paths, sink)     (model_files.h)
//       The files of models/NAME (names matched ignoring case), read and parsed.
//   checkModel(model)                                     (model_check.h)
//       The cross-checks the engine relies on (CHK001-CHK009): one finding per mismatch.
//   meshOrderedVertexIndices(vvd, rootLod)                (vvd_mesh_order.h)
//       The .vvd vertices in the mesh order the engine sees after the fixups; runs outside the
//       pool are clipped, so damaged input gives a shorter list, never a bad index.
#pragma once

#include "formats/studio/mdl.h"
#include "formats/studio/model_check.h"
#include "formats/studio/model_files.h"
#include "formats/studio/studio_codes.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"
#include "formats/studio/vvd_mesh_order.h"
