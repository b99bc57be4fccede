// Restrip on files: finding models, writing the rebuilt .vtx files all or none, and the parallel
// walk over a folder whose per-model results come back in a fixed order.
#include "tools/restrip_files.h"

#include "formats/common/file_io.h"
#include "formats/common/io_codes.h"
#include "formats/common/text.h"
#include "tools/tools_codes.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <tbb/parallel_for.h>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

// The files to write for one model: in the output folder, or in place with .bak copies.
std::optional<std::vector<PendingFile>>
pendingFiles(RestrippedModel& model, const RestripDestination& destination, DiagnosticSink& sink) {
    std::vector<PendingFile> files;
    for (RestrippedVtx& r : model.rebuilt) {
        const auto& all = model.paths.vtx;
        auto source = std::find_if(all.begin(), all.end(), [&](const ModelFilePaths::Vtx& v) {
            return v.variant == r.variant;
        });
        if (source == all.end()) continue;
        if (destination.inPlace) {
            auto original = readWholeFile(source->path, sink);
            if (!original) return std::nullopt;
            fs::path backup = source->path;
            backup += ".bak";
            files.push_back(
                {backup, std::vector<std::uint8_t>(original->begin(), original->end())});
            files.push_back({source->path, std::move(r.bytes)});
        } else {
            files.push_back({destination.outDir / source->path.filename(), std::move(r.bytes)});
        }
    }
    return files;
}

bool makeFolder(const fs::path& folder, DiagnosticSink& sink) {
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (!ec) return true;
    sink.report(kIoCodes["IO002"], {folder.string()},
                "cannot create the output folder: " + ec.message());
    return false;
}

} // namespace

std::optional<RestrippedModel> restripModelAt(const fs::path& base, const RestripOptions& options,
                                              DiagnosticSink& sink) {
    RestrippedModel model;
    model.paths = findModelFiles(base);
    if (model.paths.empty()) {
        sink.report(kRestripCodes["RST008"], {base.string()},
                    "no model files found (give the base path: models/foo "
                    "for foo.mdl, foo.vvd, foo.*.vtx)");
        return std::nullopt;
    }
    ForwardingSink local(sink);
    const LoadedModel loaded = loadModelFiles(model.paths, local);
    if (local.hasErrors()) return std::nullopt;
    auto rebuilt = restripModel(loaded, options, local);
    if (!rebuilt) return std::nullopt;
    model.rebuilt = std::move(*rebuilt);
    return model;
}

bool writeRestrippedModel(RestrippedModel& model, const RestripDestination& destination,
                          DiagnosticSink& sink) {
    if (!destination.inPlace && !makeFolder(destination.outDir, sink)) return false;
    const auto files = pendingFiles(model, destination, sink);
    return files && writeFilesAtomically(*files, sink);
}

RestripSummary restripSummary(const RestrippedModel& model) {
    const auto& rebuilt = model.rebuilt;
    auto shown = std::find_if(rebuilt.begin(), rebuilt.end(),
                              [](const RestrippedVtx& r) { return r.variant == "dx90"; });
    if (shown == rebuilt.end()) shown = rebuilt.begin();
    if (shown == rebuilt.end() || shown->after.empty() || shown->before.empty()) return {};
    return {shown->after[0].triangles, shown->after[0].uniqueVertices, shown->before[0].misses[0],
            shown->after[0].misses[0]};
}

std::vector<fs::path> findRestripModels(const fs::path& root) {
    std::map<std::string, fs::path> bases; // by lower-cased path: one entry per model
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
         it.increment(ec)) {
        if (!it->is_regular_file()) continue;
        const std::string name = asciiLower(it->path().filename().string());
        fs::path base;
        if (name.size() > 4 && name.ends_with(".mdl"))
            base = it->path().parent_path() / it->path().stem();
        else if (name.size() > 9 && name.ends_with(".dx90.vtx"))
            base = it->path().parent_path() /
                   it->path().filename().string().substr(0, name.size() - 9);
        if (!base.empty()) bases.emplace(asciiLower(base.string()), base);
    }
    std::vector<fs::path> out;
    for (auto& [key, base] : bases)
        out.push_back(base);
    return out;
}

std::vector<RestripBatchEntry>
restripFolder(const fs::path& root, const RestripDestination& destination,
              const RestripOptions& options,
              const std::function<void(std::size_t, std::size_t)>& progress) {
    const std::vector<fs::path> models = findRestripModels(root);
    std::vector<RestripBatchEntry> entries(models.size());
    std::atomic<std::size_t> done{0};
    tbb::parallel_for(std::size_t(0), models.size(), [&](std::size_t i) {
        RestripBatchEntry& entry = entries[i];
        entry.model = models[i];
        RestripDestination here = destination;
        if (!here.inPlace) here.outDir /= fs::relative(models[i].parent_path(), root);
        CollectingSink sink;
        auto model = restripModelAt(models[i], options, sink);
        if (model && writeRestrippedModel(*model, here, sink))
            entry.summary = restripSummary(*model);
        entry.diagnostics = sink.diagnostics();
        if (progress) progress(++done, models.size());
    });
    return entries;
}

} // namespace vtxc
