// Runs the vtxc binary as a child process under conditions a shell cannot set portably: extra
// environment, a working folder, a file-size limit (RLIMIT_FSIZE), another user, a deadline.
// Used by the fault-injection and hostile-input CLI tests.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vtxc::test {

struct ChildOptions {
    std::vector<std::pair<std::string, std::string>> environment; // added to the test's own
    std::filesystem::path workingFolder;                          // empty: the test's own
    std::optional<unsigned long long> fileSizeLimit;              // bytes (ulimit -f)
    bool dropRootPrivileges = false;           // run as nobody when the test runs as root (CI does)
    std::chrono::milliseconds deadline{60000}; // killed with SIGKILL after this
    // Run in the child just before exec (after fork): plants files that need the child's pid.
    void (*beforeExec)(int pid, void* context) = nullptr;
    void* beforeExecContext = nullptr;
};

struct ChildResult {
    int exitStatus = -1; // -1 when killed by a signal
    int signal = 0;      // the signal that ended it, 0 when it exited
    bool timedOut = false;
    std::string out;
    std::string err;
};

ChildResult runVtxcChild(const std::vector<std::string>& arguments, const ChildOptions& options);

// The user id tests switch to with dropRootPrivileges (nobody).
inline constexpr unsigned kNobodyId = 65534;

} // namespace vtxc::test
