// Helpers of the text views of `vtxc inspect`: an indented tree of lines and the number formats
// its lines use.
#pragma once

#include <cstdio>
#include <string>

namespace vtxc::cli {

// "1 model", "3 models".
inline std::string count(std::size_t n, const char* singular, const char* plural = nullptr) {
    return std::to_string(n) + " " +
           (n == 1   ? singular
            : plural ? plural
                     : std::string(singular) + "s");
}

inline std::string hex(unsigned value, int digits = 2) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%0*x", digits, value);
    return text;
}

inline std::string number(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
    return text;
}

// Lines indented by two spaces per level.
class Tree {
  public:
    void line(int depth, const std::string& text) {
        out_ += std::string(2 * static_cast<std::size_t>(depth), ' ') + text + '\n';
    }
    std::string take() { return std::move(out_); }

  private:
    std::string out_;
};

} // namespace vtxc::cli
