// Tests of the data behind `vtxc view` (tools/model_view.h) on a small model built in memory:
// triangles resolved through the .mdl's mesh offsets and the .vvd's fixups, FIFO misses per
// triangle, strip and strip group numbers, sampled sequence frames and the sequence budget; the
// JSON's typed arrays and its escaping (a hostile name cannot leave the <script> element); the
// page assembly and the embedded page files.
#include "formats/common/internal_error.h"
#include "testing/base64.h"
#include "tools/model_view.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace vtxc {
namespace {

const std::string kHostileName = "</script><script>alert(1)</script>";
// A material name with an HTML comment opener, an ampersand and U+2028 (JavaScript's old line
// separator).
const std::string kHostileMaterial = "<!--mat&\xe2\x80\xa8x";

VtxStripGroup groupOf(std::vector<std::uint16_t> ids, std::vector<std::uint16_t> indices,
                      std::vector<std::int32_t> stripSizes) {
    VtxStripGroup group;
    for (std::uint16_t id : ids)
        group.vertices.push_back(VtxVertex{{0, 1, 2}, 1, id, {0, 0, 0}});
    group.indices = std::move(indices);
    std::int32_t offset = 0;
    for (std::int32_t size : stripSizes) {
        VtxStrip strip;
        strip.indexOffset = offset;
        strip.numIndices = size;
        strip.numVerts = static_cast<std::int32_t>(group.vertices.size());
        group.strips.push_back(strip);
        offset += size;
    }
    return group;
}

// One body part, one model of two meshes (4 and 3 vertices); the .vvd's pool holds the second
// mesh's vertices first, and its fixups put them back in mesh order.
LoadedModel smallModel() {
    LoadedModel model;
    MdlFile mdl;
    mdl.name = kHostileName;
    MdlBone bone;
    bone.name = "root";
    bone.pos = {1, 2, 3};
    mdl.bones.push_back(bone);
    mdl.textures.push_back(MdlTexture{kHostileMaterial, 0, 0, 0, 0});
    mdl.textures.push_back(MdlTexture{"second", 0, 0, 0, 0});
    mdl.skinFamilies = {{0, 1}, {1, 0}};
    MdlModel m;
    m.name = "m";
    m.numvertices = 7;
    MdlMesh first;
    first.material = 0;
    first.numvertices = 4;
    MdlMesh second;
    second.material = 1;
    second.numvertices = 3;
    second.vertexoffset = 4;
    m.meshes = {first, second};
    MdlBodyPart part;
    part.name = "body";
    part.models.push_back(m);
    mdl.bodyParts.push_back(part);
    MdlAnimDesc anim;
    anim.name = "@idle";
    anim.numframes = 100;
    anim.flags = kStudioLooping;
    mdl.animations.push_back(anim);
    MdlSeqDesc seq;
    seq.label = "idle";
    seq.blends = {0};
    mdl.sequences.push_back(seq);
    model.mdl = mdl;

    VvdFile vvd;
    vvd.numLODVertexes[0] = 7;
    for (int i = 0; i < 7; ++i) {
        VvdVertex v;
        v.position = {float(i), 0, 0};
        v.boneWeights.numBones = 1;
        v.boneWeights.weight = {1, 0.5f, 0.5f}; // slots past numBones: left out
        vvd.vertices.push_back(v);
    }
    vvd.fixups = {{0, 4, 3}, {0, 0, 4}}; // mesh order: pool 4, 5, 6, 0, 1, 2, 3
    model.vvd = vvd;

    VtxFile vtx;
    vtx.vertCacheSize = 3;
    vtx.bodyParts.resize(1);
    vtx.bodyParts[0].models.resize(1);
    VtxModelLod lod;
    VtxMesh mesh0, mesh1;
    mesh0.stripGroups.push_back(groupOf({0, 1, 2, 3}, {0, 1, 2, 2, 1, 3}, {6}));
    mesh1.stripGroups.push_back(groupOf({2, 1, 0}, {0, 1, 2}, {3}));
    lod.meshes = {mesh0, mesh1};
    vtx.bodyParts[0].models[0].lods.push_back(lod);
    model.vtx.push_back({"dx90", "small.dx90.vtx", vtx});
    return model;
}

ModelView viewOf(const LoadedModel& model, const ModelViewOptions& options = {}) {
    CollectingSink sink;
    return buildModelView(ModelFilePaths{}, model, nullptr, {}, options, sink);
}

std::vector<std::uint32_t> decodeU32(const nlohmann::json& array) {
    EXPECT_EQ(array["type"], "u32");
    const std::vector<std::uint8_t> bytes = test::decodeBase64(array["base64"].get<std::string>());
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i + 3 < bytes.size(); i += 4)
        out.push_back(std::uint32_t(bytes[i]) | std::uint32_t(bytes[i + 1]) << 8 |
                      std::uint32_t(bytes[i + 2]) << 16 | std::uint32_t(bytes[i + 3]) << 24);
    EXPECT_EQ(out.size(), array["count"].get<std::size_t>());
    return out;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

TEST(ModelView, TrianglesIndexTheMeshOrderedVerticesThroughMeshOffsetsAndFixups) {
    const ModelView view = viewOf(smallModel());
    ASSERT_EQ(view.vertices.count(), 7u);
    // Mesh order starts with the pool's vertex 4 (the first fixup's run).
    EXPECT_EQ(view.vertices.position[0], 4.0f);
    EXPECT_EQ(view.vertices.position[3 * 3], 0.0f);
    ASSERT_EQ(view.variants.size(), 1u);
    ASSERT_EQ(view.variants[0].lods.size(), 1u);
    const ViewLod& lod = view.variants[0].lods[0];
    EXPECT_EQ(lod.triangles(), 3u);
    // The second mesh starts at its vertexoffset 4: ids 2, 1, 0 -> 6, 5, 4.
    EXPECT_EQ(lod.index, (std::vector<std::uint32_t>{0, 1, 2, 2, 1, 3, 6, 5, 4}));
    EXPECT_EQ(lod.triMaterial, (std::vector<std::uint16_t>{0, 0, 1}));
    EXPECT_EQ(lod.triStripGroup, (std::vector<std::uint16_t>{0, 0, 1}));
    EXPECT_EQ(lod.triStrip, (std::vector<std::uint16_t>{0, 0, 1}));
    EXPECT_EQ(lod.triBodyPart, (std::vector<std::uint8_t>{0, 0, 0}));
    // FIFO of 3: the first triangle misses 3 times; the second finds 2 and 1 and misses 3; the
    // second strip group starts cold.
    EXPECT_EQ(lod.triCacheMisses, (std::vector<std::uint8_t>{3, 1, 3}));
    EXPECT_EQ(view.variants[0].cacheSize, 3);
    // Unused weight slots are 0 whatever the file holds there.
    EXPECT_EQ(view.vertices.boneWeight[0], 1.0f);
    EXPECT_EQ(view.vertices.boneWeight[1], 0.0f);
}

TEST(ModelView, EachStripStartsWithAColdCache) {
    LoadedModel model = smallModel();
    // The same two triangles as two strips: the second starts with an empty cache.
    model.vtx[0].file.bodyParts[0].models[0].lods[0].meshes[0].stripGroups[0] =
        groupOf({0, 1, 2, 3}, {0, 1, 2, 2, 1, 3}, {3, 3});
    const ModelView view = viewOf(model);
    const ViewLod& lod = view.variants[0].lods[0];
    EXPECT_EQ(lod.triCacheMisses, (std::vector<std::uint8_t>{3, 3, 3}));
    EXPECT_EQ(lod.triStrip, (std::vector<std::uint16_t>{0, 1, 2}));
}

// What the readers cannot see alone: a .vtx vertex past its mesh in the .mdl, a model placed
// before the .vvd's first vertex (the model check reports both).
TEST(ModelView, TrianglesNamingVerticesOutsideTheArraysAreLeftOut) {
    LoadedModel model = smallModel();
    auto& meshes = model.vtx[0].file.bodyParts[0].models[0].lods[0].meshes;
    meshes[1].stripGroups[0].vertices[0].origMeshVertID = 3; // 4 + 3 is past the 7 vertices
    const ModelView view = viewOf(model);
    EXPECT_EQ(view.variants[0].lods[0].index, (std::vector<std::uint32_t>{0, 1, 2, 2, 1, 3}));
    model.mdl->bodyParts[0].models[0].vertexindex = -48;
    EXPECT_EQ(viewOf(model).variants[0].lods[0].triangles(), 0u);
}

TEST(ModelView, SequencesAreSampledAtMostSixtyFramesAndKeptWithinTheBudget) {
    const ModelView view = viewOf(smallModel());
    ASSERT_EQ(view.sequences.size(), 1u);
    const ViewSequence& seq = view.sequences[0];
    EXPECT_EQ(seq.name, "idle");
    EXPECT_EQ(seq.frames, 100);
    EXPECT_TRUE(seq.loop);
    EXPECT_EQ(seq.sampledFrames, kViewMaxSampledFrames);
    ASSERT_EQ(seq.pose.size(), std::size_t(kViewMaxSampledFrames) * 7);
    // No animated channel: every sampled frame is the bind pose.
    EXPECT_EQ(std::vector<float>(seq.pose.end() - 7, seq.pose.end()),
              (std::vector<float>{1, 2, 3, 0, 0, 0, 1}));
    EXPECT_EQ(view.sequencesOmitted, 0u);

    ModelViewOptions tight;
    tight.sequenceBudgetBytes = 100;
    const ModelView small = viewOf(smallModel(), tight);
    EXPECT_TRUE(small.sequences.empty());
    EXPECT_EQ(small.sequencesOmitted, 1u);
}

TEST(ModelView, TheDefaultSequenceBudgetIsWhatTwiceTheFilesLeave) {
    EXPECT_EQ(defaultSequenceBudget(1'000'000, 400'000), 1'600'000u / 4 * 3);
    // Geometry past the target leaves the floor: one sequence of a small skeleton.
    EXPECT_EQ(defaultSequenceBudget(1000, 1'000'000), defaultSequenceBudget(0, 0));
    EXPECT_GT(defaultSequenceBudget(0, 0), 0u);
}

TEST(ModelViewJson, TypedArraysAreLittleEndianBase64AndNamesCannotLeaveTheScript) {
    const ModelView view = viewOf(smallModel());
    const std::string text = modelViewJsonText(view);
    EXPECT_EQ(text.find('<'), std::string::npos);
    EXPECT_EQ(text.find('>'), std::string::npos);
    EXPECT_EQ(text.find('&'), std::string::npos);
    EXPECT_EQ(text.find("\xe2\x80\xa8"), std::string::npos);
    const auto json = nlohmann::json::parse(text);
    EXPECT_EQ(json["schema"], 1);
    EXPECT_EQ(json["name"], kHostileName);
    EXPECT_EQ(json["materials"][0], kHostileMaterial);
    EXPECT_EQ(json["skins"], nlohmann::json::parse("[[0, 1], [1, 0]]"));
    EXPECT_EQ(json["bodyParts"][0]["name"], "body");
    const auto& lod = json["variants"][0]["lods"][0];
    EXPECT_EQ(lod["triangles"], 3);
    EXPECT_EQ(decodeU32(lod["index"]), view.variants[0].lods[0].index);
    EXPECT_EQ(lod["triCacheMisses"]["type"], "u8");
    EXPECT_EQ(test::decodeBase64(lod["triCacheMisses"]["base64"]),
              (std::vector<std::uint8_t>{3, 1, 3}));
    EXPECT_EQ(json["vertices"]["count"], 7);
    EXPECT_EQ(json["vertices"]["position"]["count"], 21);
    EXPECT_EQ(json["sequences"][0]["sampledFrames"], kViewMaxSampledFrames);
    EXPECT_TRUE(json["collision"].is_null());
    EXPECT_TRUE(json["stats"].contains("variants"));
    EXPECT_TRUE(json["check"].is_array());
}

TEST(ViewerPage, MarkersAreReplacedOnceAndMarkersInTheInsertedTextsStay) {
    const ViewerPageSources sources{
        "<style>/*VTXC_CSS*/</style><script type=\"application/json\" "
        "id=\"vtxc-model\">\"VTXC_MODEL_JSON\"</script><script>/*VTXC_JS*/</script>",
        "b{}/*VTXC_JS*/", "x=\"VTXC_MODEL_JSON\";"};
    EXPECT_EQ(renderViewerPage(sources, "{\"a\":\"/*VTXC_CSS*/\"}"),
              "<style>b{}/*VTXC_JS*/</style><script type=\"application/json\" "
              "id=\"vtxc-model\">{\"a\":\"/*VTXC_CSS*/\"}</script><script>x=\"VTXC_MODEL_JSON\";"
              "</script>");
    EXPECT_THROW(renderViewerPage({"/*VTXC_CSS*/ /*VTXC_JS*/", "", ""}, "{}"), InternalError);
    EXPECT_THROW(renderViewerPage(
                     {"/*VTXC_CSS*/ /*VTXC_JS*/ /*VTXC_JS*/ \"VTXC_MODEL_JSON\"", "", ""}, "{}"),
                 InternalError);
}

TEST(ViewerPage, TheEmbeddedFilesHoldEachMarkerOnceAndNothingThatEndsTheirElement) {
    const ViewerPageSources sources = viewerPageSources();
    for (const char* marker : {"/*VTXC_CSS*/", "/*VTXC_JS*/", "\"VTXC_MODEL_JSON\""})
        EXPECT_EQ(occurrences(std::string(sources.html), marker), 1u) << marker;
    const auto lower = [](std::string_view text) {
        std::string out(text);
        for (char& c : out)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return out;
    };
    EXPECT_EQ(lower(sources.js).find("</script"), std::string::npos);
    EXPECT_EQ(lower(sources.css).find("</style"), std::string::npos);
    EXPECT_NE(std::string(sources.html).find("Content-Security-Policy"), std::string::npos);
}

TEST(ViewerPage, AHostileModelNameAddsNoElementToThePage) {
    const ViewerPageSources sources = viewerPageSources();
    const std::string page = renderViewerPage(sources, modelViewJsonText(viewOf(smallModel())));
    const std::string html(sources.html), js(sources.js), css(sources.css);
    for (const char* tag : {"<script", "</script", "<!--"})
        EXPECT_EQ(occurrences(page, tag),
                  occurrences(html, tag) + occurrences(js, tag) + occurrences(css, tag))
            << tag;
    EXPECT_EQ(page.find("alert(1)</"), std::string::npos);
    EXPECT_NE(page.find("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"), std::string::npos);
}

} // namespace
} // namespace vtxc
