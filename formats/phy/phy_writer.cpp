// Writes a .phy in the layout every Valve file shows (docs/formats.md, ".phy"): per solid the
// "VPHY" header, the surface header, the ledges back to back, the point pool, the ledge tree in
// pre-order; then the text section. Offsets are laid out first (layoutCompactSurface) and every
// record's size is checked as it is written.
#include "formats/common/byte_writer.h"
#include "formats/phy/phy.h"

#include <algorithm>

namespace vtxc {

namespace {

std::uint32_t packEdge(const PhyEdge& edge) {
    VTXC_CHECK(edge.oppositeIndex >= -0x4000 && edge.oppositeIndex < 0x4000,
               "opposite_index " + std::to_string(edge.oppositeIndex) + " exceeds 15 bits");
    return edge.startPointIndex |
           (static_cast<std::uint32_t>(static_cast<std::uint16_t>(edge.oppositeIndex) & 0x7fff)
            << 16) |
           (static_cast<std::uint32_t>(edge.isVirtual) << 31);
}

std::uint32_t packTriangle(const PhyTriangle& tri) {
    VTXC_CHECK(tri.triIndex < 0x1000 && tri.pierceIndex < 0x1000 && tri.materialIndex < 0x80,
               "compact triangle field exceeds its bits");
    return tri.triIndex | (static_cast<std::uint32_t>(tri.pierceIndex) << 12) |
           (static_cast<std::uint32_t>(tri.materialIndex) << 24) |
           (static_cast<std::uint32_t>(tri.isVirtual) << 31);
}

std::int32_t relative(std::size_t to, std::size_t from) {
    return static_cast<std::int32_t>(static_cast<std::int64_t>(to) -
                                     static_cast<std::int64_t>(from));
}

void writeSurface(ByteWriter& out, const PhyCompactSurface& surface, std::size_t cs) {
    const PhySurfaceLayout layout = layoutCompactSurface(surface);
    VTXC_CHECK(layout.byteSize < (1u << 24), "compact surface of " +
                                                 std::to_string(layout.byteSize) +
                                                 " bytes exceeds byte_size's 24 bits");
    {
        auto record = out.record("compact surface header", kPhySurfaceHeaderSize, cs);
        out.f32(surface.massCenter.x);
        out.f32(surface.massCenter.y);
        out.f32(surface.massCenter.z);
        out.f32(surface.rotationInertia.x);
        out.f32(surface.rotationInertia.y);
        out.f32(surface.rotationInertia.z);
        out.f32(surface.upperLimitRadius);
        out.u32(surface.maxFactorSurfaceDeviation |
                (static_cast<std::uint32_t>(layout.byteSize) << 8));
        out.i32(static_cast<std::int32_t>(layout.treeOffset));
        for (const std::int32_t word : surface.dummy)
            out.i32(word);
    }
    for (std::size_t l = 0; l < surface.ledges.size(); ++l) {
        const PhyLedge& ledge = surface.ledges[l];
        VTXC_CHECK(ledge.triangles.size() <= 0xffff && ledge.sizeDiv16 < (1u << 24) &&
                       ledge.hasChildrenFlag < 4 && ledge.isCompactFlag < 4 &&
                       ledge.unusedBits < 16,
                   "compact ledge field exceeds its bits");
        const std::size_t at = layout.ledgeOffsets[l];
        auto record =
            out.record("compact ledge",
                       kPhyLedgeHeaderSize + kPhyTriangleSize * ledge.triangles.size(), cs + at);
        out.i32(relative(layout.pointsOffset, at));
        out.i32(ledge.clientData);
        out.u32(ledge.hasChildrenFlag | (static_cast<std::uint32_t>(ledge.isCompactFlag) << 2) |
                (static_cast<std::uint32_t>(ledge.unusedBits) << 4) | (ledge.sizeDiv16 << 8));
        out.u16(static_cast<std::uint16_t>(ledge.triangles.size()));
        out.u16(ledge.reserved);
        for (const PhyTriangle& tri : ledge.triangles) {
            out.u32(packTriangle(tri));
            for (const PhyEdge& edge : tri.edges)
                out.u32(packEdge(edge));
        }
    }
    {
        auto record = out.record("point pool", kPhyPointSize * surface.points.size(),
                                 cs + layout.pointsOffset);
        for (const PhyPoint& p : surface.points) {
            out.f32(p.x);
            out.f32(p.y);
            out.f32(p.z);
            out.u32(p.w);
        }
    }
    for (std::size_t n = 0; n < surface.nodes.size(); ++n) {
        const PhyTreeNode& node = surface.nodes[n];
        const std::size_t at = layout.nodeOffsets[n];
        auto record = out.record("ledge tree node", kPhyTreeNodeSize, cs + at);
        VTXC_CHECK(node.rightNode < 0 ||
                       (static_cast<std::size_t>(node.rightNode) > n &&
                        static_cast<std::size_t>(node.rightNode) < surface.nodes.size()),
                   "tree node " + std::to_string(n) + " has right child " +
                       std::to_string(node.rightNode) + ", not a later node");
        VTXC_CHECK(node.ledge < static_cast<std::int32_t>(surface.ledges.size()),
                   "tree node " + std::to_string(n) + " names ledge " + std::to_string(node.ledge));
        out.i32(node.rightNode < 0
                    ? 0
                    : relative(layout.nodeOffsets[static_cast<std::size_t>(node.rightNode)], at));
        out.i32(node.ledge < 0
                    ? 0
                    : relative(layout.ledgeOffsets[static_cast<std::size_t>(node.ledge)], at));
        out.f32(node.center.x);
        out.f32(node.center.y);
        out.f32(node.center.z);
        out.f32(node.radius);
        for (const std::uint8_t b : node.boxSizes)
            out.u8(b);
        out.u8(node.unused);
    }
}

} // namespace

PhySurfaceLayout layoutCompactSurface(const PhyCompactSurface& surface) {
    PhySurfaceLayout layout;
    std::size_t at = kPhySurfaceHeaderSize;
    for (const PhyLedge& ledge : surface.ledges) {
        layout.ledgeOffsets.push_back(at);
        at += kPhyLedgeHeaderSize + kPhyTriangleSize * ledge.triangles.size();
    }
    layout.pointsOffset = at;
    at += kPhyPointSize * surface.points.size();
    layout.treeOffset = at;
    for (std::size_t n = 0; n < surface.nodes.size(); ++n) {
        layout.nodeOffsets.push_back(at);
        at += kPhyTreeNodeSize;
    }
    layout.byteSize = at;
    return layout;
}

std::uint32_t phyCompactLedgeSizeDiv16(const PhyLedge& ledge) {
    std::vector<std::uint16_t> points;
    for (const PhyTriangle& tri : ledge.triangles)
        for (const PhyEdge& edge : tri.edges)
            points.push_back(edge.startPointIndex);
    std::sort(points.begin(), points.end());
    const auto distinct =
        static_cast<std::size_t>(std::unique(points.begin(), points.end()) - points.begin());
    return static_cast<std::uint32_t>(1 + ledge.triangles.size() + distinct);
}

std::optional<std::size_t> phyOuterHullLedge(const PhyCompactSurface& surface) {
    if (surface.nodes.empty()) return std::nullopt;
    const PhyTreeNode& root = surface.nodes.front();
    if (root.rightNode < 0 || root.ledge < 0) return std::nullopt;
    return static_cast<std::size_t>(root.ledge);
}

std::vector<std::uint8_t> writePhy(const PhyFile& file) {
    ByteWriter out;
    {
        auto record = out.record("phyheader_t", kPhyHeaderSize, 0);
        out.i32(file.headerSize);
        out.i32(file.id);
        out.i32(static_cast<std::int32_t>(file.solids.size()));
        out.i32(file.checkSum);
    }
    for (const PhySolid& solid : file.solids) {
        const std::size_t surfaceSize = layoutCompactSurface(solid.surface).byteSize;
        const std::size_t solidSize = (solid.hasVphyHeader ? kPhyVphyHeaderSize : 0) + surfaceSize;
        out.i32(static_cast<std::int32_t>(solidSize));
        const std::size_t start = out.size();
        if (solid.hasVphyHeader) {
            auto record = out.record("VPHY collide header", kPhyVphyHeaderSize, start);
            out.chars("VPHY");
            out.u16(solid.version);
            out.u16(solid.modelType);
            out.i32(static_cast<std::int32_t>(surfaceSize));
            out.f32(solid.dragAxisAreas.x);
            out.f32(solid.dragAxisAreas.y);
            out.f32(solid.dragAxisAreas.z);
            out.i32(solid.axisMapSize);
        }
        writeSurface(out, solid.surface, out.size());
        VTXC_CHECK(out.size() == start + solidSize, "solid written with the wrong size");
    }
    out.chars(formatPhyText(file.text));
    return out.take();
}

} // namespace vtxc
