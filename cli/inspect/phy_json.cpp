// JSON view of a .phy for `vtxc inspect FILE.phy --json`: header fields as phyfile.h names them,
// one object per solid with its text block's keys and its pieces measured, the typed text blocks
// (vcollide_parse.h key names), other blocks verbatim, and the structural check's findings.
#include "cli/inspect/compiled_file_json.h"
#include "cli/inspect/phy_view.h"
#include "tools/model_physics_check.h"

namespace vtxc::cli {

using Json = nlohmann::ordered_json;

namespace {

Json vec(const Vec3& v) {
    return Json::array({v.x, v.y, v.z});
}

// Every pair of a block as stored (values are text in the file), in order; a key given twice
// keeps its first value here (the typed views below list repeated keys in full).
Json pairsJson(const PhyTextBlock& block) {
    Json out = Json::object();
    for (const PhyKeyValue& pair : block.pairs)
        if (!out.contains(pair.key)) out[pair.key] = pair.value;
    return out;
}

Json pieceJson(const PhyPieceFigures& piece, bool jointed) {
    Json j{{"ledge", piece.ledge},
           {"numPoints", piece.points},
           {"numTriangles", piece.triangles},
           {"volume", piece.volume}};
    if (!piece.bounds.empty) {
        j["boundsMin"] = vec(piece.bounds.min);
        j["boundsMax"] = vec(piece.bounds.max);
    }
    j["clientData"] = piece.clientData;
    if (jointed && piece.clientData > 0) j["bone"] = piece.clientData - 1;
    return j;
}

Json solidJson(const PhySolid& solid, std::size_t index, const PhyTextBlock* block, bool jointed) {
    const PhyCompactSurface& surface = solid.surface;
    Json j{{"index", index}};
    if (block) {
        if (const std::string* name = block->find("name")) j["name"] = *name;
        if (const std::string* parent = block->find("parent")) j["parent"] = *parent;
        if (const auto mass = block->number("mass")) j["mass"] = *mass;
        if (const std::string* prop = block->find("surfaceprop")) j["surfaceprop"] = *prop;
        j["keyvalues"] = pairsJson(*block);
    }
    j["version"] = solid.version;
    j["modelType"] = solid.modelType;
    j["dragAxisAreas"] = vec(solid.dragAxisAreas);
    j["massCenter"] = vec(phyToSourceUnits(surface.massCenter));
    j["hasOuterHull"] = phyOuterHullLedge(surface).has_value();
    j["numLedges"] = surface.ledges.size();
    j["numPoints"] = surface.points.size();
    j["numNodes"] = surface.nodes.size();
    j["pieces"] = arrayOf(phyPieceFigures(surface),
                          [jointed](const PhyPieceFigures& p) { return pieceJson(p, jointed); });
    return j;
}

Json constraintJson(const PhyTextBlock& block) {
    const auto params = ragdollConstraintParams(block);
    if (!params) return pairsJson(block);
    Json j{{"parent", params->parent}, {"child", params->child}};
    constexpr const char* kAxes[] = {"x", "y", "z"};
    for (std::size_t a = 0; a < 3; ++a) {
        j[std::string(kAxes[a]) + "min"] = params->min[a];
        j[std::string(kAxes[a]) + "max"] = params->max[a];
        j[std::string(kAxes[a]) + "friction"] = params->friction[a];
    }
    return j;
}

Json collisionRulesJson(const PhyTextBlock& block) {
    Json j = Json::object();
    if (const auto self = block.integer("selfcollisions")) j["selfcollisions"] = *self;
    j["collisionpair"] = block.all("collisionpair");
    return j;
}

Json editParamsJson(const PhyTextBlock& block) {
    const auto params = editParams(block);
    if (!params) return pairsJson(block);
    Json j{{"rootname", params->rootname},
           {"totalmass", params->totalmass},
           {"concave", params->concave}};
    j["jointmerge"] = block.all("jointmerge");
    return j;
}

Json numbersJson(const PhyTextBlock& block) {
    Json j = Json::object();
    for (const PhyKeyValue& pair : block.pairs) {
        if (const auto value = block.number(pair.key))
            j[pair.key] = *value;
        else
            j[pair.key] = pair.value;
    }
    return j;
}

} // namespace

Json phyJson(const PhyFile& file, const std::vector<Diagnostic>& findings) {
    const bool jointed = isJointedPhy(file);
    Json j{{"kind", "phy"},
           {"size", file.headerSize},
           {"id", file.id},
           {"solidCount", file.solids.size()},
           {"checkSum", file.checkSum},
           {"jointed", jointed}};
    const std::vector<const PhyTextBlock*> blocks = phySolidBlocks(file);
    Json solids = Json::array();
    for (std::size_t s = 0; s < file.solids.size(); ++s)
        solids.push_back(solidJson(file.solids[s], s, blocks[s], jointed));
    j["solids"] = std::move(solids);

    Json constraints = Json::array(), rules = Json::array(), friction = Json::array(),
         edit = Json::array(), other = Json::array();
    for (const PhyTextBlock& block : file.text.blocks) {
        switch (block.kind) {
        case PhyBlockKind::Solid:
            break;
        case PhyBlockKind::RagdollConstraint:
            constraints.push_back(constraintJson(block));
            break;
        case PhyBlockKind::CollisionRules:
            rules.push_back(collisionRulesJson(block));
            break;
        case PhyBlockKind::AnimatedFriction:
            friction.push_back(numbersJson(block));
            break;
        case PhyBlockKind::EditParams:
            edit.push_back(editParamsJson(block));
            break;
        case PhyBlockKind::Other:
            other.push_back({{"name", block.name}, {"verbatim", block.verbatim}});
            break;
        }
    }
    j["ragdollconstraint"] = std::move(constraints);
    j["collisionrules"] = std::move(rules);
    j["animatedfriction"] = std::move(friction);
    j["editparams"] = std::move(edit);
    j["otherBlocks"] = std::move(other);
    j["trailing"] = file.text.trailing;
    j["nulTerminated"] = file.text.nulTerminated;
    j["findings"] = arrayOf(findings, [](const Diagnostic& f) {
        return Json{
            {"code", f.code}, {"severity", severityLabel(f.severity)}, {"message", f.message}};
    });
    return j;
}

} // namespace vtxc::cli
