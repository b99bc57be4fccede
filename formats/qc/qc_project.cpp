// The QC project: interprets the preprocessed command stream into a QcProject and checks it.
// Command meanings: docs/qc.md; the path policy is described in qc_project.h.
#include "formats/qc/qc_project.h"

#include "formats/common/contained_path.h"
#include "formats/common/text.h"
#include "formats/common/text_safety.h"
#include "formats/qc/qc_codes.h"
#include "formats/qc/qc_command_stream.h"
#include "formats/qc/qc_file_refs.h"
#include "formats/qc/qc_lexer.h"
#include "formats/qc/qc_mdl_commands.h"
#include "formats/qc/qc_paths.h"
#include "formats/qc/qc_preprocessor.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <span>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

// Why `written` (split into `parts`, ".mdl" dropped) cannot name the output files, or nullptr.
// The names become file names: no trailing separator, hidden file or control character.
const char* modelNameProblem(const std::string& written, const std::vector<std::string>& parts) {
    if (parts.empty() || parts.back().empty() || written.ends_with('/') || written.ends_with('\\'))
        return "has no file name (it ends in a folder separator)";
    if (parts.back().front() == '.') return "would name hidden files (the name starts with '.')";
    if (hasControlCharacter(written))
        return "holds a control character (tab, newline, ...); file names cannot carry it";
    if (!isValidUtf8(written)) return "is not UTF-8 text; save the QC as UTF-8";
    return nullptr;
}

// studio.h: MAX_NUM_LODS.
constexpr std::size_t kMaxLods = 8;

using TokenSpan = QcTokenSpan;
using ArgumentCursor = QcArgumentCursor;

// Normal form of an SMD name for matching replacemodel references: "a\B.smd" -> "a/b".
std::string referenceKey(std::string_view written) {
    std::string key;
    for (const std::string& part : splitWrittenPath(written))
        key += (key.empty() ? "" : "/") + part;
    key = asciiLower(key);
    if (key.size() > 4 && key.ends_with(".smd")) key.resize(key.size() - 4);
    return key;
}

class QcInterpreter {
  public:
    QcInterpreter(QcProject& project, const QcPathResolver& paths, FileSystem& files,
                  DiagnosticSink& sink)
        : project_(project), files_(paths, files, sink), sink_(sink), mdl_(project.mdl, sink),
          sequences_(files_, sink) {}

    void run(TokenSpan tokens) {
        QcLod reference;
        reference.isReference = true;
        project_.lods.push_back(reference);
        for (const QcCommand& command : splitQcCommands(tokens, sink_)) {
            if (sink_.errorLimitReached()) return;
            interpret(command);
        }
        project_.nodeNames = sequences_.nodeNames();
        if (sink_.errorLimitReached()) return;
        resolveLodTargets();
        checkWhole();
        for (const QcHitboxSet& set : project_.mdl.hitboxSets)
            project_.flags.hasHitboxes = project_.flags.hasHitboxes || !set.boxes.empty();
    }

    // The names of the tables below, for qcAcceptedNames().
    static std::vector<std::string> commandNames() {
        std::vector<std::string> names;
        for (const auto& [name, handler] : commandHandlers())
            names.push_back(name);
        return names;
    }
    static std::vector<std::string> lodOptionNames() {
        std::vector<std::string> names;
        for (const auto& [name, arity] : lodOptionTable())
            names.push_back(name);
        return names;
    }

  private:
    using Handler = void (QcInterpreter::*)(const QcCommand&, ArgumentCursor&);

    void interpret(const QcCommand& command) {
        const std::map<std::string, Handler>& handlers = commandHandlers();
        ArgumentCursor arguments(command.arguments);
        auto handler = handlers.find(command.name);
        if (handler != handlers.end()) return (this->*handler->second)(command, arguments);
        const std::size_t declared = project_.mdl.poseParameters.size();
        if (!mdl_.read(command)) noteUnused(command);
        // A new pose parameter's place among the sequences, for the order Valve numbers them.
        if (project_.mdl.poseParameters.size() > declared)
            project_.mdl.poseParameters.back().sequencesBefore =
                project_.sequences.size() + project_.animations.size();
    }

    static const std::map<std::string, Handler>& commandHandlers() {
        static const std::map<std::string, Handler> handlers = {
            {"$modelname", &QcInterpreter::modelName},
            {"$cdmaterials", &QcInterpreter::cdMaterials},
            {"$staticprop", &QcInterpreter::staticProp},
            {"$scale", &QcInterpreter::scale},
            {"$origin", &QcInterpreter::origin},
            {"$motionrollback", &QcInterpreter::motionRollback},
            {"$maxverts", &QcInterpreter::maxVerts},
            {"$body", &QcInterpreter::body},
            {"$model", &QcInterpreter::model},
            {"$bodygroup", &QcInterpreter::bodyGroup},
            {"$lod", &QcInterpreter::lod},
            {"$shadowlod", &QcInterpreter::lod},
            {"$texturegroup", &QcInterpreter::textureGroup},
            {"$renamematerial", &QcInterpreter::renameMaterial},
            {"$sequence", &QcInterpreter::sequence},
            {"$animation", &QcInterpreter::sequence},
            {"$declaresequence", &QcInterpreter::declareSequence},
            {"$skiptransition", &QcInterpreter::skipTransition},
            {"$append", &QcInterpreter::appendToSequence},
            {"$continue", &QcInterpreter::appendToSequence},
            {"$collisionmodel", &QcInterpreter::collisionModel},
            {"$collisionjoints", &QcInterpreter::collisionModel},
            {"$collisiontext", &QcInterpreter::collisionText},
            {"$includemodel", &QcInterpreter::includeModel},
            {"$pushd", &QcInterpreter::pushFolder},
            {"$popd", &QcInterpreter::popFolder},
            {"$definebone", &QcInterpreter::defineBone},
            {"$opaque", &QcInterpreter::flag},
            {"$noforcedfade", &QcInterpreter::flag},
            {"$casttextureshadows", &QcInterpreter::flag},
            {"$ambientboost", &QcInterpreter::flag},
            {"$donotcastshadows", &QcInterpreter::flag},
            {"$mostlyopaque", &QcInterpreter::flag},
        };
        return handlers;
    }

    // ---- helpers ----

    const QcToken* requireText(const QcCommand& command, ArgumentCursor& arguments,
                               const std::string& what) {
        if (const QcToken* token = arguments.takeText()) return token;
        const QcToken* at = arguments.peek() ? arguments.peek() : command.head;
        sink_.report(kQcCodes["QC030"], at->where(), command.head->text + " needs " + what);
        return nullptr;
    }

    std::optional<double> requireNumber(const QcCommand& command, ArgumentCursor& arguments,
                                        const std::string& what) {
        const QcToken* token = requireText(command, arguments, what);
        if (!token) return std::nullopt;
        return numberOf(*token, command.head->text + " " + what);
    }

    std::optional<double> numberOf(const QcToken& token, const std::string& what) {
        std::optional<double> value = parseQcNumber(token.text);
        if (!value) {
            sink_.report(kQcCodes["QC031"], token.where(),
                         "'" + printableText(token.text) + "' is not a number (" + what + ")");
        } else if (!std::isfinite(static_cast<float>(*value))) {
            // Every QC number ends up in a 32-bit float; past its range it becomes infinity.
            sink_.report(kQcCodes["QC031"], token.where(),
                         "'" + printableText(token.text) + "' (" + what +
                             ") is too large for a 32-bit float; use a finite value below 3.4e38");
            return std::nullopt;
        }
        return value;
    }

    // Arguments a command does not take: probably a mistake, but harmless to the meshes.
    void finish(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* extra = arguments.peek();
        if (!extra) return;
        sink_.report(kQcCodes["QC039"], extra->where(),
                     "'" + extra->text +
                         "' and what follows up to the next command is not "
                         "understood as part of " +
                         command.head->text + " and was ignored");
    }

    // Every use is reported at its line: a command vtxc does not implement is never dropped
    // silently.
    void noteUnused(const QcCommand& command) {
        if (usedNames_.insert(command.name).second)
            project_.unusedCommands.push_back(command.head->text);
        sink_.report(kQcCodes["QC061"], command.head->where(),
                     command.head->text + " is not implemented by vtxc; ignored");
    }

    // ---- output name, materials, flags, placement ----

    void modelName(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* name =
            requireText(command, arguments, "the model's name, e.g. \"props/box.mdl\"");
        if (!name) return;
        modelNameSeen_ = true;
        finish(command, arguments);
        const std::string& written = name->text;
        std::vector<std::string> parts = splitWrittenPath(written);
        const bool absolute =
            !written.empty() && (written.front() == '/' || written.front() == '\\' ||
                                 written.find(':') != std::string::npos);
        const bool climbs = std::find(parts.begin(), parts.end(), "..") != parts.end();
        if (absolute || climbs || parts.empty()) {
            sink_.report(kQcCodes["QC032"], name->where(),
                         "$modelname '" + written +
                             "' must be a relative path without '..' or ':' (the output is written "
                             "below the output root's models/ folder)");
            return;
        }
        if (asciiLower(parts.back()).ends_with(".mdl"))
            parts.back().resize(parts.back().size() - 4);
        if (const char* problem = modelNameProblem(written, parts)) {
            sink_.report(kQcCodes["QC032"], name->where(),
                         "$modelname '" + printableText(written) + "' " + problem);
            return;
        }
        fs::path path;
        for (const std::string& part : parts)
            path /= part;
        project_.modelNameWritten = written;
        project_.modelName = path;
        project_.modelNameAt = name->where();
    }

    void cdMaterials(const QcCommand& command, ArgumentCursor& arguments) {
        if (!arguments.nextIsText()) {
            requireText(command, arguments, "a material folder");
            return;
        }
        while (const QcToken* folder = arguments.takeText())
            project_.cdMaterials.push_back(folder->text);
        finish(command, arguments);
    }

    void staticProp(const QcCommand& command, ArgumentCursor& arguments) {
        project_.staticProp = true;
        finish(command, arguments);
    }

    void flag(const QcCommand& command, ArgumentCursor& arguments) {
        QcMdlFlags& flags = project_.flags;
        if (command.name == "$opaque") flags.opaque = true;
        if (command.name == "$noforcedfade") flags.noForcedFade = true;
        if (command.name == "$casttextureshadows") flags.castTextureShadows = true;
        if (command.name == "$ambientboost") flags.ambientBoost = true;
        if (command.name == "$donotcastshadows") flags.doNotCastShadows = true;
        if (command.name == "$mostlyopaque") flags.translucentTwoPass = true;
        finish(command, arguments);
    }

    void scale(const QcCommand& command, ArgumentCursor& arguments) {
        std::optional<double> value = requireNumber(command, arguments, "the scale factor");
        if (!value) return;
        if (*value <= 0.0) {
            sink_.report(kQcCodes["QC031"], command.head->where(), "$scale must be greater than 0");
            return;
        }
        placement_.scale = *value;
        finish(command, arguments);
    }

    void origin(const QcCommand& command, ArgumentCursor& arguments) {
        QcPlacement next = placement_;
        static const char* const axes[] = {"x", "y", "z"};
        for (int axis = 0; axis < 3; ++axis) {
            std::optional<double> value =
                requireNumber(command, arguments, std::string("the ") + axes[axis] + " offset");
            if (!value) return;
            next.origin[static_cast<std::size_t>(axis)] = *value;
        }
        next.originRotationDegrees = 0.0;
        if (const QcToken* rotation = arguments.takeText()) {
            std::optional<double> value = numberOf(*rotation, "$origin rotation");
            if (!value) return;
            next.originRotationDegrees = *value;
        }
        placement_ = next;
        finish(command, arguments);
    }

    // `$motionrollback SECONDS`: the motion rollback of the animations defined after it
    // (docs/mdl-compile.md, "Motion extraction"); their own `motionrollback` option wins.
    void motionRollback(const QcCommand& command, ArgumentCursor& arguments) {
        std::optional<double> seconds = requireNumber(command, arguments, "a time in seconds");
        if (!seconds) return;
        if (*seconds < 0.0) {
            sink_.report(kQcCodes["QC031"], command.head->where(),
                         "$motionrollback needs 0 or more seconds");
            return;
        }
        motionRollbackSeconds_ = *seconds;
        finish(command, arguments);
    }

    void maxVerts(const QcCommand& command, ArgumentCursor& arguments) {
        std::optional<double> value = requireNumber(command, arguments, "a vertex count");
        if (!value) return;
        if (*value < 1.0 || *value > 2147483647.0 || std::floor(*value) != *value) {
            sink_.report(kQcCodes["QC031"], command.head->where(),
                         "$maxverts needs a whole number of vertices greater than 0");
            return;
        }
        project_.maxVerts = static_cast<int>(*value);
        project_.maxVertsClamp = arguments.takeKeyword("clamp");
        // Recorded, but the compiler splits meshes only at the .vtx limits: never silently.
        sink_.report(kQcCodes["QC061"], command.head->where(),
                     "$maxverts is not applied by vtxc (meshes are split only where the .vtx "
                     "limits require it); ignored");
        finish(command, arguments);
    }

    // ---- body parts ----

    QcModel makeModel(const QcToken& file, ArgumentCursor& arguments) {
        QcModel model;
        model.name = file.text;
        model.mesh = files_.resolve(file, QcFileRole::Mesh);
        model.placement = placement_;
        model.reversed = arguments.takeKeyword("reverse");
        return model;
    }

    void body(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* name = requireText(command, arguments, "a body part name and an SMD file");
        const QcToken* file =
            name ? requireText(command, arguments, "an SMD file after the name") : nullptr;
        if (!file) return;
        QcBodyPart part{name->text, {makeModel(*file, arguments)}, command.head->where()};
        project_.bodyParts.push_back(std::move(part));
        finish(command, arguments);
    }

    void model(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* name = requireText(command, arguments, "a model name and an SMD file");
        const QcToken* file =
            name ? requireText(command, arguments, "an SMD file after the name") : nullptr;
        if (!file) return;
        QcBodyPart part{name->text, {makeModel(*file, arguments)}, command.head->where()};
        project_.bodyParts.push_back(std::move(part));
        if (arguments.nextIsBlock()) mdl_.readModelBlock(arguments.takeBlock());
        finish(command, arguments);
    }

    void bodyGroup(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* name =
            requireText(command, arguments, "a name and a { studio \"x.smd\" } block");
        if (!name) return;
        if (!arguments.nextIsBlock()) {
            sink_.report(kQcCodes["QC037"], name->where(),
                         "$bodygroup '" + name->text + "' needs a { studio \"x.smd\" ... } block");
            return;
        }
        QcBodyPart part{name->text, {}, command.head->where()};
        ArgumentCursor entries(arguments.takeBlock());
        while (!entries.atEnd()) {
            if (entries.takeKeyword("studio")) {
                const QcToken* file = entries.takeText();
                if (!file) {
                    sink_.report(kQcCodes["QC030"], command.head->where(),
                                 "'studio' in $bodygroup '" + name->text + "' needs an SMD file");
                    break;
                }
                part.models.push_back(makeModel(*file, entries));
            } else if (entries.takeKeyword("blank")) {
                QcModel blank;
                blank.name = "blank";
                blank.placement = placement_;
                part.models.push_back(std::move(blank));
            } else {
                const QcToken* unknown = entries.peek();
                sink_.report(kQcCodes["QC039"], unknown->where(),
                             "'" + unknown->text +
                                 "' in $bodygroup is neither 'studio' nor "
                                 "'blank'; ignored");
                entries.skipOne();
            }
        }
        if (part.models.empty())
            sink_.report(kQcCodes["QC037"], name->where(),
                         "$bodygroup '" + name->text +
                             "' has no model; add studio \"x.smd\" or blank");
        else
            project_.bodyParts.push_back(std::move(part));
        finish(command, arguments);
    }

    // ---- LODs ----

    void lod(const QcCommand& command, ArgumentCursor& arguments) {
        const bool shadow = command.name == "$shadowlod";
        QcLod lod;
        lod.isShadow = shadow;
        lod.definedAt = command.head->where();
        lod.switchPoint = -1.0f;
        if (!shadow && !readSwitchPoint(command, arguments, lod)) return;
        if (!checkLodPlace(command, lod)) return;
        if (!arguments.nextIsBlock()) {
            sink_.report(kQcCodes["QC045"], command.head->where(),
                         command.head->text + " needs a { ... } block saying what changes, e.g. "
                                              "{ replacemodel \"ref.smd\" \"ref_lod1.smd\" }");
            return;
        }
        readLodBlock(arguments.takeBlock(), lod);
        project_.lods.push_back(std::move(lod));
        finish(command, arguments);
    }

    bool readSwitchPoint(const QcCommand& command, ArgumentCursor& arguments, QcLod& lod) {
        const QcToken* value = arguments.takeText();
        if (!value) {
            sink_.report(kQcCodes["QC040"], command.head->where(),
                         "$lod needs a switch value (the distance metric at which this LOD takes "
                         "over), e.g. $lod 10");
            return false;
        }
        std::optional<double> number = numberOf(*value, "the $lod switch value");
        if (!number) return false;
        if (*number <= 0.0 || *number > 1e30) {
            sink_.report(kQcCodes["QC040"], value->where(),
                         "the $lod switch value must be greater than 0 (LOD 0 switches at 0)");
            return false;
        }
        lod.switchPoint = static_cast<float>(*number);
        return true;
    }

    bool checkLodPlace(const QcCommand& command, const QcLod& lod) {
        if (project_.hasShadowLod()) {
            const bool second = lod.isShadow;
            sink_.report(second ? kQcCodes["QC041"] : kQcCodes["QC042"], command.head->where(),
                         second
                             ? "a second $shadowlod; a model has one shadow LOD at most (the first "
                               "is at " +
                                   lineOf(project_.lods.back().definedAt) + ")"
                             : "$lod after $shadowlod; the shadow LOD must be the last LOD, so "
                               "move this $lod before it");
            return false;
        }
        if (project_.lods.size() >= kMaxLods) {
            sink_.report(kQcCodes["QC044"], command.head->where(),
                         "more than " + std::to_string(kMaxLods) +
                             " LODs (LOD 0 and the shadow LOD included); remove one");
            return false;
        }
        const QcLod& previous = project_.lods.back();
        if (!lod.isShadow && !previous.isReference && lod.switchPoint <= previous.switchPoint)
            sink_.report(kQcCodes["QC047"], command.head->where(),
                         "this $lod switches at " + formatNumber(lod.switchPoint) +
                             ", not after the previous one (" + formatNumber(previous.switchPoint) +
                             "); list $lod commands from near to far");
        return true;
    }

    static std::string lineOf(const SourceLocation& at) {
        return at.file + ":" + std::to_string(at.line);
    }

    static std::string formatNumber(double value) {
        std::string text = std::to_string(value);
        while (text.find('.') != std::string::npos && (text.back() == '0' || text.back() == '.')) {
            const bool dot = text.back() == '.';
            text.pop_back();
            if (dot) break;
        }
        return text;
    }

    // Each option takes a fixed number of names.
    void readLodBlock(TokenSpan block, QcLod& lod) {
        lodReplacements_.clear();
        lodRemovals_.clear();
        ArgumentCursor options(block);
        while (!options.atEnd() && !sink_.errorLimitReached()) {
            const QcToken* option = options.peek();
            const std::string word = option->isText() ? asciiLower(option->text) : std::string();
            const std::size_t count = lodOptionArity(word);
            if (count == kUnknownOption) {
                sink_.report(
                    kQcCodes["QC046"], option->where(),
                    "'" + option->text +
                        "' is not a $lod option vtxc knows "
                        "(replacemodel, removemodel, replacematerial, removemesh, nofacial, "
                        "facial, bonetreecollapse, replacebone); skipped");
                options.skipOne();
                while (options.nextIsText() &&
                       lodOptionArity(asciiLower(options.peek()->text)) == kUnknownOption)
                    options.skipOne();
                continue;
            }
            options.skipOne();
            std::vector<const QcToken*> values;
            for (std::size_t i = 0; i < count; ++i) {
                const QcToken* value = options.takeText();
                if (!value) break;
                values.push_back(value);
            }
            if (values.size() < count) {
                sink_.report(kQcCodes["QC030"], option->where(),
                             "'" + option->text + "' needs " + std::to_string(count) + " name(s)");
                continue;
            }
            applyLodOption(word, *option, values, options, lod);
        }
    }

    static constexpr std::size_t kUnknownOption = static_cast<std::size_t>(-1);

    static const std::map<std::string, std::size_t>& lodOptionTable() {
        static const std::map<std::string, std::size_t> arity = {
            {"replacemodel", 2}, {"removemodel", 1}, {"replacematerial", 2},  {"removemesh", 1},
            {"nofacial", 0},     {"facial", 0},      {"bonetreecollapse", 1}, {"replacebone", 2}};
        return arity;
    }

    static std::size_t lodOptionArity(const std::string& word) {
        const auto& arity = lodOptionTable();
        auto it = arity.find(word);
        return it == arity.end() ? kUnknownOption : it->second;
    }

    void applyLodOption(const std::string& word, const QcToken& option,
                        const std::vector<const QcToken*>& values, ArgumentCursor& options,
                        QcLod& lod) {
        if (word == "replacemodel") {
            QcReplaceModel replace;
            replace.referenceWritten = values[0]->text;
            replace.lodMesh = files_.resolve(*values[1], QcFileRole::Mesh);
            replace.reverse = options.takeKeyword("reverse");
            replace.placement = placement_;
            replace.at = values[0]->where();
            addReplacement(std::move(replace), lod);
        } else if (word == "removemodel") {
            if (lodRemovals_.insert(referenceKey(values[0]->text)).second)
                lod.removeModels.push_back({values[0]->text, {}, values[0]->where()});
        } else if (word == "replacematerial") {
            lod.replaceMaterials.push_back({values[0]->text, values[1]->text, option.where()});
        } else if (word == "removemesh") {
            lod.removeMeshes.emplace_back(values[0]->text, values[0]->where());
        } else if (word == "nofacial" || word == "facial") {
            lod.facial = word == "facial";
        } else if (word == "bonetreecollapse") {
            lod.boneTreeCollapses.push_back(values[0]->text);
            lod.boneTreeCollapsesAt.push_back(values[0]->where());
        } else if (word == "replacebone") {
            lod.replaceBones.push_back({values[0]->text, values[1]->text, option.where()});
        }
    }

    // One replacement per reference and LOD: a later one for the same reference takes its place.
    void addReplacement(QcReplaceModel replace, QcLod& lod) {
        const auto [it, added] = lodReplacements_.emplace(referenceKey(replace.referenceWritten),
                                                          lod.replaceModels.size());
        if (added) {
            lod.replaceModels.push_back(std::move(replace));
            return;
        }
        sink_.report(kQcCodes["QC048"], replace.at,
                     "'" + replace.referenceWritten + "' is already replaced in this LOD (at " +
                         lineOf(lod.replaceModels[it->second].at) +
                         "); this later replacemodel "
                         "counts");
        lod.replaceModels[it->second] = std::move(replace);
    }

    // References are matched once every body part is known, so the order of commands is free.
    void resolveLodTargets() {
        std::map<std::string, std::vector<QcModelIndex>> modelsByReference;
        for (std::size_t p = 0; p < project_.bodyParts.size(); ++p) {
            const std::vector<QcModel>& models = project_.bodyParts[p].models;
            for (std::size_t m = 0; m < models.size(); ++m)
                if (models[m].mesh)
                    modelsByReference[referenceKey(models[m].mesh->written)].push_back({p, m});
        }
        auto modelsUsing = [&](const std::string& reference) {
            auto it = modelsByReference.find(referenceKey(reference));
            return it == modelsByReference.end() ? std::vector<QcModelIndex>() : it->second;
        };
        for (QcLod& lod : project_.lods) {
            for (QcReplaceModel& replace : lod.replaceModels) {
                replace.targets = modelsUsing(replace.referenceWritten);
                if (replace.targets.empty())
                    reportUnknownReference(replace.referenceWritten, replace.at);
            }
            for (QcRemoveModel& remove : lod.removeModels) {
                remove.targets = modelsUsing(remove.referenceWritten);
                if (remove.targets.empty())
                    reportUnknownReference(remove.referenceWritten, remove.at);
            }
        }
    }

    void reportUnknownReference(const std::string& reference, const SourceLocation& at) {
        if (sink_.errorLimitReached()) return;
        std::string known;
        std::size_t listed = 0;
        for (const QcBodyPart& part : project_.bodyParts) {
            for (const QcModel& model : part.models) {
                if (!model.mesh || listed == 5) continue;
                known += (listed++ ? ", '" : "'") + model.mesh->written + "'";
            }
        }
        sink_.report(kQcCodes["QC043"], at,
                     "'" + reference + "' is not the reference SMD of any model" +
                         (known.empty() ? std::string(" (the QC defines none)")
                                        : " (the models use " + known + ")") +
                         "; name the SMD given to $body, $model or studio");
    }

    // ---- texture groups ----

    // `$renamematerial OLD NEW` (the $renamematerial wiki page: the model uses NEW where its
    // meshes say OLD).
    void renameMaterial(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* from =
            requireText(command, arguments, "the material's name and its new name");
        const QcToken* to =
            from ? requireText(command, arguments, "a new name after the material's") : nullptr;
        if (!to) return;
        project_.materialRenames.push_back({from->text, to->text, command.head->where()});
        finish(command, arguments);
    }

    void textureGroup(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* name =
            requireText(command, arguments, "a name and a { { \"a\" } { \"b\" } } block");
        if (!name) return;
        if (!arguments.nextIsBlock()) {
            sink_.report(kQcCodes["QC038"], name->where(),
                         "$texturegroup '" + name->text +
                             "' needs a block of skins: "
                             "{ { \"a\" \"b\" } { \"a2\" \"b2\" } }");
            return;
        }
        QcTextureGroup group{name->text, {}, command.head->where()};
        ArgumentCursor rows(arguments.takeBlock());
        while (!rows.atEnd()) {
            if (!rows.nextIsBlock()) {
                const QcToken* stray = rows.take();
                sink_.report(kQcCodes["QC038"], stray->where(),
                             "'" + stray->text +
                                 "' in $texturegroup: each skin is a { } row of "
                                 "material names");
                return;
            }
            const QcToken* rowStart = rows.peek();
            std::vector<std::string> row;
            for (const QcToken& material : rows.takeBlock()) {
                if (!material.isText()) {
                    sink_.report(kQcCodes["QC038"], material.where(),
                                 "a skin row of $texturegroup holds material names only");
                    return;
                }
                row.push_back(material.text);
            }
            if (row.empty() || (!group.skins.empty() && row.size() != group.skins.front().size())) {
                sink_.report(
                    kQcCodes["QC038"], rowStart->where(),
                    "every skin row of $texturegroup '" + name->text +
                        "' must name the same number of materials as the first row (" +
                        std::to_string(group.skins.empty() ? 1 : group.skins.front().size()) +
                        " or more), this one names " + std::to_string(row.size()));
                return;
            }
            group.skins.push_back(std::move(row));
        }
        if (group.skins.empty()) {
            sink_.report(kQcCodes["QC038"], name->where(),
                         "$texturegroup '" + name->text + "' has no skin");
            return;
        }
        project_.textureGroups.push_back(std::move(group));
        finish(command, arguments);
    }

    // ---- sequences and animations ----

    void sequence(const QcCommand& command, ArgumentCursor&) {
        std::optional<QcSequence> entry = sequences_.read(command);
        if (!entry) return;
        entry->placement = placement_;
        if (!entry->motion.rollbackSeconds) entry->motion.rollbackSeconds = motionRollbackSeconds_;
        (command.name == "$animation" ? project_.animations : project_.sequences)
            .push_back(std::move(*entry));
    }

    // `$append NAME OPTIONS` and `$continue NAME OPTIONS` add to the latest sequence (else
    // animation) of that name. Valve's combine_soldier_anims.mdl holds what both add: the
    // activity, events, IK rules and blend layers of `$append "gesture_reload_ar2" { ... }`
    // (SoldierNewWeaponActivities.qci), and the options a macro's caller writes after a
    // body that ends with `$continue NAME` (weaponmacros.qci).
    void appendToSequence(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* name = requireText(command, arguments, "the name of an earlier $sequence");
        if (!name) return;
        QcSequence* entry = latestNamed(project_.sequences, name->text);
        if (!entry) entry = latestNamed(project_.animations, name->text);
        if (!entry) {
            sink_.report(kQcCodes["QC071"], name->where(),
                         command.head->text + " '" + printableText(name->text) +
                             "': no $sequence or $animation of that name comes before it");
            return;
        }
        sequences_.append(command, *entry);
    }

    static QcSequence* latestNamed(std::vector<QcSequence>& entries, const std::string& name) {
        const std::string lower = asciiLower(name);
        for (auto it = entries.rbegin(); it != entries.rend(); ++it)
            if (!it->declared && asciiLower(it->name) == lower) return &*it;
        return nullptr;
    }

    // `$skiptransition NODE NODE ...`: Valve's compiled graphs (combine_soldier_anims.mdl)
    // hold no trace of it but the numbers of the nodes it names first, so vtxc numbers them.
    void skipTransition(const QcCommand& command, ArgumentCursor& arguments) {
        if (!arguments.nextIsText()) {
            requireText(command, arguments, "two or more node names");
            return;
        }
        while (const QcToken* node = arguments.takeText())
            sequences_.nameNode(node->text);
        finish(command, arguments);
    }

    // A placeholder sequence (an NPC animation library's, so that the sequence numbers of the
    // model it is included into stay as before).
    void declareSequence(const QcCommand& command, ArgumentCursor& arguments) {
        std::optional<QcSequence> entry = sequences_.declare(command);
        if (!entry) return;
        project_.sequences.push_back(std::move(*entry));
        arguments.take();
        finish(command, arguments);
    }

    // ---- physics, included models, bones ----

    void collisionModel(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* file = requireText(command, arguments, "an SMD file");
        if (!file) return;
        if (project_.collisionModel) {
            const SourceLocation& earlier = project_.collisionModel->definedAt;
            sink_.report(kQcCodes["QC070"], command.head->where(),
                         command.head->text + " replaces the physics model of " + earlier.file +
                             ":" + std::to_string(earlier.line) +
                             "; a model has one collision model");
        }
        QcFileRef smd = files_.resolve(*file, QcFileRole::Physics);
        const QcTokenSpan block = arguments.nextIsBlock() ? arguments.takeBlock() : QcTokenSpan{};
        project_.collisionModel = readQcCollisionBlock(command, std::move(smd), block, sink_);
        if (project_.collisionModel) project_.collisionModel->placement = placement_;
        finish(command, arguments);
    }

    void collisionText(const QcCommand& command, ArgumentCursor& arguments) {
        if (!arguments.nextIsBlock()) {
            sink_.report(kQcCodes["QC030"], command.head->where(),
                         "$collisiontext needs a { ... } block of .phy text");
            return;
        }
        project_.collisionText += serializeQcCollisionText(arguments.takeBlock());
        project_.collisionTextAt.push_back(command.head->where());
        finish(command, arguments);
    }

    void includeModel(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* file = requireText(command, arguments, "a .mdl file");
        if (!file) return;
        project_.includedModels.push_back(files_.resolve(*file, QcFileRole::IncludedModel));
        finish(command, arguments);
    }

    // studiomdl keeps a stack of folders that SMD names are relative to (the Valve Developer
    // Community wiki, $cd: "$pushd and $popd can be used if different source files need different
    // working directories"). Each $pushd is relative to the folder in force, starting at the QC's
    // folder, whatever file holds it: l4d1_ported_anims/L4D1_PistolAnims.qci pushes
    // "l4d1_ported_anims\male", a folder named from the QC's folder. $include is not affected
    // (shared .qci files at the tree's root are included between $pushd and $popd).
    void pushFolder(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* folder = requireText(command, arguments, "a folder");
        if (!folder) return;
        files_.pushFolder(*folder);
        finish(command, arguments);
    }

    void popFolder(const QcCommand& command, ArgumentCursor& arguments) {
        if (!files_.popFolder())
            sink_.report(kQcCodes["QC064"], command.head->where(),
                         "$popd without an open $pushd; file names stay relative to the QC's "
                         "folder");
        finish(command, arguments);
    }

    void defineBone(const QcCommand& command, ArgumentCursor& arguments) {
        const QcToken* name = requireText(command, arguments, "a bone name");
        const QcToken* parent =
            name ? requireText(command, arguments, "a parent bone name (\"\" for none)") : nullptr;
        if (!parent) return;
        QcDefinedBone bone;
        bone.name = name->text;
        bone.parent = parent->text;
        bone.definedAt = command.head->where();
        if (!readTriple(command, arguments, bone.position, "position") ||
            !readTriple(command, arguments, bone.rotationDegrees, "rotation"))
            return;
        if (arguments.nextIsText()) {
            std::array<double, 3> fixupPosition{}, fixupRotation{};
            if (!readTriple(command, arguments, fixupPosition, "fixup position") ||
                !readTriple(command, arguments, fixupRotation, "fixup rotation"))
                return;
            bone.fixupPosition = fixupPosition;
            bone.fixupRotationDegrees = fixupRotation;
        }
        project_.definedBones.push_back(std::move(bone));
        finish(command, arguments);
    }

    bool readTriple(const QcCommand& command, ArgumentCursor& arguments, std::array<double, 3>& out,
                    const std::string& what) {
        for (double& value : out) {
            std::optional<double> number =
                requireNumber(command, arguments, "three " + what + " values");
            if (!number) return false;
            value = *number;
        }
        return true;
    }

    // ---- the whole ----

    void checkWhole() {
        // Reported at the top of the QC, where the missing command would usually go.
        const SourceLocation qc{project_.qcPath.string(), 1, 1};
        if (!modelNameSeen_)
            sink_.report(kQcCodes["QC033"], qc,
                         "the QC has no $modelname; add one, e.g. $modelname \"props/box.mdl\"");
        // A QC of animations alone (an NPC's animation library, a $includemodel target) makes
        // an .mdl without meshes, as Valve's vortigaunt_anims.mdl is: only a QC with neither
        // meshes nor animations has nothing to compile.
        if (project_.bodyParts.empty() && project_.sequences.empty() && project_.animations.empty())
            sink_.report(kQcCodes["QC034"], qc,
                         "the QC defines no model and no animation; add $body, $model or "
                         "$bodygroup with an SMD, or a $sequence");
    }

    QcProject& project_;
    QcFileRefResolver files_;
    DiagnosticSink& sink_;
    QcMdlCommandReader mdl_;
    QcSequenceReader sequences_;
    QcPlacement placement_;
    double motionRollbackSeconds_ = kDefaultMotionRollbackSeconds;
    std::set<std::string> usedNames_;
    bool modelNameSeen_ = false;
    std::map<std::string, std::size_t> lodReplacements_; // of the LOD being read: key -> index
    std::set<std::string> lodRemovals_;                  // of the LOD being read
};

} // namespace

QcLodMesh meshForLod(const QcProject& project, QcModelIndex index, std::size_t lod) {
    const QcModel& model = project.bodyParts.at(index.bodyPart).models.at(index.model);
    QcLodMesh result{model.mesh ? &*model.mesh : nullptr, model.reversed, model.placement};
    if (lod == 0 || lod >= project.lods.size()) return result;
    const QcLod& level = project.lods[lod];
    auto targets = [&](const std::vector<QcModelIndex>& list) {
        return std::find(list.begin(), list.end(), index) != list.end();
    };
    for (const QcRemoveModel& remove : level.removeModels)
        if (targets(remove.targets)) return {};
    for (auto it = level.replaceModels.rbegin(); it != level.replaceModels.rend(); ++it)
        if (targets(it->targets)) return {&it->lodMesh, it->reverse, it->placement};
    return result;
}

namespace {

// The QC's folder as a path relative to the content root; nothing (reported) when the QC does not
// lie inside the root.
std::optional<RelativePath> qcFolderWithin(const fs::path& qc, const fs::path& contentRoot,
                                           FileSystem& files, DiagnosticSink& sink) {
    auto resolved = [&](const fs::path& path) {
        return files.resolveLinks(path.empty() ? fs::path(".") : path);
    };
    const fs::path relative = resolved(qc.parent_path()).lexically_relative(resolved(contentRoot));
    RelativePath folder;
    for (const fs::path& part : relative) {
        if (part == "..") {
            sink.error(kQcContentRoot, {qc.string(), 0, 0},
                       "the QC lies outside the content root '" + contentRoot.string() +
                           "'; name a --content-root that contains the QC's folder",
                       ExitCode::Usage);
            return std::nullopt;
        }
        if (part != "." && !part.empty()) folder.push_back(part.string());
    }
    return folder;
}

} // namespace

QcAcceptedNames qcAcceptedNames() {
    QcAcceptedNames names;
    names.commands = QcInterpreter::commandNames();
    for (std::string& name : QcMdlCommandReader::commandNames())
        names.commands.push_back(std::move(name));
    names.lodOptions = QcInterpreter::lodOptionNames();
    return names;
}

std::optional<QcProject> readQcProject(const fs::path& qc, FileSystem& files, DiagnosticSink& sink,
                                       const std::optional<fs::path>& contentRoot) {
    ForwardingSink own(sink);
    QcProject project;
    project.qcPath = qc;
    project.rootDirectory = contentRoot ? *contentRoot : qc.parent_path();
    if (!qc.has_filename()) {
        own.report(kQcCodes["QC001"], {qc.string(), 0, 0}, "name a QC file, not a folder");
        return std::nullopt;
    }
    std::optional<RelativePath> qcFolder;
    if (contentRoot) {
        qcFolder = qcFolderWithin(qc, *contentRoot, files, own);
        if (!qcFolder) return std::nullopt;
    }
    const QcPathResolver paths(project.rootDirectory, files, qcFolder.value_or(RelativePath{}));
    QcPreprocessed preprocessed = preprocessQc(paths, qc.filename().string(), files, own);
    project.filesRead = std::move(preprocessed.filesRead);
    if (project.filesRead.empty() || preprocessed.truncated || own.errorLimitReached())
        return std::nullopt;
    if (!checkQcBraces(preprocessed.tokens, own)) return std::nullopt;
    QcInterpreter(project, paths, files, own).run(preprocessed.tokens);
    if (own.hasErrors()) return std::nullopt;
    return project;
}

std::optional<QcProject> readQcProject(const fs::path& qc, DiagnosticSink& sink,
                                       const std::optional<fs::path>& contentRoot) {
    RealFileSystem files;
    return readQcProject(qc, files, sink, contentRoot);
}

} // namespace vtxc
