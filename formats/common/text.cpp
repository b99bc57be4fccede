// ASCII case folding (see text.h for why it is ASCII only).
#include "formats/common/text.h"

#include <algorithm>

namespace vtxc {

std::string asciiLower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = asciiLower(c);
    return out;
}

bool equalsIgnoringAsciiCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return asciiLower(x) == asciiLower(y);
           });
}

std::string lowerExtension(const std::filesystem::path& path) {
    return asciiLower(path.extension().string());
}

} // namespace vtxc
