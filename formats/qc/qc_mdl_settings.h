// What a QC says about the .mdl beyond the meshes: attachments, hitboxes, boxes, header vectors,
// surface and contents, key values, pose parameters, IK chains and locks, flex controllers, bone
// merges, weight lists and command lists. Values are kept as written (degrees, model units); the
// compiler converts them. Command meanings: the Valve Developer Community wiki pages of each
// command, and docs/mdl-compile.md for what vtxc makes of them.
#pragma once

#include "formats/common/diagnostics.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vtxc {

using QcVec3 = std::array<double, 3>;

// `$attachment NAME BONE X Y Z [absolute] [rigid] [world_align] [rotate PITCH YAW ROLL]`.
struct QcAttachment {
    std::string name;
    std::string bone;
    QcVec3 position{};                     // in the bone's frame (model frame with `absolute`)
    std::optional<QcVec3> rotationDegrees; // pitch, yaw, roll
    bool absolute = false;                 // position (and rotation) given in the model frame
    bool rigid = false;                    // orientation fixed in the model frame (no `rotate`)
    bool worldAlign = false;               // ATTACHMENT_FLAG_WORLD_ALIGN
    SourceLocation definedAt;
};

// `$hbox GROUP BONE MINX MINY MINZ MAXX MAXY MAXZ [NAME]`, in the bone's frame.
struct QcHitbox {
    int group = 0;
    std::string bone;
    QcVec3 min{};
    QcVec3 max{};
    std::string name;
    SourceLocation definedAt;
};

// `$hboxset NAME` opens a set; boxes before any `$hboxset` go to the set "default".
struct QcHitboxSet {
    std::string name;
    std::vector<QcHitbox> boxes;
};

struct QcBox {
    QcVec3 min{};
    QcVec3 max{};
};

// `$illumposition X Y Z [ATTACHMENT]`.
struct QcIllumPosition {
    QcVec3 position{};
    std::string attachment; // empty: none
    SourceLocation definedAt;
};

// `$poseparameter NAME START END [loop RANGE] [wrap]`.
struct QcPoseParameter {
    std::string name;
    double start = 0.0;
    double end = 1.0;
    double loop = 0.0;    // the looping range (0: not looping)
    bool wrap = false;    // shorthand for loop = end - start
    bool looping = false; // `loop` or `wrap` written: STUDIO_LOOPING in the .mdl record
    // How many $sequence/$animation commands came before its first declaration: Valve numbers
    // pose parameters in the order the QC first names them, by a blend or by this command.
    std::size_t sequencesBefore = 0;
    SourceLocation definedAt;
};

// `$ikchain NAME BONE [knee X Y Z] [pad N] [center X Y Z] [floor N] [height N] [radius N]`; the
// chain's links are BONE's parent's parent, its parent and BONE.
struct QcIkChain {
    std::string name;
    std::string bone;
    QcVec3 knee{};
    std::optional<double> pad;
    std::optional<QcVec3> center;
    SourceLocation definedAt;
};

// `$ikautoplaylock CHAIN POSWEIGHT LOCALQWEIGHT`.
struct QcIkLock {
    std::string chain;
    double posWeight = 0.0;
    double localQWeight = 0.0;
    SourceLocation definedAt;
};

// One `ikrule CHAIN TYPE ...` line of a sequence or a $cmdlist.
enum class QcIkRuleType { Touch, Footstep, Attachment, Release, Unlatch };
struct QcIkRule {
    std::string chain;
    QcIkRuleType type = QcIkRuleType::Release;
    std::string target; // touch: the bone; attachment: the attachment
    std::optional<double> height;
    std::optional<double> floor;
    std::optional<double> radius;
    std::optional<std::array<double, 4>> range; // start, peak, tail, end frames
    // `usesource`: measured on the file's frames before `frame`/`frames` picks some.
    // `usesequence`: on the sequence that plays it with its layers blended in.
    bool usesSequence = false, usesSource = false;
    std::optional<double> contact; // frame
    SourceLocation definedAt;
};

// `$cmdlist NAME { ikrule ... }`: a named list of IK rules sequences refer to with `cmdlist`.
struct QcCommandList {
    std::string name;
    std::vector<QcIkRule> ikRules;
    SourceLocation definedAt;
};

// `flexcontroller TYPE [range MIN MAX] NAME...` inside a `$model` block: one entry per name.
struct QcFlexController {
    std::string type;
    std::string name;
    double min = 0.0;
    double max = 1.0;
    SourceLocation definedAt;
};

// `$weightlist NAME BONE WEIGHT ...`: a bone not listed takes the weight of its nearest listed
// ancestor (1 when none is listed).
struct QcWeightList {
    std::string name;
    std::vector<std::pair<std::string, double>> weights;
    SourceLocation definedAt;
};

struct QcMdlSettings {
    std::vector<QcAttachment> attachments;
    std::vector<QcHitboxSet> hitboxSets;
    std::optional<QcBox> bbox; // $bbox: hull
    std::optional<QcBox> cbox; // $cbox: view box
    std::optional<QcIllumPosition> illumPosition;
    std::optional<QcVec3> eyePosition;
    std::string surfaceProp = "default";
    std::int32_t contents = 1; // CONTENTS_SOLID
    std::optional<double> maxEyeDeflectionDegrees;
    std::optional<std::string> keyValues; // the re-serialised body of $keyvalues blocks
    std::vector<QcPoseParameter> poseParameters;
    std::vector<QcIkChain> ikChains;
    std::vector<QcIkLock> ikAutoplayLocks;
    std::vector<QcCommandList> commandLists;
    std::vector<QcFlexController> flexControllers;
    std::vector<std::string> boneMerges;
    std::vector<SourceLocation> boneMergesAt; // the line of each $bonemerge
    bool skipBoneInBBox = false;
    std::vector<QcWeightList> weightLists;
    std::optional<int> allowRootLods;

    const QcWeightList* findWeightList(const std::string& name) const;
    const QcCommandList* findCommandList(const std::string& name) const;
};

} // namespace vtxc
