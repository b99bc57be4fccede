// Reader of the QC commands that set .mdl fields. Argument forms: the Valve Developer Community
// wiki page of each command; contents names: the CONTENTS_* values of the public SDK's bspflags.h.
#include "formats/qc/qc_mdl_commands.h"

#include "formats/common/text.h"
#include "formats/qc/qc_paths.h"
#include "formats/qc/qc_preprocessor.h"
#include "formats/qc/qc_sequence.h"

#include <algorithm>
#include <set>

namespace vtxc {

namespace {

constexpr const char* kQcIgnoredArguments = "QC039";

template <typename T> const T* findByName(const std::vector<T>& items, const std::string& name) {
    const std::string wanted = asciiLower(name);
    for (const T& item : items)
        if (asciiLower(item.name) == wanted) return &item;
    return nullptr;
}

std::optional<std::int32_t> contentsValue(const std::string& lower) {
    static const std::map<std::string, std::int32_t> values = {{"solid", 0x1},
                                                               {"grate", 0x8},
                                                               {"monster", 0x2000000},
                                                               {"ladder", 0x20000000},
                                                               {"notsolid", 0}};
    auto it = values.find(lower);
    if (it == values.end()) return std::nullopt;
    return it->second;
}

bool sameLine(const QcToken& a, const QcToken& b) {
    return a.location.file == b.location.file && a.location.line == b.location.line;
}

} // namespace

const QcWeightList* QcMdlSettings::findWeightList(const std::string& name) const {
    return findByName(weightLists, name);
}

const QcCommandList* QcMdlSettings::findCommandList(const std::string& name) const {
    return findByName(commandLists, name);
}

const std::map<std::string, QcMdlCommandReader::Handler>& QcMdlCommandReader::handlers() {
    static const std::map<std::string, Handler> table = {
        {"$attachment", &QcMdlCommandReader::attachment},
        {"$hbox", &QcMdlCommandReader::hitbox},
        {"$hboxset", &QcMdlCommandReader::hitboxSet},
        {"$bbox", &QcMdlCommandReader::box},
        {"$cbox", &QcMdlCommandReader::box},
        {"$illumposition", &QcMdlCommandReader::illumPosition},
        {"$eyeposition", &QcMdlCommandReader::eyePosition},
        {"$surfaceprop", &QcMdlCommandReader::surfaceProp},
        {"$contents", &QcMdlCommandReader::contents},
        {"$maxeyedeflection", &QcMdlCommandReader::maxEyeDeflection},
        {"$keyvalues", &QcMdlCommandReader::keyValues},
        {"$poseparameter", &QcMdlCommandReader::poseParameter},
        {"$ikchain", &QcMdlCommandReader::ikChain},
        {"$ikautoplaylock", &QcMdlCommandReader::ikAutoplayLock},
        {"$cmdlist", &QcMdlCommandReader::commandList},
        {"$bonemerge", &QcMdlCommandReader::boneMerge},
        {"$skipboneinbbox", &QcMdlCommandReader::skipBoneInBBox},
        {"$weightlist", &QcMdlCommandReader::weightList},
    };
    return table;
}

std::vector<std::string> QcMdlCommandReader::commandNames() {
    std::vector<std::string> names;
    for (const auto& [name, handler] : handlers())
        names.push_back(name);
    return names;
}

bool QcMdlCommandReader::read(const QcCommand& command) {
    auto it = handlers().find(command.name);
    if (it == handlers().end()) return false;
    QcArgumentCursor arguments(command.arguments);
    (this->*it->second)(command, arguments);
    return true;
}

void QcMdlCommandReader::finish(const QcCommand& command, QcArgumentCursor& arguments) {
    const QcToken* extra = arguments.peek();
    if (!extra) return;
    sink_.warning(kQcIgnoredArguments, extra->where(),
                  "'" + extra->text +
                      "' and what follows up to the next command is not "
                      "understood as part of " +
                      command.head->text + " and was ignored");
}

void QcMdlCommandReader::attachment(const QcCommand& command, QcArgumentCursor& arguments) {
    const QcToken& head = *command.head;
    QcAttachment attachment;
    attachment.definedAt = head.where();
    const QcToken* name = takeQcName(arguments, head, "a name, a bone and a position", sink_);
    const QcToken* bone =
        name ? takeQcName(arguments, head, "a bone after the name", sink_) : nullptr;
    if (!bone ||
        !takeQcNumbers(arguments, head, attachment.position, "three position values", sink_))
        return;
    attachment.name = name->text;
    attachment.bone = bone->text;
    while (arguments.nextIsText()) {
        const std::string word = asciiLower(arguments.peek()->text);
        if (word == "absolute") {
            attachment.absolute = true;
        } else if (word == "rigid") {
            attachment.rigid = true;
        } else if (word == "world_align") {
            attachment.worldAlign = true;
        } else if (word == "rotate") {
            const QcToken& rotate = *arguments.take();
            QcVec3 angles{};
            if (!takeQcNumbers(arguments, rotate, angles, "pitch, yaw and roll in degrees", sink_))
                return;
            attachment.rotationDegrees = angles;
            continue;
        } else {
            break;
        }
        arguments.take();
    }
    settings_.attachments.push_back(std::move(attachment));
    finish(command, arguments);
}

QcHitboxSet& QcMdlCommandReader::currentHitboxSet() {
    if (settings_.hitboxSets.empty()) settings_.hitboxSets.push_back({"default", {}});
    return settings_.hitboxSets.back();
}

void QcMdlCommandReader::hitboxSet(const QcCommand& command, QcArgumentCursor& arguments) {
    const QcToken* name = takeQcName(arguments, *command.head, "a set name", sink_);
    if (!name) return;
    // A set named before any box replaces the implied "default" set; naming a set again
    // continues it.
    for (std::size_t i = 0; i < settings_.hitboxSets.size(); ++i) {
        if (settings_.hitboxSets[i].name != name->text) continue;
        std::rotate(settings_.hitboxSets.begin() + static_cast<std::ptrdiff_t>(i),
                    settings_.hitboxSets.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                    settings_.hitboxSets.end());
        finish(command, arguments);
        return;
    }
    settings_.hitboxSets.push_back({name->text, {}});
    finish(command, arguments);
}

void QcMdlCommandReader::hitbox(const QcCommand& command, QcArgumentCursor& arguments) {
    const QcToken& head = *command.head;
    QcHitbox box;
    box.definedAt = head.where();
    const auto group = takeQcWholeNumber(arguments, head, "a hit group number", sink_);
    const QcToken* bone = group ? takeQcName(arguments, head, "a bone", sink_) : nullptr;
    if (!bone || !takeQcNumbers(arguments, head, box.min, "six box values", sink_) ||
        !takeQcNumbers(arguments, head, box.max, "six box values", sink_))
        return;
    box.group = *group;
    box.bone = bone->text;
    if (const QcToken* name = arguments.takeText()) box.name = name->text;
    currentHitboxSet().boxes.push_back(std::move(box));
    finish(command, arguments);
}

void QcMdlCommandReader::box(const QcCommand& command, QcArgumentCursor& arguments) {
    QcBox box;
    if (!takeQcNumbers(arguments, *command.head, box.min, "six box values", sink_) ||
        !takeQcNumbers(arguments, *command.head, box.max, "six box values", sink_))
        return;
    (command.name == "$bbox" ? settings_.bbox : settings_.cbox) = box;
    finish(command, arguments);
}

void QcMdlCommandReader::illumPosition(const QcCommand& command, QcArgumentCursor& arguments) {
    QcIllumPosition illum;
    illum.definedAt = command.head->where();
    if (!takeQcNumbers(arguments, *command.head, illum.position, "three position values", sink_))
        return;
    if (const QcToken* attachment = arguments.takeText()) illum.attachment = attachment->text;
    settings_.illumPosition = illum;
    finish(command, arguments);
}

void QcMdlCommandReader::eyePosition(const QcCommand& command, QcArgumentCursor& arguments) {
    QcVec3 position{};
    if (!takeQcNumbers(arguments, *command.head, position, "three position values", sink_)) return;
    settings_.eyePosition = position;
    finish(command, arguments);
}

void QcMdlCommandReader::surfaceProp(const QcCommand& command, QcArgumentCursor& arguments) {
    if (const QcToken* name = takeQcName(arguments, *command.head, "a surface property", sink_))
        settings_.surfaceProp = name->text;
    finish(command, arguments);
}

void QcMdlCommandReader::contents(const QcCommand& command, QcArgumentCursor& arguments) {
    if (!arguments.nextIsText()) {
        takeQcName(arguments, *command.head, "a contents name such as \"solid\"", sink_);
        return;
    }
    std::int32_t value = 0;
    while (const QcToken* word = arguments.takeText()) {
        const std::optional<std::int32_t> bits = contentsValue(asciiLower(word->text));
        if (!bits) {
            sink_.warning(kQcUnknownContents, word->where(),
                          "'" + word->text +
                              "' is not a contents name vtxc knows (solid, grate, monster, "
                              "ladder, notsolid); ignored");
            continue;
        }
        value |= *bits;
    }
    settings_.contents = value;
    finish(command, arguments);
}

void QcMdlCommandReader::maxEyeDeflection(const QcCommand& command, QcArgumentCursor& arguments) {
    if (auto degrees = takeQcNumber(arguments, *command.head, "an angle in degrees", sink_))
        settings_.maxEyeDeflectionDegrees = degrees;
    finish(command, arguments);
}

void QcMdlCommandReader::keyValues(const QcCommand& command, QcArgumentCursor& arguments) {
    if (!arguments.nextIsBlock()) {
        sink_.error(kQcMissingArgument, command.head->where(),
                    "$keyvalues needs a { key value ... } block");
        return;
    }
    // The block's braces are kept with its contents so nested blocks serialise the same way.
    const QcTokenSpan inner = arguments.takeBlock();
    settings_.keyValues = settings_.keyValues.value_or("") + serializeQcKeyValues(inner);
    finish(command, arguments);
}

void QcMdlCommandReader::poseParameter(const QcCommand& command, QcArgumentCursor& arguments) {
    const QcToken& head = *command.head;
    QcPoseParameter parameter;
    parameter.definedAt = head.where();
    const QcToken* name = takeQcName(arguments, head, "a name, a start and an end", sink_);
    auto start = name ? takeQcNumber(arguments, head, "a start value", sink_) : std::nullopt;
    auto end = start ? takeQcNumber(arguments, head, "an end value", sink_) : std::nullopt;
    if (!end) return;
    parameter.name = name->text;
    parameter.start = *start;
    parameter.end = *end;
    while (arguments.nextIsText()) {
        const QcToken& word = *arguments.peek();
        const std::string lower = asciiLower(word.text);
        if (lower == "wrap") {
            arguments.take();
            parameter.wrap = true;
            parameter.looping = true;
        } else if (lower == "loop") {
            arguments.take();
            auto range = takeQcNumber(arguments, word, "a looping range", sink_);
            if (!range) return;
            parameter.loop = *range;
            parameter.looping = true;
        } else {
            break;
        }
    }
    // A parameter declared again takes the later values, in the place of the first.
    for (QcPoseParameter& earlier : settings_.poseParameters)
        if (asciiLower(earlier.name) == asciiLower(parameter.name)) {
            parameter.sequencesBefore = earlier.sequencesBefore;
            earlier = std::move(parameter);
            return finish(command, arguments);
        }
    settings_.poseParameters.push_back(std::move(parameter));
    finish(command, arguments);
}

void QcMdlCommandReader::ikChain(const QcCommand& command, QcArgumentCursor& arguments) {
    const QcToken& head = *command.head;
    QcIkChain chain;
    chain.definedAt = head.where();
    const QcToken* name = takeQcName(arguments, head, "a chain name and a bone", sink_);
    const QcToken* bone =
        name ? takeQcName(arguments, head, "a bone after the name", sink_) : nullptr;
    if (!bone) return;
    chain.name = name->text;
    chain.bone = bone->text;
    while (arguments.nextIsText()) {
        const QcToken& word = *arguments.take();
        const std::string lower = asciiLower(word.text);
        if (lower == "knee") {
            if (!takeQcNumbers(arguments, word, chain.knee, "a direction x y z", sink_)) return;
        } else if (lower == "center") {
            QcVec3 center{};
            if (!takeQcNumbers(arguments, word, center, "a position x y z", sink_)) return;
            chain.center = center;
        } else if (lower == "pad") {
            if (!(chain.pad = takeQcNumber(arguments, word, "a width", sink_))) return;
        } else if (lower == "x" || lower == "y" || lower == "z" || lower == "floor" ||
                   lower == "height" || lower == "radius" || lower == "unlock") {
            // Runtime tuning that mstudioikchain_t (version 48) has no field for.
            sink_.warning(kQcOptionNotImplemented, word.where(),
                          "$ikchain option '" + word.text +
                              "' has no place in a version 48 .mdl; ignored with its value");
            if (arguments.nextIsText() && parseQcNumber(arguments.peek()->text)) arguments.take();
        } else {
            sink_.warning(kQcOptionNotImplemented, word.where(),
                          "'" + word.text + "' is not an $ikchain option vtxc knows; ignored");
        }
    }
    settings_.ikChains.push_back(std::move(chain));
    finish(command, arguments);
}

void QcMdlCommandReader::ikAutoplayLock(const QcCommand& command, QcArgumentCursor& arguments) {
    const QcToken& head = *command.head;
    QcIkLock lock;
    lock.definedAt = head.where();
    const QcToken* chain = takeQcName(arguments, head, "a chain name and two weights", sink_);
    auto position =
        chain ? takeQcNumber(arguments, head, "a position weight", sink_) : std::nullopt;
    auto rotation =
        position ? takeQcNumber(arguments, head, "a local rotation weight", sink_) : std::nullopt;
    if (!rotation) return;
    lock.chain = chain->text;
    lock.posWeight = *position;
    lock.localQWeight = *rotation;
    settings_.ikAutoplayLocks.push_back(std::move(lock));
    finish(command, arguments);
}

void QcMdlCommandReader::commandList(const QcCommand& command, QcArgumentCursor& arguments) {
    const QcToken& head = *command.head;
    const QcToken* name = takeQcName(arguments, head, "a name and a { ikrule ... } block", sink_);
    if (!name) return;
    if (!arguments.nextIsBlock()) {
        sink_.error(kQcMissingArgument, name->where(),
                    "$cmdlist '" + name->text + "' needs a { ikrule ... } block");
        return;
    }
    QcCommandList list;
    list.name = name->text;
    list.definedAt = head.where();
    QcArgumentCursor entries(arguments.takeBlock());
    while (!entries.atEnd() && !sink_.errorLimitReached()) {
        const QcToken& word = *entries.take();
        if (!word.isText()) continue;
        if (asciiLower(word.text) == "ikrule") {
            if (auto rule = QcSequenceReader::readIkRule(entries, word.where(), sink_))
                list.ikRules.push_back(std::move(*rule));
            continue;
        }
        sink_.warning(kQcOptionNotImplemented, word.where(),
                      "'" + word.text +
                          "' in a $cmdlist is not implemented by vtxc (ikrule is); "
                          "ignored up to the next ikrule");
        while (entries.nextIsText() && asciiLower(entries.peek()->text) != "ikrule")
            entries.take();
    }
    settings_.commandLists.push_back(std::move(list));
    finish(command, arguments);
}

void QcMdlCommandReader::boneMerge(const QcCommand& command, QcArgumentCursor& arguments) {
    if (const QcToken* bone = takeQcName(arguments, *command.head, "a bone", sink_)) {
        settings_.boneMerges.push_back(bone->text);
        settings_.boneMergesAt.push_back(command.head->where());
    }
    finish(command, arguments);
}

void QcMdlCommandReader::skipBoneInBBox(const QcCommand& command, QcArgumentCursor& arguments) {
    settings_.skipBoneInBBox = true;
    finish(command, arguments);
}

void QcMdlCommandReader::weightList(const QcCommand& command, QcArgumentCursor& arguments) {
    const QcToken& head = *command.head;
    QcWeightList list;
    list.definedAt = head.where();
    const QcToken* name = takeQcName(arguments, head, "a name and bone weights", sink_);
    if (!name) return;
    list.name = name->text;
    // The pairs follow the name, or stand in a block: `$weightlist "NoBase" { "root" 0 "arm" 1 }`
    // (labturret.qc, door01_left_shared.qci, vortigaunt_anims_shared.qci).
    auto readPairs = [&](QcArgumentCursor& pairs) {
        while (pairs.nextIsText()) {
            const QcToken& bone = *pairs.take();
            auto weight = takeQcNumber(pairs, bone, "a weight", sink_);
            if (!weight) return false;
            list.weights.emplace_back(bone.text, *weight);
        }
        return true;
    };
    if (arguments.nextIsBlock()) {
        QcArgumentCursor block(arguments.takeBlock());
        if (!readPairs(block)) return;
        finish(command, block);
    } else if (!readPairs(arguments)) {
        return;
    }
    settings_.weightLists.push_back(std::move(list));
    finish(command, arguments);
}

void QcMdlCommandReader::flexController(const QcToken& head, QcArgumentCursor& arguments) {
    const QcToken* type = takeQcName(arguments, head, "a type and a name", sink_);
    if (!type) return;
    double min = 0.0, max = 1.0;
    if (arguments.nextIsText() && asciiLower(arguments.peek()->text) == "range") {
        const QcToken& range = *arguments.take();
        double bounds[2] = {};
        if (!takeQcNumbers(arguments, range, bounds, "a minimum and a maximum", sink_)) return;
        min = bounds[0];
        max = bounds[1];
    }
    std::size_t names = 0;
    while (arguments.nextIsText() && sameLine(*arguments.peek(), head)) {
        const QcToken& name = *arguments.take();
        settings_.flexControllers.push_back({type->text, name.text, min, max, head.where()});
        ++names;
    }
    if (names == 0) takeQcName(arguments, head, "a controller name", sink_);
}

void QcMdlCommandReader::readModelBlock(QcTokenSpan block) {
    QcArgumentCursor cursor(block);
    std::set<std::string> reported;
    const QcToken* previous = nullptr;
    while (!cursor.atEnd() && !sink_.errorLimitReached()) {
        if (cursor.nextIsBlock()) {
            cursor.takeBlock();
            continue;
        }
        const QcToken& token = *cursor.take();
        const bool startsLine = !previous || !sameLine(*previous, token);
        previous = &token;
        if (!token.isText()) continue;
        if (asciiLower(token.text) == "flexcontroller") {
            flexController(token, cursor);
            continue;
        }
        if (startsLine && reported.insert(asciiLower(token.text)).second)
            sink_.warning(kQcModelBlockNotImplemented, token.where(),
                          "'" + token.text +
                              "' in a $model block is not implemented by vtxc (flexcontroller "
                              "is); eyeballs, mouths and flex animation are not written");
    }
}

} // namespace vtxc
