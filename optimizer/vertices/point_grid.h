// A uniform hash grid over 3D points: neighbours within a radius and the nearest point.
// Used to unify LOD vertices with the LOD-0 pool and to find the LOD-0 vertex nearest a LOD vertex.
#pragma once

#include "formats/common/vector_types.h"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace vtxc {

class PointGrid {
  public:
    // `cellSize` > 0; queries within a radius look at the 27 cells around the point, so a radius
    // should not exceed the cell size.
    explicit PointGrid(float cellSize);

    void insert(std::uint32_t id, const Vec3& point);
    std::size_t size() const { return points_.size(); }

    // Ids of the points within `radius` of `point` (Euclidean), in increasing id order.
    std::vector<std::uint32_t> within(const Vec3& point, float radius) const;
    // The nearest point (lowest id among equally near ones); nothing when the grid is empty.
    std::optional<std::uint32_t> nearest(const Vec3& point) const;

    // A cell size suited to `points`: about one point per cell on a surface.
    static float suggestCellSize(const std::vector<Vec3>& points, float atLeast);

  private:
    struct Cell {
        std::int64_t x, y, z;
    };
    Cell cellOf(const Vec3& p) const;
    static std::uint64_t keyOf(const Cell& c);
    template <class Visit>
    void visitRing(const Cell& centre, std::int64_t ring, Visit&& visit) const;

    float cellSize_;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> cells_;
    std::vector<std::pair<std::uint32_t, Vec3>> points_;
    std::int64_t maxRing_ = 0; // cells span of inserted points, bounds the nearest() search
    Cell lo_{0, 0, 0}, hi_{0, 0, 0};
};

} // namespace vtxc
