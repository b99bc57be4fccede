// The model's bone table: the reference SMDs' nodes merged by name, and each SMD's map onto it.
// studiomdl matches bones by name, case-insensitively; a $staticprop collapses to one bone.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/qc/qc_project.h"
#include "formats/smd/smd.h"

#include <optional>
#include <string>
#include <unordered_map>
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
    // (BONE001) naming it and the file; returns nothing then.
    std::optional<std::vector<int>> mapNodes(const SmdFile& smd, DiagnosticSink& sink) const;

  private:
    void add(ModelBone bone);
    void addReferenceNodes(const std::vector<const SmdFile*>& references, DiagnosticSink& sink);

    std::vector<ModelBone> bones_;
    // Lower-case name -> bone: lookups in constant time, so tens of thousands of nodes stay
    // linear work.
    std::unordered_map<std::string, int> byName_;
    bool staticProp_ = false;
};

} // namespace vtxc
