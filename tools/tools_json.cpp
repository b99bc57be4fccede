// JSON of the tools' typed results, and the bench run read back. Objects are nlohmann::json's
// default (keys in name order), so the text depends on the values only.
#include "tools/tools_json.h"

#include "compiler/compile_json.h"
#include "tools/tools_codes.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace vtxc {

namespace {
using Json = nlohmann::json;

// Counts are written as whole numbers, as the compile report has them; a value read back that is
// not one stays as it was.
Json figureJson(double value, bool count) {
    const bool whole = value >= 0 && value < 0x1p64 && value == std::floor(value);
    return count && whole ? Json(static_cast<std::uint64_t>(value)) : Json(value);
}

Json benchModelJson(const BenchModelResult& model) {
    Json j{{"ok", model.ok}};
    if (model.timeMs) j["timeMs"] = *model.timeMs;
    if (!model.ok) return j;
    Json bytes = Json::object();
    for (const auto& [file, size] : model.bytes)
        bytes[file] = figureJson(size, true);
    Json variants = Json::object();
    for (const auto& [variant, lods] : model.variants) {
        Json list = Json::array();
        for (const BenchLodFigures& lod : lods) {
            Json figures = Json::object();
            for (const BenchFigure& figure : kBenchFigures)
                if (const auto& value = lod.*figure.value)
                    figures[figure.name] = figureJson(*value, figure.count);
            list.push_back(figures);
        }
        variants[variant] = {{"lods", list}};
    }
    j["bytes"] = bytes;
    j["variants"] = variants;
    return j;
}

std::optional<double> numberAt(const Json& object, const char* key) {
    const auto it = object.find(key);
    if (it == object.end() || !it->is_number()) return std::nullopt;
    return it->get<double>();
}

BenchLodFigures lodFiguresOf(const Json& lod) {
    BenchLodFigures figures;
    if (!lod.is_object()) return figures;
    for (const BenchFigure& figure : kBenchFigures)
        figures.*figure.value = numberAt(lod, figure.name);
    return figures;
}

BenchModelResult benchModelOf(const Json& model) {
    BenchModelResult result;
    if (!model.is_object()) return result;
    const auto ok = model.find("ok");
    result.ok = ok != model.end() && ok->is_boolean() && ok->get<bool>();
    result.timeMs = numberAt(model, "timeMs");
    if (const auto bytes = model.find("bytes"); bytes != model.end() && bytes->is_object())
        for (const auto& [file, size] : bytes->items())
            if (size.is_number()) result.bytes[file] = size.get<double>();
    if (const auto variants = model.find("variants");
        variants != model.end() && variants->is_object())
        for (const auto& [variant, figures] : variants->items()) {
            if (!figures.is_object()) continue;
            const auto lods = figures.find("lods");
            if (lods == figures.end() || !lods->is_array()) continue;
            std::vector<BenchLodFigures>& out = result.variants[variant];
            for (const Json& lod : *lods)
                out.push_back(lodFiguresOf(lod));
        }
    return result;
}

Json acmrAtvrJson(const AcmrAtvr& figures) {
    return {{"acmr", figures.acmr}, {"atvr", figures.atvr}};
}

Json tuneResultJson(const TuneResult& r, const std::vector<int>& cacheSizes) {
    Json j{{"vertCacheSize", r.cacheSize},
           {"bonesPerStrip", r.bonesPerStrip},
           {"triangles", r.triangles},
           {"uniqueVertices", r.uniqueVertices},
           {"storedVertices", r.storedVertices},
           {"strips", r.strips},
           {"boneStateChanges", r.boneStateChanges},
           {"acmr", r.acmr},
           {"atvr", r.atvr}};
    if (!r.crossAcmr.empty()) {
        Json cross = Json::object();
        for (std::size_t k = 0; k < r.crossAcmr.size(); ++k)
            cross[std::to_string(cacheSizes[k])] = r.crossAcmr[k];
        j["acmrAtCacheSize"] = cross;
    }
    return j;
}
} // namespace

std::string benchRunJsonText(const BenchRun& run) {
    Json models = Json::object();
    for (const auto& [name, model] : run.models)
        models[name] = benchModelJson(model);
    return jsonFileText({{"models", models}});
}

namespace {

const char* const kQualityFigures[] = {"acmr", "atvr", "storedVertices", "strips"};

// Walks a baseline against the shape runBench writes; the first misfit is reported by key path.
class BenchRunShape {
  public:
    BenchRunShape(const std::string& file, DiagnosticSink& sink) : file_(file), sink_(sink) {}

    bool run(const nlohmann::json& run) {
        const nlohmann::json* models =
            member(run, "models", "an object", &nlohmann::json::is_object);
        if (!models) return false;
        for (const auto& [name, model] : models->items())
            if (!this->model(model, "models." + name)) return false;
        return true;
    }

  private:
    using Test = bool (nlohmann::json::*)() const noexcept;

    const nlohmann::json* member(const nlohmann::json& parent, const std::string& key,
                                 const char* expected, Test test) {
        const std::string path = prefix_.empty() ? key : prefix_ + "." + key;
        const auto it = parent.find(key);
        if (it == parent.end()) {
            fail(path + " is missing; expected " + expected);
            return nullptr;
        }
        if (!((*it).*test)()) {
            fail(path + " is " + it->type_name() + "; expected " + expected);
            return nullptr;
        }
        return &*it;
    }

    bool fail(const std::string& what) {
        sink_.error("BENCH003", {file_},
                    "not a bench run as `vtxc bench --save` writes it: " + what +
                        "; save a new baseline with `vtxc bench DIR --save FILE.json`");
        return false;
    }

    bool model(const nlohmann::json& model, const std::string& path) {
        if (!model.is_object())
            return fail(path + " is " + model.type_name() + "; expected an object");
        prefix_ = path;
        const nlohmann::json* ok =
            member(model, "ok", "true or false", &nlohmann::json::is_boolean);
        if (!ok || !member(model, "timeMs", "a number", &nlohmann::json::is_number)) return false;
        if (!ok->get<bool>()) return true;
        const nlohmann::json* bytes =
            member(model, "bytes", "an object", &nlohmann::json::is_object);
        if (!bytes) return false;
        prefix_ = path + ".bytes";
        for (const auto& [file, value] : bytes->items())
            if (!member(*bytes, file, "a number", &nlohmann::json::is_number)) return false;
        prefix_ = path;
        const nlohmann::json* variants =
            member(model, "variants", "an object", &nlohmann::json::is_object);
        if (!variants) return false;
        for (const auto& [variant, figures] : variants->items())
            if (!this->variant(figures, path + ".variants." + variant)) return false;
        return true;
    }

    bool variant(const nlohmann::json& figures, const std::string& path) {
        if (!figures.is_object())
            return fail(path + " is " + figures.type_name() + "; expected an object");
        prefix_ = path;
        const nlohmann::json* lods = member(figures, "lods", "an array", &nlohmann::json::is_array);
        if (!lods) return false;
        for (std::size_t l = 0; l < lods->size(); ++l) {
            const nlohmann::json& lod = (*lods)[l];
            prefix_ = path + ".lods[" + std::to_string(l) + "]";
            if (!lod.is_object())
                return fail(prefix_ + " is " + lod.type_name() + "; expected an object");
            if (!member(lod, "triangles", "a number", &nlohmann::json::is_number)) return false;
            for (const char* figure : kQualityFigures)
                if (!member(lod, figure, "a number", &nlohmann::json::is_number)) return false;
        }
        return true;
    }

    const std::string& file_;
    DiagnosticSink& sink_;
    std::string prefix_;
};

} // namespace

bool checkBenchRun(const nlohmann::json& run, const std::string& file, DiagnosticSink& sink) {
    if (!run.is_object()) {
        sink.report(kBenchCodes["BENCH003"], {file},
                    "not a bench run: the file holds a JSON " + std::string(run.type_name()) +
                        ", not an object");
        return false;
    }
    return BenchRunShape(file, sink).run(run);
}

std::optional<BenchRun> parseBenchRun(std::string_view text) {
    const Json json = Json::parse(text.begin(), text.end(), nullptr, false);
    if (json.is_discarded() || !json.is_object()) return std::nullopt;
    const auto models = json.find("models");
    if (models == json.end() || !models->is_object()) return std::nullopt;
    BenchRun run;
    for (const auto& [name, model] : models->items())
        run.models[name] = benchModelOf(model);
    return run;
}

namespace {
// `vtxc stats`' collision model: volumes in cubic inches, masses in kilograms.
Json collisionStatsJson(const CollisionStats& stats) {
    Json solids = Json::array();
    for (const CollisionSolidStats& solid : stats.solids)
        solids.push_back({{"name", solid.name},
                          {"pieces", solid.pieces},
                          {"points", solid.points},
                          {"volume", solid.volume},
                          {"mass", solid.mass}});
    return {
        {"file", stats.file},
        {"jointed", stats.jointed},
        {"solids", solids},
        {"solidCount", stats.solids.size()},
        {"pieces", stats.pieces},
        {"pointsPerPiece",
         {{"min", stats.minPointsPerPiece},
          {"max", stats.maxPointsPerPiece},
          {"total", stats.totalPoints}}},
        {"hullVolume", stats.hullVolume},
        {"renderHullVolume", stats.referenceVolume},
        {"volumeRatio", stats.referenceVolume > 0 ? stats.hullVolume / stats.referenceVolume : 0.0},
        {"totalMass", stats.totalMass},
        {"costly", stats.costly}};
}
} // namespace

std::string modelStatsJsonText(const ModelStats& stats) {
    Json out =
        qualityReportJson(stats.quality, [&](std::size_t variant, std::size_t lod, Json& lodJson) {
            const LodReferences& references = stats.references.at(variant).at(lod);
            lodJson["lowerBound"] = references.lowerBound;
            lodJson["headroom"] = acmrAtvrJson(references.headroom);
            Json gpu = Json::object();
            for (const GpuCacheFigures& figures : references.gpu)
                gpu[figures.gpu] = acmrAtvrJson(figures.figures);
            lodJson["gpu"] = gpu;
        });
    Json files = Json::object();
    for (const FileSize& file : stats.files)
        files[file.name] = file.bytes;
    out["files"] = files;
    if (!stats.generatedLods.empty()) out["generatedLods"] = generatedLodsJson(stats.generatedLods);
    if (stats.collision) out["collision"] = collisionStatsJson(*stats.collision);
    return jsonFileText(out);
}

std::string tuneJsonText(const TuneReport& report) {
    Json results = Json::array();
    for (const TuneResult& r : report.results)
        results.push_back(tuneResultJson(r, report.cacheSizes));
    Json pareto = Json::array();
    const auto reasons = paretoReasons(report);
    for (std::size_t k = 0; k < report.pareto.size(); ++k)
        pareto.push_back({{"vertCacheSize", report.results[report.pareto[k]].cacheSize},
                          {"bonesPerStrip", report.results[report.pareto[k]].bonesPerStrip},
                          {"reason", reasons[k]}});
    return jsonFileText({{"cacheSizes", report.cacheSizes},
                         {"bonesPerStrip", report.bonesPerStrip},
                         {"lod", 0},
                         {"results", results},
                         {"pareto", pareto}});
}

} // namespace vtxc
