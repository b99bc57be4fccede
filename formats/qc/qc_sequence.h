// $sequence and $animation as typed data, and the reader of their sources and options.
// Option meanings: the Valve Developer Community wiki ($sequence, $animation); the options vtxc
// does not implement are reported with the line that uses them (QC062), never dropped silently.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/qc/qc_command_stream.h"
#include "formats/qc/qc_file_refs.h"
#include "formats/qc/qc_mdl_settings.h"
#include "formats/qc/qc_motion_options.h"

#include <array>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace vtxc {

// `{ event NAME FRAME ["OPTIONS"] }`, or `event NAME FRAME ...` on the command line. NAME is a
// number (an old-style event) or an event name such as AE_CL_PLAYSOUND.
struct QcEvent {
    std::string name;          // as written
    std::optional<int> number; // when NAME is a whole number
    double frame = 0.0;
    std::string options;
    SourceLocation definedAt;
};

// `blend PARAMETER START END`: one blend axis.
struct QcBlend {
    std::string parameter;
    double start = 0.0;
    double end = 0.0;
};

// `calcblend PARAMETER ATTACHMENT AXIS`: the axis range measured on the attachment in each
// animation of the blend (AXIS: X, Y, Z for position, XR, YR, ZR for roll, pitch, yaw).
struct QcCalcBlend {
    std::string parameter;
    std::string attachment;
    std::string axis; // upper case
};

// `worldspaceblend ANIMATION`: ANIMATION's pose blended in, bone by bone in model space, by the
// weight list named before the option (docs/mdl-compile.md, "worldspaceblend").
struct QcWorldSpaceBlend {
    std::string animation;
    std::optional<std::string> weightList; // the `weightlist` in effect where it was written
    SourceLocation definedAt;
};

// `subtract ANIMATION FRAME`: the animation becomes a delta from that frame of ANIMATION. Several
// apply in the order written, each to the result of the one before.
struct QcSubtract {
    std::string animation;
    int frame = 0;
};

// One source of a sequence, in the order written: an SMD file or an earlier animation's name.
struct QcAnimationSource {
    std::optional<QcFileRef> file; // set for a file
    std::string animation;         // set for a name
};

// `addlayer SEQUENCE` (plays it on top, all along) or `blendlayer SEQUENCE START PEAK TAIL END
// [spline] [xfade] [noblend] [local] [poseparameter NAME]` (fades it in and out over those frames,
// or pose parameter values): an autolayer of the .mdl sequence (studio.h mstudioautolayer_t).
struct QcLayer {
    std::string sequence;
    bool blend = false;             // blendlayer: the four values below apply
    std::array<double, 4> values{}; // start, peak, tail, end
    int flags = 0;                  // STUDIO_AL_* of the words after the values
    std::optional<std::string> poseParameter;
    SourceLocation definedAt;
};

struct QcSequence {
    std::string name;
    std::vector<QcAnimationSource> sources;  // in the order written
    std::vector<QcFileRef> animationFiles;   // the file sources (may be missing)
    std::vector<std::string> animationNames; // the name sources
    QcPlacement placement;                   // $scale and $origin where the command stands
    std::optional<double> scale;             // `scale S`: times the $scale for its files
    std::optional<double> fps;
    bool loop = false;
    std::optional<std::string> activity;
    std::optional<double> activityWeight;
    std::optional<double> fadeIn;
    std::optional<double> fadeOut;
    std::vector<QcEvent> events;
    bool delta = false;
    std::vector<QcSubtract> subtracts;
    std::vector<QcWorldSpaceBlend> worldSpaceBlends; // in the order written
    // `match NAME`: the frames turned and moved so the first is NAME's first (animation_sources).
    std::optional<std::string> match;
    SourceLocation matchAt;
    std::vector<QcBlend> blends;
    std::optional<int> blendWidth;
    std::vector<QcCalcBlend> calcBlends; // one axis each, in the order written
    // `blendref ANIMATION`, `blendcenter ANIMATION`: the pose a calcblend measures from, and the
    // animation at the grid's centre (read and kept; the measure uses each delta's own base).
    std::optional<std::string> blendRef;
    std::optional<std::string> blendCenter;
    // The node graph (docs/mdl-compile.md, "Nodes and transitions"): `node NAME` sets both
    // nodes, `transition FROM TO` and `rtransition FROM TO` (reversible) set entry and exit,
    // `entrynode`/`exitnode` one each; `exitphase` the cycle the sequence leaves its node at.
    std::optional<std::string> entryNode;
    std::optional<std::string> exitNode;
    bool reversibleTransition = false;
    std::optional<double> exitPhase;
    bool hidden = false;
    bool autoplay = false;
    bool snap = false;
    bool realtime = false;
    // `worldspace`: STUDIO_WORLD | STUDIO_POST; the frames are the file's as for any sequence
    // (Valve's combine_soldier_anims.mdl layer_stimulated_aim_ar1).
    bool worldSpace = false;
    bool post = false;
    std::optional<std::string> weightList;
    std::vector<std::string> commandLists; // `cmdlist NAME`
    // `keyvalues { ... }`, re-serialised as studiomdl writes a block's body (several blocks, as
    // an `$append` adds them, follow one another); empty: none.
    std::string keyValues;
    std::vector<QcIkRule> ikRules; // `ikrule ...` lines
    std::vector<QcIkLock> ikLocks; // `iklock CHAIN POSWEIGHT LOCALQWEIGHT`
    // `autoik` / `noautoik`: whether the compiler adds release rules for the chains no `ikrule`
    // names (unset: it does, unless the animation is a delta).
    std::optional<bool> autoIk;
    std::vector<QcLayer> layers;                   // `addlayer`, `blendlayer`, in order
    std::optional<std::pair<int, int>> frameRange; // `frame(s) START END`
    std::optional<int> numFrames;                  // `numframes N`: the frame count forced
    QcMotionOptions motion; // walkframe, LX LY LZ LZR, rotate, rotateto, alignto, startloop
    // `noanimation`: the animation holds no motion at all (a delta of zeros) and the sequence
    // weighs every bone 0; it only carries layers, events and IK rules (a gesture's frame).
    bool noAnimation = false;
    // `splinedelta`: the animation becomes a delta from the blend of its first and last frames
    // (zero at both ends), for blend layers that fade it in and out.
    bool splineDelta = false;
    // `$declaresequence NAME`: a placeholder holding the sequence's place (and index) for a
    // model that $includemodel's this one; no animation, no option.
    bool declared = false;
    std::size_t order = 0; // place among all $animation and $sequence commands, from 0
    SourceLocation definedAt;
};

// Where an animation's files are placed: the $scale and $origin in force where it is defined,
// its own `scale` multiplying the scale.
inline QcPlacement placementOf(const QcSequence& entry) {
    QcPlacement placement = entry.placement;
    if (entry.scale) placement.scale *= *entry.scale;
    return placement;
}

// Reads `$sequence NAME ...` and `$animation NAME ...`: sources first (files, or names of earlier
// animations and sequences), then options, on the command line or in its `{ }` block.
class QcSequenceReader {
  public:
    QcSequenceReader(QcFileRefResolver& files, DiagnosticSink& sink) : files_(files), sink_(sink) {}
    // Nothing when the command has no name (reported).
    std::optional<QcSequence> read(const QcCommand& command);
    // `$declaresequence NAME`; nothing when the name is missing (reported).
    std::optional<QcSequence> declare(const QcCommand& command);
    // `$append NAME ...` and `$continue NAME ...`: the options after the name (on the line or
    // in a `{ }` block) are read into the earlier sequence `entry`, as if written in its own
    // command: later values replace single ones (fps, activity), lists grow (events, layers,
    // IK rules).
    void append(const QcCommand& command, QcSequence& entry);
    // Node names in the order the QC first names them (`node`, `transition`, `rtransition`,
    // `entrynode`, `exitnode`, `$skiptransition`): node n of the .mdl is nodeNames()[n - 1].
    const std::vector<std::string>& nodeNames() const { return nodeNames_; }
    // Numbers NAME (compared without case) if it is new.
    void nameNode(const std::string& name);
    // Reads `ikrule`'s arguments after the word itself (shared with $cmdlist).
    static std::optional<QcIkRule> readIkRule(QcArgumentCursor& arguments, const SourceLocation& at,
                                              DiagnosticSink& sink);

  private:
    void readTokens(QcTokenSpan tokens, QcSequence& entry, bool& sourcesOpen, int depth);
    void readOption(const QcToken& word, QcArgumentCursor& arguments, QcSequence& entry);
    void readEvent(const QcToken& head, QcArgumentCursor& arguments, QcSequence& entry);
    void readLayer(const QcToken& word, QcArgumentCursor& arguments, QcSequence& entry);
    void readNodeOption(const QcToken& word, QcArgumentCursor& arguments, QcSequence& entry);
    void readEventBlock(QcTokenSpan block, QcSequence& entry);
    bool isSource(const QcToken& token) const;

    QcFileRefResolver& files_;
    DiagnosticSink& sink_;
    std::set<std::string> knownAnimations_; // lower case: names of earlier entries
    std::vector<std::string> nodeNames_;
    std::size_t read_ = 0;
    bool readingAnimation_ = false; // an $animation command, not a $sequence
};

inline constexpr const char* kQcOptionNotImplemented = "QC062";

} // namespace vtxc
