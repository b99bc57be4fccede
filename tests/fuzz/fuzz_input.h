// Helpers of the whole-path fuzz targets: an input split into files at NUL bytes, a check
// that stops the target (libFuzzer records the input) when a promise is broken, and a scratch
// folder of the process that is gone once the run ends.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>

namespace vtxc::fuzz {

inline void check(bool condition) {
    if (!condition) std::abort();
}

// The text up to the next NUL byte (or the end), which is consumed from `input`.
inline std::string_view nextPart(std::string_view& input) {
    const std::size_t cut = input.find('\0');
    const std::string_view part = input.substr(0, cut);
    input = cut == std::string_view::npos ? std::string_view() : input.substr(cut + 1);
    return part;
}

// A folder under the system's temporary folder, named for the target and this process, removed
// when the process exits normally (libFuzzer ends a timed or counted run with exit(), which runs
// static destructors), so repeated runs leave nothing behind.
class ScratchFolder {
  public:
    explicit ScratchFolder(std::string_view target)
        : path_(std::filesystem::temp_directory_path() /
                ("vtxc-" + std::string(target) + "-" + std::to_string(::getpid()))) {}
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

} // namespace vtxc::fuzz
