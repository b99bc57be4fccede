// SVG chart of a tune report: ACMR against cache size per bones-per-strip, and stored vertices and
// strips against bones-per-strip. Plain SVG 1.1 text, no scripts, so it renders anywhere.
#include "formats/studio/studiomdl_defaults.h"
#include "tools/tune.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace vtxc {

namespace {
constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                    "#ff7f0e", "#8c564b", "#17becf"};

struct Panel {
    double x, y, width, height; // plot area in SVG units
    double xMin, xMax, yMin, yMax;
    double px(double v) const {
        return x + (xMax > xMin ? (v - xMin) / (xMax - xMin) : 0.5) * width;
    }
    double py(double v) const {
        return y + height - (yMax > yMin ? (v - yMin) / (yMax - yMin) : 0.5) * height;
    }
};

std::string number(double v, int decimals) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
    return buffer;
}

void axes(std::ostringstream& svg, const Panel& p, const std::vector<double>& xTicks, int yDecimals,
          const std::string& xLabel, const std::string& yLabel) {
    svg << "<rect x='" << p.x << "' y='" << p.y << "' width='" << p.width << "' height='"
        << p.height << "' fill='none' stroke='#888'/>\n";
    for (double t : xTicks)
        svg << "<text x='" << p.px(t) << "' y='" << p.y + p.height + 16 << "' text-anchor='middle'>"
            << number(t, 0) << "</text>\n";
    for (int i = 0; i <= 4; ++i) {
        const double v = p.yMin + (p.yMax - p.yMin) * i / 4;
        svg << "<line x1='" << p.x << "' x2='" << p.x + p.width << "' y1='" << p.py(v) << "' y2='"
            << p.py(v) << "' stroke='#eee'/>\n<text x='" << p.x - 6 << "' y='" << p.py(v) + 4
            << "' text-anchor='end'>" << number(v, yDecimals) << "</text>\n";
    }
    svg << "<text x='" << p.x + p.width / 2 << "' y='" << p.y + p.height + 34
        << "' text-anchor='middle'>" << xLabel << "</text>\n<text x='" << p.x - 52 << "' y='"
        << p.y + p.height / 2 << "' text-anchor='middle' transform='rotate(-90 " << p.x - 52 << " "
        << p.y + p.height / 2 << ")'>" << yLabel << "</text>\n";
}

void polyline(std::ostringstream& svg, const Panel& p,
              const std::vector<std::pair<double, double>>& points, const char* colour,
              bool dashed) {
    svg << "<polyline fill='none' stroke='" << colour << "' stroke-width='2'"
        << (dashed ? " stroke-dasharray='6 4'" : "") << " points='";
    for (const auto& [x, y] : points)
        svg << p.px(x) << "," << p.py(y) << " ";
    svg << "'/>\n";
    for (const auto& [x, y] : points)
        svg << "<circle cx='" << p.px(x) << "' cy='" << p.py(y) << "' r='3' fill='" << colour
            << "'/>\n";
}

const TuneResult* find(const TuneReport& r, int cache, int bones) {
    for (const TuneResult& t : r.results)
        if (t.cacheSize == cache && t.bonesPerStrip == bones) return &t;
    return nullptr;
}
} // namespace

std::string tuneSvg(const TuneReport& report, const std::string& title) {
    std::ostringstream svg;
    svg << "<svg xmlns='http://www.w3.org/2000/svg' width='960' height='440' "
           "font-family='sans-serif' "
           "font-size='12'>\n<rect width='960' height='440' fill='white'/>\n<text x='480' y='22' "
           "text-anchor='middle' font-size='15'>"
        << title << "</text>\n";
    if (report.results.empty()) return svg.str() + "</svg>\n";
    double acmrMin = 1e9, acmrMax = 0;
    for (const TuneResult& r : report.results) {
        acmrMin = std::min(acmrMin, r.acmr);
        acmrMax = std::max(acmrMax, r.acmr);
    }
    const double pad = std::max(0.01, (acmrMax - acmrMin) * 0.1);
    const auto [cMin, cMax] =
        std::minmax_element(report.cacheSizes.begin(), report.cacheSizes.end());
    Panel left{80, 50, 460, 320, double(*cMin), double(*cMax), acmrMin - pad, acmrMax + pad};
    std::vector<double> cacheTicks(report.cacheSizes.begin(), report.cacheSizes.end());
    axes(svg, left, cacheTicks, 3, "vertCacheSize (FIFO entries)", "ACMR, LOD 0 (lower is better)");
    for (std::size_t b = 0; b < report.bonesPerStrip.size(); ++b) {
        std::vector<std::pair<double, double>> points;
        for (int cache : report.cacheSizes)
            if (const TuneResult* r = find(report, cache, report.bonesPerStrip[b]))
                points.push_back({cache, r->acmr});
        const char* colour = kColours[b % std::size(kColours)];
        polyline(svg, left, points, colour, false);
        svg << "<text x='" << left.x + left.width - 4 << "' y='" << left.y + 16 + 16 * b
            << "' text-anchor='end' fill='" << colour << "'>" << report.bonesPerStrip[b]
            << " bones/strip</text>\n";
    }
    // Right panel at the cache size nearest the dx90 default.
    const int cache =
        *std::min_element(report.cacheSizes.begin(), report.cacheSizes.end(), [](int a, int b) {
            return std::abs(a - kStudiomdlVertCacheSize) < std::abs(b - kStudiomdlVertCacheSize);
        });
    std::vector<std::pair<double, double>> stored, strips;
    double yMax = 0;
    for (int bones : report.bonesPerStrip)
        if (const TuneResult* r = find(report, cache, bones)) {
            stored.push_back(
                {double(bones),
                 double(r->storedVertices) / double(std::max<std::size_t>(1, r->uniqueVertices))});
            strips.push_back({double(bones), double(r->strips)});
            yMax = std::max(yMax, double(r->strips));
        }
    const auto [bMin, bMax] =
        std::minmax_element(report.bonesPerStrip.begin(), report.bonesPerStrip.end());
    // A multiple of 4 so that the five grid lines fall on whole strip counts.
    const double stripsTop = 4.0 * std::ceil((yMax + 1) / 4.0);
    Panel right{640, 50, 280, 150, double(*bMin), double(*bMax), 0, stripsTop};
    std::vector<double> boneTicks(report.bonesPerStrip.begin(), report.bonesPerStrip.end());
    axes(svg, right, boneTicks, 0, "", "strips (draw calls)");
    polyline(svg, right, strips, kColours[1], false);
    double dupMax = 1.0;
    for (const auto& s : stored)
        dupMax = std::max(dupMax, s.second);
    Panel lower{640, 240, 280, 130, double(*bMin), double(*bMax), 1.0, dupMax + 0.02};
    axes(svg, lower, boneTicks, 2, "bones per strip (cache " + std::to_string(cache) + ")",
         "stored / unique");
    polyline(svg, lower, stored, kColours[0], true);
    svg << "</svg>\n";
    return svg.str();
}

} // namespace vtxc
