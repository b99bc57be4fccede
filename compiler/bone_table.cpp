// The model's bone table: reference SMD nodes merged by name, and node -> model bone maps.
// Name matching is case-insensitive, as studiomdl's is (bone names in SMDs vary in case).
#include "compiler/bone_table.h"

#include "compiler/compile_codes.h"
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
        sink.report(kBoneCodes["BONE001"], {smd.fileName, node.line},
                    "bone '" + node.name +
                        "' is not in the reference skeleton; a LOD mesh may only use bones of the "
                        "reference SMD (rename it, or add it to the reference)");
        ok = false;
    }
    if (!ok) return std::nullopt;
    return map;
}

} // namespace vtxc
