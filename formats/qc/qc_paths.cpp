// Resolves the file paths a QC names, and keeps them inside the QC's folder tree.
// Lexical check for ".." first, then the file system's link resolution for symbolic links.
#include "formats/qc/qc_paths.h"

#include <algorithm>
#include <cctype>

namespace vtxc {

namespace fs = std::filesystem;

std::vector<std::string> splitQcPath(std::string_view written) {
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

std::string asciiLower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

namespace {

bool isAbsolute(std::string_view written) {
    if (!written.empty() && (written.front() == '/' || written.front() == '\\')) return true;
    // A drive letter ("C:\x" or "C:x") names a place outside any relative tree.
    return written.size() >= 2 && std::isalpha(static_cast<unsigned char>(written[0])) &&
           written[1] == ':';
}

// True when `inner` is `outer` or below it (both already resolved).
bool isWithin(const fs::path& inner, const fs::path& outer) {
    auto innerIt = inner.begin();
    for (auto outerIt = outer.begin(); outerIt != outer.end(); ++outerIt, ++innerIt) {
        if (outerIt->empty() && std::next(outerIt) == outer.end()) return true; // trailing '/'
        if (innerIt == inner.end() || *innerIt != *outerIt) return false;
    }
    return true;
}

} // namespace

QcPathResolver::QcPathResolver(fs::path root, QcFileSystem& files, QcRelativePath qcFolder)
    : root_(std::move(root)), files_(files), qcFolder_(std::move(qcFolder)),
      resolvedRoot_(files.resolveLinks(root_.empty() ? fs::path(".") : root_)) {}

fs::path QcPathResolver::join(const QcRelativePath& relative) const {
    fs::path out = root_;
    for (const std::string& part : relative)
        out /= part;
    return out;
}

QcResolvedPath QcPathResolver::resolve(std::string_view written, const QcRelativePath& base) const {
    QcResolvedPath result;
    if (written.empty()) {
        result.problem = QcPathProblem::Empty;
        return result;
    }
    if (isAbsolute(written)) {
        result.problem = QcPathProblem::Absolute;
        return result;
    }
    QcRelativePath relative = base;
    for (std::string& part : splitQcPath(written)) {
        if (part != "..") {
            relative.push_back(std::move(part));
        } else if (relative.empty()) {
            result.problem = QcPathProblem::LeavesRoot;
            return result;
        } else {
            relative.pop_back();
        }
    }
    if (relative.empty()) {
        result.problem = QcPathProblem::Empty; // names the QC's folder itself, not a file
        return result;
    }
    result.relative = std::move(relative);
    result.path = join(result.relative);
    if (!isWithin(files_.resolveLinks(result.path), resolvedRoot_))
        result.problem = QcPathProblem::LinkLeavesRoot;
    return result;
}

std::optional<QcResolvedPath>
QcPathResolver::findIgnoringCase(const QcRelativePath& relative) const {
    QcRelativePath matched;
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
    QcResolvedPath found = resolve(joined, {});
    if (found.problem != QcPathProblem::None || !files_.isFile(found.path)) return std::nullopt;
    return found;
}

} // namespace vtxc
