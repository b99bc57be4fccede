// File access for the QC reader: an interface with the real file system and an in-memory one.
// Tests and the fuzzer hand the reader whole projects without touching disk (see docs of
// QcFileSystem).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// Everything the QC reader asks of the file system. Paths are as the reader builds them: the QC's
// folder joined with the relative components a QC line wrote.
class QcFileSystem {
  public:
    virtual ~QcFileSystem() = default;
    // True when `path` names a regular file (after following links).
    virtual bool isFile(const std::filesystem::path& path) = 0;
    // The file's size in bytes, or nothing when it cannot be known.
    virtual std::optional<std::uintmax_t> fileSize(const std::filesystem::path& path) = 0;
    // The whole file, or nothing when it cannot be read.
    virtual std::optional<std::string> readText(const std::filesystem::path& path) = 0;
    // `path` with every link along it followed, in a form that can be compared with other results
    // of this function (used to keep QC-named files inside the QC's folder).
    virtual std::filesystem::path resolveLinks(const std::filesystem::path& path) = 0;
    // The names in a folder, or nothing when it cannot be listed. Used only to match names whose
    // case differs (QCs written on Windows), so it may stop early on huge folders.
    virtual std::optional<std::vector<std::string>>
    listFolder(const std::filesystem::path& path) = 0;
};

// The disk, through std::filesystem.
class RealQcFileSystem final : public QcFileSystem {
  public:
    bool isFile(const std::filesystem::path& path) override;
    std::optional<std::uintmax_t> fileSize(const std::filesystem::path& path) override;
    std::optional<std::string> readText(const std::filesystem::path& path) override;
    std::filesystem::path resolveLinks(const std::filesystem::path& path) override;
    std::optional<std::vector<std::string>> listFolder(const std::filesystem::path& path) override;
};

// Files held in memory, keyed by their lexically normal path; links map a path to another path.
class MemoryQcFileSystem final : public QcFileSystem {
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
