// The one policy for paths an input file writes (a QC's $include and mesh files, a VMDL's group
// files and animation sources): they are relative to the input's root folder and must stay inside
// it. Inputs come from strangers, so no path they write may reach outside that tree: not as an
// absolute path (a leading separator, a UNC "\\server\share", a drive "C:"), not by climbing with
// "..", not through a symbolic link. All file access goes through the FileSystem seam, so the
// policy is tested in memory.
#pragma once

#include "formats/common/file_system.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

enum class PathProblem {
    None,
    Empty,          // "", or a path that names the root folder itself ("a/..")
    Absolute,       // "/x", "\x", "//server/x", "\\server\x", "C:x", "C:\x"
    LeavesRoot,     // ".." climbs above the root, even when a later part comes back in
    LinkLeavesRoot, // inside as written, but a symbolic link takes it outside
};

// A path relative to the root, as a list of folder/file names without "." or "..".
using RelativePath = std::vector<std::string>;

struct ContainedPath {
    PathProblem problem = PathProblem::None;
    RelativePath relative;      // valid when problem is None or LinkLeavesRoot
    std::filesystem::path path; // the root joined with `relative`
};

class ContainedPathResolver {
  public:
    // `root` is the folder paths are relative to (may be empty for the current folder).
    ContainedPathResolver(std::filesystem::path root, FileSystem& files);

    const std::filesystem::path& root() const { return root_; }
    // The root joined with a relative path (no "./" prefix when the root is empty).
    std::filesystem::path join(const RelativePath& relative) const;

    // `written` is the path as the input wrote it ('\' and '/' both separate); `base` is the
    // folder (relative to the root) it is relative to.
    ContainedPath resolve(std::string_view written, const RelativePath& base = {}) const;

    // For a path that names no file: the one file whose names match it when case is ignored
    // (inputs written on Windows), checked like `resolve`; nothing when there is none or several.
    std::optional<ContainedPath> findIgnoringCase(const RelativePath& relative) const;

  private:
    std::filesystem::path root_;
    FileSystem& files_;
    std::filesystem::path resolvedRoot_;
};

// "a\b/c" -> {"a", "b", "c"}, dropping empty and "." parts (".." parts are kept).
std::vector<std::string> splitWrittenPath(std::string_view written);

// True when `inner` is `outer` or lies below it, comparing whole names (so "/r2" is not inside
// "/r") and ignoring the empty name a trailing separator leaves. Both should be resolved already.
bool isWithinFolder(const std::filesystem::path& inner, const std::filesystem::path& outer);

} // namespace vtxc
