// Source 2 model document: animation groups and animations read from a KV3 tree, the documented
// defaults applied. Follows the attribute tables of the VDC wiki's VMDL animation page
// (docs/vmdl-animation.md).
// Codes: VMDL001-VMDL017 of kVmdlDocumentCodes (formats/vmdl/vmdl_codes.h).
#include "formats/vmdl/vmdl_document.h"

#include "formats/common/io_codes.h"
#include "formats/common/text.h"
#include "formats/vmdl/vmdl_codes.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <limits>
#include <map>
#include <memory>
#include <set>

namespace vtxc {

namespace fs = std::filesystem;

std::size_t VmdlDocument::animationCount() const {
    std::size_t count = 0;
    for (const AnimationGroup& group : groups)
        count += group.animations.size();
    return count;
}

std::optional<fs::path> resolveContentPath(const std::string& contentPath,
                                           const ContainedPathResolver& content,
                                           const SourceLocation& where, DiagnosticSink& sink) {
    const ContainedPath resolved = content.resolve(contentPath);
    switch (resolved.problem) {
    case PathProblem::None:
        return resolved.path;
    case PathProblem::Empty:
    case PathProblem::Absolute:
        sink.report(kVmdlDocumentCodes["VMDL008"], where,
                    "path '" + contentPath + "' must be relative to the content root " +
                        content.root().string() + " (and not empty)");
        return std::nullopt;
    case PathProblem::LeavesRoot:
    case PathProblem::LinkLeavesRoot:
        break;
    }
    sink.report(kVmdlDocumentCodes["VMDL008"], where,
                "path '" + contentPath + "' leads outside the content root " +
                    content.root().string() +
                    ": keep sources under the root, or pass a wider root with --content DIR");
    return std::nullopt;
}

namespace {

// A KV3 file read through the seam: IO001 (exit status 2) when it cannot be read.
std::optional<Kv3Document> readDocument(const fs::path& path, FileSystem& files,
                                        DiagnosticSink& sink) {
    std::optional<std::string> text;
    if (files.isFile(path)) text = files.readText(path);
    if (!text) {
        sink.report(kIoCodes["IO001"], {path.string()},
                    "cannot open file for reading (does it exist, and may vtxc read it?)");
        return std::nullopt;
    }
    return parseKv3(*text, path.string(), sink);
}

using NamedObjects = std::map<std::string, const Kv3Member*, std::less<>>;

// One document being interpreted: its tree, its named objects, and where it is.
struct DocumentScope {
    const Kv3Document& document;
    NamedObjects named;
    SourceLocation at(Kv3Position position) const { return document.locate(position); }
};

// Reads the attributes of one object, remembering which were used so the rest can be reported.
class ObjectReader {
  public:
    ObjectReader(const Kv3Value& object, const DocumentScope& scope, std::string path,
                 DiagnosticSink& sink)
        : object_(object), scope_(scope), path_(std::move(path)), sink_(sink),
          used_(object.members.size(), false) {}

    // The member under any of these spellings (the first is the canonical one), or nullptr.
    const Kv3Member* take(std::initializer_list<std::string_view> spellings) {
        const Kv3Member* found = nullptr;
        for (std::size_t i = 0; i < object_.members.size(); ++i) {
            const Kv3Member& member = object_.members[i];
            if (std::find(spellings.begin(), spellings.end(), member.name) == spellings.end())
                continue;
            used_[i] = true;
            if (found) {
                sink_.report(kVmdlDocumentCodes["VMDL015"], scope_.at(member.position),
                             "'" + member.name + "' repeats '" + found->name + "' (line " +
                                 std::to_string(found->position.line) +
                                 "): the two spellings name one attribute; keep one");
                continue;
            }
            found = &member;
        }
        return found;
    }

    void readString(std::initializer_list<std::string_view> names, std::string& out,
                    SourceLocation* where = nullptr) {
        const Kv3Member* member = take(names);
        if (!member || !expect(*member, Kv3Kind::String, "a string")) return;
        out = member->value.text;
        if (where) *where = scope_.at(member->value.position);
    }

    bool readInt(std::initializer_list<std::string_view> names, int& out,
                 SourceLocation* where = nullptr) {
        const Kv3Member* member = take(names);
        if (!member || !expect(*member, Kv3Kind::Int, "a whole number")) return false;
        const std::int64_t value = member->value.integer;
        if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) {
            sink_.report(kVmdlDocumentCodes["VMDL003"], scope_.at(member->value.position),
                         "'" + member->name + "' = " + std::to_string(value) +
                             " does not fit in a 32-bit int");
            return false;
        }
        out = static_cast<int>(value);
        if (where) *where = scope_.at(member->value.position);
        return true;
    }

    void readFloat(std::initializer_list<std::string_view> names, double& out,
                   SourceLocation* where = nullptr) {
        const Kv3Member* member = take(names);
        if (!member) return;
        if (!member->value.isNumber()) {
            wrongType(*member, "a number");
            return;
        }
        out = member->value.number;
        if (where) *where = scope_.at(member->value.position);
    }

    void readBool(std::initializer_list<std::string_view> names, bool& out) {
        const Kv3Member* member = take(names);
        if (member && expect(*member, Kv3Kind::Bool, "true or false")) out = member->value.boolean;
    }

    void readFloat3(std::initializer_list<std::string_view> names, std::array<double, 3>& out) {
        const Kv3Member* member = take(names);
        if (!member) return;
        const Kv3Value& value = member->value;
        const bool ok = value.kind == Kv3Kind::Tuple && value.items.size() == 3 &&
                        std::all_of(value.items.begin(), value.items.end(),
                                    [](const Kv3Value& item) { return item.isNumber(); });
        if (!ok) {
            wrongType(*member, "three numbers '( x, y, z )' declared float(3)");
            return;
        }
        for (int i = 0; i < 3; ++i)
            out[i] = value.items[i].number;
    }

    void readStringArray(std::initializer_list<std::string_view> names,
                         std::vector<std::string>& out) {
        const Kv3Value* array = readArray(names);
        if (!array) return;
        for (const Kv3Value& item : array->items) {
            if (item.kind == Kv3Kind::String)
                out.push_back(item.text);
            else
                sink_.report(kVmdlDocumentCodes["VMDL002"], scope_.at(item.position),
                             std::string("expected a string in this string[] list, found a ") +
                                 kv3KindName(item.kind));
        }
    }

    const Kv3Value* readArray(std::initializer_list<std::string_view> names) {
        const Kv3Member* member = take(names);
        if (!member || !expect(*member, Kv3Kind::Array, "a list '[ ... ]'")) return nullptr;
        return &member->value;
    }

    const Kv3Value* readObject(std::initializer_list<std::string_view> names,
                               const std::string& className) {
        const Kv3Member* member = take(names);
        if (!member) return nullptr;
        if (member->value.kind != Kv3Kind::Object || member->value.text != className) {
            wrongType(*member, "'" + className + " { ... }'");
            return nullptr;
        }
        return &member->value;
    }

    // Warns about every attribute not taken and hands them to `extra` (when given).
    void finish(std::vector<ExtraAttribute>* extra, const std::string& keptWhere) {
        for (std::size_t i = 0; i < object_.members.size(); ++i) {
            if (used_[i]) continue;
            const Kv3Member& member = object_.members[i];
            sink_.report(kVmdlDocumentCodes["VMDL014"], scope_.at(member.position),
                         "unknown attribute '" + member.name + "' in " + object_.text +
                             ": not interpreted, " + keptWhere);
            if (extra) extra->push_back({path_ + member.name, member.value});
        }
    }

    const std::string& path() const { return path_; }

  private:
    bool expect(const Kv3Member& member, Kv3Kind kind, const std::string& what) {
        if (member.value.kind == kind) return true;
        wrongType(member, what);
        return false;
    }

    void wrongType(const Kv3Member& member, const std::string& what) {
        const Kv3Value& value = member.value;
        const std::string found = value.kind == Kv3Kind::Object
                                      ? "an object '" + value.text + "'"
                                      : std::string("a ") + kv3KindName(value.kind);
        sink_.report(kVmdlDocumentCodes["VMDL002"], scope_.at(value.position),
                     "'" + member.name + "' in " + object_.text + " must be " + what + ", found " +
                         found);
    }

    const Kv3Value& object_;
    const DocumentScope& scope_;
    std::string path_;
    DiagnosticSink& sink_;
    std::vector<bool> used_;
};

// Every `&Name` in the tree must name an object of the same document.
void checkPointers(const Kv3Value& value, const DocumentScope& scope, DiagnosticSink& sink) {
    if (value.kind == Kv3Kind::Pointer && !scope.named.contains(value.text))
        sink.report(kVmdlDocumentCodes["VMDL004"], scope.at(value.position),
                    "pointer '&" + value.text + "' names no object in this document: declare '" +
                        "Class " + value.text + " { ... }' or write NULL");
    for (const Kv3Member& member : value.members)
        checkPointers(member.value, scope, sink);
    for (const Kv3Value& item : value.items)
        checkPointers(item, scope, sink);
}

void checkPointers(const DocumentScope& scope, DiagnosticSink& sink) {
    for (const Kv3Member& member : scope.document.members)
        checkPointers(member.value, scope, sink);
}

bool isValidAnimationName(const std::string& name) {
    if (name.empty() || name == "." || name == ".." || name.size() > 200) return false;
    return std::none_of(name.begin(), name.end(), [](unsigned char c) {
        return c < 0x20 || c == 0x7f || c == '/' || c == '\\' || c == ':' || c == '*' || c == '?' ||
               c == '"' || c == '<' || c == '>' || c == '|';
    });
}

constexpr std::size_t kMaxGroups = 4096;
constexpr const char* kKeptInExtra = "kept in sequences.json under 'extra'";

class Interpreter {
  public:
    Interpreter(const fs::path& contentRoot, FileSystem& files, DiagnosticSink& sink)
        : content_(contentRoot, files), files_(files), sink_(sink) {}

    void interpretTop(const Kv3Document& document) {
        DocumentScope scope{document, kv3NamedObjects(document)};
        checkPointers(scope, sink_);
        const Kv3Member* list = findTopReferences(document);
        if (!list) {
            sink_.report(kVmdlDocumentCodes["VMDL001"], {document.fileName, 1, 1},
                         "no 'm_pAnimGroups' list in this document: add 'CVanimGroupReference[] "
                         "m_pAnimGroups = [ ... ]' naming the animation groups");
            return;
        }
        if (list->value.kind != Kv3Kind::Array) {
            sink_.report(kVmdlDocumentCodes["VMDL002"], scope.at(list->value.position),
                         "'m_pAnimGroups' must be a list '[ ... ]' of CVanimGroupReference");
            return;
        }
        readReferences(list->value, scope);
        checkDuplicateNames();
    }

    std::vector<AnimationGroup> takeGroups() { return std::move(groups_); }

  private:
    // m_pAnimGroups at the top level, or one level down inside a wrapper object (a model root).
    static const Kv3Member* findTopReferences(const Kv3Document& document) {
        for (const Kv3Member& member : document.members)
            if (member.name == "m_pAnimGroups") return &member;
        for (const Kv3Member& member : document.members) {
            if (member.value.kind != Kv3Kind::Object || member.value.text == "CVanimGroup")
                continue;
            if (const Kv3Member* inner = member.value.find("m_pAnimGroups")) return inner;
        }
        return nullptr;
    }

    std::string identityOf(const fs::path& file, const std::string& object) const {
        return files_.resolveLinks(file).string() + "#" + object;
    }

    void readReferences(const Kv3Value& list, const DocumentScope& scope) {
        for (const Kv3Value& item : list.items) {
            if (sink_.errorLimitReached()) return;
            if (item.kind != Kv3Kind::Object || item.text != "CVanimGroupReference") {
                sink_.report(kVmdlDocumentCodes["VMDL002"], scope.at(item.position),
                             "m_pAnimGroups holds CVanimGroupReference { ... } objects, found " +
                                 (item.kind == Kv3Kind::Object
                                      ? "'" + item.text + "'"
                                      : std::string("a ") + kv3KindName(item.kind)));
                continue;
            }
            readReference(item, scope);
        }
    }

    void readReference(const Kv3Value& reference, const DocumentScope& scope) {
        ObjectReader reader(reference, scope, "group.", sink_);
        const Kv3Member* pointer = reader.take({"m_pObject"});
        std::string fileName;
        SourceLocation fileLocation = scope.at(reference.position);
        reader.readString({"m_sFileName"}, fileName, &fileLocation);
        std::vector<std::string> scripts;
        reader.readStringArray({"m_sScripts"}, scripts);
        std::vector<ExtraAttribute> extra;
        reader.finish(&extra, "kept in sequences.json under 'extra' of the group's animations");

        if (pointer && pointer->value.kind != Kv3Kind::Pointer &&
            pointer->value.kind != Kv3Kind::Null) {
            sink_.report(kVmdlDocumentCodes["VMDL002"], scope.at(pointer->value.position),
                         "'m_pObject' must be a pointer '&Name' or NULL");
            return;
        }
        const bool internal = pointer && pointer->value.kind == Kv3Kind::Pointer;
        if (internal && !fileName.empty()) {
            sink_.report(kVmdlDocumentCodes["VMDL006"], scope.at(reference.position),
                         "this reference names both an internal group (m_pObject) and a file "
                         "(m_sFileName): keep one of them");
            return;
        }
        if (internal) return readInternal(pointer->value, scope, scripts, extra);
        if (!fileName.empty()) return readExternal(fileName, fileLocation, scripts, extra);
        sink_.report(kVmdlDocumentCodes["VMDL007"], scope.at(reference.position),
                     "empty group reference (m_pObject NULL and no m_sFileName): skipped");
    }

    void readInternal(const Kv3Value& pointer, const DocumentScope& scope,
                      const std::vector<std::string>& scripts,
                      const std::vector<ExtraAttribute>& extra) {
        const auto target = scope.named.find(pointer.text);
        if (target == scope.named.end()) return; // reported by checkPointers (VMDL004)
        const Kv3Member& object = *target->second;
        if (object.value.text != "CVanimGroup") {
            sink_.report(kVmdlDocumentCodes["VMDL005"], scope.at(pointer.position),
                         "'&" + pointer.text + "' points to a '" + object.value.text + "' (line " +
                             std::to_string(object.position.line) +
                             "), but m_pObject needs a CVanimGroup");
            return;
        }
        readGroup(object.value, scope, identityOf(scope.document.fileName, object.name), scripts,
                  extra, scope.at(pointer.position));
    }

    void readExternal(const std::string& fileName, const SourceLocation& where,
                      const std::vector<std::string>& scripts,
                      const std::vector<ExtraAttribute>& extra) {
        const auto path = resolveContentPath(fileName, content_, where, sink_);
        if (!path) return;
        if (!files_.isFile(*path)) {
            sink_.report(kVmdlDocumentCodes["VMDL009"], where,
                         "external group file '" + fileName + "' not found (looked for " +
                             path->string() + "; content root: --content DIR)");
            return;
        }
        const auto document = readDocument(*path, files_, sink_);
        if (!document) return;
        DocumentScope scope{*document, kv3NamedObjects(*document)};
        checkPointers(scope, sink_);
        std::vector<const Kv3Member*> groups;
        for (const Kv3Member& member : document->members)
            if (member.value.kind == Kv3Kind::Object && member.value.text == "CVanimGroup")
                groups.push_back(&member);
        if (groups.size() != 1) {
            sink_.report(kVmdlDocumentCodes["VMDL009"], where,
                         "external group file '" + fileName +
                             "' must hold exactly one top-level "
                             "CVanimGroup, it holds " +
                             std::to_string(groups.size()));
            return;
        }
        readGroup(groups.front()->value, scope, identityOf(*path, groups.front()->name), scripts,
                  extra, where);
    }

    void readGroup(const Kv3Value& object, const DocumentScope& scope, const std::string& identity,
                   const std::vector<std::string>& referenceScripts,
                   std::vector<ExtraAttribute> extra, const SourceLocation& referencedAt) {
        if (std::find(stack_.begin(), stack_.end(), identity) != stack_.end()) {
            sink_.report(kVmdlDocumentCodes["VMDL010"], referencedAt,
                         "animation group references itself (through m_pAnimGroups): remove the "
                         "reference that closes the loop");
            return;
        }
        if (++groupCount_ > kMaxGroups) {
            if (groupCount_ == kMaxGroups + 1)
                sink_.report(kVmdlDocumentCodes["VMDL010"], referencedAt,
                             "more than " + std::to_string(kMaxGroups) +
                                 " animation groups: the references repeat without end");
            return;
        }
        ObjectReader reader(object, scope, "group.", sink_);
        AnimationGroup group;
        group.location = scope.at(object.position);
        reader.readString({"m_Name", "m_name"}, group.name);
        reader.readStringArray({"m_sScripts"}, group.scripts);
        group.scripts.insert(group.scripts.begin(), referenceScripts.begin(),
                             referenceScripts.end());
        reader.take({"m_pReferenceSkeleton"}); // the wiki: no longer used
        reader.take({"m_pBoneFlagList"});      // bone encoding: nothing to do for SMD output
        reader.take({"m_pSeqGroup"});          // the wiki: no longer used
        const Kv3Value* nested = reader.readArray({"m_pAnimGroups"});
        const Kv3Value* animations = reader.readArray({"m_Vanim"});
        reader.finish(&extra, "kept in sequences.json under 'extra' of the group's animations");

        if (animations) {
            for (const Kv3Value& item : animations->items) {
                if (item.kind != Kv3Kind::Object || item.text != "CVanim") {
                    sink_.report(kVmdlDocumentCodes["VMDL002"], scope.at(item.position),
                                 "m_Vanim holds CVanim { ... } objects");
                    continue;
                }
                group.animations.push_back(readAnimation(item, scope, group.name, extra));
            }
        }
        groups_.push_back(std::move(group));
        if (!nested) return;
        stack_.push_back(identity);
        readReferences(*nested, scope);
        stack_.pop_back();
    }

    AnimationDefinition readAnimation(const Kv3Value& object, const DocumentScope& scope,
                                      const std::string& groupName,
                                      const std::vector<ExtraAttribute>& groupExtra) {
        ObjectReader reader(object, scope, "", sink_);
        AnimationDefinition animation;
        animation.group = groupName;
        animation.location = scope.at(object.position);
        SourceLocation nameLocation = animation.location;
        reader.readString({"m_Animationname"}, animation.name, &nameLocation);
        animation.filepathLocation = animation.location;
        reader.readString({"m_Filepath"}, animation.filepath, &animation.filepathLocation);
        readFrameRange(reader, animation);
        SourceLocation fpsLocation = animation.location;
        reader.readFloat({"m_flFps"}, animation.fps, &fpsLocation);
        if (const Kv3Value* loop = reader.readObject({"m_Loop"}, "CAnimationLoop"))
            readLoop(*loop, scope, animation);
        reader.readBool({"m_bHidden"}, animation.hidden);
        if (const Kv3Value* list = reader.readArray({"m_Activities"}))
            readActivities(*list, scope, animation);
        if (const Kv3Value* list = reader.readArray({"m_AnimationEvents"}))
            readEvents(*list, scope, animation);
        if (const Kv3Value* list = reader.readArray({"m_MotionFrames"}))
            readMotionFrames(*list, scope, animation);
        if (const Kv3Value* list = reader.readArray({"m_pIkRules"}))
            readIkRules(*list, scope, animation);
        if (const Kv3Value* adjust = reader.readObject({"m_adjustAnimation"}, "CAdjustAnimation")) {
            ObjectReader inner(*adjust, scope, "m_adjustAnimation.", sink_);
            inner.readFloat3({"m_translation"}, animation.adjust.translation);
            inner.readFloat3({"m_rotation"}, animation.adjust.rotation);
            inner.finish(&animation.extra, kKeptInExtra);
        }
        reader.readStringArray({"m_Keywords"}, animation.keywords);
        reader.finish(&animation.extra, kKeptInExtra);
        animation.extra.insert(animation.extra.end(), groupExtra.begin(), groupExtra.end());

        checkName(animation, nameLocation);
        checkFilepath(animation);
        if (!(animation.fps > 0) || !std::isfinite(animation.fps))
            sink_.report(kVmdlDocumentCodes["VMDL016"], fpsLocation,
                         "m_flFps of '" + animation.name + "' must be above 0 (frames per second)");
        return animation;
    }

    void readFrameRange(ObjectReader& reader, AnimationDefinition& animation) {
        animation.startFrameLocation = animation.location;
        animation.endFrameLocation = animation.location;
        reader.readInt({"m_nStartframe", "m_nStartFrame"}, animation.startFrame,
                       &animation.startFrameLocation);
        animation.endFrameGiven = reader.readInt({"m_nEndframe", "m_nEndFrame"}, animation.endFrame,
                                                 &animation.endFrameLocation);
        if (animation.startFrame < 0)
            sink_.report(kVmdlDocumentCodes["VMDL003"], animation.startFrameLocation,
                         "m_nStartframe must be 0 or more (frames count from 0)");
        else if (animation.endFrame < animation.startFrame)
            sink_.report(kVmdlDocumentCodes["VMDL003"], animation.endFrameLocation,
                         "m_nEndframe (" + std::to_string(animation.endFrame) +
                             ") is before m_nStartframe (" + std::to_string(animation.startFrame) +
                             "): the range is inclusive, start..end");
    }

    void readLoop(const Kv3Value& object, const DocumentScope& scope,
                  AnimationDefinition& animation) {
        AnimationLoop& loop = animation.loop;
        ObjectReader reader(object, scope, "m_Loop.", sink_);
        reader.readBool({"m_bLoop"}, loop.loop);
        reader.readBool({"m_bSmoothLoop"}, loop.smoothLoop);
        loop.smoothLoopStartLocation = loop.smoothLoopEndLocation = scope.at(object.position);
        readCount(reader, "m_nSmoothLoopStart", loop.smoothLoopStart, loop.smoothLoopStartLocation);
        readCount(reader, "m_nSmoothLoopEnd", loop.smoothLoopEnd, loop.smoothLoopEndLocation);
        loop.loopRestartLocation = scope.at(object.position);
        if (const Kv3Value* start = reader.readObject({"m_StartLoop"}, "CVAnimCmdStartLoop")) {
            ObjectReader inner(*start, scope, "m_Loop.m_StartLoop.", sink_);
            inner.readBool({"m_bEnabled"}, loop.startLoopEnabled);
            loop.loopRestartLocation = scope.at(start->position);
            readCount(inner, "m_nLoopRestart", loop.loopRestart, loop.loopRestartLocation);
            inner.finish(&animation.extra, kKeptInExtra);
        }
        reader.finish(&animation.extra, kKeptInExtra);
    }

    void readCount(ObjectReader& reader, std::string_view name, int& out, SourceLocation& where) {
        if (reader.readInt({name}, out, &where) && out < 0)
            sink_.report(kVmdlDocumentCodes["VMDL003"], where,
                         std::string(name) + " must be 0 or more");
    }

    void readActivities(const Kv3Value& list, const DocumentScope& scope,
                        AnimationDefinition& animation) {
        forEachObject(list, scope, "CActivity", "m_Activities",
                      [&](const Kv3Value& item, const std::string& path) {
                          ObjectReader reader(item, scope, path, sink_);
                          Activity activity;
                          reader.readString({"m_Name"}, activity.name);
                          reader.readInt({"m_nWeight"}, activity.weight);
                          reader.finish(&animation.extra, kKeptInExtra);
                          animation.activities.push_back(std::move(activity));
                      });
    }

    void readEvents(const Kv3Value& list, const DocumentScope& scope,
                    AnimationDefinition& animation) {
        forEachObject(list, scope, "CAnimationEvent", "m_AnimationEvents",
                      [&](const Kv3Value& item, const std::string& path) {
                          ObjectReader reader(item, scope, path, sink_);
                          AnimationEvent event;
                          event.location = scope.at(item.position);
                          reader.readString({"m_Event"}, event.event);
                          readCount(reader, "m_nFrame", event.frame, event.location);
                          reader.readString({"m_DataString"}, event.data);
                          reader.finish(&animation.extra, kKeptInExtra);
                          animation.events.push_back(std::move(event));
                      });
    }

    void readMotionFrames(const Kv3Value& list, const DocumentScope& scope,
                          AnimationDefinition& animation) {
        forEachObject(list, scope, "CMotionFrame", "m_MotionFrames",
                      [&](const Kv3Value& item, const std::string& path) {
                          animation.motionFrames.push_back(
                              readMotionFrame(item, scope, path, animation));
                      });
    }

    MotionFrame readMotionFrame(const Kv3Value& item, const DocumentScope& scope,
                                const std::string& path, AnimationDefinition& animation) {
        ObjectReader reader(item, scope, path, sink_);
        MotionFrame frame;
        frame.location = scope.at(item.position);
        readCount(reader, "m_nFrame", frame.frame, frame.location);
        for (int axis = 0; axis < kMotionAxisCount; ++axis) {
            const std::string suffix = kMotionAxisNames[axis];
            const std::string extract = "m_bExtract" + suffix;
            const std::string discard = "m_bDiscard" + suffix;
            reader.readBool({extract}, frame.extract[axis]);
            reader.readBool({discard}, frame.discard[axis]);
            if (frame.extract[axis] && frame.discard[axis]) {
                sink_.report(kVmdlDocumentCodes["VMDL017"], frame.location,
                             extract + " and " + discard + " are both set: the " + suffix +
                                 " motion is discarded, not recorded");
                frame.extract[axis] = false;
            }
        }
        reader.finish(&animation.extra, kKeptInExtra);
        return frame;
    }

    void readIkRules(const Kv3Value& list, const DocumentScope& scope,
                     AnimationDefinition& animation) {
        for (const Kv3Value& item : list.items) {
            if (item.kind == Kv3Kind::Null) continue;
            if (item.kind != Kv3Kind::Pointer) {
                sink_.report(kVmdlDocumentCodes["VMDL002"], scope.at(item.position),
                             "m_pIkRules holds pointers '&Name' to CIKrule objects");
                continue;
            }
            const auto target = scope.named.find(item.text);
            if (target == scope.named.end()) continue; // VMDL004 already
            if (target->second->value.text != "CIKrule") {
                sink_.report(kVmdlDocumentCodes["VMDL005"], scope.at(item.position),
                             "'&" + item.text + "' points to a '" + target->second->value.text +
                                 "', but m_pIkRules needs CIKrule objects");
                continue;
            }
            animation.ikRules.push_back({item.text, target->second->value});
        }
    }

    void forEachObject(const Kv3Value& list, const DocumentScope& scope,
                       const std::string& className, const std::string& listName,
                       const std::function<void(const Kv3Value&, const std::string&)>& visit) {
        for (std::size_t i = 0; i < list.items.size(); ++i) {
            const Kv3Value& item = list.items[i];
            if (item.kind != Kv3Kind::Object || item.text != className) {
                sink_.report(kVmdlDocumentCodes["VMDL002"], scope.at(item.position),
                             listName + " holds " + className + " { ... } objects");
                continue;
            }
            visit(item, listName + "[" + std::to_string(i) + "].");
        }
    }

    void checkName(const AnimationDefinition& animation, const SourceLocation& where) {
        if (!isValidAnimationName(animation.name))
            sink_.report(kVmdlDocumentCodes["VMDL012"], where,
                         "animation name '" + animation.name +
                             "' cannot name a file: give m_Animationname a non-empty name "
                             "without / \\ : * ? \" < > | or control characters");
    }

    void checkFilepath(AnimationDefinition& animation) {
        if (animation.filepath.empty()) {
            sink_.report(
                kVmdlDocumentCodes["VMDL013"], animation.filepathLocation,
                "animation '" + animation.name +
                    "' has no m_Filepath: name its source SMD, relative to the content root");
            return;
        }
        if (lowerExtension(animation.filepath) != ".smd") {
            sink_.report(kVmdlDocumentCodes["VMDL013"], animation.filepathLocation,
                         "m_Filepath '" + animation.filepath +
                             "' is not an .smd: vtxc reads SMD animations only (export it as SMD)");
            return;
        }
        if (auto path =
                resolveContentPath(animation.filepath, content_, animation.filepathLocation, sink_))
            animation.sourcePath = std::move(*path);
    }

    void checkDuplicateNames() {
        std::map<std::string, const AnimationDefinition*> seen;
        for (const AnimationGroup& group : groups_) {
            for (const AnimationDefinition& animation : group.animations) {
                if (animation.name.empty()) continue;
                const auto [it, fresh] = seen.emplace(asciiLower(animation.name), &animation);
                if (fresh) continue;
                sink_.report(kVmdlDocumentCodes["VMDL011"], animation.location,
                             "a second animation is named '" + animation.name + "' (first at " +
                                 formatLocation(it->second->location) +
                                 "): each writes <name>.smd, so names must differ (ignoring case)");
            }
        }
    }

    static std::string formatLocation(const SourceLocation& where) {
        return where.file + ":" + std::to_string(where.line);
    }

    ContainedPathResolver content_;
    FileSystem& files_;
    DiagnosticSink& sink_;
    std::vector<AnimationGroup> groups_;
    std::vector<std::string> stack_;
    std::size_t groupCount_ = 0;
};

} // namespace

std::optional<VmdlDocument> interpretVmdl(const Kv3Document& document, const fs::path& documentPath,
                                          const fs::path& contentRoot, FileSystem& files,
                                          DiagnosticSink& sink) {
    ForwardingSink local(sink);
    VmdlDocument result;
    result.file = documentPath;
    result.contentRoot = contentRoot.empty() ? documentPath.parent_path() : contentRoot;
    if (result.contentRoot.empty()) result.contentRoot = ".";
    Interpreter interpreter(result.contentRoot, files, local);
    interpreter.interpretTop(document);
    if (local.hasErrors()) return std::nullopt;
    result.groups = interpreter.takeGroups();
    return result;
}

std::optional<VmdlDocument> loadVmdlDocument(const fs::path& path, const fs::path& contentRoot,
                                             FileSystem& files, DiagnosticSink& sink) {
    const auto document = readDocument(path, files, sink);
    if (!document) return std::nullopt;
    return interpretVmdl(*document, path, contentRoot, files, sink);
}

std::optional<VmdlDocument> loadVmdlDocument(const fs::path& path, const fs::path& contentRoot,
                                             DiagnosticSink& sink) {
    RealFileSystem files;
    return loadVmdlDocument(path, contentRoot, files, sink);
}

} // namespace vtxc
