// Animation processing: frame range, frame-number checks, adjustment, root motion extraction and
// smooth loop on SMD skeleton frames. Follows the CVanim tables of the VDC wiki's VMDL animation
// page; the rules vtxc chose are in docs/vmdl-animation.md.
// Codes: VMDL020-VMDL032 of kAnimCodes (anim/anim_codes.h).
#include "anim/animation_processing.h"

#include "anim/anim_codes.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace vtxc {

namespace fs = std::filesystem;

Eigen::Quaterniond rotationFromSmdAngles(const Eigen::Vector3d& angles) {
    return Eigen::AngleAxisd(angles.z(), Eigen::Vector3d::UnitZ()) *
           Eigen::AngleAxisd(angles.y(), Eigen::Vector3d::UnitY()) *
           Eigen::AngleAxisd(angles.x(), Eigen::Vector3d::UnitX());
}

Eigen::Vector3d smdAnglesFromRotation(const Eigen::Quaterniond& rotation) {
    // R = Rz Ry Rx has R(2,0) = -sin(y), R(2,1) = sin(x)cos(y), R(2,2) = cos(x)cos(y),
    // R(1,0) = sin(z)cos(y), R(0,0) = cos(z)cos(y).
    const Eigen::Matrix3d m = rotation.normalized().toRotationMatrix();
    const double sinY = std::clamp(-m(2, 0), -1.0, 1.0);
    const double y = std::asin(sinY);
    if (std::abs(sinY) > 1.0 - 1e-12) { // gimbal lock: only x -/+ z is defined; take x = 0
        return {0.0, y, std::atan2(-m(0, 1), m(1, 1))};
    }
    return {std::atan2(m(2, 1), m(2, 2)), y, std::atan2(m(1, 0), m(0, 0))};
}

namespace {

using PoseTable = std::vector<std::vector<SmdBonePose>>; // [output frame][bone]

Eigen::Vector3d toEigen(const Vec3& v) {
    return {v.x, v.y, v.z};
}
// Computed values within 1e-9 of 0 are rounding noise: written as 0, not as "-0.000000".
float cleaned(double value) {
    return std::abs(value) < 1e-9 ? 0.0f : static_cast<float>(value);
}
Vec3 toVec3(const Eigen::Vector3d& v) {
    return {cleaned(v.x()), cleaned(v.y()), cleaned(v.z())};
}

// Motion channel `axis` (kMotionTX..kMotionRZ) of a pose: a position or an angle component.
float& channel(SmdBonePose& pose, int axis) {
    Vec3& v = axis < 3 ? pose.position : pose.rotation;
    const int component = axis % 3;
    return component == 0 ? v.x : component == 1 ? v.y : v.z;
}
float channelValue(const SmdBonePose& pose, int axis) {
    const Vec3& v = axis < 3 ? pose.position : pose.rotation;
    const int component = axis % 3;
    return component == 0 ? v.x : component == 1 ? v.y : v.z;
}

// Bones without a parent. The SMD reader guarantees bone 0 is one; a hand-made file that breaks
// that rule still gets bone 0 as its root rather than none.
std::vector<int> rootBones(const SmdFile& source) {
    std::vector<int> roots;
    for (std::size_t i = 0; i < source.nodes.size(); ++i) {
        const int parent = source.nodes[i].parent;
        if (parent < 0 || parent >= static_cast<int>(source.nodes.size()))
            roots.push_back(static_cast<int>(i));
    }
    if (roots.empty()) roots.push_back(0);
    return roots;
}

bool isFinite(const Vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

std::string frameCountText(int count) {
    return std::to_string(count) + (count == 1 ? " frame" : " frames");
}

class Processor {
  public:
    Processor(const AnimationDefinition& animation, const SmdFile& source, DiagnosticSink& sink)
        : animation_(animation), source_(source), sink_(sink) {}

    std::optional<ProcessedAnimation> run() {
        if (!checkSource()) return std::nullopt;
        const int fileFrames = source_.frames.back().time + 1;
        if (!checkRange(fileFrames)) return std::nullopt;
        frameCount_ = animation_.endFrame - animation_.startFrame + 1;
        if (!checkFrameNumbers()) return std::nullopt;
        PoseTable table = sliceFrames();
        applyAdjustment(table);
        ProcessedAnimation result;
        result.motion = extractMotion(table);
        smoothLoop(table);
        if (!checkFinite(table)) return std::nullopt;
        result.smd = buildOutput(table);
        return result;
    }

  private:
    const std::string& name() const { return animation_.name; }
    // The source as the document names it (content-relative), else as it was read.
    const std::string& sourceName() const {
        return animation_.filepath.empty() ? source_.fileName : animation_.filepath;
    }

    bool checkSource() {
        if (source_.nodes.empty() || source_.frames.empty()) {
            sink_.report(
                kAnimCodes["VMDL030"], animation_.filepathLocation,
                "source of animation '" + name() + "' (" + sourceName() +
                    ") has no bones or no skeleton frames: export the animation's skeleton");
            return false;
        }
        return true;
    }

    bool checkRange(int fileFrames) {
        if (animation_.endFrame >= fileFrames) {
            sink_.report(kAnimCodes["VMDL021"], animation_.endFrameLocation,
                         "animation '" + name() + "' asks for frames " +
                             std::to_string(animation_.startFrame) + ".." +
                             std::to_string(animation_.endFrame) + ", but " + sourceName() +
                             " has " + frameCountText(fileFrames) + " (0.." +
                             std::to_string(fileFrames - 1) + "): lower m_nEndframe");
            return false;
        }
        if (!animation_.endFrameGiven && fileFrames > 1)
            sink_.report(kAnimCodes["VMDL028"], animation_.location,
                         "animation '" + name() +
                             "' gives no m_nEndframe: the default 0 "
                             "is used, so only frame " +
                             std::to_string(animation_.endFrame) + " of the file's " +
                             frameCountText(fileFrames) + " is kept; set m_nEndframe = " +
                             std::to_string(fileFrames - 1) + " to keep them all");
        const std::size_t poses =
            static_cast<std::size_t>(animation_.endFrame - animation_.startFrame + 1) *
            source_.nodes.size();
        if (poses > kMaxAnimationPoses) {
            sink_.report(kAnimCodes["VMDL031"], animation_.endFrameLocation,
                         "animation '" + name() + "' has " + std::to_string(poses) +
                             " bone poses (frames x bones), more than vtxc handles (" +
                             std::to_string(kMaxAnimationPoses) + "): split it");
            return false;
        }
        return true;
    }

    bool inAnimation(int frame) const { return frame >= 0 && frame < frameCount_; }

    std::string rangeText() const {
        return "0.." + std::to_string(frameCount_ - 1) + " (frames count from m_nStartframe)";
    }

    bool checkFrameNumbers() {
        ForwardingSink local(sink_);
        const AnimationLoop& loop = animation_.loop;
        if (!inAnimation(loop.loopRestart))
            local.report(kAnimCodes["VMDL024"], loop.loopRestartLocation,
                         "m_nLoopRestart " + std::to_string(loop.loopRestart) + " of '" + name() +
                             "' is outside the animation's frames " + rangeText());
        checkSmoothLoopCount(local, loop.smoothLoopStart, loop.smoothLoopStartLocation,
                             "m_nSmoothLoopStart");
        checkSmoothLoopCount(local, loop.smoothLoopEnd, loop.smoothLoopEndLocation,
                             "m_nSmoothLoopEnd");
        if (loop.smoothLoop && loop.smoothLoopStart == 0 && loop.smoothLoopEnd == 0)
            local.report(kAnimCodes["VMDL026"], loop.smoothLoopStartLocation,
                         "m_bSmoothLoop is set on '" + name() +
                             "' but m_nSmoothLoopStart and "
                             "m_nSmoothLoopEnd are 0: nothing is blended");
        for (const AnimationEvent& event : animation_.events)
            if (!inAnimation(event.frame))
                local.report(kAnimCodes["VMDL023"], event.location,
                             "event '" + event.event + "' on frame " + std::to_string(event.frame) +
                                 " is outside the frames of '" + name() + "': " + rangeText());
        checkMotionFrames(local);
        return !local.hasErrors();
    }

    void checkSmoothLoopCount(DiagnosticSink& sink, int count, const SourceLocation& where,
                              const char* attribute) {
        if (count <= frameCount_ - 1) return;
        sink.report(kAnimCodes["VMDL025"], where,
                    std::string(attribute) + " " + std::to_string(count) + " of '" + name() +
                        "' blends more frames than the animation's " + frameCountText(frameCount_) +
                        " allow (at most " + std::to_string(frameCount_ - 1) + ")");
    }

    void checkMotionFrames(DiagnosticSink& sink) {
        std::vector<const MotionFrame*> seen(static_cast<std::size_t>(frameCount_), nullptr);
        for (const MotionFrame& frame : animation_.motionFrames) {
            if (!inAnimation(frame.frame)) {
                sink.report(kAnimCodes["VMDL022"], frame.location,
                            "motion frame " + std::to_string(frame.frame) + " of '" + name() +
                                "' is outside the animation's frames " + rangeText());
                continue;
            }
            const MotionFrame*& first = seen[static_cast<std::size_t>(frame.frame)];
            if (first)
                sink.report(kAnimCodes["VMDL029"], frame.location,
                            "two motion frames on frame " + std::to_string(frame.frame) +
                                " (the first on line " + std::to_string(first->location.line) +
                                "): merge their flags into one");
            else
                first = &frame;
        }
    }

    // The output frames, every bone posed; what the file leaves out is held from the frame
    // before (or, before a bone's first pose, taken from that first pose).
    PoseTable sliceFrames() {
        const std::size_t boneCount = source_.nodes.size();
        std::vector<SmdBonePose> current(boneCount);
        std::vector<bool> posed(boneCount, false);
        for (std::size_t bone = 0; bone < boneCount; ++bone)
            current[bone].bone = static_cast<int>(bone);
        for (const SmdFrame& frame : source_.frames)
            for (const SmdBonePose& pose : frame.bones)
                if (isBone(pose.bone) && !posed[static_cast<std::size_t>(pose.bone)]) {
                    posed[static_cast<std::size_t>(pose.bone)] = true;
                    current[static_cast<std::size_t>(pose.bone)] = pose;
                }
        bool filled = false;
        PoseTable table;
        table.reserve(static_cast<std::size_t>(frameCount_));
        std::size_t next = 0;
        for (int time = animation_.startFrame; time <= animation_.endFrame; ++time) {
            bool present = false;
            for (; next < source_.frames.size() && source_.frames[next].time <= time; ++next) {
                const SmdFrame& frame = source_.frames[next];
                present = frame.time == time;
                if (frame.bones.size() < boneCount) filled = true;
                for (const SmdBonePose& pose : frame.bones)
                    if (isBone(pose.bone)) current[static_cast<std::size_t>(pose.bone)] = pose;
            }
            filled = filled || !present;
            table.push_back(current);
        }
        if (filled)
            sink_.report(kAnimCodes["VMDL027"], animation_.filepathLocation,
                         sourceName() + " leaves frames or bones out within frames " +
                             std::to_string(animation_.startFrame) + ".." +
                             std::to_string(animation_.endFrame) + " of '" + name() +
                             "': each missing pose holds the one before");
        return table;
    }

    bool isBone(int bone) const {
        return bone >= 0 && bone < static_cast<int>(source_.nodes.size());
    }

    // m_adjustAnimation: p' = R p + t and r' = R r on every root bone, R from the angles in
    // degrees composed like SMD angles.
    void applyAdjustment(PoseTable& table) {
        const AdjustAnimation& adjust = animation_.adjust;
        if (adjust.isIdentity()) return;
        const Eigen::Vector3d degrees(adjust.rotation[0], adjust.rotation[1], adjust.rotation[2]);
        const bool rotates = !degrees.isZero(0.0);
        const Eigen::Quaterniond rotation =
            rotationFromSmdAngles(degrees * (std::numbers::pi / 180.0));
        const Eigen::Vector3d translation(adjust.translation[0], adjust.translation[1],
                                          adjust.translation[2]);
        for (std::vector<SmdBonePose>& frame : table) {
            for (int root : rootBones(source_)) {
                SmdBonePose& pose = frame[static_cast<std::size_t>(root)];
                pose.position = toVec3(rotation * toEigen(pose.position) + translation);
                if (rotates)
                    pose.rotation = toVec3(smdAnglesFromRotation(
                        rotation * rotationFromSmdAngles(toEigen(pose.rotation))));
            }
        }
    }

    // A root channel over the frames; angles unwrapped (2 pi jumps removed) so that motion
    // through more than half a turn stays linear.
    std::vector<double> channelSeries(const PoseTable& table, int root, int axis) const {
        std::vector<double> series;
        series.reserve(table.size());
        double offset = 0;
        for (std::size_t f = 0; f < table.size(); ++f) {
            const double value = channelValue(table[f][static_cast<std::size_t>(root)], axis);
            if (axis >= kMotionRX && f > 0) {
                const double step = value + offset - series.back();
                offset -= 2 * std::numbers::pi * std::round(step / (2 * std::numbers::pi));
            }
            series.push_back(value + offset);
        }
        return series;
    }

    // For each motion frame, in frame order: the flagged channels of the first root bone move
    // linearly from their value on that frame to their value on the next motion frame (or the
    // last frame); that line is taken out of the bone, and recorded unless it is discarded.
    std::vector<MotionSample> extractMotion(PoseTable& table) {
        std::vector<MotionSample> recorded(table.size(), MotionSample{});
        if (animation_.motionFrames.empty()) return recorded;
        std::vector<MotionFrame> frames = animation_.motionFrames;
        std::sort(frames.begin(), frames.end(),
                  [](const MotionFrame& a, const MotionFrame& b) { return a.frame < b.frame; });
        const int root = rootBones(source_).front();
        for (int axis = 0; axis < kMotionAxisCount; ++axis) {
            const bool used = std::any_of(frames.begin(), frames.end(), [&](const MotionFrame& m) {
                return m.extract[axis] || m.discard[axis];
            });
            if (used) extractChannel(table, root, axis, frames, recorded);
        }
        return recorded;
    }

    void extractChannel(PoseTable& table, int root, int axis,
                        const std::vector<MotionFrame>& frames,
                        std::vector<MotionSample>& recorded) {
        const std::vector<double> series = channelSeries(table, root, axis);
        const int last = static_cast<int>(table.size()) - 1;
        std::vector<double> removed(table.size(), 0.0);
        for (std::size_t i = 0; i < frames.size(); ++i) {
            const int start = frames[i].frame;
            const int end = i + 1 < frames.size() ? frames[i + 1].frame : last;
            const bool takes = frames[i].extract[axis] || frames[i].discard[axis];
            const double change =
                series[static_cast<std::size_t>(end)] - series[static_cast<std::size_t>(start)];
            for (int f = start + 1; f <= end; ++f) {
                const auto at = static_cast<std::size_t>(f);
                const double base = removed[static_cast<std::size_t>(start)];
                const double step = takes ? change * (f - start) / (end - start) : 0.0;
                removed[at] = base + step;
                recorded[at][axis] = recorded[static_cast<std::size_t>(start)][axis] +
                                     (frames[i].extract[axis] ? step : 0.0);
            }
        }
        for (std::size_t f = 0; f < table.size(); ++f)
            channel(table[f][static_cast<std::size_t>(root)], axis) =
                static_cast<float>(series[f] - removed[f]);
    }

    // m_bSmoothLoop: the first and last frames are brought to one pose (their midpoint, or the
    // other end's pose when only one side blends), the correction fading out over
    // m_nSmoothLoopStart frames from the start and m_nSmoothLoopEnd frames from the end.
    void smoothLoop(PoseTable& table) {
        const AnimationLoop& loop = animation_.loop;
        if (!loop.smoothLoop || (loop.smoothLoopStart == 0 && loop.smoothLoopEnd == 0)) return;
        for (std::size_t bone = 0; bone < source_.nodes.size(); ++bone)
            smoothLoopBone(table, bone, loop.smoothLoopStart, loop.smoothLoopEnd);
    }

    static void smoothLoopBone(PoseTable& table, std::size_t bone, int fromStart, int fromEnd) {
        const std::size_t last = table.size() - 1;
        const SmdBonePose first = table[0][bone];
        const SmdBonePose final = table[last][bone];
        if (first.position == final.position && first.rotation == final.rotation) return;
        const Eigen::Vector3d p0 = toEigen(first.position), pL = toEigen(final.position);
        const Eigen::Quaterniond q0 = rotationFromSmdAngles(toEigen(first.rotation));
        Eigen::Quaterniond qL = rotationFromSmdAngles(toEigen(final.rotation));
        if (q0.dot(qL) < 0) qL.coeffs() = -qL.coeffs();
        const double share = fromStart > 0 && fromEnd > 0 ? 0.5 : fromEnd > 0 ? 0.0 : 1.0;
        const Eigen::Vector3d target = p0 + share * (pL - p0);
        const Eigen::Quaterniond targetRotation = q0.slerp(share, qL);
        auto blend = [&](std::size_t frame, double weight, const Eigen::Vector3d& shift,
                         const Eigen::Quaterniond& turn) {
            SmdBonePose& pose = table[frame][bone];
            pose.position = toVec3(toEigen(pose.position) + weight * shift);
            const Eigen::Quaterniond partial = Eigen::Quaterniond::Identity().slerp(weight, turn);
            pose.rotation = toVec3(
                smdAnglesFromRotation(partial * rotationFromSmdAngles(toEigen(pose.rotation))));
        };
        for (int k = 0; k < fromStart; ++k)
            blend(static_cast<std::size_t>(k), double(fromStart - k) / fromStart, target - p0,
                  targetRotation * q0.inverse());
        for (int k = 0; k < fromEnd; ++k)
            blend(last - static_cast<std::size_t>(k), double(fromEnd - k) / fromEnd, target - pL,
                  targetRotation * qL.inverse());
    }

    bool checkFinite(const PoseTable& table) {
        for (const std::vector<SmdBonePose>& frame : table)
            for (const SmdBonePose& pose : frame)
                if (!isFinite(pose.position) || !isFinite(pose.rotation)) {
                    sink_.report(kAnimCodes["VMDL032"], animation_.location,
                                 "animation '" + name() +
                                     "' comes out with values too large for an SMD float: check "
                                     "m_adjustAnimation and the source's values");
                    return false;
                }
        return true;
    }

    SmdFile buildOutput(PoseTable& table) const {
        SmdFile out;
        out.fileName = name() + ".smd";
        out.nodes = source_.nodes;
        out.frames.reserve(table.size());
        for (std::size_t f = 0; f < table.size(); ++f) {
            SmdFrame frame;
            frame.time = static_cast<int>(f);
            frame.bones = std::move(table[f]);
            out.frames.push_back(std::move(frame));
        }
        return out;
    }

    const AnimationDefinition& animation_;
    const SmdFile& source_;
    DiagnosticSink& sink_;
    int frameCount_ = 0;
};

} // namespace

std::optional<ProcessedAnimation> processAnimation(const AnimationDefinition& animation,
                                                   const SmdFile& source, DiagnosticSink& sink) {
    return Processor(animation, source, sink).run();
}

std::optional<SmdFile> readAnimationSource(const AnimationDefinition& animation,
                                           DiagnosticSink& sink) {
    std::error_code ec;
    if (animation.sourcePath.empty() || !fs::is_regular_file(animation.sourcePath, ec)) {
        sink.report(kAnimCodes["VMDL020"], animation.filepathLocation,
                    "source '" + animation.filepath + "' of animation '" + animation.name +
                        "' not found (looked for " + animation.sourcePath.string() +
                        "): check m_Filepath and the content root (--content DIR)");
        return std::nullopt;
    }
    return readSmdFile(animation.sourcePath, sink);
}

std::optional<ProcessedAnimation> loadAndProcessAnimation(const AnimationDefinition& animation,
                                                          DiagnosticSink& sink) {
    const auto source = readAnimationSource(animation, sink);
    if (!source) return std::nullopt;
    return processAnimation(animation, *source, sink);
}

} // namespace vtxc
