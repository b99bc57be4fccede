// Resolves the file paths a QC names, and keeps them inside the content root (by default the
// QC's folder). QC files come from strangers: no path they write may reach outside it.
#pragma once

#include "formats/qc/qc_file_system.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

enum class QcPathProblem {
    None,
    Empty,          // ""
    Absolute,       // "/x", "\x", "C:x", "//server/x"
    LeavesRoot,     // ".." climbs above the QC's folder
    LinkLeavesRoot, // inside lexically, but a symbolic link takes it outside
};

// A path relative to the QC's folder, as a list of folder/file names without "." or "..".
using QcRelativePath = std::vector<std::string>;

struct QcResolvedPath {
    QcPathProblem problem = QcPathProblem::None;
    QcRelativePath relative;    // valid when problem is None or LinkLeavesRoot
    std::filesystem::path path; // the root joined with `relative`
};

class QcPathResolver {
  public:
    // `root` is the content root, the folder no path may leave (may be empty for the current
    // folder); `qcFolder` is the QC's folder relative to it (empty: the root itself).
    QcPathResolver(std::filesystem::path root, QcFileSystem& files, QcRelativePath qcFolder = {});

    const std::filesystem::path& root() const { return root_; }
    const QcRelativePath& qcFolder() const { return qcFolder_; }
    // The root joined with a relative path (no "./" prefix when the root is empty).
    std::filesystem::path join(const QcRelativePath& relative) const;

    // `written` is the path as the QC wrote it ('\' and '/' both separate); `base` is the folder
    // it is relative to. Checks absolute paths, climbing out with "..", and links leading out.
    QcResolvedPath resolve(std::string_view written, const QcRelativePath& base) const;

    // For a path that names no file: the one file whose names match it when case is ignored
    // (QCs written on Windows), checked like `resolve`; nothing when there is none or several.
    std::optional<QcResolvedPath> findIgnoringCase(const QcRelativePath& relative) const;

  private:
    std::filesystem::path root_;
    QcFileSystem& files_;
    QcRelativePath qcFolder_;
    std::filesystem::path resolvedRoot_;
};

// "a\b/c" -> {"a", "b", "c"}, dropping empty and "." parts (".." parts are kept).
std::vector<std::string> splitQcPath(std::string_view written);

// Lower-case ASCII copy, for the case-insensitive names of QC commands and files.
std::string asciiLower(std::string_view text);

} // namespace vtxc
