// `vtxc tune`: one prepared model stripped for every parameter pair in parallel (TBB), measured
// with the FIFO simulation of the compile report; Pareto front over (ATVR, strips).
#include "tools/tune.h"

#include "optimizer/strips/vtx_analysis.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <tbb/parallel_for.h>

namespace vtxc {

namespace {
std::string fixed3(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4f", v);
    return buffer;
}

TuneResult measure(const VtxFile& file, int cacheSize, int bones,
                   const std::vector<int>& crossSizes) {
    std::vector<std::size_t> sizes{static_cast<std::size_t>(cacheSize)};
    for (int s : crossSizes)
        sizes.push_back(static_cast<std::size_t>(s));
    const std::vector<LodQuality> lods = analyseVtx(file, sizes);
    TuneResult r;
    r.cacheSize = cacheSize;
    r.bonesPerStrip = bones;
    if (lods.empty()) return r;
    const StripQuality& q = lods[0].total;
    r.triangles = q.triangles;
    r.uniqueVertices = q.uniqueVertices;
    r.storedVertices = q.storedVertices;
    r.strips = q.strips;
    r.boneStateChanges = q.boneStateChanges;
    r.acmr = q.acmr(0);
    r.atvr = q.atvr(0);
    for (std::size_t i = 1; i < sizes.size(); ++i)
        r.crossAcmr.push_back(q.acmr(i));
    return r;
}

// Cache size is the hardware's to choose: compare bones-per-strip choices within one cache size.
bool dominates(const TuneResult& a, const TuneResult& b) {
    return a.cacheSize == b.cacheSize && a.atvr <= b.atvr && a.strips <= b.strips &&
           (a.atvr < b.atvr || a.strips < b.strips);
}
} // namespace

std::optional<TuneReport> tuneModel(const ModelProject& project, const CompileOptions& base,
                                    const TuneOptions& options, DiagnosticSink& sink) {
    PreparedModelPtr prepared = prepareModel(project, base, sink);
    if (!prepared) return std::nullopt;
    TuneReport report;
    report.cacheSizes = options.cacheSizes;
    report.bonesPerStrip = options.bonesPerStrip;
    const std::size_t total = options.cacheSizes.size() * options.bonesPerStrip.size();
    std::vector<std::optional<TuneResult>> results(total);
    std::vector<CollectingSink> sinks(total);
    std::atomic<std::size_t> done{0};
    const std::vector<int> crossSizes = options.cross ? options.cacheSizes : std::vector<int>{};
    tbb::parallel_for(std::size_t(0), total, [&](std::size_t i) {
        CompileOptions o = base;
        o.variants = {VtxVariant::Dx90};
        o.vertCacheSize = options.cacheSizes[i / options.bonesPerStrip.size()];
        o.bonesPerStrip = options.bonesPerStrip[i % options.bonesPerStrip.size()];
        if (auto vtx = stripPreparedModel(*prepared, o, sinks[i]))
            results[i] = measure(vtx->front().file, o.vertCacheSize, o.bonesPerStrip, crossSizes);
        if (options.progress) options.progress(++done, total);
    });
    for (std::size_t i = 0; i < total; ++i) {
        for (const Diagnostic& d : sinks[i].diagnostics())
            sink.report(d);
        if (!results[i]) return std::nullopt;
        report.results.push_back(*results[i]);
    }
    for (std::size_t i = 0; i < report.results.size(); ++i) {
        const bool dominated =
            std::any_of(report.results.begin(), report.results.end(), [&](const TuneResult& other) {
                return dominates(other, report.results[i]);
            });
        if (!dominated) report.pareto.push_back(i);
    }
    return report;
}

std::vector<std::string> paretoReasons(const TuneReport& report) {
    std::vector<std::string> reasons;
    if (report.pareto.empty()) return reasons;
    const auto& r = report.results;
    for (std::size_t i : report.pareto) {
        std::vector<std::size_t> same;
        for (std::size_t j : report.pareto)
            if (r[j].cacheSize == r[i].cacheSize) same.push_back(j);
        const std::size_t bestQuality = *std::min_element(
            same.begin(), same.end(), [&](auto a, auto b) { return r[a].atvr < r[b].atvr; });
        const std::size_t fewestCalls =
            *std::min_element(same.begin(), same.end(), [&](auto a, auto b) {
                return r[a].strips < r[b].strips ||
                       (r[a].strips == r[b].strips && r[a].atvr < r[b].atvr);
            });
        std::string line = "cache " + std::to_string(r[i].cacheSize) + ", bones " +
                           std::to_string(r[i].bonesPerStrip) + ": ATVR " + fixed3(r[i].atvr) +
                           " with " + std::to_string(r[i].strips) + " strips, ";
        if (i == bestQuality && i == fewestCalls)
            line += "best cache use and fewest draw calls at this cache size";
        else if (i == bestQuality)
            line += "best cache use at this cache size";
        else if (i == fewestCalls)
            line += "fewest draw calls, at the best cache use they allow";
        else
            line += "no combination beats it on both cache use and draw calls";
        reasons.push_back(line);
    }
    return reasons;
}

std::string tuneCsv(const TuneReport& report) {
    std::string csv = "vertCacheSize,bonesPerStrip,triangles,uniqueVertices,storedVertices,strips,"
                      "boneStateChanges,acmr,atvr,pareto\n";
    for (std::size_t i = 0; i < report.results.size(); ++i) {
        const TuneResult& r = report.results[i];
        const bool pareto =
            std::find(report.pareto.begin(), report.pareto.end(), i) != report.pareto.end();
        csv += std::to_string(r.cacheSize) + "," + std::to_string(r.bonesPerStrip) + "," +
               std::to_string(r.triangles) + "," + std::to_string(r.uniqueVertices) + "," +
               std::to_string(r.storedVertices) + "," + std::to_string(r.strips) + "," +
               std::to_string(r.boneStateChanges) + "," + fixed3(r.acmr) + "," + fixed3(r.atvr) +
               "," + (pareto ? "1" : "0") + "\n";
    }
    return csv;
}

} // namespace vtxc
