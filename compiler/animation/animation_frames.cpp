// The decoded animations' lookup by name and the posing of a delta animation's frames.
#include "compiler/animation/animation_frames.h"

#include "formats/common/text.h"

namespace vtxc {

std::optional<int> AnimationSet::find(const std::string& name) const {
    for (std::size_t i = animations.size(); i-- > 0;)
        if (equalsIgnoringAsciiCase(animations[i].name, name)) return static_cast<int>(i);
    return std::nullopt;
}

std::vector<LocalPose> deltaBoundsBase(const AnimationSet& animations) {
    if (animations.animations.empty()) return {};
    const AnimationFrames& first = animations.animations.front();
    if (first.delta || first.frames.empty()) return {};
    return first.unweighted.empty() ? first.frames.front() : first.unweighted.front();
}

std::vector<LocalPose> deltaOnBase(const AnimationFrames& animation,
                                   const std::vector<LocalPose>& frame,
                                   const std::vector<LocalPose>& deltaBase) {
    if (!animation.delta) return frame;
    const std::vector<LocalPose>& base = deltaBase.empty() ? animation.reference : deltaBase;
    std::vector<LocalPose> out(frame.size());
    for (std::size_t bone = 0; bone < frame.size() && bone < base.size(); ++bone) {
        out[bone].position = base[bone].position + frame[bone].position;
        out[bone].rotation = base[bone].rotation * frame[bone].rotation;
    }
    return out;
}

} // namespace vtxc
