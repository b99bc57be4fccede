// Whether the processor runs the optimizer's lane kernels (optimizer/simplify/double_lanes.h).
#include "optimizer/simplify/double_lanes.h"

namespace vtxc {

bool doubleLanesAvailable() {
#if VTXC_DOUBLE_LANES
    static const bool available = __builtin_cpu_supports("avx2");
    return available;
#else
    return false;
#endif
}

} // namespace vtxc
