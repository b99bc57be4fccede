// Quality figures of .vtx files as JSON (as docs/formats.md defines them: a FIFO of the header's
// vertCacheSize emptied per strip; ATVR per unique mesh vertex the LOD uses).
#include "compiler/quality_report.h"

#include <algorithm>
#include <cmath>

namespace vtxc {

namespace {
double rounded(double v) {
    return std::round(v * 1e6) / 1e6;
}
} // namespace

nlohmann::json qualityFiguresJson(const StripQuality& q) {
    nlohmann::json j;
    j["triangles"] = q.triangles;
    j["uniqueVertices"] = q.uniqueVertices;
    j["storedVertices"] = q.storedVertices;
    j["duplication"] = rounded(q.duplication());
    j["stripGroups"] = q.stripGroups;
    j["strips"] = q.strips;
    j["boneStateChanges"] = q.boneStateChanges;
    j["acmr"] = rounded(q.acmr(0));
    j["atvr"] = rounded(q.atvr(0));
    if (q.cacheSizes.size() > 1) {
        nlohmann::json sizes = nlohmann::json::object();
        for (std::size_t i = 1; i < q.cacheSizes.size(); ++i)
            sizes[std::to_string(q.cacheSizes[i])] = {{"acmr", rounded(q.acmr(i))},
                                                      {"atvr", rounded(q.atvr(i))}};
        j["cacheSizes"] = sizes;
    }
    return j;
}

nlohmann::json qualityJson(const std::vector<NamedVtx>& files,
                           const std::vector<std::size_t>& extraCacheSizes) {
    nlohmann::json variants = nlohmann::json::object();
    for (const NamedVtx& named : files) {
        std::vector<std::size_t> sizes{
            static_cast<std::size_t>(std::max(1, named.file->vertCacheSize))};
        for (std::size_t s : extraCacheSizes)
            if (std::find(sizes.begin(), sizes.end(), s) == sizes.end()) sizes.push_back(s);
        nlohmann::json lods = nlohmann::json::array();
        for (const LodQuality& lod : analyseVtx(*named.file, sizes)) {
            nlohmann::json j = qualityFiguresJson(lod.total);
            nlohmann::json meshes = nlohmann::json::array();
            for (const StripQuality& mesh : lod.meshes)
                meshes.push_back(qualityFiguresJson(mesh));
            j["meshes"] = meshes;
            lods.push_back(j);
        }
        variants[named.variant] = {{"vertCacheSize", named.file->vertCacheSize},
                                   {"maxBonesPerStrip", named.file->maxBonesPerStrip},
                                   {"lods", lods}};
    }
    return {{"variants", variants}};
}

} // namespace vtxc
