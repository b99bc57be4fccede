// Animation SMDs to model-local poses per frame (rules in animation_sources.h).
#include "compiler/animation/animation_sources.h"

#include "compiler/animation/motion_extraction.h"
#include "compiler/animation/sequence_blend.h"
#include "compiler/animation/weight_lists.h"
#include "compiler/animation/world_space_blend.h"
#include "compiler/skeleton/skeleton_placement.h"
#include "formats/smd/smd.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <set>
#include <tbb/parallel_for.h>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

std::string lowered(std::string text) {
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

using SmdByPath = std::map<fs::path, std::shared_ptr<const SmdFile>>;

// Every file source of every animation and sequence, read once (in parallel); diagnostics come
// out in path order.
std::optional<SmdByPath> readAnimationFiles(const QcProject& qc, DiagnosticSink& sink) {
    SmdByPath files;
    for (const auto* list : {&qc.animations, &qc.sequences})
        for (const QcSequence& entry : *list)
            for (const QcAnimationSource& source : entry.sources)
                if (source.file && source.file->found) files.emplace(source.file->path, nullptr);
    std::vector<fs::path> paths;
    for (const auto& [path, file] : files)
        paths.push_back(path);
    std::vector<CollectingSink> sinks(paths.size());
    std::vector<std::optional<SmdFile>> read(paths.size());
    SmdReadOptions poses; // a reference mesh named as an animation: its bones, not its triangles
    poses.posesOnly = true;
    tbb::parallel_for(std::size_t(0), paths.size(),
                      [&](std::size_t i) { read[i] = readSmdFile(paths[i], sinks[i], poses); });
    bool ok = true;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        for (const Diagnostic& d : sinks[i].diagnostics())
            sink.report(d);
        if (!read[i]) {
            ok = false;
            continue;
        }
        files[paths[i]] = std::make_shared<const SmdFile>(std::move(*read[i]));
    }
    if (!ok) return std::nullopt;
    return files;
}

// The local pose of every SMD node in every frame: a node a frame leaves out keeps the previous
// frame's pose (zero in the first).
std::vector<std::vector<LocalPose>> nodePoses(const SmdFile& smd) {
    std::vector<std::vector<LocalPose>> frames;
    std::vector<LocalPose> current(smd.nodes.size());
    for (const SmdFrame& frame : smd.frames) {
        for (const SmdBonePose& pose : frame.bones) {
            if (pose.bone < 0 || static_cast<std::size_t>(pose.bone) >= current.size()) continue;
            LocalPose& local = current[static_cast<std::size_t>(pose.bone)];
            local.position = toEigen(pose.position);
            local.rotation = quaternionFromEuler(toEigen(pose.rotation));
        }
        frames.push_back(current);
    }
    return frames;
}

class AnimationBuilder {
  public:
    AnimationBuilder(const QcProject& qc, const Skeleton& skeleton, bool staticProp,
                     const SmdByPath& files, DiagnosticSink& sink)
        : qc_(qc), skeleton_(skeleton), staticProp_(staticProp), files_(files), own_(sink) {}

    std::optional<AnimationSet> run() {
        std::vector<std::pair<const QcSequence*, bool>> entries; // entry, is a $sequence
        for (const QcSequence& a : qc_.animations)
            entries.emplace_back(&a, false);
        for (const QcSequence& s : qc_.sequences)
            entries.emplace_back(&s, true);
        std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
            return a.first->order < b.first->order;
        });
        std::map<const QcSequence*, std::vector<int>> played;
        for (const auto& [entry, isSequence] : entries) {
            if (sink_.errorLimitReached()) return std::nullopt;
            if (isSequence) {
                played[entry] = sequenceSources(*entry);
                if (!played[entry].empty())
                    sequenceFirst_.emplace_back(lowered(entry->name), played[entry].front());
                else
                    missing_.insert(lowered(entry->name));
            } else if (auto index = fileAnimation(*entry, entry->name, 0)) {
                played[entry] = {*index};
            } else {
                missing_.insert(lowered(entry->name));
            }
        }
        if (!ok_) return std::nullopt;
        for (const QcSequence& s : qc_.sequences)
            set_.sequenceAnimations.push_back(played[&s]);
        return std::move(set_);
    }

  private:
    std::vector<int> sequenceSources(const QcSequence& sequence) {
        std::vector<int> out;
        int files = 0;
        bool lost = false;
        if (std::any_of(sequence.sources.begin(), sequence.sources.end(),
                        [](const QcAnimationSource& source) { return !source.file; }))
            warnIgnoredOnNamed(sequence);
        for (const QcAnimationSource& source : sequence.sources) {
            if (!source.file) {
                if (auto index = set_.find(source.animation)) {
                    out.push_back(*index);
                    addIkRules(sequence, set_.animations[static_cast<std::size_t>(*index)]);
                    reshapeNamed(sequence, set_.animations[static_cast<std::size_t>(*index)]);
                } else if (missing_.count(lowered(source.animation))) {
                    lost = true; // its $animation was left out (the file is missing: QC051)
                } else {
                    sink_.error("SEQ001", sequence.definedAt,
                                "sequence '" + sequence.name + "' plays '" + source.animation +
                                    "', which no earlier $animation or $sequence defines");
                    ok_ = false;
                }
                continue;
            }
            const std::string name =
                "@" + sequence.name + (files == 0 ? "" : "_" + std::to_string(files));
            if (auto index = fileAnimation(sequence, name, files))
                out.push_back(*index);
            else
                lost = true;
            ++files;
        }
        // A sequence that lost a source to a missing file is left out whole (SEQ006): what is
        // left would be another sequence (a blend grid without one of its cells, a shorter
        // list of layers), not a smaller version of it.
        if (lost) out.clear();
        return out;
    }

    // The animation of the `ordinal`-th file source of `entry`, added to the set.
    std::optional<int> fileAnimation(const QcSequence& entry, const std::string& name,
                                     int ordinal) {
        const QcFileRef* file = nullptr;
        int seen = 0;
        for (const QcAnimationSource& source : entry.sources)
            if (source.file && seen++ == ordinal) file = &*source.file;
        if (!file) {
            if (!entry.sources.empty() && !entry.sources.front().file)
                return fromNamedAnimation(entry, name);
            return std::nullopt; // names no file: reported by the QC reader (QC054)
        }
        if (!file->found) return std::nullopt; // reported by the QC reader (QC051)
        const SmdFile& smd = *files_.at(file->path);
        if (smd.frames.empty()) {
            sink_.error("SEQ004", file->namedAt,
                        "'" + file->written +
                            "' has no skeleton frame; an animation needs at "
                            "least one");
            ok_ = false;
            return std::nullopt;
        }
        AnimationFrames animation = describe(entry, name);
        std::vector<std::vector<LocalPose>> nodes = nodePoses(smd);
        for (std::size_t f = 0; f < nodes.size(); ++f) {
            placeNodePoses(placementOf(entry), smd, nodes[f]);
            if (!withinFloatRange(nodes[f])) {
                sink_.error("SEQ012", file->namedAt,
                            "placing '" + file->written +
                                "' by the $scale and $origin in force "
                                "takes its bone positions past the range of 32-bit floats (frame " +
                                std::to_string(f) + "); use a smaller $scale or $origin");
                ok_ = false;
                return std::nullopt;
            }
        }
        const std::vector<int> nodeOfBone = nodesOfBones(smd);
        if (!staticProp_ && measuresOnSource(animation))
            for (const auto& frame : nodes)
                animation.source.push_back(modelPose(smd, nodeOfBone, frame));
        if (!selectFrames(entry, file->written, nodes)) return std::nullopt;
        // `numframes N` sets the frame count: Valve's w_357.mdl makes its one-frame
        // attack1.smd (`numframes 2`) an animation of 2 frames, the last one repeated.
        if (entry.numFrames) {
            const std::vector<LocalPose> last = nodes.back();
            nodes.resize(static_cast<std::size_t>(*entry.numFrames), last);
        }
        // Only `subtract` makes the animation a delta. A sequence's `delta` option flags the
        // sequence, not its file's animation: Valve's labturret_npc.mdl keeps `$sequence
        // mirror_correction "mirror_correction.smd" ... delta` as an animation with flags 0 whose
        // poses are the file's, placed like any other animation's (sequences.cpp sets DELTA).
        animation.delta = !entry.subtracts.empty();
        if (entry.noAnimation) return zeroAnimation(std::move(animation), nodes.size());
        for (const auto& frame : nodes)
            animation.frames.push_back(staticProp_ ? std::vector<LocalPose>(skeleton_.size())
                                                   : modelPose(smd, nodeOfBone, frame));
        // The root's motion comes off before a subtraction: studiomdl's turn gestures
        // (weaponmacros.qci: `rotate $Angle$ alignto @$gesturename$zero subtract ...`).
        if (!entry.motion.empty()) unmoved_[set_.animations.size()] = animation.frames;
        if (!staticProp_ && !moveRoot(entry.motion, animation)) return std::nullopt;
        if (!staticProp_) closeLoop(animation, skeleton_);
        for (const QcWorldSpaceBlend& blend : entry.worldSpaceBlends)
            if (!blendWorldSpace(entry, blend, animation)) return std::nullopt;
        if (entry.match && !matchFirstFrame(entry, animation)) return std::nullopt;
        if (entry.splineDelta) subtractEndBlend(animation);
        // Each `subtract` in turn: Valve's combine_soldier_anims.mdl @gesture_shoot_pistol
        // (`subtract "gesture_shoot_pistol" 4` then Crowbar's `subtract
        // "@gesture_shoot_pistol_corrective_animation" 0`, a file of zeros without
        // ValveBiped.Cod) is its own frame 4 subtracted, then the Cod's bind pose.
        for (const QcSubtract& each : entry.subtracts)
            if (!subtract(entry, each, animation)) return std::nullopt;
        if (animation.delta && animation.reference.empty())
            animation.reference.assign(skeleton_.size(), LocalPose{});
        if (entry.weightList && !applyWeights(entry, animation)) return std::nullopt;
        set_.animations.push_back(std::move(animation));
        return static_cast<int>(set_.animations.size()) - 1;
    }

    // `noanimation`: as many frames as the file gives (or `numframes`), each a zero delta.
    // Valve's combine_soldier_anims.mdl writes such an animation (the gestures of
    // weaponmacros.qci) with flags STUDIO_DELTA | STUDIO_ALLZEROS and no bone data.
    int zeroAnimation(AnimationFrames animation, std::size_t frames) {
        animation.delta = true;
        animation.allZeros = true;
        animation.weightList.reset();
        animation.frames.assign(frames, std::vector<LocalPose>(skeleton_.size()));
        animation.reference.assign(skeleton_.size(), LocalPose{});
        set_.animations.push_back(std::move(animation));
        return static_cast<int>(set_.animations.size()) - 1;
    }

    // `worldspaceblend` and `match` shape the frames read from a file; on a sequence or
    // animation that plays an earlier one by name they are not applied, and say so (SEQ011).
    void warnIgnoredOnNamed(const QcSequence& entry) {
        for (const QcWorldSpaceBlend& blend : entry.worldSpaceBlends)
            sink_.warning("SEQ011", blend.definedAt,
                          "'" + entry.name +
                              "' plays an earlier animation by name; its "
                              "`worldspaceblend " +
                              blend.animation +
                              "` is ignored (write it on the $animation that reads the file)");
        if (entry.match)
            sink_.warning("SEQ011", entry.matchAt,
                          "'" + entry.name + "' plays an earlier animation by name; its `match " +
                              *entry.match +
                              "` is ignored (write it on the $animation that reads the file)");
    }

    // An $animation whose source is another animation's name: a copy of it under this name,
    // from the frames before their motion options (Valve's police_animations.mdl:
    // a_mp_run_melee_base, `"a_RunN" frame 0 0`, has a_RunN's first frame as the file gives
    // it, without a_RunN's `alignto reference` and without movements), changed by its own
    // frame range, frame count and motion options.
    std::optional<int> fromNamedAnimation(const QcSequence& entry, const std::string& name) {
        warnIgnoredOnNamed(entry);
        const std::optional<int> source = set_.find(entry.sources.front().animation);
        if (!source) return std::nullopt; // the named one is missing: so is this one
        AnimationFrames animation = set_.animations[static_cast<std::size_t>(*source)];
        if (auto it = unmoved_.find(static_cast<std::size_t>(*source)); it != unmoved_.end()) {
            animation.frames = it->second;
            animation.movements.clear();
        }
        const AnimationFrames described = describe(entry, name);
        animation.name = described.name;
        animation.fps = described.fps;
        animation.loop = described.loop;
        animation.definedAt = described.definedAt;
        reshapeNamed(entry, animation);
        set_.animations.push_back(std::move(animation));
        return static_cast<int>(set_.animations.size()) - 1;
    }

    AnimationFrames describe(const QcSequence& entry, const std::string& name) const {
        AnimationFrames animation;
        animation.name = name;
        animation.fps = static_cast<float>(entry.fps.value_or(30.0));
        animation.loop = entry.loop;
        animation.weightList = entry.weightList;
        animation.autoIk = entry.autoIk.value_or(true);
        animation.definedAt = entry.definedAt;
        addIkRules(entry, animation);
        return animation;
    }

    // The entry's command lists' rules, then its own `ikrule`s. A sequence that plays an earlier
    // animation by name adds its rules to that animation: Valve's combine_soldier_anims.mdl
    // gives a_blindfire_idle_180 the `cmdlist lockfeet` rules of blindfire_left_exit, the
    // sequence that plays it.
    void addIkRules(const QcSequence& entry, AnimationFrames& animation) const {
        for (const std::string& list : entry.commandLists)
            if (const QcCommandList* commands = qc_.mdl.findCommandList(list))
                animation.ikRules.insert(animation.ikRules.end(), commands->ikRules.begin(),
                                         commands->ikRules.end());
            else
                reportUnknown("$cmdlist", list, entry.definedAt);
        animation.ikRules.insert(animation.ikRules.end(), entry.ikRules.begin(),
                                 entry.ikRules.end());
    }

    void reportUnknown(const std::string& kind, const std::string& name,
                       const SourceLocation& at) const {
        sink_.error("SEQ002", at, "no " + kind + " is named '" + name + "'; define it first");
        ok_ = false;
    }

    // A $sequence that plays an earlier animation by name changes that animation with its
    // frame range, frame count and motion options: Valve's combine_soldier_anims.mdl has
    // a_Run_turretCarry_Upperbody_idle of 1 frame (its sequence's `frame 0 0`),
    // a_blindfire_idle_180 of 20 frames with a movement ending at frame 19 (blindfire_left_exit:
    // `numframes 20`, `walkframe 20 LZR`) and a_mp_range_shotgun of 30 (`frames 0 29`).
    void reshapeNamed(const QcSequence& sequence, AnimationFrames& animation) {
        if (animation.frames.empty()) return;
        if (!animation.ruleFrameCount) animation.ruleFrameCount = animation.frameCount();
        if (!selectFrames(sequence, animation.name, animation.frames)) return;
        if (sequence.numFrames) {
            const std::vector<LocalPose> last = animation.frames.back();
            animation.frames.resize(static_cast<std::size_t>(*sequence.numFrames), last);
        }
        if (!staticProp_) moveRoot(sequence.motion, animation);
    }

    bool moveRoot(const QcMotionOptions& motion, AnimationFrames& animation) {
        const MotionContext context{
            skeleton_, [this](const std::string& name) -> const AnimationFrames* {
                // As for `subtract`, a sequence's name finds its first animation (police
                // `align Rappel_a_layer`, a $sequence).
                const auto index = subtractedAnimation(name);
                return index ? &set_.animations[static_cast<std::size_t>(*index)] : nullptr;
            }};
        if (applyMotion(motion, animation, context, sink_)) return true;
        ok_ = false;
        return false;
    }

    static bool measuresOnSource(const AnimationFrames& animation) {
        return std::any_of(animation.ikRules.begin(), animation.ikRules.end(),
                           [](const QcIkRule& rule) { return rule.usesSource; });
    }

    bool selectFrames(const QcSequence& entry, const std::string& file,
                      std::vector<std::vector<LocalPose>>& frames) {
        if (!entry.frameRange) return true;
        const auto [first, last] = *entry.frameRange;
        const int count = static_cast<int>(frames.size());
        if (first < 0 || last < first || last >= count) {
            sink_.error("SEQ003", entry.definedAt,
                        "frames " + std::to_string(first) + " to " + std::to_string(last) +
                            " of '" + file + "' do not exist; it has frames 0 to " +
                            std::to_string(count - 1));
            ok_ = false;
            return false;
        }
        frames =
            std::vector<std::vector<LocalPose>>(frames.begin() + first, frames.begin() + last + 1);
        return true;
    }

    // The file's node for each bone of the model (-1: the file lacks the bone), looked up once
    // per file rather than per frame: an animation library has hundreds of files of hundreds of
    // frames.
    std::vector<int> nodesOfBones(const SmdFile& smd) const {
        std::vector<int> nodeOfBone(skeleton_.size(), -1);
        for (const SmdNode& node : smd.nodes)
            if (auto bone = skeleton_.find(node.name))
                if (nodeOfBone[static_cast<std::size_t>(*bone)] < 0)
                    nodeOfBone[static_cast<std::size_t>(*bone)] = node.index;
        return nodeOfBone;
    }

    // One frame under the model's hierarchy.
    std::vector<LocalPose> modelPose(const SmdFile& smd, const std::vector<int>& nodeOfBone,
                                     const std::vector<LocalPose>& nodes) const {
        std::vector<LocalPose> out(skeleton_.size());
        std::vector<Eigen::Isometry3d> nodeToModel(smd.nodes.size());
        for (const SmdNode& node : smd.nodes) {
            const Eigen::Isometry3d local =
                transformOf(nodes[static_cast<std::size_t>(node.index)]);
            nodeToModel[static_cast<std::size_t>(node.index)] =
                node.parent < 0 ? quarterTurnAboutZ() * local
                                : nodeToModel[static_cast<std::size_t>(node.parent)] * local;
        }
        std::vector<Eigen::Isometry3d> boneToModel(skeleton_.size());
        for (std::size_t bone = 0; bone < out.size(); ++bone) {
            const int parent = skeleton_.parents[bone];
            const Eigen::Isometry3d parentToModel =
                parent < 0 ? quarterTurnAboutZ() : boneToModel[static_cast<std::size_t>(parent)];
            boneToModel[bone] = nodeOfBone[bone] >= 0
                                    ? nodeToModel[static_cast<std::size_t>(nodeOfBone[bone])]
                                    : parentToModel * transformOf(skeleton_.bind[bone]);
            out[bone] = poseOf(parent < 0 ? boneToModel[bone]
                                          : parentToModel.inverse() * boneToModel[bone]);
        }
        return out;
    }

    // `subtract NAME FRAME` where NAME is the animation being defined (labturret.qc's
    // `$animation "aim_neutral" "idlealert.smd" subtract aim_neutral 0`) means a frame of its own
    // source, before the subtraction: studiomdl names an animation before reading its options, so
    // the name already finds it. The definition being read shadows an earlier one of the same
    // name, as later definitions do everywhere (AnimationSet::find).
    // The animation `subtract NAME` means: the latest animation of that name, else the first
    // animation of the latest sequence of that name. Valve's combine_soldier_anims.mdl has
    // "@ar2_to_smg1" (SoldierActivityFixes.qci: `subtract "layer_relaxed_ar2" 0`, where
    // layer_relaxed_ar2 is a $sequence), so a sequence's name finds its animation here, unlike
    // a sequence's source words (qc_sequence.cpp).
    std::optional<int> subtractedAnimation(const std::string& named) const {
        if (auto index = set_.find(named)) return index;
        const std::string wanted = lowered(named);
        for (auto it = sequenceFirst_.rbegin(); it != sequenceFirst_.rend(); ++it)
            if (it->first == wanted) return it->second;
        return std::nullopt;
    }

    // The animation NAME names for `subtract`, `worldspaceblend` and `match`; a NAME left out for
    // a missing file leaves this one out too (SEQ006), an unknown one is SEQ001.
    std::optional<int> namedSource(const QcSequence& entry, const std::string& named,
                                   const std::string& verb, const SourceLocation& at) {
        if (auto source = subtractedAnimation(named)) return source;
        if (missing_.count(lowered(named))) {
            sink_.warning("SEQ006", at,
                          "'" + entry.name + "' " + verb + " '" + named +
                              "', which was left out (its file is missing); '" + entry.name +
                              "' is left out too");
        } else {
            sink_.error("SEQ001", at,
                        "'" + entry.name + "' " + verb + " '" + named +
                            "', which no earlier $animation or $sequence defines");
            ok_ = false;
        }
        return std::nullopt;
    }

    // `match NAME`: every frame turned, bone by bone, by what takes its first frame's rotations to
    // NAME's first (before NAME's weight list), and moved likewise but for the roots: Valve's
    // combine_soldier_anims.mdl @shootAR1s (shootAR2s.smd, `match "CombatIdle1_AR1"`) starts on
    // CombatIdle1_AR1's pose, its left arm 27 degrees from the file's, and keeps the file's motion
    // from there (within 0.06 degrees); moving the pelvis too puts @shootAR1c 0.23 units off.
    bool matchFirstFrame(const QcSequence& entry, AnimationFrames& animation) {
        const std::optional<int> source =
            namedSource(entry, *entry.match, "matches", entry.matchAt);
        if (!source) return false;
        const AnimationFrames& target = set_.animations[static_cast<std::size_t>(*source)];
        const auto& targetFrames = target.unweighted.empty() ? target.frames : target.unweighted;
        if (targetFrames.empty() || animation.frames.empty()) return true;
        const std::vector<LocalPose> first = animation.frames.front();
        const std::vector<LocalPose>& goal = targetFrames.front();
        for (auto& pose : animation.frames)
            for (std::size_t bone = 0; bone < pose.size() && bone < goal.size(); ++bone) {
                if (skeleton_.parents[bone] >= 0)
                    pose[bone].position += goal[bone].position - first[bone].position;
                pose[bone].rotation =
                    (pose[bone].rotation * first[bone].rotation.conjugate() * goal[bone].rotation)
                        .normalized();
            }
        return true;
    }

    // `worldspaceblend NAME`: NAME's frames blended in model space by the weight list written
    // before the option (every bone 1 without one). A NAME left out for a missing file leaves
    // this one out too (SEQ006), as `subtract` does.
    bool blendWorldSpace(const QcSequence& entry, const QcWorldSpaceBlend& blend,
                         AnimationFrames& animation) {
        const std::optional<int> source =
            namedSource(entry, blend.animation, "blends in", blend.definedAt);
        if (!source) return false;
        std::vector<double> weights(skeleton_.size(), 1.0);
        if (blend.weightList) {
            auto named =
                namedWeightList(qc_.mdl, *blend.weightList, blend.definedAt, skeleton_, sink_);
            if (!named) {
                ok_ = false;
                return false;
            }
            weights = std::move(*named);
        }
        // The named animation's frames before its own weight list: Valve's @mp_jump_smg1 blends
        // in a_mp_jump_smg1 (weightlist SlowerUpperbodyBlend, pelvis 0) with its pelvis where
        // the file has it (0.34 degrees off at the clavicles with the pelvis at rest).
        const AnimationFrames& overlay = set_.animations[static_cast<std::size_t>(*source)];
        blendInModelSpace(animation.frames,
                          overlay.unweighted.empty() ? overlay.frames : overlay.unweighted, weights,
                          skeleton_.parents);
        return true;
    }

    bool subtract(const QcSequence& entry, const QcSubtract& what, AnimationFrames& animation) {
        const std::string& named = what.animation;
        const bool ownFrames = lowered(named) == lowered(entry.name);
        std::optional<int> source;
        if (!ownFrames) {
            source = namedSource(entry, named, "subtracts", entry.definedAt);
            if (!source) return false;
        }
        const AnimationFrames& base =
            ownFrames ? animation : set_.animations[static_cast<std::size_t>(*source)];
        if (what.frame < 0 || what.frame >= base.frameCount()) {
            sink_.error("SEQ003", entry.definedAt,
                        "'" + named + "' has no frame " + std::to_string(what.frame) +
                            " to subtract");
            ok_ = false;
            return false;
        }
        const auto& baseFrames = base.unweighted.empty() ? base.frames : base.unweighted;
        const std::vector<LocalPose> reference = baseFrames[static_cast<std::size_t>(what.frame)];
        for (auto& pose : animation.frames)
            for (std::size_t bone = 0; bone < pose.size(); ++bone) {
                const LocalPose& ref = reference[bone];
                pose[bone].position -= ref.position;
                pose[bone].rotation = (ref.rotation.conjugate() * pose[bone].rotation).normalized();
            }
        // The pose the delta is played on to give the file's frames back: the references added
        // in the order they were taken off.
        if (animation.reference.empty()) {
            animation.reference = reference;
        } else {
            for (std::size_t bone = 0; bone < reference.size(); ++bone) {
                animation.reference[bone].position += reference[bone].position;
                animation.reference[bone].rotation =
                    (animation.reference[bone].rotation * reference[bone].rotation).normalized();
            }
        }
        return true;
    }

    // `splinedelta`: each frame less the eased blend of the first and last frames at its place, so
    // the delta is zero at both ends. Valve's police_animations.mdl `@gesture_melee_gunhitinDelta`
    // (weaponmacros.qci's makeflinchgesture) is a delta (flags STUDIO_DELTA) of zeros in its
    // first and last frames.
    void subtractEndBlend(AnimationFrames& animation) const {
        const std::size_t count = animation.frames.size();
        if (count == 0) return;
        const std::vector<LocalPose> first = animation.frames.front();
        const std::vector<LocalPose> last = animation.frames.back();
        for (std::size_t f = 0; f < count; ++f) {
            const double t =
                count > 1 ? static_cast<double>(f) / static_cast<double>(count - 1) : 0.0;
            // The blend eases in and out (3t^2 - 2t^3): a straight blend leaves Valve's frames
            // off by up to 1.2 units; this one matches them within 1e-3.
            const double s = t * t * (3.0 - 2.0 * t);
            for (std::size_t bone = 0; bone < first.size(); ++bone) {
                LocalPose& pose = animation.frames[f][bone];
                const Eigen::Vector3d position =
                    first[bone].position + (last[bone].position - first[bone].position) * s;
                const Eigen::Quaterniond rotation =
                    first[bone].rotation.slerp(s, last[bone].rotation);
                pose.position -= position;
                pose.rotation = (rotation.conjugate() * pose.rotation).normalized();
            }
        }
        animation.delta = true;
        animation.reference = first;
    }

    // A weight list's bones of weight 0 rest: a delta's at zero, a pose's at the bind pose.
    bool applyWeights(const QcSequence& entry, AnimationFrames& animation) {
        const auto weights =
            namedWeightList(qc_.mdl, *entry.weightList, entry.definedAt, skeleton_, sink_);
        if (!weights) {
            ok_ = false;
            return false;
        }
        if (!animation.delta) animation.unweighted = animation.frames;
        // Only a weight of 0 changes the frames: the bone stays at rest. Other weights are the
        // sequence's, applied by the engine as it plays it; Valve's combine_soldier_anims.mdl
        // writes @layer_stimulated_ar1 (weightlist "weights_stimulated_idle", every bone 0.5)
        // with the file's own poses.
        for (auto& pose : animation.frames)
            for (std::size_t bone = 0; bone < pose.size(); ++bone)
                if ((*weights)[bone] <= 0.0)
                    pose[bone] = animation.delta ? LocalPose{} : skeleton_.bind[bone];
        return true;
    }

    const QcProject& qc_;
    const Skeleton& skeleton_;
    bool staticProp_;
    const SmdByPath& files_;
    // Counted apart from the caller's sink: errors reported before this model (another model of a
    // bench or a build) must not make its error limit look reached.
    ForwardingSink own_;
    DiagnosticSink& sink_ = own_;
    AnimationSet set_;
    // $animation names left out because their file is missing (lower case): what plays or
    // subtracts them is left out with them instead of failing the compile.
    std::set<std::string> missing_;
    // The frames of animations with motion options as they were before them, by index.
    std::map<std::size_t, std::vector<std::vector<LocalPose>>> unmoved_;
    // Each sequence built so far (lower-case name) with the first animation it plays.
    std::vector<std::pair<std::string, int>> sequenceFirst_;
    mutable bool ok_ = true;
};

} // namespace

std::optional<AnimationSet> buildAnimations(const QcProject& qc, const Skeleton& skeleton,
                                            bool staticProp, DiagnosticSink& sink) {
    const auto files = readAnimationFiles(qc, sink);
    if (!files) return std::nullopt;
    auto animations = AnimationBuilder(qc, skeleton, staticProp, *files, sink).run();
    if (animations) blendSequencesForIk(*animations, qc, skeleton);
    return animations;
}

} // namespace vtxc
