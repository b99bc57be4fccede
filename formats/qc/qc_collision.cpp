// Reader of the $collisionmodel / $collisionjoints block and of $collisiontext. Option forms: the
// Valve Developer Community wiki pages $collisionmodel, $collisionjoints and $jointconstrain; the
// five $animatedfriction values follow the .phy's animatedfriction block (docs/qc.md).
#include "formats/qc/qc_collision.h"

#include "formats/common/text.h"
#include "formats/common/text_safety.h"
#include "formats/qc/qc_codes.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace vtxc {

namespace {

constexpr const char* kQcIgnoredArguments = "QC039";

bool sameName(const std::string& a, const std::string& b) {
    return asciiLower(a) == asciiLower(b);
}

std::string inQuotes(const std::string& text) {
    std::string out(1, '\'');
    out += printableText(text);
    out += '\'';
    return out;
}

// Reads one block's options into a QcCollisionModel.
class CollisionBlockReader {
  public:
    CollisionBlockReader(QcCollisionModel& model, const QcCommand& command, DiagnosticSink& sink)
        : model_(model), command_(command), sink_(sink) {}

    void read(QcTokenSpan block) {
        QcArgumentCursor cursor(block);
        while (!cursor.atEnd() && !sink_.errorLimitReached()) {
            const QcToken& word = *cursor.peek();
            if (!word.isDollarWord()) {
                ignoreUpToNextOption(cursor, nullptr);
                continue;
            }
            cursor.take();
            const std::size_t errorsBefore = sink_.errorCount();
            readOption(word, cursor);
            // After an error the rest of the option's line is part of the same mistake.
            if (sink_.errorCount() > errorsBefore)
                skipArguments(cursor);
            else
                ignoreUpToNextOption(cursor, &word);
        }
    }

  private:
    using Handler = void (CollisionBlockReader::*)(const QcToken&, QcArgumentCursor&);

    // What an option is: its reader, and whether it has an effect only with one solid per bone.
    struct Option {
        Handler handler;
        bool jointsOnly;
    };

    static const std::map<std::string, Option>& options() {
        using R = CollisionBlockReader;
        static const std::map<std::string, Option> table = {
            {"$mass", {&R::mass, false}},
            {"$automass", {&R::automass, false}},
            {"$inertia", {&R::inertia, false}},
            {"$damping", {&R::damping, false}},
            {"$rotdamping", {&R::rotDamping, false}},
            {"$drag", {&R::drag, false}},
            {"$masscenter", {&R::massCenter, false}},
            {"$assumeworldspace", {&R::assumeWorldSpace, false}},
            {"$remove2d", {&R::remove2d, false}},
            {"$concave", {&R::concave, false}},
            {"$concaveperjoint", {&R::concavePerJoint, true}},
            {"$maxconvexpieces", {&R::maxConvexPieces, false}},
            {"$weldposition", {&R::weldPosition, false}},
            {"$weldnormal", {&R::weldNormal, false}},
            {"$rootbone", {&R::rootBone, false}},
            {"$jointskip", {&R::jointSkip, true}},
            {"$jointmerge", {&R::jointMerge, true}},
            {"$jointconstrain", {&R::jointConstrain, true}},
            {"$jointcollide", {&R::jointCollide, true}},
            {"$noselfcollisions", {&R::noSelfCollisions, true}},
            {"$jointsurfaceprop", {&R::jointSurfaceProp, true}},
            {"$jointmassbias", {&R::jointMassBias, true}},
            {"$jointinertia", {&R::jointInertia, true}},
            {"$jointdamping", {&R::jointDamping, true}},
            {"$jointrotdamping", {&R::jointRotDamping, true}},
            {"$animatedfriction", {&R::animatedFriction, true}},
        };
        return table;
    }

    void readOption(const QcToken& word, QcArgumentCursor& cursor) {
        const auto it = options().find(asciiLower(word.text));
        if (it == options().end()) {
            sink_.report(kQcCodes["QC068"], word.where(),
                         inQuotes(word.text) + " is not a " + command_.head->text +
                             " option vtxc knows; ignored with its arguments");
            skipArguments(cursor);
            return;
        }
        if (it->second.jointsOnly && model_.kind == QcCollisionKind::Model)
            sink_.report(kQcCodes["QC069"], word.where(),
                         word.text + " concerns the joints of a model with one solid per bone; a "
                                     "$collisionmodel has one solid, so it has no effect (use "
                                     "$collisionjoints)");
        (this->*it->second.handler)(word, cursor);
    }

    static void skipArguments(QcArgumentCursor& cursor) {
        while (!cursor.atEnd() && !cursor.peek()->isDollarWord())
            cursor.skipOne();
    }

    // Text between an option's arguments and the next option: not understood, so said once.
    void ignoreUpToNextOption(QcArgumentCursor& cursor, const QcToken* option) {
        const QcToken* extra = cursor.peek();
        if (!extra || extra->isDollarWord()) return;
        sink_.warning(kQcIgnoredArguments, extra->where(),
                      inQuotes(extra->text) + " and what follows up to the next option is not " +
                          (option ? "understood as part of " + option->text
                                  : "an option of " + command_.head->text) +
                          " and was ignored");
        skipArguments(cursor);
    }

    // ---- argument readers ----

    // The next argument: a word or string that is not the next option (QC030 otherwise).
    const QcToken* argument(QcArgumentCursor& cursor, const QcToken& option,
                            const std::string& what) {
        if (cursor.nextIsText() && !cursor.peek()->isDollarWord()) return cursor.take();
        const QcToken* at =
            cursor.peek() && !cursor.peek()->isDollarWord() ? cursor.peek() : &option;
        sink_.report(kQcCodes["QC030"], at->where(), option.text + " needs " + what);
        return nullptr;
    }

    // A number that fits a 32-bit float, as the .phy stores it (QC031 otherwise).
    std::optional<double> number(QcArgumentCursor& cursor, const QcToken& option,
                                 const std::string& what) {
        const QcToken* token = argument(cursor, option, what);
        if (!token) return std::nullopt;
        const std::optional<double> value = parseQcNumber(token->text);
        if (!value || !std::isfinite(static_cast<float>(*value))) {
            sink_.report(kQcCodes["QC031"], token->where(),
                         option.text + " needs " + what + ", not " + inQuotes(token->text) +
                             (value ? " (too large for a 32-bit float)" : ""));
            return std::nullopt;
        }
        return value;
    }

    // A number in [low, high] (QC067 outside); `what` says what it is.
    std::optional<double> numberIn(QcArgumentCursor& cursor, const QcToken& option,
                                   const std::string& what, double low, double high,
                                   const std::string& range) {
        const QcToken* token = cursor.peek();
        std::optional<double> value = number(cursor, option, what);
        if (value && (*value < low || *value > high)) {
            sink_.report(kQcCodes["QC067"], token->where(),
                         option.text + " " + what + " must be " + range + ", not " +
                             inQuotes(token->text));
            return std::nullopt;
        }
        return value;
    }

    std::optional<double> nonNegative(QcArgumentCursor& cursor, const QcToken& option,
                                      const std::string& what) {
        return numberIn(cursor, option, what, 0.0, HUGE_VAL, "0 or more");
    }

    std::optional<QcPhysicsValue<double>> located(std::optional<double> value,
                                                  const QcToken& option) {
        if (!value) return std::nullopt;
        return QcPhysicsValue<double>{*value, option.where()};
    }

    const QcToken* name(QcArgumentCursor& cursor, const QcToken& option, const std::string& what) {
        return argument(cursor, option, what);
    }

    // ---- the whole model ----

    void mass(const QcToken& option, QcArgumentCursor& cursor) {
        if (auto v = located(nonNegative(cursor, option, "a mass in kilograms"), option))
            model_.mass = v;
    }
    void automass(const QcToken& option, QcArgumentCursor&) { model_.automass = option.where(); }
    void inertia(const QcToken& option, QcArgumentCursor& cursor) {
        if (auto v = located(nonNegative(cursor, option, "an inertia scale"), option))
            model_.inertia = v;
    }
    void damping(const QcToken& option, QcArgumentCursor& cursor) {
        if (auto v = located(nonNegative(cursor, option, "a damping"), option)) model_.damping = v;
    }
    void rotDamping(const QcToken& option, QcArgumentCursor& cursor) {
        if (auto v = located(nonNegative(cursor, option, "a rotation damping"), option))
            model_.rotDamping = v;
    }
    void drag(const QcToken& option, QcArgumentCursor& cursor) {
        if (auto v = located(nonNegative(cursor, option, "a drag coefficient"), option))
            model_.drag = v;
    }
    void massCenter(const QcToken& option, QcArgumentCursor& cursor) {
        std::array<double, 3> center{};
        for (double& value : center) {
            const auto v = number(cursor, option, "a position x y z");
            if (!v) return;
            value = *v;
        }
        model_.massCenter = QcPhysicsValue<std::array<double, 3>>{center, option.where()};
    }

    // ---- hulls ----

    void assumeWorldSpace(const QcToken& option, QcArgumentCursor&) {
        model_.assumeWorldSpace = option.where();
    }
    void remove2d(const QcToken& option, QcArgumentCursor&) { model_.remove2d = option.where(); }
    void concave(const QcToken& option, QcArgumentCursor&) { model_.concave = option.where(); }
    void concavePerJoint(const QcToken& option, QcArgumentCursor&) {
        model_.concavePerJoint = option.where();
    }
    void maxConvexPieces(const QcToken& option, QcArgumentCursor& cursor) {
        const QcToken* token = cursor.peek();
        const auto count = number(cursor, option, "a whole number of pieces");
        if (!count) return;
        if (*count < 1 || *count > 1e6 || std::floor(*count) != *count) {
            sink_.report(kQcCodes["QC067"], token->where(),
                         option.text + " must be a whole number from 1 to 1000000, not " +
                             inQuotes(token->text));
            return;
        }
        model_.maxConvexPieces = QcPhysicsValue<int>{static_cast<int>(*count), option.where()};
    }
    void weldPosition(const QcToken& option, QcArgumentCursor& cursor) {
        if (auto v = located(nonNegative(cursor, option, "a distance"), option))
            model_.weldPosition = v;
    }
    void weldNormal(const QcToken& option, QcArgumentCursor& cursor) {
        if (auto v = located(
                numberIn(cursor, option, "a dot product", -1.0, 1.0, "between -1 and 1"), option))
            model_.weldNormal = v;
    }

    // ---- bones and joints ----

    void rootBone(const QcToken& option, QcArgumentCursor& cursor) {
        if (const QcToken* bone = name(cursor, option, "a bone name"))
            model_.rootBone = QcPhysicsValue<std::string>{bone->text, option.where()};
    }
    void jointSkip(const QcToken& option, QcArgumentCursor& cursor) {
        if (const QcToken* bone = name(cursor, option, "a bone name"))
            model_.jointSkips.push_back({bone->text, option.where()});
    }
    std::optional<QcBonePair> bonePair(const QcToken& option, QcArgumentCursor& cursor) {
        const QcToken* first = name(cursor, option, "two bone names");
        const QcToken* second = first ? name(cursor, option, "a second bone name") : nullptr;
        if (!second) return std::nullopt;
        return QcBonePair{first->text, second->text, option.where()};
    }
    void jointMerge(const QcToken& option, QcArgumentCursor& cursor) {
        if (auto pair = bonePair(option, cursor)) model_.jointMerges.push_back(std::move(*pair));
    }
    void jointCollide(const QcToken& option, QcArgumentCursor& cursor) {
        if (auto pair = bonePair(option, cursor)) model_.jointCollides.push_back(std::move(*pair));
    }
    void noSelfCollisions(const QcToken& option, QcArgumentCursor&) {
        model_.noSelfCollisions = option.where();
    }
    void jointSurfaceProp(const QcToken& option, QcArgumentCursor& cursor) {
        const QcToken* bone = name(cursor, option, "a bone name and a surface property");
        const QcToken* prop = bone ? name(cursor, option, "a surface property") : nullptr;
        if (prop) model_.jointSurfaceProps.push_back({bone->text, prop->text, option.where()});
    }
    void boneValue(const QcToken& option, QcArgumentCursor& cursor, std::vector<QcBoneValue>& into,
                   const std::string& what) {
        const QcToken* bone = name(cursor, option, "a bone name and " + what);
        const auto value = bone ? nonNegative(cursor, option, what) : std::nullopt;
        if (value) into.push_back({bone->text, *value, option.where()});
    }
    void jointMassBias(const QcToken& option, QcArgumentCursor& cursor) {
        boneValue(option, cursor, model_.jointMassBiases, "a mass bias");
    }
    void jointInertia(const QcToken& option, QcArgumentCursor& cursor) {
        boneValue(option, cursor, model_.jointInertias, "an inertia scale");
    }
    void jointDamping(const QcToken& option, QcArgumentCursor& cursor) {
        boneValue(option, cursor, model_.jointDampings, "a damping");
    }
    void jointRotDamping(const QcToken& option, QcArgumentCursor& cursor) {
        boneValue(option, cursor, model_.jointRotDampings, "a rotation damping");
    }

    void jointConstrain(const QcToken& option, QcArgumentCursor& cursor) {
        QcJointConstraint constraint;
        constraint.definedAt = option.where();
        const QcToken* bone = name(cursor, option, "a bone, an axis and free, fixed or limit");
        if (!bone) return;
        constraint.bone = bone->text;
        const QcToken* axis = name(cursor, option, "an axis (x, y or z) after the bone");
        if (!axis) return;
        const std::string axisName = asciiLower(axis->text);
        if (axisName != "x" && axisName != "y" && axisName != "z") {
            sink_.report(kQcCodes["QC066"], axis->where(),
                         inQuotes(axis->text) + " is not an axis of " + option.text +
                             "; write x, y or z");
            return;
        }
        constraint.axis = axisName == "x"   ? QcJointAxis::X
                          : axisName == "y" ? QcJointAxis::Y
                                            : QcJointAxis::Z;
        const QcToken* type = name(cursor, option, "free, fixed or limit after the axis");
        if (!type) return;
        const std::string typeName = asciiLower(type->text);
        if (typeName == "limit") {
            constraint.type = QcJointLimitType::Limit;
            const QcToken* minToken = cursor.peek();
            const auto min = numberIn(cursor, option, "a minimum angle in degrees", -360.0, 360.0,
                                      "between -360 and 360");
            const QcToken* maxToken = cursor.peek();
            const auto max = min ? numberIn(cursor, option, "a maximum angle in degrees", -360.0,
                                            360.0, "between -360 and 360")
                                 : std::nullopt;
            if (!max) return;
            if (*min > *max) {
                sink_.report(kQcCodes["QC067"], maxToken->where(),
                             option.text + " limit: the minimum " + inQuotes(minToken->text) +
                                 " is above the maximum " + inQuotes(maxToken->text) +
                                 "; write the smaller angle first");
                return;
            }
            constraint.min = *min;
            constraint.max = *max;
            if (!optionalFriction(cursor, option, constraint)) return;
        } else if (typeName == "free" || typeName == "fixed") {
            // The wiki: free ignores the range written (-360..360), fixed locks range and
            // friction at 0. Numbers written after them are read and set aside.
            const bool free = typeName == "free";
            constraint.type = free ? QcJointLimitType::Free : QcJointLimitType::Fixed;
            constraint.min = free ? -360.0 : 0.0;
            constraint.max = free ? 360.0 : 0.0;
            skipNumbersAfterFreeOrFixed(cursor, option, constraint, free);
        } else {
            sink_.report(kQcCodes["QC066"], type->where(),
                         inQuotes(type->text) + " is not a constraint type of " + option.text +
                             "; write free, fixed or limit");
            return;
        }
        model_.jointConstraints.push_back(std::move(constraint));
    }

    bool optionalFriction(QcArgumentCursor& cursor, const QcToken& option,
                          QcJointConstraint& constraint) {
        if (!cursor.nextIsText() || cursor.peek()->isDollarWord()) return true;
        const auto friction = nonNegative(cursor, option, "a friction");
        if (!friction) return false;
        constraint.friction = *friction;
        return true;
    }

    void skipNumbersAfterFreeOrFixed(QcArgumentCursor& cursor, const QcToken& option,
                                     QcJointConstraint& constraint, bool keepFriction) {
        std::vector<double> written;
        while (written.size() < 3 && cursor.nextIsText() && parseQcNumber(cursor.peek()->text)) {
            const auto value = number(cursor, option, "a number");
            if (!value) return;
            written.push_back(*value);
        }
        if (keepFriction && written.size() == 3) constraint.friction = std::max(0.0, written[2]);
    }

    void animatedFriction(const QcToken& option, QcArgumentCursor& cursor) {
        QcAnimatedFriction friction;
        friction.definedAt = option.where();
        double* const fields[] = {&friction.minFriction, &friction.maxFriction, &friction.timeIn,
                                  &friction.timeOut, &friction.timeHold};
        const char* const names[] = {"a minimum friction", "a maximum friction",
                                     "a time in (seconds)", "a time out (seconds)",
                                     "a hold time (seconds)"};
        for (std::size_t i = 0; i < 5; ++i) {
            const auto value = nonNegative(cursor, option, names[i]);
            if (!value) return;
            *fields[i] = *value;
        }
        model_.animatedFriction = friction;
    }

    QcCollisionModel& model_;
    const QcCommand& command_;
    DiagnosticSink& sink_;
};

} // namespace

const QcJointConstraint* QcCollisionModel::constraintFor(const std::string& bone,
                                                         QcJointAxis axis) const {
    const QcJointConstraint* found = nullptr;
    for (const QcJointConstraint& constraint : jointConstraints)
        if (constraint.axis == axis && sameName(constraint.bone, bone)) found = &constraint;
    return found;
}

std::string QcCollisionModel::surfacePropFor(std::span<const std::string> boneAndAncestors,
                                             const std::string& modelSurfaceProp) const {
    for (const std::string& bone : boneAndAncestors) {
        const QcBoneSurfaceProp* found = nullptr;
        for (const QcBoneSurfaceProp& entry : jointSurfaceProps)
            if (sameName(entry.bone, bone)) found = &entry;
        if (found) return found->surfaceProp;
    }
    return modelSurfaceProp;
}

std::optional<double> QcCollisionModel::valueFor(const std::vector<QcBoneValue>& values,
                                                 const std::string& bone) {
    std::optional<double> found;
    for (const QcBoneValue& entry : values)
        if (sameName(entry.bone, bone)) found = entry.value;
    return found;
}

QcCollisionModel readQcCollisionBlock(const QcCommand& command, QcFileRef smd, QcTokenSpan block,
                                      DiagnosticSink& sink) {
    QcCollisionModel model;
    model.kind =
        command.name == "$collisionjoints" ? QcCollisionKind::Joints : QcCollisionKind::Model;
    model.smd = std::move(smd);
    model.definedAt = command.head->where();
    CollisionBlockReader(model, command, sink).read(block);
    return model;
}

std::string serializeQcCollisionText(QcTokenSpan block) {
    std::string text;
    bool lineOpen = false;
    const QcToken* previous = nullptr;
    for (const QcToken& token : block) {
        if (token.kind == QcTokenKind::OpenBrace) {
            text += lineOpen ? " {\n" : "{\n";
            lineOpen = false;
        } else if (token.kind == QcTokenKind::CloseBrace) {
            text += lineOpen ? "\n}\n" : "}\n";
            lineOpen = false;
        } else {
            if (lineOpen) {
                const bool sameLine = previous->location.file == token.location.file &&
                                      previous->location.line == token.location.line;
                text += sameLine ? " " : "\n";
            }
            text += token.kind == QcTokenKind::String ? "\"" + token.text + "\"" : token.text;
            lineOpen = true;
        }
        previous = &token;
    }
    if (lineOpen) text += "\n";
    return text;
}

} // namespace vtxc
