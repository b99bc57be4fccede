// `vtxc bench` as a library: model discovery in a folder, a timed compile of each with its quality
// figures (quality_report.h definitions), and the comparison of a run against a baseline run.
#include "tools/bench_run.h"

#include "compiler/qc_import.h"
#include "formats/common/file_io.h"
#include "formats/studio/vtx.h"
#include "tools/tools_codes.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <optional>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

const char* const kQualityFigures[] = {"acmr", "atvr", "storedVertices", "strips"};

std::string lowerExtension(const fs::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return ext;
}

// A reference (mesh) SMD has a `triangles` section; animation SMDs have none.
bool hasTrianglesSection(const fs::path& smd) {
    std::ifstream in(smd);
    std::string line;
    while (std::getline(in, line)) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos) continue;
        const auto last = line.find_last_not_of(" \t\r");
        if (line.compare(first, last - first + 1, "triangles") == 0) return true;
    }
    return false;
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
    std::string lower = stem;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const std::size_t at = lower.rfind("_lod");
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
        if (!hasTrianglesSection(smd)) continue;
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

void discoverIn(const fs::path& dir, const fs::path& root, std::vector<BenchModel>& out) {
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
    for (const fs::path& qc : qcs)
        out.push_back({relativeName(qc, root), qc, true, {}});
    if (qcs.empty()) addSmdModels(smds, root, out);
    for (const fs::path& sub : subdirs)
        discoverIn(sub, root, out);
}

nlohmann::json lodFigures(const nlohmann::json& lod) {
    nlohmann::json j;
    j["triangles"] = lod["triangles"];
    for (const char* figure : kQualityFigures)
        j[figure] = lod[figure];
    return j;
}

nlohmann::json modelFigures(const CompileOutput& output) {
    nlohmann::json bytes = nlohmann::json::object();
    bytes["vvd"] = writeVvd(output.vvd).size();
    for (const VtxAssembly& v : output.vtx)
        bytes[std::string(variantName(v.variant)) + ".vtx"] = writeVtx(v.file).size();
    nlohmann::json variants = nlohmann::json::object();
    for (const auto& [variant, figures] : output.report["variants"].items()) {
        nlohmann::json lods = nlohmann::json::array();
        for (const nlohmann::json& lod : figures["lods"])
            lods.push_back(lodFigures(lod));
        variants[variant] = {{"lods", lods}};
    }
    return {{"ok", true}, {"bytes", bytes}, {"variants", variants}};
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

std::vector<BenchModel> discoverBenchModels(const fs::path& dir, DiagnosticSink& sink) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        sink.report(kBenchCodes["BENCH001"], {dir.string()},
                    "not a folder; give the folder that holds the models to bench");
        return {};
    }
    std::vector<BenchModel> models;
    discoverIn(dir, dir, models);
    return models;
}

nlohmann::json runBench(const std::vector<BenchModel>& models, const BenchRunOptions& options,
                        DiagnosticSink& sink) {
    nlohmann::json run = nlohmann::json::object();
    for (std::size_t i = 0; i < models.size(); ++i) {
        const auto start = std::chrono::steady_clock::now();
        const auto output = compileBenchModel(models[i], options.compile, sink);
        const std::chrono::duration<double, std::milli> elapsed =
            std::chrono::steady_clock::now() - start;
        nlohmann::json figures = output ? modelFigures(*output) : nlohmann::json{{"ok", false}};
        figures["timeMs"] = std::round(elapsed.count() * 1000.0) / 1000.0;
        run[models[i].name] = figures;
        if (options.progress) options.progress(i + 1, models.size());
    }
    return {{"models", run}};
}

bool BenchComparison::regressed() const {
    return !missingModels.empty() ||
           std::any_of(changes.begin(), changes.end(),
                       [](const BenchChange& c) { return c.kind == BenchChange::Kind::Regressed; });
}

namespace {

bool modelOk(const nlohmann::json& model) {
    return model.is_object() && model.value("ok", false);
}

void compareFigure(BenchChange change, const nlohmann::json& nowValue, double tolerancePercent,
                   std::vector<BenchChange>& out) {
    if (!nowValue.is_number()) {
        change.changePercent = std::numeric_limits<double>::infinity();
        change.kind = BenchChange::Kind::Regressed;
        out.push_back(change);
        return;
    }
    const double now = nowValue.get<double>();
    change.now = now;
    if (now == change.baseline) return;
    change.changePercent = change.baseline == 0 ? std::numeric_limits<double>::infinity()
                                                : (now - change.baseline) / change.baseline * 100.0;
    change.kind = now < change.baseline ? BenchChange::Kind::Improved
                  : change.changePercent > tolerancePercent
                      ? BenchChange::Kind::Regressed
                      : BenchChange::Kind::WorseWithinTolerance;
    out.push_back(change);
}

const nlohmann::json& member(const nlohmann::json& j, const std::string& key) {
    static const nlohmann::json null;
    if (!j.is_object()) return null;
    const auto it = j.find(key);
    return it == j.end() ? null : *it;
}

void compareModel(const std::string& name, const nlohmann::json& before, const nlohmann::json& now,
                  double tolerancePercent, std::vector<BenchChange>& out) {
    for (const auto& [file, bytes] : member(before, "bytes").items())
        if (bytes.is_number())
            compareFigure({name, file, "-", "bytes", bytes.get<double>(), {}, 0, {}},
                          member(member(now, "bytes"), file), tolerancePercent, out);
    for (const auto& [variant, figures] : member(before, "variants").items()) {
        const nlohmann::json& lodsNow = member(member(member(now, "variants"), variant), "lods");
        const nlohmann::json& lodsBefore = member(figures, "lods");
        if (!lodsBefore.is_array()) continue;
        for (std::size_t lod = 0; lod < lodsBefore.size(); ++lod) {
            static const nlohmann::json null;
            const nlohmann::json& lodNow =
                lodsNow.is_array() && lod < lodsNow.size() ? lodsNow[lod] : null;
            for (const char* figure : kQualityFigures) {
                const nlohmann::json& value = member(lodsBefore[lod], figure);
                if (!value.is_number()) continue;
                compareFigure(
                    {name, variant, std::to_string(lod), figure, value.get<double>(), {}, 0, {}},
                    member(lodNow, figure), tolerancePercent, out);
            }
        }
    }
}

} // namespace

BenchComparison compareBench(const nlohmann::json& baseline, const nlohmann::json& now,
                             double tolerancePercent) {
    BenchComparison result;
    const nlohmann::json& modelsBefore = member(baseline, "models");
    const nlohmann::json& modelsNow = member(now, "models");
    for (const auto& [name, before] : modelsBefore.items()) {
        if (!modelOk(before)) continue; // it failed when the baseline was taken: nothing to hold
        const nlohmann::json& current = member(modelsNow, name);
        if (!modelOk(current)) {
            result.missingModels.push_back(name);
            continue;
        }
        compareModel(name, before, current, tolerancePercent, result.changes);
        if (before.contains("timeMs") && current.contains("timeMs"))
            result.times.push_back(
                {name, before["timeMs"].get<double>(), current["timeMs"].get<double>()});
    }
    for (const auto& [name, current] : modelsNow.items())
        if (!modelsBefore.is_object() || !modelsBefore.contains(name))
            result.newModels.push_back(name);
    return result;
}

} // namespace vtxc
