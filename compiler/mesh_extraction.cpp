// SMD triangles to per-material model-vertex corners: bone mapping, weight capping, placement
// ($scale, $origin, the $staticprop turn) and the output conventions of docs/formats.md ("SMD").
#include "compiler/mesh_extraction.h"

#include "formats/common/text.h"

#include <algorithm>
#include <cmath>
#include <numbers>

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

ModelVertex toModelVertex(const SmdFile& smd, const SmdVertex& v,
                          const std::vector<int>& nodeToBone, const Placement& placement,
                          const ExtractionOptions& options, InfluenceLossSummary& loss) {
    ModelVertex out;
    out.position = placement.position(v.position);
    out.normal = placement.normal(v.normal);
    out.uv = {v.uv.x, 1.0f - v.uv.y};
    if (options.staticProp) {
        out.weights.count = 1;
        out.weights.weight[0] = 1.0f;
        return out;
    }
    BoneInfluence influences[kSmdMaxLinksPerVertex + 1];
    std::size_t n = 0;
    for (const SmdLink& link : smd.influences(v))
        influences[n++] = {nodeToBone[static_cast<std::size_t>(link.bone)], link.weight};
    BoneWeightOptions weightOptions;
    weightOptions.dropThreshold = options.weightThreshold;
    const CappedBoneWeights capped = capBoneWeights({influences, n}, weightOptions);
    loss.add(capped);
    out.weights = capped.weights;
    return out;
}
} // namespace

std::string materialKey(const std::string& smdMaterial) {
    std::string name = smdMaterial;
    const std::string lower = lowered(name);
    for (const char* extension : {".bmp", ".tga", ".vmt"}) {
        const std::size_t n = std::char_traits<char>::length(extension);
        if (lower.size() > n && lower.compare(lower.size() - n, n, extension) == 0) {
            name.resize(name.size() - n);
            break;
        }
    }
    return name;
}

bool isNullMaterial(const std::string& smdMaterial) {
    const std::string key = lowered(materialKey(smdMaterial));
    return key == "null" || key == "debug/debugempty" || key == "tools/toolsnodraw";
}

ExtractedMesh extractMesh(const SmdFile& smd, const std::vector<int>& nodeToBone,
                          const MeshSourceRef& source, const ExtractionOptions& options) {
    ExtractedMesh out;
    const Placement placement{
        source.scale, source.origin,
        ZRotation(source.originRotationDegrees + (options.staticProp ? 90.0f : 0.0f))};
    std::vector<int> slotOfMaterial(smd.materials.size(), -1);
    // Exact sizes first: growing the corner lists by doubling would hold up to twice their size.
    std::vector<std::size_t> trianglesOfMaterial(smd.materials.size(), 0);
    for (const SmdTriangle& triangle : smd.triangles)
        ++trianglesOfMaterial[triangle.material];
    for (const SmdTriangle& triangle : smd.triangles) {
        const std::string& name = smd.materials[triangle.material];
        if (isNullMaterial(name)) {
            ++out.skippedNullFaces;
            continue;
        }
        int& slot = slotOfMaterial[triangle.material];
        if (slot < 0) {
            // Different SMD spellings (extension, case) of one material share a mesh.
            const std::string key = materialKey(name);
            auto it = std::find_if(
                out.materials.begin(), out.materials.end(),
                [&](const MaterialCorners& m) { return lowered(m.material) == lowered(key); });
            if (it == out.materials.end()) {
                out.materials.push_back({key, {}, {}});
                it = out.materials.end() - 1;
            }
            slot = static_cast<int>(it - out.materials.begin());
            it->corners.reserve(it->corners.size() + 3 * trianglesOfMaterial[triangle.material]);
            it->sourceLines.reserve(it->sourceLines.size() +
                                    trianglesOfMaterial[triangle.material]);
        }
        MaterialCorners& target = out.materials[static_cast<std::size_t>(slot)];
        // Output winding: SMD corners a, b, c are drawn a, c, b; `reverse` undoes that.
        const std::array<int, 3> order =
            source.reverseWinding ? std::array<int, 3>{0, 1, 2} : std::array<int, 3>{0, 2, 1};
        for (int k : order)
            target.corners.push_back(
                toModelVertex(smd, triangle.corners[static_cast<std::size_t>(k)], nodeToBone,
                              placement, options, out.influenceLoss));
        target.sourceLines.push_back(triangle.line);
    }
    return out;
}

} // namespace vtxc
