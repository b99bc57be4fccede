// SMD triangles to per-material model-vertex corners: bone mapping, weight capping, placement
// ($scale, $origin, the $staticprop turn) and the output conventions of docs/formats.md ("SMD").
#include "compiler/meshes/mesh_extraction.h"

#include "formats/common/page_prefault.h"
#include "formats/common/text.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <memory>
#include <numbers>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

namespace vtxc {

namespace {
std::string lowered(std::string_view text) {
    std::string s = asciiLower(text);
    std::replace(s.begin(), s.end(), '\\', '/');
    return s;
}

// Rotation about Z in single precision, as Valve's files show: a $staticprop turned +90 degrees
// gives x' = -y, y' = x with cos(pi/2) evaluated in float (-4.37e-8), which the files carry.
struct ZRotation {
    float c = 1.0f, s = 0.0f;
    explicit ZRotation(float degrees) {
        if (degrees == 0.0f) return;
        const float radians = degrees * std::numbers::pi_v<float> / 180.0f;
        c = std::cos(radians);
        s = std::sin(radians);
    }
    Vec3 apply(const Vec3& v) const { return {v.x * c - v.y * s, v.x * s + v.y * c, v.z}; }
};

struct Placement {
    float scale;
    Vec3 origin;
    ZRotation rotation;
    Vec3 position(const Vec3& p) const {
        return rotation.apply(
            {(p.x - origin.x) * scale, (p.y - origin.y) * scale, (p.z - origin.z) * scale});
    }
    Vec3 normal(const Vec3& n) const { return rotation.apply(n); }
};

// A corner placed: its model vertex, and what capping its weights dropped.
struct PlacedCorner {
    ModelVertex vertex;
    CappedBoneWeights capped;
};

PlacedCorner placedCorner(const SmdFile& smd, const SmdVertex& v,
                          const std::vector<int>& nodeToBone, const Placement& placement,
                          const ExtractionOptions& options) {
    PlacedCorner out;
    out.vertex.position = placement.position(v.position);
    out.vertex.normal = placement.normal(v.normal);
    out.vertex.uv = {v.uv.x, 1.0f - v.uv.y};
    if (options.staticProp) {
        out.vertex.weights.count = 1;
        out.vertex.weights.weight[0] = 1.0f;
        return out;
    }
    BoneInfluence influences[kSmdMaxLinksPerVertex + 1];
    std::size_t n = 0;
    for (const SmdLink& link : smd.influences(v))
        influences[n++] = {nodeToBone[static_cast<std::size_t>(link.bone)], link.weight};
    BoneWeightOptions weightOptions;
    weightOptions.dropThreshold = options.weightThreshold;
    out.capped = capBoneWeights({influences, n}, weightOptions);
    out.vertex.weights = out.capped.weights;
    return out;
}

// An exporter writes a shared corner's line again for each triangle that uses it: a corner whose
// SMD values equal, bit for bit, those of a corner placed shortly before is given that corner's
// result (a function of the values alone) instead of mapping and capping its weights again. One
// table of the last corner per hash, for the triangles of one task.
class RecentCorners {
  public:
    const PlacedCorner& placed(const SmdFile& smd, const SmdVertex& v,
                               const std::vector<int>& nodeToBone, const Placement& placement,
                               const ExtractionOptions& options) {
        Entry& entry = entries_[slotOf(v)];
        const SmdLink* links = smd.links.data() + v.firstLink;
        if (!entry.source || !identicalVertexLines(*entry.source, entry.links, v, links)) {
            entry.source = &v;
            entry.links = links;
            entry.result = placedCorner(smd, v, nodeToBone, placement, options);
        }
        return entry.result;
    }

  private:
    static constexpr int kSlotBits = 9;
    static std::size_t slotOf(const SmdVertex& v) {
        const auto bits = [](float f) { return std::uint64_t(std::bit_cast<std::uint32_t>(f)); };
        const std::uint64_t h =
            (bits(v.position.x) | bits(v.position.y) << 32) * 0x9E3779B97F4A7C15ull ^
            (bits(v.position.z) | bits(v.uv.x) << 32) * 0xC2B2AE3D27D4EB4Full ^
            (bits(v.normal.x) | std::uint64_t(v.linkCount) << 32) * 0x165667B19E3779F9ull;
        return static_cast<std::size_t>(h >> (64 - kSlotBits));
    }
    struct Entry {
        const SmdVertex* source = nullptr;
        const SmdLink* links = nullptr;
        PlacedCorner result;
    };
    std::array<Entry, std::size_t(1) << kSlotBits> entries_{};
};
} // namespace

std::string materialKey(const std::string& smdMaterial) {
    // studiomdl drops a material name's extension, whatever it is: Valve's door01_left.mdl names
    // the texture `combine_lock01` where its SMDs say `combine_lock01.001` (reference) and
    // `combine_lock01.002` (LOD 1), and chamberdoor_frame.mdl names `metal_frame` for the SMD's
    // `metal_frame.vmt`. Only the file name part has an extension: a dot in a folder
    // ("models/foo.bar/baz") or one that starts the file name (".hidden") stays.
    const std::size_t folderEnd = smdMaterial.find_last_of("/\\");
    const std::size_t nameStart = folderEnd == std::string::npos ? 0 : folderEnd + 1;
    const std::size_t dot = smdMaterial.find_last_of('.');
    if (dot == std::string::npos || dot <= nameStart) return smdMaterial;
    return smdMaterial.substr(0, dot);
}

bool sameMaterial(const std::string& a, const std::string& b) {
    return lowered(materialKey(a)) == lowered(materialKey(b));
}

bool isNullMaterial(const std::string& smdMaterial) {
    const std::string key = lowered(materialKey(smdMaterial));
    return key == "null" || key == "debug/debugempty" || key == "tools/toolsnodraw";
}

namespace {

// Where every triangle goes: its material's slot in ExtractedMesh::materials (-1: a null face)
// and its place in that slot's list. Laid out serially, in file order, so that the corners can
// then be filled in parallel and come out as a serial fill would leave them.
struct TriangleLayout {
    std::vector<int> slotOfMaterial;      // per SMD material
    std::vector<std::uint32_t> placeOf;   // per triangle, within its slot
    std::vector<std::uint32_t> slotSizes; // triangles per slot
};

TriangleLayout layOut(const SmdFile& smd, ExtractedMesh& out) {
    TriangleLayout layout;
    layout.slotOfMaterial.assign(smd.materials.size(), -1);
    std::vector<bool> decided(smd.materials.size(), false);
    layout.placeOf.resize(smd.triangles.size());
    for (std::size_t t = 0; t < smd.triangles.size(); ++t) {
        const std::uint32_t material = smd.triangles[t].material;
        if (!decided[material]) {
            decided[material] = true;
            const std::string& name = smd.materials[material];
            if (!isNullMaterial(name)) {
                // Different SMD spellings (extension, case) of one material share a mesh.
                const std::string key = materialKey(name);
                auto it = std::find_if(
                    out.materials.begin(), out.materials.end(),
                    [&](const MaterialCorners& m) { return sameMaterial(m.material, key); });
                if (it == out.materials.end()) {
                    out.materials.push_back({key, {}, {}});
                    layout.slotSizes.push_back(0);
                    it = out.materials.end() - 1;
                }
                layout.slotOfMaterial[material] = static_cast<int>(it - out.materials.begin());
            }
        }
        const int slot = layout.slotOfMaterial[material];
        if (slot < 0) {
            ++out.skippedNullFaces;
            continue;
        }
        layout.placeOf[t] = layout.slotSizes[static_cast<std::size_t>(slot)]++;
    }
    return layout;
}

} // namespace

ExtractedMesh extractMesh(const SmdFile& smd, const std::vector<int>& nodeToBone,
                          const MeshSourceRef& source, const ExtractionOptions& options) {
    ExtractedMesh out;
    const Placement placement{
        source.scale, source.origin,
        ZRotation(source.originRotationDegrees + (options.staticProp ? 90.0f : 0.0f))};
    const TriangleLayout layout = layOut(smd, out);
    for (std::size_t slot = 0; slot < out.materials.size(); ++slot) {
        // Fresh pages zeroed on all threads, not by the one that sizes the list.
        std::vector<ModelVertex>& corners = out.materials[slot].corners;
        corners.reserve(3 * std::size_t(layout.slotSizes[slot]));
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, corners.capacity(), 1u << 16),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                              prefaultPages(corners.data() + range.begin(),
                                            range.size() * sizeof(ModelVertex));
                          });
        corners.resize(3 * std::size_t(layout.slotSizes[slot]));
        out.materials[slot].sourceLines.resize(layout.slotSizes[slot]);
    }
    // Output winding: SMD corners a, b, c are drawn a, c, b; `reverse` undoes that.
    const std::array<int, 3> order =
        source.reverseWinding ? std::array<int, 3>{0, 1, 2} : std::array<int, 3>{0, 2, 1};
    // Weight capping dominates; the loss summary is a sum and a maximum, the same in any order.
    tbb::enumerable_thread_specific<InfluenceLossSummary> losses;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, smd.triangles.size(), 4096),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                          InfluenceLossSummary& loss = losses.local();
                          auto recent = std::make_unique<RecentCorners>();
                          for (std::size_t t = range.begin(); t != range.end(); ++t) {
                              const SmdTriangle& triangle = smd.triangles[t];
                              const int slot = layout.slotOfMaterial[triangle.material];
                              if (slot < 0) continue;
                              MaterialCorners& target =
                                  out.materials[static_cast<std::size_t>(slot)];
                              const std::size_t place = layout.placeOf[t];
                              for (std::size_t k = 0; k < 3; ++k) {
                                  const PlacedCorner& corner = recent->placed(
                                      smd, triangle.corners[static_cast<std::size_t>(order[k])],
                                      nodeToBone, placement, options);
                                  target.corners[3 * place + k] = corner.vertex;
                                  loss.add(corner.capped);
                              }
                              target.sourceLines[place] = triangle.line;
                          }
                      });
    for (const InfluenceLossSummary& loss : losses)
        out.influenceLoss.merge(loss);
    return out;
}

} // namespace vtxc
