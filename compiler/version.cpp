// The version of vtxc, reported by `vtxc --version` and recorded in the files it writes.
// Semantic versioning; bumped with each release.
#include "compiler/version.h"

namespace vtxc {
const char* versionString() {
    return "0.1.0";
}
} // namespace vtxc
