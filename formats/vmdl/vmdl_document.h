// Source 2 model document (.vmdl): its animation groups and animations, read from the KV3 tree with
// the defaults of the VDC wiki's VMDL animation page (CVanimGroupReference, CVanimGroup, CVanim,
// ...; docs/vmdl-animation.md).
#pragma once

#include "formats/common/contained_path.h"
#include "formats/common/diagnostics.h"
#include "formats/common/file_system.h"
#include "formats/kv3/kv3_reader.h"

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// The six motion channels of a root bone, in the order of sequences.json's `motion` rows.
enum MotionAxis { kMotionTX, kMotionTY, kMotionTZ, kMotionRX, kMotionRY, kMotionRZ };
inline constexpr int kMotionAxisCount = 6;
inline constexpr std::array<const char*, kMotionAxisCount> kMotionAxisNames{"TX", "TY", "TZ",
                                                                            "RX", "RY", "RZ"};

// CAnimationLoop with its CVAnimCmdStartLoop (m_StartLoop) folded in.
struct AnimationLoop {
    bool loop = false;
    bool smoothLoop = false;
    int smoothLoopStart = 0; // frames blended in from the start
    int smoothLoopEnd = 0;   // frames blended in from the end
    bool startLoopEnabled = false;
    int loopRestart = 0;
    SourceLocation smoothLoopStartLocation, smoothLoopEndLocation, loopRestartLocation;
};

struct Activity { // CActivity
    std::string name;
    int weight = 1;
};

struct AnimationEvent { // CAnimationEvent
    std::string event;
    int frame = 0; // output frame (0 = m_nStartframe)
    std::string data;
    SourceLocation location;
};

struct MotionFrame { // CMotionFrame
    int frame = 0;   // output frame (0 = m_nStartframe)
    std::array<bool, kMotionAxisCount> extract{};
    std::array<bool, kMotionAxisCount> discard{};
    SourceLocation location;
};

struct AdjustAnimation { // CAdjustAnimation
    std::array<double, 3> translation{};
    std::array<double, 3> rotation{}; // degrees about x, y, z, composed like SMD angles
    bool isIdentity() const {
        return translation == std::array<double, 3>{} && rotation == std::array<double, 3>{};
    }
};

// An attribute vtxc does not know: warned about (VMDL014) and carried to the output unchanged.
// `path` is relative to the animation ("m_Loop.m_bFoo", "m_Activities[1].m_x"), or starts with
// "group." for one of the animation's group.
struct ExtraAttribute {
    std::string path;
    Kv3Value value;
};

// An IK rule reached through m_pIkRules (CIKrule*): the wiki does not describe its attributes, so
// it is kept as it was written.
struct IkRule {
    std::string name; // the object's name (the pointer's target)
    Kv3Value object;
};

struct AnimationDefinition { // CVanim
    std::string name;
    std::string group; // m_Name of the CVanimGroup holding it
    SourceLocation location;
    std::string filepath;             // as written (backslashes allowed)
    std::filesystem::path sourcePath; // resolved against the content root
    SourceLocation filepathLocation;
    int startFrame = 0;
    int endFrame = 0; // inclusive
    bool endFrameGiven = false;
    SourceLocation startFrameLocation, endFrameLocation;
    double fps = 30.0;
    AnimationLoop loop;
    bool hidden = false;
    std::vector<Activity> activities;
    std::vector<AnimationEvent> events;
    std::vector<MotionFrame> motionFrames;
    std::vector<IkRule> ikRules;
    AdjustAnimation adjust;
    std::vector<std::string> keywords;
    std::vector<ExtraAttribute> extra;
};

struct AnimationGroup { // CVanimGroup
    std::string name;
    SourceLocation location;
    std::vector<std::string> scripts; // m_sScripts of the group and of its reference
    std::vector<AnimationDefinition> animations;
};

struct VmdlDocument {
    std::filesystem::path file;
    std::filesystem::path contentRoot;
    std::vector<AnimationGroup> groups; // in reference order, nested groups after their parent

    std::size_t animationCount() const;
};

// Resolves a content-relative path (backslashes or slashes) against the content root, with the
// contained-path policy (contained_path.h). Refuses (VMDL008) an empty or absolute path and one
// that leads outside the root, also through symbolic links.
std::optional<std::filesystem::path> resolveContentPath(const std::string& contentPath,
                                                        const ContainedPathResolver& content,
                                                        const SourceLocation& where,
                                                        DiagnosticSink& sink);

// Interprets a parsed document. `documentPath` names the document (its folder is the default
// content root); external groups are read through `files` from under `contentRoot`.
std::optional<VmdlDocument> interpretVmdl(const Kv3Document& document,
                                          const std::filesystem::path& documentPath,
                                          const std::filesystem::path& contentRoot,
                                          FileSystem& files, DiagnosticSink& sink);

// Reads and interprets MODEL.vmdl through `files` (IO001 when it cannot be read). An empty
// `contentRoot` means the document's folder.
std::optional<VmdlDocument> loadVmdlDocument(const std::filesystem::path& path,
                                             const std::filesystem::path& contentRoot,
                                             FileSystem& files, DiagnosticSink& sink);
// The same on the disk.
std::optional<VmdlDocument> loadVmdlDocument(const std::filesystem::path& path,
                                             const std::filesystem::path& contentRoot,
                                             DiagnosticSink& sink);

} // namespace vtxc
