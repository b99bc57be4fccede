// Quality figures of .vtx files (FIFO of the header's vertCacheSize emptied per strip; ATVR per
// unique mesh vertex the LOD uses), as the typed report every command shares.
#include "compiler/meshes/quality_report.h"

#include <algorithm>
#include <cmath>

namespace vtxc {

double reportedRatio(double value) {
    return std::round(value * 1e6) / 1e6;
}

const CacheSizeFigures* QualityFigures::atCacheSize(std::size_t cacheSize) const {
    for (const CacheSizeFigures& figures : otherCacheSizes)
        if (figures.cacheSize == cacheSize) return &figures;
    return nullptr;
}

const VariantQualityReport* QualityReport::find(std::string_view variant) const {
    for (const VariantQualityReport& report : variants)
        if (report.variant == variant) return &report;
    return nullptr;
}

QualityFigures qualityFigures(const StripQuality& q) {
    QualityFigures f;
    f.triangles = q.triangles;
    f.uniqueVertices = q.uniqueVertices;
    f.storedVertices = q.storedVertices;
    f.duplication = reportedRatio(q.duplication());
    f.stripGroups = q.stripGroups;
    f.strips = q.strips;
    f.boneStateChanges = q.boneStateChanges;
    f.acmr = reportedRatio(q.acmr(0));
    f.atvr = reportedRatio(q.atvr(0));
    for (std::size_t i = 1; i < q.cacheSizes.size(); ++i)
        f.otherCacheSizes.push_back(
            {q.cacheSizes[i], reportedRatio(q.acmr(i)), reportedRatio(q.atvr(i))});
    return f;
}

QualityReport qualityReport(const std::vector<NamedVtx>& files,
                            const std::vector<std::size_t>& extraCacheSizes) {
    QualityReport report;
    for (const NamedVtx& named : files) {
        std::vector<std::size_t> sizes{
            static_cast<std::size_t>(std::max(1, named.file->vertCacheSize))};
        for (std::size_t s : extraCacheSizes)
            if (std::find(sizes.begin(), sizes.end(), s) == sizes.end()) sizes.push_back(s);
        VariantQualityReport& variant = report.variants.emplace_back();
        variant.variant = named.variant;
        variant.vertCacheSize = named.file->vertCacheSize;
        variant.maxBonesPerStrip = named.file->maxBonesPerStrip;
        for (const LodQuality& lod : analyseVtx(*named.file, sizes)) {
            LodQualityReport& out = variant.lods.emplace_back();
            out.total = qualityFigures(lod.total);
            for (const StripQuality& mesh : lod.meshes)
                out.meshes.push_back(qualityFigures(mesh));
        }
    }
    return report;
}

} // namespace vtxc
