// Root motion: rotate, rotateto, alignto, startloop and the extraction of walkframe pieces into
// movements (rules in motion_extraction.h).
#include "compiler/animation/motion_extraction.h"

#include "formats/common/text.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

namespace vtxc {

namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;

// An angle in degrees brought into (-180, 180].
double wrapDegrees(double degrees) {
    degrees = std::fmod(degrees, 360.0);
    if (degrees > 180.0) degrees -= 360.0;
    if (degrees <= -180.0) degrees += 360.0;
    return degrees;
}

// How far (degrees) a rotation turns about Z: the twist of its swing-twist split about Z,
// 2 atan2(qz, qw), written with the matrix. Unlike the heading it gives one axis, it does not
// change with the bone's tilt; Valve's LZR pieces (the rappels' pelvis, tilted 60 to 90 degrees)
// carry this angle, where the X axis's heading is a degree off.
double turnAboutZOf(const Eigen::Matrix3d& rotation) {
    return std::atan2(rotation(1, 0) - rotation(0, 1), rotation(0, 0) + rotation(1, 1)) * kDegrees;
}

class MotionApplier {
  public:
    MotionApplier(AnimationFrames& animation, const MotionContext& context, DiagnosticSink& sink)
        : animation_(animation), context_(context), sink_(sink) {
        for (std::size_t bone = 0; bone < context.skeleton.size(); ++bone)
            if (context.skeleton.parents[bone] < 0) roots_.push_back(bone);
    }

    bool run(const QcMotionOptions& motion) {
        if (animation_.frames.empty() || roots_.empty()) return true;
        for (const QcMotionStep& step : motion.steps)
            if (!apply(step)) return false;
        return extract(motion);
    }

  private:
    int lastFrame() const { return animation_.frameCount() - 1; }

    Eigen::Isometry3d rootAt(int frame) const {
        return transformOf(animation_.frames[static_cast<std::size_t>(frame)][roots_.front()]);
    }

    // Every root bone of every frame, moved by `change` in model space.
    void moveRoots(const Eigen::Isometry3d& change) {
        for (auto& frame : animation_.frames)
            for (std::size_t bone : roots_)
                frame[bone] = poseOf(change * transformOf(frame[bone]));
    }

    bool apply(const QcMotionStep& step) {
        switch (step.kind) {
        case QcMotionStepKind::Rotate:
            moveRoots(turnAboutZ(step.degrees));
            return true;
        case QcMotionStepKind::RotateTo: {
            const Eigen::Vector3d change =
                rootAt(lastFrame()).translation() - rootAt(0).translation();
            if (change.head<2>().norm() < 1e-9) return true; // no heading to turn
            moveRoots(turnAboutZ(step.degrees - std::atan2(change.y(), change.x()) * kDegrees));
            return true;
        }
        case QcMotionStepKind::AlignTo:
            return alignTo(step);
        case QcMotionStepKind::StartLoop:
            return startLoop(step);
        case QcMotionStepKind::Align:
            return align(step);
        }
        return true;
    }

    // The model-space transform of the first root bone in the reference pose of an animation
    // (the bind pose, turned as non-delta animations are).
    Eigen::Isometry3d referenceRoot() const {
        return quarterTurnAboutZ() * transformOf(context_.skeleton.bind[roots_.front()]);
    }

    // The earlier animation (or sequence) a step names, with frames; SEQ001 at the step if none.
    const AnimationFrames* namedAnimation(const QcMotionStep& step, const std::string& option) {
        const AnimationFrames* other =
            context_.findAnimation ? context_.findAnimation(step.animation) : nullptr;
        if (other && !other->frames.empty()) return other;
        sink_.error("SEQ001", step.definedAt,
                    "'" + option + " " + step.animation +
                        "': no earlier $animation or $sequence has that name");
        return nullptr;
    }

    bool alignTo(const QcMotionStep& step) {
        Eigen::Vector3d target;
        if (asciiLower(step.animation) == "reference") {
            target = referenceRoot().translation();
        } else {
            const AnimationFrames* other = namedAnimation(step, "alignto");
            if (!other) return false;
            target = transformOf(other->frames.front()[roots_.front()]).translation();
        }
        Eigen::Vector3d shift = target - rootAt(0).translation();
        shift.z() = 0.0; // the height is the animation's own
        moveRoots(Eigen::Isometry3d(Eigen::Translation3d(shift)));
        return true;
    }

    // `align OTHER MOTION... ITS_FRAME FRAME`: the root at FRAME lands on OTHER's root at
    // ITS_FRAME (its final frames, motion taken out) in the named components; every frame moves
    // with it. Valve's police `Rappel_a` (`align Rappel_a_layer LX LY LZ 139 0`) has its frame-0
    // root exactly where `Rappel_a_layer`'s frame 139 has it, all frames shifted alike.
    bool align(const QcMotionStep& step) {
        const AnimationFrames* other = namedAnimation(step, "align");
        if (!other) return false;
        if (step.otherFrame >= other->frameCount() || step.frame > lastFrame()) {
            sink_.error("SEQ003", step.definedAt,
                        "'align " + step.animation + " ... " + std::to_string(step.otherFrame) +
                            " " + std::to_string(step.frame) + "': '" + step.animation + "' has " +
                            std::to_string(other->frameCount()) + " frames and '" +
                            animation_.name + "' " + std::to_string(animation_.frameCount()));
            return false;
        }
        const auto otherRoot =
            other->frames[static_cast<std::size_t>(step.otherFrame)][roots_.front()].position;
        Eigen::Vector3d shift = otherRoot - rootAt(step.frame).translation();
        if (!(step.flags & kStudioMotionLX)) shift.x() = 0.0;
        if (!(step.flags & kStudioMotionLY)) shift.y() = 0.0;
        if (!(step.flags & kStudioMotionLZ)) shift.z() = 0.0;
        moveRoots(Eigen::Isometry3d(Eigen::Translation3d(shift)));
        return true;
    }

    // A loop whose last frame repeats its first: frames F.. then 0..F, the wrapped ones carried
    // on by the root's change over the loop.
    bool startLoop(const QcMotionStep& step) {
        const int last = lastFrame();
        if (step.frame > last) {
            sink_.error("SEQ003", step.definedAt,
                        "'startloop " + std::to_string(step.frame) + "' of '" + animation_.name +
                            "' is past its last frame " + std::to_string(last));
            return false;
        }
        if (step.frame == 0 || last == 0) return true;
        const Eigen::Vector3d loop = rootAt(last).translation() - rootAt(0).translation();
        std::vector<std::vector<LocalPose>> frames;
        for (int i = 0; i <= last; ++i) {
            const int source = (step.frame + i) % last;
            std::vector<LocalPose> pose = animation_.frames[static_cast<std::size_t>(source)];
            const int laps = (step.frame + i) / last;
            for (std::size_t bone : roots_)
                pose[bone].position += static_cast<double>(laps) * loop;
            frames.push_back(std::move(pose));
        }
        animation_.frames = std::move(frames);
        return true;
    }

    struct Piece {
        int start = 0, end = 0, flags = 0;
        SourceLocation at;
        bool bareWords = false; // the piece of bare motion words, to the last frame
    };

    std::optional<std::vector<Piece>> pieces(const QcMotionOptions& motion) {
        std::vector<Piece> out;
        int start = 0;
        const int last = lastFrame();
        for (const QcWalkframe& walk : motion.walkframes) {
            // Valve's Rappel_a (140 frames, `walkframe 140`) ends its last piece at frame 139.
            const int end = std::min(walk.endFrame, last);
            if (end <= start) {
                if (walk.endFrame > start) continue;
                sink_.error("SEQ003", walk.definedAt,
                            "'walkframe " + std::to_string(walk.endFrame) + "' of '" +
                                animation_.name + "' does not come after the frame " +
                                std::to_string(start) + " the previous piece ends at");
                return std::nullopt;
            }
            out.push_back({start, end, walk.flags, walk.definedAt});
            start = end;
        }
        if (motion.flags != 0 && start < last)
            out.push_back({start, last, motion.flags, motion.flagsAt, true});
        return out;
    }

    // The turn a piece takes off its frames, frame by frame: the root's rotations as quaternions,
    // each given the sign nearer its predecessor's (animation samples are kept continuous so
    // they interpolate the short way), then twice the angle of (w, z) of the first-to-last
    // rotation, which lies in (-360, 360]. So a root spinning 536 degrees over the piece
    // (Valve's police Rappel_a_noturn_layer, piece 110-136) comes off as -183.84 degrees where
    // the wrapped twist says 176.16: one more turn the other way, matching Valve's frames.
    double turnFollowed(const Piece& piece) const {
        Eigen::Quaterniond first(rootAt(piece.start).linear());
        Eigen::Quaterniond previous = first;
        for (int f = piece.start + 1; f <= piece.end; ++f) {
            Eigen::Quaterniond current(rootAt(f).linear());
            if (current.dot(previous) < 0.0) current.coeffs() = -current.coeffs();
            previous = current;
        }
        const Eigen::Quaterniond change = previous * first.conjugate();
        return 2.0 * std::atan2(change.z(), change.w()) * kDegrees;
    }

    // A piece's speeds at its start and end, in units per piece: the engine places the root at
    // d(t) = v0 t + (v1 - v0) t^2 / 2 along the piece's vector (t from 0 to 1), so v0 + v1 is
    // twice the piece's length. Valve's files show how studiomdl chooses them: from the distance
    // the root has gone at the piece's middle (the mean of the two middle frames when the frame
    // count is odd), v0 = 4 d(1/2) - length, but only when that differs from the length by more
    // than a fifth of it (the middle is more than 10% off halfway); a speed that would be
    // negative is 0, the other twice the length (docs/mdl-compile.md, "Motion extraction").
    struct PieceSpeeds {
        double v0 = 0.0, v1 = 0.0;
        double distanceAt(double t) const { return v0 * t + 0.5 * (v1 - v0) * t * t; }
    };

    static PieceSpeeds speedsOf(double goneAtMiddle, double length) {
        PieceSpeeds speeds{length, length};
        if (length <= 0.0) return speeds;
        const double v0 = 4.0 * goneAtMiddle - length;
        if (std::abs(v0 - length) <= 0.2 * length) return speeds;
        speeds.v0 = std::clamp(v0, 0.0, 2.0 * length);
        speeds.v1 = 2.0 * length - speeds.v0;
        return speeds;
    }

    // One piece: its movement record, what it takes off each of its frames (`removed`,
    // `turned`), and the motion cumulated at its end (`position`, `heading`).
    MdlMovement extractPiece(const Piece& piece, Eigen::Vector3d& position, double& heading,
                             std::vector<Eigen::Vector3d>& removed, std::vector<double>& turned) {
        const Eigen::Isometry3d from = rootAt(piece.start), to = rootAt(piece.end);
        const bool turns = piece.flags & kStudioMotionLZR;
        const double turn =
            turns ? wrapDegrees(turnAboutZOf(to.linear() * from.linear().transpose())) : 0.0;
        const double turnTaken = turns ? turnFollowed(piece) : 0.0;
        // The engine turns the whole animation about the model's origin, not about the root: what
        // the piece moves is where the root is against where the turn alone carries the root's
        // place at the piece's start.
        const Eigen::Vector3d startOffset =
            turnAboutZ(-heading).linear() * (from.translation() - position);
        const Eigen::Vector3d turnedStart =
            position + turnAboutZ(heading + turn).linear() * startOffset;
        const auto goneTo = [&](const Eigen::Vector3d& at) {
            Eigen::Vector3d gone = at - turnedStart;
            if (!(piece.flags & kStudioMotionLX)) gone.x() = 0.0;
            if (!(piece.flags & kStudioMotionLY)) gone.y() = 0.0;
            if (!(piece.flags & kStudioMotionLZ)) gone.z() = 0.0;
            return gone;
        };
        const Eigen::Vector3d change = goneTo(to.translation());
        const double length = change.norm();
        const Eigen::Vector3d direction =
            length > 0.0 ? Eigen::Vector3d(change / length) : Eigen::Vector3d::Zero();
        const int span = piece.end - piece.start;
        const Eigen::Vector3d middle = 0.5 * (rootAt(piece.start + span / 2).translation() +
                                              rootAt(piece.start + (span + 1) / 2).translation());
        const PieceSpeeds speeds = speedsOf(goneTo(middle).norm(), length);
        for (int f = piece.start + 1; f <= piece.end; ++f) {
            const double t = static_cast<double>(f - piece.start) / span;
            removed[static_cast<std::size_t>(f)] = position + speeds.distanceAt(t) * direction;
            turned[static_cast<std::size_t>(f)] = heading + t * turnTaken;
        }
        position += change;
        heading += turn;
        MdlMovement movement;
        movement.endframe = piece.end;
        movement.motionflags = piece.flags;
        movement.v0 = static_cast<float>(speeds.v0);
        movement.v1 = static_cast<float>(speeds.v1);
        movement.angle = static_cast<float>(heading);
        movement.vector = toVec3(direction);
        movement.position = toVec3(position);
        return movement;
    }

    // The last record of a non-looping animation's bare-word piece ends the motion rollback's
    // seconds (`motionrollback`, `$motionrollback`, else kDefaultMotionRollbackSeconds: Valve's
    // combine_soldier_anims.mdl and police_animations.mdl end all 84 hl2mp `_mod` layers' records,
    // 19 and 31 frames at 30 fps, 9 frames early) before the piece does (never before its second
    // frame), while the frames keep losing the
    // whole piece's motion and the record keeps its speeds and cumulated position: Valve's
    // `_mod` layers hold the whole cycle's motion (125.874 units for hl2mp RunN) at frame 9 of
    // 19, their roots constant in every frame.
    void rollBackLastMovement(const Piece& piece, double rollbackSeconds) {
        const double seconds = rollbackSeconds * static_cast<double>(animation_.fps);
        const int span = piece.end - piece.start;
        if (!(seconds > 0.0) || span < 2) return;
        const int frames = static_cast<int>(std::lround(std::min(seconds, span - 1.0)));
        if (frames <= 0) return;
        animation_.movements.back().endframe = piece.end - frames;
        animation_.movementRollback = frames;
    }

    bool extract(const QcMotionOptions& motion) {
        const auto list = pieces(motion);
        if (!list) return false;
        if (list->empty()) return true;
        const int count = animation_.frameCount();
        std::vector<Eigen::Vector3d> removed(static_cast<std::size_t>(count),
                                             Eigen::Vector3d::Zero());
        std::vector<double> turned(static_cast<std::size_t>(count), 0.0);
        Eigen::Vector3d position = Eigen::Vector3d::Zero();
        double heading = 0.0;
        for (const Piece& piece : *list)
            animation_.movements.push_back(extractPiece(piece, position, heading, removed, turned));
        if (!animation_.loop && list->back().bareWords)
            rollBackLastMovement(list->back(),
                                 motion.rollbackSeconds.value_or(kDefaultMotionRollbackSeconds));
        for (int f = list->back().end + 1; f < count; ++f) {
            removed[static_cast<std::size_t>(f)] = position;
            turned[static_cast<std::size_t>(f)] = heading;
        }
        // What the engine adds back at frame f (the movement so far) comes off the root:
        // local = turn(-heading) * (pose - position).
        for (int f = 0; f < count; ++f) {
            const auto i = static_cast<std::size_t>(f);
            const Eigen::Isometry3d back =
                turnAboutZ(-turned[i]) * Eigen::Translation3d(-removed[i]);
            for (std::size_t bone : roots_)
                animation_.frames[i][bone] = poseOf(back * transformOf(animation_.frames[i][bone]));
        }
        return true;
    }

    AnimationFrames& animation_;
    const MotionContext& context_;
    DiagnosticSink& sink_;
    std::vector<std::size_t> roots_;
};

} // namespace

Eigen::Isometry3d movementAtFrame(const std::vector<MdlMovement>& movements, int frame) {
    Eigen::Vector3d position = Eigen::Vector3d::Zero();
    double angle = 0.0;
    int previousEnd = 0;
    for (const MdlMovement& movement : movements) {
        if (frame <= movement.endframe && movement.endframe > previousEnd) {
            const double t =
                static_cast<double>(frame - previousEnd) / (movement.endframe - previousEnd);
            position += (movement.v0 * t + 0.5 * (movement.v1 - movement.v0) * t * t) *
                        toEigen(movement.vector);
            angle += t * (movement.angle - angle);
            break;
        }
        position = toEigen(movement.position);
        angle = movement.angle;
        previousEnd = movement.endframe;
    }
    return Eigen::Translation3d(position) * turnAboutZ(angle);
}

void closeLoop(AnimationFrames& animation, const Skeleton& skeleton) {
    if (!animation.loop || animation.frames.size() < 2) return;
    const std::vector<LocalPose>& first = animation.frames.front();
    std::vector<LocalPose>& last = animation.frames.back();
    for (std::size_t bone = 0; bone < skeleton.size() && bone < last.size(); ++bone)
        if (animation.movements.empty() && skeleton.parents[bone] < 0)
            last[bone] = first[bone];
        else if (skeleton.parents[bone] >= 0)
            last[bone].rotation = first[bone].rotation;
}

bool applyMotion(const QcMotionOptions& motion, AnimationFrames& animation,
                 const MotionContext& context, DiagnosticSink& sink) {
    if (motion.empty()) return true;
    return MotionApplier(animation, context, sink).run(motion);
}

} // namespace vtxc
