// Structural .mdl comparison (see mdl_comparison.h): bones are matched by name, so a model with a
// bone more or less still compares everything else.
#include "testing/mdl_comparison.h"

#include "formats/studio/mdl_codecs.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <tuple>

namespace vtxc::test {

namespace {

std::string text(const Vec3& v) {
    std::ostringstream out;
    out << "(" << v.x << ", " << v.y << ", " << v.z << ")";
    return out.str();
}

template <typename T> std::string text(const T& value) {
    if constexpr (requires(std::ostringstream & out) { out << value; }) {
        std::ostringstream out;
        out << value;
        return out.str();
    } else {
        return "(record)";
    }
}

template <typename A, typename B> std::string text(const std::pair<A, B>& value) {
    return "(" + text(value.first) + ", " + text(value.second) + ")";
}

double distance(const Vec3& a, const Vec3& b) {
    return std::max({std::abs(a.x - b.x), std::abs(a.y - b.y), std::abs(a.z - b.z)});
}

// The angle between two rotations (q and -q are the same rotation).
double angleBetween(const Vec4& a, const Vec4& b) {
    const double na =
        std::sqrt(double(a.x) * a.x + double(a.y) * a.y + double(a.z) * a.z + double(a.w) * a.w);
    const double nb =
        std::sqrt(double(b.x) * b.x + double(b.y) * b.y + double(b.z) * b.z + double(b.w) * b.w);
    if (na == 0 || nb == 0) return na == nb ? 0.0 : 3.14159;
    const double dot =
        std::abs(double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z + double(a.w) * b.w) /
        (na * nb);
    // 2 asin(|a - b| / 2) loses no precision near 0, unlike acos(dot).
    return 4.0 * std::asin(std::min(1.0, std::sqrt(std::max(0.0, 2.0 - 2.0 * dot)) / 2.0));
}

double matrixDistance(const MdlMatrix3x4& a, const MdlMatrix3x4& b) {
    double worst = 0;
    for (std::size_t i = 0; i < a.m.size(); ++i)
        worst = std::max(worst, double(std::abs(a.m[i] - b.m[i])));
    return worst;
}

// The step of a half float near `value`: Vector48 positions are stored at that precision.
double halfStep(double value) {
    const double magnitude = std::max(std::abs(value), 6.1e-5);
    return std::ldexp(1.0, static_cast<int>(std::floor(std::log2(magnitude))) - 10);
}

class Comparer {
  public:
    Comparer(const MdlFile& ours, const MdlFile& valve, const MdlTolerances& tolerances)
        : ours_(ours), valve_(valve), tol_(tolerances) {
        for (std::size_t i = 0; i < ours.bones.size(); ++i)
            ourBone_[ours.bones[i].name] = static_cast<int>(i);
        for (std::size_t i = 0; i < valve.bones.size(); ++i)
            valveBone_[valve.bones[i].name] = static_cast<int>(i);
    }

    std::vector<MdlDifference> run() {
        header();
        bones();
        hitboxes();
        attachments();
        textures();
        bodyParts();
        poseParameters();
        ik();
        animations();
        sequences();
        return std::move(differences_);
    }

  private:
    void add(const std::string& key, const std::string& message) {
        differences_.push_back({key, message});
    }
    template <typename T> void same(const std::string& key, const T& ours, const T& valve) {
        if (!(ours == valve)) add(key, "ours " + text(ours) + ", Valve's " + text(valve));
    }
    void near(const std::string& key, const Vec3& ours, const Vec3& valve, double tolerance) {
        if (distance(ours, valve) > tolerance)
            add(key, "ours " + text(ours) + ", Valve's " + text(valve));
    }
    void near(const std::string& key, double ours, double valve, double tolerance) {
        if (std::abs(ours - valve) > tolerance)
            add(key, "ours " + text(ours) + ", Valve's " + text(valve));
    }

    std::string ourBoneName(int index) const {
        return index >= 0 && static_cast<std::size_t>(index) < ours_.bones.size()
                   ? ours_.bones[static_cast<std::size_t>(index)].name
                   : "(none)";
    }
    std::string valveBoneName(int index) const {
        return index >= 0 && static_cast<std::size_t>(index) < valve_.bones.size()
                   ? valve_.bones[static_cast<std::size_t>(index)].name
                   : "(none)";
    }

    void header() {
        same("name", ours_.name, valve_.name);
        same("flags", ours_.flags, valve_.flags);
        near("eyeposition", ours_.eyeposition, valve_.eyeposition, tol_.pose);
        near("illumposition", ours_.illumposition, valve_.illumposition, tol_.pose);
        near("hull", ours_.hull_min, valve_.hull_min, tol_.box);
        near("hull", ours_.hull_max, valve_.hull_max, tol_.box);
        near("view box", ours_.view_bbmin, valve_.view_bbmin, tol_.box);
        near("view box", ours_.view_bbmax, valve_.view_bbmax, tol_.box);
        same("surfaceprop", ours_.surfaceprop, valve_.surfaceprop);
        same("contents", ours_.contents, valve_.contents);
        near("mass", ours_.mass, valve_.mass, 1e-4 * std::max(1.0f, valve_.mass));
        same("keyvalues", ours_.keyValues, valve_.keyValues);
        same("include models", ours_.includeModels.size(), valve_.includeModels.size());
        for (std::size_t i = 0;
             i < std::min(ours_.includeModels.size(), valve_.includeModels.size()); ++i)
            same("include models", ours_.includeModels[i].name, valve_.includeModels[i].name);
        same("flex controllers", ours_.flexControllers, valve_.flexControllers);
        same("flex controller ui", ours_.flexControllerUis, valve_.flexControllerUis);
        same("header2", ours_.header2.has_value(), valve_.header2.has_value());
        if (ours_.header2 && valve_.header2) {
            same("header2.name", ours_.header2->name.value_or("(none)"),
                 valve_.header2->name.value_or("(none)"));
            near("header2.maxeyedeflection", ours_.header2->flMaxEyeDeflection,
                 valve_.header2->flMaxEyeDeflection, 1e-6);
            same("header2.illumpositionattachment", ours_.header2->illumpositionattachmentindex,
                 valve_.header2->illumpositionattachmentindex);
        }
    }

    void bones() {
        for (const MdlBone& valve : valve_.bones) {
            auto it = ourBone_.find(valve.name);
            if (it == ourBone_.end()) {
                add("bone " + valve.name, "Valve's model has it, ours does not");
                continue;
            }
            const MdlBone& ours = ours_.bones[static_cast<std::size_t>(it->second)];
            const std::string key = "bone " + valve.name;
            same(key + " parent", ourBoneName(ours.parent), valveBoneName(valve.parent));
            near(key + " bind", ours.pos, valve.pos, tol_.pose);
            if (angleBetween(ours.quat, valve.quat) > tol_.pose)
                add(key + " bind",
                    "rotations differ by " + text(angleBetween(ours.quat, valve.quat)));
            if (matrixDistance(ours.poseToBone, valve.poseToBone) > tol_.pose)
                add(key + " poseToBone",
                    "differs by " + text(matrixDistance(ours.poseToBone, valve.poseToBone)));
            same(key + " flags", ours.flags, valve.flags);
            same(key + " surfaceprop", ours.surfaceprop, valve.surfaceprop);
            same(key + " contents", ours.contents, valve.contents);
            same(key + " physicsbone", ours.physicsbone, valve.physicsbone);
        }
        for (const MdlBone& ours : ours_.bones)
            if (!valveBone_.count(ours.name))
                add("bone " + ours.name, "ours has it, Valve's model does not");
    }

    void hitboxes() {
        same("hitbox sets", ours_.hitboxSets.size(), valve_.hitboxSets.size());
        for (std::size_t s = 0; s < std::min(ours_.hitboxSets.size(), valve_.hitboxSets.size());
             ++s) {
            const MdlHitboxSet& ours = ours_.hitboxSets[s];
            const MdlHitboxSet& valve = valve_.hitboxSets[s];
            const std::string key = "hitbox set " + valve.name;
            same(key, ours.name, valve.name);
            same(key + " count", ours.hitboxes.size(), valve.hitboxes.size());
            for (std::size_t i = 0; i < std::min(ours.hitboxes.size(), valve.hitboxes.size());
                 ++i) {
                const std::string box = key + " box " + std::to_string(i);
                same(box, ourBoneName(ours.hitboxes[i].bone),
                     valveBoneName(valve.hitboxes[i].bone));
                same(box + " group", ours.hitboxes[i].group, valve.hitboxes[i].group);
                near(box, ours.hitboxes[i].bbmin, valve.hitboxes[i].bbmin, tol_.pose);
                near(box, ours.hitboxes[i].bbmax, valve.hitboxes[i].bbmax, tol_.pose);
                same(box + " name", ours.hitboxes[i].name, valve.hitboxes[i].name);
            }
        }
    }

    void attachments() {
        same("attachments", ours_.attachments.size(), valve_.attachments.size());
        for (std::size_t i = 0; i < std::min(ours_.attachments.size(), valve_.attachments.size());
             ++i) {
            const MdlAttachment& ours = ours_.attachments[i];
            const MdlAttachment& valve = valve_.attachments[i];
            const std::string key = "attachment " + valve.name;
            same(key, ours.name, valve.name);
            same(key + " bone", ourBoneName(ours.localbone), valveBoneName(valve.localbone));
            same(key + " flags", ours.flags, valve.flags);
            if (matrixDistance(ours.local, valve.local) > tol_.pose)
                add(key + " local", "differs by " + text(matrixDistance(ours.local, valve.local)));
        }
    }

    void textures() {
        std::vector<std::string> ours, valve;
        for (const MdlTexture& t : ours_.textures)
            ours.push_back(t.name);
        for (const MdlTexture& t : valve_.textures)
            valve.push_back(t.name);
        if (ours != valve) add("textures", "texture names differ");
        if (ours_.cdmaterials != valve_.cdmaterials) add("cdmaterials", "material folders differ");
        if (ours_.skinFamilies != valve_.skinFamilies) add("skins", "skin families differ");
    }

    void bodyParts() {
        same("body parts", ours_.bodyParts.size(), valve_.bodyParts.size());
        for (std::size_t b = 0; b < std::min(ours_.bodyParts.size(), valve_.bodyParts.size());
             ++b) {
            const MdlBodyPart& ours = ours_.bodyParts[b];
            const MdlBodyPart& valve = valve_.bodyParts[b];
            const std::string key = "body part " + valve.name;
            same(key, ours.name, valve.name);
            same(key + " base", ours.base, valve.base);
            same(key + " models", ours.models.size(), valve.models.size());
            for (std::size_t m = 0; m < std::min(ours.models.size(), valve.models.size()); ++m)
                model(key + " model " + std::to_string(m), ours.models[m], valve.models[m]);
        }
    }

    void model(const std::string& key, const MdlModel& ours, const MdlModel& valve) {
        same(key + " name", ours.name, valve.name);
        same(key + " meshes", ours.meshes.size(), valve.meshes.size());
        for (std::size_t k = 0; k < std::min(ours.meshes.size(), valve.meshes.size()); ++k) {
            const MdlMesh& a = ours.meshes[k];
            const MdlMesh& b = valve.meshes[k];
            const std::string mesh = key + " mesh " + std::to_string(k);
            same(mesh + " material", ours_.textures.at(static_cast<std::size_t>(a.material)).name,
                 valve_.textures.at(static_cast<std::size_t>(b.material)).name);
            same(mesh + " meshid", a.meshid, b.meshid);
            for (std::size_t lod = 0; lod < a.numLODVertexes.size(); ++lod)
                near(mesh + " vertices", a.numLODVertexes[lod], b.numLODVertexes[lod],
                     tol_.meshVertices * b.numLODVertexes[lod]);
        }
    }

    void poseParameters() {
        same("pose parameters", ours_.poseParameters.size(), valve_.poseParameters.size());
        for (std::size_t i = 0;
             i < std::min(ours_.poseParameters.size(), valve_.poseParameters.size()); ++i) {
            const MdlPoseParameter& a = ours_.poseParameters[i];
            const MdlPoseParameter& b = valve_.poseParameters[i];
            const std::string key = "pose parameter " + b.name;
            same(key, a.name, b.name);
            same(key + " flags", a.flags, b.flags);
            near(key + " range", a.start, b.start, tol_.pose * std::max(1.0f, std::abs(b.start)));
            near(key + " range", a.end, b.end, tol_.pose * std::max(1.0f, std::abs(b.end)));
            near(key + " loop", a.loop, b.loop, tol_.pose);
        }
    }

    void ik() {
        same("ik chains", ours_.ikChains.size(), valve_.ikChains.size());
        for (std::size_t i = 0; i < std::min(ours_.ikChains.size(), valve_.ikChains.size()); ++i) {
            const MdlIkChain& a = ours_.ikChains[i];
            const MdlIkChain& b = valve_.ikChains[i];
            const std::string key = "ik chain " + b.name;
            same(key, a.name, b.name);
            same(key + " links", a.links.size(), b.links.size());
            for (std::size_t l = 0; l < std::min(a.links.size(), b.links.size()); ++l) {
                same(key + " links", ourBoneName(a.links[l].bone), valveBoneName(b.links[l].bone));
                near(key + " knee", a.links[l].kneeDir, b.links[l].kneeDir, tol_.pose);
            }
        }
        same("ik autoplay locks", ours_.ikAutoplayLocks, valve_.ikAutoplayLocks);
    }

    void animations() {
        for (const MdlAnimDesc& valve : valve_.animations) {
            const MdlAnimDesc* ours = namedAnimation(ours_, valve.name);
            const std::string key = "animation " + valve.name;
            if (!ours) {
                add(key, "Valve's model has it, ours does not");
                continue;
            }
            same(key + " fps", ours->fps, valve.fps);
            same(key + " flags", ours->flags, valve.flags);
            same(key + " frames", ours->numframes, valve.numframes);
            if (ours->numframes == valve.numframes) frames(key, *ours, valve);
            movements(key, *ours, valve);
            ikRules(key, *ours, valve);
        }
        same("animations", ours_.animations.size(), valve_.animations.size());
    }

    void frames(const std::string& key, const MdlAnimDesc& ours, const MdlAnimDesc& valve) {
        double worstPosition = 0, worstRotation = 0;
        std::string where;
        for (int frame = 0; frame < valve.numframes; ++frame) {
            const auto a = decodeAnimationFrame(ours, ours_.bones, frame);
            const auto b = decodeAnimationFrame(valve, valve_.bones, frame);
            for (std::size_t vb = 0; vb < valve_.bones.size(); ++vb) {
                auto it = ourBone_.find(valve_.bones[vb].name);
                if (it == ourBone_.end()) continue;
                const auto ob = static_cast<std::size_t>(it->second);
                const BonePose& pa = a[ob];
                const BonePose& pb = b[vb];
                const Vec3& ps = valve_.bones[vb].posscale;
                const Vec3& po = ours_.bones[ob].posscale;
                const double positionTolerance =
                    tol_.frame + std::max({ps.x, ps.y, ps.z}) + 0.5 * std::max({po.x, po.y, po.z}) +
                    halfStep(std::max({std::abs(pb.position.x), std::abs(pb.position.y),
                                       std::abs(pb.position.z)}));
                const double dp = distance(pa.position, pb.position);
                const double dr = angleBetween(pa.rotation, pb.rotation);
                if (dp > positionTolerance && dp > worstPosition) {
                    worstPosition = dp;
                    where = "frame " + std::to_string(frame) + " bone " + valve_.bones[vb].name;
                }
                if (dr > tol_.frame && dr > worstRotation) {
                    worstRotation = dr;
                    where = "frame " + std::to_string(frame) + " bone " + valve_.bones[vb].name;
                }
            }
        }
        if (worstPosition > 0 || worstRotation > 0)
            add(key + " poses", "worst position " + text(worstPosition) + ", rotation " +
                                    text(worstRotation) + " at " + where);
    }

    // The pieces of root motion (mstudiomovement_t): each field in one difference, lengths and
    // speeds within the frame tolerance scaled by the piece's length.
    void movements(const std::string& key, const MdlAnimDesc& ours, const MdlAnimDesc& valve) {
        if (ours.movements.size() != valve.movements.size()) {
            same(key + " movements", ours.movements.size(), valve.movements.size());
            return;
        }
        for (std::size_t i = 0; i < valve.movements.size(); ++i) {
            const MdlMovement& a = ours.movements[i];
            const MdlMovement& b = valve.movements[i];
            const double scale =
                1.0 + std::abs(b.v0) + std::abs(b.v1) + distance(b.position, Vec3{});
            const double tolerance = tol_.frame * scale;
            const bool equal = a.endframe == b.endframe && a.motionflags == b.motionflags &&
                               std::abs(a.v0 - b.v0) <= tolerance &&
                               std::abs(a.v1 - b.v1) <= tolerance &&
                               std::abs(a.angle - b.angle) <= tol_.frame &&
                               distance(a.vector, b.vector) <= tol_.frame &&
                               distance(a.position, b.position) <= tolerance;
            if (!equal)
                add(key + " movements",
                    "piece " + std::to_string(i) + ": ours end " + std::to_string(a.endframe) +
                        " v0 " + text(a.v0) + " v1 " + text(a.v1) + " angle " + text(a.angle) +
                        " position " + text(a.position) + ", Valve's end " +
                        std::to_string(b.endframe) + " v0 " + text(b.v0) + " v1 " + text(b.v1) +
                        " angle " + text(b.angle) + " position " + text(b.position));
        }
    }

    void ikRules(const std::string& key, const MdlAnimDesc& ours, const MdlAnimDesc& valve) {
        same(key + " ik rules", ours.ikRules.size(), valve.ikRules.size());
        for (std::size_t i = 0; i < std::min(ours.ikRules.size(), valve.ikRules.size()); ++i) {
            const MdlIkRule& a = ours.ikRules[i];
            const MdlIkRule& b = valve.ikRules[i];
            const std::string rule = key + " ik rule " + std::to_string(i);
            same(rule + " index", a.index, b.index);
            same(rule + " type", a.type, b.type);
            same(rule + " chain", std::make_pair(a.chain, a.slot), std::make_pair(b.chain, b.slot));
            near(rule + " shape", a.height, b.height, tol_.pose);
            near(rule + " shape", a.radius, b.radius, tol_.pose);
            near(rule + " shape", a.floor, b.floor, tol_.pose);
            near(rule + " target", a.pos, b.pos, 0.01);
            ikCycles(rule, a, b);
            same(rule + " error", a.compressedError.has_value(), b.compressedError.has_value());
            if (a.compressedError && b.compressedError) ikError(rule, a, b, valve.numframes);
        }
    }

    // start, peak, tail, end and contact as cycles, each within 1e-3 (Valve unrolls a range that
    // wraps past the loop's end: 0.967 1.233 1.7 1.967).
    void ikCycles(const std::string& rule, const MdlIkRule& a, const MdlIkRule& b) {
        const std::array<float, 5> ours{a.start, a.peak, a.tail, a.end, a.contact};
        const std::array<float, 5> valves{b.start, b.peak, b.tail, b.end, b.contact};
        for (std::size_t i = 0; i < ours.size(); ++i)
            if (std::abs(ours[i] - valves[i]) > 1e-3) {
                add(rule + " cycles", "ours " + text(ours[0]) + " " + text(ours[1]) + " " +
                                          text(ours[2]) + " " + text(ours[3]) + " contact " +
                                          text(ours[4]) + ", Valve's " + text(valves[0]) + " " +
                                          text(valves[1]) + " " + text(valves[2]) + " " +
                                          text(valves[3]) + " contact " + text(valves[4]));
                return;
            }
    }

    // The frames an error track holds: the longest of its channels' runs (absent channels hold
    // none).
    static int framesHeld(const MdlCompressedIkError& error) {
        int most = 0;
        for (const MdlAnimValues& channel : error.values)
            most = std::max(most, animValuesFrameCount(channel));
        return most;
    }

    // The chain end's offset from the target, decoded frame by frame from the rule's iStart:
    // positions within 0.05 units (or two quantisation steps), angles within 0.01 radians.
    // Differences only outside the lock (before the peak or after the tail, where the engine
    // blends the rule in and out) are told apart as "ik rule error ramps".
    void ikError(const std::string& rule, const MdlIkRule& a, const MdlIkRule& b, int frames) {
        if (a.iStart != b.iStart) {
            add(rule + " error", "starts at frame " + std::to_string(a.iStart) + ", Valve's at " +
                                     std::to_string(b.iStart));
            return;
        }
        const int held = framesHeld(*a.compressedError), valveHeld = framesHeld(*b.compressedError);
        if (held != valveHeld) {
            add(rule + " error",
                "holds " + std::to_string(held) + " frames, Valve's " + std::to_string(valveHeld));
            return;
        }
        double worst = 0.0;
        int worstFrame = 0;
        std::size_t worstChannel = 0;
        bool inLock = false;
        for (std::size_t channel = 0; channel < 6; ++channel) {
            const auto ours = decodeAnimValues(a.compressedError->values[channel], frames);
            const auto valves = decodeAnimValues(b.compressedError->values[channel], frames);
            const double oursScale = a.compressedError->scale[channel];
            const double valveScale = b.compressedError->scale[channel];
            const double tolerance =
                channel < 3 ? std::max(0.05, 2.0 * std::max(oursScale, valveScale)) : 0.01;
            for (int k = 0; k < frames; ++k) {
                const auto i = static_cast<std::size_t>(k);
                const double x = i < ours.size() ? ours[i] * oursScale : 0.0;
                const double y = i < valves.size() ? valves[i] * valveScale : 0.0;
                const double excess = std::abs(x - y) / tolerance;
                if (excess <= 1.0) continue;
                const double cycle = frames > 1 ? double(b.iStart + k) / (frames - 1) : 0.0;
                if (cycle >= b.peak - 1e-4 && cycle <= b.tail + 1e-4) inLock = true;
                if (excess > worst) {
                    worst = excess;
                    worstFrame = b.iStart + k;
                    worstChannel = channel;
                }
            }
        }
        if (worst > 0.0)
            add(rule + (inLock ? " error" : " error ramps"),
                "frame " + std::to_string(worstFrame) + " channel " + std::to_string(worstChannel) +
                    " off by " + text(worst) + " times its tolerance");
    }

    // Sequences are paired by name (the first unpaired one of that name), so that one missing
    // sequence shifts nothing; "sequence order" reports paired sequences in another order.
    void sequences() {
        same("sequences", ours_.sequences.size(), valve_.sequences.size());
        std::multimap<std::string, std::size_t> ourByName;
        for (std::size_t i = 0; i < ours_.sequences.size(); ++i)
            ourByName.emplace(ours_.sequences[i].label, i);
        std::size_t previous = 0;
        bool ordered = true, first = true;
        for (const MdlSeqDesc& valve : valve_.sequences) {
            auto it = ourByName.find(valve.label);
            if (it == ourByName.end()) {
                add("sequence " + valve.label, "Valve's model has it, ours does not");
                continue;
            }
            const std::size_t index = it->second;
            ourByName.erase(it);
            ordered = ordered && (first || index > previous);
            first = false;
            previous = index;
            sequence(ours_.sequences[index], valve);
        }
        for (const auto& [name, index] : ourByName)
            add("sequence " + name, "ours has it, Valve's model does not");
        if (!ordered) add("sequence order", "the sequences both have are in another order");
        nodes();
        same("ik autoplay locks", ours_.ikAutoplayLocks, valve_.ikAutoplayLocks);
    }

    void nodes() {
        same("nodes", ours_.localNodeNames, valve_.localNodeNames);
        if (ours_.localNodeNames == valve_.localNodeNames)
            same("nodes transitions", ours_.localNodeTransitions, valve_.localNodeTransitions);
    }

    std::string sequenceName(const MdlFile& file, int index) const {
        return index >= 0 && static_cast<std::size_t>(index) < file.sequences.size()
                   ? file.sequences[static_cast<std::size_t>(index)].label
                   : "?";
    }

    // Each layer by the name of the sequence it plays; cycles bit for bit (NaN included).
    void autolayers(const std::string& key, const MdlSeqDesc& a, const MdlSeqDesc& b) {
        same(key + " autolayers", a.autolayers.size(), b.autolayers.size());
        for (std::size_t i = 0; i < std::min(a.autolayers.size(), b.autolayers.size()); ++i) {
            const MdlAutoLayer& x = a.autolayers[i];
            const MdlAutoLayer& y = b.autolayers[i];
            const std::string layer = key + " autolayer " + std::to_string(i);
            same(layer, sequenceName(ours_, x.iSequence), sequenceName(valve_, y.iSequence));
            same(layer + " pose", x.iPose, y.iPose);
            same(layer + " flags", x.flags, y.flags);
            MdlAutoLayer xCycles = x, yCycles = y;
            xCycles.iSequence = yCycles.iSequence = 0;
            xCycles.iPose = yCycles.iPose = 0;
            xCycles.flags = yCycles.flags = 0;
            if (!(xCycles == yCycles))
                add(layer + " cycles", "ours " + text(x.start) + " " + text(x.peak) + " " +
                                           text(x.tail) + " " + text(x.end) + ", Valve's " +
                                           text(y.start) + " " + text(y.peak) + " " + text(y.tail) +
                                           " " + text(y.end));
        }
    }

    void ikLocks(const std::string& key, const MdlSeqDesc& a, const MdlSeqDesc& b) {
        same(key + " iklocks", a.iklocks.size(), b.iklocks.size());
        if (a.iklocks.size() == b.iklocks.size() && !(a.iklocks == b.iklocks))
            add(key + " iklocks", "chains, weights or flags differ");
    }

    std::vector<std::string> blendNames(const MdlSeqDesc& seq, const MdlFile& file) const {
        std::vector<std::string> names;
        for (std::int16_t a : seq.blends)
            names.push_back(a >= 0 && static_cast<std::size_t>(a) < file.animations.size()
                                ? file.animations[static_cast<std::size_t>(a)].name
                                : "?");
        return names;
    }

    std::string poseName(const MdlFile& file, int index) const {
        return index >= 0 && static_cast<std::size_t>(index) < file.poseParameters.size()
                   ? file.poseParameters[static_cast<std::size_t>(index)].name
                   : "(none)";
    }

    void sequence(const MdlSeqDesc& a, const MdlSeqDesc& b) {
        const std::string key = "sequence " + b.label;
        same(key, a.label, b.label);
        same(key + " activity", a.activityName, b.activityName);
        same(key + " actweight", a.actweight, b.actweight);
        same(key + " flags", a.flags, b.flags);
        near(key + " fades", a.fadeintime, b.fadeintime, 1e-6);
        near(key + " fades", a.fadeouttime, b.fadeouttime, 1e-6);
        same(key + " events", a.events, b.events);
        same(key + " key values", a.keyValues, b.keyValues);
        same(key + " groupsize", std::make_pair(a.groupsize[0], a.groupsize[1]),
             std::make_pair(b.groupsize[0], b.groupsize[1]));
        if (blendNames(a, ours_) != blendNames(b, valve_))
            add(key + " blends", "animations differ");
        same(key + " numikrules", a.numikrules, b.numikrules);
        for (int axis = 0; axis < 2; ++axis) {
            same(key + " blend parameter",
                 poseName(ours_, a.paramindex[static_cast<std::size_t>(axis)]),
                 poseName(valve_, b.paramindex[static_cast<std::size_t>(axis)]));
            if (b.paramindex[static_cast<std::size_t>(axis)] < 0) continue;
            const auto ax = static_cast<std::size_t>(axis);
            near(key + " blend range", a.paramstart[ax], b.paramstart[ax],
                 tol_.pose * std::max(1.0f, std::abs(b.paramstart[ax])));
            near(key + " blend range", a.paramend[ax], b.paramend[ax],
                 tol_.pose * std::max(1.0f, std::abs(b.paramend[ax])));
            const auto first = static_cast<std::size_t>(axis == 0 ? 0 : b.groupsize[0]);
            for (std::size_t k = first; k < first + static_cast<std::size_t>(b.groupsize[ax]) &&
                                        k < a.poseKeys.size() && k < b.poseKeys.size();
                 ++k)
                near(key + " pose keys", a.poseKeys[k], b.poseKeys[k],
                     tol_.pose * std::max(1.0f, std::abs(b.poseKeys[k])));
        }
        for (std::size_t vb = 0; vb < b.weights.size() && vb < valve_.bones.size(); ++vb) {
            auto it = ourBone_.find(valve_.bones[vb].name);
            if (it != ourBone_.end() && static_cast<std::size_t>(it->second) < a.weights.size())
                near(key + " weights", a.weights[static_cast<std::size_t>(it->second)],
                     b.weights[vb], 1e-6);
        }
        near(key + " bbox", a.bbmin, b.bbmin, tol_.box);
        near(key + " bbox", a.bbmax, b.bbmax, tol_.box);
        autolayers(key, a, b);
        ikLocks(key, a, b);
        same(key + " nodes", std::make_tuple(a.localentrynode, a.localexitnode, a.nodeflags),
             std::make_tuple(b.localentrynode, b.localexitnode, b.nodeflags));
        near(key + " nodes", a.entryphase, b.entryphase, 1e-6);
        near(key + " nodes", a.exitphase, b.exitphase, 1e-6);
    }

    const MdlFile& ours_;
    const MdlFile& valve_;
    MdlTolerances tol_;
    std::map<std::string, int> ourBone_, valveBone_;
    std::vector<MdlDifference> differences_;
};

} // namespace

const MdlAnimDesc* namedAnimation(const MdlFile& mdl, const std::string& name) {
    for (const MdlAnimDesc& a : mdl.animations)
        if (a.name == name) return &a;
    return nullptr;
}

const MdlSeqDesc* namedSequence(const MdlFile& mdl, const std::string& name) {
    for (const MdlSeqDesc& s : mdl.sequences)
        if (s.label == name) return &s;
    return nullptr;
}

std::vector<MdlDifference> compareMdl(const MdlFile& ours, const MdlFile& valve,
                                      const MdlTolerances& tolerances) {
    return Comparer(ours, valve, tolerances).run();
}

namespace {

// A section: its name, the studiohdr_t field holding its offset (public SDK studio.h; -1: the
// header itself), the prefixes of the difference keys that belong to it, and its record count.
struct SectionSpec {
    const char* name;
    int headerField;
    std::vector<std::string> keyPrefixes;
    std::size_t (*count)(const MdlFile&);
};

std::size_t meshCount(const MdlFile& file) {
    std::size_t n = 0;
    for (const MdlBodyPart& part : file.bodyParts)
        for (const MdlModel& model : part.models)
            n += model.meshes.size();
    return n;
}

std::size_t hitboxCount(const MdlFile& file) {
    std::size_t n = 0;
    for (const MdlHitboxSet& set : file.hitboxSets)
        n += set.hitboxes.size();
    return n;
}

const std::vector<SectionSpec>& sectionSpecs() {
    using F = const MdlFile&;
    static const std::vector<SectionSpec> specs{
        {"header", -1, {}, [](F) -> std::size_t { return 1; }},
        {"header2", 400, {"header2"}, [](F f) -> std::size_t { return f.header2 ? 1 : 0; }},
        {"bones", 160, {"bone "}, [](F f) { return f.bones.size(); }},
        {"bone controllers", 168, {}, [](F f) { return f.boneControllers.size(); }},
        {"hitboxes (all sets)", 176, {"hitbox set"}, hitboxCount},
        {"bone table by name", 364, {}, [](F f) { return f.bones.size(); }},
        {"animations", 184, {"animation "}, [](F f) { return f.animations.size(); }},
        {"sequences", 192, {"sequence "}, [](F f) { return f.sequences.size(); }},
        {"ik chains", 288, {"ik chain"}, [](F f) { return f.ikChains.size(); }},
        {"ik autoplay locks", 324, {"ik autoplay"}, [](F f) { return f.ikAutoplayLocks.size(); }},
        {"key values (bytes)",
         312,
         {"keyvalues"},
         [](F f) -> std::size_t { return f.keyValues.size(); }},
        {"attachments", 244, {"attachment "}, [](F f) { return f.attachments.size(); }},
        {"pose parameters", 304, {"pose parameter"}, [](F f) { return f.poseParameters.size(); }},
        {"body parts (meshes)", 236, {"body part "}, meshCount},
        {"flex controllers",
         272,
         {"flex controllers"},
         [](F f) { return f.flexControllers.size(); }},
        {"flex controller ui",
         388,
         {"flex controller ui"},
         [](F f) { return f.flexControllerUis.size(); }},
        {"include models", 340, {"include models"}, [](F f) { return f.includeModels.size(); }},
        {"textures", 208, {"textures"}, [](F f) { return f.textures.size(); }},
        {"cdmaterials", 216, {"cdmaterials"}, [](F f) { return f.cdmaterials.size(); }},
        {"skin families", 228, {"skins"}, [](F f) { return f.skinFamilies.size(); }},
    };
    return specs;
}

std::int32_t headerInt(std::span<const std::uint8_t> bytes, int field) {
    if (field < 0 || static_cast<std::size_t>(field) + 4 > bytes.size()) return 0;
    const std::size_t at = static_cast<std::size_t>(field);
    return static_cast<std::int32_t>(std::uint32_t{bytes[at]} | std::uint32_t{bytes[at + 1]} << 8 |
                                     std::uint32_t{bytes[at + 2]} << 16 |
                                     std::uint32_t{bytes[at + 3]} << 24);
}

// Bytes from each section's start to the next start (header: from 0); a section whose offset is
// 0 or outside the file has none.
std::vector<std::size_t> sectionBytes(std::span<const std::uint8_t> bytes) {
    const std::vector<SectionSpec>& specs = sectionSpecs();
    std::vector<std::size_t> starts;
    for (const SectionSpec& spec : specs) {
        const std::int32_t at = headerInt(bytes, spec.headerField);
        starts.push_back(spec.headerField < 0 ? 0
                         : at > 0 && static_cast<std::size_t>(at) <= bytes.size()
                             ? static_cast<std::size_t>(at)
                             : bytes.size());
    }
    std::vector<std::size_t> sizes;
    for (std::size_t start : starts) {
        std::size_t next = bytes.size();
        for (std::size_t other : starts)
            if (other > start) next = std::min(next, other);
        sizes.push_back(next - start);
    }
    return sizes;
}

bool belongsTo(const SectionSpec& spec, const std::string& key) {
    return std::any_of(spec.keyPrefixes.begin(), spec.keyPrefixes.end(),
                       [&](const std::string& prefix) { return key.starts_with(prefix); });
}

} // namespace

std::vector<MdlSectionRow> mdlSectionSummary(const MdlFile& ours,
                                             std::span<const std::uint8_t> oursBytes,
                                             const MdlFile& valve,
                                             std::span<const std::uint8_t> valveBytes,
                                             const std::vector<MdlDifference>& differences) {
    const std::vector<SectionSpec>& specs = sectionSpecs();
    const std::vector<std::size_t> ourSizes = sectionBytes(oursBytes);
    const std::vector<std::size_t> valveSizes = sectionBytes(valveBytes);
    std::vector<MdlSectionRow> rows;
    // A section without records has no bytes (its offset is where the next section starts).
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const std::size_t ourCount = specs[i].count(ours), valveCount = specs[i].count(valve);
        rows.push_back({specs[i].name, ourCount, valveCount, ourCount ? ourSizes[i] : 0,
                        valveCount ? valveSizes[i] : 0, 0});
    }
    for (const MdlDifference& d : differences) {
        std::size_t row = 0; // keys of no section's prefix are header values
        for (std::size_t i = 1; i < specs.size(); ++i)
            if (belongsTo(specs[i], d.key)) row = i;
        ++rows[row].differences;
    }
    // What no row counts: the string pool and the records placed after the last section start.
    MdlSectionRow rest{"rest (string pool)", 0, 0, oursBytes.size(), valveBytes.size(), 0};
    for (const MdlSectionRow& row : rows) {
        rest.oursBytes -= std::min(rest.oursBytes, row.oursBytes);
        rest.valveBytes -= std::min(rest.valveBytes, row.valveBytes);
    }
    rows.push_back(rest);
    return rows;
}

std::string formatSectionSummary(const std::vector<MdlSectionRow>& rows) {
    std::ostringstream out;
    out << "    section               count ours/Valve's   bytes ours/Valve's   result\n";
    for (const MdlSectionRow& row : rows) {
        char line[160];
        std::snprintf(
            line, sizeof line, "    %-21s %8zu / %-8zu %9zu / %-9zu %s\n", row.section.c_str(),
            row.oursCount, row.valveCount, row.oursBytes, row.valveBytes,
            row.differences == 0 ? "equal"
                                 : ("differs (" + std::to_string(row.differences) + ")").c_str());
        out << line;
    }
    return out.str();
}

std::string undocumented(const std::vector<MdlDifference>& differences,
                         const std::set<std::string>& documented) {
    std::string out;
    for (const MdlDifference& d : differences)
        if (!documented.count(d.key)) out += d.key + ": " + d.message + "\n";
    return out;
}

std::vector<std::string> unusedExceptions(const std::vector<MdlDifference>& differences,
                                          const std::set<std::string>& documented) {
    std::vector<std::string> unused;
    for (const std::string& key : documented)
        if (std::none_of(differences.begin(), differences.end(),
                         [&](const MdlDifference& d) { return d.key == key; }))
            unused.push_back(key);
    return unused;
}

} // namespace vtxc::test
