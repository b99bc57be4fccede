// fork/exec of the vtxc binary with limits, environment and a deadline; output through files so
// that a child killed half-way leaves what it printed.
#include "testing/child_process.h"

#include "testing/test_support.h"

#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace vtxc::test {

namespace {
// Root stays root but loses the capabilities that let it ignore file permissions, for itself and
// for what it executes (the bounding set); false when the system does not allow it.
bool dropPermissionOverrides() {
    for (int capability : {CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER})
        if (::prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0) return false;
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2]{};
    if (::syscall(SYS_capget, &header, data) != 0) return false;
    for (int capability : {CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER}) {
        data[0].effective &= ~(1u << capability);
        data[0].permitted &= ~(1u << capability);
        data[0].inheritable &= ~(1u << capability);
    }
    return ::syscall(SYS_capset, &header, data) == 0;
}

[[noreturn]] void execChild(const std::vector<std::string>& arguments, const ChildOptions& options,
                            const std::filesystem::path& out, const std::filesystem::path& err) {
    const int outFd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int errFd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int nullFd = ::open("/dev/null", O_RDONLY);
    if (outFd < 0 || errFd < 0 || nullFd < 0) ::_exit(120);
    ::dup2(nullFd, 0);
    ::dup2(outFd, 1);
    ::dup2(errFd, 2);
    for (const auto& [name, value] : options.environment)
        ::setenv(name.c_str(), value.c_str(), 1);
    if (!options.workingFolder.empty() && ::chdir(options.workingFolder.c_str()) != 0) ::_exit(121);
    if (options.fileSizeLimit) {
        const rlimit limit{*options.fileSizeLimit, *options.fileSizeLimit};
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(122);
    }
    if (options.dropRootPrivileges && ::geteuid() == 0 && !dropPermissionOverrides()) {
        if (::setgid(kNobodyId) != 0 || ::setuid(kNobodyId) != 0) ::_exit(123);
    }
    // The parent's gtest may ignore signals; the child starts with the defaults.
    std::signal(SIGXFSZ, SIG_DFL);
    if (options.beforeExec) options.beforeExec(::getpid(), options.beforeExecContext);
    std::vector<char*> argv;
    std::string binary = VTXC_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copies = arguments;
    for (std::string& a : copies)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(binary.c_str(), argv.data());
    ::_exit(124);
}
} // namespace

ChildResult runVtxcChild(const std::vector<std::string>& arguments, const ChildOptions& options) {
    TempDir scratch;
    const auto out = scratch / "out";
    const auto err = scratch / "err";
    ChildResult result;
    const pid_t pid = ::fork();
    if (pid == 0) execChild(arguments, options, out, err);
    if (pid < 0) return result;
    const auto deadline = std::chrono::steady_clock::now() + options.deadline;
    int status = 0;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            result.timedOut = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (WIFEXITED(status)) result.exitStatus = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    result.out = readText(out);
    result.err = readText(err);
    return result;
}

} // namespace vtxc::test
