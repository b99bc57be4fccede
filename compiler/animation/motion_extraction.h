// Motion of the root: the $sequence/$animation options that turn or move a whole animation, and
// the extraction of the root's motion into movements (studio.h mstudiomovement_t), as Valve's
// compiled NPC animation libraries show them (docs/mdl-compile.md, "Motion extraction"):
//  - `rotate D` turns the root bones D degrees about the model's Z axis (about the origin);
//    `rotateto D` turns them so the root's motion from the first to the last frame heads D
//    degrees; `alignto reference` moves them so the first frame's root has the X and Y of the
//    reference pose's root, `alignto ANIMATION` those of that animation's first frame;
//    `startloop F` makes frame F the loop's first (the frames before it follow, carried by the
//    loop's motion);
//    `align ANIMATION MOTION... ITS_FRAME FRAME` moves them so the root at FRAME lands on that
//    animation's root at ITS_FRAME in the named components;
//  - `walkframe F MOTION...` ends a piece of motion at frame F (pieces follow each other from
//    frame 0); bare words (`LX LY`) are one piece to the last frame (or the rest after the last
//    walkframe). Each piece takes the root's change over it in the named components (LX, LY, LZ
//    of its position, LZR of its turn about Z, the turn about the model's origin) out of the
//    poses along the engine's curve (see movementAtFrame); the frames after the last piece lose
//    the whole motion. A piece writes one movement: its end frame, flags, the motion's
//    cumulated position and heading (degrees) at its end, the unit vector of its own change, and
//    its speeds v0 and v1 (equal, the change's length, unless its middle is more than 10% off
//    halfway). In an animation that does not loop, the bare words' record ends 0.3 seconds
//    before its piece (the motion rollback; the frames still lose the whole motion).
#pragma once

#include "compiler/animation/animation_frames.h"
#include "compiler/skeleton/bone_setup.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_motion_options.h"

#include <functional>
#include <string>

namespace vtxc {

struct MotionContext {
    const Skeleton& skeleton;
    // The animation an `alignto NAME` names (nullptr when none has that name).
    std::function<const AnimationFrames*(const std::string&)> findAnimation;
};

// Applies `motion` to the animation's frames (rotate, rotateto, alignto, startloop in the order
// written, then the extraction) and sets its movements. Frames named by walkframe or startloop
// past the last frame, and an alignto naming no animation, are errors at the option's line
// (SEQ003, SEQ001); returns false after one.
bool applyMotion(const QcMotionOptions& motion, AnimationFrames& animation,
                 const MotionContext& context, DiagnosticSink& sink);

// A looping animation's last frame repeats its first: in Valve's combine_soldier_anims.mdl all 180
// looping animations end on their first pose, also where the source files do not (the hl2mp
// a_Run* and a_Crouch_walk*). The roots too, unless motion was taken out (then they keep what the
// extraction left): police shotgunidle3's pelvis ends on its first place, 0.18 from the file's.
void closeLoop(AnimationFrames& animation, const Skeleton& skeleton);

// Where the engine has moved the model at `frame` of an animation with these movements: along
// each piece by d(t) = v0 t + (v1 - v0) t^2 / 2 (t the fraction of the piece), turned linearly;
// past the last piece, at its end.
Eigen::Isometry3d movementAtFrame(const std::vector<MdlMovement>& movements, int frame);

} // namespace vtxc
