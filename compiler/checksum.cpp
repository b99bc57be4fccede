// FNV-1a (Fowler, Noll, Vo) 64-bit over the output bytes, folded to the 32 bits the headers hold.
// Not cryptographic: the engine only compares the value between a model's files.
#include "compiler/checksum.h"

namespace vtxc {

void ContentChecksum::add(std::span<const std::uint8_t> bytes) {
    for (std::uint8_t b : bytes) {
        hash_ ^= b;
        hash_ *= 0x100000001b3ull;
    }
}

} // namespace vtxc
