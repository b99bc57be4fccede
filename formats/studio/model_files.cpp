// Locates a model's .mdl/.vvd/.vtx files from its base path, ignoring case (the corpus has
// tree_pine04.mdl beside Tree_pine04.dx90.vtx), and loads them with the format readers.
#include "formats/studio/model_files.h"

#include "formats/common/file_io.h"

#include <algorithm>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

std::string lowerAscii(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
        return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    });
    return text;
}

std::span<const std::uint8_t> asBytes(const std::vector<char>& data) {
    return {reinterpret_cast<const std::uint8_t*>(data.data()), data.size()};
}

// Reads one file and parses it with `parse`; nothing when either step reported an error.
template <class Parse>
auto loadOne(const fs::path& path, DiagnosticSink& sink, Parse parse)
    -> decltype(parse(std::span<const std::uint8_t>{}, std::string{}, sink)) {
    const auto data = readWholeFile(path, sink, kMaxModelFileBytes);
    if (!data) return std::nullopt;
    return parse(asBytes(*data), path.string(), sink);
}

} // namespace

fs::path findFileIgnoringCase(const fs::path& folder, const std::string& fileName) {
    std::error_code ec;
    const fs::path exact = folder / fileName;
    if (fs::is_regular_file(exact, ec)) return exact;
    const std::string wanted = lowerAscii(fileName);
    std::vector<fs::path> matches;
    for (fs::directory_iterator it(folder.empty() ? fs::path(".") : folder, ec), end;
         !ec && it != end; it.increment(ec)) {
        if (lowerAscii(it->path().filename().string()) == wanted && it->is_regular_file(ec))
            matches.push_back(folder / it->path().filename());
    }
    if (matches.empty()) return {};
    std::sort(matches.begin(), matches.end());
    return matches.front();
}

ModelFilePaths findModelFiles(const fs::path& basePath) {
    fs::path base = basePath;
    if (lowerAscii(base.extension().string()) == ".mdl") base.replace_extension();
    const fs::path folder = base.parent_path();
    const std::string stem = base.filename().string();
    ModelFilePaths paths;
    paths.mdl = findFileIgnoringCase(folder, stem + ".mdl");
    paths.vvd = findFileIgnoringCase(folder, stem + ".vvd");
    for (const char* variant : kVtxVariants) {
        fs::path vtx = findFileIgnoringCase(folder, stem + "." + variant + ".vtx");
        if (!vtx.empty()) paths.vtx.push_back({variant, std::move(vtx)});
    }
    return paths;
}

LoadedModel loadModelFiles(const ModelFilePaths& paths, DiagnosticSink& sink) {
    LoadedModel model;
    if (!paths.mdl.empty()) {
        model.mdlName = paths.mdl.string();
        model.mdl = loadOne(paths.mdl, sink, readMdl);
    }
    if (!paths.vvd.empty()) {
        model.vvdName = paths.vvd.string();
        model.vvd = loadOne(paths.vvd, sink, readVvd);
    }
    for (const auto& vtx : paths.vtx) {
        if (auto file = loadOne(vtx.path, sink, readVtx))
            model.vtx.push_back({vtx.variant, vtx.path.string(), std::move(*file)});
    }
    return model;
}

} // namespace vtxc
