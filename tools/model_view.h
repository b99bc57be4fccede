// `vtxc view`: one self-contained HTML page that shows a compiled model in a browser. This header
// holds the typed data the page draws (ModelView, built from the model's parsed files), its JSON
// and the page assembly. docs/view.md describes the page and the JSON schema.
//
// Geometry: the .vvd's LOD-0 vertices in mesh order (the fixup table applied, as the engine builds
// its vertex buffer for root LOD 0), and for each .vtx variant and LOD every triangle as three
// indices into that one array: model vertexindex / 48 + mesh vertexoffset + origMeshVertID (every
// LOD of a model indexes the root LOD's vertices; studio.h, optimize.h).
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/common/vector_types.h"
#include "formats/phy/phy.h"
#include "formats/studio/model_files.h"
#include "tools/model_stats.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

// At most this many frames of a sequence are embedded, evenly spaced (the first and last among
// them).
inline constexpr int kViewMaxSampledFrames = 60;

struct ViewVertices {
    std::vector<float> position;         // x, y, z per vertex
    std::vector<float> normal;           // x, y, z per vertex
    std::vector<std::uint8_t> boneIndex; // 3 per vertex; unused slots 0
    std::vector<float> boneWeight;       // 3 per vertex; unused slots 0
    std::size_t count() const { return position.size() / 3; }
};

// One LOD of one .vtx variant: its triangles in draw order (body part, model, mesh, strip group,
// index order), each with where it came from.
struct ViewLod {
    int lod = 0;
    float switchPoint = 0;
    std::vector<std::uint32_t> index;                // 3 per triangle, into ModelView::vertices
    std::vector<std::uint8_t> triBodyPart, triModel; // saturated at 255
    std::vector<std::uint16_t> triMaterial;          // the .mdl mesh's material (skin slot)
    std::vector<std::uint16_t> triStripGroup;        // running number in this LOD (saturated)
    std::vector<std::uint16_t> triStrip;             // running number in this LOD (saturated)
    std::vector<std::uint8_t> triCacheMisses;        // 0..3 at the variant's cacheSize
    std::optional<GeneratedLodFigures> error;        // a generated LOD's figures, when known
    std::size_t triangles() const { return triMaterial.size(); }
};

struct ViewVariant {
    std::string name;  // "dx90", "dx80", "sw"
    int cacheSize = 0; // the header's vertCacheSize
    std::vector<ViewLod> lods;
};

struct ViewBodyPart {
    std::string name;
    std::vector<std::string> models;
};

struct ViewBone {
    std::string name;
    int parent = -1;
    Vec3 position;               // parent-relative bind pose
    Vec4 quaternion{0, 0, 0, 1}; // x, y, z, w
    std::array<float, 12> poseToBone{};
};

struct ViewHitbox {
    std::string set;
    int bone = 0;
    int group = 0;
    Vec3 min, max;
    std::string name;
};

struct ViewAttachment {
    std::string name;
    int bone = 0;
    std::array<float, 12> matrix{}; // row-major 3x4, bone-local
};

// One convex piece of a collision solid: its hull as triangles, in the solid's space (Source
// units).
struct ViewCollisionPiece {
    std::vector<float> position;      // x, y, z per point
    std::vector<std::uint16_t> index; // 3 per triangle, into position
};

struct ViewCollisionSolid {
    std::string name;
    int bone = -1; // the bone whose space the pieces are in; -1: model space (a prop)
    std::vector<ViewCollisionPiece> pieces;
};

struct ViewSequence {
    std::string name;
    float fps = 30;
    int frames = 1;
    bool loop = false;
    int sampledFrames = 0;
    // sampledFrames x bones x 7: position xyz, quaternion xyzw, parent-relative.
    std::vector<float> pose;
};

struct ViewFinding {
    Severity severity = Severity::Warning;
    std::string code;
    std::string message;
};

struct ModelView {
    std::string name;
    std::vector<FileSize> files; // every file of the model that was read
    ViewVertices vertices;
    std::vector<std::string> materials;
    std::vector<std::vector<int>> skins;
    std::vector<ViewBodyPart> bodyParts;
    std::vector<ViewVariant> variants;
    std::vector<ViewBone> bones;
    std::vector<ViewHitbox> hitboxes;
    std::vector<ViewAttachment> attachments;
    std::optional<std::vector<ViewCollisionSolid>> collision;
    std::vector<ViewSequence> sequences;
    std::size_t sequencesOmitted = 0;
    ModelStats stats;
    std::vector<ViewFinding> check;
    // What the page shows first (--variant, --lod).
    std::string initialVariant;
    int initialLod = 0;
};

struct ModelViewOptions {
    // Raw bytes (before base64) the sampled poses of all sequences together may take; a sequence
    // that does not fit is left out (ModelView::sequencesOmitted). Nothing: defaultSequenceBudget.
    std::optional<std::uintmax_t> sequenceBudgetBytes;
};

// The sequence budget for a model whose .mdl, .vvd and .vtx files hold `modelBytes` together: what
// is left of the page's size target (twice the files) once the geometry is counted, but at least
// enough for one sequence of a small skeleton.
std::uintmax_t defaultSequenceBudget(std::uintmax_t modelBytes, std::uintmax_t geometryBytes);

// The typed view of a model. Pre: `model` holds a .mdl, .vvd and at least one .vtx as the readers
// return them (each strip group's indices within its vertices); `phy`, when given, is the model's
// parsed .phy, read from `phyPath`. What the readers cannot check alone is checked before it is
// followed: a triangle whose vertex lies outside its mesh or the vertex array is left out
// (checkModel says why; modelPage runs it once and puts its findings in `check`). Warnings about
// files beside the model (layout.json) go to `sink`.
ModelView buildModelView(const ModelFilePaths& paths, const LoadedModel& model, const PhyFile* phy,
                         const std::filesystem::path& phyPath, const ModelViewOptions& options,
                         DiagnosticSink& sink);

// The model JSON (schema 1, docs/view.md) as compact text, every '<', '>', '&', U+2028 and U+2029
// written as \u escapes so the text can sit inside a <script> element.
std::string modelViewJsonText(const ModelView& view);

// The page's source files, embedded into the binary at build time from viewer/page/.
struct ViewerPageSources {
    std::string_view html; // the template with the three markers
    std::string_view css;
    std::string_view js;
};
ViewerPageSources viewerPageSources();

// The page: the template with /*VTXC_CSS*/, /*VTXC_JS*/ and "VTXC_MODEL_JSON" each replaced once
// (markers inside the inserted texts are left alone). Raises InternalError when the template does
// not hold each marker exactly once.
std::string renderViewerPage(const ViewerPageSources& sources, std::string_view modelJson);

// What `vtxc view` and `vtxc compile --view` ask for.
struct ModelPageOptions {
    std::optional<std::string> variant; // shown first; VIEW003 when the model lacks it
    std::optional<int> lod;             // shown first; VIEW004 when past the variant's LODs
    ModelViewOptions view;
};

// The whole page of the model at `basePath` (models/foo or models/foo.mdl): its files found and
// read (IO0xx, MDL/VVD/VTX/PHY0xx errors), checked (the model check's errors, CHK0xx, refuse it:
// the page could not draw it faithfully), its view built and rendered into the embedded page.
// Nothing when an error was reported. VIEW001 when no file of the model exists, VIEW002 when the
// .mdl, .vvd or every .vtx is missing.
std::optional<std::string> modelPage(const std::filesystem::path& basePath,
                                     const ModelPageOptions& options, DiagnosticSink& sink);

} // namespace vtxc
