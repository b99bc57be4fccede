// Motion options of $sequence and $animation (rules in qc_motion_options.h).
#include "formats/qc/qc_motion_options.h"

#include "formats/common/text.h"

#include <map>

namespace vtxc {

namespace {

constexpr const char* kQcMotionNotImplemented = "QC062";

// The motion types vtxc extracts, by their QC words.
const std::map<std::string, int>& extractedMotions() {
    static const std::map<std::string, int> motions = {{"lx", kStudioMotionLX},
                                                       {"ly", kStudioMotionLY},
                                                       {"lz", kStudioMotionLZ},
                                                       {"lzr", kStudioMotionLZR}};
    return motions;
}

// Motion words studiomdl knows that vtxc does not extract: skipped with a warning after
// `walkframe`, so that the words do not read as options.
bool isOtherMotionWord(const std::string& lower) {
    static const std::map<std::string, int> words = {{"lxr", 0}, {"lyr", 0}, {"lm", 0}, {"lq", 0},
                                                     {"x", 0},   {"y", 0},   {"z", 0},  {"xr", 0},
                                                     {"yr", 0},  {"zr", 0}};
    return words.count(lower) > 0;
}

// The motion words after `walkframe FRAME`, as flags.
int readMotionWords(QcArgumentCursor& arguments, DiagnosticSink& sink) {
    int flags = 0;
    while (arguments.nextIsText()) {
        const QcToken& next = *arguments.peek();
        const std::string lower = asciiLower(next.text);
        if (auto it = extractedMotions().find(lower); it != extractedMotions().end()) {
            flags |= it->second;
        } else if (isOtherMotionWord(lower)) {
            sink.warning(kQcMotionNotImplemented, next.where(),
                         "motion type '" + next.text +
                             "' is not extracted by vtxc (LX, LY, LZ and LZR are); ignored");
        } else {
            break;
        }
        arguments.take();
    }
    return flags;
}

// `align ANIMATION MOTION... ITS_FRAME FRAME` (police `Rappel_a`: `align Rappel_a_layer LX LY LZ
// 139 0`).
bool readAlign(const QcToken& word, QcArgumentCursor& arguments, QcMotionStep& step,
               DiagnosticSink& sink) {
    const QcToken* name = takeQcName(arguments, word, "an animation name", sink);
    if (!name) return false;
    step.kind = QcMotionStepKind::Align;
    step.animation = name->text;
    step.flags = readMotionWords(arguments, sink);
    if (step.flags & kStudioMotionLZR) {
        sink.warning(kQcMotionNotImplemented, word.where(),
                     "'align' turns nothing in vtxc: LZR is ignored, LX, LY and LZ apply");
        step.flags &= ~kStudioMotionLZR;
    }
    auto otherFrame = takeQcWholeNumber(arguments, word, "a frame number of " + name->text, sink);
    if (!otherFrame) return false;
    auto frame = takeQcWholeNumber(arguments, word, "a frame number of this animation", sink);
    if (!frame) return false;
    if (*otherFrame < 0 || *frame < 0) {
        sink.error("QC031", word.where(), "'align' needs frame numbers of 0 or more");
        return false;
    }
    if (step.flags == 0)
        sink.warning(kQcMotionNotImplemented, word.where(),
                     "'align " + name->text +
                         "' names no motion type (LX, LY, LZ); it moves nothing");
    step.otherFrame = *otherFrame;
    step.frame = *frame;
    return true;
}

} // namespace

bool isQcMotionOption(const std::string& option) {
    return extractedMotions().count(option) || option == "walkframe" || option == "rotate" ||
           option == "rotateto" || option == "alignto" || option == "align" ||
           option == "startloop" || option == "motionrollback";
}

void readQcMotionOption(const QcToken& word, QcArgumentCursor& arguments, QcMotionOptions& motion,
                        DiagnosticSink& sink) {
    const std::string option = asciiLower(word.text);
    if (auto it = extractedMotions().find(option); it != extractedMotions().end()) {
        if (motion.flags == 0) motion.flagsAt = word.where();
        motion.flags |= it->second;
        return;
    }
    if (option == "motionrollback") {
        auto seconds = takeQcNumber(arguments, word, "a time in seconds", sink);
        if (!seconds) return;
        if (*seconds < 0.0) {
            sink.error("QC031", word.where(), "'motionrollback' needs 0 or more seconds");
            return;
        }
        motion.rollbackSeconds = *seconds;
        return;
    }
    if (option == "walkframe") {
        auto frame = takeQcWholeNumber(arguments, word, "a frame number", sink);
        if (!frame) return;
        if (*frame < 0) {
            sink.error("QC031", word.where(), "'walkframe' needs a frame number of 0 or more");
            return;
        }
        const int flags = readMotionWords(arguments, sink);
        if (flags == 0) {
            sink.warning(kQcMotionNotImplemented, word.where(),
                         "'walkframe " + std::to_string(*frame) +
                             "' names no motion type (LX, LY, LZ, LZR); ignored");
            return;
        }
        motion.walkframes.push_back({*frame, flags, word.where()});
        return;
    }
    QcMotionStep step;
    step.definedAt = word.where();
    if (option == "rotate" || option == "rotateto") {
        auto degrees = takeQcNumber(arguments, word, "an angle in degrees", sink);
        if (!degrees) return;
        step.kind = option == "rotate" ? QcMotionStepKind::Rotate : QcMotionStepKind::RotateTo;
        step.degrees = *degrees;
    } else if (option == "alignto") {
        const QcToken* name = takeQcName(arguments, word, "an animation name or 'reference'", sink);
        if (!name) return;
        step.kind = QcMotionStepKind::AlignTo;
        step.animation = name->text;
    } else if (option == "align") {
        if (!readAlign(word, arguments, step, sink)) return;
    } else if (option == "startloop") {
        auto frame = takeQcWholeNumber(arguments, word, "a frame number", sink);
        if (!frame) return;
        if (*frame < 0) {
            sink.error("QC031", word.where(), "'startloop' needs a frame number of 0 or more");
            return;
        }
        step.kind = QcMotionStepKind::StartLoop;
        step.frame = *frame;
    } else {
        return;
    }
    motion.steps.push_back(std::move(step));
}

} // namespace vtxc
