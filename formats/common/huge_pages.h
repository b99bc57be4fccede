// Transparent huge pages for big arrays (madvise(2), Linux): an array filled front to back, or
// probed all over, then takes a page fault per 2 MiB instead of per 4 KiB and misses the TLB less
// often. Advice only: memory and contents are the same whether or not the system takes it, and
// elsewhere it does nothing.
#pragma once

#include <cstddef>
#include <vector>

namespace vtxc {

inline constexpr std::size_t kHugePageBytes = std::size_t(2) << 20;

// Asks for huge pages on the whole huge pages inside [data, data + bytes). Advise before the
// memory is first touched: pages already faulted in stay small.
void adviseHugePages(const void* data, std::size_t bytes);

// The same for a vector's whole capacity (reserve first, then advise, then fill).
template <typename T> void adviseHugePages(const std::vector<T>& v) {
    adviseHugePages(v.data(), v.capacity() * sizeof(T));
}

} // namespace vtxc
