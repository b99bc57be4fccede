// Stage 8 of vtxc_compiler, `mdl`: the .mdl of a compiled model (docs/mdl-compile.md).
// Takes: the built meshes and the .vvd assembly (meshes stage), the collision model's mass and
// physics bones (physics stage), the animations and sequences (animation and sequences stages)
// and the QC's model settings.
// Gives: an MdlFile for formats/studio's writer: bones, hitbox sets, attachments, animations,
// sequences, IK, textures and skin families, body parts, models and meshes tied to the .vvd.
// Includes every earlier stage but lods (generated LODs reach it as the project's LODs).
//
//   assembleMdl(input, sink)                               (mdl_assembly.h)
//   hitboxSetsFromQc, generatedHitboxes                    (hitboxes.h)
//   buildAttachments                                       (attachments.h)
//   buildTextureTables                                     (mdl_textures.h)
//   buildBodyParts(built, vvd, ...)                        (mdl_body_parts.h)
#pragma once

#include "compiler/mdl/attachments.h"
#include "compiler/mdl/hitboxes.h"
#include "compiler/mdl/mdl_assembly.h"
#include "compiler/mdl/mdl_body_parts.h"
#include "compiler/mdl/mdl_textures.h"
