// IK chains, locks and rules. The ground rule's target (the chain's `center` point at the contact
// frame, dropped to the floor) and its error track reproduce the rules of Valve's compiled soldier.
#include "compiler/sequences/ik.h"

#include "compiler/animation/animation_encoding.h"
#include "compiler/animation/motion_extraction.h"
#include "compiler/animation/weight_lists.h"
#include "compiler/sequences/sequence_bounds.h"
#include "formats/studio/mdl_codecs.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace vtxc {

namespace {

// The height of a footstep rule that names none (Valve's combine_soldier_anims.mdl: `ikrule
// "lfoot" footstep` of Idle_Unarmed_ACT_IDLE is written with height 18).
constexpr double kDefaultFootstepHeight = 18.0;

std::string lowered(std::string text) {
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

std::optional<int> chainIndex(const std::vector<MdlIkChain>& chains, const std::string& name) {
    for (std::size_t i = 0; i < chains.size(); ++i)
        if (lowered(chains[i].name) == lowered(name)) return static_cast<int>(i);
    return std::nullopt;
}

std::optional<int> chainIndex(const std::vector<QcIkChain>& chains, const std::string& name) {
    for (std::size_t i = 0; i < chains.size(); ++i)
        if (lowered(chains[i].name) == lowered(name)) return static_cast<int>(i);
    return std::nullopt;
}

float cycleOf(double frame, int frames) {
    return frames > 1 ? static_cast<float>(frame / (frames - 1)) : 0.0f;
}

// The channel values over all frames, with the range-derived scale (position: at least 128 units,
// rotation: at least pi/8, over the 16-bit range). Every channel is written, zeros too: all 1205
// error tracks of Valve's two soldier libraries and its super soldier hold six channels.
MdlCompressedIkError compressError(const std::vector<Eigen::Isometry3d>& errors) {
    MdlCompressedIkError out;
    std::array<std::vector<double>, 6> values;
    for (const Eigen::Isometry3d& error : errors) {
        const Eigen::Vector3d position = error.translation();
        const Eigen::Vector3d angles = eulerFromQuaternion(Eigen::Quaterniond(error.linear()));
        for (int axis = 0; axis < 3; ++axis) {
            values[static_cast<std::size_t>(axis)].push_back(position[axis]);
            values[static_cast<std::size_t>(axis) + 3].push_back(angles[axis]);
        }
    }
    for (std::size_t channel = 0; channel < 6; ++channel) {
        double range = channel < 3 ? kMinPositionRange : kMinRotationRange;
        for (double v : values[channel])
            range = std::max(range, std::abs(v));
        out.scale[channel] = static_cast<float>(range / 32767.0);
        std::vector<std::int16_t> quantised;
        for (double v : values[channel])
            quantised.push_back(quantiseToSteps(v, out.scale[channel]));
        out.values[channel] = encodeAnimValues(quantised);
    }
    return out;
}

// The poses a rule is measured on, by frame and laps past the loop's end; `unrolled` poses run on
// past the last frame (a `usesequence` rule's), others repeat their frames each lap.
struct MeasuredPoses {
    const std::vector<std::vector<Eigen::Isometry3d>>& poses;
    bool unrolled;
    int last;
    const std::vector<Eigen::Isometry3d>& at(int frame, int laps) const {
        const std::size_t index =
            static_cast<std::size_t>(unrolled ? frame + laps * std::max(last, 0) : frame);
        return poses[std::min(index, poses.size() - 1)];
    }
};

class RuleBuilder {
  public:
    RuleBuilder(const AnimationFrames& animation, const QcMdlSettings& settings,
                const std::vector<MdlIkChain>& chains, const Skeleton& skeleton,
                const std::vector<MdlAttachment>& attachments,
                const std::vector<LocalPose>& deltaBase, DiagnosticSink& sink,
                bool attachmentsElsewhere)
        : animation_(animation), settings_(settings), chains_(chains), skeleton_(skeleton),
          attachments_(attachments), deltaBase_(deltaBase), sink_(sink),
          attachmentsElsewhere_(attachmentsElsewhere) {
        for (const auto& frame : animation.frames)
            poses_.push_back(modelTransforms(posed(frame), skeleton.parents));
        for (const auto& frame : animation.unweighted)
            unweightedPoses_.push_back(modelTransforms(posed(frame), skeleton.parents));
        for (int frame = 0; frame < animation.frameCount(); ++frame)
            moved_.push_back(movementAtFrame(animation.movements, frame));
        // The file's frames for `usesource` rules, one per frame of the animation (the file's
        // last repeated when it has fewer).
        for (std::size_t frame = 0; !animation.source.empty() && frame < animation.frames.size();
             ++frame)
            sourcePoses_.push_back(modelTransforms(
                animation.source[std::min(frame, animation.source.size() - 1)], skeleton.parents));
        for (const auto& frame : animation.sequenceBlend)
            sequencePoses_.push_back(modelTransforms(frame, skeleton.parents));
    }

    std::optional<std::vector<MdlIkRule>> run() {
        std::vector<MdlIkRule> rules;
        std::vector<bool> named(chains_.size(), false);
        for (const QcIkRule& rule : animation_.ikRules) {
            const std::optional<int> chain = chainIndex(chains_, rule.chain);
            if (!chain) {
                sink_.error("SEQ005", rule.definedAt,
                            "ikrule names chain '" + rule.chain + "', which no $ikchain defines");
                return std::nullopt;
            }
            named[static_cast<std::size_t>(*chain)] = true;
            auto built = build(rule, *chain);
            if (!built) return std::nullopt;
            rules.push_back(std::move(*built));
        }
        // Chains the animation does not move (its end bone weighs 0) get no release: Valve's
        // @reload_shotgun1legs (weight list weapongesture_legsonly) releases only the feet; nor
        // do the chains of a delta animation or of a `noautoik` one (the flinch gestures of
        // weaponmacros.qci in Valve's combine_soldier_anims.mdl hold no rule). A sequence's
        // `delta` option alone does not count: Valve's police_animations.mdl gives
        // gesture_shoot_shotgun_crouch (animation flags 0) its four releases.
        if (!animation_.delta && animation_.autoIk) {
            const std::vector<double> weights = chainWeights();
            for (std::size_t chain = 0; chain < chains_.size(); ++chain)
                if (!named[chain] && weights[chain] > 0.0)
                    rules.push_back(release(static_cast<int>(chain)));
        }
        for (std::size_t i = 0; i < rules.size(); ++i)
            rules[i].index = static_cast<std::int32_t>(i);
        return rules;
    }

  private:
    // A delta animation's frames are measured on the model's first animation's first frame, the
    // pose its sequence boxes are measured on too (deltaOnBase): Valve's monk_animations.mdl
    // measures the touch rule of gesture_shoot_annabelle, a delta of another animation's frame,
    // so within 0.02 units.
    std::vector<LocalPose> posed(const std::vector<LocalPose>& frame) const {
        return deltaOnBase(animation_, frame, deltaBase_);
    }

    static MdlIkRule release(int chain) {
        MdlIkRule rule;
        rule.type = kIkRelease;
        rule.chain = rule.slot = chain;
        rule.q = {0, 0, 0, 0};
        rule.tail = rule.end = 1.0f;
        return rule;
    }

    // A release the QC writes carries an error track of zeros, one the compiler adds carries none
    // (Valve's combine_soldier_anims.mdl: `ikrule "rhand" release` in
    // a_Run_turretCarry_Upperbody_idle and @reload_smg1 has one, the added ones have none).
    MdlIkRule writtenRelease(int chain, const MdlIkRule& range) const {
        MdlIkRule rule = release(chain);
        rule.start = range.start;
        rule.peak = range.peak;
        rule.tail = range.tail;
        rule.end = range.end;
        rule.contact = range.contact;
        MdlCompressedIkError zeros;
        zeros.scale = {static_cast<float>(kMinPositionRange / 32767.0),
                       static_cast<float>(kMinPositionRange / 32767.0),
                       static_cast<float>(kMinPositionRange / 32767.0),
                       static_cast<float>(kMinRotationRange / 32767.0),
                       static_cast<float>(kMinRotationRange / 32767.0),
                       static_cast<float>(kMinRotationRange / 32767.0)};
        const std::vector<std::int16_t> none(
            static_cast<std::size_t>(std::max(1, trackLength(rule))), 0);
        for (MdlAnimValues& channel : zeros.values)
            channel = encodeAnimValues(none);
        rule.compressedError = std::move(zeros);
        return rule;
    }

    // The weight of each chain's end bone in this animation: its weight list's, 0 for every bone
    // of a `noanimation` animation, 1 without a list.
    std::vector<double> chainWeights() const {
        std::vector<double> weights(chains_.size(), animation_.allZeros ? 0.0 : 1.0);
        if (animation_.allZeros || !animation_.weightList) return weights;
        const QcWeightList* list = settings_.findWeightList(*animation_.weightList);
        if (!list) return weights; // reported where the list is applied (SEQ002)
        NullSink quiet;            // names the model lacks are reported where it is applied
        const auto perBone = resolveWeightList(*list, skeleton_, quiet);
        if (!perBone) return weights;
        for (std::size_t chain = 0; chain < chains_.size(); ++chain) {
            const std::size_t bone = endBone(static_cast<int>(chain));
            if (bone < perBone->size()) weights[chain] = (*perBone)[bone];
        }
        return weights;
    }

    // A cycle moved on by whole laps until it is not before `previous` (one step: far-off values
    // from a QC would take forever a lap at a time).
    static float laterThan(float cycle, float previous) {
        return cycle < previous ? cycle + std::ceil(previous - cycle) : cycle;
    }

    // The range as cycles, unrolled past the loop's end: each of peak, tail and end comes a whole
    // cycle later when it would come before the one it follows, and so does a contact before the
    // start (Valve's a_PoliceWalkS, `contact 7 ... range 29 7 21 29` of 31 frames: start 0.967,
    // peak 1.233, tail 1.7, end 1.967, contact 1.233).
    void applyRange(const QcIkRule& source, MdlIkRule& rule) {
        const int frames = animation_.ruleFrameCount.value_or(animation_.frameCount());
        rule.start = rule.peak = 0.0f;
        rule.tail = rule.end = 1.0f;
        // `range 0 0 0 0` is no range (Valve's rappel_a_preIdle releases: 0 0 1 1).
        const bool ranged = source.range && std::any_of(source.range->begin(), source.range->end(),
                                                        [](double frame) { return frame != 0.0; });
        if (ranged) {
            rule.start = cycleOf((*source.range)[0], frames);
            rule.peak = cycleOf((*source.range)[1], frames);
            rule.tail = cycleOf((*source.range)[2], frames);
            rule.end = cycleOf((*source.range)[3], frames);
        }
        float previous = rule.start;
        for (float* cycle : {&rule.peak, &rule.tail, &rule.end}) {
            *cycle = laterThan(*cycle, previous);
            previous = *cycle;
        }
        rule.contact = laterThan(cycleOf(source.contact.value_or(0.0), frames), rule.start);
        // The track ends on the range's end frame, counted in the frames the range was written
        // for; without a range, on the animation's last frame.
        const int last = (ranged ? frames : animation_.frameCount()) - 1;
        trackEndFrame_ = static_cast<int>(
            std::clamp(std::round(double(rule.end) * last), 0.0, 2.0 * std::max(last, 0)));
    }

    // Where the engine has moved the model at a frame, laps times round the loop further (a lap
    // adds the whole animation's movement).
    Eigen::Isometry3d movedAt(int frame, int laps) const {
        Eigen::Isometry3d moved = moved_[static_cast<std::size_t>(frame)];
        for (int i = 0; i < laps; ++i)
            moved = moved_.back() * moved;
        return moved;
    }

    // The frame a cycle falls on and the laps it is past the loop's end (the last frame before
    // the first of the next lap: they are one pose).
    // Cycles past the next lap (a range or contact far beyond the animation's frames) count as
    // the next lap's end: no unrolled range reaches further.
    std::pair<int, int> frameAndLaps(float cycle) const {
        const int last = animation_.frameCount() - 1;
        if (last <= 0) return {0, 0};
        const double unrolled = std::clamp(std::round(double(cycle) * last), 0.0, 2.0 * last);
        return unrolledFrame(static_cast<int>(unrolled));
    }

    // How many frames an error track holds: the range's, from the rule's start frame (iStart)
    // to its end frame, and 2 more when the end is past the animation's last frame. Valve's
    // g_open_door_lever_backarms (`range 4 11 16 24` of 36 frames) holds 21, a_PoliceWalkS's
    // left foot (`range 29 7 21 29` of 31: frames 29 to 59) 33, Rappel_a's written releases
    // (`range 0 0 140 140` of 140) 143, a_Run_turretCarry_Upperbody_idle's (`range 0 0 18 18`,
    // the animation cut to 1 frame by its sequence) 21; a rule without a range every frame of
    // the animation as played (a_blindfire_idle_180: 20). All 1203 tracks of Valve's two
    // soldier libraries follow this.
    int trackLength(const MdlIkRule& rule) const {
        const int last = animation_.frameCount() - 1;
        if (last < 0) return 0; // no frames to measure
        return std::max(1, trackEndFrame_ - rule.iStart + 1 + (trackEndFrame_ > last ? 2 : 0));
    }

    // The frames an error track holds, as frame and laps, from the rule's start frame on, past
    // the loop's end when the range runs there.
    std::vector<std::pair<int, int>> framesFromStart(const MdlIkRule& rule) const {
        std::vector<std::pair<int, int>> frames;
        const int count = trackLength(rule);
        for (int i = 0; i < count; ++i)
            frames.push_back(unrolledFrame(rule.iStart + i));
        return frames;
    }

    std::pair<int, int> unrolledFrame(int unrolled) const {
        const int last = animation_.frameCount() - 1;
        if (last <= 0 || unrolled <= 0) return {0, 0};
        const int laps = (unrolled - 1) / last;
        return {unrolled - laps * last, laps};
    }

    // What the chain end's pose is against `target` where the engine has the model, frame by
    // frame from the rule's start (iStart) for as many frames as the animation has, running on
    // past the loop's end (a lap's movement added): Valve's a_PoliceWalkS left foot, `range 29 7
    // 21 29` of 31 frames, holds frames 29 to 59 from iStart 29. The target is placed where the
    // model is at the contact.
    std::vector<Eigen::Isometry3d> errorsAgainst(const Eigen::Isometry3d& target, MdlIkRule& rule,
                                                 const MeasuredPoses& poses) const {
        const std::size_t end = endBone(rule.chain);
        const auto [contactFrame, contactLaps] = frameAndLaps(rule.contact);
        const Eigen::Isometry3d placedTarget = movedAt(contactFrame, contactLaps) * target;
        rule.iStart = frameAndLaps(rule.start).first;
        std::vector<Eigen::Isometry3d> errors;
        for (const auto& [frame, laps] : framesFromStart(rule)) {
            errors.push_back(placedTarget.inverse() * movedAt(frame, laps) *
                             poses.at(frame, laps)[end]);
        }
        return errors;
    }

    std::optional<MdlIkRule> build(const QcIkRule& source, int chain) {
        MdlIkRule rule;
        rule.chain = rule.slot = chain;
        rule.height = static_cast<float>(source.height.value_or(0.0));
        if (source.type == QcIkRuleType::Footstep && !source.height)
            rule.height = static_cast<float>(kDefaultFootstepHeight);
        rule.floor = static_cast<float>(source.floor.value_or(0.0));
        rule.q = {0, 0, 0, 1};
        applyRange(source, rule);
        switch (source.type) {
        case QcIkRuleType::Release: {
            // Its range as written, even past the last frame (Valve's layer_run_hold_baton_angry,
            // `range 0 0 30 30` on 21 frames: tail and end 1.5).
            return writtenRelease(chain, rule);
        }
        case QcIkRuleType::Unlatch:
            rule.type = kIkUnlatch;
            return rule;
        case QcIkRuleType::Footstep:
            return ground(source, chain, rule);
        case QcIkRuleType::Touch:
            return touch(source, rule);
        case QcIkRuleType::Attachment:
            rule.type = kIkAttachment;
            rule.attachment = source.target;
            rule.radius = static_cast<float>(source.radius.value_or(0.0));
            rule.bone = static_cast<std::int32_t>(endBone(chain)); // as Valve's files hold it
            lockToEnd(source, rule);
            if (!attachmentsElsewhere_ &&
                std::none_of(attachments_.begin(), attachments_.end(), [&](const MdlAttachment& a) {
                    return lowered(a.name) == lowered(source.target);
                })) {
                sink_.error("SEQ005", source.definedAt,
                            "ikrule names attachment '" + source.target +
                                "', which no $attachment defines");
                return std::nullopt;
            }
            return rule;
        }
        return rule;
    }

    // Rules are measured on the frames before the weight list, as Valve's layer_rpg_aim shows (its
    // feet weigh 0, yet its targets and errors follow the file's feet), and
    // layer_stimulated_aim_legs (a touch rule of the left hand, whose arm weighs 0).
    const std::vector<std::vector<Eigen::Isometry3d>>& measuredPoses() const {
        return unweightedPoses_.empty() ? poses_ : unweightedPoses_;
    }

    // A `usesource` rule is measured on the file's own frames (cover_pistol_layer's touch rule
    // follows a_walkN_hold_pistol frame by frame though the animation holds its frame 0), a
    // `usesequence` rule on the sequence with its layers blended in, run on past the last frame
    // (the layers' weights fall to 0 there, so a lap does not start the blend again), other
    // rules on `otherwise`.
    MeasuredPoses posesFor(const QcIkRule& source,
                           const std::vector<std::vector<Eigen::Isometry3d>>& otherwise) const {
        const int last = animation_.frameCount() - 1;
        if (source.usesSequence && !sequencePoses_.empty()) return {sequencePoses_, true, last};
        if (source.usesSource && !sourcePoses_.empty()) return {sourcePoses_, false, last};
        return {otherwise, false, last};
    }

    std::size_t endBone(int chain) const {
        return static_cast<std::size_t>(chains_[static_cast<std::size_t>(chain)].links.back().bone);
    }

    MdlIkRule ground(const QcIkRule& source, int chain, MdlIkRule rule) {
        rule.type = kIkGround;
        const QcIkChain* qcChain = nullptr;
        if (auto index =
                chainIndex(settings_.ikChains, chains_[static_cast<std::size_t>(chain)].name))
            qcChain = &settings_.ikChains[static_cast<std::size_t>(*index)];
        const double pad = qcChain && qcChain->pad ? *qcChain->pad : 0.0;
        rule.radius = static_cast<float>(source.radius.value_or(pad / 2.0));
        const Eigen::Vector3d center =
            qcChain && qcChain->center
                ? Eigen::Vector3d((*qcChain->center)[0], (*qcChain->center)[1],
                                  (*qcChain->center)[2])
                : Eigen::Vector3d::Zero();
        const int contact = std::clamp(static_cast<int>(std::lround(source.contact.value_or(0.0))),
                                       0, animation_.frameCount() - 1);
        const std::size_t end = endBone(chain);
        const MeasuredPoses measured = posesFor(source, measuredPoses());
        Eigen::Vector3d target = measured.at(contact, 0)[end] * center;
        target.z() = source.floor.value_or(0.0);
        rule.pos = toVec3(target);
        Eigen::Isometry3d targetTransform = Eigen::Isometry3d::Identity();
        targetTransform.translation() = target;
        std::vector<Eigen::Isometry3d> errors = errorsAgainst(targetTransform, rule, measured);
        slideTargetInRamps(errors, rule, center, measured);
        rule.compressedError = compressError(errors);
        return rule;
    }

    // How much of the rule the engine applies at a cycle: 0 outside the range, 1 from peak to
    // tail, and in the ramps SimpleSpline (3t^2 - 2t^3, mathlib.h) of the fraction of the ramp.
    static double rampWeight(const MdlIkRule& rule, double cycle) {
        const auto spline = [](double t) {
            t = std::clamp(t, 0.0, 1.0);
            return t * t * (3.0 - 2.0 * t);
        };
        if (cycle < rule.peak)
            return rule.peak > rule.start ? spline((cycle - rule.start) / (rule.peak - rule.start))
                                          : 1.0;
        if (cycle > rule.tail)
            return rule.end > rule.tail ? spline((rule.end - cycle) / (rule.end - rule.tail)) : 1.0;
        return 1.0;
    }

    // Before the peak and after the tail the ground rule's target slides, by the ramp's weight,
    // from the locked point to where the chain end's own centre point is at that frame, dropped
    // to the floor: error = end - (w * locked + (1 - w) * own centre), in the locked target's
    // axes. Valve's a_PoliceWalkS and a_PoliceRunS feet (four rules) follow this within 0.004
    // units frame by frame, where the locked point alone is off by up to 25 units at the range's
    // ends; the rotation channels and the height are the locked error's.
    void slideTargetInRamps(std::vector<Eigen::Isometry3d>& errors, const MdlIkRule& rule,
                            const Eigen::Vector3d& center, const MeasuredPoses& poses) const {
        const int last = animation_.frameCount() - 1;
        if (last <= 0) return;
        const std::size_t end = endBone(rule.chain);
        const auto [contactFrame, contactLaps] = frameAndLaps(rule.contact);
        const Eigen::Matrix3d targetAxes = movedAt(contactFrame, contactLaps).linear();
        const auto frames = framesFromStart(rule);
        for (std::size_t i = 0; i < frames.size() && i < errors.size(); ++i) {
            const double weight =
                rampWeight(rule, static_cast<double>(rule.iStart + static_cast<int>(i)) / last);
            if (weight >= 1.0) continue;
            const auto [frame, laps] = frames[i];
            const Eigen::Isometry3d& pose = poses.at(frame, laps)[end];
            Eigen::Vector3d own = pose * center;
            own.z() = rule.floor;
            const Eigen::Isometry3d moved = movedAt(frame, laps);
            const Eigen::Vector3d ownError =
                targetAxes.transpose() * moved.linear() * (pose.translation() - own);
            errors[i].translation() = weight * errors[i].translation() + (1.0 - weight) * ownError;
        }
    }

    // An attachment rule's target is the chain end's place and orientation at the contact frame,
    // its error the end's offset from there per frame (Valve's @g_open_door_lever_backarms:
    // the left hand at frame 9, with the hand's rotation as q).
    void lockToEnd(const QcIkRule& source, MdlIkRule& rule) const {
        const int contact = std::clamp(static_cast<int>(std::lround(source.contact.value_or(0.0))),
                                       0, animation_.frameCount() - 1);
        const std::size_t end = endBone(rule.chain);
        const MeasuredPoses measured = posesFor(source, poses_);
        const Eigen::Isometry3d target = measured.at(contact, 0)[end];
        rule.pos = toVec3(target.translation());
        rule.q = toVec4(Eigen::Quaterniond(target.linear()).normalized());
        rule.compressedError = compressError(errorsAgainst(target, rule, measured));
    }

    std::optional<MdlIkRule> touch(const QcIkRule& source, MdlIkRule rule) {
        rule.type = kIkSelf;
        const std::optional<int> bone = skeleton_.find(source.target);
        if (!bone) {
            sink_.error("BONE004", source.definedAt,
                        "ikrule touch names bone '" + source.target +
                            "', which the model does not have");
            return std::nullopt;
        }
        rule.bone = *bone;
        const std::size_t end = endBone(rule.chain);
        rule.iStart = frameAndLaps(rule.start).first;
        const MeasuredPoses measured = posesFor(source, measuredPoses());
        std::vector<Eigen::Isometry3d> errors;
        for (const auto& [frame, laps] : framesFromStart(rule)) {
            const auto& pose = measured.at(frame, laps);
            errors.push_back(pose[static_cast<std::size_t>(*bone)].inverse() * pose[end]);
        }
        rule.compressedError = compressError(errors);
        return rule;
    }

    const AnimationFrames& animation_;
    const QcMdlSettings& settings_;
    const std::vector<MdlIkChain>& chains_;
    const Skeleton& skeleton_;
    const std::vector<MdlAttachment>& attachments_;
    const std::vector<LocalPose>& deltaBase_; // what delta frames are added to (deltaOnBase)
    DiagnosticSink& sink_;
    bool attachmentsElsewhere_;
    std::vector<std::vector<Eigen::Isometry3d>> poses_; // [frame][bone] model space
    // The same before the animation's weight list (empty when it has none or is a delta).
    std::vector<std::vector<Eigen::Isometry3d>> unweightedPoses_;
    std::vector<std::vector<Eigen::Isometry3d>> sourcePoses_; // `usesource`: the file's frames
    // `usesequence`: the sequence with its layers, per unrolled frame (sequence_blend.h)
    std::vector<std::vector<Eigen::Isometry3d>> sequencePoses_;
    std::vector<Eigen::Isometry3d> moved_; // [frame]: the engine's movement (movementAtFrame)
    int trackEndFrame_ = 0;                // the end frame of the rule being built (applyRange)
};

} // namespace

std::optional<std::vector<MdlIkChain>> buildIkChains(const std::vector<QcIkChain>& chains,
                                                     const Skeleton& skeleton,
                                                     DiagnosticSink& sink) {
    std::vector<MdlIkChain> out;
    bool ok = true;
    for (const QcIkChain& chain : chains) {
        const std::optional<int> bone = skeleton.find(chain.bone);
        if (!bone) {
            sink.error("BONE004", chain.definedAt,
                       "$ikchain '" + chain.name + "' names bone '" + chain.bone +
                           "', which the model does not have");
            ok = false;
            continue;
        }
        const int parent = skeleton.parents[static_cast<std::size_t>(*bone)];
        const int grandparent =
            parent < 0 ? -1 : skeleton.parents[static_cast<std::size_t>(parent)];
        if (grandparent < 0) {
            sink.error("BONE005", chain.definedAt,
                       "$ikchain '" + chain.name + "': bone '" + chain.bone +
                           "' needs a parent and a grandparent (an IK chain has three links)");
            ok = false;
            continue;
        }
        MdlIkChain built;
        built.name = chain.name;
        MdlIkLink first;
        first.bone = grandparent;
        first.kneeDir = toVec3({chain.knee[0], chain.knee[1], chain.knee[2]});
        MdlIkLink middle, last;
        middle.bone = parent;
        last.bone = *bone;
        built.links = {first, middle, last};
        out.push_back(std::move(built));
    }
    if (!ok) return std::nullopt;
    return out;
}

namespace {

std::optional<std::vector<MdlIkLock>> locksOf(const std::vector<QcIkLock>& locks,
                                              const std::vector<QcIkChain>& chains,
                                              const std::string& what, DiagnosticSink& sink) {
    std::vector<MdlIkLock> out;
    bool ok = true;
    for (const QcIkLock& lock : locks) {
        const std::optional<int> chain = chainIndex(chains, lock.chain);
        if (!chain) {
            sink.error("SEQ005", lock.definedAt,
                       what + " names chain '" + lock.chain + "', which no $ikchain defines");
            ok = false;
            continue;
        }
        out.push_back(
            {*chain, static_cast<float>(lock.posWeight), static_cast<float>(lock.localQWeight), 0});
    }
    if (!ok) return std::nullopt;
    return out;
}

} // namespace

std::optional<std::vector<MdlIkLock>> buildSequenceLocks(const std::vector<QcIkLock>& locks,
                                                         const std::vector<QcIkChain>& chains,
                                                         DiagnosticSink& sink) {
    return locksOf(locks, chains, "iklock", sink);
}

std::optional<std::vector<MdlIkLock>> buildAutoplayLocks(const QcMdlSettings& settings,
                                                         DiagnosticSink& sink) {
    return locksOf(settings.ikAutoplayLocks, settings.ikChains, "$ikautoplaylock", sink);
}

void numberIkRules(std::vector<MdlAnimDesc>& animations, const std::vector<MdlSeqDesc>& sequences) {
    std::vector<bool> played(animations.size(), false);
    for (const MdlSeqDesc& sequence : sequences)
        for (std::int16_t animation : sequence.blends)
            if (animation >= 0 && static_cast<std::size_t>(animation) < played.size())
                played[static_cast<std::size_t>(animation)] = true;
    for (std::size_t a = 0; a < animations.size(); ++a)
        for (std::size_t i = 0; i < animations[a].ikRules.size(); ++i)
            animations[a].ikRules[i].index = played[a] ? static_cast<std::int32_t>(i) : 0;
}

std::optional<std::vector<MdlIkRule>>
buildIkRules(const AnimationFrames& animation, const QcMdlSettings& settings,
             const std::vector<MdlIkChain>& chains, const Skeleton& skeleton,
             const std::vector<MdlAttachment>& attachments, const std::vector<LocalPose>& deltaBase,
             DiagnosticSink& sink, bool attachmentsElsewhere) {
    if (chains.empty() && animation.ikRules.empty()) return std::vector<MdlIkRule>{};
    return RuleBuilder(animation, settings, chains, skeleton, attachments, deltaBase, sink,
                       attachmentsElsewhere)
        .run();
}

} // namespace vtxc
