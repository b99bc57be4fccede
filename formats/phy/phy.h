// Data model of the .phy collision file (IVP compact surfaces plus a key-value text section) and
// its reader and writer. Follows phyfile.h and vcollide_parse.h of the public Source SDK 2013, the
// Valve Developer Community wiki, and what Valve-compiled files show (docs/formats.md, ".phy").
//
// Layout decisions (docs/formats.md, ".phy"):
// - Offsets are not stored: the model holds records in file order and indices between them, and the
//   writer derives every offset (solidSize, surfaceSize, byte_size, offset_ledgetree_root,
//   c_point_offset, offset_right_node, offset_compact_ledge) from one canonical layout, the one
//   every Valve file shows: 48-byte surface header, the ledges back to back (each 16 + 16 x
//   n_triangles bytes, so every triangle is 16-byte aligned), the point pool, the tree nodes to the
//   end of the surface. The reader refuses (PHY008) a surface laid out otherwise, so
//   writePhy(*readPhy(bytes)) == bytes for every file it accepts.
// - Fields whose meaning is not pure layout are kept as read: size_div_16 (Valve counts the ledge
//   header, its triangles and the distinct points it uses, even when the pool is shared), the
//   client data, the flag bits, the reserved and unused words, the points' fourth word.
// - The outer-hull ledge (the convex hull of a multi-piece solid, referenced by the root tree node
//   when the root is not a leaf) is an ordinary entry of `ledges`: Valve writes it after the
//   pieces, with has_children_flag 1 and client_data = (offset of its tree node) - (offset of the
//   ledge). phyOuterHullLedge() finds it; layoutCompactSurface() gives the offsets to fill
//   client_data.
// - Edges keep opposite_index as the signed distance in 4-byte edge slots, as stored.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/common/vector_types.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vtxc {

inline constexpr std::int32_t kPhyHeaderSize = 16;        // phyheader_t
inline constexpr std::size_t kPhyChecksumOffset = 12;     // phyheader_t::checkSum
inline constexpr std::size_t kPhyVphyHeaderSize = 28;     // "VPHY" collide header + surface header
inline constexpr std::size_t kPhySurfaceHeaderSize = 48;  // compact surface header
inline constexpr std::size_t kPhyLedgeHeaderSize = 16;    // compact ledge header
inline constexpr std::size_t kPhyTriangleSize = 16;       // compact triangle: 1 word + 3 edges
inline constexpr std::size_t kPhyPointSize = 16;          // x, y, z, unused word
inline constexpr std::size_t kPhyTreeNodeSize = 28;       // compact ledge tree node
inline constexpr std::uint16_t kPhyVphyVersion = 0x0100;  // the only version studiomdl writes
inline constexpr std::uint16_t kPhyModelTypePolysoup = 0; // convex pieces; the only type written
inline constexpr std::uint32_t kPhyIvpsTag = 0x53505649;  // "IVPS" as a little-endian word
inline constexpr std::size_t kPhyMaxTrianglesPerLedge = 4096; // tri_index has 12 bits
inline constexpr std::size_t kPhyMaxPoints = 65536;           // start_point_index has 16 bits
// Source units (inches) per physics-space metre: 1 / 0.0254.
inline constexpr double kPhyInchesPerMetre = 1.0 / 0.0254;

// One edge of a compact triangle (a 32-bit word): bits 0-15 start_point_index (into the solid's
// point pool), 16-30 opposite_index (signed distance in 4-byte edge slots from this edge to the
// same edge, reversed, in the neighbouring triangle), 31 is_virtual.
struct PhyEdge {
    std::uint16_t startPointIndex = 0;
    std::int16_t oppositeIndex = 0; // -16384..16383
    bool isVirtual = false;
    bool operator==(const PhyEdge&) const = default;
};

// A compact triangle: bits 0-11 tri_index, 12-23 pierce_index (a triangle of the same ledge, by
// tri_index), 24-30 material_index, 31 is_virtual; then three edges.
struct PhyTriangle {
    std::uint16_t triIndex = 0;     // 0..4095
    std::uint16_t pierceIndex = 0;  // 0..4095
    std::uint8_t materialIndex = 0; // 0..127
    bool isVirtual = false;
    std::array<PhyEdge, 3> edges{};
    bool operator==(const PhyTriangle&) const = default;
};

// A compact ledge (one convex piece, or the outer hull). c_point_offset and n_triangles are
// derived by the writer (the pool start minus the ledge's offset; triangles.size()).
struct PhyLedge {
    std::int32_t clientData = 0;      // piece: bone index + 1 (jointed) or 0; hull: see above
    std::uint8_t hasChildrenFlag = 0; // 2 bits; 1 on the outer hull
    std::uint8_t isCompactFlag = 1;   // 2 bits
    std::uint8_t unusedBits = 0;      // 4 bits
    std::uint32_t sizeDiv16 = 0;      // 24 bits, as read (phyCompactLedgeSizeDiv16 computes it)
    std::uint16_t reserved = 0;
    std::vector<PhyTriangle> triangles; // at most kPhyMaxTrianglesPerLedge
    bool operator==(const PhyLedge&) const = default;
};

// A point of the pool, physics space (metres). `w` is the fourth word, kept as its bits.
struct PhyPoint {
    float x = 0, y = 0, z = 0;
    std::uint32_t w = 0;
    bool operator==(const PhyPoint&) const = default;
};

// A node of the ledge tree, pre-order (the left child is the next node). Offsets become indices.
struct PhyTreeNode {
    std::int32_t rightNode = -1; // index into nodes of the right child; -1 for a leaf
    std::int32_t ledge = -1;     // index into ledges; -1 when offset_compact_ledge is 0
    Vec3 center;                 // physics space
    float radius = 0;
    std::array<std::uint8_t, 3> boxSizes{}; // extent per axis in units of radius / 250
    std::uint8_t unused = 0;
    bool operator==(const PhyTreeNode&) const = default;
};

// The compact surface of one solid. byte_size and offset_ledgetree_root are derived.
struct PhyCompactSurface {
    Vec3 massCenter;      // physics space
    Vec3 rotationInertia; // principal moments per unit mass
    float upperLimitRadius = 0;
    std::uint8_t maxFactorSurfaceDeviation = 0;
    // The three ints after the root offset: 0 in files (the engine keeps the solid index there),
    // 0, and the tag "IVPS" (kPhyIvpsTag). Kept as read.
    std::array<std::int32_t, 3> dummy{0, 0, static_cast<std::int32_t>(kPhyIvpsTag)};
    std::vector<PhyLedge> ledges;   // file order: the pieces, then the outer hull if any
    std::vector<PhyPoint> points;   // the solid's one point pool, shared by its ledges
    std::vector<PhyTreeNode> nodes; // pre-order from the root; never empty in a valid surface
    bool operator==(const PhyCompactSurface&) const = default;
};

// One solid: the 28-byte "VPHY" header (absent in the very old headerless form) and its surface.
struct PhySolid {
    bool hasVphyHeader = true; // false: the old form, the surface starts at once (read, not made)
    std::uint16_t version = kPhyVphyVersion;
    std::uint16_t modelType = kPhyModelTypePolysoup;
    Vec3 dragAxisAreas;           // per axis, share 0..1 of the box face the shape covers
    std::int32_t axisMapSize = 0; // 0 in every file
    PhyCompactSurface surface;
    bool operator==(const PhySolid&) const = default;
};

// ---- Text section (vcollide_parse.h) -------------------------------------------------------

enum class PhyBlockKind {
    Solid,
    RagdollConstraint,
    CollisionRules,
    AnimatedFriction,
    EditParams,
    Other
};

struct PhyKeyValue {
    std::string key;
    std::string value;
    bool operator==(const PhyKeyValue&) const = default;
};

// One top-level block. The five known kinds hold their pairs in order and print canonically as
// Valve does: `name {\n`, one `"key" "value"\n` per pair, `}\n`. A block of another name, or a
// known block not in that exact form, is kind Other and keeps its exact text in `verbatim`
// (including any whitespace before it and the newline after its closing brace).
struct PhyTextBlock {
    PhyBlockKind kind = PhyBlockKind::Other;
    std::string name; // "solid", "ragdollconstraint", ...; Other: the name as written, or empty
    std::vector<PhyKeyValue> pairs;
    std::string verbatim;

    // The first value of `key`, or null.
    const std::string* find(std::string_view key) const;
    // Every value of `key` in order (e.g. "collisionpair", "jointmerge").
    std::vector<std::string> all(std::string_view key) const;
    // The value of `key` parsed as a number (whole value, decimal); nothing when absent or not one.
    std::optional<double> number(std::string_view key) const;
    std::optional<std::int64_t> integer(std::string_view key) const;
    void add(std::string key, std::string value) {
        pairs.push_back({std::move(key), std::move(value)});
    }
    bool operator==(const PhyTextBlock&) const = default;
};

// The text after the last solid: blocks, then `trailing` (bytes that are not a block, kept as
// they are), then the terminating NUL when `nulTerminated`.
struct PhyText {
    std::vector<PhyTextBlock> blocks;
    std::string trailing;
    bool nulTerminated = true;

    std::vector<const PhyTextBlock*> blocksOf(PhyBlockKind kind) const;
    bool operator==(const PhyText&) const = default;
};

// A whole .phy. solidCount is solids.size(); every size and offset is derived by the writer.
struct PhyFile {
    std::int32_t headerSize = kPhyHeaderSize; // phyheader_t::size; the reader requires 16
    std::int32_t id = 0;
    std::int32_t checkSum = 0; // the model's checksum, as in the .mdl
    std::vector<PhySolid> solids;
    PhyText text;
    bool operator==(const PhyFile&) const = default;
};

// ---- Typed views of the common blocks (phy_text.cpp) ---------------------------------------

// "solid": what studiomdl prints, in its order. `parent` is printed only when set.
struct PhySolidParams {
    std::int32_t index = 0;
    std::string name;
    std::optional<std::string> parent;
    float mass = 1.0f;
    std::string surfaceprop = "default";
    float damping = 0.0f;
    float rotdamping = 0.0f;
    float inertia = 1.0f;
    float volume = 0.0f; // cubic inches
};

// "ragdollconstraint": limits in degrees, friction as stored (studiomdl divides by 5).
struct PhyRagdollConstraintParams {
    std::int32_t parent = 0;
    std::int32_t child = 0;
    std::array<float, 3> min{}; // x, y, z
    std::array<float, 3> max{};
    std::array<float, 3> friction{};
};

// "animatedfriction".
struct PhyAnimatedFrictionParams {
    float animfrictionmin = 0, animfrictionmax = 0, animfrictiontimein = 0, animfrictiontimeout = 0,
          animfrictiontimehold = 0;
};

// "editparams": rootname, totalmass, then concave "1" when set, then one "jointmerge" per pair.
struct PhyEditParams {
    std::string rootname;
    float totalmass = 0;
    bool concave = false;
    std::vector<std::pair<std::string, std::string>> jointmerges;
};

// "collisionrules": "selfcollisions" "0" when selfCollisions is false, else the pairs.
struct PhyCollisionRulesParams {
    bool selfCollisions = true;
    std::vector<std::pair<std::int32_t, std::int32_t>> collisionPairs;
};

// Valve's number printing: "%f" (six decimals) for floats, "%d" for ints.
std::string formatPhyFloat(float value);

PhyTextBlock makeSolidBlock(const PhySolidParams& params);
PhyTextBlock makeRagdollConstraintBlock(const PhyRagdollConstraintParams& params);
PhyTextBlock makeAnimatedFrictionBlock(const PhyAnimatedFrictionParams& params);
PhyTextBlock makeEditParamsBlock(const PhyEditParams& params);
PhyTextBlock makeCollisionRulesBlock(const PhyCollisionRulesParams& params);
// A block kept as given (a $collisiontext block such as `break { ... }`): printed as it is.
PhyTextBlock makeVerbatimBlock(std::string text);

// Reads a typed block back; nothing when it is not of that kind or a required key is missing or
// not a number.
std::optional<PhySolidParams> solidParams(const PhyTextBlock& block);
std::optional<PhyRagdollConstraintParams> ragdollConstraintParams(const PhyTextBlock& block);
std::optional<PhyEditParams> editParams(const PhyTextBlock& block);

// The text section's bytes (blocks, trailing text, NUL) and its parse. Never fails:
// formatPhyText(parsePhyText(bytes)) == bytes for any bytes.
std::string formatPhyText(const PhyText& text);
PhyText parsePhyText(std::string_view bytes);

// ---- Layout, reader, writer ----------------------------------------------------------------

// Offsets of a compact surface's records from the surface start, as the writer lays them out.
struct PhySurfaceLayout {
    std::vector<std::size_t> ledgeOffsets;
    std::size_t pointsOffset = 0;
    std::size_t treeOffset = 0; // offset_ledgetree_root
    std::vector<std::size_t> nodeOffsets;
    std::size_t byteSize = 0; // byte_size (= the VPHY header's surfaceSize)
};
PhySurfaceLayout layoutCompactSurface(const PhyCompactSurface& surface);

// Valve's size_div_16 for a ledge: header + triangles + the distinct points it indexes, in 16s.
std::uint32_t phyCompactLedgeSizeDiv16(const PhyLedge& ledge);

// The index of the outer-hull ledge: the root node's ledge when the root is not a leaf.
std::optional<std::size_t> phyOuterHullLedge(const PhyCompactSurface& surface);

// Serialises the file (Pre: every node's rightNode/ledge index is -1 or in range; counts within
// the bit fields; solids non-empty for a file the engine loads).
std::vector<std::uint8_t> writePhy(const PhyFile& file);

// Parses a .phy; reports PHY0xx errors naming the record and byte offset, and returns nothing when
// the file is truncated, inconsistent or laid out otherwise than the model describes.
std::optional<PhyFile> readPhy(std::span<const std::uint8_t> bytes, const std::string& fileName,
                               DiagnosticSink& sink);

// Physics space (metres, axes turned) to Source units (inches) and back; see docs/formats.md.
Vec3 phyToSourceUnits(const Vec3& physics);
Vec3 sourceUnitsToPhy(const Vec3& source);

} // namespace vtxc
