// Test helpers for the SMD writer: value-by-value comparison of two SMD files and the round trip.
#include "testing/smd_round_trip.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <vector>

namespace vtxc::test {

SmdFile parseSmdOrFail(const std::string& text) {
    CollectingSink sink;
    auto file = parseSmd(text, "test.smd", sink);
    if (!file) {
        ADD_FAILURE() << "does not parse: "
                      << (sink.errors().empty() ? "" : formatDiagnostic(sink.errors()[0]));
        return {};
    }
    return std::move(*file);
}

namespace {

// Influences as the writer puts them: largest weight first, ties in file order.
std::vector<SmdLink> sortedInfluences(const SmdFile& file, const SmdVertex& vertex) {
    const SmdInfluences influences = file.influences(vertex);
    std::vector<SmdLink> links(influences.begin(), influences.end());
    std::stable_sort(links.begin(), links.end(),
                     [](const SmdLink& a, const SmdLink& b) { return a.weight > b.weight; });
    return links;
}

} // namespace

void expectSameSmdContent(const SmdFile& a, const SmdFile& b) {
    ASSERT_EQ(a.kind(), b.kind());
    ASSERT_EQ(a.nodes.size(), b.nodes.size());
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        EXPECT_EQ(a.nodes[i].name, b.nodes[i].name);
        EXPECT_EQ(a.nodes[i].parent, b.nodes[i].parent);
    }
    ASSERT_EQ(a.frames.size(), b.frames.size());
    for (std::size_t i = 0; i < a.frames.size(); ++i) {
        EXPECT_EQ(a.frames[i].time, b.frames[i].time);
        EXPECT_EQ(a.frames[i].bones, b.frames[i].bones);
    }
    EXPECT_EQ(a.materials, b.materials);
    ASSERT_EQ(a.triangles.size(), b.triangles.size());
    for (std::size_t t = 0; t < a.triangles.size(); ++t) {
        const SmdTriangle& ta = a.triangles[t];
        const SmdTriangle& tb = b.triangles[t];
        ASSERT_EQ(a.materials[ta.material], b.materials[tb.material]);
        for (std::size_t k = 0; k < 3; ++k) {
            const SmdVertex& va = ta.corners[k];
            const SmdVertex& vb = tb.corners[k];
            ASSERT_EQ(va.bone, vb.bone) << "triangle " << t;
            ASSERT_EQ(va.position, vb.position) << "triangle " << t;
            ASSERT_EQ(va.normal, vb.normal) << "triangle " << t;
            ASSERT_EQ(va.uv, vb.uv) << "triangle " << t;
            ASSERT_EQ(sortedInfluences(a, va), sortedInfluences(b, vb)) << "triangle " << t;
        }
    }
}

void expectSmdRoundTrip(const SmdFile& original) {
    const std::string written = writeSmd(original);
    const SmdFile reread = parseSmdOrFail(written);
    expectSameSmdContent(original, reread);
    EXPECT_EQ(writeSmd(reread), written) << "writing is not stable";
}

} // namespace vtxc::test
