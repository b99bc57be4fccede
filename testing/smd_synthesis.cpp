// Synthetic skinned SMD meshes: a tube of welded grid quads along a chain of bones.
// Shapes only the input side of the pipeline; nothing here claims to look like a real model.
#include "testing/smd_synthesis.h"

#include "formats/common/io_codes.h"
#include "testing/test_support.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <system_error>
#include <unistd.h>

namespace vtxc {

namespace {

constexpr float kBoneLength = 10.0f;
constexpr float kRadius = 3.0f;
constexpr double kTwoPi = 6.283185307179586476925286766559;

// A small integer hash (splitmix-like) so results do not depend on the standard library's RNGs.
float jitter(std::uint32_t seed, std::uint32_t index) {
    std::uint64_t x = (static_cast<std::uint64_t>(seed) << 32) ^ index;
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    x ^= x >> 31;
    return static_cast<float>(x & 0xFFFF) / 65535.0f - 0.5f; // -0.5..0.5
}

// Values with 6 decimals, as Valve's exporter writes them, so the text looks like a real file.
float sixDecimals(float value) {
    return static_cast<float>(std::round(static_cast<double>(value) * 1e6) / 1e6);
}
Vec3 sixDecimals(Vec3 v) {
    return {sixDecimals(v.x), sixDecimals(v.y), sixDecimals(v.z)};
}

struct Grid {
    std::size_t columns = 3; // around the tube
    std::size_t rows = 1;    // along it
};

Grid gridFor(std::size_t triangles) {
    const std::size_t quads = std::max<std::size_t>(1, (triangles + 1) / 2);
    Grid grid;
    grid.columns = std::clamp<std::size_t>(
        static_cast<std::size_t>(std::sqrt(static_cast<double>(quads))), 3, 64);
    grid.rows = (quads + grid.columns - 1) / grid.columns;
    return grid;
}

void addSkeleton(SmdFile& file, int bones) {
    SmdFrame rest;
    rest.time = 0;
    for (int bone = 0; bone < bones; ++bone) {
        file.nodes.push_back({bone, "bone" + std::to_string(bone), bone - 1, 0});
        rest.bones.push_back({bone, {0, 0, bone == 0 ? 0.0f : kBoneLength}, {0, 0, 0}});
    }
    file.frames.push_back(std::move(rest));
}

// Weights of the `count` bones nearest to `t` (in bone units along the chain), falling off with
// distance, normalised to sum 1, largest first.
void addLinks(SmdFile& file, float t, int bones, int count) {
    std::vector<std::pair<float, int>> nearest;
    for (int bone = 0; bone < bones; ++bone)
        nearest.push_back({std::fabs(t - bone), bone});
    std::partial_sort(nearest.begin(), nearest.begin() + count, nearest.end());
    float weights[kSmdWriterMaxLinks];
    float sum = 0;
    for (int i = 0; i < count; ++i) {
        const float falloff = 1.0f / (1.0f + 4.0f * nearest[static_cast<std::size_t>(i)].first);
        weights[i] = falloff * falloff;
        sum += weights[i];
    }
    for (int i = 0; i < count; ++i)
        file.links.push_back(
            {nearest[static_cast<std::size_t>(i)].second, sixDecimals(weights[i] / sum)});
}

} // namespace

SmdFile synthesizeSmd(const SmdSynthesisOptions& options) {
    const int bones = std::max(1, options.bones);
    const int influences =
        std::clamp(options.maxInfluences, 1, std::min(kSmdWriterMaxLinks, bones));
    const int materialCount = std::max(1, options.materials);
    SmdFile file;
    file.fileName = "synthetic.smd";
    file.hasTrianglesSection = true;
    addSkeleton(file, bones);
    for (int m = 0; m < materialCount; ++m)
        file.materials.push_back("synthetic_" + std::to_string(m));

    const Grid grid = gridFor(options.triangles);
    const float length = kBoneLength * static_cast<float>(bones - 1) + kBoneLength;
    // One vertex per grid point (the seam column is doubled for its own u).
    std::vector<SmdVertex> points;
    points.reserve((grid.rows + 1) * (grid.columns + 1));
    for (std::size_t r = 0; r <= grid.rows; ++r) {
        const float along = static_cast<float>(r) / static_cast<float>(grid.rows);
        const float t = along * static_cast<float>(bones - 1);
        for (std::size_t c = 0; c <= grid.columns; ++c) {
            const auto index = static_cast<std::uint32_t>(points.size());
            const double angle =
                kTwoPi * static_cast<double>(c) / static_cast<double>(grid.columns);
            const float radius = kRadius + 0.05f * jitter(options.seed, index);
            SmdVertex v;
            v.normal = {static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle)),
                        0};
            v.position = {radius * v.normal.x, radius * v.normal.y, along * length};
            v.uv = {sixDecimals(static_cast<float>(c) / static_cast<float>(grid.columns)),
                    sixDecimals(along)};
            v.position = sixDecimals(v.position);
            v.normal = sixDecimals(v.normal);
            v.bone = static_cast<int>(std::lround(t));
            v.firstLink = static_cast<std::uint32_t>(file.links.size());
            v.linkCount = static_cast<std::uint32_t>(influences);
            addLinks(file, t, bones, influences);
            points.push_back(v);
        }
    }
    auto point = [&](std::size_t r, std::size_t c) { return points[r * (grid.columns + 1) + c]; };
    file.triangles.reserve(options.triangles);
    for (std::size_t quad = 0; file.triangles.size() < options.triangles; ++quad) {
        const std::size_t r = quad / grid.columns, c = quad % grid.columns;
        SmdTriangle triangle;
        triangle.material =
            static_cast<std::uint32_t>(r * static_cast<std::size_t>(materialCount) / grid.rows);
        triangle.corners = {point(r, c), point(r, c + 1), point(r + 1, c + 1)};
        file.triangles.push_back(triangle);
        if (file.triangles.size() == options.triangles) break;
        triangle.corners = {point(r, c), point(r + 1, c + 1), point(r + 1, c)};
        file.triangles.push_back(triangle);
    }
    return file;
}

std::string synthesizeSmdText(const SmdSynthesisOptions& options) {
    return writeSmd(synthesizeSmd(options));
}

bool writeSynthesizedSmdFile(const std::filesystem::path& path, const SmdSynthesisOptions& options,
                             DiagnosticSink& sink) {
    const std::filesystem::path temporary =
        path.parent_path() /
        ("." + path.filename().string() + ".vtxc-" + std::to_string(::getpid()) + ".tmp");
    std::FILE* out = std::fopen(temporary.c_str(), "wb");
    if (!out) {
        sink.report(kIoCodes["IO002"], {path.string()},
                    "cannot create the file (does the folder exist, and may vtxc write there?)");
        return false;
    }
    bool ok = true;
    writeSmdChunks(synthesizeSmd(options), [&](std::string_view chunk) {
        if (ok && std::fwrite(chunk.data(), 1, chunk.size(), out) != chunk.size()) ok = false;
    });
    ok = (std::fclose(out) == 0) && ok;
    std::error_code ec;
    if (ok) std::filesystem::rename(temporary, path, ec);
    if (!ok || ec) {
        std::filesystem::remove(temporary, ec);
        sink.report(kIoCodes["IO002"], {path.string()},
                    "writing the file failed (is the disk full?)");
        return false;
    }
    return true;
}

std::string quadGridSmdText(int n, const std::vector<std::string>& materials,
                            const std::string& secondBone, float offset) {
    std::string s = "version 1\nnodes\n0 \"root\" -1\n1 \"" + secondBone +
                    "\" 0\nend\nskeleton\ntime 0\n"
                    "0 0 0 0 0 0 0\n1 0 0 1 0 0 0\nend\ntriangles\n";
    // UVs from the grid position, so that a vertex shared by cells is bit-identical in each.
    auto vertex = [&](float x, float y, float, float) {
        const int bone = x > float(n) / 2 ? 1 : 0;
        const float u = x / float(n), v = y / float(n);
        return std::to_string(bone) + " " + std::to_string(x + offset) + " " + std::to_string(y) +
               " 0 0 0 1 " + std::to_string(u) + " " + std::to_string(v) + " 1 " +
               std::to_string(bone) + " 1\n";
    };
    for (std::size_t m = 0; m < materials.size(); ++m)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const float x = float(i + int(m) * (n + 1)), y = float(j);
                const float u = float(i) / n, v = float(j) / n, d = 1.0f / n;
                s += materials[m] + "\n" + vertex(x, y, u, v) + vertex(x + 1, y, u + d, v) +
                     vertex(x + 1, y + 1, u + d, v + d);
                s += materials[m] + "\n" + vertex(x, y, u, v) + vertex(x + 1, y + 1, u + d, v + d) +
                     vertex(x, y + 1, u, v + d);
            }
    return s + "end\n";
}

std::string quadSmdText(const std::string& material, float z, const std::string& second) {
    std::string s =
        "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\ntriangles\n";
    auto v = [&](float x, float y) {
        return "0 " + std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(z) +
               " 0 0 1 " + std::to_string(x) + " " + std::to_string(y) + "\n";
    };
    s += material + "\n" + v(0, 0) + v(1, 0) + v(1, 1) + material + "\n" + v(0, 0) + v(1, 1) +
         v(0, 1);
    if (!second.empty()) s += second + "\n" + v(2, 0) + v(3, 0) + v(3, 1);
    return s + "end\n";
}

void writeBenchModelFolders(const std::filesystem::path& dir) {
    namespace fs = std::filesystem;
    const fs::path arm = fs::path(VTXC_SOURCE_DIR) / "examples" / "arm.smd";
    fs::create_directories(dir / "arm");
    fs::create_directories(dir / "tube");
    fs::copy_file(arm, dir / "arm" / "arm.smd");
    fs::copy_file(arm, dir / "arm" / "arm_lod1.smd");
    test::writeText(dir / "arm" / "walk.smd",
                    "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\n");
    SmdSynthesisOptions options;
    options.triangles = 300;
    options.bones = 4;
    test::writeText(dir / "tube" / "tube.smd", synthesizeSmdText(options));
}

} // namespace vtxc
