// Resolves the paths an input writes and keeps them inside its root: a lexical check for absolute
// paths and ".." first, then the file system's link resolution for symbolic links.
#include "formats/common/contained_path.h"

#include "formats/common/text.h"

#include <algorithm>

namespace vtxc {

namespace fs = std::filesystem;

std::vector<std::string> splitWrittenPath(std::string_view written) {
    std::vector<std::string> parts;
    std::string current;
    auto flush = [&] {
        if (!current.empty() && current != ".") parts.push_back(current);
        current.clear();
    };
    for (char c : written) {
        if (c == '/' || c == '\\') {
            flush();
        } else {
            current += c;
        }
    }
    flush();
    return parts;
}

namespace {

bool isAbsolute(std::string_view written) {
    // A leading separator is a root, or with a second one a UNC share ("\\server\share").
    if (!written.empty() && (written.front() == '/' || written.front() == '\\')) return true;
    // A drive ("C:\x", or "C:x", relative to that drive's current folder) names a place outside
    // any relative tree. Any first character counts: Windows refuses ':' in a name anyway.
    return written.size() >= 2 && written[1] == ':';
}

std::vector<fs::path> namesOf(const fs::path& path) {
    std::vector<fs::path> names;
    for (const fs::path& name : path)
        if (!name.empty()) names.push_back(name);
    return names;
}

} // namespace

bool isWithinFolder(const fs::path& inner, const fs::path& outer) {
    const std::vector<fs::path> in = namesOf(inner);
    const std::vector<fs::path> out = namesOf(outer);
    return in.size() >= out.size() && std::equal(out.begin(), out.end(), in.begin());
}

ContainedPathResolver::ContainedPathResolver(fs::path root, FileSystem& files)
    : root_(std::move(root)), files_(files),
      resolvedRoot_(files.resolveLinks(root_.empty() ? fs::path(".") : root_)) {}

fs::path ContainedPathResolver::join(const RelativePath& relative) const {
    fs::path out = root_;
    for (const std::string& part : relative)
        out /= part;
    return out;
}

ContainedPath ContainedPathResolver::resolve(std::string_view written,
                                             const RelativePath& base) const {
    ContainedPath result;
    if (written.empty()) {
        result.problem = PathProblem::Empty;
        return result;
    }
    if (isAbsolute(written)) {
        result.problem = PathProblem::Absolute;
        return result;
    }
    RelativePath relative = base;
    for (std::string& part : splitWrittenPath(written)) {
        if (part != "..") {
            relative.push_back(std::move(part));
        } else if (relative.empty()) {
            result.problem = PathProblem::LeavesRoot;
            return result;
        } else {
            relative.pop_back();
        }
    }
    if (relative.empty()) {
        result.problem = PathProblem::Empty; // names the root itself, not a file
        return result;
    }
    result.relative = std::move(relative);
    result.path = join(result.relative);
    if (!isWithinFolder(files_.resolveLinks(result.path), resolvedRoot_))
        result.problem = PathProblem::LinkLeavesRoot;
    return result;
}

std::optional<ContainedPath>
ContainedPathResolver::findIgnoringCase(const RelativePath& relative) const {
    RelativePath matched;
    for (const std::string& part : relative) {
        const std::optional<std::vector<std::string>> names = files_.listFolder(join(matched));
        if (!names) return std::nullopt;
        if (std::find(names->begin(), names->end(), part) != names->end()) {
            matched.push_back(part);
            continue;
        }
        const std::string wanted = asciiLower(part);
        const std::string* only = nullptr;
        for (const std::string& name : *names) {
            if (asciiLower(name) != wanted) continue;
            if (only) return std::nullopt; // ambiguous: a.smd and A.smd
            only = &name;
        }
        if (!only) return std::nullopt;
        matched.push_back(*only);
    }
    std::string joined;
    for (const std::string& part : matched)
        joined += (joined.empty() ? "" : "/") + part;
    ContainedPath found = resolve(joined);
    if (found.problem != PathProblem::None || !files_.isFile(found.path)) return std::nullopt;
    return found;
}

} // namespace vtxc
