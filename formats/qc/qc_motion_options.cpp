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

} // namespace

bool isQcMotionOption(const std::string& option) {
    return extractedMotions().count(option) || option == "walkframe" || option == "rotate" ||
           option == "rotateto" || option == "alignto" || option == "startloop";
}

void readQcMotionOption(const QcToken& word, QcArgumentCursor& arguments, QcMotionOptions& motion,
                        DiagnosticSink& sink) {
    const std::string option = asciiLower(word.text);
    if (auto it = extractedMotions().find(option); it != extractedMotions().end()) {
        if (motion.flags == 0) motion.flagsAt = word.where();
        motion.flags |= it->second;
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
