// vtxc_smd: SMD, Valve's text mesh and animation format (docs/formats.md, "SMD"): data model,
// reader and writer. This header is the library's index; its entry points are parseSmd,
// readSmdFile, writeSmd and writeSmdChunks (below). Follows the VDC wiki's SMD page and the Source
// SDK 2013 exporter's conventions. Depends on vtxc_common. Codes SMD001-SMD023 (smd_codes.h).
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/common/vector_types.h"
#include "formats/smd/smd_codes.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

// ---- Data model ------------------------------------------------------------------------------

// One line of the `nodes` section. `index` equals the node's position in SmdFile::nodes.
struct SmdNode {
    int index = 0;
    std::string name;
    int parent = -1;        // -1 for a root, else an earlier node
    std::uint32_t line = 0; // 1-based source line, for later diagnostics
};

// One bone line of a skeleton frame: the bone's pose relative to its parent.
struct SmdBonePose {
    int bone = 0;
    Vec3 position;
    Vec3 rotation; // Euler angles in radians about x, y, z
    friend bool operator==(const SmdBonePose&, const SmdBonePose&) = default;
};

// One `time N` block. A reference file has one (the rest pose); an animation one per frame.
struct SmdFrame {
    int time = 0;
    std::vector<SmdBonePose> bones; // in file order; a frame may leave bones out
    std::uint32_t line = 0;         // line of the `time` keyword
};

// A bone and its share of a vertex, as written in the file (not yet summed, sorted or capped).
struct SmdLink {
    int bone = 0;
    float weight = 0;
    friend bool operator==(const SmdLink&, const SmdLink&) = default;
};

// One vertex line. Its bone weights are SmdFile::links[firstLink, firstLink + linkCount);
// linkCount 0 (Half-Life 9-value form, or `links 0`) means rigid on `bone` with weight 1.
struct SmdVertex {
    int bone = 0;
    Vec3 position;
    Vec3 normal;
    Vec2 uv; // as in the file: v measured up from the bottom of the image
    std::uint32_t firstLink = 0;
    std::uint32_t linkCount = 0;
};

struct SmdTriangle {
    std::uint32_t material = 0; // index into SmdFile::materials
    std::array<SmdVertex, 3> corners;
    std::uint32_t line = 0; // line of the material name; corner k is on line + 1 + k unless
                            // comments or blank lines sit in between
};

enum class SmdKind { Reference, Animation };

// The bone influences of one vertex, with the rigid case (no links) seen as one link of weight 1.
// Iterable: `for (SmdLink link : file.influences(vertex))`.
class SmdInfluences {
  public:
    SmdInfluences(std::span<const SmdLink> links, int rigidBone)
        : links_(links), rigid_{rigidBone, 1.0f} {}
    std::size_t size() const { return links_.empty() ? 1 : links_.size(); }
    const SmdLink* begin() const { return links_.empty() ? &rigid_ : links_.data(); }
    const SmdLink* end() const { return begin() + size(); }
    const SmdLink& operator[](std::size_t i) const { return begin()[i]; }

  private:
    std::span<const SmdLink> links_;
    SmdLink rigid_;
};

struct SmdFile {
    std::string fileName; // as given to the reader; used in diagnostics of later stages
    std::vector<SmdNode> nodes;
    std::vector<SmdFrame> frames;
    std::vector<std::string> materials; // interned, in order of first appearance
    std::vector<SmdTriangle> triangles;
    std::vector<SmdLink> links; // flat store of every vertex's links (see SmdVertex)
    bool hasTrianglesSection = false;

    // Reference when a `triangles` section is present (even an empty one), else Animation.
    SmdKind kind() const { return hasTrianglesSection ? SmdKind::Reference : SmdKind::Animation; }
    std::span<const SmdLink> linksOf(const SmdVertex& vertex) const {
        return {links.data() + vertex.firstLink, vertex.linkCount};
    }
    SmdInfluences influences(const SmdVertex& vertex) const {
        return SmdInfluences(linksOf(vertex), vertex.bone);
    }
    // Index of `name` in materials, appended if new (exact, case-sensitive match).
    std::uint32_t internMaterial(std::string_view name);
};

// Whether two vertex lines read the same values, bit for bit (so -0 and 0 differ, as their text
// does): bone, position, normal, UV and links; `aLinks` and `bLinks` are where each one's links
// start (SmdFile::linksOf). Word by word in line: callers compare one short line at a time, where
// a call of memcmp would cost more than the comparison.
// The bytes of a vertex's values (bone, position, normal, uv): they come first, with no padding,
// and a link is a bone and a weight, with none, so that lines compare and hash as bytes.
inline constexpr std::size_t kSmdVertexValueBytes = sizeof(int) + 2 * sizeof(Vec3) + sizeof(Vec2);
static_assert(offsetof(SmdVertex, bone) == 0 &&
              offsetof(SmdVertex, firstLink) == kSmdVertexValueBytes && sizeof(SmdLink) == 8);

inline bool identicalVertexLines(const SmdVertex& a, const SmdLink* aLinks, const SmdVertex& b,
                                 const SmdLink* bLinks) {
    static_assert(kSmdVertexValueBytes == 4 * 8 + 4);
    const auto word = [](const void* base, std::size_t at, auto type) {
        decltype(type) value;
        std::memcpy(&value, static_cast<const std::byte*>(base) + at, sizeof value);
        return std::uint64_t(value);
    };
    const std::uint32_t links = a.linkCount;
    if (links != b.linkCount) return false;
    std::uint64_t differ = word(&a, 32, std::uint32_t()) ^ word(&b, 32, std::uint32_t());
    for (std::size_t w = 0; w < 4; ++w)
        differ |= word(&a, 8 * w, std::uint64_t()) ^ word(&b, 8 * w, std::uint64_t());
    for (std::uint32_t i = 0; i < links; ++i)
        differ |= word(aLinks, 8 * i, std::uint64_t()) ^ word(bLinks, 8 * i, std::uint64_t());
    return differ == 0;
}

// ---- Limits ----------------------------------------------------------------------------------

// A `links` count above this is taken as damage, not data (studiomdl allows 128 bones per model).
inline constexpr int kSmdMaxLinksPerVertex = 128;
// The writer follows Valve's exporter: at most this many weights per vertex, largest first.
inline constexpr int kSmdWriterMaxLinks = 8;

// ---- Reading and writing ---------------------------------------------------------------------

// A piece of a triangles section handed on as it is read (SmdReadOptions::triangles). The
// triangles count their links (firstLink) from the start of `links`.
struct SmdTrianglePiece {
    std::span<const SmdTriangle> triangles;
    std::span<const SmdLink> links;
    // One per triangle: bit k is set when corner k's line is, byte for byte, a vertex line read
    // earlier in the file, so that its values are those of a corner handed on before. Found in
    // the reader's cache of lately read lines (about seven lines in ten of an exported mesh):
    // a repeat it no longer remembers is not marked.
    std::span<const std::uint8_t> repeatedCorners;
};

// How the text is read. A file is read through one buffer of `windowBytes` (more when a line is
// longer). A big triangles section is read in blocks of about `blockBytes` on all threads (TBB)
// once the section holds at least `parallelFromBytes`. The result and the diagnostics are the
// same for any values and any thread count; tests use small values to put many block and window
// ends in a small text.
struct SmdReadOptions {
    std::size_t parallelFromBytes = 4u << 20;
    // 1 MiB: on a 1M-triangle file, inspect took 0.47 s of CPU with blocks of 256 KiB, 0.44 s
    // with 512 KiB, 0.40 s with 1 MiB and 0.43 s with 2 MiB (fewer windows to wait at, fewer
    // block parsers started; docs/performance.md).
    std::size_t blockBytes = 1u << 20;
    std::size_t windowBytes = 256u << 10;
    // When set, the triangles are handed to it in pieces, in file order, instead of being kept:
    // SmdFile::triangles and links stay empty. The material indices of a piece's triangles are
    // those of the returned SmdFile::materials (a material is numbered when its first triangle
    // is handed on). For callers that only summarise: memory then holds a window of the text and
    // one piece, not the whole mesh. Pieces handed on before an error are not taken back: the
    // read still returns nothing when the file has an error.
    std::function<void(const SmdTrianglePiece&)> triangles;
    // When set, the read ends once both the nodes and the skeleton sections have been read: what
    // follows (triangles, flex shapes) is neither parsed nor checked, and past the window of
    // text at hand not even loaded (a binary byte in that window is still refused); the result
    // has the kind Animation whatever follows. For animation sources, which take only the bones
    // and their poses (a sequence may name a reference mesh of a million triangles); a file's
    // mesh is checked where it is read as a mesh.
    bool posesOnly = false;
};

// Parses SMD text. `fileName` names the source in diagnostics. Reports every problem found (up to
// DiagnosticSink::kErrorLimit errors) and returns nothing if there was any error; warnings alone
// do not fail. Never throws on bad input.
std::optional<SmdFile> parseSmd(std::string_view text, const std::string& fileName,
                                DiagnosticSink& sink, const SmdReadOptions& options = {});

// Reads the file and parses it. IO001 (exit status 2) when it cannot be read, is not a regular
// file, is over 4 GiB, or is cut short by another program while it is read. The file is read
// front to back through one reused buffer (never mapped: no fault when it changes meanwhile), so
// memory holds the result plus a window of text.
std::optional<SmdFile> readSmdFile(const std::filesystem::path& path, DiagnosticSink& sink,
                                   const SmdReadOptions& options = {});

// SMD text in Valve's exporter conventions: `version 1`; links on every vertex (a rigid vertex
// as `1 bone 1.000000`), largest weight first, at most kSmdWriterMaxLinks (the rest dropped and
// the kept ones rescaled to the same sum); Euler angles as given, even past a whole turn; values
// with 6 decimals, or the shortest exact form when 6 decimals would change the float, so that
// parseSmd(writeSmd(f)) gives back every float bit for bit.
// Node names cannot hold a double quote: one is written as a single quote.
std::string writeSmd(const SmdFile& file);

// The same text, handed out in pieces of about 1 MiB (for files too big to hold twice in memory).
void writeSmdChunks(const SmdFile& file, const std::function<void(std::string_view)>& consume);

} // namespace vtxc
