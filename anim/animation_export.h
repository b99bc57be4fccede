// Output of `vtxc anim`: one processed SMD per animation and sequences.json describing them all,
// written together or not at all. Follows the CVanim attributes of docs/vmdl-animation.md.
#pragma once

#include "anim/animation_processing.h"
#include "formats/common/diagnostics.h"
#include "formats/common/file_io.h"
#include "formats/vmdl/vmdl_document.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace vtxc {

struct AnimationOutput {
    const AnimationGroup* group = nullptr;
    const AnimationDefinition* definition = nullptr;
    ProcessedAnimation processed;
};

// A KV3 value as JSON: objects keep their members in order plus "$class"; pointers become
// "&Name"; tuples become arrays.
nlohmann::ordered_json kv3ToJson(const Kv3Value& value);

// One sequences.json entry: name, group, scripts (the group's), source, fps, frameCount,
// frameRange, loop, activities, events, keywords, hidden, ikRules, motion (one
// [tx,ty,tz,rx,ry,rz] per frame), extra.
nlohmann::ordered_json sequenceJson(const AnimationDefinition& definition,
                                    const ProcessedAnimation& processed,
                                    const std::vector<std::string>& scripts);

// DIR/<name>.smd for each animation and DIR/sequences.json, in memory.
std::vector<PendingFile> animationFiles(const std::vector<AnimationOutput>& animations,
                                        const std::filesystem::path& outputDir);

// Every animation of `document` read and processed, in document order; nothing when any failed
// (every failure is reported, up to the sink's error limit).
std::optional<std::vector<AnimationOutput>> processDocumentAnimations(const VmdlDocument& document,
                                                                      DiagnosticSink& sink);

struct AnimExportSummary {
    std::size_t animations = 0;
    std::size_t frames = 0;
    std::vector<std::filesystem::path> written;
};

// `vtxc anim`: loads MODEL.vmdl (content root: `contentRoot`, or the document's folder when
// empty), processes every animation and writes all files atomically. False on any error, with
// nothing written. VMDL033 (exit status 1): an output would replace an animation's source.
bool exportVmdlAnimations(const std::filesystem::path& vmdlPath,
                          const std::filesystem::path& contentRoot,
                          const std::filesystem::path& outputDir, DiagnosticSink& sink,
                          AnimExportSummary* summary = nullptr);

} // namespace vtxc
