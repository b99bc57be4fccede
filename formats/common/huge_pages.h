// Page advice for big arrays (madvise(2), Linux). Transparent huge pages: an array filled front
// to back, or probed all over, then takes a page fault per 2 MiB instead of per 4 KiB and misses
// the TLB less often. Prefaulting: fresh pages zeroed by one thread for another. Advice only:
// memory and contents are the same whether or not the system takes it, and elsewhere it does
// nothing.
#pragma once

#include <algorithm>
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

// Faults in the pages of [data, data + bytes) for writing now, without touching their contents
// (madvise MADV_POPULATE_WRITE, Linux 5.14): the kernel zeroes fresh pages in the calling
// thread. A thread with time to spare can so take that work, most of the system time of filling
// a big new array, off the thread that fills it. Pages already present stay as they are; where
// the call is not available it does nothing.
void prefaultPages(const void* data, std::size_t bytes);

// Prefaults the next `count` unused elements of a vector's capacity (after its size).
template <typename T> void prefaultAfterSize(const std::vector<T>& v, std::size_t count) {
    const std::size_t room = v.capacity() - v.size();
    prefaultPages(v.data() + v.size(), std::min(count, room) * sizeof(T));
}

} // namespace vtxc
