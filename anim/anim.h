// vtxc_anim: Source 2 animation groups (`vtxc anim`, docs/vmdl-animation.md). Index of the entry
// points; each is declared in the header named beside it. Depends on vtxc_vmdl, vtxc_smd and
// vtxc_common (not on the compiler). Codes VMDL020-VMDL033 (anim_codes.h).
//
//   exportVmdlAnimations(vmdlPath, contentRoot, outputDir, sink)   (animation_export.h)
//       Reads the document, processes every animation from its SMD and writes DIR/<name>.smd and
//       DIR/sequences.json, all or nothing. Never replaces an animation's source (VMDL033).
//   processAnimation(animation, source, sink)                   (animation_processing.h)
//       Frame range, adjustment, motion extraction and smooth loop on an SMD's frames; values
//       no step touches are copied bit for bit. Pre: `source` is the animation's parsed SMD.
//   rotationFromSmdAngles, smdAnglesFromRotation                (animation_processing.h)
//       SMD Euler angles (radians, R = Rz * Ry * Rx) to a rotation and back.
#pragma once

#include "anim/anim_codes.h"
#include "anim/animation_export.h"
#include "anim/animation_processing.h"
