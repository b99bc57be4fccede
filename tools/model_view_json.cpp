// The model JSON of `vtxc view` (schema 1, docs/view.md) and the page around it. Binary arrays
// are base64 of little-endian typed arrays; the text is escaped so that nothing a model file
// holds can end the <script> element it sits in (the HTML standard ends a script element's
// content at "</script"; "<!--" changes how it is parsed).
#include "compiler/compile_json.h"
#include "formats/common/internal_error.h"
#include "tools/model_view.h"
#include "tools/tools_json.h"

#include <bit>
#include <cstring>
#include <nlohmann/json.hpp>

namespace vtxc {

namespace {

using Json = nlohmann::ordered_json;

constexpr char kBase64Alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64(const std::vector<std::uint8_t>& bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const std::uint32_t n =
            (std::uint32_t(bytes[i]) << 16) | (std::uint32_t(bytes[i + 1]) << 8) | bytes[i + 2];
        for (int shift : {18, 12, 6, 0})
            out.push_back(kBase64Alphabet[(n >> shift) & 63]);
    }
    if (i < bytes.size()) {
        const bool two = i + 1 < bytes.size();
        const std::uint32_t n =
            (std::uint32_t(bytes[i]) << 16) | (two ? std::uint32_t(bytes[i + 1]) << 8 : 0);
        out.push_back(kBase64Alphabet[(n >> 18) & 63]);
        out.push_back(kBase64Alphabet[(n >> 12) & 63]);
        out.push_back(two ? kBase64Alphabet[(n >> 6) & 63] : '=');
        out.push_back('=');
    }
    return out;
}

template <class T> std::uint64_t bitsOf(T value) {
    if constexpr (std::is_same_v<T, float>)
        return std::bit_cast<std::uint32_t>(value);
    else
        return static_cast<std::uint64_t>(value);
}

template <class T> const char* typeName() {
    if constexpr (std::is_same_v<T, float>) return "f32";
    if constexpr (std::is_same_v<T, std::uint32_t>) return "u32";
    if constexpr (std::is_same_v<T, std::uint16_t>) return "u16";
    if constexpr (std::is_same_v<T, std::uint8_t>) return "u8";
}

// {"type", "count" (elements of the typed array), "base64"}.
template <class T> Json typedArray(const std::vector<T>& values) {
    std::vector<std::uint8_t> bytes;
    bytes.reserve(values.size() * sizeof(T));
    for (const T& value : values) {
        const std::uint64_t bits = bitsOf(value);
        for (std::size_t b = 0; b < sizeof(T); ++b)
            bytes.push_back(static_cast<std::uint8_t>(bits >> (8 * b)));
    }
    return {{"type", typeName<T>()}, {"count", values.size()}, {"base64", base64(bytes)}};
}

Json vec3(const Vec3& v) {
    return Json::array({v.x, v.y, v.z});
}

Json lodJson(const ViewLod& lod) {
    Json out{{"lod", lod.lod},
             {"switchPoint", lod.switchPoint},
             {"triangles", lod.triangles()},
             {"index", typedArray(lod.index)},
             {"triBodyPart", typedArray(lod.triBodyPart)},
             {"triModel", typedArray(lod.triModel)},
             {"triMaterial", typedArray(lod.triMaterial)},
             {"triStripGroup", typedArray(lod.triStripGroup)},
             {"triStrip", typedArray(lod.triStrip)},
             {"triCacheMisses", typedArray(lod.triCacheMisses)},
             {"error", nullptr}};
    if (lod.error) out["error"] = Json(generatedLodsJson({*lod.error}).at(0));
    return out;
}

Json collisionJson(const std::optional<std::vector<ViewCollisionSolid>>& collision) {
    if (!collision) return nullptr;
    Json solids = Json::array();
    for (const ViewCollisionSolid& solid : *collision) {
        Json pieces = Json::array();
        for (const ViewCollisionPiece& piece : solid.pieces)
            pieces.push_back(
                {{"position", typedArray(piece.position)}, {"index", typedArray(piece.index)}});
        solids.push_back({{"name", solid.name}, {"bone", solid.bone}, {"pieces", pieces}});
    }
    return {{"solids", solids}};
}

Json modelViewJson(const ModelView& view) {
    Json files = Json::array();
    for (const FileSize& file : view.files)
        files.push_back({{"name", file.name}, {"bytes", file.bytes}});
    Json bodyParts = Json::array();
    for (const ViewBodyPart& part : view.bodyParts)
        bodyParts.push_back({{"name", part.name}, {"models", part.models}});
    Json variants = Json::array();
    for (const ViewVariant& variant : view.variants) {
        Json lods = Json::array();
        for (const ViewLod& lod : variant.lods)
            lods.push_back(lodJson(lod));
        variants.push_back(
            {{"name", variant.name}, {"cacheSize", variant.cacheSize}, {"lods", lods}});
    }
    Json bones = Json::array();
    for (const ViewBone& bone : view.bones)
        bones.push_back({{"name", bone.name},
                         {"parent", bone.parent},
                         {"position", vec3(bone.position)},
                         {"quaternion", Json::array({bone.quaternion.x, bone.quaternion.y,
                                                     bone.quaternion.z, bone.quaternion.w})},
                         {"poseToBone", bone.poseToBone}});
    Json hitboxes = Json::array();
    for (const ViewHitbox& box : view.hitboxes)
        hitboxes.push_back({{"set", box.set},
                            {"bone", box.bone},
                            {"group", box.group},
                            {"min", vec3(box.min)},
                            {"max", vec3(box.max)},
                            {"name", box.name}});
    Json attachments = Json::array();
    for (const ViewAttachment& a : view.attachments)
        attachments.push_back({{"name", a.name}, {"bone", a.bone}, {"matrix", a.matrix}});
    Json sequences = Json::array();
    for (const ViewSequence& seq : view.sequences)
        sequences.push_back({{"name", seq.name},
                             {"fps", seq.fps},
                             {"frames", seq.frames},
                             {"loop", seq.loop},
                             {"sampledFrames", seq.sampledFrames},
                             {"pose", typedArray(seq.pose)}});
    Json check = Json::array();
    for (const ViewFinding& finding : view.check)
        check.push_back({{"severity", severityLabel(finding.severity)},
                         {"code", finding.code},
                         {"message", finding.message}});

    return {{"schema", 1},
            {"name", view.name},
            {"files", files},
            {"vertices",
             {{"count", view.vertices.count()},
              {"position", typedArray(view.vertices.position)},
              {"normal", typedArray(view.vertices.normal)},
              {"boneIndex", typedArray(view.vertices.boneIndex)},
              {"boneWeight", typedArray(view.vertices.boneWeight)}}},
            {"materials", view.materials},
            {"skins", view.skins},
            {"bodyParts", bodyParts},
            {"variants", variants},
            {"initial", {{"variant", view.initialVariant}, {"lod", view.initialLod}}},
            {"bones", bones},
            {"hitboxes", hitboxes},
            {"attachments", attachments},
            {"collision", collisionJson(view.collision)},
            {"sequences", sequences},
            {"sequencesOmitted", view.sequencesOmitted},
            {"stats", Json::parse(modelStatsJsonText(view.stats))},
            {"check", check}};
}

// '<', '>', '&' and the two line separators JavaScript once treated as line ends, as \u escapes.
// They only occur inside strings of the dumped text, where the escapes mean the same characters.
std::string escapeForScript(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '<')
            out += "\\u003c";
        else if (c == '>')
            out += "\\u003e";
        else if (c == '&')
            out += "\\u0026";
        else if (c == '\xe2' && i + 2 < text.size() && text[i + 1] == '\x80' &&
                 (text[i + 2] == '\xa8' || text[i + 2] == '\xa9')) {
            out += text[i + 2] == '\xa8' ? "\\u2028" : "\\u2029";
            i += 2;
        } else
            out.push_back(c);
    }
    return out;
}

std::size_t onlyMarker(std::string_view text, std::string_view marker) {
    const std::size_t at = text.find(marker);
    VTXC_CHECK(at != std::string_view::npos && text.find(marker, at + 1) == std::string_view::npos,
               "the viewer page template must hold " + std::string(marker) + " exactly once");
    return at;
}

} // namespace

std::string modelViewJsonText(const ModelView& view) {
    // Names from model files need not be UTF-8: invalid bytes become U+FFFD.
    return escapeForScript(
        modelViewJson(view).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::string renderViewerPage(const ViewerPageSources& sources, std::string_view modelJson) {
    struct Splice {
        std::size_t at;
        std::size_t length;
        std::string_view text;
    };
    constexpr std::string_view kCss = "/*VTXC_CSS*/", kJs = "/*VTXC_JS*/",
                               kJson = "\"VTXC_MODEL_JSON\"";
    std::vector<Splice> splices{{onlyMarker(sources.html, kCss), kCss.size(), sources.css},
                                {onlyMarker(sources.html, kJs), kJs.size(), sources.js},
                                {onlyMarker(sources.html, kJson), kJson.size(), modelJson}};
    std::sort(splices.begin(), splices.end(),
              [](const Splice& a, const Splice& b) { return a.at < b.at; });
    std::string page;
    page.reserve(sources.html.size() + sources.css.size() + sources.js.size() + modelJson.size());
    std::size_t from = 0;
    for (const Splice& splice : splices) {
        page.append(sources.html.substr(from, splice.at - from));
        page.append(splice.text);
        from = splice.at + splice.length;
    }
    page.append(sources.html.substr(from));
    return page;
}

} // namespace vtxc
