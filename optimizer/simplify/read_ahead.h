// Reading ahead: memory that work soon needs is asked for a few cache lines at a time while the
// present work goes on. A simplification's data (points, quadrics, wedges, triangles) is larger
// than the cache, and the local passes (optimizer/simplify/simplify.cpp) visit it block of points
// after block: the next block's data, read at once when its turn comes, would be fetched one miss
// at a time in the order the collapses need it (about as good as random); asked for ahead, spread
// over the present block's work, it arrives while that work goes on, at the memory's full rate.
// Asked for all at once instead, the requests queue up and stall the work (measured: most of the
// gain is lost).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace vtxc {

class ReadAhead {
  public:
    void clear() {
        ranges_.clear();
        range_ = 0;
        lines_ = 0;
    }
    // Adds [begin, end) to what is read ahead (empty ranges are left out).
    template <class T> void add(const T* begin, const T* end) {
        if (begin >= end) return;
        // Addresses as numbers: the lines are counted from the start of the first one, so that
        // stepping a line at a time meets every line.
        const std::uintptr_t to = reinterpret_cast<std::uintptr_t>(end);
        std::uintptr_t from = reinterpret_cast<std::uintptr_t>(begin);
        from -= from % kLine;
        ranges_.push_back({from, to});
        lines_ += (to - from + kLine - 1) / kLine;
        if (ranges_.size() == 1) at_ = from;
    }
    // Every line of the ranges added is asked for within about `steps` calls of step().
    void spreadOver(std::size_t steps) {
        perStep_ =
            std::clamp<std::size_t>(lines_ / std::max<std::size_t>(steps, 1) + 1, 1, kMostPerStep);
    }
    // Every line added has been asked for.
    bool finished() const { return range_ >= ranges_.size(); }
    void step() {
        for (std::size_t n = 0; n < perStep_ && range_ < ranges_.size(); ++n) {
            __builtin_prefetch(reinterpret_cast<const void*>(at_));
            at_ += kLine;
            if (at_ >= ranges_[range_].end && ++range_ < ranges_.size())
                at_ = ranges_[range_].begin;
        }
    }

  private:
    static constexpr std::uintptr_t kLine = 64;
    // More lines at once would queue up (a core has few misses outstanding).
    static constexpr std::size_t kMostPerStep = 16;
    struct Range {
        std::uintptr_t begin, end;
    };
    std::vector<Range> ranges_;
    std::size_t range_ = 0;
    std::size_t lines_ = 0;
    std::size_t perStep_ = 1;
    std::uintptr_t at_ = 0;
};

} // namespace vtxc
