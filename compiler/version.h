// The version of vtxc, reported by `vtxc --version` and recorded in the files it writes.
// Semantic versioning.
#pragma once

namespace vtxc {
const char* versionString();
}
