// Text tree of a .phy for `vtxc inspect FILE.phy`: the header, one line per solid and per piece
// (points, triangles, volume, bounds, client data), the text blocks (docs/formats.md, ".phy"),
// then the structural check's findings. The --json output has the same figures (phy_json.cpp).
#include "cli/inspect/phy_view.h"
#include "cli/inspect/text_tree.h"
#include "tools/model_physics_check.h"

#include <algorithm>
#include <cstdio>
#include <initializer_list>

namespace vtxc::cli {

namespace {

// Adding 0 turns -0 (a bound on an axis plane) into 0.
std::string vec(const Vec3& v) {
    return "(" + number(v.x + 0.0f) + ", " + number(v.y + 0.0f) + ", " + number(v.z + 0.0f) + ")";
}

std::string quoted(const std::string& text) {
    return "\"" + text + "\"";
}

std::string volumeText(double volume) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", volume);
    return text;
}

// A stored value as it reads best: bare when it is one word, else quoted (rootname " ").
std::string valueText(const std::string& value) {
    const bool word = !value.empty() && value.find_first_of(" \t\"") == std::string::npos;
    return word ? value : quoted(value);
}

// "key value, key value" over the pairs not in `skip`.
std::string pairsText(const PhyTextBlock& block,
                      std::initializer_list<std::string_view> skip = {}) {
    std::string text;
    for (const PhyKeyValue& pair : block.pairs) {
        if (std::find(skip.begin(), skip.end(), pair.key) != skip.end()) continue;
        text += (text.empty() ? "" : ", ") + pair.key + " " + valueText(pair.value);
    }
    return text;
}

void pieceLines(Tree& t, const PhyCompactSurface& surface, bool jointed) {
    const std::vector<PhyPieceFigures> pieces = phyPieceFigures(surface);
    for (std::size_t p = 0; p < pieces.size(); ++p) {
        const PhyPieceFigures& piece = pieces[p];
        std::string line = "piece " + std::to_string(p) + " (ledge " + std::to_string(piece.ledge) +
                           "): " + count(piece.points, "point") + ", " +
                           count(piece.triangles, "triangle") + ", volume " +
                           volumeText(piece.volume) + " cubic inches";
        if (!piece.bounds.empty)
            line += ", bounds " + vec(piece.bounds.min) + " .. " + vec(piece.bounds.max);
        line += ", client data " + std::to_string(piece.clientData);
        if (jointed && piece.clientData > 0)
            line += " (bone " + std::to_string(piece.clientData - 1) + ")";
        t.line(2, line);
    }
}

void solidLines(Tree& t, const PhyFile& file, bool jointed) {
    const std::vector<const PhyTextBlock*> blocks = phySolidBlocks(file);
    for (std::size_t s = 0; s < file.solids.size(); ++s) {
        const PhyCompactSurface& surface = file.solids[s].surface;
        const PhyTextBlock* block = blocks[s];
        std::string line = "solid " + std::to_string(s);
        if (block) {
            if (const std::string* name = block->find("name")) line += " " + quoted(*name);
            if (const std::string* parent = block->find("parent"))
                line += ", parent " + quoted(*parent);
            if (const auto mass = block->number("mass")) line += ", mass " + volumeText(*mass);
            if (const std::string* prop = block->find("surfaceprop"))
                line += ", surfaceprop " + quoted(*prop);
        } else {
            line += " (no \"solid\" block in the text)";
        }
        line += ": " + count(phyPieceLedges(surface).size(), "piece") + ", " +
                (phyOuterHullLedge(surface) ? "an outer hull" : "no outer hull") + ", " +
                count(surface.points.size(), "point") + " in the pool, " +
                count(surface.nodes.size(), "tree node");
        t.line(1, line);
        if (block) {
            const std::string rest =
                pairsText(*block, {"index", "name", "parent", "mass", "surfaceprop"});
            if (!rest.empty()) t.line(2, rest);
        }
        pieceLines(t, surface, jointed);
    }
}

void constraintLine(Tree& t, const PhyTextBlock& block) {
    const auto params = ragdollConstraintParams(block);
    if (!params) {
        t.line(1, "ragdollconstraint: " + pairsText(block));
        return;
    }
    std::string line = "ragdollconstraint " + std::to_string(params->parent) + " -> " +
                       std::to_string(params->child) + ":";
    constexpr const char* kAxes[] = {"x", "y", "z"};
    for (std::size_t a = 0; a < 3; ++a)
        line += std::string(a == 0 ? " " : ", ") + kAxes[a] + " " + number(params->min[a]) +
                " .. " + number(params->max[a]) + " friction " + number(params->friction[a]);
    t.line(1, line);
}

void verbatimLines(Tree& t, const PhyTextBlock& block) {
    t.line(1, "block " + (block.name.empty() ? std::string("(unnamed)") : quoted(block.name)) +
                  ", verbatim:");
    std::size_t start = 0;
    const std::string& text = block.verbatim;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        if (line.find_first_not_of(" \t\r") != std::string::npos) t.line(2, line);
        start = end + 1;
    }
}

void textLines(Tree& t, const PhyText& text) {
    for (const PhyTextBlock& block : text.blocks) {
        switch (block.kind) {
        case PhyBlockKind::Solid:
            break; // shown with its solid
        case PhyBlockKind::RagdollConstraint:
            constraintLine(t, block);
            break;
        case PhyBlockKind::CollisionRules:
        case PhyBlockKind::AnimatedFriction:
        case PhyBlockKind::EditParams:
            t.line(1, block.name + ": " + pairsText(block));
            break;
        case PhyBlockKind::Other:
            verbatimLines(t, block);
            break;
        }
    }
    if (!text.trailing.empty())
        t.line(1, count(text.trailing.size(), "byte") + " of text after the last block");
    if (!text.nulTerminated) t.line(1, "the text section has no terminating NUL");
}

} // namespace

std::string phyTree(const PhyFile& file, const std::string& name,
                    const std::vector<Diagnostic>& findings) {
    Tree t;
    const bool jointed = isJointedPhy(file);
    t.line(0, name + ": .phy, " + count(file.solids.size(), "solid") + ", checkSum " +
                  std::to_string(file.checkSum) + (jointed ? ", jointed" : ", one rigid solid"));
    solidLines(t, file, jointed);
    textLines(t, file.text);
    if (findings.empty()) {
        t.line(1, "structure: sound (hulls closed, triangles aligned, indices in range, the tree "
                  "reaches every ledge)");
    } else {
        t.line(1, "structure: " + count(findings.size(), "finding") + ":");
        for (const Diagnostic& f : findings)
            t.line(2, std::string(severityLabel(f.severity)) + "[" + f.code + "] " + f.message);
    }
    return t.take();
}

} // namespace vtxc::cli
