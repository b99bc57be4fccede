// `vtxc bench` as a library: model discovery in a folder, a timed compile of each with its quality
// figures (quality_report.h definitions), and the comparison of a run against a baseline run.
#include "tools/bench_run.h"

#include "compiler/project/qc_import.h"
#include "formats/common/text.h"
#include "formats/smd/smd.h"
#include "tools/tools_codes.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <sys/stat.h>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

std::string lowerExtension(const fs::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return ext;
}

// A reference (mesh) SMD has a `triangles` section; animation SMDs have none. One the reader
// refuses is taken as a reference: its compile then reports the errors (here they are dropped).
bool isReferenceSmd(const fs::path& smd) {
    NullSink quiet;
    const std::optional<SmdFile> file = readSmdFile(smd, quiet);
    return !file || file->kind() == SmdKind::Reference;
}

std::string relativeName(const fs::path& path, const fs::path& root) {
    return path.lexically_relative(root).generic_string();
}

std::vector<fs::path> sortedEntries(const fs::path& dir) {
    std::vector<fs::path> entries;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        entries.push_back(entry.path());
    std::sort(entries.begin(), entries.end());
    return entries;
}

// "name_lodN" (any case) -> ("name", N); nothing for other names. Hand-written rather than
// std::regex, whose inlined code sets off GCC 12's -Wmaybe-uninitialized under the sanitizers.
std::optional<std::pair<std::string, int>> splitLodSuffix(const std::string& stem) {
    const std::size_t at = asciiLower(stem).rfind("_lod");
    if (at == std::string::npos) return std::nullopt;
    const std::string digits = stem.substr(at + 4);
    if (digits.empty() || digits.size() > 6 ||
        !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
        return std::nullopt;
    return std::make_pair(stem.substr(0, at), std::stoi(digits));
}

// SMD models of one folder without a QC: references without a `_lodN` suffix, each with its LODs.
void addSmdModels(const std::vector<fs::path>& smds, const fs::path& root,
                  std::vector<BenchModel>& out) {
    std::vector<fs::path> references;
    std::map<std::string, std::vector<std::pair<int, fs::path>>> lodsOf; // base stem -> (N, file)
    for (const fs::path& smd : smds) {
        if (!isReferenceSmd(smd)) continue;
        if (const auto lod = splitLodSuffix(smd.stem().string()))
            lodsOf[lod->first].push_back({lod->second, smd});
        else
            references.push_back(smd);
    }
    for (const fs::path& reference : references) {
        BenchModel model{relativeName(reference, root), reference, false, {}};
        for (const auto& [n, file] : lodsOf[reference.stem().string()])
            model.lods.push_back({10.0f * static_cast<float>(n), file});
        out.push_back(std::move(model));
    }
}

// The folders a discovery has entered, by device and inode: a folder reached again through a
// link is not walked twice, and a link back to a folder being walked is a loop (BENCH004).
struct FolderWalk {
    std::set<std::pair<std::uintmax_t, std::uintmax_t>> visited;
    DiagnosticSink& sink;
    std::set<std::string> excluded; // relative to the bench folder, '/'-separated
    bool isExcluded(const fs::path& path, const fs::path& root) const {
        return excluded.count(relativeName(path, root)) != 0;
    }
    bool enter(const fs::path& dir, const fs::path& root) {
        struct stat st {};
        if (::stat(dir.c_str(), &st) != 0) return false;
        if (visited.insert({st.st_dev, st.st_ino}).second) return true;
        sink.warning("BENCH004", {dir.string()},
                     "is a link to a folder already visited under " + root.string() +
                         " (a loop, or a second way in); its models are benched once");
        return false;
    }
};

void discoverIn(const fs::path& dir, const fs::path& root, std::vector<BenchModel>& out,
                FolderWalk& walk) {
    if (!walk.enter(dir, root)) return;
    const std::vector<fs::path> entries = sortedEntries(dir);
    std::vector<fs::path> qcs, smds, subdirs;
    for (const fs::path& entry : entries) {
        std::error_code ec;
        if (fs::is_directory(entry, ec))
            subdirs.push_back(entry);
        else if (lowerExtension(entry) == ".qc")
            qcs.push_back(entry);
        else if (lowerExtension(entry) == ".smd")
            smds.push_back(entry);
    }
    // An excluded QC still makes its folder a QC folder: its SMDs are not models of their own.
    for (const fs::path& qc : qcs)
        if (!walk.isExcluded(qc, root)) out.push_back({relativeName(qc, root), qc, true, {}});
    if (qcs.empty()) addSmdModels(smds, root, out);
    for (const fs::path& sub : subdirs)
        if (!walk.isExcluded(sub, root)) discoverIn(sub, root, out, walk);
}

BenchLodFigures lodFigures(const QualityFigures& lod) {
    return {double(lod.triangles), lod.acmr, lod.atvr, double(lod.storedVertices),
            double(lod.strips)};
}

BenchModelResult modelResult(const CompileOutput& output) {
    BenchModelResult result;
    result.ok = true;
    for (const CompiledFile& file : output.files)
        result.bytes[file.suffix] = double(file.bytes.size());
    for (const VariantQualityReport& variant : output.report.variants) {
        std::vector<BenchLodFigures>& lods = result.variants[variant.variant];
        for (const LodQualityReport& lod : variant.lods)
            lods.push_back(lodFigures(lod.total));
    }
    return result;
}

std::optional<CompileOutput>
compileBenchModel(const BenchModel& model, const CompileOptions& options, DiagnosticSink& sink) {
    if (!model.fromQc)
        return compileProject(projectFromSmds(model.source, model.lods, std::nullopt), options,
                              sink);
    const auto project = readQcModelProject(model.source, sink);
    if (!project) return std::nullopt;
    return compileProject(*project, options, sink);
}

} // namespace

std::vector<BenchModel> discoverBenchModels(const fs::path& dir, DiagnosticSink& sink,
                                            const std::vector<std::string>& excluded) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        sink.report(kBenchCodes["BENCH001"], {dir.string()},
                    "not a folder; give the folder that holds the models to bench");
        return {};
    }
    FolderWalk walk{{}, sink, {}};
    for (const std::string& path : excluded) {
        const fs::path under = dir / path;
        if (!fs::exists(under, ec)) {
            sink.report(kBenchCodes["BENCH005"], {under.string()},
                        "--exclude names nothing in " + dir.string() +
                            "; give a folder or QC relative to it");
            continue;
        }
        // Named by the exclusion's own normalized form, not through `dir`: a bench folder given
        // as `a/../corpus` would otherwise never match the walked paths.
        fs::path relative = fs::path(path).lexically_normal();
        if (relative.filename().empty()) relative = relative.parent_path(); // "tree/" is "tree"
        walk.excluded.insert(relative.generic_string());
    }
    std::vector<BenchModel> models;
    discoverIn(dir, dir, models, walk);
    return models;
}

BenchRun runBench(const std::vector<BenchModel>& models, const BenchRunOptions& options,
                  DiagnosticSink& sink) {
    BenchRun run;
    for (std::size_t i = 0; i < models.size(); ++i) {
        const auto start = std::chrono::steady_clock::now();
        // Each model's diagnostics are counted on their own: one model's errors never count
        // against the next model's error limit.
        ForwardingSink modelSink(sink);
        const auto output = compileBenchModel(models[i], options.compile, modelSink);
        const std::chrono::duration<double, std::milli> elapsed =
            std::chrono::steady_clock::now() - start;
        BenchModelResult result = output ? modelResult(*output) : BenchModelResult{};
        result.timeMs = std::round(elapsed.count() * 1000.0) / 1000.0;
        run.models[models[i].name] = std::move(result);
        if (options.progress) options.progress(i + 1, models.size());
    }
    return run;
}

bool BenchComparison::regressed() const {
    return !missingModels.empty() ||
           std::any_of(changes.begin(), changes.end(),
                       [](const BenchChange& c) { return c.kind == BenchChange::Kind::Regressed; });
}

namespace {

void compareFigure(BenchChange change, std::optional<double> now, double tolerancePercent,
                   std::vector<BenchChange>& out) {
    if (!now) {
        change.changePercent = std::numeric_limits<double>::infinity();
        change.kind = BenchChange::Kind::Regressed;
        out.push_back(change);
        return;
    }
    change.now = now;
    if (*now == change.baseline) return;
    change.changePercent = change.baseline == 0
                               ? std::numeric_limits<double>::infinity()
                               : (*now - change.baseline) / change.baseline * 100.0;
    change.kind = *now < change.baseline ? BenchChange::Kind::Improved
                  : change.changePercent > tolerancePercent
                      ? BenchChange::Kind::Regressed
                      : BenchChange::Kind::WorseWithinTolerance;
    out.push_back(change);
}

template <class Map>
std::optional<typename Map::mapped_type> valueAt(const Map& map, const std::string& key) {
    const auto it = map.find(key);
    if (it == map.end()) return std::nullopt;
    return it->second;
}

void compareLods(const std::string& name, const std::string& variant,
                 const std::vector<BenchLodFigures>& before,
                 const std::vector<BenchLodFigures>* now, double tolerancePercent,
                 std::vector<BenchChange>& out) {
    for (std::size_t lod = 0; lod < before.size(); ++lod) {
        const BenchLodFigures* lodNow = now && lod < now->size() ? &(*now)[lod] : nullptr;
        for (const BenchFigure& figure : kBenchFigures) {
            const std::optional<double>& value = before[lod].*figure.value;
            if (!figure.compared || !value) continue;
            compareFigure({name, variant, std::to_string(lod), figure.name, *value, {}, 0, {}},
                          lodNow ? lodNow->*figure.value : std::nullopt, tolerancePercent, out);
        }
    }
}

void compareModel(const std::string& name, const BenchModelResult& before,
                  const BenchModelResult& now, double tolerancePercent,
                  std::vector<BenchChange>& out) {
    for (const auto& [file, bytes] : before.bytes)
        compareFigure({name, file, "-", "bytes", bytes, {}, 0, {}}, valueAt(now.bytes, file),
                      tolerancePercent, out);
    for (const auto& [variant, lods] : before.variants) {
        const auto lodsNow = now.variants.find(variant);
        compareLods(name, variant, lods, lodsNow == now.variants.end() ? nullptr : &lodsNow->second,
                    tolerancePercent, out);
    }
}

} // namespace

BenchComparison compareBench(const BenchRun& baseline, const BenchRun& now,
                             double tolerancePercent) {
    BenchComparison result;
    for (const auto& [name, before] : baseline.models) {
        if (!before.ok) continue; // it failed when the baseline was taken: nothing to hold
        const auto current = now.models.find(name);
        if (current == now.models.end() || !current->second.ok) {
            result.missingModels.push_back(name);
            continue;
        }
        compareModel(name, before, current->second, tolerancePercent, result.changes);
        if (before.timeMs && current->second.timeMs)
            result.times.push_back({name, *before.timeMs, *current->second.timeMs});
    }
    for (const auto& [name, current] : now.models)
        if (!baseline.models.count(name)) result.newModels.push_back(name);
    return result;
}

} // namespace vtxc
