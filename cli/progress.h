// A progress bar on stderr for work that takes more than a moment; silent when stderr is not a
// terminal or when the user asked for --quiet. Safe to update from several threads.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace vtxc::cli {

class ProgressBar {
  public:
    ProgressBar(std::string label, bool quiet);
    ~ProgressBar();
    void update(std::size_t done, std::size_t total);

  private:
    std::string label_;
    bool enabled_;
    bool drawn_ = false;
    std::mutex mutex_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace vtxc::cli
