// InternalError: where a check failed, kept short (the file name without the folders of the machine
// that built vtxc) so that bug reports quote it as it is.
#include "formats/common/internal_error.h"

#include <string_view>

namespace vtxc {

namespace {
std::string fileName(const char* path) {
    const std::string_view whole(path);
    const std::size_t slash = whole.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? whole : whole.substr(slash + 1));
}
} // namespace

InternalError::InternalError(const char* file, int line, const std::string& what)
    : std::logic_error(what), file_(fileName(file)), line_(line) {}

void raiseInternalError(const char* file, int line, const char* condition,
                        const std::string& message) {
    std::string what = condition;
    if (!message.empty()) what += ": " + message;
    throw InternalError(file, line, what);
}

} // namespace vtxc
