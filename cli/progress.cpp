// A progress bar on stderr, drawn in place with a carriage return; only on a terminal.
// Cleared at the end so that the final output starts on a clean line.
#include "cli/progress.h"

#include <cstdio>
#include <unistd.h>

namespace vtxc::cli {

ProgressBar::ProgressBar(std::string label, bool quiet)
    : label_(std::move(label)), enabled_(!quiet && ::isatty(STDERR_FILENO)) {}

ProgressBar::~ProgressBar() {
    if (drawn_) std::fprintf(stderr, "\r\033[K");
}

void ProgressBar::update(std::size_t done, std::size_t total) {
    if (!enabled_ || total == 0) return;
    std::lock_guard<std::mutex> lock(mutex_);
    constexpr int width = 30;
    const int filled = static_cast<int>(width * done / total);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    // Work that ends within a second needs no bar; it would only flicker.
    if (seconds < 1.0 && done < total) return;
    if (seconds < 1.0 && !drawn_) return;
    std::fprintf(stderr, "\r%s [%.*s%*s] %zu/%zu %.1fs", label_.c_str(), filled,
                 "##############################", width - filled, "", done, total, seconds);
    std::fflush(stderr);
    drawn_ = true;
}

} // namespace vtxc::cli
