// The model's bone table: the reference SMDs' nodes merged by name, and each SMD's map onto it.
// studiomdl matches bones by name, case-insensitively; a $staticprop collapses to one bone.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/qc/qc_project.h"
#include "formats/smd/smd.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace vtxc {

struct ModelBone {
    std::string name;
    int parent = -1;
    // Bind pose relative to the parent: the $definebone values, else the first reference SMD's
    // skeleton that has the bone.
    Vec3 position;
    Vec3 rotation;             // Euler radians (x, y, z)
    bool defined = false;      // declared by $definebone (kept even when nothing uses it)
    SourceLocation declaredAt; // the $definebone line, or the node line of the first SMD naming it
};

class BoneTable {
  public:
    // Merges the nodes of every reference SMD, in order of first appearance. A bone whose parent
    // differs between files keeps the first file's parent (and a warning says so).
    static BoneTable fromReferences(const std::vector<const SmdFile*>& references,
                                    DiagnosticSink& sink);
    // The $definebone bones first, in QC order, then the reference SMDs' other nodes in order of
    // first appearance. A $definebone whose parent is not an earlier $definebone is an error
    // (BONE003) naming its line; returns nothing then.
    static std::optional<BoneTable> fromDefinitions(const std::vector<QcDefinedBone>& defined,
                                                    const std::vector<const SmdFile*>& references,
                                                    DiagnosticSink& sink);
    // One bone, "static_prop", that every vertex is bound to.
    static BoneTable staticProp();

    const std::vector<ModelBone>& bones() const { return bones_; }
    bool isStaticProp() const { return staticProp_; }
    std::optional<int> find(const std::string& name) const;

    // For each node of `smd`, its model bone. A node whose name is not in the table is an error
    // (BONE001) naming it and the file; returns nothing then. A node naming a bone that
    // collapse() removed maps to the bone it was folded into.
    std::optional<std::vector<int>> mapNodes(const SmdFile& smd, DiagnosticSink& sink) const;

    // Removes every bone `keep` marks false (none may have a kept descendant); each is folded
    // into its nearest kept ancestor, which takes its vertex weights through mapNodes. Returns,
    // per old bone, its new index (a removed bone: its ancestor's; -1 when it has none).
    std::vector<int> collapse(const std::vector<bool>& keep);
    // Bones folded away by collapse(), in table order, with the bone each went to.
    const std::vector<std::pair<ModelBone, int>>& collapsed() const { return collapsed_; }

  private:
    void add(ModelBone bone);
    void addReferenceNodes(const std::vector<const SmdFile*>& references, DiagnosticSink& sink);

    std::vector<ModelBone> bones_;
    // Lower-case name -> bone: lookups in constant time, so tens of thousands of nodes stay
    // linear work.
    std::unordered_map<std::string, int> byName_;
    // Lower-case name of a collapsed bone -> the bone it was folded into.
    std::unordered_map<std::string, int> foldedInto_;
    std::vector<std::pair<ModelBone, int>> collapsed_;
    bool staticProp_ = false;
};

// What keeps a bone in the model (docs/mdl-compile.md, "Unused bones"), per bone of the table.
struct BoneNeeds {
    std::vector<bool> named;    // an $attachment, $hbox, $bonemerge, $ikchain or $weightlist
    std::vector<bool> animated; // the skeleton of one of the model's animation sources names it
    std::vector<bool> weighted; // a vertex of some LOD is weighted to it (after its LOD's rules)
};

// The bones studiomdl keeps: a bone declared by $definebone, one a QC command names, one both
// animated and weighted, and every ancestor of a kept bone. A bone that carries weights but has
// no kept ancestor is kept too (its vertices need a bone), and so is the first bone when nothing
// else is.
std::vector<bool> bonesToKeep(const BoneTable& table, const BoneNeeds& needs);

// A LOD's bone rules: `bonetreecollapse BONE` takes every bone below BONE to BONE, then
// `replacebone OLD NEW` takes OLD (and what was taken to OLD) to NEW. Returns the bone each
// bone's weights go to in that LOD. A name the table does not know is a warning (BONE007) at
// its line, and the rule is skipped.
std::vector<int> lodBoneMap(const BoneTable& table, const QcLod& lod, DiagnosticSink& sink);

} // namespace vtxc
