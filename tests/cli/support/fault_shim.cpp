// Fault injection for the publication tests, loaded into the vtxc binary with LD_PRELOAD: the
// product has no test hooks, the system calls fail or the process dies as they would for real.
//   VTXC_FAULT_RENAME_FAIL_AT=N  the Nth renameat() call fails with EIO
//   VTXC_FAULT_RENAME_KILL_AT=N  the process is killed (SIGKILL) just before the Nth renameat()
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>

namespace {
std::atomic<long> renames{0};

long setting(const char* name) {
    const char* text = std::getenv(name);
    return text ? std::atol(text) : 0;
}
} // namespace

extern "C" int renameat(int oldDir, const char* oldPath, int newDir, const char* newPath) {
    using Real = int (*)(int, const char*, int, const char*);
    static const Real real = reinterpret_cast<Real>(dlsym(RTLD_NEXT, "renameat"));
    const long call = ++renames;
    if (call == setting("VTXC_FAULT_RENAME_KILL_AT")) std::raise(SIGKILL);
    if (call == setting("VTXC_FAULT_RENAME_FAIL_AT")) {
        errno = EIO;
        return -1;
    }
    return real(oldDir, oldPath, newDir, newPath);
}
