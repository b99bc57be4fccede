// Sequence blends for `usesequence` IK rules. The rule was found by reproducing Valve's
// combine_soldier_anims.mdl `@gesture_reload_ar2` (weaponmacros.qci `makeweapongesture`: a
// `noanimation` sequence of 59 frames with an arms layer and a spine delta layer, both 66 frames,
// `blendlayer ... 0 10 50 59 spline`): its two touch rules' error tracks follow this blend within
// 0.008 units and 0.01 radians on every frame.
#include "compiler/animation/sequence_blend.h"

#include "compiler/animation/animation_frames.h"
#include "compiler/animation/weight_lists.h"
#include "formats/common/text.h"

#include <algorithm>
#include <cmath>

namespace vtxc {

namespace {

// mstudioautolayer_t flags (studio.h).
constexpr int kLayerSpline = 0x40;
constexpr int kLayerLocal = 0x1000;
constexpr int kLayerPose = 0x4000;

// SimpleSpline of mathlib.h: 3t^2 - 2t^3.
double simpleSpline(double t) {
    t = std::clamp(t, 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// A layer's weight at a frame of the sequence that plays it: rising from its start frame to its
// peak, 1 to its tail, falling to its end, 0 outside; eased with `spline`. The frame is the
// sequence's own (its cycle times its last frame, as the autolayer's cycles are written), past
// the last frame for the frames an IK track holds beyond it. An `addlayer` weighs 1 throughout.
double layerWeight(const QcLayer& layer, double frame) {
    if (!layer.blend) return 1.0;
    const auto& [start, peak, tail, end] = layer.values;
    if (frame < start || frame > end) return 0.0;
    double t = 1.0;
    if (frame < peak)
        t = (frame - start) / (peak - start);
    else if (frame > tail)
        t = (end - frame) / (end - tail);
    return (layer.flags & kLayerSpline) ? simpleSpline(t) : std::clamp(t, 0.0, 1.0);
}

// The pose an animation shows by itself at a frame: a `noanimation` one the bind pose (it moves
// nothing), a delta one as its IK rules measure it (deltaOnBase), any other its frame before its
// weight list.
std::vector<LocalPose> ownPose(const AnimationFrames& animation, std::size_t frame,
                               const Skeleton& skeleton, const std::vector<LocalPose>& deltaBase) {
    if (animation.allZeros) return skeleton.bind;
    if (!animation.delta)
        return animation.unweighted.empty() ? animation.frames[frame] : animation.unweighted[frame];
    return deltaOnBase(animation, animation.frames[frame], deltaBase);
}

struct Layer {
    const QcLayer* qc;
    const AnimationFrames* animation;
    std::vector<double> weights; // the layer sequence's, per bone
};

// One layer over the pose at weight `weight` times each bone's: a delta layer adds its frame
// (positions scaled, rotations turned by the scaled rotation), any other moves each bone that
// share of the way to its frame (slerp), as the engine's SlerpBones does.
void blendLayer(std::vector<LocalPose>& pose, const Layer& layer, std::size_t frame,
                double weight) {
    const std::vector<LocalPose>& over = layer.animation->frames[frame];
    for (std::size_t bone = 0; bone < pose.size() && bone < over.size(); ++bone) {
        const double w = weight * (bone < layer.weights.size() ? layer.weights[bone] : 1.0);
        if (w <= 0.0) continue;
        if (layer.animation->delta) {
            pose[bone].position += w * over[bone].position;
            pose[bone].rotation =
                (pose[bone].rotation * Eigen::Quaterniond::Identity().slerp(w, over[bone].rotation))
                    .normalized();
        } else {
            pose[bone].position = (1.0 - w) * pose[bone].position + w * over[bone].position;
            pose[bone].rotation = pose[bone].rotation.slerp(w, over[bone].rotation).normalized();
        }
    }
}

class SequenceBlender {
  public:
    SequenceBlender(AnimationSet& animations, const QcProject& qc, const Skeleton& skeleton)
        : animations_(animations), qc_(qc), skeleton_(skeleton),
          deltaBase_(deltaBoundsBase(animations)) {}

    void run() {
        for (std::size_t a = 0; a < animations_.animations.size(); ++a) {
            AnimationFrames& animation = animations_.animations[a];
            const bool wanted = std::any_of(animation.ikRules.begin(), animation.ikRules.end(),
                                            [](const QcIkRule& rule) { return rule.usesSequence; });
            if (!wanted || animation.frames.empty()) continue;
            if (const QcSequence* sequence = firstPlaying(static_cast<int>(a)))
                animation.sequenceBlend = blend(animation, layersOf(*sequence));
        }
    }

  private:
    const QcSequence* firstPlaying(int animation) const {
        for (std::size_t s = 0; s < qc_.sequences.size(); ++s) {
            const auto& played = animations_.sequenceAnimations[s];
            if (std::find(played.begin(), played.end(), animation) != played.end())
                return &qc_.sequences[s];
        }
        return nullptr;
    }

    std::vector<Layer> layersOf(const QcSequence& sequence) const {
        std::vector<Layer> layers;
        for (const QcLayer& layer : sequence.layers) {
            if (layer.flags & (kLayerPose | kLayerLocal)) continue;
            for (std::size_t s = 0; s < qc_.sequences.size(); ++s) {
                if (!equalsIgnoringAsciiCase(qc_.sequences[s].name, layer.sequence)) continue;
                const auto& played = animations_.sequenceAnimations[s];
                if (played.empty()) break; // left out for a missing file (SEQ006)
                const AnimationFrames& animation =
                    animations_.animations[static_cast<std::size_t>(played.front())];
                NullSink quiet; // a bad list is reported where the sequence is written
                auto weights = sequenceBoneWeights(qc_.sequences[s], played, animations_, qc_.mdl,
                                                   skeleton_, quiet);
                if (weights && !animation.frames.empty())
                    layers.push_back({&layer, &animation, std::move(*weights)});
                break;
            }
        }
        return layers;
    }

    // Frame u of the sequence (unrolled past its last frame, as an IK track runs on) with each
    // layer at its weight for u and at its own frame u * (its last frame) / (the sequence's
    // frame count), rounded down: @gesture_reload_ar2's frame 10 shows its layers' frame 11,
    // frame 20 their 22 (a layer's frame at the sequence's cycle u / 58 would be 11.2 and 22.4,
    // and differ from Valve's tracks at frame 17).
    std::vector<std::vector<LocalPose>> blend(const AnimationFrames& animation,
                                              const std::vector<Layer>& layers) const {
        const int count = animation.frameCount();
        const int last = count - 1;
        std::vector<std::vector<LocalPose>> out;
        for (int u = 0; u <= 2 * last + 2; ++u) {
            const int laps = last > 0 && u > 0 ? (u - 1) / last : 0;
            const int own = last > 0 ? u - laps * last : 0;
            std::vector<LocalPose> pose =
                ownPose(animation, static_cast<std::size_t>(own), skeleton_, deltaBase_);
            for (const Layer& layer : layers) {
                const double weight = layerWeight(*layer.qc, u);
                if (weight <= 0.0) continue;
                const int layerLast = layer.animation->frameCount() - 1;
                const int frame =
                    std::min(layerLast, static_cast<int>((static_cast<long long>(u) * layerLast) /
                                                         std::max(count, 1)));
                blendLayer(pose, layer, static_cast<std::size_t>(frame), weight);
            }
            out.push_back(std::move(pose));
        }
        return out;
    }

    AnimationSet& animations_;
    const QcProject& qc_;
    const Skeleton& skeleton_;
    const std::vector<LocalPose> deltaBase_; // sequence_bounds.h
};

} // namespace

std::optional<std::vector<double>>
sequenceBoneWeights(const QcSequence& sequence, const std::vector<int>& played,
                    const AnimationSet& animations, const QcMdlSettings& settings,
                    const Skeleton& skeleton, DiagnosticSink& sink) {
    std::vector<double> weights(skeleton.size(), sequence.noAnimation ? 0.0 : 1.0);
    std::optional<std::string> list = sequence.weightList;
    for (auto it = played.begin(); !list && it != played.end(); ++it)
        list = animations.animations[static_cast<std::size_t>(*it)].weightList;
    if (!list || sequence.noAnimation) return weights;
    return namedWeightList(settings, *list, sequence.definedAt, skeleton, sink);
}

void blendSequencesForIk(AnimationSet& animations, const QcProject& qc, const Skeleton& skeleton) {
    SequenceBlender(animations, qc, skeleton).run();
}

} // namespace vtxc
