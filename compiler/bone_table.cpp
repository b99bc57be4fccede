// The model's bone table: reference SMD nodes merged by name, and node -> model bone maps.
// Name matching is case-insensitive, as studiomdl's is (bone names in SMDs vary in case).
#include "compiler/bone_table.h"

#include "formats/common/text.h"

#include "compiler/compile_codes.h"

#include <algorithm>

namespace vtxc {

std::optional<int> BoneTable::find(const std::string& name) const {
    for (std::size_t i = 0; i < bones_.size(); ++i)
        if (equalsIgnoringAsciiCase(bones_[i].name, name)) return static_cast<int>(i);
    return std::nullopt;
}

BoneTable BoneTable::fromReferences(const std::vector<const SmdFile*>& references,
                                    DiagnosticSink& sink) {
    BoneTable table;
    for (const SmdFile* smd : references) {
        for (const SmdNode& node : smd->nodes) {
            const int parent = node.parent < 0 ? -1 : *table.find(smd->nodes[node.parent].name);
            if (auto existing = table.find(node.name)) {
                if (table.bones_[*existing].parent != parent)
                    sink.report(kBoneCodes["BONE002"], {smd->fileName, node.line},
                                "bone '" + node.name +
                                    "' has another parent here than in an earlier file; the "
                                    "first file's hierarchy is kept");
                continue;
            }
            table.bones_.push_back({node.name, parent});
        }
    }
    return table;
}

BoneTable BoneTable::staticProp() {
    BoneTable table;
    table.bones_.push_back({"static_prop", -1});
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
