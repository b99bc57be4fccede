// The .phy against its .mdl (model_physics_check.h). The rules are those of the PHY spec
// ("What the engine checks when it loads a .phy", "How studiomdl builds it") as Valve's own files
// bear them out; see the header for where they do not.
#include "tools/model_physics_check.h"

#include "formats/common/file_io.h"
#include "formats/common/text.h"
#include "formats/phy/phy_check.h"
#include "formats/studio/model_files.h"
#include "tools/tools_codes.h"

#include <cmath>
#include <cstdio>
#include <unordered_map>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

// studiomdl prints both masses from one float; the text keeps six decimals.
constexpr double kMassTolerance = 0.001;

std::string quoted(const std::string& text) {
    return "\"" + text + "\"";
}

std::string massText(double mass) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", mass);
    return text;
}

// Bone lookup by name as findMdlBone, in constant time per name (a hostile .phy and .mdl may
// hold a million solids and bones each).
class BoneNames {
  public:
    explicit BoneNames(const MdlFile& mdl) {
        for (std::size_t b = 0; b < mdl.bones.size(); ++b) {
            exact_.emplace(mdl.bones[b].name, b);
            folded_.emplace(asciiLower(mdl.bones[b].name), b);
        }
    }
    std::optional<std::size_t> find(const std::string& name) const {
        if (const auto it = exact_.find(name); it != exact_.end()) return it->second;
        if (const auto it = folded_.find(asciiLower(name)); it != folded_.end()) return it->second;
        return std::nullopt;
    }

  private:
    std::unordered_map<std::string, std::size_t> exact_;  // the first bone of each name
    std::unordered_map<std::string, std::size_t> folded_; // ... of each name in lower case
};

class PhysicsChecker {
  public:
    PhysicsChecker(const MdlFile& mdl, const std::string& mdlName, const PhyFile& phy,
                   const std::string& phyName, std::vector<Diagnostic>& out)
        : mdl_(mdl), mdlName_(mdlName), phy_(phy), phyName_(phyName), out_(out),
          blocks_(phySolidBlocks(phy)), jointed_(isJointedPhy(phy)) {}

    void run() {
        solidBones();
        if (phy_.checkSum != mdl_.checksum) {
            add(kPhysicsCheckCodes["PHYCHK001"], phyName_,
                "checkSum " + std::to_string(phy_.checkSum) + " differs from " +
                    std::to_string(mdl_.checksum) + " in " + mdlName_ +
                    ": the .phy comes from another compile, so the .mdl's mass and physicsbone "
                    "fields were not compared with it; recompile the model to bring them together");
            return;
        }
        physicsBones();
        mass();
        clientData();
    }

  private:
    void add(const DiagnosticCode& code, const std::string& file, std::string message) {
        out_.push_back(
            {code.severity, std::string(code.id), {file}, std::move(message), code.exit});
    }

    std::string solidText(std::size_t s) const {
        const std::string* name = blocks_[s] ? blocks_[s]->find("name") : nullptr;
        return "solid " + std::to_string(s) + (name ? " " + quoted(*name) : "");
    }

    std::string boneText(std::size_t b) const {
        return "bone " + std::to_string(b) + " " + quoted(mdl_.bones[b].name);
    }

    // Each solid's bone (jointed models only) and each bone's solid.
    void solidBones() {
        const BoneNames boneNames(mdl_);
        solidBone_.assign(phy_.solids.size(), std::nullopt);
        boneSolid_.assign(mdl_.bones.size(), std::nullopt);
        for (std::size_t s = 0; s < phy_.solids.size(); ++s) {
            const std::string* name = blocks_[s] ? blocks_[s]->find("name") : nullptr;
            if (!name) {
                add(kPhysicsCheckCodes["PHYCHK006"], phyName_,
                    "solid " + std::to_string(s) + " of " + std::to_string(phy_.solids.size()) +
                        " has no \"solid\" block with \"index\" \"" + std::to_string(s) +
                        "\" and a \"name\" in the text section");
                continue;
            }
            if (!jointed_) continue;
            const std::optional<std::size_t> bone = boneNames.find(*name);
            if (!bone) {
                add(kPhysicsCheckCodes["PHYCHK002"], phyName_,
                    solidText(s) + " names no bone of " + mdlName_ + " (" +
                        std::to_string(mdl_.bones.size()) +
                        " bones); the engine refuses the ragdoll: rename the solid after its "
                        "bone or recompile the model");
                continue;
            }
            solidBone_[s] = *bone;
            if (!boneSolid_[*bone]) boneSolid_[*bone] = s;
        }
    }

    // The solid each bone moves with and the bone that owns it: its own, else its nearest
    // ancestor's (parents come first in the .mdl, so one pass in order); none for a bone with
    // neither, where studiomdl leaves 0 (bunker_gun01's bones above its one solid).
    std::vector<std::optional<std::size_t>> solidOwners() const {
        std::vector<std::optional<std::size_t>> owner(mdl_.bones.size());
        for (std::size_t b = 0; b < mdl_.bones.size(); ++b) {
            const std::int32_t parent = mdl_.bones[b].parent;
            if (boneSolid_[b])
                owner[b] = b;
            else if (parent >= 0 && static_cast<std::size_t>(parent) < b)
                owner[b] = owner[static_cast<std::size_t>(parent)];
        }
        return owner;
    }

    void physicsBones() {
        const std::vector<std::optional<std::size_t>> owners = solidOwners();
        for (std::size_t b = 0; b < mdl_.bones.size(); ++b) {
            const std::optional<std::size_t> owner = owners[b];
            const std::size_t solid = owner ? *boneSolid_[*owner] : 0;
            const std::int32_t stored = mdl_.bones[b].physicsbone;
            if (stored == static_cast<std::int32_t>(solid)) continue;
            const std::string why = !owner        ? "no solid belongs to it or an ancestor"
                                    : *owner == b ? "it is " + solidText(solid) + "'s bone"
                                                  : "it moves with " + solidText(solid) +
                                                        " of its ancestor " + boneText(*owner);
            add(kPhysicsCheckCodes["PHYCHK003"], mdlName_,
                boneText(b) + " has physicsbone " + std::to_string(stored) + " but " + why +
                    " in " + phyName_ + ", so it should be " + std::to_string(solid) +
                    "; recompile the .mdl together with the .phy");
        }
    }

    void mass() {
        for (const PhyTextBlock* block : phy_.text.blocksOf(PhyBlockKind::EditParams)) {
            const std::optional<double> total = block->number("totalmass");
            if (!total) continue;
            if (std::fabs(static_cast<double>(mdl_.mass) - *total) > kMassTolerance)
                add(kPhysicsCheckCodes["PHYCHK004"], mdlName_,
                    "mass " + massText(mdl_.mass) + " differs from the totalmass " +
                        massText(*total) + " of " + phyName_ +
                        "'s editparams; recompile the .mdl together with the .phy");
            return;
        }
    }

    void clientData() {
        for (std::size_t s = 0; s < phy_.solids.size(); ++s) {
            if (!solidBone_[s]) continue;
            const PhyCompactSurface& surface = phy_.solids[s].surface;
            const auto expected = static_cast<std::int64_t>(*solidBone_[s]) + 1;
            for (std::size_t l : phyPieceLedges(surface)) {
                const std::int32_t data = surface.ledges[l].clientData;
                if (data == expected) continue;
                add(kPhysicsCheckCodes["PHYCHK005"], phyName_,
                    solidText(s) + " ledge " + std::to_string(l) + " has client data " +
                        std::to_string(data) + " (bone index + 1) but the solid is " +
                        boneText(*solidBone_[s]) + " of " + mdlName_ + ", so it should be " +
                        std::to_string(expected) + "; recompile the collision model");
            }
        }
    }

    const MdlFile& mdl_;
    const std::string& mdlName_;
    const PhyFile& phy_;
    const std::string& phyName_;
    std::vector<Diagnostic>& out_;
    std::vector<const PhyTextBlock*> blocks_;
    bool jointed_;
    std::vector<std::optional<std::size_t>> solidBone_;
    std::vector<std::optional<std::size_t>> boneSolid_;
};

} // namespace

fs::path findModelPhy(const fs::path& basePath) {
    fs::path base = basePath;
    if (lowerExtension(base) == ".mdl") base.replace_extension();
    return findFileIgnoringCase(base.parent_path(), base.filename().string() + ".phy");
}

std::optional<PhyFile> loadPhyFile(const fs::path& path, DiagnosticSink& sink) {
    const auto data = readWholeFile(path, sink, kMaxModelFileBytes);
    if (!data) return std::nullopt;
    return readPhy({reinterpret_cast<const std::uint8_t*>(data->data()), data->size()},
                   path.string(), sink);
}

bool isJointedPhy(const PhyFile& phy) {
    if (phy.solids.size() > 1 || !phy.text.blocksOf(PhyBlockKind::RagdollConstraint).empty())
        return true;
    for (const PhySolid& solid : phy.solids)
        for (std::size_t l : phyPieceLedges(solid.surface))
            if (solid.surface.ledges[l].clientData != 0) return true;
    return false;
}

std::vector<const PhyTextBlock*> phySolidBlocks(const PhyFile& phy) {
    std::vector<const PhyTextBlock*> blocks(phy.solids.size(), nullptr);
    std::int64_t position = 0;
    for (const PhyTextBlock* block : phy.text.blocksOf(PhyBlockKind::Solid)) {
        const std::int64_t index = block->integer("index").value_or(position);
        ++position;
        if (index < 0 || index >= static_cast<std::int64_t>(blocks.size())) continue;
        if (!blocks[static_cast<std::size_t>(index)])
            blocks[static_cast<std::size_t>(index)] = block;
    }
    return blocks;
}

std::optional<std::size_t> findMdlBone(const MdlFile& mdl, const std::string& name) {
    for (std::size_t b = 0; b < mdl.bones.size(); ++b)
        if (mdl.bones[b].name == name) return b;
    for (std::size_t b = 0; b < mdl.bones.size(); ++b)
        if (equalsIgnoringAsciiCase(mdl.bones[b].name, name)) return b;
    return std::nullopt;
}

std::vector<Diagnostic> checkModelPhysics(const MdlFile* mdl, const std::string& mdlName,
                                          const PhyFile& phy, const std::string& phyName) {
    std::vector<Diagnostic> findings = checkPhy(phy, phyName);
    if (mdl) PhysicsChecker(*mdl, mdlName, phy, phyName, findings).run();
    return findings;
}

} // namespace vtxc
