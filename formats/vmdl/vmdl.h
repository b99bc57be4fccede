// vtxc_vmdl: the Source 2 model document interpreter, animation part (docs/vmdl-animation.md).
// Index of the entry points; each is declared in the header named beside it. Depends on vtxc_kv3
// and vtxc_common. Codes VMDL001-VMDL017 (vmdl_codes.h).
//
//   loadVmdlDocument(path, contentRoot, sink)             (vmdl_document.h)
//       Reads MODEL.vmdl and interprets its animation groups (internal and external) and
//       animations, with the documented defaults applied. Returns nothing after an error. An empty
//       `contentRoot` means the document's folder.
//   interpretVmdl(document, documentPath, contentRoot, sink)
//       The same on an already parsed KV3 tree.
//   resolveContentPath(contentPath, root, where, sink)
//       A content-relative path resolved under `root`; refuses (VMDL008) empty and absolute paths
//       and paths that leave the root, also through symbolic links.
#pragma once

#include "formats/vmdl/vmdl_codes.h"
#include "formats/vmdl/vmdl_document.h"
