// Test helpers for the mesh algorithms (see mesh_checks.h).
#include "testing/mesh_checks.h"

#include "optimizer/bone_weights.h"

#include <algorithm>
#include <array>
#include <gtest/gtest.h>
#include <set>

namespace vtxc::test {

void expectValidStripGroups(const std::vector<StripGroup>& groups, const TestMesh& mesh,
                            const StripLimits& limits) {
    std::vector<std::array<std::uint32_t, 3>> expected, actual;
    for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3)
        expected.push_back({mesh.indices[i], mesh.indices[i + 1], mesh.indices[i + 2]});
    for (const StripGroup& group : groups) {
        ASSERT_LE(group.vertices.size(), limits.maxVerticesPerStripGroup);
        ASSERT_FALSE(group.strips.empty());
        std::uint32_t nextIndex = 0, nextVertex = 0;
        for (const Strip& strip : group.strips) {
            // Contiguous ranges, back to back.
            ASSERT_EQ(strip.indexOffset, nextIndex);
            ASSERT_EQ(strip.vertexOffset, nextVertex);
            ASSERT_EQ(strip.indexCount % 3, 0u);
            nextIndex += strip.indexCount;
            nextVertex += strip.vertexCount;
            // Vertices: exactly those the indices use, in order of first use.
            std::uint32_t nextNew = strip.vertexOffset;
            for (std::uint32_t i = strip.indexOffset; i < strip.indexOffset + strip.indexCount;
                 ++i) {
                const std::uint32_t v = group.indices[i];
                ASSERT_GE(v, strip.vertexOffset);
                ASSERT_LE(v, nextNew) << "vertex used before the ones stored before it";
                if (v == nextNew) ++nextNew;
            }
            ASSERT_EQ(nextNew, strip.vertexOffset + strip.vertexCount);
            for (std::uint32_t i = strip.indexOffset; i < strip.indexOffset + strip.indexCount;
                 i += 3)
                actual.push_back({group.vertices[group.indices[i]].meshVertex,
                                  group.vertices[group.indices[i + 1]].meshVertex,
                                  group.vertices[group.indices[i + 2]].meshVertex});
            // Bones.
            const bool slots = limits.hardwareSkinned && !limits.staticProp;
            if (slots) {
                ASSERT_LE(strip.boneStateChanges.size(), std::size_t(limits.maxBonesPerStrip));
                std::set<int> bones;
                for (std::size_t k = 0; k < strip.boneStateChanges.size(); ++k) {
                    EXPECT_EQ(strip.boneStateChanges[k].hardwareID, int(k));
                    bones.insert(strip.boneStateChanges[k].newBoneID);
                }
                EXPECT_EQ(bones.size(), strip.boneStateChanges.size());
            } else {
                EXPECT_TRUE(strip.boneStateChanges.empty());
            }
            int largest = 0;
            for (std::uint32_t v = strip.vertexOffset; v < strip.vertexOffset + strip.vertexCount;
                 ++v) {
                const StripGroupVertex& vertex = group.vertices[v];
                const BoneWeights& w = mesh.weights[vertex.meshVertex];
                if (limits.staticProp) {
                    EXPECT_EQ(vertex.numBones, 0);
                    EXPECT_EQ(vertex.boneID, (std::array<std::int16_t, 3>{0, 0, 0}));
                    continue;
                }
                ASSERT_EQ(vertex.numBones, w.count);
                largest = std::max<int>(largest, w.count);
                for (int k = 0; k < 3; ++k) {
                    if (k >= w.count) {
                        EXPECT_EQ(vertex.boneID[k], slots ? 0 : -1);
                    } else if (slots) {
                        ASSERT_LT(std::size_t(vertex.boneID[k]), strip.boneStateChanges.size());
                        EXPECT_EQ(strip.boneStateChanges[vertex.boneID[k]].newBoneID, w.bone[k]);
                    } else {
                        EXPECT_EQ(vertex.boneID[k], w.bone[k]);
                    }
                }
            }
            EXPECT_EQ(strip.numBones, largest);
        }
        ASSERT_EQ(nextIndex, group.indices.size());
        ASSERT_EQ(nextVertex, group.vertices.size());
    }
    std::sort(expected.begin(), expected.end());
    std::sort(actual.begin(), actual.end());
    EXPECT_EQ(actual, expected) << "every triangle exactly once, corners in their order";
}

// --- Corpus: the skinned character against Valve's dx90 and dx80 files -------------------------

std::vector<ModelVertex> cappedCorners(const SmdFile& smd) {
    std::vector<ModelVertex> corners;
    std::vector<BoneInfluence> influences;
    for (const SmdTriangle& triangle : smd.triangles)
        for (const SmdVertex& v : triangle.corners) {
            influences.clear();
            for (const SmdLink& link : smd.influences(v))
                influences.push_back({link.bone, link.weight});
            ModelVertex m;
            m.position = v.position;
            m.normal = v.normal;
            m.uv = v.uv;
            m.weights = capBoneWeights(influences).weights;
            corners.push_back(m);
        }
    return corners;
}

} // namespace vtxc::test
