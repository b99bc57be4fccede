// The model's bone table: reference SMD nodes merged by name, and node -> model bone maps.
// Name matching is case-insensitive, as studiomdl's is (bone names in SMDs vary in case).
#include "compiler/skeleton/bone_table.h"

#include "compiler/project/compile_codes.h"
#include "formats/common/text.h"

#include <algorithm>
#include <cctype>
#include <numbers>

namespace vtxc {

std::optional<int> BoneTable::find(const std::string& name) const {
    const auto it = byName_.find(asciiLower(name));
    if (it == byName_.end()) return std::nullopt;
    return it->second;
}

void BoneTable::add(ModelBone bone) {
    byName_.emplace(asciiLower(bone.name), static_cast<int>(bones_.size()));
    bones_.push_back(std::move(bone));
}

namespace {
// The pose a reference SMD's first skeleton frame gives a node (zero when it lists none).
const SmdBonePose* bindPoseOf(const SmdFile& smd, const SmdNode& node) {
    if (smd.frames.empty()) return nullptr;
    for (const SmdBonePose& pose : smd.frames.front().bones)
        if (pose.bone == node.index) return &pose;
    return nullptr;
}
} // namespace

BoneTable BoneTable::fromReferences(const std::vector<const SmdFile*>& references,
                                    DiagnosticSink& sink) {
    BoneTable table;
    table.addReferenceNodes(references, sink);
    return table;
}

void BoneTable::addReferenceNodes(const std::vector<const SmdFile*>& references,
                                  DiagnosticSink& sink) {
    for (const SmdFile* smd : references) {
        for (const SmdNode& node : smd->nodes) {
            const int parent = node.parent < 0 ? -1 : *find(smd->nodes[node.parent].name);
            if (auto existing = find(node.name)) {
                if (bones_[*existing].parent != parent && !bones_[*existing].defined)
                    sink.report(kBoneCodes["BONE002"], {smd->fileName, node.line},
                                "bone '" + node.name +
                                    "' has another parent here than in an earlier file; the "
                                    "first file's hierarchy is kept");
                continue;
            }
            ModelBone bone{node.name, parent, {}, {}, false, {smd->fileName, node.line, 1}};
            if (const SmdBonePose* pose = bindPoseOf(*smd, node)) {
                bone.position = pose->position;
                bone.rotation = pose->rotation;
            }
            add(std::move(bone));
        }
    }
}

std::optional<BoneTable> BoneTable::fromDefinitions(const std::vector<QcDefinedBone>& defined,
                                                    const std::vector<const SmdFile*>& references,
                                                    DiagnosticSink& sink) {
    BoneTable table;
    bool ok = true;
    constexpr double kRadians = std::numbers::pi / 180.0;
    for (const QcDefinedBone& definition : defined) {
        if (table.find(definition.name)) continue; // a repeated $definebone: the first counts
        std::optional<int> parent;
        if (!definition.parent.empty()) {
            parent = table.find(definition.parent);
            if (!parent) {
                sink.error("BONE003", definition.definedAt,
                           "the parent '" + definition.parent + "' of bone '" + definition.name +
                               "' is not defined by an earlier $definebone; define parents "
                               "first");
                ok = false;
                continue;
            }
        }
        // $definebone angles are written (y, z, x) in degrees (studiomdl's order).
        const auto& a = definition.rotationDegrees;
        ModelBone bone{definition.name,
                       parent.value_or(-1),
                       {static_cast<float>(definition.position[0]),
                        static_cast<float>(definition.position[1]),
                        static_cast<float>(definition.position[2])},
                       {static_cast<float>(a[2] * kRadians), static_cast<float>(a[0] * kRadians),
                        static_cast<float>(a[1] * kRadians)},
                       true,
                       definition.definedAt};
        table.add(std::move(bone));
    }
    if (!ok) return std::nullopt;
    table.addReferenceNodes(references, sink);
    return table;
}

BoneTable BoneTable::staticProp() {
    BoneTable table;
    table.add({"static_prop", -1, {}, {}, false, {}});
    table.staticProp_ = true;
    return table;
}

std::optional<std::vector<int>> BoneTable::mapNodes(const SmdFile& smd,
                                                    DiagnosticSink& sink) const {
    std::vector<int> map(smd.nodes.size(), 0);
    if (staticProp_) return map;
    bool ok = true;
    for (const SmdNode& node : smd.nodes) {
        if (auto bone = find(node.name)) {
            map[static_cast<std::size_t>(node.index)] = *bone;
            continue;
        }
        if (const auto folded = foldedInto_.find(asciiLower(node.name));
            folded != foldedInto_.end()) {
            map[static_cast<std::size_t>(node.index)] = folded->second;
            continue;
        }
        sink.report(kBoneCodes["BONE001"], {smd.fileName, node.line},
                    "bone '" + node.name +
                        "' is not in the reference skeleton; a LOD mesh may only use bones of the "
                        "reference SMD (rename it, or add it to the reference)");
        ok = false;
    }
    if (!ok) return std::nullopt;
    return map;
}

std::vector<int> BoneTable::collapse(const std::vector<bool>& keep) {
    std::vector<int> newIndex(bones_.size(), -1);
    std::vector<ModelBone> kept;
    for (std::size_t b = 0; b < bones_.size(); ++b) {
        const int parent = bones_[b].parent;
        if (b < keep.size() && !keep[b]) {
            // Parents come first: the parent's entry already names the nearest kept ancestor.
            newIndex[b] = parent < 0 ? -1 : newIndex[static_cast<std::size_t>(parent)];
            continue;
        }
        newIndex[b] = static_cast<int>(kept.size());
        ModelBone bone = bones_[b];
        bone.parent = parent < 0 ? -1 : newIndex[static_cast<std::size_t>(parent)];
        kept.push_back(std::move(bone));
    }
    for (std::size_t b = 0; b < bones_.size(); ++b)
        if (b < keep.size() && !keep[b]) {
            collapsed_.emplace_back(bones_[b], newIndex[b]);
            if (newIndex[b] >= 0) foldedInto_[asciiLower(bones_[b].name)] = newIndex[b];
        }
    bones_.clear();
    byName_.clear();
    for (ModelBone& bone : kept)
        add(std::move(bone));
    return newIndex;
}

std::vector<bool> bonesToKeep(const BoneTable& table, const BoneNeeds& needs) {
    const auto& bones = table.bones();
    const std::size_t n = bones.size();
    auto flag = [](const std::vector<bool>& list, std::size_t b) {
        return b < list.size() && list[b];
    };
    std::vector<bool> keep(n, false);
    if (table.isStaticProp()) {
        keep.assign(n, true);
        return keep;
    }
    for (std::size_t b = 0; b < n; ++b)
        keep[b] = bones[b].defined || flag(needs.named, b) ||
                  (flag(needs.animated, b) && flag(needs.weighted, b));
    // Children come after their parents: one backward pass keeps every ancestor of a kept bone.
    for (std::size_t b = n; b-- > 0;)
        if (keep[b] && bones[b].parent >= 0) keep[static_cast<std::size_t>(bones[b].parent)] = true;
    // A weighted bone without a kept ancestor keeps its root, which then takes the weights.
    for (std::size_t b = 0; b < n; ++b) {
        if (keep[b] || !flag(needs.weighted, b)) continue;
        std::size_t root = b;
        bool hasKeptAncestor = false;
        while (bones[root].parent >= 0) {
            root = static_cast<std::size_t>(bones[root].parent);
            if (keep[root]) hasKeptAncestor = true;
        }
        if (!hasKeptAncestor) keep[root] = true;
    }
    if (n > 0 && std::none_of(keep.begin(), keep.end(), [](bool k) { return k; })) keep[0] = true;
    return keep;
}

std::vector<int> lodBoneMap(const BoneTable& table, const QcLod& lod, DiagnosticSink& sink) {
    const auto& bones = table.bones();
    std::vector<int> map(bones.size());
    for (std::size_t b = 0; b < bones.size(); ++b)
        map[b] = static_cast<int>(b);
    if (table.isStaticProp()) return map;
    auto unknown = [&](const std::string& name, const SourceLocation& at, const char* option) {
        sink.report(kBoneCodes["BONE007"], at,
                    std::string("$lod ") + option + " names bone '" + name +
                        "', which the model does not have; the rule is skipped");
    };
    for (std::size_t i = 0; i < lod.boneTreeCollapses.size(); ++i) {
        const std::string& name = lod.boneTreeCollapses[i];
        const SourceLocation at =
            i < lod.boneTreeCollapsesAt.size() ? lod.boneTreeCollapsesAt[i] : lod.definedAt;
        const auto top = table.find(name);
        if (!top) {
            unknown(name, at, "bonetreecollapse");
            continue;
        }
        // Parents come first: a bone is below `top` when its parent is `top` or below it.
        std::vector<bool> below(bones.size(), false);
        for (std::size_t b = 0; b < bones.size(); ++b) {
            const int parent = bones[b].parent;
            if (parent >= 0 && (parent == *top || below[static_cast<std::size_t>(parent)])) {
                below[b] = true;
                map[b] = *top;
            }
        }
    }
    for (const QcBoneReplacement& replace : lod.replaceBones) {
        const auto from = table.find(replace.from);
        const auto to = table.find(replace.to);
        if (!from) unknown(replace.from, replace.at, "replacebone");
        if (!to) unknown(replace.to, replace.at, "replacebone");
        if (!from || !to) continue;
        for (int& target : map)
            if (target == *from) target = *to;
    }
    return map;
}

} // namespace vtxc
