// SMD writer: text in the conventions of Valve's Source exporter (links on every vertex, largest
// weight first, at most 8). Angles are written as read, even past a whole turn.
#include "formats/smd/smd.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace vtxc {

namespace {

constexpr std::size_t kChunkBytes = 1 << 20;

// 6 decimals like the exporter; when that would change the float, the shortest exact form.
void appendFloat(std::string& out, float value) {
    char buffer[64];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 6);
    float back = 0;
    std::from_chars(buffer, result.ptr, back);
    if (back != value)
        result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    out.append(buffer, result.ptr);
}

void appendInt(std::string& out, long long value) {
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

void appendVec3(std::string& out, const Vec3& v) {
    appendFloat(out, v.x);
    out += ' ';
    appendFloat(out, v.y);
    out += ' ';
    appendFloat(out, v.z);
}

// Largest weight first (ties keep file order), at most kSmdWriterMaxLinks; dropped weight is
// spread over the kept links in proportion, so the sum is unchanged.
void appendLinks(std::string& out, const SmdFile& file, const SmdVertex& vertex,
                 std::vector<SmdLink>& scratch) {
    const SmdInfluences influences = file.influences(vertex);
    scratch.assign(influences.begin(), influences.end());
    std::stable_sort(scratch.begin(), scratch.end(),
                     [](const SmdLink& a, const SmdLink& b) { return a.weight > b.weight; });
    if (scratch.size() > static_cast<std::size_t>(kSmdWriterMaxLinks)) {
        double total = 0, kept = 0;
        for (std::size_t i = 0; i < scratch.size(); ++i) {
            total += scratch[i].weight;
            if (i < static_cast<std::size_t>(kSmdWriterMaxLinks)) kept += scratch[i].weight;
        }
        scratch.resize(kSmdWriterMaxLinks);
        if (kept > 0)
            for (SmdLink& link : scratch)
                link.weight = static_cast<float>(link.weight * (total / kept));
    }
    appendInt(out, static_cast<long long>(scratch.size()));
    for (const SmdLink& link : scratch) {
        out += ' ';
        appendInt(out, link.bone);
        out += ' ';
        appendFloat(out, link.weight);
    }
}

void appendVertex(std::string& out, const SmdFile& file, const SmdVertex& vertex,
                  std::vector<SmdLink>& scratch) {
    appendInt(out, vertex.bone);
    out += ' ';
    appendVec3(out, vertex.position);
    out += ' ';
    appendVec3(out, vertex.normal);
    out += ' ';
    appendFloat(out, vertex.uv.x);
    out += ' ';
    appendFloat(out, vertex.uv.y);
    out += ' ';
    appendLinks(out, file, vertex, scratch);
    out += '\n';
}

void appendNodes(std::string& out, const SmdFile& file) {
    out += "nodes\n";
    for (std::size_t i = 0; i < file.nodes.size(); ++i) {
        const SmdNode& node = file.nodes[i];
        std::string name = node.name;
        std::replace(name.begin(), name.end(), '"', '\'');
        appendInt(out, static_cast<long long>(i));
        out += " \"";
        out += name;
        out += "\" ";
        appendInt(out, node.parent);
        out += '\n';
    }
    out += "end\n";
}

void appendSkeleton(std::string& out, const SmdFile& file) {
    out += "skeleton\n";
    for (const SmdFrame& frame : file.frames) {
        out += "time ";
        appendInt(out, frame.time);
        out += '\n';
        for (const SmdBonePose& pose : frame.bones) {
            appendInt(out, pose.bone);
            out += ' ';
            appendVec3(out, pose.position);
            out += ' ';
            appendVec3(out, pose.rotation);
            out += '\n';
        }
    }
    out += "end\n";
}

} // namespace

void writeSmdChunks(const SmdFile& file, const std::function<void(std::string_view)>& consume) {
    std::string out;
    out.reserve(kChunkBytes + 4096);
    out += "version 1\n";
    appendNodes(out, file);
    appendSkeleton(out, file);
    if (file.hasTrianglesSection) {
        out += "triangles\n";
        std::vector<SmdLink> scratch;
        for (const SmdTriangle& triangle : file.triangles) {
            out += triangle.material < file.materials.size() ? file.materials[triangle.material]
                                                             : std::string("default");
            out += '\n';
            for (const SmdVertex& corner : triangle.corners)
                appendVertex(out, file, corner, scratch);
            if (out.size() >= kChunkBytes) {
                consume(out);
                out.clear();
            }
        }
        out += "end\n";
    }
    consume(out);
}

std::string writeSmd(const SmdFile& file) {
    std::string text;
    writeSmdChunks(file, [&](std::string_view chunk) { text.append(chunk); });
    return text;
}

} // namespace vtxc
