// Reads a .phy: phyheader_t, then per solid the "VPHY" header (or the old headerless form) and the
// compact surface (ledges, point pool, ledge tree), then the text section. Every offset and count
// is checked against the buffer and against its solid; the surface must be laid out as Valve's
// files are (docs/formats.md, ".phy"), which is what lets the model drop the offsets.
#include "formats/common/binary_read_support.h"
#include "formats/phy/phy.h"
#include "formats/phy/phy_codes.h"

#include <algorithm>
#include <cstring>

namespace vtxc {

namespace {

constexpr BinaryReadCodes kReadCodes{kPhyCodes["PHY003"], kPhyCodes["PHY004"], kPhyCodes["PHY005"],
                                     kPhyCodes["PHY006"]};

std::string at(std::size_t offset) {
    return " at byte " + std::to_string(offset);
}

// Reads the records of one solid, whose bytes are [start, end) of the file.
class SolidReader {
  public:
    SolidReader(BinaryRecordReader& in, std::size_t start, std::size_t end)
        : in_(in), r_(in.bytes()), start_(start), end_(end) {}

    bool read(PhySolid& solid) {
        const std::size_t size = end_ - start_;
        if (size >= 4 && std::memcmp(r_.bytes().data() + start_, "VPHY", 4) == 0)
            return readVphyHeader(solid) && readSurface(solid.surface, start_ + kPhyVphyHeaderSize);
        if (size >= kPhySurfaceHeaderSize && r_.u32(start_ + 44) == kPhyIvpsTag) {
            solid.hasVphyHeader = false;
            return readSurface(solid.surface, start_);
        }
        in_.fail(kPhyCodes["PHY002"], "solid" + at(start_) +
                                          " starts neither with \"VPHY\" nor with a compact "
                                          "surface tagged IVPS; the file is not a .phy or is "
                                          "corrupt");
        return false;
    }

  private:
    // Like BinaryRecordReader::need, and also inside the solid.
    bool need(const char* record, std::size_t offset, std::size_t count, std::size_t elementSize) {
        if (!in_.need(record, static_cast<std::int64_t>(offset), static_cast<std::int64_t>(count),
                      static_cast<std::int64_t>(elementSize)))
            return false;
        if (count == 0 || (offset <= end_ && count * elementSize <= end_ - offset)) return true;
        in_.fail(kPhyCodes["PHY004"], std::string(record) + at(offset) + " needs " +
                                          std::to_string(count * elementSize) +
                                          " bytes but its solid ends at byte " +
                                          std::to_string(end_) + "; the file is corrupt");
        return false;
    }

    void layoutError(const std::string& message) {
        in_.fail(kPhyCodes["PHY008"], message + "; the surface is not laid out as ledges, one "
                                                "point pool, then the ledge tree");
    }

    bool readVphyHeader(PhySolid& solid) {
        if (!need("VPHY collide header", start_, 1, kPhyVphyHeaderSize)) return false;
        solid.version = r_.u16(start_ + 4);
        solid.modelType = r_.u16(start_ + 6);
        if (solid.version != kPhyVphyVersion || solid.modelType != kPhyModelTypePolysoup) {
            in_.fail(kPhyCodes["PHY002"], "VPHY solid" + at(start_) + " has version 0x" +
                                              hex(solid.version) + " and model type " +
                                              std::to_string(solid.modelType) +
                                              "; only version 0x100 model type 0 is read");
            return false;
        }
        const std::int32_t surfaceSize = r_.i32(start_ + 8);
        if (surfaceSize < 0 ||
            static_cast<std::size_t>(surfaceSize) != end_ - start_ - kPhyVphyHeaderSize) {
            in_.fail(kPhyCodes["PHY007"], "VPHY surfaceSize" + at(start_ + 8) + " is " +
                                              std::to_string(surfaceSize) +
                                              " but the solid holds " +
                                              std::to_string(end_ - start_ - kPhyVphyHeaderSize) +
                                              " bytes after its header; the file is corrupt");
            return false;
        }
        solid.dragAxisAreas = {r_.f32(start_ + 12), r_.f32(start_ + 16), r_.f32(start_ + 20)};
        solid.axisMapSize = r_.i32(start_ + 24);
        return true;
    }

    static std::string hex(unsigned value) {
        static constexpr char kDigits[] = "0123456789abcdef";
        std::string text;
        do {
            text.insert(text.begin(), kDigits[value % 16]);
            value /= 16;
        } while (value != 0);
        return text;
    }

    bool readSurface(PhyCompactSurface& surface, std::size_t cs) {
        if (!need("compact surface header", cs, 1, kPhySurfaceHeaderSize)) return false;
        surface.massCenter = {r_.f32(cs), r_.f32(cs + 4), r_.f32(cs + 8)};
        surface.rotationInertia = {r_.f32(cs + 12), r_.f32(cs + 16), r_.f32(cs + 20)};
        surface.upperLimitRadius = r_.f32(cs + 24);
        const std::uint32_t packed = r_.u32(cs + 28);
        surface.maxFactorSurfaceDeviation = static_cast<std::uint8_t>(packed & 0xff);
        const std::size_t byteSize = packed >> 8;
        for (std::size_t k = 0; k < 3; ++k)
            surface.dummy[k] = r_.i32(cs + 36 + 4 * k);
        if (static_cast<std::uint32_t>(surface.dummy[2]) != kPhyIvpsTag) {
            in_.fail(kPhyCodes["PHY002"],
                     "compact surface" + at(cs) + " is not tagged IVPS; the file is corrupt");
            return false;
        }
        if (byteSize != end_ - cs) {
            in_.fail(kPhyCodes["PHY007"], "compact surface byte_size" + at(cs + 28) + " is " +
                                              std::to_string(byteSize) + " but its solid holds " +
                                              std::to_string(end_ - cs) +
                                              " bytes; the file is corrupt");
            return false;
        }
        const std::int32_t root = r_.i32(cs + 32);
        if (root < static_cast<std::int32_t>(kPhySurfaceHeaderSize) ||
            static_cast<std::size_t>(root) >= byteSize) {
            layoutError("offset_ledgetree_root" + at(cs + 32) + " is " + std::to_string(root) +
                        ", outside the " + std::to_string(byteSize) + "-byte surface");
            return false;
        }
        const std::size_t treeStart = cs + static_cast<std::size_t>(root);
        std::vector<std::size_t> ledgeStarts;
        std::size_t poolStart = 0;
        if (!readLedges(surface, cs + kPhySurfaceHeaderSize, treeStart, ledgeStarts, poolStart))
            return false;
        return readPoints(surface, poolStart, treeStart) &&
               readTree(surface, treeStart, ledgeStarts);
    }

    static PhyEdge unpackEdge(std::uint32_t word) {
        PhyEdge edge;
        edge.startPointIndex = static_cast<std::uint16_t>(word & 0xffff);
        const auto raw = static_cast<std::int32_t>((word >> 16) & 0x7fff);
        edge.oppositeIndex = static_cast<std::int16_t>(raw >= 0x4000 ? raw - 0x8000 : raw);
        edge.isVirtual = (word >> 31) != 0;
        return edge;
    }

    PhyTriangle readTriangle(std::size_t t) const {
        PhyTriangle tri;
        const std::uint32_t word = r_.u32(t);
        tri.triIndex = static_cast<std::uint16_t>(word & 0xfff);
        tri.pierceIndex = static_cast<std::uint16_t>((word >> 12) & 0xfff);
        tri.materialIndex = static_cast<std::uint8_t>((word >> 24) & 0x7f);
        tri.isVirtual = (word >> 31) != 0;
        for (std::size_t k = 0; k < 3; ++k)
            tri.edges[k] = unpackEdge(r_.u32(t + 4 + 4 * k));
        return tri;
    }

    // The ledges run from the surface header to the point pool the first ledge names; each must
    // name that same pool.
    bool readLedges(PhyCompactSurface& surface, std::size_t first, std::size_t treeStart,
                    std::vector<std::size_t>& ledgeStarts, std::size_t& poolStart) {
        if (!need("compact ledge", first, 1, kPhyLedgeHeaderSize)) return false;
        const std::int64_t firstPool = static_cast<std::int64_t>(first) + r_.i32(first);
        if (firstPool < 0) return in_.need("point pool", firstPool, 1, kPhyPointSize);
        if (firstPool < static_cast<std::int64_t>(first + kPhyLedgeHeaderSize) ||
            firstPool > static_cast<std::int64_t>(treeStart)) {
            layoutError("c_point_offset of the compact ledge" + at(first) + " is " +
                        std::to_string(r_.i32(first)) + ", not between the ledge and the tree");
            return false;
        }
        poolStart = static_cast<std::size_t>(firstPool);
        std::size_t lp = first;
        while (lp < poolStart) {
            if (!need("compact ledge", lp, 1, kPhyLedgeHeaderSize)) return false;
            const std::int32_t cPointOffset = r_.i32(lp);
            if (static_cast<std::int64_t>(lp) + cPointOffset != firstPool) {
                layoutError("c_point_offset of the compact ledge" + at(lp) + " is " +
                            std::to_string(cPointOffset) + " but the point pool starts at byte " +
                            std::to_string(poolStart));
                return false;
            }
            PhyLedge ledge;
            ledge.clientData = r_.i32(lp + 4);
            const std::uint32_t flags = r_.u32(lp + 8);
            ledge.hasChildrenFlag = static_cast<std::uint8_t>(flags & 3);
            ledge.isCompactFlag = static_cast<std::uint8_t>((flags >> 2) & 3);
            ledge.unusedBits = static_cast<std::uint8_t>((flags >> 4) & 0xf);
            ledge.sizeDiv16 = flags >> 8;
            const std::uint16_t n = r_.u16(lp + 12);
            ledge.reserved = r_.u16(lp + 14);
            if (!in_.countInRange("n_triangles", lp + 12, n,
                                  static_cast<std::int64_t>(kPhyMaxTrianglesPerLedge)))
                return false;
            if (!need("compact triangle", lp + kPhyLedgeHeaderSize, n, kPhyTriangleSize))
                return false;
            const std::size_t ledgeEnd = lp + kPhyLedgeHeaderSize + n * kPhyTriangleSize;
            if (ledgeEnd > poolStart) {
                layoutError("the compact ledge" + at(lp) + " with " + std::to_string(n) +
                            " triangles runs past the point pool at byte " +
                            std::to_string(poolStart));
                return false;
            }
            ledge.triangles.reserve(n);
            for (std::size_t t = 0; t < n; ++t)
                ledge.triangles.push_back(
                    readTriangle(lp + kPhyLedgeHeaderSize + t * kPhyTriangleSize));
            ledgeStarts.push_back(lp);
            surface.ledges.push_back(std::move(ledge));
            lp = ledgeEnd;
        }
        return true;
    }

    bool readPoints(PhyCompactSurface& surface, std::size_t poolStart, std::size_t treeStart) {
        if ((treeStart - poolStart) % kPhyPointSize != 0) {
            layoutError("the point pool from byte " + std::to_string(poolStart) +
                        " to the tree at byte " + std::to_string(treeStart) +
                        " is not a whole number of 16-byte points");
            return false;
        }
        const std::size_t count = (treeStart - poolStart) / kPhyPointSize;
        if (!need("point", poolStart, count, kPhyPointSize)) return false;
        surface.points.resize(count);
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t p = poolStart + i * kPhyPointSize;
            surface.points[i] = {r_.f32(p), r_.f32(p + 4), r_.f32(p + 8), r_.u32(p + 12)};
        }
        return true;
    }

    // Pre-order nodes from the root to the end of the surface; a right child lies after its node,
    // so following them always ends.
    bool readTree(PhyCompactSurface& surface, std::size_t treeStart,
                  const std::vector<std::size_t>& ledgeStarts) {
        if ((end_ - treeStart) % kPhyTreeNodeSize != 0) {
            layoutError("the ledge tree from byte " + std::to_string(treeStart) +
                        " to the end of the surface at byte " + std::to_string(end_) +
                        " is not a whole number of 28-byte nodes");
            return false;
        }
        const std::size_t count = (end_ - treeStart) / kPhyTreeNodeSize;
        if (!need("ledge tree node", treeStart, count, kPhyTreeNodeSize)) return false;
        surface.nodes.resize(count);
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t p = treeStart + i * kPhyTreeNodeSize;
            PhyTreeNode& node = surface.nodes[i];
            const std::int32_t right = r_.i32(p);
            if (right != 0) {
                const std::int64_t target = static_cast<std::int64_t>(p) + right;
                if (right < 0 || right % static_cast<std::int32_t>(kPhyTreeNodeSize) != 0 ||
                    target >= static_cast<std::int64_t>(end_)) {
                    layoutError("offset_right_node of the tree node" + at(p) + " is " +
                                std::to_string(right) + ", not a later node of the tree");
                    return false;
                }
                node.rightNode = static_cast<std::int32_t>(
                    (static_cast<std::size_t>(target) - treeStart) / kPhyTreeNodeSize);
            }
            const std::int32_t ledge = r_.i32(p + 4);
            if (ledge != 0) {
                const std::int64_t target = static_cast<std::int64_t>(p) + ledge;
                if (target < 0) return in_.need("compact ledge", target, 1, kPhyLedgeHeaderSize);
                const auto found =
                    std::lower_bound(ledgeStarts.begin(), ledgeStarts.end(),
                                     static_cast<std::size_t>(std::max<std::int64_t>(target, 0)));
                if (target < 0 || found == ledgeStarts.end() ||
                    static_cast<std::int64_t>(*found) != target) {
                    layoutError("offset_compact_ledge of the tree node" + at(p + 4) + " is " +
                                std::to_string(ledge) + ", which is not the start of a ledge");
                    return false;
                }
                node.ledge = static_cast<std::int32_t>(found - ledgeStarts.begin());
            }
            node.center = {r_.f32(p + 8), r_.f32(p + 12), r_.f32(p + 16)};
            node.radius = r_.f32(p + 20);
            for (std::size_t k = 0; k < 3; ++k)
                node.boxSizes[k] = r_.u8(p + 24 + k);
            node.unused = r_.u8(p + 27);
        }
        return true;
    }

    BinaryRecordReader& in_;
    const ByteReader& r_;
    std::size_t start_;
    std::size_t end_;
};

bool readHeader(BinaryRecordReader& in, PhyFile& file, std::int32_t& solidCount) {
    if (!in.need("phyheader_t", 0, 1, kPhyHeaderSize)) return false;
    const ByteReader& r = in.bytes();
    file.headerSize = r.i32(0);
    if (file.headerSize != kPhyHeaderSize) {
        in.fail(kPhyCodes["PHY001"], "phyheader_t size at byte 0 is " +
                                         std::to_string(file.headerSize) +
                                         ", not 16; this is not a .phy collision file");
        return false;
    }
    file.id = r.i32(4);
    solidCount = r.i32(8);
    file.checkSum = r.i32(12);
    // Each solid takes at least its 4-byte size, which bounds the count by the file.
    return in.countInRange("solidCount", 8, solidCount,
                           static_cast<std::int64_t>((in.size() - kPhyHeaderSize) / 4));
}

} // namespace

std::optional<PhyFile> readPhy(std::span<const std::uint8_t> bytes, const std::string& fileName,
                               DiagnosticSink& sink) {
    BinaryRecordReader in(bytes, fileName, kReadCodes, sink);
    PhyFile file;
    std::int32_t solidCount = 0;
    if (!readHeader(in, file, solidCount)) return std::nullopt;
    std::size_t pos = kPhyHeaderSize;
    for (std::int32_t s = 0; s < solidCount; ++s) {
        if (!in.need("solid size", static_cast<std::int64_t>(pos), 1, 4)) return std::nullopt;
        const std::int32_t solidSize = in.bytes().i32(pos);
        if (!in.need("solid", static_cast<std::int64_t>(pos + 4), solidSize, 1))
            return std::nullopt;
        const std::size_t start = pos + 4;
        const std::size_t end = start + static_cast<std::size_t>(solidSize);
        PhySolid solid;
        if (!SolidReader(in, start, end).read(solid)) return std::nullopt;
        file.solids.push_back(std::move(solid));
        pos = end;
    }
    const auto* text = reinterpret_cast<const char*>(bytes.data()) + pos;
    file.text = parsePhyText(std::string_view(text, bytes.size() - pos));
    return file;
}

} // namespace vtxc
