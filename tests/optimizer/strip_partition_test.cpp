// Tests of the strip partition and strip group building: bone limits, every triangle exactly once,
// contiguous first-use vertex ranges, hardware slots, software/static records, 65535-vertex groups,
// errors (the corpus comparison is in tests/corpus/strip_partition_corpus_test.cpp).
#include "formats/common/file_io.h"
#include "formats/common/internal_error.h"
#include "formats/smd/smd.h"
#include "formats/studio/vtx.h"
#include "formats/studio/vvd.h"
#include "optimizer/bone_weights.h"
#include "optimizer/strips/strip_analysis.h"
#include "optimizer/strips/strip_partition.h"
#include "optimizer/strips/vertex_cache_order.h"
#include "optimizer/vertices/welding.h"
#include "testing/mesh_checks.h"
#include "testing/test_support.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <gtest/gtest.h>
#include <set>
#include <vector>

namespace vtxc {
namespace {

using test::expectValidStripGroups;
using test::TestMesh;

// A tube along a chain of `bones` bones, like a limb: each ring blends the two nearest bones, and
// one side of the tube takes a little of a third bone (the next one, or with `crossLinked` the one
// halfway along the chain), so triangles carry up to 4 or 6 bones.
TestMesh skinnedTube(int rings, int segments, int bones, bool crossLinked = true) {
    TestMesh mesh;
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const float along = float(r) / float(rings - 1) * float(bones - 1);
            const int first = std::min(int(along), bones - 2);
            const float f = along - float(first);
            std::vector<BoneInfluence> influences{{first, 1.0f - f}, {first + 1, f}};
            const int third =
                crossLinked ? (first + bones / 2) % bones : std::min(first + 2, bones - 1);
            if (s < segments / 4) influences.push_back({third, 0.2f});
            mesh.weights.push_back(capBoneWeights(influences).weights);
        }
    auto id = [&](int r, int s) { return std::uint32_t(r * segments + (s % segments)); };
    for (int r = 0; r + 1 < rings; ++r)
        for (int s = 0; s < segments; ++s)
            mesh.indices.insert(mesh.indices.end(), {id(r, s), id(r + 1, s), id(r + 1, s + 1),
                                                     id(r, s), id(r + 1, s + 1), id(r, s + 1)});
    return mesh;
}

std::size_t storedVertices(const std::vector<std::vector<std::uint32_t>>& strips,
                           const TestMesh& mesh) {
    std::size_t stored = 0;
    for (const auto& strip : strips) {
        std::set<std::uint32_t> vertices;
        for (std::uint32_t t : strip)
            for (int c = 0; c < 3; ++c)
                vertices.insert(mesh.indices[3 * t + c]);
        stored += vertices.size();
    }
    return stored;
}

TEST(StripPartition, EveryTriangleOnceAndNoStripOverTheBoneLimit) {
    const TestMesh mesh = skinnedTube(81, 24, 40);
    const auto strips = partitionTrianglesByBones(mesh.indices, mesh.weights, 16);
    ASSERT_GE(strips.size(), 3u); // 40 bones need at least 3 strips of 16
    std::vector<int> seen(mesh.indices.size() / 3, 0);
    for (const auto& strip : strips) {
        EXPECT_TRUE(std::is_sorted(strip.begin(), strip.end()));
        std::set<int> bones;
        for (std::uint32_t t : strip) {
            ++seen[t];
            for (int c = 0; c < 3; ++c) {
                const BoneWeights& w = mesh.weights[mesh.indices[3 * t + c]];
                bones.insert(w.bone.begin(), w.bone.begin() + w.count);
            }
        }
        EXPECT_LE(bones.size(), 16u);
    }
    EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
    // Strips in order of their first triangle.
    for (std::size_t s = 1; s < strips.size(); ++s)
        EXPECT_LT(strips[s - 1][0], strips[s][0]);
}

TEST(StripPartition, CutsAChainSkinnedTubeIntoFewStripsWithFewDuplicates) {
    const TestMesh mesh = skinnedTube(81, 24, 40, false);
    const auto strips = partitionTrianglesByBones(mesh.indices, mesh.weights, 16);
    // 40 chained bones fit 3 strips of 16 (neighbouring strips share a bone or two); each cut
    // across the tube stores one ring of 24 vertices twice, plus one or two where the cut steps.
    EXPECT_EQ(strips.size(), 3u);
    EXPECT_GE(storedVertices(strips, mesh), mesh.weights.size() + 24 * (strips.size() - 1));
    EXPECT_LE(storedVertices(strips, mesh), mesh.weights.size() + 26 * (strips.size() - 1));
}

TEST(StripPartition, OneStripWhenAllBonesFit) {
    const TestMesh mesh = skinnedTube(20, 12, 10);
    const auto strips = partitionTrianglesByBones(mesh.indices, mesh.weights, 53);
    ASSERT_EQ(strips.size(), 1u);
    EXPECT_EQ(strips[0].size(), mesh.indices.size() / 3);
}

TEST(StripGroups, HardwareSkinnedRecordsFollowTheRules) {
    const TestMesh mesh = skinnedTube(81, 24, 40);
    for (int bonesPerStrip : {9, 16, 53}) {
        StripLimits limits;
        limits.maxBonesPerStrip = bonesPerStrip;
        CollectingSink sink;
        const auto groups = buildStripGroups(mesh.indices, mesh.weights, limits, sink);
        ASSERT_TRUE(groups) << bonesPerStrip;
        ASSERT_EQ(groups->size(), 1u);
        expectValidStripGroups(*groups, mesh, limits);
        if (bonesPerStrip == 53) {
            EXPECT_EQ((*groups)[0].strips.size(), 1u);
        }
    }
}

TEST(StripGroups, SoftwareSkinningHasOneStripAndModelBones) {
    const TestMesh mesh = skinnedTube(41, 16, 40);
    StripLimits limits;
    limits.maxBonesPerStrip = 512;
    limits.hardwareSkinned = false;
    limits.vertexCacheSize = 512;
    CollectingSink sink;
    const auto groups = buildStripGroups(mesh.indices, mesh.weights, limits, sink);
    ASSERT_TRUE(groups);
    ASSERT_EQ(groups->size(), 1u);
    ASSERT_EQ((*groups)[0].strips.size(), 1u);
    EXPECT_EQ((*groups)[0].vertices.size(), mesh.weights.size());
    expectValidStripGroups(*groups, mesh, limits);
}

TEST(StripGroups, StaticPropsCarryNoBones) {
    const TestMesh mesh = skinnedTube(21, 16, 4);
    for (bool hardware : {true, false}) {
        StripLimits limits;
        limits.staticProp = true;
        limits.hardwareSkinned = hardware;
        CollectingSink sink;
        const auto groups = buildStripGroups(mesh.indices, mesh.weights, limits, sink);
        ASSERT_TRUE(groups);
        ASSERT_EQ((*groups)[0].strips.size(), 1u);
        EXPECT_EQ((*groups)[0].strips[0].numBones, 0);
        expectValidStripGroups(*groups, mesh, limits);
    }
}

TEST(StripGroups, SplitIntoGroupsOf65535VerticesAtMost) {
    // 22,000 separate triangles: 66,000 vertices, more than one group can address.
    TestMesh mesh;
    for (std::uint32_t t = 0; t < 22000; ++t) {
        mesh.indices.insert(mesh.indices.end(), {3 * t, 3 * t + 1, 3 * t + 2});
        for (int c = 0; c < 3; ++c) {
            BoneWeights w;
            w.count = 1;
            w.bone[0] = std::int16_t(t % 7);
            w.weight[0] = 1.0f;
            mesh.weights.push_back(w);
        }
    }
    for (bool hardware : {true, false}) {
        StripLimits limits;
        limits.hardwareSkinned = hardware;
        CollectingSink sink;
        const auto groups = buildStripGroups(mesh.indices, mesh.weights, limits, sink);
        ASSERT_TRUE(groups);
        ASSERT_EQ(groups->size(), 2u);
        EXPECT_EQ((*groups)[0].vertices.size(), 65535u);
        expectValidStripGroups(*groups, mesh, limits);
    }
}

TEST(StripGroups, SmallVertexLimitSplitsStripsAndGroups) {
    const TestMesh mesh = skinnedTube(81, 24, 40);
    StripLimits limits;
    limits.maxBonesPerStrip = 16;
    limits.maxVerticesPerStripGroup = 300;
    CollectingSink sink;
    const auto groups = buildStripGroups(mesh.indices, mesh.weights, limits, sink);
    ASSERT_TRUE(groups);
    EXPECT_GE(groups->size(), mesh.weights.size() / 300);
    expectValidStripGroups(*groups, mesh, limits);
}

TEST(StripGroups, AreDeterministic) {
    const TestMesh mesh = skinnedTube(61, 20, 30);
    StripLimits limits;
    limits.maxBonesPerStrip = 12;
    CollectingSink sink;
    const auto a = buildStripGroups(mesh.indices, mesh.weights, limits, sink);
    const auto b = buildStripGroups(mesh.indices, mesh.weights, limits, sink);
    ASSERT_TRUE(a && b);
    ASSERT_EQ(a->size(), b->size());
    for (std::size_t g = 0; g < a->size(); ++g) {
        EXPECT_EQ((*a)[g].vertices, (*b)[g].vertices);
        EXPECT_EQ((*a)[g].indices, (*b)[g].indices);
        ASSERT_EQ((*a)[g].strips.size(), (*b)[g].strips.size());
        for (std::size_t s = 0; s < (*a)[g].strips.size(); ++s)
            EXPECT_EQ((*a)[g].strips[s].boneStateChanges, (*b)[g].strips[s].boneStateChanges);
    }
}

// A strip's triangles in mesh vertex ids, as drawn.
std::vector<std::uint32_t> drawnStrip(const StripGroup& group, const Strip& strip) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = strip.indexOffset; i < strip.indexOffset + strip.indexCount; ++i)
        out.push_back(group.vertices[group.indices[i]].meshVertex);
    return out;
}

// A bone strip (triangle numbers) ordered as its own mesh (vertices numbered by first use) under
// `options`, in mesh vertex ids.
std::vector<std::uint32_t> orderedOnItsOwn(const TestMesh& mesh,
                                           const std::vector<std::uint32_t>& triangles,
                                           const CacheOrderOptions& options) {
    std::vector<std::uint32_t> meshVertexOf, local;
    std::vector<std::uint32_t> localOf(mesh.weights.size(), UINT32_MAX);
    for (std::uint32_t t : triangles)
        for (int c = 0; c < 3; ++c) {
            const std::uint32_t v = mesh.indices[3 * t + c];
            if (localOf[v] == UINT32_MAX) {
                localOf[v] = static_cast<std::uint32_t>(meshVertexOf.size());
                meshVertexOf.push_back(v);
            }
            local.push_back(localOf[v]);
        }
    std::vector<std::uint32_t> out;
    for (std::uint32_t i : orderForVertexCache(local, meshVertexOf.size(), options))
        out.push_back(meshVertexOf[i]);
    return out;
}

// At the fast effort the whole order search runs on strips of meshes within the limit; a bigger
// mesh's strips, however small, take the fast order.
TEST(StripGroups, WholeOrderSearchOnlyForMeshesWithinTheLimit) {
    for (const int rings : {41, 431}) { // 1,920 and 20,640 triangles
        const TestMesh mesh = skinnedTube(rings, 24, 40);
        StripLimits limits;
        limits.maxBonesPerStrip = 9;
        CollectingSink sink;
        const auto groups = buildStripGroups(mesh.indices, mesh.weights, limits, sink);
        ASSERT_TRUE(groups);
        const auto strips = partitionTrianglesByBones(mesh.indices, mesh.weights, 9);
        ASSERT_GT(strips.size(), 1u);
        CacheOrderOptions options;
        if (mesh.indices.size() / 3 > options.thoroughTriangleLimit)
            options.thoroughTriangleLimit = 0; // what the fast effort means for a big mesh
        std::size_t s = 0, differentFromTheWholeSearch = 0;
        for (const StripGroup& group : *groups)
            for (const Strip& strip : group.strips) {
                ASSERT_LT(s, strips.size());
                ASSERT_LE(strips[s].size(), CacheOrderOptions{}.thoroughTriangleLimit);
                const auto drawn = drawnStrip(group, strip);
                EXPECT_EQ(drawn, orderedOnItsOwn(mesh, strips[s], options)) << rings << " " << s;
                differentFromTheWholeSearch += drawn != orderedOnItsOwn(mesh, strips[s], {});
                ++s;
            }
        EXPECT_EQ(s, strips.size());
        // The two plans give other orders (else this test would not tell them apart).
        if (options.thoroughTriangleLimit == 0) {
            EXPECT_GT(differentFromTheWholeSearch, 0u);
        }
    }
}

TEST(StripGroups, EmptyMeshGivesNoGroups) {
    CollectingSink sink;
    const auto groups = buildStripGroups({}, {}, StripLimits{}, sink);
    ASSERT_TRUE(groups);
    EXPECT_TRUE(groups->empty());
}

TEST(StripGroupsErrors, TriangleWithMoreBonesThanAStripAllows) {
    // Triangle 0 uses 1 bone, triangle 1 uses 6.
    TestMesh mesh;
    mesh.indices = {0, 1, 2, 3, 4, 5};
    for (int v = 0; v < 6; ++v) {
        const std::vector<BoneInfluence> influences =
            v < 3 ? std::vector<BoneInfluence>{{0, 1.0f}}
                  : std::vector<BoneInfluence>{{2 * v, 0.5f}, {2 * v + 1, 0.5f}};
        mesh.weights.push_back(capBoneWeights(influences).weights);
    }
    StripLimits limits;
    limits.maxBonesPerStrip = 4;
    CollectingSink sink;
    EXPECT_FALSE(buildStripGroups(mesh.indices, mesh.weights, limits, sink));
    const Diagnostic* d = sink.find("OPT001");
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("triangle 1 uses 6 bones"), std::string::npos) << d->message;
    EXPECT_EQ(sink.exitCode(), ExitCode::InvalidInput);

    // Software skinning has no strip limit; 9 per triangle still holds.
    limits.hardwareSkinned = false;
    CollectingSink softwareSink;
    EXPECT_TRUE(buildStripGroups(mesh.indices, mesh.weights, limits, softwareSink));
}

TEST(StripGroupsErrors, VertexWithMoreBonesThanAllowed) {
    const TestMesh mesh = skinnedTube(5, 8, 4);
    StripLimits limits;
    limits.maxBonesPerVertex = 1;
    CollectingSink sink;
    EXPECT_FALSE(buildStripGroups(mesh.indices, mesh.weights, limits, sink));
    const Diagnostic* d = sink.find("OPT001");
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("bone weights"), std::string::npos) << d->message;
}

TEST(StripGroupsErrors, IndexOutOfRangeBreaksThePrecondition) {
    if (!VTXC_ASSERTIONS) GTEST_SKIP() << "built with -DVTXC_ASSERTIONS=OFF";
    const TestMesh mesh = skinnedTube(5, 8, 4);
    std::vector<std::uint32_t> indices = mesh.indices;
    indices[7] = 5000;
    CollectingSink sink;
    try {
        (void)buildStripGroups(indices, mesh.weights, StripLimits{}, sink);
        ADD_FAILURE() << "no InternalError";
    } catch (const InternalError& error) {
        EXPECT_EQ(error.file(), "strip_groups.cpp");
        EXPECT_NE(std::string(error.what()).find("weights.size()"), std::string::npos)
            << error.what();
    }
    EXPECT_FALSE(sink.hasErrors()); // a bug in the caller, not bad input
}

} // namespace
} // namespace vtxc
