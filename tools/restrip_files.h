// The file side of `vtxc restrip`: a model found by its base path, restripped (restrip.h) and its
// new .vtx files written beside an output folder or in place; and every model under a folder,
// restripped in parallel. The CLI only parses arguments and prints.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/studio/model_files.h"
#include "tools/restrip.h"

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <vector>

namespace vtxc {

struct RestrippedModel {
    ModelFilePaths paths;
    std::vector<RestrippedVtx> rebuilt;
};

// Finds and reads the model at `base` (models/foo for foo.mdl, foo.vvd, foo.*.vtx; RST001 when
// there is none) and restrips it. Nothing after reporting an error.
std::optional<RestrippedModel> restripModelAt(const std::filesystem::path& base,
                                              const RestripOptions& options, DiagnosticSink& sink);

// Where the new .vtx files go: into `outDir` (created if needed) under their own names, or with
// `inPlace` over the old ones, each first kept as FILE.vtx.bak. All files or none (IO002).
struct RestripDestination {
    std::filesystem::path outDir;
    bool inPlace = false;
};
bool writeRestrippedModel(RestrippedModel& model, const RestripDestination& destination,
                          DiagnosticSink& sink);

// What a batch table shows of one model: dx90 LOD 0, else the first variant's LOD 0, with the
// misses at the new header's cache size before and after.
struct RestripSummary {
    std::size_t triangles = 0;
    std::size_t uniqueVertices = 0;
    std::size_t missesBefore = 0;
    std::size_t missesAfter = 0;
};
RestripSummary restripSummary(const RestrippedModel& model);

// Model base paths under `root` in name order: every .mdl, and every .dx90.vtx that has no .mdl
// beside it.
std::vector<std::filesystem::path> findRestripModels(const std::filesystem::path& root);

struct RestripBatchEntry {
    std::filesystem::path model;           // the base path, under the root
    std::optional<RestripSummary> summary; // nothing when this model failed
    std::vector<Diagnostic> diagnostics;   // its own, in order
};

// Restrips and writes every model under `root` in parallel (TBB). With an output folder, each
// model's files go to the same relative folder under `destination.outDir`. Entries come in the
// order of findRestripModels whatever the scheduling. `progress` is called from worker threads
// (done, total) and must be thread-safe.
std::vector<RestripBatchEntry>
restripFolder(const std::filesystem::path& root, const RestripDestination& destination,
              const RestripOptions& options,
              const std::function<void(std::size_t, std::size_t)>& progress = {});

} // namespace vtxc
