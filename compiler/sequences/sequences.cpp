// Sequence records and pose parameters (rules in sequences.h). The calcblend measure (the
// attachment's offset from its place in the reference pose, as mathlib's MatrixAngles reads the
// rotation) gives the pose keys of Valve's compiled soldier.
#include "compiler/sequences/sequences.h"

#include "compiler/animation/sequence_blend.h"
#include "compiler/animation/weight_lists.h"
#include "compiler/sequences/ik.h"
#include "compiler/sequences/sequence_nodes.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <set>

namespace vtxc {

namespace {

std::string lowered(std::string text) {
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// Pitch, yaw, roll in degrees of a rotation, as mathlib's MatrixAngles reads its columns.
Eigen::Vector3d matrixAngles(const Eigen::Matrix3d& m) {
    const double toDegrees = 180.0 / std::numbers::pi;
    const double planar = std::sqrt(m(0, 0) * m(0, 0) + m(1, 0) * m(1, 0));
    if (planar > 0.001)
        return {std::atan2(-m(2, 0), planar) * toDegrees, std::atan2(m(1, 0), m(0, 0)) * toDegrees,
                std::atan2(m(2, 1), m(2, 2)) * toDegrees};
    return {std::atan2(-m(2, 0), planar) * toDegrees, std::atan2(-m(0, 1), m(1, 1)) * toDegrees,
            0.0};
}

class SequenceBuilder {
  public:
    SequenceBuilder(const SequenceInputs& in, DiagnosticSink& sink)
        : in_(in), sink_(sink), deltaBase_(deltaBoundsBase(in.animations)) {}

    // Valve numbers pose parameters in the order the QC first names them, by $poseparameter or
    // by a sequence's blend: combine_soldier_anims.mdl has weapon_lower, declared after the
    // sequences that blend on move_yaw, aim_yaw and the others, last. Declared values replace
    // what earlier blends measured, and later blends widen them (labturret_npc.mdl: `aim_yaw 180
    // -180`, then blends -180 180, holds -180 to 180); only `loop` or `wrap` sets STUDIO_LOOPING
    // (bunker_gun01.mdl `loop 0`: flags 1; combine_soldier_anims.mdl `$poseparameter "weapon_lower"
    // 0 1`: 0).
    void declarePoseParameters(std::size_t sequencesBefore) {
        const auto& declared = in_.qc.mdl.poseParameters;
        for (; declaredSoFar_ < declared.size() &&
               declared[declaredSoFar_].sequencesBefore <= sequencesBefore;
             ++declaredSoFar_) {
            const QcPoseParameter& qc = declared[declaredSoFar_];
            MdlPoseParameter parameter;
            parameter.name = qc.name;
            parameter.flags = qc.looping ? 1 : 0;
            parameter.start = static_cast<float>(qc.start);
            parameter.end = static_cast<float>(qc.end);
            parameter.loop = static_cast<float>(qc.wrap ? qc.end - qc.start : qc.loop);
            if (const auto earlier = findPoseParameter(qc.name)) {
                set_.poseParameters[static_cast<std::size_t>(*earlier)] = std::move(parameter);
                continue;
            }
            set_.poseParameters.push_back(std::move(parameter));
        }
    }

    std::optional<SequenceSet> run() {
        const auto& sequences = in_.qc.sequences;
        for (std::size_t i = 0; i < sequences.size(); ++i) {
            declarePoseParameters(sequences[i].order);
            const std::vector<int>& played = in_.animations.sequenceAnimations.at(i);
            if (sequences[i].declared) {
                set_.sequences.push_back(declaredSequence(sequences[i]));
                continue;
            }
            if (played.empty()) {
                sink_.warning("SEQ006", sequences[i].definedAt,
                              "sequence '" + sequences[i].name +
                                  "' has no animation it can play (its files are missing); it "
                                  "is left out of the .mdl");
                continue;
            }
            auto sequence = build(sequences[i], played);
            if (!sequence) return std::nullopt;
            layered_.push_back(
                {set_.sequences.size(), &sequences[i], animation(played.front()).frameCount()});
            set_.sequences.push_back(std::move(*sequence));
        }
        declarePoseParameters(std::numeric_limits<std::size_t>::max());
        if (!addLayers()) return std::nullopt;
        return std::move(set_);
    }

  private:
    struct Built {
        std::size_t index; // in set_.sequences
        const QcSequence* qc;
        int frames; // of its first animation
    };

    // `addlayer` and `blendlayer` as autolayers, once every sequence has its index: a layer may
    // name a later sequence. Valve's door01_left.mdl (`addlayer "openbar"`): the sequence, flags
    // 0, cycles 0. Valve's labturret_npc.mdl (`blendlayer mirror_correction 20 40 60 60 spline`
    // on a sequence of 61 frames): flags 0x40 (STUDIO_AL_SPLINE), cycles 20/60, 40/60, 1, 1,
    // so frames divided by the last frame's number. A layer on a sequence left out for its
    // missing files (SEQ006) is left out with it.
    bool addLayers() {
        std::map<std::string, std::size_t> indexOf;
        for (std::size_t i = set_.sequences.size(); i-- > 0;)
            indexOf[lowered(set_.sequences[i].label)] = i;
        std::set<std::string> defined;
        for (const QcSequence& qc : in_.qc.sequences)
            defined.insert(lowered(qc.name));
        bool ok = true;
        for (const Built& built : layered_) {
            for (const QcLayer& layer : built.qc->layers) {
                // STUDIO_LOCAL on the sequence that plays a `local` layer: so in every
                // sequence of Valve's animation libraries, and in no other. The flag is the
                // QC's, so it stays when the layer's sequence is left out for a missing file
                // (walk_holding_package_all in combine_soldier_anims.mdl has it).
                if (layer.flags & kStudioAlLocal) set_.sequences[built.index].flags |= kStudioLocal;
                auto it = indexOf.find(lowered(layer.sequence));
                if (it == indexOf.end()) {
                    if (defined.count(lowered(layer.sequence))) continue; // left out (SEQ006)
                    sink_.error("SEQ002", layer.definedAt,
                                "no $sequence is named '" + layer.sequence +
                                    "' for the layer of '" + built.qc->name + "'; define it");
                    ok = false;
                    continue;
                }
                MdlAutoLayer autolayer;
                autolayer.iSequence = static_cast<std::int16_t>(it->second);
                autolayer.flags = layer.flags;
                if (layer.poseParameter) {
                    const auto pose = findPoseParameter(*layer.poseParameter);
                    if (!pose) {
                        sink_.error("SEQ002", layer.definedAt,
                                    "no pose parameter is named '" + *layer.poseParameter +
                                        "'; declare it with $poseparameter");
                        ok = false;
                        continue;
                    }
                    autolayer.iPose = static_cast<std::int16_t>(*pose);
                }
                // Frames become cycles (frame / last frame); pose parameter values are kept
                // as written. An addlayer's cycles are 0 / last frame too.
                const float last = static_cast<float>(built.frames - 1);
                std::array<float, 4> cycles{};
                for (std::size_t k = 0; k < 4; ++k)
                    cycles[k] = layer.poseParameter
                                    ? static_cast<float>(layer.values[k])
                                    : cycleOfFrame(static_cast<float>(layer.values[k]), last);
                if (layer.blend || last == 0.0f) {
                    autolayer.start = cycles[0];
                    autolayer.peak = cycles[1];
                    autolayer.tail = cycles[2];
                    autolayer.end = cycles[3];
                }
                set_.sequences[built.index].autolayers.push_back(autolayer);
            }
        }
        return ok;
    }

    // frame / last as Valve's compiler computed it on x86, also for a sequence of one frame
    // (last 0): Valve's police_animations.mdl `layer_stimulated_aim_pistol` (`frame 0 0`,
    // `addlayer`) holds the processor's default NaN, 0xFFC00000, in all four cycles, and a
    // nonzero frame over 0 is an infinity of its sign. Written as bits, so every machine and
    // compiler writes the same bytes.
    static float cycleOfFrame(float frame, float last) {
        if (last != 0.0f) return frame / last;
        if (frame == 0.0f || std::isnan(frame)) return std::bit_cast<float>(0xFFC00000u);
        return std::copysign(std::numeric_limits<float>::infinity(), frame);
    }

    std::optional<int> findPoseParameter(const std::string& name) const {
        for (std::size_t i = 0; i < set_.poseParameters.size(); ++i)
            if (lowered(set_.poseParameters[i].name) == lowered(name)) return static_cast<int>(i);
        return std::nullopt;
    }

    // `$declaresequence NAME` as Valve's animation libraries hold it (combine_soldier_anims.mdl,
    // monk_animations.mdl): flag 0x800 alone, no animation (groupsize 0 x 0), both blend
    // parameters 0, no fade, activity 0, a weight of 0 for every bone and an empty box
    // (+9999 .. -9999).
    MdlSeqDesc declaredSequence(const QcSequence& qc) const {
        MdlSeqDesc seq;
        seq.label = qc.name;
        seq.flags = 0x800;
        seq.activity = 0;
        seq.groupsize = {0, 0};
        seq.paramindex = {0, 0};
        seq.fadeintime = 0.0f;
        seq.fadeouttime = 0.0f;
        seq.weights.assign(in_.skeleton.size(), 0.0f);
        seq.bbmin = {9999.0f, 9999.0f, 9999.0f};
        seq.bbmax = {-9999.0f, -9999.0f, -9999.0f};
        return seq;
    }

    std::optional<MdlSeqDesc> build(const QcSequence& qc, const std::vector<int>& played) {
        MdlSeqDesc seq;
        seq.label = qc.name;
        seq.activityName = qc.activity.value_or("");
        seq.actweight =
            qc.activity ? static_cast<std::int32_t>(qc.activityWeight.value_or(1.0)) : 0;
        const AnimationFrames& first = animation(played.front());
        // STUDIO_POST with `delta`: Valve's labturret_npc.mdl (`mirror_correction ... delta
        // hidden`) and vortigaunt_anims.mdl (`Man_Gun_Aim_all { ... delta hidden }`) set it
        // without autoplay; a delta of subtracted animations alone has it with autoplay
        // (combine_super_soldier_choreo.mdl).
        // A `noanimation` sequence is no delta (Valve's gesture_reload_ar2 in
        // combine_soldier_anims.mdl: sequence flags 0 over an animation of flags DELTA|ALLZEROS).
        const bool delta = qc.delta || std::all_of(played.begin(), played.end(), [&](int a) {
                               return animation(a).delta && !animation(a).allZeros;
                           });
        seq.flags = (qc.loop || first.loop ? kStudioLooping : 0) | (qc.snap ? kStudioSnap : 0) |
                    (delta ? kStudioDelta : 0) | (qc.autoplay ? kStudioAutoplay : 0) |
                    (qc.delta || (delta && qc.autoplay) || qc.worldSpace ? kStudioPost : 0) |
                    (qc.realtime ? kStudioRealtime : 0) | (qc.hidden ? kStudioHidden : 0) |
                    (qc.worldSpace ? kStudioWorld : 0);
        seq.fadeintime = static_cast<float>(qc.fadeIn.value_or(0.2));
        seq.fadeouttime = static_cast<float>(qc.fadeOut.value_or(0.2));
        if (!qc.keyValues.empty()) seq.keyValues = mdlKeyValueBlock(qc.keyValues);
        for (int a : played)
            seq.blends.push_back(static_cast<std::int16_t>(a));
        if (!blendAxes(qc, played, seq)) return std::nullopt;
        addEvents(qc, first, seq);
        setSequenceNodes(qc, in_.qc.nodeNames, seq);
        if (!weights(qc, played, seq)) return std::nullopt;
        auto locks = buildSequenceLocks(qc.ikLocks, in_.qc.mdl.ikChains, sink_);
        if (!locks) return std::nullopt;
        seq.iklocks = std::move(*locks);
        seq.numikrules = static_cast<std::int32_t>(
            in_.encoded[static_cast<std::size_t>(played.front())].ikRules.size());
        BoundingBox box;
        for (int a : played)
            box.add(boundsOf(a, seq.weights));
        if (!box.empty()) {
            seq.bbmin = toVec3(box.min);
            seq.bbmax = toVec3(box.max);
        }
        return seq;
    }

    const AnimationFrames& animation(int index) const {
        return in_.animations.animations.at(static_cast<std::size_t>(index));
    }

    int poseParameter(const std::string& name, double low, double high) {
        for (std::size_t i = 0; i < set_.poseParameters.size(); ++i) {
            MdlPoseParameter& parameter = set_.poseParameters[i];
            if (lowered(parameter.name) != lowered(name)) continue;
            parameter.start = std::min(parameter.start, static_cast<float>(low));
            parameter.end = std::max(parameter.end, static_cast<float>(high));
            return static_cast<int>(i);
        }
        set_.poseParameters.push_back(
            {name, 0, static_cast<float>(low), static_cast<float>(high), 0});
        return static_cast<int>(set_.poseParameters.size()) - 1;
    }

    bool blendAxes(const QcSequence& qc, const std::vector<int>& played, MdlSeqDesc& seq) {
        const auto count = static_cast<int>(played.size());
        std::vector<std::vector<float>> keys;
        std::vector<std::pair<std::string, std::array<double, 2>>> axes;
        for (const QcBlend& blend : qc.blends)
            axes.push_back({blend.parameter, {blend.start, blend.end}});
        // Each `calcblend` measures every animation; the grid's keys come from its row or
        // column (gridKeys), once the grid's width is known.
        std::vector<std::vector<float>> measured;
        for (const QcCalcBlend& calc : qc.calcBlends) {
            auto values = calcBlendKeys(qc, calc, played);
            if (!values) return false;
            measured.push_back(std::move(*values));
            axes.push_back({calc.parameter, {0.0, 0.0}});
        }
        if (axes.empty()) {
            if (count > 1) seq.groupsize = {count, 1};
            return true;
        }
        if (axes.size() > 2) {
            sink_.error("SEQ007", qc.definedAt,
                        "sequence '" + qc.name + "' blends on more than two pose parameters");
            return false;
        }
        int width = count;
        if (axes.size() == 2) {
            width = qc.blendWidth.value_or(static_cast<int>(std::lround(std::sqrt(count))));
            if (width <= 0 || count % width != 0 || count / width < 1) {
                sink_.error("SEQ007", qc.definedAt,
                            "sequence '" + qc.name + "' blends " + std::to_string(count) +
                                " animations on two axes, which is no grid of " +
                                std::to_string(width) + " columns; give blendwidth");
                return false;
            }
        }
        seq.groupsize = {width, axes.size() == 2 ? count / width : 1};
        keys.resize(axes.size());
        const std::size_t centre = gridCentre(qc, played.size(), seq.groupsize);
        for (std::size_t m = 0; m < measured.size(); ++m) {
            const std::size_t axis = qc.blends.size() + m;
            keys[axis] = gridKeys(measured[m], axis, seq.groupsize, centre);
            axes[axis].second = {keys[axis].front(), keys[axis].back()};
        }
        for (std::size_t axis = 0; axis < axes.size(); ++axis) {
            const auto [start, end] = axes[axis].second;
            seq.paramindex[axis] =
                poseParameter(axes[axis].first, std::min(start, end), std::max(start, end));
            seq.paramstart[axis] = static_cast<float>(start);
            seq.paramend[axis] = static_cast<float>(end);
            if (!keys[axis].empty()) continue;
            const int n = seq.groupsize[axis];
            for (int i = 0; i < n; ++i)
                keys[axis].push_back(
                    static_cast<float>(n > 1 ? start + (end - start) * i / (n - 1) : start));
        }
        for (std::size_t axis = 0; axis < 2; ++axis) {
            const auto n = static_cast<std::size_t>(seq.groupsize[axis]);
            for (std::size_t i = 0; i < n; ++i)
                seq.poseKeys.push_back(axis < keys.size() && i < keys[axis].size() ? keys[axis][i]
                                                                                   : 0.0f);
        }
        return true;
    }

    // The attachment's offset from where it is in the reference pose, in each animation's first
    // frame: X/Y/Z its position, XR/YR/ZR its roll/pitch/yaw in degrees.
    std::optional<std::vector<float>> calcBlendKeys(const QcSequence& qc, const QcCalcBlend& calc,
                                                    const std::vector<int>& played) {
        const MdlAttachment* attachment = nullptr;
        for (const MdlAttachment& a : in_.attachments)
            if (lowered(a.name) == lowered(calc.attachment)) attachment = &a;
        static const std::vector<std::string> axes = {"X", "Y", "Z", "XR", "YR", "ZR"};
        const auto axis = std::find(axes.begin(), axes.end(), calc.axis) - axes.begin();
        if (!attachment || axis == static_cast<std::ptrdiff_t>(axes.size())) {
            sink_.error("SEQ002", qc.definedAt,
                        "calcblend of sequence '" + qc.name + "' needs an $attachment named '" +
                            calc.attachment + "' and an axis X, Y, Z, XR, YR or ZR (got '" +
                            calc.axis + "')");
            return std::nullopt;
        }
        const Eigen::Isometry3d local = fromMdlMatrix(attachment->local);
        const auto bone = static_cast<std::size_t>(attachment->localbone);
        std::vector<float> keys;
        for (int a : played) {
            const AnimationFrames& source = animation(a);
            std::vector<LocalPose> reference = source.delta ? source.reference : turnedBind();
            std::vector<LocalPose> posed = source.frames.front();
            if (source.delta)
                for (std::size_t b = 0; b < posed.size(); ++b) {
                    posed[b].position += reference[b].position;
                    posed[b].rotation = reference[b].rotation * posed[b].rotation;
                }
            const auto rest = modelTransforms(reference, in_.skeleton.parents)[bone] * local;
            const auto moved = modelTransforms(posed, in_.skeleton.parents)[bone] * local;
            const Eigen::Isometry3d offset = rest.inverse() * moved;
            const Eigen::Vector3d angles = matrixAngles(offset.linear());
            const double value = axis < 3 ? offset.translation()[axis]
                                          : (axis == 3   ? angles.z()
                                             : axis == 4 ? angles.x()
                                                         : angles.y());
            keys.push_back(static_cast<float>(value));
        }
        return keys;
    }

    // The keys of one axis of the grid from the values measured on every animation (x fastest):
    // axis 0 along the row of the grid's centre, axis 1 down its column. The centre is the
    // `blendcenter` animation, else the middle one. Valve's 3 x 3 aim layers (`makeaimlayer` of
    // player_macros.qci: blendcenter the middle animation) hold exactly these keys
    // (soldier_Aim_9_directions: yaw -47.2472, 0, 52.4787 of the middle row; pitch -53.5055,
    // 0, 47.523 of the middle column); no corpus grid tells the two centres apart.
    static std::vector<float> gridKeys(const std::vector<float>& values, std::size_t axis,
                                       const std::array<std::int32_t, 2>& groupsize,
                                       std::size_t centre) {
        const auto width = static_cast<std::size_t>(groupsize[0]);
        const auto height = static_cast<std::size_t>(groupsize[1]);
        const std::size_t row = centre / width, column = centre % width;
        std::vector<float> keys;
        if (axis == 0)
            for (std::size_t x = 0; x < width; ++x)
                keys.push_back(values[row * width + x]);
        else
            for (std::size_t y = 0; y < height; ++y)
                keys.push_back(values[y * width + column]);
        return keys;
    }

    // Index in the grid of the `blendcenter` animation (named among the sources as written),
    // else of the middle animation.
    static std::size_t gridCentre(const QcSequence& qc, std::size_t count,
                                  const std::array<std::int32_t, 2>& groupsize) {
        if (qc.blendCenter && qc.sources.size() == count)
            for (std::size_t i = 0; i < count; ++i)
                if (lowered(qc.sources[i].animation) == lowered(*qc.blendCenter)) return i;
        const auto width = static_cast<std::size_t>(groupsize[0]);
        const auto height = static_cast<std::size_t>(groupsize[1]);
        return (height / 2) * width + width / 2;
    }

    // The bind pose as a non-delta animation holds it: the root bones turned +90 about Z.
    std::vector<LocalPose> turnedBind() const {
        std::vector<LocalPose> pose = in_.skeleton.bind;
        if (in_.staticProp) return pose;
        for (std::size_t bone = 0; bone < pose.size(); ++bone)
            if (in_.skeleton.parents[bone] < 0)
                pose[bone] = poseOf(quarterTurnAboutZ() * transformOf(pose[bone]));
        return pose;
    }

    void addEvents(const QcSequence& qc, const AnimationFrames& first, MdlSeqDesc& seq) {
        const int frames = first.frameCount();
        for (const QcEvent& event : qc.events) {
            MdlEvent out;
            out.cycle = frames > 1 ? static_cast<float>(event.frame / (frames - 1)) : 0.0f;
            if (event.number) {
                out.event = *event.number;
            } else {
                out.type = kNewEventStyle;
                out.name = event.name;
            }
            out.options = event.options.substr(0, 63);
            seq.events.push_back(std::move(out));
        }
    }

    // An animation's box is measured once, with the weights of the first sequence that plays it,
    // and every later sequence takes it as it is: Valve's combine_soldier_anims.mdl gives
    // layer_Aim_RPG_all (every bone 1) a_RPG_aim_mid_left's box as layer_Aim_RPG_mid_left, the
    // sequence before it, measured it (weight list weights_layer_Aim_weak, 0.6): 0.995 units
    // short of what weight 1 gives.
    const BoundingBox& boundsOf(int a, const std::vector<float>& weights) {
        auto it = animationBoxes_.find(a);
        if (it == animationBoxes_.end())
            it = animationBoxes_
                     .emplace(a, animationBounds(in_.skinned, in_.bones, animation(a), deltaBase_,
                                                 weights))
                     .first;
        return it->second;
    }

    bool weights(const QcSequence& qc, const std::vector<int>& played, MdlSeqDesc& seq) {
        const auto weights =
            sequenceBoneWeights(qc, played, in_.animations, in_.qc.mdl, in_.skeleton, sink_);
        if (!weights) return false;
        seq.weights.clear();
        for (double weight : *weights)
            seq.weights.push_back(static_cast<float>(weight));
        return true;
    }

    const SequenceInputs& in_;
    DiagnosticSink& sink_;
    const std::vector<LocalPose> deltaBase_;    // what delta animations are measured on
    std::map<int, BoundingBox> animationBoxes_; // by animation, as first measured (boundsOf)
    std::vector<Built> layered_;
    SequenceSet set_;
    std::size_t declaredSoFar_ = 0; // of the QC's $poseparameter list
};

} // namespace

std::optional<SequenceSet> buildSequences(const SequenceInputs& inputs, DiagnosticSink& sink) {
    return SequenceBuilder(inputs, sink).run();
}

} // namespace vtxc
