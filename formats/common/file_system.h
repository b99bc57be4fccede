// File access for the readers that follow paths written in their input (QC, VMDL): an interface
// with the real file system and an in-memory one. Tests and the fuzzers hand a reader whole
// projects, links included, without touching disk.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// Everything a reader asks of the file system. Paths are as the reader builds them: its root
// folder joined with the relative components the input wrote (contained_path.h).
class FileSystem {
  public:
    virtual ~FileSystem() = default;
    // True when `path` names a regular file (after following links).
    virtual bool isFile(const std::filesystem::path& path) = 0;
    // The file's size in bytes, or nothing when it cannot be known.
    virtual std::optional<std::uintmax_t> fileSize(const std::filesystem::path& path) = 0;
    // The whole file, or nothing when it cannot be read.
    virtual std::optional<std::string> readText(const std::filesystem::path& path) = 0;
    // `path` with every link along it followed, in a form that can be compared with other results
    // of this function (used to keep the files an input names inside its root).
    virtual std::filesystem::path resolveLinks(const std::filesystem::path& path) = 0;
    // The names in a folder, or nothing when it cannot be listed. Used only to match names whose
    // case differs (inputs written on Windows), so it may stop early on huge folders.
    virtual std::optional<std::vector<std::string>>
    listFolder(const std::filesystem::path& path) = 0;
};

// The disk, through std::filesystem.
class RealFileSystem final : public FileSystem {
  public:
    bool isFile(const std::filesystem::path& path) override;
    std::optional<std::uintmax_t> fileSize(const std::filesystem::path& path) override;
    std::optional<std::string> readText(const std::filesystem::path& path) override;
    std::filesystem::path resolveLinks(const std::filesystem::path& path) override;
    std::optional<std::vector<std::string>> listFolder(const std::filesystem::path& path) override;
};

// Files held in memory, keyed by their lexically normal path; links map a path to another path.
class MemoryFileSystem final : public FileSystem {
  public:
    void addFile(const std::filesystem::path& path, std::string text);
    // Makes `link` behave as a symbolic link to `target` (a folder or a file).
    void addLink(const std::filesystem::path& link, const std::filesystem::path& target);

    bool isFile(const std::filesystem::path& path) override;
    std::optional<std::uintmax_t> fileSize(const std::filesystem::path& path) override;
    std::optional<std::string> readText(const std::filesystem::path& path) override;
    std::filesystem::path resolveLinks(const std::filesystem::path& path) override;
    std::optional<std::vector<std::string>> listFolder(const std::filesystem::path& path) override;

  private:
    std::map<std::string, std::string> files_;
    std::map<std::string, std::filesystem::path> links_;
};

} // namespace vtxc
