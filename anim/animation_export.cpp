// Output of `vtxc anim`: processed SMDs through writeSmd and sequences.json, written atomically.
// Field meanings follow the CVanim tables of docs/vmdl-animation.md ("sequences.json").
#include "anim/animation_export.h"

#include "anim/anim_codes.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace vtxc {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

Json kv3ToJson(const Kv3Value& value) {
    switch (value.kind) {
    case Kv3Kind::Null:
        return nullptr;
    case Kv3Kind::Bool:
        return value.boolean;
    case Kv3Kind::Int:
        return value.integer;
    case Kv3Kind::Float:
        return value.number;
    case Kv3Kind::String:
        return value.text;
    case Kv3Kind::Pointer:
        return "&" + value.text;
    case Kv3Kind::Object: {
        Json object = Json::object();
        object["$class"] = value.text;
        for (const Kv3Member& member : value.members)
            object[member.name] = kv3ToJson(member.value);
        return object;
    }
    case Kv3Kind::Array:
    case Kv3Kind::Tuple: {
        Json array = Json::array();
        for (const Kv3Value& item : value.items)
            array.push_back(kv3ToJson(item));
        return array;
    }
    }
    return nullptr;
}

namespace {

// Motion to the precision of the SMD text (6 decimals), without a "-0".
double rounded(double value) {
    return std::round(value * 1e6) / 1e6 + 0.0;
}

Json loopJson(const AnimationLoop& loop) {
    return Json{{"loop", loop.loop},
                {"smoothLoop", loop.smoothLoop},
                {"smoothLoopStart", loop.smoothLoopStart},
                {"smoothLoopEnd", loop.smoothLoopEnd},
                {"startLoop",
                 Json{{"enabled", loop.startLoopEnabled}, {"restartFrame", loop.loopRestart}}}};
}

Json activitiesJson(const std::vector<Activity>& activities) {
    Json out = Json::array();
    for (const Activity& activity : activities)
        out.push_back(Json{{"name", activity.name}, {"weight", activity.weight}});
    return out;
}

Json eventsJson(const std::vector<AnimationEvent>& events) {
    Json out = Json::array();
    for (const AnimationEvent& event : events)
        out.push_back(Json{{"event", event.event}, {"frame", event.frame}, {"data", event.data}});
    return out;
}

Json ikRulesJson(const std::vector<IkRule>& rules) {
    Json out = Json::array();
    for (const IkRule& rule : rules) {
        Json entry = kv3ToJson(rule.object);
        entry["$name"] = rule.name;
        out.push_back(std::move(entry));
    }
    return out;
}

Json motionJson(const std::vector<MotionSample>& motion) {
    Json out = Json::array();
    for (const MotionSample& sample : motion) {
        Json row = Json::array();
        for (double value : sample)
            row.push_back(rounded(value));
        out.push_back(std::move(row));
    }
    return out;
}

Json extraJson(const std::vector<ExtraAttribute>& extra) {
    Json out = Json::object();
    for (const ExtraAttribute& attribute : extra)
        out[attribute.path] = kv3ToJson(attribute.value);
    return out;
}

bool isFlat(const Json& value) {
    return value.is_array() && std::none_of(value.begin(), value.end(),
                                            [](const Json& item) { return item.is_structured(); });
}

// Like dump(2), but arrays of plain values stay on one line (a motion row, a frame range).
void printJson(const Json& value, int indent, std::string& out) {
    const std::string inner(static_cast<std::size_t>(indent + 2), ' ');
    if (value.is_object() && !value.empty()) {
        out += "{\n";
        bool first = true;
        for (const auto& [key, item] : value.items()) {
            out += (first ? "" : ",\n") + inner + Json(key).dump() + ": ";
            printJson(item, indent + 2, out);
            first = false;
        }
        out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "}";
    } else if (value.is_array() && !value.empty() && !isFlat(value)) {
        out += "[\n";
        for (std::size_t i = 0; i < value.size(); ++i) {
            out += (i ? ",\n" : "") + inner;
            printJson(value[i], indent + 2, out);
        }
        out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "]";
    } else if (value.is_array()) {
        out += "[";
        for (std::size_t i = 0; i < value.size(); ++i)
            out += (i ? ", " : "") + value[i].dump();
        out += "]";
    } else {
        out += value.dump();
    }
}

std::vector<std::uint8_t> bytesOf(const std::string& text) {
    return std::vector<std::uint8_t>(text.begin(), text.end());
}

// An output named like its own source in the source's folder would replace the source.
bool checkSourcesKept(const std::vector<AnimationOutput>& outputs,
                      const std::vector<PendingFile>& files, DiagnosticSink& sink) {
    std::error_code ec;
    bool kept = true;
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const AnimationDefinition& animation = *outputs[i].definition;
        for (const AnimationOutput& other : outputs) {
            const fs::path source = fs::weakly_canonical(other.definition->sourcePath, ec);
            if (source != fs::weakly_canonical(files[i].path, ec)) continue;
            sink.report(kAnimCodes["VMDL033"], animation.location,
                        "writing " + files[i].path.string() + " for '" + animation.name +
                            "' would replace the source of '" + other.definition->name +
                            "': choose another output folder (-o)");
            kept = false;
            break;
        }
    }
    return kept;
}

} // namespace

Json sequenceJson(const AnimationDefinition& definition, const ProcessedAnimation& processed,
                  const std::vector<std::string>& scripts) {
    return Json{{"name", definition.name},
                {"group", definition.group},
                {"scripts", scripts},
                {"source", definition.filepath},
                {"fps", definition.fps},
                {"frameCount", processed.frameCount()},
                {"frameRange", Json::array({definition.startFrame, definition.endFrame})},
                {"loop", loopJson(definition.loop)},
                {"activities", activitiesJson(definition.activities)},
                {"events", eventsJson(definition.events)},
                {"keywords", definition.keywords},
                {"hidden", definition.hidden},
                {"ikRules", ikRulesJson(definition.ikRules)},
                {"motion", motionJson(processed.motion)},
                {"extra", extraJson(definition.extra)}};
}

std::vector<PendingFile> animationFiles(const std::vector<AnimationOutput>& animations,
                                        const fs::path& outputDir) {
    std::vector<PendingFile> files;
    Json sequences = Json::array();
    for (const AnimationOutput& animation : animations) {
        files.push_back({outputDir / (animation.definition->name + ".smd"),
                         bytesOf(writeSmd(animation.processed.smd))});
        sequences.push_back(
            sequenceJson(*animation.definition, animation.processed, animation.group->scripts));
    }
    std::string text;
    printJson(sequences, 0, text);
    files.push_back({outputDir / "sequences.json", bytesOf(text + "\n")});
    return files;
}

std::optional<std::vector<AnimationOutput>> processDocumentAnimations(const VmdlDocument& document,
                                                                      DiagnosticSink& sink) {
    ForwardingSink local(sink);
    std::vector<AnimationOutput> outputs;
    // Animations often cut one source into several sequences: each file is read once.
    std::map<fs::path, std::optional<SmdFile>> sources;
    for (const AnimationGroup& group : document.groups) {
        for (const AnimationDefinition& definition : group.animations) {
            if (local.errorLimitReached()) return std::nullopt;
            auto source = sources.find(definition.sourcePath);
            if (source == sources.end())
                source =
                    sources.emplace(definition.sourcePath, readAnimationSource(definition, local))
                        .first;
            if (!source->second) continue;
            auto processed = processAnimation(definition, *source->second, local);
            if (processed) outputs.push_back({&group, &definition, std::move(*processed)});
        }
    }
    if (local.hasErrors()) return std::nullopt;
    return outputs;
}

bool exportVmdlAnimations(const fs::path& vmdlPath, const fs::path& contentRoot,
                          const fs::path& outputDir, DiagnosticSink& sink,
                          AnimExportSummary* summary) {
    const auto document = loadVmdlDocument(vmdlPath, contentRoot, sink);
    if (!document) return false;
    const auto outputs = processDocumentAnimations(*document, sink);
    if (!outputs) return false;
    const std::vector<PendingFile> files = animationFiles(*outputs, outputDir);
    if (!checkSourcesKept(*outputs, files, sink)) return false;
    if (!writeFilesAtomically(files, sink)) return false;
    if (summary) {
        summary->animations = outputs->size();
        for (const AnimationOutput& output : *outputs)
            summary->frames += static_cast<std::size_t>(output.processed.frameCount());
        for (const PendingFile& file : files)
            summary->written.push_back(file.path);
    }
    return true;
}

} // namespace vtxc
