// The motion options of $sequence and $animation (Valve Developer Community wiki, $sequence:
// "walkframe", "LX", "rotate", "rotateto", "alignto", "align", "startloop"): how the root's motion
// is taken out of the poses and written as movements (studio.h mstudiomovement_t). The rules that
// apply them are in docs/mdl-compile.md, "Motion extraction".
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/qc/qc_command_stream.h"

#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// Motion types of studio.h (mstudiomovement_t::motionflags) that vtxc extracts.
inline constexpr int kStudioMotionLX = 0x40;
inline constexpr int kStudioMotionLY = 0x80;
inline constexpr int kStudioMotionLZ = 0x100;
inline constexpr int kStudioMotionLZR = 0x800;

// `walkframe FRAME MOTION...`: one piece of motion, from the previous piece's end to FRAME.
struct QcWalkframe {
    int endFrame = 0;
    int flags = 0; // kStudioMotion* of the words after the frame
    SourceLocation definedAt;
};

// The options that move the whole animation, applied in the order written.
enum class QcMotionStepKind {
    Rotate,    // `rotate DEGREES`: turn the root about Z
    RotateTo,  // `rotateto DEGREES`: turn the root so its motion heads that way
    AlignTo,   // `alignto ANIMATION` (or `reference`): move the first frame's root onto it
    StartLoop, // `startloop FRAME`: a loop that starts at FRAME
    Align,     // `align ANIMATION MOTION... ITS_FRAME FRAME`: move the root at FRAME onto the
               // root of ANIMATION at ITS_FRAME, in the named components
};

struct QcMotionStep {
    QcMotionStepKind kind = QcMotionStepKind::Rotate;
    double degrees = 0.0;  // Rotate, RotateTo
    int frame = 0;         // StartLoop; Align: this animation's frame
    std::string animation; // AlignTo, Align
    int otherFrame = 0;    // Align: the other animation's frame
    int flags = 0;         // Align: the components moved (kStudioMotionLX, LY, LZ)
    SourceLocation definedAt;
};

// studiomdl's default motion rollback, in seconds (docs/mdl-compile.md, "Motion extraction").
inline constexpr double kDefaultMotionRollbackSeconds = 0.3;

struct QcMotionOptions {
    int flags = 0; // bare motion words (`LX LY`): the motion of the whole animation
    SourceLocation flagsAt;
    std::vector<QcWalkframe> walkframes; // in the order written
    std::vector<QcMotionStep> steps;     // in the order written
    // `motionrollback SECONDS`, else the `$motionrollback` in force where the animation is
    // defined (the QC reader fills it in), else kDefaultMotionRollbackSeconds.
    std::optional<double> rollbackSeconds;
    bool empty() const { return flags == 0 && walkframes.empty() && steps.empty(); }
};

// True when `option` (lower case) is a motion option this reader implements.
bool isQcMotionOption(const std::string& option);

// Reads the arguments of the motion option `word` (isQcMotionOption) into `motion`. Reports
// missing or malformed numbers (QC030/QC031) and motion types vtxc does not extract (QC062, the
// word is skipped) at their tokens.
void readQcMotionOption(const QcToken& word, QcArgumentCursor& arguments, QcMotionOptions& motion,
                        DiagnosticSink& sink);

} // namespace vtxc
