// Quality figures of .vtx files, shared by `vtxc compile --report`, `vtxc stats`, `vtxc bench` and
// the compile summary: per variant and LOD (and mesh) triangles, vertices, strips, bone state
// changes, ACMR and ATVR. Typed data; compile_json.h writes it as JSON.
#pragma once

#include "formats/studio/vtx.h"
#include "optimizer/strips/vtx_analysis.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

struct NamedVtx {
    std::string variant; // "dx90", "dx80", "sw"
    const VtxFile* file;
};

// ACMR and ATVR at a FIFO size other than the header's.
struct CacheSizeFigures {
    std::size_t cacheSize = 0;
    double acmr = 0;
    double atvr = 0;
    bool operator==(const CacheSizeFigures&) const = default;
};

// The figures of one LOD (all meshes) or one mesh, as reported: counts, and ratios rounded to six
// decimals (so a report read back compares equal to the one written).
struct QualityFigures {
    std::size_t triangles = 0;
    std::size_t uniqueVertices = 0;
    std::size_t storedVertices = 0;
    double duplication = 0; // stored / unique vertices
    std::size_t stripGroups = 0;
    std::size_t strips = 0;
    std::size_t boneStateChanges = 0;
    double acmr = 0; // FIFO of the header's vertCacheSize, emptied per strip
    double atvr = 0;
    std::vector<CacheSizeFigures> otherCacheSizes; // the extra sizes simulated, in order asked

    // The figures at `cacheSize` among otherCacheSizes, or nullptr.
    const CacheSizeFigures* atCacheSize(std::size_t cacheSize) const;
    bool operator==(const QualityFigures&) const = default;
};

struct LodQualityReport {
    QualityFigures total;
    std::vector<QualityFigures> meshes; // every mesh of every model of every body part
    bool operator==(const LodQualityReport&) const = default;
};

struct VariantQualityReport {
    std::string variant; // "dx90", "dx80", "sw"
    std::int32_t vertCacheSize = 0;
    std::uint16_t maxBonesPerStrip = 0;
    std::vector<LodQualityReport> lods;
    bool operator==(const VariantQualityReport&) const = default;
};

struct QualityReport {
    std::vector<VariantQualityReport> variants; // in the order of the files given
    // The variant of this name, or nullptr.
    const VariantQualityReport* find(std::string_view variant) const;
    bool operator==(const QualityReport&) const = default;
};

// A ratio as reported: rounded to six decimals.
double reportedRatio(double value);

QualityFigures qualityFigures(const StripQuality& quality);

// The header's cache size is always simulated; `extraCacheSizes` adds more (otherCacheSizes).
QualityReport qualityReport(const std::vector<NamedVtx>& files,
                            const std::vector<std::size_t>& extraCacheSizes = {});

} // namespace vtxc
