// $sequence and $animation: sources, then options on the command line or in its block, and
// `{ event ... }` blocks. Option names and argument counts follow the Valve Developer Community
// wiki ($sequence); the options the corpus uses and the common ones are implemented.
#include "formats/qc/qc_sequence.h"

#include "formats/common/text.h"
#include "formats/qc/qc_paths.h"
#include "formats/qc/qc_preprocessor.h"

#include <cmath>
#include <map>

namespace vtxc {

namespace {

constexpr const char* kQcSequenceWithoutAnimation = "QC054";

// Options vtxc reads but does not implement, with the number of arguments each takes (a block
// after the option is skipped as well).
const std::map<std::string, int>& unimplementedOptions() {
    // clang-format off
    static const std::map<std::string, int> options = {
        {"activitymodifier", 1}, {"alignboneto", 2},
        {"angles", 3}, {"blendcomp", 1},
        {"bonesaveframe", 0}, {"compress", 1}, {"counterrotate", 1},
        {"counterrotateto", 4},
        {"fixuploop", 2}, {"ikfixup", 0}, {"localhierarchy", 2},
        {"lm", 0}, {"lq", 0}, {"lxr", 0}, {"lyr", 0},
        {"matchblend", 3},
        {"noanim_keepduration", 1},
        {"origin", 3}, {"posecycle", 1}, {"predelta", 0}, {"reverse", 0},
        {"splineblend", 0},
        {"walkalignto", 1}, {"worldrelative", 0},
        {"worldspaceblendloop", 1}};
    // clang-format on
    return options;
}

const std::set<std::string>& implementedOptions() {
    static const std::set<std::string> options = {
        "activity",  "addlayer",   "blendlayer",  "autoplay",    "blend",      "blendwidth",
        "calcblend", "cmdlist",    "delta",       "event",       "fadein",     "fadeout",
        "fps",       "frame",      "frames",      "hidden",      "ikrule",     "loop",
        "numframes", "post",       "realtime",    "snap",        "worldspace", "worldspaceblend",
        "match",     "subtract",   "weightlist",  "noanimation", "blendref",   "blendcenter",
        "node",      "transition", "rtransition", "entrynode",   "exitnode",   "exitphase",
        "iklock",    "autoik",     "noautoik",    "splinedelta", "keyvalues",  "scale"};
    return options;
}

// An activity written as the option itself: ACT_ followed by a name.
bool isBareActivity(const std::string& lower) {
    return lower.size() > 4 && lower.starts_with("act_") &&
           lower.find_first_of("./\\") == std::string::npos;
}

bool isOptionWord(const std::string& lower) {
    if (isBareActivity(lower)) return true;
    return implementedOptions().count(lower) || unimplementedOptions().count(lower) ||
           isQcMotionOption(lower);
}

const std::set<std::string>& ikRuleOptionWords() {
    static const std::set<std::string> words = {
        "height", "floor", "radius",     "range",      "contact",     "pad",
        "target", "bone",  "fakeorigin", "fakerotate", "usesequence", "usesource"};
    return words;
}

// The motion words `walkframe FRAME` may be followed by (the $sequence wiki's motion types).
bool isMotionWord(const std::string& lower) {
    static const std::set<std::string> words = {"lx", "ly", "lz", "lxr", "lyr", "lzr", "lm",
                                                "lq", "x",  "y",  "z",   "xr",  "yr",  "zr"};
    return words.count(lower) > 0;
}

std::optional<QcIkRuleType> ikRuleType(const std::string& lower) {
    if (lower == "touch") return QcIkRuleType::Touch;
    if (lower == "footstep") return QcIkRuleType::Footstep;
    if (lower == "attachment") return QcIkRuleType::Attachment;
    if (lower == "release") return QcIkRuleType::Release;
    if (lower == "unlatch") return QcIkRuleType::Unlatch;
    return std::nullopt;
}

} // namespace

std::optional<QcSequence> QcSequenceReader::read(const QcCommand& command) {
    QcArgumentCursor arguments(command.arguments);
    const QcToken* name = arguments.takeText();
    if (!name) {
        sink_.error(kQcMissingArgument, command.head->where(),
                    command.head->text + " needs a name");
        return std::nullopt;
    }
    QcSequence entry;
    entry.name = name->text;
    entry.definedAt = command.head->where();
    entry.order = read_++;
    bool sourcesOpen = true;
    readingAnimation_ = command.name == "$animation";
    readTokens(command.arguments.subspan(1), entry, sourcesOpen, 0);
    readingAnimation_ = false;
    if (entry.sources.empty())
        sink_.warning(kQcSequenceWithoutAnimation, command.head->where(),
                      command.head->text + " '" + entry.name + "' names no animation");
    // A source word is an animation's name when an earlier $animation has it; a $sequence's own
    // name is not one (Valve's monk_animations.mdl: `$sequence "idle_angry" "idle_subtle"` after
    // `$sequence "idle_subtle" "idle_subtle"` reads the file again, as its own "@idle_angry").
    // The animation a $sequence makes of a file is named "@NAME", and that name is one.
    if (command.name == "$animation")
        knownAnimations_.insert(asciiLower(entry.name));
    else if (!entry.animationFiles.empty())
        knownAnimations_.insert(std::string(1, '@').append(asciiLower(entry.name)));
    return entry;
}

std::optional<QcSequence> QcSequenceReader::declare(const QcCommand& command) {
    QcArgumentCursor arguments(command.arguments);
    const QcToken* name = arguments.takeText();
    if (!name) {
        sink_.error(kQcMissingArgument, command.head->where(),
                    command.head->text + " needs a sequence name");
        return std::nullopt;
    }
    QcSequence entry;
    entry.name = name->text;
    entry.declared = true;
    entry.definedAt = command.head->where();
    entry.order = read_++;
    return entry;
}

void QcSequenceReader::append(const QcCommand& command, QcSequence& entry) {
    bool sourcesOpen = false;
    readTokens(command.arguments.subspan(1), entry, sourcesOpen, 0);
}

void QcSequenceReader::readTokens(QcTokenSpan tokens, QcSequence& entry, bool& sourcesOpen,
                                  int depth) {
    QcArgumentCursor cursor(tokens);
    while (!cursor.atEnd() && !sink_.errorLimitReached()) {
        if (cursor.nextIsBlock()) {
            const QcTokenSpan block = cursor.takeBlock();
            // `$sequence NAME hidden { "file.smd" ... }` (PoliceHarassGestures.qci): options
            // before the block, the source inside it. A sequence without a source yet takes
            // the block's first words as its sources.
            if (depth == 0 && entry.sources.empty()) sourcesOpen = true;
            if (depth == 0)
                readTokens(block, entry, sourcesOpen, 1);
            else
                readEventBlock(block, entry);
            continue;
        }
        const QcToken* token = cursor.take();
        if (!token->isText()) continue; // a stray '}' was reported by the brace check
        if (sourcesOpen && isSource(*token)) {
            QcAnimationSource source;
            // In an $animation, a file of that name wins over an earlier animation: Valve's
            // police_animations.mdl makes `$animation a_mp_run_melee_base "a_RunN" frame 0 0`,
            // under `$pushd "police_animations_anims"`, of police_animations_anims/a_RunN.smd
            // although an `$animation a_RunN` (another file) comes before it.
            if (knownAnimations_.count(asciiLower(token->text)) &&
                !(readingAnimation_ && files_.animationFileExists(token->text))) {
                source.animation = token->text;
                entry.animationNames.push_back(token->text);
            } else {
                source.file = files_.resolve(*token, QcFileRole::Animation);
                entry.animationFiles.push_back(*source.file);
            }
            entry.sources.push_back(std::move(source));
            continue;
        }
        sourcesOpen = false;
        readOption(*token, cursor, entry);
    }
}

bool QcSequenceReader::isSource(const QcToken& token) const {
    return !isOptionWord(asciiLower(token.text)) && !parseQcNumber(token.text);
}

void QcSequenceReader::readOption(const QcToken& word, QcArgumentCursor& arguments,
                                  QcSequence& entry) {
    const std::string option = asciiLower(word.text);
    if (option == "loop") {
        entry.loop = true;
    } else if (option == "delta") {
        entry.delta = true;
    } else if (option == "hidden") {
        entry.hidden = true;
    } else if (option == "autoplay") {
        entry.autoplay = true;
    } else if (option == "snap") {
        entry.snap = true;
    } else if (option == "realtime") {
        entry.realtime = true;
    } else if (option == "worldspace") {
        entry.worldSpace = true;
    } else if (option == "post") {
        entry.post = true;
    } else if (option == "noanimation") {
        entry.noAnimation = true;
    } else if (option == "splinedelta") {
        entry.splineDelta = true;
    } else if (option == "autoik" || option == "noautoik") {
        entry.autoIk = option == "autoik";
    } else if (option == "fps") {
        if (auto fps = takeQcNumber(arguments, word, "a frame rate", sink_)) {
            if (*fps > 0.0)
                entry.fps = fps;
            else
                sink_.error("QC031", word.where(), "'fps' needs a frame rate greater than 0");
        }
    } else if (option == "fadein" || option == "fadeout") {
        if (auto time = takeQcNumber(arguments, word, "a time in seconds", sink_))
            (option == "fadein" ? entry.fadeIn : entry.fadeOut) = time;
    } else if (option == "activity" || isBareActivity(option)) {
        // The older form names the activity without the word `activity`: `ACT_IDLE 1` (the
        // $sequence wiki page's examples; mapbase_player_include_anims_soldier.qci writes it
        // after a macro's expansion).
        const QcToken* activity =
            option == "activity" ? takeQcName(arguments, word, "an activity name", sink_) : &word;
        if (activity) {
            entry.activity = activity->text;
            if (arguments.nextIsText())
                if (auto weight = parseQcNumber(arguments.peek()->text)) {
                    entry.activityWeight = weight;
                    arguments.take();
                }
        }
    } else if (option == "blend") {
        const QcToken* parameter = takeQcName(arguments, word, "a pose parameter", sink_);
        auto start =
            parameter ? takeQcNumber(arguments, word, "a start value", sink_) : std::nullopt;
        auto end = start ? takeQcNumber(arguments, word, "an end value", sink_) : std::nullopt;
        if (end) entry.blends.push_back({parameter->text, *start, *end});
    } else if (option == "blendwidth") {
        if (auto width = takeQcWholeNumber(arguments, word, "a whole number of columns", sink_))
            entry.blendWidth = width;
    } else if (option == "calcblend") {
        const QcToken* parameter = takeQcName(arguments, word, "a pose parameter", sink_);
        const QcToken* attachment =
            parameter ? takeQcName(arguments, word, "an attachment", sink_) : nullptr;
        const QcToken* axis = attachment ? takeQcName(arguments, word, "an axis", sink_) : nullptr;
        if (axis) {
            std::string upper = axis->text;
            for (char& c : upper)
                c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            entry.calcBlends.push_back({parameter->text, attachment->text, upper});
        }
    } else if (option == "subtract") {
        const QcToken* animation = takeQcName(arguments, word, "an animation name", sink_);
        auto frame =
            animation ? takeQcWholeNumber(arguments, word, "a frame number", sink_) : std::nullopt;
        if (frame) entry.subtracts.push_back(QcSubtract{animation->text, *frame});
    } else if (option == "blendref" || option == "blendcenter") {
        if (const QcToken* animation = takeQcName(arguments, word, "an animation name", sink_))
            (option == "blendref" ? entry.blendRef : entry.blendCenter) = animation->text;
    } else if (option == "node" || option == "transition" || option == "rtransition" ||
               option == "entrynode" || option == "exitnode" || option == "exitphase") {
        readNodeOption(word, arguments, entry);
    } else if (option == "match") {
        if (const QcToken* animation = takeQcName(arguments, word, "an animation name", sink_)) {
            entry.match = animation->text;
            entry.matchAt = word.where();
        }
    } else if (option == "worldspaceblend") {
        if (const QcToken* animation = takeQcName(arguments, word, "an animation name", sink_))
            entry.worldSpaceBlends.push_back({animation->text, entry.weightList, word.where()});
    } else if (option == "weightlist") {
        if (const QcToken* list = takeQcName(arguments, word, "a weight list name", sink_))
            entry.weightList = list->text;
    } else if (option == "keyvalues") {
        if (!arguments.nextIsBlock()) {
            sink_.error(kQcMissingArgument, word.where(),
                        "'keyvalues' needs a { key value ... } block");
            return;
        }
        const std::string body = serializeQcKeyValues(arguments.takeBlock());
        if (readingAnimation_)
            sink_.warning(kQcOptionNotImplemented, word.where(),
                          "'keyvalues' belongs to a $sequence: the .mdl keeps no key values for "
                          "an $animation; ignored (write it on the sequence that plays it)");
        else
            entry.keyValues += body;
    } else if (option == "cmdlist") {
        if (const QcToken* list = takeQcName(arguments, word, "a command list name", sink_))
            entry.commandLists.push_back(list->text);
    } else if (option == "frame" || option == "frames") {
        auto first = takeQcWholeNumber(arguments, word, "a first frame", sink_);
        auto last =
            first ? takeQcWholeNumber(arguments, word, "a last frame", sink_) : std::nullopt;
        if (last) entry.frameRange = std::make_pair(*first, *last);
    } else if (option == "addlayer" || option == "blendlayer") {
        readLayer(word, arguments, entry);
    } else if (option == "numframes") {
        if (auto count = takeQcWholeNumber(arguments, word, "a frame count", sink_)) {
            // studio.h (Source SDK 2013): MAXSTUDIOANIMFRAMES 2000, "max frames per animation";
            // above it, a count is a mistake that would only cost memory.
            constexpr int kMaxAnimationFrames = 2000;
            if (*count > 0 && *count <= kMaxAnimationFrames)
                entry.numFrames = count;
            else
                sink_.error("QC031", word.where(),
                            "'numframes' needs a frame count from 1 to 2000 (studio.h's "
                            "MAXSTUDIOANIMFRAMES), not " +
                                std::to_string(*count));
        }
    } else if (option == "scale") {
        // `scale S` multiplies the $scale in force for this animation's files (the developer
        // wiki's $scale page: "scale option will be multiplied with $scale").
        if (auto factor = takeQcNumber(arguments, word, "a scale factor", sink_)) {
            if (*factor > 0.0)
                entry.scale = factor;
            else
                sink_.error("QC031", word.where(), "'scale' needs a factor greater than 0");
        }
    } else if (isQcMotionOption(option)) {
        readQcMotionOption(word, arguments, entry.motion, sink_);
    } else if (option == "event") {
        readEvent(word, arguments, entry);
    } else if (option == "ikrule") {
        if (auto rule = readIkRule(arguments, word.where(), sink_))
            entry.ikRules.push_back(std::move(*rule));
    } else if (option == "iklock") {
        // `iklock CHAIN POSWEIGHT LOCALQWEIGHT` (the $ikchain wiki page's "IKlock").
        const QcToken* chain = takeQcName(arguments, word, "a chain name and two weights", sink_);
        auto position =
            chain ? takeQcNumber(arguments, word, "a position weight", sink_) : std::nullopt;
        auto rotation = position ? takeQcNumber(arguments, word, "a local rotation weight", sink_)
                                 : std::nullopt;
        if (rotation) entry.ikLocks.push_back({chain->text, *position, *rotation, word.where()});
    } else {
        auto it = unimplementedOptions().find(option);
        if (it == unimplementedOptions().end()) {
            sink_.warning(kQcOptionNotImplemented, word.where(),
                          "'" + word.text + "' is not a $sequence option vtxc knows; ignored");
            return;
        }
        sink_.warning(kQcOptionNotImplemented, word.where(),
                      "sequence option '" + word.text +
                          "' is not implemented by vtxc; ignored with its arguments");
        for (int i = 0; i < it->second && arguments.nextIsText(); ++i)
            arguments.take();
        if (option == "walkalignto")
            while (arguments.nextIsText() && isMotionWord(asciiLower(arguments.peek()->text)))
                arguments.take();
        if (arguments.nextIsBlock()) arguments.takeBlock();
    }
}

void QcSequenceReader::nameNode(const std::string& name) {
    for (const std::string& known : nodeNames_)
        if (asciiLower(known) == asciiLower(name)) return;
    nodeNames_.push_back(name);
}

// The node options. A name is numbered when the QC first writes it, wherever that is: a
// sequence, an `$append` to one, or `$skiptransition` (docs/mdl-compile.md).
void QcSequenceReader::readNodeOption(const QcToken& word, QcArgumentCursor& arguments,
                                      QcSequence& entry) {
    const std::string option = asciiLower(word.text);
    if (option == "exitphase") {
        if (auto phase = takeQcNumber(arguments, word, "a cycle from 0 to 1", sink_)) {
            if (*phase >= 0.0 && *phase <= 1.0)
                entry.exitPhase = phase;
            else
                sink_.error("QC031", word.where(), "'exitphase' needs a cycle from 0 to 1");
        }
        return;
    }
    const bool pair = option == "transition" || option == "rtransition";
    const QcToken* first =
        takeQcName(arguments, word, pair ? "an entry node name" : "a node name", sink_);
    if (!first) return;
    const QcToken* second =
        pair ? takeQcName(arguments, word, "an exit node name", sink_) : nullptr;
    if (pair && !second) return;
    nameNode(first->text);
    if (second) nameNode(second->text);
    if (option != "exitnode") entry.entryNode = first->text;
    if (option != "entrynode") entry.exitNode = second ? second->text : first->text;
    if (pair) entry.reversibleTransition = option == "rtransition";
}

// studio.h's STUDIO_AL_* flags of the words that may follow blendlayer's four values.
void QcSequenceReader::readLayer(const QcToken& word, QcArgumentCursor& arguments,
                                 QcSequence& entry) {
    const QcToken* name = takeQcName(arguments, word, "a sequence name", sink_);
    if (!name) return;
    QcLayer layer;
    layer.sequence = name->text;
    layer.definedAt = word.where();
    if (asciiLower(word.text) == "blendlayer") {
        layer.blend = true;
        for (double& value : layer.values) {
            auto number = takeQcNumber(arguments, word, "start, peak, tail and end frames", sink_);
            if (!number) return;
            value = *number;
        }
        static const std::map<std::string, int> flags = {
            {"spline", 0x40}, {"xfade", 0x80}, {"noblend", 0x200}, {"local", 0x1000}};
        while (arguments.nextIsText()) {
            const std::string next = asciiLower(arguments.peek()->text);
            if (auto it = flags.find(next); it != flags.end()) {
                layer.flags |= it->second;
                arguments.take();
            } else if (next == "poseparameter") {
                const QcToken& pose = *arguments.take();
                if (const QcToken* parameter =
                        takeQcName(arguments, pose, "a pose parameter", sink_)) {
                    layer.poseParameter = parameter->text;
                    layer.flags |= 0x4000; // STUDIO_AL_POSE
                }
            } else {
                break;
            }
        }
    }
    entry.layers.push_back(std::move(layer));
}

// `event NAME FRAME ["OPTIONS"]`, on its own or as the contents of a `{ }` block.
void QcSequenceReader::readEvent(const QcToken& head, QcArgumentCursor& arguments,
                                 QcSequence& entry) {
    QcEvent event;
    event.definedAt = head.where();
    const QcToken* name = takeQcName(arguments, head, "an event name or number", sink_);
    if (!name) return;
    event.name = name->text;
    event.number = parseQcWholeNumber(name->text);
    auto frame = takeQcNumber(arguments, head, "a frame number", sink_);
    if (!frame) return;
    event.frame = *frame;
    const QcToken* options = arguments.peek();
    if (options && (options->kind == QcTokenKind::String ||
                    (options->isText() && !isOptionWord(asciiLower(options->text)))))
        event.options = arguments.take()->text;
    entry.events.push_back(std::move(event));
}

void QcSequenceReader::readEventBlock(QcTokenSpan block, QcSequence& entry) {
    QcArgumentCursor cursor(block);
    const QcToken* head = cursor.take();
    if (!head) return;
    if (!head->isText() || asciiLower(head->text) != "event") {
        sink_.warning(kQcOptionNotImplemented, head->where(),
                      "a block starting with '" + head->text +
                          "' inside a sequence is not implemented by vtxc; ignored");
        return;
    }
    readEvent(*head, cursor, entry);
    if (const QcToken* extra = cursor.peek())
        sink_.warning(kQcOptionNotImplemented, extra->where(),
                      "'" + extra->text + "' after the event is not understood; ignored");
}

std::optional<QcIkRule> QcSequenceReader::readIkRule(QcArgumentCursor& arguments,
                                                     const SourceLocation& at,
                                                     DiagnosticSink& sink) {
    const QcToken* chain = arguments.takeText();
    const QcToken* type = chain ? arguments.takeText() : nullptr;
    if (!type) {
        sink.error(kQcMissingArgument, at, "'ikrule' needs a chain name and a rule type");
        return std::nullopt;
    }
    QcIkRule rule;
    rule.chain = chain->text;
    rule.definedAt = at;
    const std::optional<QcIkRuleType> kind = ikRuleType(asciiLower(type->text));
    if (!kind) {
        sink.warning(kQcOptionNotImplemented, type->where(),
                     "IK rule type '" + type->text +
                         "' is not implemented by vtxc (touch, footstep, attachment, release, "
                         "unlatch are); the rule is ignored");
    } else {
        rule.type = *kind;
    }
    if (kind == QcIkRuleType::Touch || kind == QcIkRuleType::Attachment) {
        const QcToken* target = takeQcName(arguments, *type, "a bone or attachment name", sink);
        if (!target) return std::nullopt;
        rule.target = target->text;
    }
    while (arguments.nextIsText() &&
           ikRuleOptionWords().count(asciiLower(arguments.peek()->text))) {
        const QcToken& word = *arguments.take();
        const std::string option = asciiLower(word.text);
        if (option == "range") {
            std::array<double, 4> range{};
            for (double& value : range) {
                auto number = takeQcNumber(arguments, word, "four frame numbers", sink);
                if (!number) return std::nullopt;
                value = *number;
            }
            rule.range = range;
            continue;
        }
        if (option == "bone") {
            if (const QcToken* bone = takeQcName(arguments, word, "a bone name", sink))
                rule.target = bone->text;
            continue;
        }
        if (option == "usesource") {
            rule.usesSource = true;
            continue;
        }
        if (option == "usesequence") {
            rule.usesSequence = true;
            continue;
        }
        // the others take one number (fakeorigin and fakerotate three: two more below)
        auto value = takeQcNumber(arguments, word, "a number", sink);
        if (!value) return std::nullopt;
        if (option == "height") rule.height = value;
        if (option == "floor") rule.floor = value;
        if (option == "radius") rule.radius = value;
        if (option == "contact") rule.contact = value;
        if (option == "fakeorigin" || option == "fakerotate") {
            for (int i = 0; i < 2; ++i)
                if (!takeQcNumber(arguments, word, "three numbers", sink)) return std::nullopt;
            sink.warning(kQcOptionNotImplemented, word.where(),
                         "IK rule option '" + word.text + "' is not implemented by vtxc; ignored");
            continue;
        }
        if (option == "pad" || option == "target")
            sink.warning(kQcOptionNotImplemented, word.where(),
                         "IK rule option '" + word.text + "' is not implemented by vtxc; ignored");
    }
    if (!kind) return std::nullopt;
    return rule;
}

} // namespace vtxc
