// Prefaulting of big arrays (madvise(2) MADV_POPULATE_WRITE, Linux 5.14): fresh pages zeroed by
// one thread for another. Advice only: memory and contents are the same whether or not the system
// takes it, and elsewhere it does nothing.
//
// Transparent huge pages are not asked for. Measured on a 2-core KVM guest with free page
// reporting (docs/performance.md, "Fresh memory"): faulting in 444 MiB took 0.15 s of system time
// in small pages whatever came before, and in huge pages 0.05 s right after another process freed
// as much but 0.9-1.1 s two seconds later, once the guest had handed the freed memory back to its
// host. A compile of a 1M-triangle file spent 0.84 s of system time with huge pages, 0.26 s
// without.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace vtxc {

// Faults in the pages of [data, data + bytes) for writing now, without touching their contents:
// the kernel zeroes fresh pages in the calling thread. A thread with time to spare can so take
// that work, most of the system time of filling a big new array, off the thread that fills it.
// Pages already present stay as they are; where the call is not available it does nothing.
void prefaultPages(const void* data, std::size_t bytes);

// Prefaults the next `count` unused elements of a vector's capacity (after its size).
template <typename T> void prefaultAfterSize(const std::vector<T>& v, std::size_t count) {
    const std::size_t room = v.capacity() - v.size();
    prefaultPages(v.data() + v.size(), std::min(count, room) * sizeof(T));
}

} // namespace vtxc
